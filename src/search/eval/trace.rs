//! The evaluation as weights times features, for tuning. A [`Layout`] lays the weights of a
//! [`Weights`] file out as one vector (square tables folded by file for piece types whose
//! start squares and square tables are symmetric by file); [`trace`] gives, for a position, the coefficient of
//! each weight in its score from White's view, so that the score is their dot product plus a
//! constant (up to the evaluation's integer rounding) and its gradient is the coefficients.
//! The terms tapered between middlegame and endgame carry the position's phase in their
//! coefficients; the drawish-material scaling and the sign of giveaway variants are taken as
//! they are at the traced weights.

use super::escort;
use super::mobility::{self, Attacks, FileState};
use super::pair::PHASE_MAX;
use super::pawns::{PawnFeature, Structure, PASSED_SCALE};
use super::royal::shelter_counts;
use super::tables::EvalTables;
use super::{census, checks_lead, drawish, Census};
use crate::position::Position;
use crate::types::{ByColour, Colour, Square};
use crate::variant::weights::Weights;

/// Where each weight of a variant sits in the vector.
#[derive(Clone, Debug)]
pub struct Layout {
    kinds: Vec<KindSlots>,
    pawns: usize,
    royal: usize,
    tempo: usize,
    /// The threat bonus, middlegame then endgame.
    threat: usize,
    /// The half-open file bonus, middlegame then endgame, then the open file bonus.
    file_bonus: usize,
    /// The passed-pawn escort weight (endgame only).
    escort: usize,
    len: usize,
    files: u8,
    ranks: u8,
    /// Pieces of each type in the start position, both sides.
    start_counts: Vec<u32>,
}

/// The slots of one piece type.
#[derive(Clone, Debug)]
struct KindSlots {
    letter: String,
    /// Material, middlegame then endgame.
    value: usize,
    hand: usize,
    /// Mobility, middlegame then endgame.
    mobility: usize,
    pair: usize,
    /// White's square table (and Black's after it where Black has its own).
    squares: usize,
    black_squares: Option<usize>,
    /// Files `f` and `files - 1 - f` share their square weights.
    folded: bool,
}

impl KindSlots {
    /// The slot of the middlegame weight of square (`row`, `file`) of a table; the endgame
    /// weight follows it.
    fn square(&self, colour: Colour, row: u8, file: u8, files: u8) -> usize {
        let file = if self.folded {
            file.min(files - 1 - file)
        } else {
            file
        };
        let base = match (colour, self.black_squares) {
            (Colour::Black, Some(b)) => b,
            _ => self.squares,
        };
        base + 2 * (usize::from(row) * usize::from(files) + usize::from(file))
    }
}

impl Layout {
    /// The layout of `weights` (which fit `et`'s variant).
    pub fn new(et: &EvalTables, weights: &Weights) -> Layout {
        let variant = &et.tables.variant;
        let (files, ranks) = (variant.files, variant.ranks);
        let table = 2 * usize::from(files) * usize::from(ranks);
        let start = Position::start(et.tables.clone());
        let mut next = 0;
        let mut take = |n: usize| {
            next += n;
            next - n
        };
        let kinds = variant
            .pieces
            .iter()
            .enumerate()
            .map(|(kind, p)| {
                let letter = p.id.to_string();
                let pw = &weights.pieces[&letter];
                let own_black = pw.black_squares.is_some();
                let tables_symmetric = std::iter::once(&pw.squares)
                    .chain(&pw.black_squares)
                    .all(|t| t.iter().all(|row| row.iter().eq(row.iter().rev())));
                KindSlots {
                    value: take(2),
                    hand: take(1),
                    mobility: take(2),
                    pair: take(1),
                    squares: take(table),
                    black_squares: own_black.then(|| take(table)),
                    folded: tables_symmetric && start_symmetric_by_file(&start, kind),
                    letter,
                }
            })
            .collect();
        let pawns = take(8);
        let royal = take(10);
        let tempo = take(1);
        let threat = take(2);
        let file_bonus = take(4);
        let escort = take(1);
        let start_counts = (0..variant.pieces.len())
            .map(|kind| {
                Colour::BOTH
                    .iter()
                    .map(|&colour| u32::from(et.tables.start_count(colour, kind)))
                    .sum()
            })
            .collect();
        Layout {
            start_counts,
            kinds,
            pawns,
            royal,
            tempo,
            threat,
            file_bonus,
            escort,
            len: next,
            files,
            ranks,
        }
    }

