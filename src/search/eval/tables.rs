//! Everything the evaluation knows about a variant, computed once from its tables: material
//! and piece-square values per piece code and square (centrality from each piece's own
//! empty-board mobility, forward progress for pieces that promote (in the middlegame only on
//! the files between the edges, most in the middle), the royal piece's shelter
//! in the middlegame (its home ranks and the edge files) and centralisation in the endgame, a
//! flag piece's approach to its zone), mobility weights, promotion
//! distances, pair bonuses, the phase weights of the material on the board, and the terms the
//! variant's winning rules call for (checks given, giveaway's reversed material). A weights
//! file beside the variant replaces the automatic values it covers (see [`Weights`]); the
//! tables can also be written out as weights.

use crate::types::{ByColour, Colour, Piece, Square};
use std::sync::Arc;

use super::pair::Pair;
use super::promotion::PromotionGains;
use super::sums;
use super::values::{profiles, Profile};
use crate::betza::compile::flags;
use crate::nnue::Nnue;
use crate::position::ruleset::{ColourMoves, PieceInfo, Ruleset};
use crate::position::square_sums::SquareValues;
use crate::position::{Geometry, Position};
use crate::variant::weights::{
    self, Found, PawnWeights, PieceWeights, RoyalWeights, Tuning, Weights,
    AUTOMATIC_HALF_OPEN_FILE, AUTOMATIC_OPEN_FILE, AUTOMATIC_PASSED_ESCORT, AUTOMATIC_THREAT,
};
use crate::variant::GameValue;

/// Progress towards promotion, in 64ths.
pub const PROGRESS_ONE: i32 = 64;
/// Bonus per step of the flag piece towards its zone.
const FLAG_STEP: Pair = Pair::new(12, 20);
/// What a lead of all checks but the last is worth in n-check variants.
const CHECKS_LEAD: i32 = 600;

/// Mobility scoring of one piece type.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mobility {
    /// Destinations the piece has on a typical board; more is a bonus, fewer a malus.
    pub mean: i32,
    /// Centipawns per destination at the typical number, in 16ths.
    pub weight: Pair,
    /// Its destinations score on the concave curve (see [`Mobility::curve`]); a hopper's
    /// count, which rises and falls with the screens it finds, scores on a straight line.
    pub concave: bool,
}

/// `ROOTS[d]` is 16 √d, rounded down: the square roots the mobility curve bends with.
const ROOTS: [i32; 256] = {
    let mut roots = [0; 256];
    let mut d = 0;
    while d < 256 {
        roots[d] = (256 * d as u32).isqrt() as i32;
        d += 1;
    }
    roots
};

impl Mobility {
    /// The worth of `destinations` against the typical number, in 16ths of a destination at
    /// the typical number: `2 √mean (√d − √mean)`. The curve is concave: its slope is one
    /// destination's at the typical number, steeper below it (a piece with few moves is
    /// close to trapped, and each move it lacks costs more) and flatter above it (the
    /// twentieth square of a queen adds less than the third of a knight). With no typical
    /// number (a type that rarely moves), or for a type not [`Mobility::concave`], each
    /// destination counts alike.
    #[inline]
    pub fn curve(&self, destinations: i32) -> i32 {
        let root = |n: i32| ROOTS[n.clamp(0, 255) as usize];
        if self.mean <= 0 || !self.concave {
            return 16 * (destinations - self.mean);
        }
        let root_mean = root(self.mean);
        2 * root_mean * (root(destinations) - root_mean) / 16
    }
}

/// Pair-bonus slots: colour-bound piece types the evaluation tracks (any beyond get none).
pub const PAIR_SLOTS: usize = 3;
/// No pair-bonus slot.
pub const NO_SLOT: u8 = u8::MAX;

/// Ray flags that put a condition on a move's path or victim (hops, lameness, must-jump, no
/// royal capture): a ray with one of them is not a plain step or slide.
const CONDITIONS: u16 = flags::HOPPING | flags::LAME | flags::MUST_JUMP | flags::TAME;

/// The offsets of the single steps among `moves` that capture: plain leaps, and one-step rays
/// that capture with no condition on their path, start or victim (one that may also capture
/// en passant, like the chess pawn's diagonal, captures a piece standing there as well).
fn capture_steps(moves: &ColourMoves) -> Vec<i16> {
    let rays = moves.rays.iter().filter(|r| {
        r.range == 1
            && r.flags & flags::CAPTURE != 0
            && r.flags & CONDITIONS == 0
            && r.initial == 0
            && r.skip == 0
            && r.path_len == 0
    });
    moves
        .leaps
        .iter()
        .copied()
        .chain(rays.map(|r| r.off))
        .collect()
}

/// Whether `moves` (White's) hold an unlimited plain slide straight forward, which moves and
/// captures, and none along a diagonal: a piece whose strength lies along its file.
fn rides_file(moves: &ColourMoves, geo: &Geometry) -> bool {
    let plain = flags::QUIET | flags::CAPTURE;
    let slides = moves.slides.iter().map(|&off| geo.offset_delta(off)).chain(
        moves
            .rays
            .iter()
            .filter(|r| {
                r.range > 1
                    && r.flags & plain == plain
                    && r.flags & CONDITIONS == 0
                    && r.initial == 0
            })
            .map(|r| (i16::from(r.dx), i16::from(r.dy))),
    );
    let mut forward = false;
    let mut diagonal = false;
    for (dx, dy) in slides {
        forward |= dx == 0 && dy > 0;
        diagonal |= dx != 0 && dy != 0 && dx.abs() == dy.abs();
    }
    forward && !diagonal
}

