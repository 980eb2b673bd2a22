//! Everything the evaluation knows about a variant, computed once from its tables: material
//! and piece-square values per piece code and square (centrality from each piece's own
//! empty-board mobility, forward progress for pieces that promote, the royal piece's shelter
//! and centralisation, a flag piece's approach to its zone), mobility weights, promotion
//! distances, pair bonuses, the phase weights of the material on the board, and the terms the
//! variant's winning rules call for (checks given, giveaway's reversed material).

use crate::types::{ByColour, Colour, Piece, Square};
use std::sync::Arc;

use super::pair::Pair;
use super::values::{profiles, Profile};
use crate::position::ruleset::Ruleset;
use crate::position::Position;
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
    /// Centipawns per destination, in 16ths.
    pub weight: Pair,
}

/// Pair-bonus slots: colour-bound piece types the evaluation tracks (any beyond get none).
pub const PAIR_SLOTS: usize = 8;
/// No pair-bonus slot.
pub const NO_SLOT: u8 = u8::MAX;

/// What the evaluation knows about one piece type.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kind {
    /// Material value (royal pieces 0).
    pub value: i32,
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
    /// Best promotion's value minus the piece's own.
    pub promotion_gain: i32,
    /// Weight in the game phase: the material of pieces neither royal nor pawn-like.
    pub phase_weight: i32,
    pub mobility: Mobility,
    /// Bonus for owning two of this colour-bound type on squares of both colours.
    pub pair_bonus: i32,
    /// Slot for tracking the square colours of this colour-bound type, or [`NO_SLOT`].
    pub pair_slot: u8,
}

/// Evaluation data of one variant.
#[derive(Debug)]
pub struct EvalTables {
    pub tables: Arc<Ruleset>,
    pub kinds: Vec<Kind>,
    /// Material plus square bonus, indexed `code * size + square`, from the owner's view.
    psq: Vec<Pair>,
    /// Per type, colour and padded square: progress towards the promotion zone in 64ths.
    pub progress: Vec<ByColour<Vec<u8>>>,
    /// Per type and colour: +1 if the piece promotes towards higher ranks, -1 if lower.
    pub forward: Vec<ByColour<i8>>,
    /// Phase weight of the start position (at least 1).
    pub phase_total: i32,
    /// Pieces can be held in hand (their material counts).
    pub hand: bool,
    /// -1 where losing every piece wins (giveaway), so that material counts against its
    /// owner; else 1.
    pub sign: i32,
    /// Bonus per check given, in n-check variants.
    pub check_bonus: i32,
}

impl EvalTables {
    pub fn new(tables: &Arc<Ruleset>) -> EvalTables {
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
                    order_value: if royal { top + 1000 } else { prof.value },
                    royal,
                    promotes,
                    pawn_like,
                    advances_only: !royal && prof.forward_only,
                    promotion_gain: (best - prof.value).max(0),
                    phase_weight: if royal || pawn_like { 0 } else { prof.value },
                    mobility: mobility(prof, royal || pawn_like),
                    pair_bonus: if pair_slot == NO_SLOT {
                        0
                    } else {
                        prof.pair_bonus
                    },
                    pair_slot,
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
        let start = Position::start(tables.clone());
        let phase_total = Colour::BOTH
            .into_iter()
            .flat_map(|c| start.pieces(c).iter().map(|&s| start.at(s)))
            .map(|c| kinds[c.kind()].phase_weight)
            .sum::<i32>()
            .max(1);
        let mut et = EvalTables {
            tables: tables.clone(),
            kinds,
            psq: Vec::new(),
            progress,
            forward,
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
        };
        et.psq = psq(&et, &profiles);
        et
    }

    /// Material plus square bonus of the piece `code` on `sq`, from its owner's view.
    #[inline]
    pub fn psq(&self, piece: Piece, sq: Square) -> Pair {
        self.psq[piece.index() * self.tables.geo.size + sq.index()]
    }
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

fn mobility(p: &Profile, exempt: bool) -> Mobility {
    if exempt || p.empty_mean < 0.5 {
        return Mobility::default();
    }
    let root = p.empty_mean.sqrt();
    Mobility {
        mean: p.crowded_mean.round() as i32,
        weight: Pair::new((16.0 * 12.0 / root) as i32, (16.0 * 16.0 / root) as i32),
    }
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
    let centre_mean = squares.iter().map(|&s| centre(s)).sum::<i32>() / n;
    let file_mean = squares.iter().map(|&s| file_centre(s)).sum::<i32>() / n;
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
                    Pair::new(-12 * own_rank.min(4), 5 * geo_centre)
                } else if k.pawn_like {
                    let p = i32::from(et.progress[kind][colour][s.index()]);
                    let gain = k.promotion_gain;
                    Pair::new(
                        p * 20 / PROGRESS_ONE + 2 * (file_centre(s) - file_mean),
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
