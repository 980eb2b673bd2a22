//! Walls put instead of a move (`wall_instead_of_move`): the squares where the rule lets a
//! side put one, each a [`Move::wall`].

use super::Sink;
use crate::position::moves::Move;
use crate::position::Position;
use crate::types::Piece;
use crate::variant::schema::WallPlacement;

/// The wall placements of the side to move. Returns false if the sink asked to stop.
pub fn walls<S: Sink>(pos: &Position, placement: WallPlacement, sink: &mut S) -> bool {
    // The move names one of the mover's pieces, which stays where it is.
    let Some(&by) = pos.pieces(pos.side()).first() else {
        return true;
    };
    let stride = pos.geo().stride;
    for &sq in &pos.tables.board_squares {
        if pos.at(sq) != Piece::EMPTY {
            continue;
        }
        let allowed = match placement {
            // Beside the border (the padding around the board is wall) or beside a wall.
            WallPlacement::Edge => [1, -1, stride, -stride]
                .into_iter()
                .any(|step| pos.at(sq.offset(step)) == Piece::WALL),
        };
        if allowed && !sink.push(Move::wall(by, sq)) {
            return false;
        }
    }
    true
}
