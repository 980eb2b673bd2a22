//! The two colours, and a value kept for each of them.

use std::ops::{Index, IndexMut, Not};

/// A side: White moves first and writes its pieces in upper case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    /// White, then Black.
    pub const BOTH: [Colour; 2] = [Colour::White, Colour::Black];

    /// 0 for White, 1 for Black: the place of the colour's value in a table.
    #[inline(always)]
    pub const fn index(self) -> usize {
        match self {
            Colour::White => 0,
            Colour::Black => 1,
        }
    }

    /// The colour whose pieces a FEN writes this way: lower case is Black.
    pub fn of_letter(letter: char) -> Colour {
        if letter.is_ascii_lowercase() {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// `White` or `Black`, as result texts write it.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::White => "White",
            Colour::Black => "Black",
        }
    }

    /// `w` or `b`, as a FEN's side-to-move field writes it.
    pub const fn fen_letter(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }
}

impl Not for Colour {
    type Output = Colour;
    #[inline(always)]
    fn not(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// A value for each colour, indexed by [`Colour`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColour<T>(pub [T; 2]);

impl<T> ByColour<T> {
    pub const fn new(white: T, black: T) -> ByColour<T> {
        ByColour([white, black])
    }

    /// The value `f` gives for each colour.
    pub fn from_fn(mut f: impl FnMut(Colour) -> T) -> ByColour<T> {
        ByColour([f(Colour::White), f(Colour::Black)])
    }

    /// Each colour's value changed by `f`.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColour<U> {
        let [white, black] = self.0;
        ByColour([f(white), f(black)])
    }

    /// Each colour's value read through `f`.
    pub fn map_ref<U>(&self, mut f: impl FnMut(&T) -> U) -> ByColour<U> {
        ByColour([f(&self.0[0]), f(&self.0[1])])
    }

    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }
}

impl<T> Index<Colour> for ByColour<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, colour: Colour) -> &T {
        &self.0[colour.index()]
    }
}

impl<T> IndexMut<Colour> for ByColour<T> {
    #[inline(always)]
    fn index_mut(&mut self, colour: Colour) -> &mut T {
        &mut self.0[colour.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_other_colour_and_the_tables() {
        assert_eq!(!Colour::White, Colour::Black);
        assert_eq!(!!Colour::Black, Colour::Black);
        let mut counts = ByColour::new(3, 5);
        counts[Colour::Black] += 1;
        assert_eq!(counts.0, [3, 6]);
        assert_eq!(Colour::of_letter('k'), Colour::Black);
        assert_eq!(Colour::BOTH.map(Colour::index), [0, 1]);
    }
}
