//! Squares of the padded mailbox board, and tables kept per square.

use std::ops::{Index, IndexMut};

/// A square: its place in the padded board array (see `position::Geometry`). Place 0 is a
/// wall corner of every board, so [`Square::NONE`] can stand for "no square".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u16);

impl Square {
    /// No square: the wall corner at place 0, which no piece ever stands on.
    pub const NONE: Square = Square(0);

    /// A place past the end of every board's array, for "no square" where the corner at
    /// place 0 must stay a wall.
    pub const OUTSIDE: Square = Square(u16::MAX);

    /// The square at `index` of the padded array; boards never exceed `u16` places.
    #[inline(always)]
    pub fn from_index(index: usize) -> Square {
        debug_assert!(index <= usize::from(u16::MAX));
        Square(index as u16)
    }

    /// Its place in the padded array.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its place as the 16-bit number it is stored as (for packing a move into a key).
    #[inline(always)]
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// The square `delta` places further along the padded array.
    #[inline(always)]
    pub const fn offset(self, delta: i16) -> Square {
        Square(self.0.wrapping_add_signed(delta))
    }

    /// The offset that leads from `from` to this square.
    #[inline(always)]
    pub const fn delta_from(self, from: Square) -> i16 {
        self.0.wrapping_sub(from.0) as i16
    }

    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    pub const fn is_some(self) -> bool {
        self.0 != 0
    }
}

/// A value for every place of a padded board, indexed by [`Square`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BySquare<T>(Vec<T>);

impl<T: Clone> BySquare<T> {
    /// `size` places, each holding `value`.
    pub fn new(size: usize, value: T) -> BySquare<T> {
        BySquare(vec![value; size])
    }
}

impl<T> BySquare<T> {
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every place, in array order (a square's index is its place).
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }

    /// Every place with its square, in array order.
    pub fn iter(&self) -> impl Iterator<Item = (Square, &T)> + '_ {
        self.0
            .iter()
            .enumerate()
            .map(|(i, v)| (Square::from_index(i), v))
    }
}

impl<T> Default for BySquare<T> {
    fn default() -> BySquare<T> {
        BySquare(Vec::new())
    }
}

impl<T> FromIterator<T> for BySquare<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> BySquare<T> {
        BySquare(iter.into_iter().collect())
    }
}

impl<T> Index<Square> for BySquare<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, sq: Square) -> &T {
        &self.0[sq.index()]
    }
}

impl<T> IndexMut<Square> for BySquare<T> {
    #[inline(always)]
    fn index_mut(&mut self, sq: Square) -> &mut T {
        &mut self.0[sq.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_lead_back_to_their_square() {
        let a = Square::from_index(40);
        let b = a.offset(-13);
        assert_eq!(b.index(), 27);
        assert_eq!(a.delta_from(b), 13);
        assert_eq!(b.delta_from(a), -13);
        assert_eq!(b.offset(13), a);
    }

    #[test]
    fn place_zero_is_no_square() {
        assert!(Square::NONE.is_none());
        assert!(Square::from_index(1).is_some());
    }
}
