//! A middlegame/endgame pair of centipawn scores and the taper between them.

use std::ops::{Add, AddAssign, Mul, Neg, Sub};

/// The phase of a full middlegame (see [`Pair::taper`]).
pub const PHASE_MAX: i32 = 256;

/// A score for the middlegame and one for the endgame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pair {
    pub mg: i32,
    pub eg: i32,
}

impl Pair {
    pub const fn new(mg: i32, eg: i32) -> Pair {
        Pair { mg, eg }
    }

    /// Blend by `phase` (0 = endgame … [`PHASE_MAX`] = middlegame).
    #[inline]
    pub fn taper(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (PHASE_MAX - phase)) / PHASE_MAX
    }
}

impl Add for Pair {
    type Output = Pair;
    #[inline]
    fn add(self, o: Pair) -> Pair {
        Pair::new(self.mg + o.mg, self.eg + o.eg)
    }
}

impl Sub for Pair {
    type Output = Pair;
    #[inline]
    fn sub(self, o: Pair) -> Pair {
        Pair::new(self.mg - o.mg, self.eg - o.eg)
    }
}

impl Neg for Pair {
    type Output = Pair;
    #[inline]
    fn neg(self) -> Pair {
        Pair::new(-self.mg, -self.eg)
    }
}

impl Mul<i32> for Pair {
    type Output = Pair;
    #[inline]
    fn mul(self, k: i32) -> Pair {
        Pair::new(self.mg * k, self.eg * k)
    }
}

impl AddAssign for Pair {
    #[inline]
    fn add_assign(&mut self, o: Pair) {
        *self = *self + o;
    }
}
