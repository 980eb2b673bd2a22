//! Static evaluation, from the side to move's view, built for every variant from its piece
//! definitions and rules alone:
//! - material and piece-square values (`tables`, from `values`);
//! - pawn structure for pawn-like pieces (`pawns`: pieces that promote and never retreat);
//! - mobility, threats on pieces worth more than their attacker, and attacks near the royal
//!   pieces (`mobility`), royal safety (`royal`);
//! - in the endgame, the royal pieces' distances from the passed pawns' paths (`escort`);
//! - a pair bonus for colour-bound pieces, material in hand, checks given in n-check variants.
//!
//! All are tapered between middlegame and endgame by the material on the board (`pair`). The
//! score is reversed where losing every piece wins, and scaled towards a draw where the
//! stronger side has no piece that only advances (pawns, soldiers) and too little extra material
//! to win.
//!
//! Material, squares and the census of the pieces are kept summed by the position through make
//! and unmake (`sums`); the pawn structure of a set of pawns seen recently comes from the
//! thread's cache. The evaluation is a function of the position alone, whatever window the
//! search asks it in: the costlier mobility pass is always made, and a position seen recently
//! takes it from the thread's cache (`cache`).

pub mod cache;
pub mod escort;
pub mod mobility;
pub mod pair;
pub mod pawns;
pub mod promotion;
pub mod royal;
pub mod sums;
pub mod tables;
pub mod trace;
pub mod values;

use crate::types::{ByColour, Colour, Piece, Square};
use cache::{EvalCache, TermCache};
use pair::{Pair, PHASE_MAX};
use pawns::{PawnTerms, Structure};
use tables::{EvalTables, NO_SLOT, PAIR_SLOTS};

use super::MATE_BOUND;
use crate::position::Position;

/// Extra material (beyond the opponent's) below which a side without promoting pieces is
/// not expected to win.
const WINNING_MATERIAL: i32 = 400;

/// Material and presence totals of one side.
#[derive(Clone, Copy, Default)]
pub(super) struct Side {
    /// Material of pieces neither royal nor advancing only (in hand included).
    officers: i32,
    /// Pieces that only advance (on the board or in hand): pawns and soldiers.
    pawns: i32,
}

/// What one walk over the pieces on the board and in hand finds besides their own values
/// and the pawn structure: the sides' material totals and the game phase (0 …
/// [`PHASE_MAX`]).
pub(super) struct Census {
    pub sides: ByColour<Side>,
    pub phase: i32,
}

/// Walk the pieces of `pos`: `placed` is called for every piece on the board, `paired` for
/// every colour-bound type once a side has it on both square colours, and `held` for every
/// type a side holds in hand, with the number held.
pub(super) fn census(
    pos: &Position,
    et: &EvalTables,
    mut placed: impl FnMut(Colour, Piece, Square),
    mut paired: impl FnMut(Colour, usize),
    held: impl FnMut(Colour, usize, i32),
) -> Census {
    let geo = pos.geo();
    let mut sides = ByColour([Side::default(); 2]);
    let mut phase = 0;
    let mut bound = ByColour([[0u8; PAIR_SLOTS]; 2]);
    for colour in Colour::BOTH {
        let side = &mut sides[colour];
        for &sq in pos.pieces(colour) {
            let piece = pos.at(sq);
            let kind = piece.kind();
            let k = &et.kinds[kind];
            placed(colour, piece, sq);
            phase += k.phase_weight;
            if k.advances_only {
                side.pawns += 1;
            } else if !k.royal {
                side.officers += k.automatic_value;
                if k.pair_slot != NO_SLOT {
                    let (f, r) = geo.coords(sq);
                    let slot = &mut bound[colour][usize::from(k.pair_slot)];
                    *slot |= 1 << ((f + r) & 1);
                    if *slot == 3 {
                        *slot = 7;
                        paired(colour, kind);
                    }
                }
            }
        }
    }
    if et.hand {
        hand_census(pos, et, &mut sides, &mut phase, held);
    }
    Census {
        sides,
        phase: phase.min(et.phase_total) * PHASE_MAX / et.phase_total,
    }
}

/// Add the pieces in hand to the sides' material and the phase, calling `held` for every type
/// a side holds, with the number held.
pub(super) fn hand_census(
    pos: &Position,
    et: &EvalTables,
    sides: &mut ByColour<Side>,
    phase: &mut i32,
    mut held: impl FnMut(Colour, usize, i32),
) {
    for colour in Colour::BOTH {
        let side = &mut sides[colour];
        for (kind, k) in et.kinds.iter().enumerate() {
            let n = i32::from(pos.in_hand(colour, kind));
            if n == 0 {
                continue;
            }
            held(colour, kind, n);
            *phase += n * k.phase_weight;
            if k.advances_only {
                side.pawns += n;
            } else {
                side.officers += n * k.automatic_value;
            }
        }
    }
}

/// What White's lead in checks given is worth in n-check variants (0 elsewhere).
pub(super) fn checks_lead(pos: &Position, et: &EvalTables) -> i32 {
    if et.check_bonus == 0 {
        return 0;
    }
    let lead =
        i32::from(pos.checks_given(Colour::White)) - i32::from(pos.checks_given(Colour::Black));
    lead * et.check_bonus
}