/// What the evaluation knows about one piece type.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kind {
    /// Material value (royal pieces 0): a weights file's, else the automatic one.
    pub value: i32,
    /// The automatic material value, kept when a weights file sets `value`: the evaluation's
    /// terms that are not linear in the weights (the royal-attack units, the drawish-material
    /// test, the game phase) weigh pieces by it, so that the evaluation stays linear in the
    /// file's weights, as `alfil tune` fits them.
    pub automatic_value: i32,
    /// Value for capture ordering: material, royal pieces above everything.
    pub order_value: i32,
    pub royal: bool,
    pub promotes: bool,
    /// It promotes and never moves backwards: pawn structure applies, mobility does not.
    pub pawn_like: bool,
    /// Not royal and never moves backwards (pawns, and soldiers that change their moves
    /// without promoting): a side with one still has winning chances in the evaluation's
    /// drawish-material scaling.
    pub advances_only: bool,
    /// Best promotion's value minus the piece's own (over all choices, open or not: see
    /// [`EvalTables::promotion_gains`] for the gain in a position).
    pub promotion_gain: i32,
    /// Weight in the game phase: the material of pieces neither royal nor pawn-like.
    pub phase_weight: i32,
    pub mobility: Mobility,
    /// Bonus for owning two of this colour-bound type on squares of both colours.
    pub pair_bonus: i32,
    /// Slot for tracking the square colours of this colour-bound type, or [`NO_SLOT`].
    pub pair_slot: u8,
    /// Material in hand.
    pub hand_value: i32,
    /// It rides along its file and on no diagonal (a rook, a chariot) and is not pawn-like:
    /// the half-open and open file bonuses apply.
    pub file_rider: bool,
}

/// Pawn-structure weights.
#[derive(Clone, Copy, Debug)]
pub struct PawnTerms {
    pub doubled: Pair,
    pub isolated: Pair,
    pub passed: Pair,
    /// Times progress squared and promotion gain, in hundredths (see `pawns.rs`).
    pub passed_progress: Pair,
}

/// Royal-safety weights.
#[derive(Clone, Copy, Debug)]
pub struct RoyalTerms {
    /// Scale of the penalty by number of attackers, in 1024ths of the attack's weight squared.
    pub attack: [i32; 8],
    pub most_penalty: i32,
    /// Bonus for a pawn-like piece one and two ranks in front of the royal piece.
    pub shelter: [i32; 2],
}

impl RoyalTerms {
    /// The entry of [`RoyalTerms::attack`] for this many attackers.
    #[inline]
    pub fn slot(&self, attackers: i32) -> usize {
        (attackers.max(0) as usize).min(self.attack.len() - 1)
    }
}

/// The automatic pawn-structure weights.
const PAWNS: PawnTerms = PawnTerms {
    doubled: Pair::new(-10, -20),
    isolated: Pair::new(-8, -12),
    passed: Pair::new(10, 20),
    passed_progress: Pair::new(7, 25),
};

/// The automatic royal-safety weights.
const ROYAL: RoyalTerms = RoyalTerms {
    attack: [0, 0, 75, 95, 110, 120, 128, 128],
    most_penalty: 600,
    shelter: [10, 5],
};

/// The automatic bonus of the side to move.
const TEMPO: i32 = 10;

/// Evaluation data of one variant.
#[derive(Debug)]
pub struct EvalTables {
    pub tables: Arc<Ruleset>,
    pub kinds: Vec<Kind>,
    /// Material per type, middlegame and endgame.
    values: Vec<Pair>,
    /// Material plus square bonus, indexed `code * size + square`, from the owner's view.
    psq: Vec<Pair>,
    /// Per type, colour and padded square: progress towards the promotion zone in 64ths.
    pub progress: Vec<ByColour<Vec<u8>>>,
    /// Per type and colour: +1 if the piece promotes towards higher ranks, -1 if lower.
    pub forward: Vec<ByColour<i8>>,
    /// Per pawn-like type and colour: the offsets of its single-step captures (the threat
    /// term looks there instead of generating the piece's moves).
    pub capture_steps: Vec<ByColour<Vec<i16>>>,
    /// Phase weight of the start position (at least 1).
    pub phase_total: i32,
    /// Pieces can be held in hand (their material counts).
    pub hand: bool,
    /// -1 where losing every piece wins (giveaway), so that material counts against its
    /// owner; else 1.
    pub sign: i32,
    /// Bonus per check given, in n-check variants.
    pub check_bonus: i32,
    pub pawns: PawnTerms,
    pub royal: RoyalTerms,
    /// Bonus of the side to move.
    pub tempo: i32,
    /// The colour-bound types with a pair bonus, by their pair slot.
    pub pair_kinds: Vec<usize>,
    /// What each piece on each square adds to the sums the position keeps for the
    /// evaluation (module `sums`): rebuilt whenever the weights change.
    pub square_values: Arc<SquareValues>,
    /// Per capture of an enemy piece worth more than the capturer.
    pub threat: Pair,
    /// Per file rider on a file without own pawn-like pieces but with enemy ones.
    pub half_open_file: Pair,
    /// Per file rider on a file without pawn-like pieces.
    pub open_file: Pair,
    /// The passed-pawn escort weight (endgame), in thousandths.
    pub passed_escort: i32,
    /// What promoting gains in a position, where the choices are limited.
    pub promotion_gains: PromotionGains,
    /// The weights file read in place of the automatic values, if any.
    pub weights_file: Option<String>,
    /// Why a weights file beside the variant was not used.
    pub weights_warning: Option<String>,
    /// The record of the tuning run that found the weights applied, if any.
    tuning: Option<Tuning>,
    /// The network that evaluates in place of the terms above, if one plays.
    pub nnue: Option<Arc<Nnue>>,
}

impl EvalTables {
    /// The tables of a variant: the weights file beside it where there is one that fits,
    /// else the automatic values.
    pub fn new(tables: &Arc<Ruleset>) -> EvalTables {
        let mut et = EvalTables::automatic(tables);
        et.read_weights_beside();
        et
    }

