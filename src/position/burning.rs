//! Burning (tenjiku's fire demon, as HaChu plays it): a burner's move burns the enemy pieces
//! around where it stops, and a passive burner burns an enemy piece that moves next to it.

use super::moves::{Move, MoveKind};
use super::Position;
use crate::types::{Colour, Square};

/// The eight steps to the squares around a square.
const NEIGHBOURS: [(i16, i16); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

impl Position {
    /// The squares on the board around `at`.
    fn around(&self, at: Square) -> impl Iterator<Item = Square> + '_ {
        let geo = self.tables.geo;
        let (x, y) = geo.coords(at);
        NEIGHBOURS
            .iter()
            .filter_map(move |&(dx, dy)| geo.checked_square(i16::from(x) + dx, i16::from(y) + dy))
    }

    /// A burner of `us` stopping on `at` burns the enemy pieces on the squares around it;
    /// whether it burnt any.
    pub(super) fn burn_around(&mut self, at: Square, us: Colour) -> bool {
        let victims: arrayvec::ArrayVec<Square, 8> = self
            .around(at)
            .filter(|&sq| self.board[sq].is_piece() && self.board[sq].colour() != us)
            .collect();
        for &sq in &victims {
            self.capture(sq, us);
        }
        !victims.is_empty()
    }

    /// Whether the piece making `mv` (a plain move of either side, not yet made) is burned
    /// where it stops: a passive burner of the other side stands next to its destination. As
    /// in HaChu, the burners are those on the board before the move (a Lion's first leg taking
    /// one next to its destination does not save it). Drops, castling and walls burn nothing.
    pub fn burnt_on_arrival(&self, mv: Move) -> bool {
        let mover = self.board[mv.from];
        if mv.kind != MoveKind::Normal || !self.tables.burns_passively || !mover.is_piece() {
            return false;
        }
        let them = !mover.colour();
        self.around(mv.to).any(|sq| {
            let p = self.board[sq];
            p.is_of(them) && self.tables.pieces[p.kind()].burns_passively
        })
    }

    /// Whether `mv` (not yet made) burns a piece: its own mover, burned where it stops, or,
    /// for a burner's move, an enemy piece around where it stops that the move does not take.
    pub fn burns_something(&self, mv: Move) -> bool {
        if self.burnt_on_arrival(mv) {
            return true;
        }
        let mover = self.board[mv.from];
        mv.kind == MoveKind::Normal
            && mover.is_piece()
            && self.tables.pieces[mover.kind()].burns
            && self
                .around(mv.to)
                .any(|sq| !mv.kills.contains(&sq) && self.board[sq].is_of(!mover.colour()))
    }
}
