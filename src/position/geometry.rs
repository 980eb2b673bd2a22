//! Board geometry: the padded mailbox layout (a border of walls wide enough for the longest
//! single step) and square names.
//!
//! Files are `a`, `b`, … from White's left; ranks count from 1 in FEN and in the engine's own
//! notation. XBoard numbers the ranks of 10-rank boards 0..9; [`RankStyle`] selects that.

use crate::types::Square;

/// How rank numbers are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankStyle {
    /// 1, 2, … (FEN, UCI, Fairy-Stockfish).
    FromOne,
    /// XBoard's convention: 0..9 on boards with exactly 10 ranks, else from 1.
    XBoard,
}

/// The shape of a padded board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Geometry {
    pub files: u8,
    pub ranks: u8,
    pub border: u8,
    /// Padded row length.
    pub stride: i16,
    /// Padded array length.
    pub size: usize,
}

impl Geometry {
    pub fn new(files: u8, ranks: u8, max_step: u8) -> Geometry {
        let border = max_step.max(1);
        let stride = i16::from(files) + 2 * i16::from(border);
        let size =
            usize::from(stride.unsigned_abs()) * (usize::from(ranks) + 2 * usize::from(border));
        Geometry {
            files,
            ranks,
            border,
            stride,
            size,
        }
    }

    /// Padded index of (file, rank), both 0-based.
    #[inline]
    pub fn square(&self, file: u8, rank: u8) -> Square {
        let border = usize::from(self.border);
        let stride = usize::from(self.stride.unsigned_abs());
        Square::from_index((usize::from(rank) + border) * stride + usize::from(file) + border)
    }

    /// The number of king moves between two squares of the board.
    #[inline]
    pub fn king_distance(&self, a: Square, b: Square) -> u8 {
        let (af, ar) = self.coords(a);
        let (bf, br) = self.coords(b);
        af.abs_diff(bf).max(ar.abs_diff(br))
    }

    /// (file, rank) of a padded index that lies on the board.
    #[inline]
    pub fn coords(&self, sq: Square) -> (u8, u8) {
        let stride = usize::from(self.stride.unsigned_abs());
        let border = usize::from(self.border);
        let rank = sq.index() / stride - border;
        let file = sq.index() % stride - border;
        (file as u8, rank as u8)
    }

    /// Whether a place of the padded array is a board square (not a border wall).
    pub fn on_board(&self, sq: Square) -> bool {
        let stride = usize::from(self.stride.unsigned_abs());
        let border = usize::from(self.border);
        let (file, rank) = (sq.index() % stride, sq.index() / stride);
        (border..border + usize::from(self.files)).contains(&file)
            && (border..border + usize::from(self.ranks)).contains(&rank)
    }

    /// The square `delta` places from `sq`, if it lies inside the padded array.
    pub fn step(&self, sq: Square, delta: i16) -> Option<Square> {
        let to = sq.offset(delta);
        (to.is_some() && to.index() < self.size).then_some(to)
    }

    /// The square at (file, rank), both 0-based, if on the board.
    pub fn square_at(&self, file: usize, rank: usize) -> Option<Square> {
        let file = u8::try_from(file).ok().filter(|&f| f < self.files)?;
        let rank = u8::try_from(rank).ok().filter(|&r| r < self.ranks)?;
        Some(self.square(file, rank))
    }

    /// Padded index for signed coordinates, if on the board.
    #[inline]
    pub fn checked_square(&self, file: i16, rank: i16) -> Option<Square> {
        if file >= 0 && rank >= 0 && file < i16::from(self.files) && rank < i16::from(self.ranks) {
            Some(self.square(file as u8, rank as u8))
        } else {
            None
        }
    }

    /// Offset of a vector in the padded array.
    #[inline]
    pub fn offset(&self, dx: i8, dy: i8) -> i16 {
        i16::from(dy) * self.stride + i16::from(dx)
    }

    /// The vector of an offset in the padded array ([`Geometry::offset`] undone): unique
    /// while the file step is smaller than the padding, as every step of a piece is.
    pub fn offset_delta(&self, offset: i16) -> (i16, i16) {
        let dy = (offset + self.stride / 2).div_euclid(self.stride);
        (offset - dy * self.stride, dy)
    }

    /// All on-board squares, rank by rank from White's first rank.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.ranks).flat_map(move |r| (0..self.files).map(move |f| self.square(f, r)))
    }

    pub fn file_char(file: u8) -> char {
        (b'a' + file) as char
    }

    pub fn rank_number(&self, rank: u8, style: RankStyle) -> u32 {
        match style {
            RankStyle::XBoard if self.ranks == 10 => u32::from(rank),
            _ => u32::from(rank) + 1,
        }
    }

    /// Name of a square, e.g. `e4`.
    pub fn name(&self, sq: Square, style: RankStyle) -> String {
        let (f, r) = self.coords(sq);
        format!("{}{}", Self::file_char(f), self.rank_number(r, style))
    }

    /// Parse a square name at the start of `text`; returns the square and the bytes used.
    pub fn parse_square(&self, text: &str, style: RankStyle) -> Option<(Square, usize)> {
        let bytes = text.as_bytes();
        let f = *bytes.first()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let file = f - b'a';
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 {
            return None;
        }
        let number: u32 = text[1..1 + digits].parse().ok()?;
        let rank = match style {
            RankStyle::XBoard if self.ranks == 10 => number,
            _ => number.checked_sub(1)?,
        };
        if file >= self.files || rank >= u32::from(self.ranks) {
            return None;
        }
        Some((self.square(file, rank as u8), 1 + digits))
    }
}
