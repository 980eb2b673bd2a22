//! What a square of the padded board holds, in one byte: nothing, a wall (the border or a hole
//! in the board), or a piece of a kind and colour.

use super::Colour;

/// The contents of a square: [`Piece::EMPTY`], [`Piece::WALL`], or a piece of a kind (the
/// index of its type in the variant) and a colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    /// An empty square.
    pub const EMPTY: Piece = Piece(0);
    /// A wall: off the board, or a hole in it.
    pub const WALL: Piece = Piece(1);

    /// The piece of type `kind` and `colour`; a variant has at most 127 piece types.
    #[inline(always)]
    pub fn new(kind: usize, colour: Colour) -> Piece {
        debug_assert!(kind < 127);
        Piece((2 + kind * 2 + colour.index()) as u8)
    }

    /// How many values a table kept per square content needs for `kinds` piece types.
    pub const fn table_size(kinds: usize) -> usize {
        2 + 2 * kinds
    }

    /// Whether a piece stands here (not empty, not a wall).
    #[inline(always)]
    pub const fn is_piece(self) -> bool {
        self.0 >= 2
    }

    /// The piece's type index. Only for a piece.
    #[inline(always)]
    pub const fn kind(self) -> usize {
        (self.0 as usize - 2) >> 1
    }

    /// The piece's colour. Only for a piece.
    #[inline(always)]
    pub const fn colour(self) -> Colour {
        if self.0 & 1 == 0 {
            Colour::White
        } else {
            Colour::Black
        }
    }

    /// Whether a piece of `colour` stands here.
    #[inline(always)]
    pub const fn is_of(self, colour: Colour) -> bool {
        self.is_piece() && self.0 & 1 == colour.index() as u8
    }

    /// Its place in a table kept per square content (see [`Piece::table_size`]).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_keeps_its_kind_and_colour() {
        for kind in [0, 1, 5, 126] {
            for colour in Colour::BOTH {
                let p = Piece::new(kind, colour);
                assert!(p.is_piece());
                assert_eq!((p.kind(), p.colour()), (kind, colour));
                assert!(p.is_of(colour) && !p.is_of(!colour));
                assert!(p.index() < Piece::table_size(kind + 1));
            }
        }
    }

    #[test]
    fn empty_and_wall_are_no_pieces() {
        for c in [Piece::EMPTY, Piece::WALL] {
            assert!(!c.is_piece());
            assert!(!c.is_of(Colour::White) && !c.is_of(Colour::Black));
        }
    }
}
