//! Running sums over the pieces on the board of values that the position's owner gives each
//! piece on each square (the evaluation's material and square bonuses, its counts, and a key
//! of the pieces whose term it caches). Make and unmake keep them in step with every change
//! of a square, so reading them costs nothing per node; a position without attached values
//! keeps nothing.

use std::fmt;
use std::ops::{AddAssign, SubAssign};
use std::sync::Arc;

use crate::types::{ByColour, Colour, Piece, Square};

/// Values summed per piece.
pub const LANES: usize = 8;

/// One value per lane, summed lane by lane.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lanes(pub [i32; LANES]);

impl AddAssign for Lanes {
    #[inline]
    fn add_assign(&mut self, o: Lanes) {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a += b;
        }
    }
}

impl SubAssign for Lanes {
    #[inline]
    fn sub_assign(&mut self, o: Lanes) {
        for (a, b) in self.0.iter_mut().zip(o.0) {
            *a -= b;
        }
    }
}

/// What one piece on one square adds: to its colour's lanes, and (XOR-ed) to the key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SquareValue {
    pub lanes: Lanes,
    pub key: u64,
}

/// The values of every piece code on every padded square of one variant's board.
#[derive(Clone, PartialEq, Eq)]
pub struct SquareValues {
    values: Vec<SquareValue>,
    size: usize,
}

impl fmt::Debug for SquareValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SquareValues({} entries)", self.values.len())
    }
}

impl SquareValues {
    /// Values indexed `piece.index() * size + square.index()` (`size`: the padded board's).
    pub fn new(values: Vec<SquareValue>, size: usize) -> SquareValues {
        SquareValues { values, size }
    }

    #[inline]
    pub fn get(&self, piece: Piece, sq: Square) -> &SquareValue {
        &self.values[piece.index() * self.size + sq.index()]
    }
}

/// Each colour's lanes and the key of all the pieces on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sums {
    pub lanes: ByColour<Lanes>,
    pub key: u64,
}

impl Sums {
    /// Count a piece of `colour` whose value is `value`.
    #[inline]
    pub fn add(&mut self, value: &SquareValue, colour: Colour) {
        self.lanes[colour] += value.lanes;
        self.key ^= value.key;
    }

    /// Take away a piece of `colour` whose value is `value`.
    #[inline]
    pub fn remove(&mut self, value: &SquareValue, colour: Colour) {
        self.lanes[colour] -= value.lanes;
        self.key ^= value.key;
    }
}

/// Attached values and their sums over the current board.
#[derive(Clone, Debug)]
pub(super) struct Attached {
    pub values: Arc<SquareValues>,
    pub sums: Sums,
}

impl Attached {
    /// A piece `piece` left `sq` (`arrived` false) or came to it.
    #[inline]
    pub fn change(&mut self, piece: Piece, sq: Square, arrived: bool) {
        let value = self.values.get(piece, sq);
        if arrived {
            self.sums.add(value, piece.colour());
        } else {
            self.sums.remove(value, piece.colour());
        }
    }
}