    /// Apply the weights file beside the variant where there is one that fits; note which
    /// file it was, or why a file there was not used.
    pub fn read_weights_beside(&mut self) {
        match weights::weights_for(&self.tables.variant) {
            Found::None => {}
            Found::Weights(w, file) => {
                self.apply(&w);
                self.weights_file = Some(file);
            }
            Found::Unusable(reason) => {
                self.weights_warning = Some(format!("{reason}; the automatic values are used"));
            }
        }
    }

    /// The automatic values alone, computed from the pieces' moves.
    pub fn automatic(tables: &Arc<Ruleset>) -> EvalTables {
        let profiles = profiles(tables);
        let geo = tables.geo;
        let top = profiles.iter().map(|p| p.value).max().unwrap_or(0);
        let mut slots = 0u8;
        let kinds: Vec<Kind> = tables
            .pieces
            .iter()
            .zip(&profiles)
            .map(|(p, prof)| {
                let royal = p.always_royal();
                let promotes = p.promotion.is_some();
                let pawn_like = promotes && prof.forward_only;
                let best = p.promotion.as_ref().map_or(0, |pr| {
                    pr.choices[Colour::White]
                        .iter()
                        .map(|&c| profiles[c.index()].value)
                        .max()
                        .unwrap_or(0)
                });
                let pair_slot = if prof.pair_bonus > 0 && usize::from(slots) < PAIR_SLOTS {
                    slots += 1;
                    slots - 1
                } else {
                    NO_SLOT
                };
                Kind {
                    value: prof.value,
                    automatic_value: prof.value,
                    order_value: if royal { top + 1000 } else { prof.value },
                    royal,
                    promotes,
                    pawn_like,
                    advances_only: !royal && prof.forward_only,
                    promotion_gain: (best - prof.value).max(0),
                    phase_weight: if royal || pawn_like { 0 } else { prof.value },
                    mobility: mobility(prof, royal || pawn_like, hops(p)),
                    pair_bonus: if pair_slot == NO_SLOT {
                        0
                    } else {
                        prof.pair_bonus
                    },
                    pair_slot,
                    hand_value: prof.value,
                    file_rider: !royal && !pawn_like && rides_file(&p.moves[Colour::White], &geo),
                }
            })
            .collect();
        let mut progress = Vec::with_capacity(kinds.len());
        let mut forward = Vec::with_capacity(kinds.len());
        for p in &tables.pieces {
            let mut per_colour = ByColour::from_fn(|_| vec![0u8; geo.size]);
            let mut dirs = ByColour::new(1i8, -1);
            if let Some(pr) = &p.promotion {
                for colour in Colour::BOTH {
                    let zone: Vec<(u8, u8)> = geo
                        .squares()
                        .filter(|&s| pr.zone[colour].has(s))
                        .map(|s| geo.coords(s))
                        .collect();
                    dirs[colour] = direction(&zone, geo.ranks, colour);
                    fill_progress(&mut per_colour[colour], &zone, tables);
                }
            }
            progress.push(per_colour);
            forward.push(dirs);
        }
        let capture_steps = tables
            .pieces
            .iter()
            .zip(&kinds)
            .map(|(p, k)| {
                ByColour::from_fn(|c| {
                    if k.pawn_like {
                        capture_steps(&p.moves[c])
                    } else {
                        Vec::new()
                    }
                })
            })
            .collect();
        let start = Position::start(tables.clone());
        let phase_total = phase_of(&start, &kinds);
        let values = kinds.iter().map(|k| Pair::new(k.value, k.value)).collect();
        let mut et = EvalTables {
            tables: tables.clone(),
            kinds,
            values,
            psq: Vec::new(),
            progress,
            forward,
            capture_steps,
            phase_total,
            hand: {
                let h = &tables.hand;
                h.captures_to_hand || h.drops || h.gating
            },
            sign: sign(tables),
            check_bonus: match tables.variant.rules.check_count {
                0 | 1 => 0,
                n => CHECKS_LEAD / (n as i32 - 1),
            },
            pawns: PAWNS,
            royal: ROYAL,
            tempo: TEMPO,
            pair_kinds: Vec::new(),
            square_values: Arc::new(SquareValues::new(Vec::new(), 0)),
            threat: Pair::new(AUTOMATIC_THREAT.0, AUTOMATIC_THREAT.1),
            half_open_file: Pair::new(AUTOMATIC_HALF_OPEN_FILE.0, AUTOMATIC_HALF_OPEN_FILE.1),
            open_file: Pair::new(AUTOMATIC_OPEN_FILE.0, AUTOMATIC_OPEN_FILE.1),
            passed_escort: AUTOMATIC_PASSED_ESCORT,
            promotion_gains: PromotionGains::new(tables, &profiles),
            weights_file: None,
            weights_warning: None,
            tuning: None,
            nnue: None,
        };
        et.psq = psq(&et, &profiles);
        et.pair_kinds = (0..et.kinds.len())
            .filter(|&kind| et.kinds[kind].pair_slot != NO_SLOT)
            .collect();
        et.square_values = Arc::new(sums::square_values(&et));
        et
    }