    /// Number of weights.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The material of the start position at the weights `v`, middlegame plus endgame: the
    /// scale of the evaluation.
    pub fn start_material(&self, v: &[f64]) -> f64 {
        self.kinds
            .iter()
            .zip(&self.start_counts)
            .map(|(k, &n)| f64::from(n) * (v[k.value] + v[k.value + 1]))
            .sum()
    }

    /// Whether there are none (never: every variant has the tempo).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The weights as a vector (folded squares: the mean of the two files).
    pub fn vector(&self, w: &Weights) -> Vec<f64> {
        let mut v = vec![0.0; self.len];
        let mut folds = vec![0u32; self.len];
        let mut set = |v: &mut Vec<f64>, i: usize, x: i32| {
            v[i] += f64::from(x);
            folds[i] += 1;
        };
        for k in &self.kinds {
            let p = &w.pieces[&k.letter];
            set(&mut v, k.value, p.value.0);
            set(&mut v, k.value + 1, p.value.1);
            set(&mut v, k.hand, p.hand);
            set(&mut v, k.mobility, p.mobility.0);
            set(&mut v, k.mobility + 1, p.mobility.1);
            set(&mut v, k.pair, p.pair);
            let black = p.black_squares.as_ref().map(|b| (Colour::Black, b));
            for (colour, table) in std::iter::once((Colour::White, &p.squares)).chain(black) {
                for (row, values) in table.iter().enumerate() {
                    for (file, &(mg, eg)) in values.iter().enumerate() {
                        let i = k.square(colour, row as u8, file as u8, self.files);
                        set(&mut v, i, mg);
                        set(&mut v, i + 1, eg);
                    }
                }
            }
        }
        let pawns = [
            w.pawns.doubled,
            w.pawns.isolated,
            w.pawns.passed,
            w.pawns.passed_progress,
        ];
        for (n, (mg, eg)) in pawns.into_iter().enumerate() {
            set(&mut v, self.pawns + 2 * n, mg);
            set(&mut v, self.pawns + 2 * n + 1, eg);
        }
        for (n, &a) in w.royal.attack.iter().enumerate() {
            set(&mut v, self.royal + n, a);
        }
        set(&mut v, self.royal + 8, w.royal.shelter.0);
        set(&mut v, self.royal + 9, w.royal.shelter.1);
        set(&mut v, self.tempo, w.tempo);
        set(&mut v, self.threat, w.threat.0);
        set(&mut v, self.threat + 1, w.threat.1);
        set(&mut v, self.file_bonus, w.half_open_file.0);
        set(&mut v, self.file_bonus + 1, w.half_open_file.1);
        set(&mut v, self.file_bonus + 2, w.open_file.0);
        set(&mut v, self.file_bonus + 3, w.open_file.1);
        set(&mut v, self.escort, w.passed_escort);
        for (x, &n) in v.iter_mut().zip(&folds) {
            *x /= f64::from(n.max(1));
        }
        v
    }

