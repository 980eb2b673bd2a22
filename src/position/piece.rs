//! What a board square holds, as one byte: empty, a wall (off the board or a hole in it), or a
//! piece of a kind and colour.

pub mod code {
    pub const EMPTY: u8 = 0;
    pub const WALL: u8 = 1;
    #[inline]
    pub fn piece(kind: usize, colour: usize) -> u8 {
        (2 + kind * 2 + colour) as u8
    }
    #[inline]
    pub fn kind(code: u8) -> usize {
        (code as usize - 2) >> 1
    }
    #[inline]
    pub fn colour(code: u8) -> usize {
        (code & 1) as usize
    }
    #[inline]
    pub fn is_piece(code: u8) -> bool {
        code >= 2
    }
}