    /// Material plus square bonus of the piece `code` on `sq`, from its owner's view.
    #[inline]
    pub fn psq(&self, piece: Piece, sq: Square) -> Pair {
        self.psq[piece.index() * self.tables.geo.size + sq.index()]
    }
    /// The tables as weights: what a weights file holding them would say.
    pub fn weights(&self) -> Weights {
        let variant = &self.tables.variant;
        let pieces = variant
            .pieces
            .iter()
            .enumerate()
            .map(|(kind, p)| (p.id.to_string(), self.piece_weights(kind)))
            .collect();
        let pair = |p: Pair| (p.mg, p.eg);
        Weights {
            variant: variant.name.clone(),
            tuning: self.tuning.clone(),
            pieces,
            pawns: PawnWeights {
                doubled: pair(self.pawns.doubled),
                isolated: pair(self.pawns.isolated),
                passed: pair(self.pawns.passed),
                passed_progress: pair(self.pawns.passed_progress),
            },
            royal: RoyalWeights {
                attack: self.royal.attack,
                most_penalty: self.royal.most_penalty,
                shelter: (self.royal.shelter[0], self.royal.shelter[1]),
            },
            tempo: self.tempo,
            threat: pair(self.threat),
            half_open_file: pair(self.half_open_file),
            open_file: pair(self.open_file),
            passed_escort: self.passed_escort,
        }
    }

    /// One piece type's weights; its square bonus is the table's entry less its material.
    fn piece_weights(&self, kind: usize) -> PieceWeights {
        let k = &self.kinds[kind];
        let geo = self.tables.geo;
        let value = Pair::new(self.values[kind].mg, self.values[kind].eg);
        let table = |colour: Colour| -> Vec<Vec<(i32, i32)>> {
            (0..geo.ranks)
                .map(|row| {
                    let rank = own_rank(row, geo.ranks, colour);
                    (0..geo.files)
                        .map(|file| {
                            let b =
                                self.psq(Piece::new(kind, colour), geo.square(file, rank)) - value;
                            (b.mg, b.eg)
                        })
                        .collect()
                })
                .collect()
        };
        let squares = table(Colour::White);
        let black = table(Colour::Black);
        PieceWeights {
            value: (value.mg, value.eg),
            hand: k.hand_value,
            mobility: (k.mobility.weight.mg, k.mobility.weight.eg),
            pair: k.pair_bonus,
            black_squares: (black != squares).then_some(black),
            squares,
        }
    }

    /// Replace the automatic values by `w` (which has been checked against the variant).
    pub fn apply(&mut self, w: &Weights) {
        let geo = self.tables.geo;
        for (kind, p) in self.tables.variant.pieces.iter().enumerate() {
            let Some(pw) = w.pieces.get(&p.id.to_string()) else {
                continue;
            };
            let value = Pair::new(pw.value.0, pw.value.1);
            self.values[kind] = value;
            let k = &mut self.kinds[kind];
            if !k.royal {
                k.value = (value.mg + value.eg) / 2;
                k.order_value = k.value;
            }
            k.hand_value = pw.hand;
            k.mobility.weight = Pair::new(pw.mobility.0, pw.mobility.1);
            if k.pair_slot != NO_SLOT {
                k.pair_bonus = pw.pair;
            }
            for colour in Colour::BOTH {
                let table = match colour {
                    Colour::White => &pw.squares,
                    Colour::Black => pw.black_squares.as_ref().unwrap_or(&pw.squares),
                };
                let code = Piece::new(kind, colour);
                for (row, values) in table.iter().enumerate() {
                    let rank = own_rank(row as u8, geo.ranks, colour);
                    for (file, &(mg, eg)) in values.iter().enumerate() {
                        let sq = geo.square(file as u8, rank);
                        self.psq[code.index() * geo.size + sq.index()] = value + Pair::new(mg, eg);
                    }
                }
            }
        }
        let pair = |p: (i32, i32)| Pair::new(p.0, p.1);
        self.pawns = PawnTerms {
            doubled: pair(w.pawns.doubled),
            isolated: pair(w.pawns.isolated),
            passed: pair(w.pawns.passed),
            passed_progress: pair(w.pawns.passed_progress),
        };
        self.royal = RoyalTerms {
            attack: w.royal.attack,
            most_penalty: w.royal.most_penalty,
            shelter: [w.royal.shelter.0, w.royal.shelter.1],
        };
        self.tempo = w.tempo;
        self.threat = pair(w.threat);
        self.half_open_file = pair(w.half_open_file);
        self.open_file = pair(w.open_file);
        self.passed_escort = w.passed_escort;
        self.tuning.clone_from(&w.tuning);
        let start = Position::start(self.tables.clone());
        self.phase_total = phase_of(&start, &self.kinds);
        self.square_values = Arc::new(sums::square_values(self));
    }
}

/// The rank of a square table's `row` for `colour`: White's rows run from the top rank down,
/// Black's from the bottom rank up, so that each side's home rank comes last.
fn own_rank(row: u8, ranks: u8, colour: Colour) -> u8 {
    match colour {
        Colour::White => ranks - 1 - row,
        Colour::Black => row,
    }
}

/// The phase weight of the material on the board (at least 1).
fn phase_of(pos: &Position, kinds: &[Kind]) -> i32 {
    Colour::BOTH
        .into_iter()
        .flat_map(|c| pos.pieces(c).iter().map(|&s| pos.at(s)))
        .map(|c| kinds[c.kind()].phase_weight)
        .sum::<i32>()
        .max(1)
}

/// -1 where losing all one's pieces wins.
fn sign(tables: &Ruleset) -> i32 {
    match &tables.variant.rules.extinction {
        Some(e) if e.all && e.value == GameValue::Win => -1,
        _ => 1,
    }
}

/// Bonus for the flag piece (king of the hill, racing kings) per step closer to its zone.
fn flag_bonus(tables: &Ruleset, kind: usize, colour: Colour, sq: Square) -> Pair {
    let Some(flag) = tables
        .variant
        .rules
        .flag
        .as_ref()
        .filter(|f| f.piece == Some(kind))
    else {
        return Pair::default();
    };
    if flag.value != GameValue::Win {
        return Pair::default();
    }
    let geo = tables.geo;
    let (f, r) = geo.coords(sq);
    let dist = |s: &Square| {
        let (zf, zr) = geo.coords(*s);
        (i32::from(zf) - i32::from(f))
            .abs()
            .max((i32::from(zr) - i32::from(r)).abs())
    };
    let zone = &tables.flag_squares[colour];
    let Some(d) = zone.iter().map(dist).min() else {
        return Pair::default();
    };
    let far = i32::from(geo.files.max(geo.ranks));
    Pair::new(FLAG_STEP.mg * (far - d), FLAG_STEP.eg * (far - d))
}

