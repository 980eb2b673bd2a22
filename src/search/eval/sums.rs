//! The evaluation's terms that the position keeps summed through make and unmake
//! ([`crate::position::square_sums`]): which lane holds what, the values of each piece on each
//! square, and the census read back from the sums instead of walking the pieces.
//!
//! The lanes of a colour: its material plus square bonuses (middlegame, endgame), its pieces'
//! phase weights, its officers' automatic material, its pieces that only advance, and per
//! colour-bound type with a pair bonus, how many of them stand on odd squares (file plus rank
//! odd; those on even squares are the type's count less those). The key covers the pieces of
//! pawn-like types, whose structure term a cache keeps.

use crate::position::square_sums::{Lanes, SquareValue, SquareValues, Sums, LANES};
use crate::position::Position;
use crate::types::{ByColour, Colour, Piece};

use super::pair::{Pair, PHASE_MAX};
use super::tables::{EvalTables, NO_SLOT, PAIR_SLOTS};
use super::{Census, Side};

const MG: usize = 0;
const EG: usize = 1;
const PHASE: usize = 2;
const OFFICERS: usize = 3;
const PAWNS: usize = 4;
/// The lane of pair slot 0's pieces on odd squares; slot `s` is in lane `ODD + s`.
const ODD: usize = 5;

const _: () = assert!(ODD + PAIR_SLOTS <= LANES, "every pair slot has a lane");

/// What each piece of `et`'s variant adds on each square.
pub fn square_values(et: &EvalTables) -> SquareValues {
    let tables = &et.tables;
    let geo = tables.geo;
    let codes = Piece::table_size(tables.pieces.len());
    let mut values = vec![SquareValue::default(); codes * geo.size];
    for (kind, k) in et.kinds.iter().enumerate() {
        for colour in Colour::BOTH {
            let piece = Piece::new(kind, colour);
            for sq in geo.squares() {
                let psq = et.psq(piece, sq);
                let mut lanes = [0; LANES];
                lanes[MG] = psq.mg;
                lanes[EG] = psq.eg;
                lanes[PHASE] = k.phase_weight;
                if k.advances_only {
                    lanes[PAWNS] = 1;
                } else if !k.royal {
                    lanes[OFFICERS] = k.automatic_value;
                    if k.pair_slot != NO_SLOT {
                        let (f, r) = geo.coords(sq);
                        lanes[ODD + usize::from(k.pair_slot)] = i32::from((f + r) & 1);
                    }
                }
                values[piece.index() * geo.size + sq.index()] = SquareValue {
                    lanes: Lanes(lanes),
                    key: if k.pawn_like {
                        tables.zobrist.piece(piece, sq, geo.size)
                    } else {
                        0
                    },
                };
            }
        }
    }
    SquareValues::new(values, geo.size)
}

/// The census of `pos` from its sums (see [`super::census`]), and the score, from White's
/// view, of the pieces' material and squares, colour-bound pairs and material in hand.
pub fn census(pos: &Position, et: &EvalTables, sums: &Sums) -> (Census, Pair) {
    let mut sides = ByColour([Side::default(); 2]);
    let mut phase = 0;
    let mut score = ByColour([Pair::default(); 2]);
    for colour in Colour::BOTH {
        let lanes = &sums.lanes[colour].0;
        let own = &mut score[colour];
        *own = Pair::new(lanes[MG], lanes[EG]);
        phase += lanes[PHASE];
        sides[colour] = Side {
            officers: lanes[OFFICERS],
            pawns: lanes[PAWNS],
        };
        for (slot, &kind) in et.pair_kinds.iter().enumerate() {
            let odd = lanes[ODD + slot];
            let even = i32::from(pos.count(colour, kind)) - odd;
            if odd > 0 && even > 0 {
                let bonus = et.kinds[kind].pair_bonus;
                *own += Pair::new(bonus, bonus);
            }
        }
    }
    if et.hand {
        super::hand_census(pos, et, &mut sides, &mut phase, |colour, kind, n| {
            let held = n * et.kinds[kind].hand_value;
            score[colour] += Pair::new(held, held);
        });
    }
    let census = Census {
        sides,
        phase: phase.min(et.phase_total) * PHASE_MAX / et.phase_total,
    };
    (census, score[Colour::White] - score[Colour::Black])
}