/// Evaluate `pos` for the side to move; `cache` may hold its costly terms.
pub fn evaluate(pos: &Position, et: &EvalTables, cache: &mut EvalCache) -> i32 {
    let sums = pos.sums(&et.square_values);
    let (Census { sides, phase }, mut score) = sums::census(pos, et, &sums);
    let pawns = structure(pos, et, sums.key, &mut cache.structure);
    score += pawns.score;
    let lead = checks_lead(pos, et);
    score += Pair::new(lead, lead);
    score += match cache.activity.get(pos.hash()) {
        Some(terms) => terms,
        None => {
            let terms = activity(pos, et, pawns.passers);
            cache.activity.put(pos.hash(), terms);
            terms
        }
    };
    finish(score, phase, &sides, pos.side(), et)
}

/// The pawn structure's score from White's view and whether it has a passed pawn, for the
/// pawn-like pieces whose key is `key` (0: none), from `cache` when it holds it.
fn structure(
    pos: &Position,
    et: &EvalTables,
    key: u64,
    cache: &mut TermCache<PawnTerms>,
) -> PawnTerms {
    if key == 0 {
        return PawnTerms::default();
    }
    if let Some(score) = cache.get(key) {
        return score;
    }
    let score = pawn_structure(pos, et);
    cache.put(key, score);
    score
}

/// The pawn structure's score from White's view and whether it has a passed pawn, from the
/// pawn-like pieces on the board.
pub fn pawn_structure(pos: &Position, et: &EvalTables) -> PawnTerms {
    Structure::of(pos, et).evaluate(et, pos.geo().files)
}

/// Mobility, royal safety and (where the pawn structure has `passers`) the escort of passed
/// pawns, from White's view: the costly terms, which the cache keeps.
pub fn activity(pos: &Position, et: &EvalTables, passers: bool) -> Pair {
    let pass = mobility::evaluate(pos, et);
    let escort = if passers {
        escort::evaluate(pos, et)
    } else {
        Pair::default()
    };
    pass.mobility + royal::evaluate(pos, et, &pass.attacks) + escort
}

/// Taper, scale drawish material, add the tempo and turn to the side to move's view.
fn finish(
    score: Pair,
    phase: i32,
    sides: &ByColour<Side>,
    to_move: Colour,
    et: &EvalTables,
) -> i32 {
    let mut white = et.sign * score.taper(phase);
    if drawish(white, sides) {
        white /= 4;
    }
    let own = if to_move == Colour::White {
        white
    } else {
        -white
    };
    (own + et.tempo).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

/// Whether the side ahead by the score `white` (White's view) has no pawn and too little
/// extra material to expect a win: the score is then cut to a quarter.
fn drawish<T: Default + PartialOrd>(white: T, sides: &ByColour<Side>) -> bool {
    let strong = if white > T::default() {
        Colour::White
    } else {
        Colour::Black
    };
    let (s, w) = (sides[strong], sides[!strong]);
    s.pawns == 0 && s.officers - w.officers < WINNING_MATERIAL
}

/// What the evaluation's tests share.
#[cfg(test)]
pub(crate) mod testing {
    use std::sync::Arc;

    use super::tables::EvalTables;
    use crate::movegen::{build_ruleset, position_from_fen};
    use crate::position::Position;

    /// `fen` in the shipped `variant` (its start position where `fen` is empty), with its
    /// automatic evaluation tables.
    pub fn setup(variant: &str, fen: &str) -> (Position, EvalTables) {
        let tables = build_ruleset(Arc::new(
            crate::variant::load_by_name(variant).expect("shipped"),
        ))
        .expect("builds");
        let et = EvalTables::automatic(&tables);
        let pos = if fen.is_empty() {
            Position::start(tables)
        } else {
            position_from_fen(tables, fen).expect("FEN")
        };
        (pos, et)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::evaluate;
    use super::tables::EvalTables;
    use crate::movegen::{build_ruleset, position_from_fen};
    use crate::variant::load_by_name;

    /// Xiangqi's soldiers never promote, but they only advance: like pawns they keep a side's
    /// winning chances, so a horse up in the start position is worth most of a horse. (With
    /// no pawn-like piece on either side, the drawish-material scaling cut it to a quarter.)
    #[test]
    fn a_horse_up_in_xiangqi_is_not_scaled_towards_a_draw() {
        let variant = load_by_name("xiangqi").expect("xiangqi loads");
        let ruleset = build_ruleset(Arc::new(variant)).expect("its ruleset builds");
        let et = EvalTables::new(&ruleset);
        let horse = ruleset
            .pieces
            .iter()
            .position(|p| p.id.letter() == 'N')
            .expect("xiangqi has a horse");
        let full = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let horse_up = "r1bakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        let score = |fen: &str| {
            let pos = position_from_fen(ruleset.clone(), fen).expect("a legal position");
            let mut cache = super::cache::EvalCache::default();
            evaluate(&pos, &et, &mut cache)
        };
        let gained = score(horse_up) - score(full);
        assert!(
            gained > et.kinds[horse].value / 2,
            "a horse up gains {gained} cp, a horse is worth {}",
            et.kinds[horse].value
        );
    }
}