/// +1 if the zone lies towards higher ranks than the middle of the board, else -1.
fn direction(zone: &[(u8, u8)], ranks: u8, colour: Colour) -> i8 {
    if zone.is_empty() {
        return if colour == Colour::White { 1 } else { -1 };
    }
    let mean2 = zone.iter().map(|&(_, r)| 2 * i32::from(r)).sum::<i32>() / zone.len() as i32;
    if mean2 >= i32::from(ranks) - 1 {
        1
    } else {
        -1
    }
}

/// Progress towards the nearest zone square (king-move distance), scaled so that one step
/// from the zone is [`PROGRESS_ONE`] and the farthest square 0.
fn fill_progress(out: &mut [u8], zone: &[(u8, u8)], tables: &Ruleset) {
    let geo = tables.geo;
    if zone.is_empty() {
        return;
    }
    let dist = |s: Square| {
        let (f, r) = geo.coords(s);
        zone.iter()
            .map(|&(zf, zr)| {
                (i32::from(zf) - i32::from(f))
                    .abs()
                    .max((i32::from(zr) - i32::from(r)).abs())
            })
            .min()
            .unwrap_or(0)
    };
    let far = geo.squares().map(dist).max().unwrap_or(1).max(2);
    for s in geo.squares() {
        let d = dist(s).max(1);
        out[s.index()] = ((far - d) * PROGRESS_ONE / (far - 1)) as u8;
    }
}

fn mobility(p: &Profile, exempt: bool, hopper: bool) -> Mobility {
    if exempt || p.empty_mean < 0.5 {
        return Mobility::default();
    }
    let root = p.empty_mean.sqrt();
    Mobility {
        mean: p.crowded_mean.round() as i32,
        weight: Pair::new((16.0 * 12.0 / root) as i32, (16.0 * 16.0 / root) as i32),
        concave: !hopper,
    }
}

/// Whether any of a type's moves hops over a screen (a cannon's, a grasshopper's).
fn hops(p: &PieceInfo) -> bool {
    let moves = &p.moves[Colour::White];
    let hop = |f: u16| f & flags::HOPPING != 0;
    moves
        .rays
        .iter()
        .chain(&moves.wrap_rays)
        .any(|r| hop(r.flags))
        || moves
            .multi
            .iter()
            .any(|m| hop(m.first_flags) || m.later.iter().any(|l| hop(l.flags)))
}

