//! What a board square holds, as one byte: empty, a wall (off the board or a hole in it), or a
//! piece of a kind and colour.

pub mod code {
    use crate::types::Colour;

    pub const EMPTY: u8 = 0;
    pub const WALL: u8 = 1;
    #[inline]
    pub fn piece(kind: usize, colour: Colour) -> u8 {
        (2 + kind * 2 + colour.index()) as u8
    }
    #[inline]
    pub fn kind(code: u8) -> usize {
        (code as usize - 2) >> 1
    }
    #[inline]
    pub fn colour(code: u8) -> Colour {
        if code & 1 == 0 {
            Colour::White
        } else {
            Colour::Black
        }
    }
    #[inline]
    pub fn is_piece(code: u8) -> bool {
        code >= 2
    }
}
