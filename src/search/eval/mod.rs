//! Static evaluation, from the side to move's view, built for every variant from its piece
//! definitions and rules alone:
//! - material and piece-square values (`tables`, from `values`);
//! - pawn structure for pawn-like pieces (`pawns`: pieces that promote and never retreat);
//! - mobility and attacks near the royal pieces (`mobility`), royal safety (`royal`);
//! - a pair bonus for colour-bound pieces, material in hand, checks given in n-check variants.
//!
//! All are tapered between middlegame and endgame by the material on the board (`pair`). The
//! score is reversed where losing every piece wins, and scaled towards a draw where the
//! stronger side has no pawn-like pieces and too little extra material to win.
//!
//! The evaluation is lazy: when material, squares and pawns alone put the score far outside
//! the search window, the costlier mobility pass is skipped.

pub mod mobility;
pub mod pair;
pub mod pawns;
pub mod royal;
pub mod tables;
pub mod values;

use crate::types::{ByColour, Colour};
use pair::{Pair, PHASE_MAX};
use pawns::Structure;
use tables::{EvalTables, NO_SLOT, PAIR_SLOTS};

use super::MATE_BOUND;
use crate::position::Position;

/// Bonus for the side to move.
const TEMPO: i32 = 10;
/// How far outside the window the cheap terms must put the score to skip the rest.
const LAZY_MARGIN: i32 = 400;
/// Extra material (beyond the opponent's) below which a side without promoting pieces is
/// not expected to win.
const WINNING_MATERIAL: i32 = 400;

/// Material and presence totals of one side.
#[derive(Clone, Copy, Default)]
struct Side {
    /// Material of pieces neither royal nor pawn-like (in hand included).
    officers: i32,
    /// Pawn-like pieces (on the board or in hand).
    pawns: i32,
}

/// Evaluate `pos` for the side to move. `alpha` and `beta` are the search window: a score
/// far outside it may be returned without the costly terms.
pub fn evaluate(pos: &Position, et: &EvalTables, alpha: i32, beta: i32) -> i32 {
    let geo = pos.geo();
    let mut score = Pair::default();
    let mut sides = ByColour([Side::default(); 2]);
    let mut phase = 0;
    let mut structure = Structure::new();
    let mut bound = ByColour([[0u8; PAIR_SLOTS]; 2]);
    for colour in Colour::BOTH {
        let side = &mut sides[colour];
        let mut own = Pair::default();
        for &sq in pos.pieces(colour) {
            let piece = pos.at(sq);
            let kind = piece.kind();
            let k = &et.kinds[kind];
            own += et.psq(piece, sq);
            phase += k.phase_weight;
            if k.pawn_like {
                side.pawns += 1;
                structure.add(geo, colour, sq, kind);
            } else if !k.royal {
                side.officers += k.value;
                if k.pair_slot != NO_SLOT {
                    let (f, r) = geo.coords(sq);
                    let slot = &mut bound[colour][usize::from(k.pair_slot)];
                    *slot |= 1 << ((f + r) & 1);
                    if *slot == 3 {
                        *slot = 7;
                        own += Pair::new(k.pair_bonus, k.pair_bonus);
                    }
                }
            }
        }
        if et.hand {
            own += in_hand(pos, et, colour, side, &mut phase);
        }
        score += if colour == Colour::White { own } else { -own };
    }
    score += structure.evaluate(et, geo.files);
    if et.check_bonus != 0 {
        let lead =
            i32::from(pos.checks_given(Colour::White)) - i32::from(pos.checks_given(Colour::Black));
        score += Pair::new(lead * et.check_bonus, lead * et.check_bonus);
    }
    let phase = phase.min(et.phase_total) * PHASE_MAX / et.phase_total;
    let lazy = finish(score, phase, &sides, pos.side(), et.sign);
    if lazy + LAZY_MARGIN <= alpha || lazy - LAZY_MARGIN >= beta {
        return lazy;
    }
    let activity = mobility::evaluate(pos, et);
    score += activity.mobility + royal::evaluate(pos, et, &activity.attacks);
    finish(score, phase, &sides, pos.side(), et.sign)
}

/// Material of the pieces `colour` holds in hand.
fn in_hand(
    pos: &Position,
    et: &EvalTables,
    colour: Colour,
    side: &mut Side,
    phase: &mut i32,
) -> Pair {
    let mut total = 0;
    for (kind, k) in et.kinds.iter().enumerate() {
        let n = i32::from(pos.in_hand(colour, kind));
        if n == 0 {
            continue;
        }
        total += n * k.value;
        *phase += n * k.phase_weight;
        if k.pawn_like {
            side.pawns += n;
        } else {
            side.officers += n * k.value;
        }
    }
    Pair::new(total, total)
}

/// Taper, scale drawish material, add the tempo and turn to the side to move's view.
fn finish(score: Pair, phase: i32, sides: &ByColour<Side>, to_move: Colour, sign: i32) -> i32 {
    let mut white = sign * score.taper(phase);
    let strong = if white > 0 {
        Colour::White
    } else {
        Colour::Black
    };
    let (s, w) = (sides[strong], sides[!strong]);
    if s.pawns == 0 && s.officers - w.officers < WINNING_MATERIAL {
        white /= 4;
    }
    let own = if to_move == Colour::White {
        white
    } else {
        -white
    };
    (own + TEMPO).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}