    /// Pairs of weights of orthogonally adjacent squares in the same square table and phase
    /// (each pair once; squares that share a weight by folding make no pair).
    pub fn square_neighbours(&self) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        for k in &self.kinds {
            let colours = match k.black_squares {
                Some(_) => &Colour::BOTH[..],
                None => &[Colour::White][..],
            };
            for &colour in colours {
                for row in 0..self.ranks {
                    for file in 0..self.files {
                        let here = k.square(colour, row, file, self.files);
                        let right = (file + 1 < self.files)
                            .then(|| k.square(colour, row, file + 1, self.files));
                        let below = (row + 1 < self.ranks)
                            .then(|| k.square(colour, row + 1, file, self.files));
                        for there in right.into_iter().chain(below) {
                            if there != here {
                                let (a, b) = (here.min(there), here.max(there));
                                pairs.push((a, b));
                                pairs.push((a + 1, b + 1));
                            }
                        }
                    }
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }

    /// Write the vector `v` back into `w`, rounded to whole numbers.
    pub fn write(&self, v: &[f64], w: &mut Weights) {
        let get = |i: usize| v[i].round() as i32;
        for k in &self.kinds {
            let p = w
                .pieces
                .get_mut(&k.letter)
                .expect("the layout was made from these weights");
            p.value = (get(k.value), get(k.value + 1));
            p.hand = get(k.hand);
            p.mobility = (get(k.mobility), get(k.mobility + 1));
            p.pair = get(k.pair);
            let fill = |table: &mut Vec<Vec<(i32, i32)>>, colour: Colour| {
                for (row, values) in table.iter_mut().enumerate() {
                    for (file, value) in values.iter_mut().enumerate() {
                        let i = k.square(colour, row as u8, file as u8, self.files);
                        *value = (get(i), get(i + 1));
                    }
                }
            };
            fill(&mut p.squares, Colour::White);
            if let Some(black) = p.black_squares.as_mut() {
                fill(black, Colour::Black);
            }
        }
        let pair = |n: usize| (get(self.pawns + 2 * n), get(self.pawns + 2 * n + 1));
        w.pawns.doubled = pair(0);
        w.pawns.isolated = pair(1);
        w.pawns.passed = pair(2);
        w.pawns.passed_progress = pair(3);
        for (n, a) in w.royal.attack.iter_mut().enumerate() {
            *a = get(self.royal + n);
        }
        w.royal.shelter = (get(self.royal + 8), get(self.royal + 9));
        w.tempo = get(self.tempo);
        w.threat = (get(self.threat), get(self.threat + 1));
        w.half_open_file = (get(self.file_bonus), get(self.file_bonus + 1));
        w.open_file = (get(self.file_bonus + 2), get(self.file_bonus + 3));
        w.passed_escort = get(self.escort);
    }
}

/// Whether the start squares of `kind` are symmetric by file for each colour.
fn start_symmetric_by_file(start: &Position, kind: usize) -> bool {
    let geo = start.geo();
    Colour::BOTH.into_iter().all(|colour| {
        start.pieces(colour).iter().all(|&sq| {
            if start.at(sq).kind() != kind {
                return true;
            }
            let (f, r) = geo.coords(sq);
            let mirror = start.at(geo.square(geo.files - 1 - f, r));
            mirror.is_of(colour) && mirror.kind() == kind
        })
    })
}

/// A position's score as weights times coefficients: White's view, `constant` plus the sum
/// over `coefficients` of the weight at each index times its coefficient.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    pub coefficients: Vec<(u32, f32)>,
    pub constant: f32,
}

/// Collects coefficients by slot before they are listed.
struct Collector {
    dense: Vec<f64>,
    touched: Vec<usize>,
    /// Middlegame share of tapered terms.
    mg: f64,
    constant: f64,
}

impl Collector {
    fn add(&mut self, i: usize, x: f64) {
        if self.dense[i] == 0.0 {
            self.touched.push(i);
        }
        self.dense[i] += x;
        if self.dense[i] == 0.0 {
            self.dense[i] = f64::MIN_POSITIVE;
        }
    }

