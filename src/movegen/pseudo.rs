//! Pseudo-legal move generation for the side to move: the moves of each of its pieces
//! (`walker`), castling by the variant's rule, drops while it may or must drop, and the walls
//! it may put instead of moving.

use super::sink::Sink;
use super::{attack, castling, drops, walker, walls};
use crate::position::Position;

/// All pseudo-legal moves of the side to move (only drops while it must drop), and the walls
/// it may put instead of moving.
pub fn generate<S: Sink>(pos: &Position, sink: &mut S) {
    let side = pos.side();
    let tables = &pos.tables;
    let obligation = drops::obligation(pos);
    if obligation == drops::Obligation::Free {
        for i in 0..pos.pieces(side).len() {
            let from = pos.pieces(side)[i];
            if !walker::piece_moves(pos, from, sink) {
                return;
            }
        }
        if S::QUIETS && !castling::generate(pos, sink) {
            return;
        }
    }
    if !S::QUIETS {
        return;
    }
    if tables.hand.drops && !drops::drops(pos, obligation, sink) {
        return;
    }
    if let Some(placement) = tables.variant.rules.wall_instead_of_move {
        // Not in check: Fairy-Stockfish generates no wall to block one.
        if obligation == drops::Obligation::Free && !attack::in_check(pos, side) {
            walls::walls(pos, placement, sink);
        }
    }
}
