//! Square sets on boards up to 16x16, and the region syntax variant files use for them.
//!
//! A square is `rank * 16 + file` (0-based, White's view). Region text is a space-separated list
//! of squares (`e4`), whole ranks (`*8`), whole files (`a*`), in XBoard's square names.

/// A set of squares on a board of at most 16x16.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet([u64; 4]);

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    pub fn index(file: u8, rank: u8) -> usize {
        rank as usize * 16 + file as usize
    }

    pub fn contains(&self, file: u8, rank: u8) -> bool {
        let i = Self::index(file, rank);
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    pub fn insert(&mut self, file: u8, rank: u8) {
        let i = Self::index(file, rank);
        self.0[i >> 6] |= 1 << (i & 63);
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// The whole rank `rank` on a board with `files` files.
    pub fn rank(files: u8, rank: u8) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for f in 0..files {
            s.insert(f, rank);
        }
        s
    }

    /// The same set seen from the other side: rank r becomes ranks-1-r (files unchanged, as
    /// promotion zones and the like are mirrored, not rotated).
    pub fn flip_ranks(&self, ranks: u8) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for r in 0..ranks {
            for f in 0..16 {
                if self.contains(f, r) {
                    s.insert(f, ranks - 1 - r);
                }
            }
        }
        s
    }

    pub fn union(&self, other: &SquareSet) -> SquareSet {
        let mut s = *self;
        for i in 0..4 {
            s.0[i] |= other.0[i];
        }
        s
    }
}