    /// A tapered term with weights at `i` (middlegame) and `i + 1` (endgame).
    fn phased(&mut self, i: usize, x: f64) {
        self.add(i, x * self.mg);
        self.add(i + 1, x * (1.0 - self.mg));
    }
}

/// The trace of `pos` under `et`, laid out by `layout`; `weights` is `et`'s weights as
/// `layout` lays them out.
pub fn trace(pos: &Position, et: &EvalTables, layout: &Layout, weights: &[f64]) -> Trace {
    let geo = pos.geo();
    let mut placed: Vec<(Colour, usize, Square)> = Vec::new();
    let mut pairs: Vec<(Colour, usize)> = Vec::new();
    let mut held: Vec<(Colour, usize, i32)> = Vec::new();
    let structure = Structure::of(pos, et);
    let Census { sides, phase } = census(
        pos,
        et,
        |colour, piece, sq| placed.push((colour, piece.kind(), sq)),
        |colour, kind| pairs.push((colour, kind)),
        |colour, kind, n| held.push((colour, kind, n)),
    );
    let mut c = Collector {
        dense: vec![0.0; layout.len],
        touched: Vec::new(),
        mg: f64::from(phase) / f64::from(PHASE_MAX),
        constant: f64::from(checks_lead(pos, et)),
    };
    let sign = |colour: Colour| if colour == Colour::White { 1.0 } else { -1.0 };
    for &(colour, kind, sq) in &placed {
        let slots = &layout.kinds[kind];
        let s = sign(colour);
        c.phased(slots.value, s);
        let (file, rank) = geo.coords(sq);
        let row = match colour {
            Colour::White => layout.ranks - 1 - rank,
            Colour::Black => rank,
        };
        c.phased(slots.square(colour, row, file, layout.files), s);
    }
    for &(colour, kind) in &pairs {
        c.add(layout.kinds[kind].pair, sign(colour));
    }
    for &(colour, kind, n) in &held {
        c.add(layout.kinds[kind].hand, sign(colour) * f64::from(n));
    }
    structure.visit(et, geo.files, |colour, feature| {
        let s = sign(colour);
        match feature {
            PawnFeature::Doubled(extra) => c.phased(layout.pawns, s * f64::from(extra)),
            PawnFeature::Isolated => c.phased(layout.pawns + 2, s),
            PawnFeature::Passed(k) => {
                c.phased(layout.pawns + 4, s);
                c.phased(layout.pawns + 6, s * f64::from(k) / f64::from(PASSED_SCALE));
            }
        }
    });
    if escort::applies(pos, et) {
        let units = escort::units(pos, et, &structure);
        let lead = (units[Colour::White] - units[Colour::Black]) as f64;
        c.add(
            layout.escort,
            lead / escort::ESCORT_SCALE as f64 * (1.0 - c.mg),
        );
    }
    let mut attacks = ByColour([Attacks::default(); 2]);
    let checks = mobility::visit(pos, et, |colour, kind, destinations, threats, file| {
        if threats != 0 {
            c.phased(layout.threat, sign(colour) * f64::from(threats));
        }
        match file {
            FileState::Closed => {}
            FileState::HalfOpen => c.phased(layout.file_bonus, sign(colour)),
            FileState::Open => c.phased(layout.file_bonus + 2, sign(colour)),
        }
        let Some(d) = destinations else {
            return;
        };
        let m = et.kinds[kind].mobility;
        c.phased(
            layout.kinds[kind].mobility,
            sign(colour) * f64::from(m.curve(d.all)) / 256.0,
        );
        attacks[!colour].add(et.kinds[kind].automatic_value, d.near_royal);
    });
    mobility::complete_attacks(pos, et, &mut attacks, checks);
    for colour in Colour::BOTH {
        let s = sign(colour);
        let a = attacks[colour];
        let n = et.royal.slot(a.attackers);
        let squared = f64::from(a.units) * f64::from(a.units) / 1024.0;
        if f64::from(et.royal.attack[n]) * squared >= f64::from(et.royal.most_penalty) {
            c.constant -= s * f64::from(et.royal.most_penalty) * c.mg;
        } else {
            c.add(layout.royal + n, -s * squared * c.mg);
        }
        if let Some((counts, royals)) = shelter_counts(pos, et, colour) {
            for (i, &count) in counts.iter().enumerate() {
                c.add(
                    layout.royal + 8 + i,
                    s * f64::from(count) / f64::from(royals) * c.mg,
                );
            }
        }
    }
    let white: f64 = c
        .touched
        .iter()
        .map(|&i| c.dense[i] * weights[i])
        .sum::<f64>()
        + c.constant;
    let sign = f64::from(et.sign);
    let scale = if drawish(sign * white, &sides) {
        sign / 4.0
    } else {
        sign
    };
    let mut coefficients: Vec<(u32, f32)> = c
        .touched
        .iter()
        .map(|&i| (i as u32, (c.dense[i] * scale) as f32))
        .collect();
    let to_move = if pos.side() == Colour::White {
        1.0
    } else {
        -1.0
    };
    coefficients.push((layout.tempo as u32, to_move));
    Trace {
        coefficients,
        constant: (c.constant * scale) as f32,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::{trace, Layout, Trace};
    use crate::movegen::playout::{playout_move, shipped};
    use crate::movegen::{legal_moves, make_move};
    use crate::position::ruleset::Ruleset;
    use crate::position::Position;
    use crate::search::eval::cache::EvalCache;
    use crate::search::eval::evaluate;
    use crate::search::eval::tables::EvalTables;
    use crate::types::Colour;

    /// Plies of each playout.
    const PLIES: usize = 60;

    /// Visit the positions of a playout from the start, its moves picked by the number `n`.
    fn playout(tables: Arc<Ruleset>, n: usize, mut visit: impl FnMut(&Position)) {
        let mut pos = Position::start(tables);
        let mut legal = Vec::new();
        for ply in 0..PLIES {
            visit(&pos);
            legal_moves(&mut pos, &mut legal);
            if legal.is_empty() {
                break;
            }
            make_move(&mut pos, playout_move(&legal, ply, n));
        }
    }

    /// The evaluation of `pos` under `et`, White's view.
    fn white_eval(pos: &Position, et: &EvalTables) -> f64 {
        let own = evaluate(pos, et, &mut EvalCache::default());
        f64::from(if pos.side() == Colour::White {
            own
        } else {
            -own
        })
    }

    /// The trace's score at the weights `v`.
    fn traced(t: &Trace, v: &[f64]) -> f64 {
        f64::from(t.constant)
            + t.coefficients
                .iter()
                .map(|&(i, c)| f64::from(c) * v[i as usize])
                .sum::<f64>()
    }

    /// How far the evaluation's integer rounding may put it from the trace: each of its
    /// divisions rounds towards zero, by less than a centipawn each time — mobility (two per
    /// colour, middlegame and endgame), royal attack and shelter (one each per colour), the
    /// passed-pawn progress (one per pawn-like piece at most), the taper and the drawish
    /// scaling: 8 plus the pawn-like pieces in all.
    fn rounding(pos: &Position, et: &EvalTables) -> f64 {
        let pawns = Colour::BOTH
            .iter()
            .flat_map(|&c| pos.pieces(c).iter())
            .filter(|&&sq| et.kinds[pos.at(sq).kind()].pawn_like)
            .count();
        8.0 + pawns as f64
    }

    /// For every shipped variant, at every position of a playout, the trace's weights times
    /// coefficients give the evaluation (White's view), up to its integer rounding.
    #[test]
    fn a_trace_times_the_weights_is_the_evaluation() {
        let mut worst = 0.0f64;
        let mut positions = 0;
        for (n, name, tables) in shipped() {
            let et = EvalTables::automatic(&tables);
            let weights = et.weights();
            let layout = Layout::new(&et, &weights);
            let vector = layout.vector(&weights);
            playout(tables.clone(), n, |pos| {
                let score = traced(&trace(pos, &et, &layout, &vector), &vector);
                let diff = (score - white_eval(pos, &et)).abs();
                assert!(
                    diff < rounding(pos, &et),
                    "{name} at {}: traced {score}, evaluated {}",
                    pos.to_fen(),
                    white_eval(pos, &et)
                );
                worst = worst.max(diff);
                positions += 1;
            });
        }
        eprintln!("{positions} positions, worst difference {worst:.2} cp");
    }

    /// The evaluation is linear in a weights file's numbers, as the tuner assumes: for every
    /// shipped variant, with the weights changed (by up to a third, and 40 more or less), the
    /// engine's evaluation under the changed weights is the trace taken at the automatic
    /// weights times the changed ones, up to the integer rounding. Not changed: the
    /// royal-attack weights (their penalty is capped, so linear only below the cap) and
    /// weights that are 0 (a mobility weight of 0 leaves the type out of the mobility pass, and
    /// the trace gives no coefficient to what it leaves out). Positions where a side has no
    /// piece that only advances are skipped: there the drawish-material scaling depends on
    /// which side the score favours.
    #[test]
    fn the_evaluation_under_other_weights_is_the_trace_times_them() {
        for (n, name, tables) in shipped() {
            let et = EvalTables::automatic(&tables);
            let mut weights = et.weights();
            let layout = Layout::new(&et, &weights);
            let start = layout.vector(&weights);
            let changed: Vec<f64> = start
                .iter()
                .enumerate()
                .map(|(i, &w)| {
                    let capped = (layout.royal..layout.royal + 8).contains(&i);
                    if capped || w == 0.0 {
                        return w;
                    }
                    let wave = ((i * 7 + n) as f64).sin();
                    (w + w * wave / 3.0 + 40.0 * ((i * 3) as f64).cos()).round()
                })
                .collect();
            layout.write(&changed, &mut weights);
            let mut other = EvalTables::automatic(&tables);
            other.apply(&weights);
            playout(tables.clone(), n, |pos| {
                let advancing = |c: Colour| {
                    pos.pieces(c)
                        .iter()
                        .any(|&sq| et.kinds[pos.at(sq).kind()].advances_only)
                };
                if !Colour::BOTH.into_iter().all(advancing) {
                    return;
                }
                let score = traced(&trace(pos, &et, &layout, &start), &changed);
                let evaluated = white_eval(pos, &other);
                assert!(
                    (score - evaluated).abs() < rounding(pos, &et),
                    "{name} at {}: traced {score}, evaluated {evaluated}",
                    pos.to_fen()
                );
            });
        }
    }
}