/// The piece-square table: material plus positional bonus per code and square.
fn psq(et: &EvalTables, profiles: &[Profile]) -> Vec<Pair> {
    let tables = &et.tables;
    let geo = tables.geo;
    let codes = Piece::table_size(tables.pieces.len());
    let mut out = vec![Pair::default(); codes * geo.size];
    let squares: Vec<Square> = geo.squares().collect();
    let n = squares.len() as i32;
    let centre = |s: Square| {
        let (f, r) = geo.coords(s);
        let df = (2 * i32::from(f) - (i32::from(geo.files) - 1)).abs();
        let dr = (2 * i32::from(r) - (i32::from(geo.ranks) - 1)).abs();
        -(df + dr)
    };
    let file_centre = |s: Square| {
        let f = i32::from(geo.coords(s).0);
        -(2 * f - (i32::from(geo.files) - 1)).abs()
    };
    // A pawn-like piece's advance is worth most in the middlegame on the middle files, where
    // it takes the centre, and nothing on the edge files, where it only loosens its side's
    // shelter: its share of the bonus grows by file from the edge (`edge`, the file-centre
    // measure there) to the two files beside the board's middle line (`middle` steps of that
    // measure away); on a board with an odd number of files the centre file, a step further,
    // gets a little more than the whole bonus (8/7 in shogi).
    let edge = -(i32::from(geo.files) - 1);
    let middle = (-1 - edge).max(1);
    let centre_mean = squares.iter().map(|&s| centre(s)).sum::<i32>() / n;
    let file_mean = squares.iter().map(|&s| file_centre(s)).sum::<i32>() / n;
    // In the middlegame a royal piece is worth more towards the edge files, out of the
    // centre's lines — except where pieces are dropped, where its guards make its safety
    // and a drop reaches any file (in shogi the file term lost about 15 Elo), and where it
    // is confined to a zone (a palace: xiangqi lost about 20 Elo).
    let royal_file_step = |kind: usize| {
        if tables.hand.drops || tables.pieces[kind].confine.is_some() {
            0
        } else {
            4
        }
    };
    for (kind, prof) in profiles.iter().enumerate() {
        let k = et.kinds[kind];
        let value = k.value;
        for colour in Colour::BOTH {
            let c = Piece::new(kind, colour);
            for &s in &squares {
                let (_, rank) = geo.coords(s);
                let own_rank = if colour == Colour::White {
                    i32::from(rank)
                } else {
                    i32::from(geo.ranks) - 1 - i32::from(rank)
                };
                let geo_centre = centre(s) - centre_mean;
                let bonus = if k.royal {
                    Pair::new(
                        -12 * own_rank.min(4)
                            - royal_file_step(kind) * (file_centre(s) - file_mean),
                        5 * geo_centre,
                    )
                } else if k.pawn_like {
                    let p = i32::from(et.progress[kind][colour][s.index()]);
                    let gain = k.promotion_gain;
                    Pair::new(
                        p * 20 * (file_centre(s) - edge) / (PROGRESS_ONE * middle)
                            + 2 * (file_centre(s) - file_mean),
                        p * p * gain * 6 / (PROGRESS_ONE * PROGRESS_ONE * 100),
                    )
                } else {
                    let m = f64::from(prof.empty_targets[colour][s.index()]) - prof.empty_mean;
                    let root = prof.empty_mean.max(1.0).sqrt();
                    Pair::new(
                        (m * 10.0 / root) as i32 + geo_centre,
                        (m * 8.0 / root) as i32 + geo_centre,
                    )
                };
                let flag = flag_bonus(tables, kind, colour, s);
                out[c.index() * geo.size + s.index()] = Pair::new(value, value) + bonus + flag;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};
    use std::sync::Arc;

    use super::EvalTables;
    use crate::movegen::playout::{playout_move, shipped};
    use crate::movegen::{build_ruleset, legal_moves, make_move, position_from_fen};
    use crate::position::ruleset::Ruleset;
    use crate::position::Position;
    use crate::search::eval::cache::EvalCache;
    use crate::search::eval::evaluate;
    use crate::types::{Colour, Piece};
    use crate::variant::load_file;
    use crate::variant::weights::Weights;

    /// Plies of each playout.
    const PLIES: usize = 40;

    fn score(pos: &Position, et: &EvalTables) -> i32 {
        evaluate(pos, et, &mut EvalCache::default())
    }

    /// The rules of the shipped variant `variant`.
    fn shipped_rules(variant: &str) -> Arc<Ruleset> {
        build_ruleset(Arc::new(
            crate::variant::load_by_name(variant).expect("shipped"),
        ))
        .expect("builds")
    }

    /// The type whose letter is `letter`.
    fn kind_of(tables: &Ruleset, letter: char) -> usize {
        tables
            .variant
            .pieces
            .iter()
            .position(|p| p.id.letter() == letter)
            .expect("a piece of the variant")
    }

    /// The royal piece's middlegame square values on its first rank, file by file.
    fn royal_first_rank(variant: &str) -> Vec<i32> {
        let tables = shipped_rules(variant);
        let et = EvalTables::automatic(&tables);
        let royal = et
            .kinds
            .iter()
            .position(|k| k.royal)
            .expect("a royal piece");
        let geo = tables.geo;
        (0..geo.files)
            .map(|f| {
                et.psq(Piece::new(royal, Colour::White), geo.square(f, 0))
                    .mg
            })
            .collect()
    }

    /// A pawn's middlegame square values in chess, file by file from a to h, on `rank`
    /// (counted from 0).
    fn pawn_rank(rank: u8) -> Vec<i32> {
        let tables = shipped_rules("chess");
        let et = EvalTables::automatic(&tables);
        let pawn = kind_of(&tables, 'P');
        let geo = tables.geo;
        (0..geo.files)
            .map(|f| {
                et.psq(Piece::new(pawn, Colour::White), geo.square(f, rank))
                    .mg
            })
            .collect()
    }

    /// In the middlegame a pawn gains by advancing on the middle files (the d- and e-pawns
    /// most, the c- and f-pawns less) and not at all on the edge files: a2-a4 and h2-h4 leave
    /// its square value as it was, d2-d4 raises it.
    #[test]
    fn a_pawns_advance_counts_in_the_middlegame_by_how_central_its_file_is() {
        let (second, fourth) = (pawn_rank(1), pawn_rank(3));
        let gain: Vec<i32> = second.iter().zip(&fourth).map(|(a, b)| b - a).collect();
        assert_eq!(gain[0], 0, "{gain:?}");
        assert_eq!(gain[7], 0, "{gain:?}");
        assert!(gain[2] > gain[1] && gain[3] > gain[2], "{gain:?}");
        assert_eq!(gain[3], gain[4], "{gain:?}");
        assert_eq!(gain[..4], [gain[7], gain[6], gain[5], gain[4]], "{gain:?}");
    }

    /// In the middlegame a royal piece gains 8 cp per file from the middle files towards the
    /// edges in chess (a1 and h1 24 cp above d1 and e1); where pieces are dropped (shogi) or
    /// the royal piece is confined to a palace (xiangqi) every file of its first rank is
    /// alike.
    #[test]
    fn the_royal_piece_keeps_to_the_edge_files_where_free_and_nothing_is_dropped() {
        let chess = royal_first_rank("chess");
        let steps: Vec<i32> = chess.windows(2).map(|w| w[1] - w[0]).collect();
        assert_eq!(steps, [-8, -8, -8, 0, 8, 8, 8]);
        for variant in ["shogi", "xiangqi"] {
            let rank = royal_first_rank(variant);
            assert!(rank.iter().all(|&v| v == rank[0]), "{variant}: {rank:?}");
        }
    }

    /// The pieces whose strength lies along their file, which the half-open and open file
    /// bonuses reward: those with an unlimited slide straight forward that moves and
    /// captures, and no diagonal slide — the rook and (in capablanca) the chancellor, but not
    /// the queen; in shogi the rook and the dragon (whose diagonal moves are single steps),
    /// not the lance, which is pawn-like (it promotes and never retreats), nor the horse; in
    /// xiangqi the chariot, not the cannon, whose captures hop.
    #[test]
    fn file_riders_slide_forward_along_their_file_and_on_no_diagonal() {
        let riders = |variant: &str| {
            let tables = shipped_rules(variant);
            let et = EvalTables::automatic(&tables);
            let mut letters: Vec<String> = tables
                .variant
                .pieces
                .iter()
                .zip(&et.kinds)
                .filter(|(_, k)| k.file_rider)
                .map(|(p, _)| p.id.to_string())
                .collect();
            letters.sort_unstable();
            letters
        };
        assert_eq!(riders("chess"), ["R"]);
        assert_eq!(riders("capablanca"), ["C", "R"]);
        assert_eq!(riders("shogi"), ["D", "R"]);
        assert_eq!(riders("xiangqi"), ["R"]);
    }

    /// The threat term looks for a pawn-like piece's captures at its capture steps: for the
    /// shogi pawn the one step forward, towards the side's promotion zone, and for the
    /// makruk and chess pawns the two diagonal steps forward (their orthogonal steps do not
    /// capture; the chess pawn's diagonal steps may also capture en passant).
    #[test]
    fn pawn_capture_steps_are_the_steps_that_capture() {
        let steps = |variant: &str, colour: Colour| {
            let tables = shipped_rules(variant);
            let et = EvalTables::new(&tables);
            let pawn = kind_of(&tables, 'P');
            let geo = tables.geo;
            let from = geo.square(3, 3);
            let mut to: Vec<(u8, u8)> = et.capture_steps[pawn][colour]
                .iter()
                .map(|&off| geo.coords(from.offset(off)))
                .collect();
            to.sort_unstable();
            to
        };
        assert_eq!(steps("shogi", Colour::White), [(3, 4)]);
        assert_eq!(steps("shogi", Colour::Black), [(3, 2)]);
        assert_eq!(steps("makruk", Colour::White), [(2, 4), (4, 4)]);
        assert_eq!(steps("chess", Colour::White), [(2, 4), (4, 4)]);
        assert_eq!(steps("chess", Colour::Black), [(2, 2), (4, 2)]);
    }

    /// A weights file may weigh the mobility of a pawn-like type, which the automatic values
    /// leave out: then its moves are counted like any other type's. With the chess pawn's
    /// mobility at (160, 160), each of its moves adds 160 / 16 = 10 cp and its typical number
    /// stays the automatic 0. White's d2 pawn has 2 moves (d3, d4), Black's d5 pawn 1 (d4),
    /// the kings are royal (no mobility term) and every other weight is the same: White to
    /// move gains 10 × (2 − 1) = 10 cp.
    #[test]
    fn a_weighed_pawn_mobility_counts_the_pawns_moves() {
        let tables = build_ruleset(Arc::new(
            crate::variant::load_by_name("chess").expect("shipped"),
        ))
        .expect("builds");
        let automatic = EvalTables::automatic(&tables);
        let mut weights = automatic.weights();
        weights.pieces.get_mut("P").expect("a pawn").mobility = (160, 160);
        let mut weighed = EvalTables::automatic(&tables);
        weighed.apply(&weights);
        let pos = position_from_fen(tables, "4k3/8/8/3p4/8/8/3P4/4K3 w - - 0 1").expect("FEN");
        assert_eq!(score(&pos, &weighed) - score(&pos, &automatic), 10);
    }

    /// For every shipped variant, the automatic values written as a weights file, read back
    /// and applied give the same weights and the same evaluation at every position of a
    /// playout: a file lists everything the automatic values set.
    #[test]
    fn automatic_weights_written_and_read_back_evaluate_every_position_alike() {
        for (n, name, tables) in shipped() {
            let automatic = EvalTables::automatic(&tables);
            let written = automatic.weights();
            let read = Weights::parse(&written.to_ron(), &name).expect("written weights read");
            assert_eq!(read, written, "{name}");
            read.check(&tables.variant).expect("they fit their variant");
            let mut applied = EvalTables::automatic(&tables);
            applied.apply(&read);
            let mut pos = Position::start(tables);
            let mut legal = Vec::new();
            for ply in 0..PLIES {
                assert_eq!(
                    score(&pos, &applied),
                    score(&pos, &automatic),
                    "{name} at {}",
                    pos.to_fen()
                );
                legal_moves(&mut pos, &mut legal);
                if legal.is_empty() {
                    break;
                }
                make_move(&mut pos, playout_move(&legal, ply, n));
            }
        }
    }

    /// A folder of its own in the system's temporary folder, holding a copy of chess.
    fn chess_folder(label: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("alfil-weights-{label}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let text = crate::variant::embedded::embedded_text("chess").expect("chess is built in");
        std::fs::write(dir.join("chess.ron"), text).expect("the variant file is written");
        dir
    }

    fn chess_from(dir: &Path) -> Arc<Ruleset> {
        let variant = load_file(&dir.join("chess.ron")).expect("the copy loads");
        build_ruleset(Arc::new(variant)).expect("its ruleset builds")
    }

    /// A weights file beside a variant file is read in place of the automatic values: its
    /// tempo is added as it stands, and its square tables are White's view from the top rank
    /// down, Black's the same mirrored (so a bonus on e4 for White's knight is one on e5 for
    /// Black's).
    #[test]
    fn a_weights_file_beside_a_variant_file_weighs_what_it_says() {
        let dir = chess_folder("fit");
        let tables = chess_from(&dir);
        let automatic = EvalTables::automatic(&tables);
        let mut weights = automatic.weights();
        weights.tempo += 50;
        let knight = weights.pieces.get_mut("N").expect("chess has a knight");
        // Row 4 from the top of an 8-rank board is rank 4; file 4 is e.
        knight.squares[4][4].0 += 40;
        knight.squares[4][4].1 += 40;
        std::fs::write(dir.join("chess.weights.ron"), weights.to_ron()).expect("written");
        let et = EvalTables::new(&tables);
        assert_eq!(et.weights_warning, None);
        assert!(et.weights_file.is_some(), "the file is used");
        let rise = |fen: &str| {
            let pos = position_from_fen(tables.clone(), fen).expect("a legal position");
            score(&pos, &et) - score(&pos, &automatic)
        };
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(rise(start), 50, "the tempo");
        let white_e4 = "r1bqkbnr/pppppppp/2n5/8/4N3/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1";
        assert_eq!(rise(white_e4), 50 + 40, "White's knight on e4");
        let black_e5 = "r1bqkbnr/pppppppp/8/4n3/8/2N5/PPPPPPPP/R1BQKBNR w KQkq - 0 1";
        assert_eq!(rise(black_e5), 50 - 40, "Black's knight on e5");
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A variant file that inherits another with the same board and pieces takes the weights
    /// beside its parent; one that changes a piece's moves does not (its values are its own
    /// automatic ones).
    #[test]
    fn an_inheriting_variant_takes_its_parents_weights_only_with_the_same_pieces() {
        let dir = chess_folder("kin");
        let tables = chess_from(&dir);
        let mut weights = EvalTables::automatic(&tables).weights();
        weights.tempo += 30;
        std::fs::write(dir.join("chess.weights.ron"), weights.to_ron()).expect("written");
        let child = |file: &str, text: &str| {
            std::fs::write(dir.join(file), text).expect("written");
            let variant = load_file(&dir.join(file)).expect("the child loads");
            EvalTables::new(&build_ruleset(Arc::new(variant)).expect("its ruleset builds"))
        };
        let same = child(
            "nocastle.ron",
            "(name: \"nocastle\", inherits: \"chess\", start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\")",
        );
        assert_eq!(same.weights_warning, None);
        assert_eq!(
            same.weights_file,
            Some(dir.join("chess.weights.ron").display().to_string())
        );
        assert_eq!(same.weights().tempo, weights.tempo);
        let changed = child(
            "wideknight.ron",
            "(name: \"wideknight\", inherits: \"chess\", pieces: [(letter: 'N', name: \"knight\", moves: \"NW\")])",
        );
        assert_eq!(changed.weights_file, None);
        assert_eq!(changed.weights_warning, None);
        assert_eq!(changed.weights().tempo, weights.tempo - 30);
        std::fs::remove_dir_all(&dir).ok();
    }

    /// A weights file that does not read or does not fit its variant is not used: the
    /// automatic values are, and the reason names the file.
    #[test]
    fn weights_that_do_not_fit_are_refused_with_the_reason() {
        let dir = chess_folder("misfit");
        let tables = chess_from(&dir);
        let automatic = EvalTables::automatic(&tables);
        let good = automatic.weights();
        let file = dir.join("chess.weights.ron");
        let label = file.display().to_string();
        let mut other_variant = good.clone();
        other_variant.variant = "xiangqi".to_string();
        let mut unknown_piece = good.clone();
        let knight = unknown_piece.pieces.remove("N").expect("a knight");
        unknown_piece.pieces.insert("X".to_string(), knight);
        let mut missing_piece = good.clone();
        missing_piece.pieces.remove("Q");
        let mut short_table = good.clone();
        short_table
            .pieces
            .get_mut("R")
            .expect("a rook")
            .squares
            .pop();
        let cases = [
            (
                other_variant.to_ron(),
                format!("{label}: the weights are for `xiangqi`, not `chess`"),
            ),
            (
                unknown_piece.to_ron(),
                format!("{label}: piece `X` is not a piece of chess (its pieces: P N B R Q K)"),
            ),
            (
                missing_piece.to_ron(),
                format!("{label}: piece `Q` of chess has no weights"),
            ),
            (
                short_table.to_ron(),
                format!("{label}: piece `R`: the square table must have 8 rows of 8 values"),
            ),
            (
                // Column 28 is the `7`, where the map of pieces should open.
                "(variant: \"chess\", pieces: 7)".to_string(),
                format!("{label}:1:28: Expected opening `{{`"),
            ),
        ];
        let start = Position::start(tables.clone());
        for (text, reason) in cases {
            std::fs::write(&file, text).expect("written");
            let et = EvalTables::new(&tables);
            assert_eq!(et.weights_file, None);
            let warning = et.weights_warning.clone().expect("a reason");
            assert!(
                warning.starts_with(&reason) && warning.ends_with("the automatic values are used"),
                "{warning}"
            );
            assert_eq!(score(&start, &et), score(&start, &automatic));
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    /// With a typical number of 4 (√4 = 2), `2 √mean (√d − √mean)` in 16ths of a
    /// destination: 0 at 4; 2·2·(0 − 2) = −8 destinations' worth at none (a straight line
    /// gives −4); 2·2·(3 − 2) = 4 at 9 (a line gives 5); 2·2·(4 − 2) = 8 at 16 (a line
    /// gives 12). A type that is not concave scores the line.
    #[test]
    fn mobility_bends_below_and_above_the_typical_number_and_stays_straight_for_a_hopper() {
        let bent = super::Mobility {
            mean: 4,
            weight: super::Pair::new(16, 16),
            concave: true,
        };
        let straight = super::Mobility {
            concave: false,
            ..bent
        };
        let worth = |m: super::Mobility, d: i32| f64::from(m.curve(d)) / 16.0;
        assert_eq!([0, 4, 9, 16].map(|d| worth(bent, d)), [-8.0, 0.0, 4.0, 8.0]);
        assert_eq!(
            [0, 4, 9, 16].map(|d| worth(straight, d)),
            [-4.0, 0.0, 5.0, 12.0]
        );
    }

    /// The xiangqi cannon (`mRcpR`) hops to capture: its mobility is a straight line; the
    /// chariot (`R`) and the horse (`nN`) bend, as do all of chess's pieces with mobility.
    #[test]
    fn only_pieces_that_hop_keep_a_straight_mobility_line() {
        let concave = |variant: &str, letter: char| {
            let tables = shipped_rules(variant);
            let et = EvalTables::automatic(&tables);
            et.kinds[kind_of(&tables, letter)].mobility.concave
        };
        assert!(!concave("xiangqi", 'C'));
        assert!(concave("xiangqi", 'R'));
        assert!(concave("xiangqi", 'N'));
        for letter in ['N', 'B', 'R', 'Q'] {
            assert!(concave("chess", letter), "{letter}");
        }
    }
}
