//! Move generation: one generic generator driven by the compiled tables (`pseudo`,
//! `multileg`, `castling`, `drops`), the check test (`attack`) and the legality filter (`legal`).

pub mod attack;
pub mod castling;
pub mod drops;
pub mod ends;
pub mod legal;
pub mod moves;
pub mod multileg;
pub mod notation;
pub mod pseudo;
pub mod tables;

pub use legal::generate as legal_moves;
pub use moves::{Move, MoveKind, NO_SQUARE};

/// Where generated moves go. `push` returns false to stop the generation early.
pub trait Sink {
    fn push(&mut self, mv: Move) -> bool;
    /// A marker for [`Sink::dedup_since`].
    fn mark(&self) -> usize {
        0
    }
    /// Remove duplicates among the moves pushed since `mark`.
    fn dedup_since(&mut self, _mark: usize) {}
}

impl Sink for Vec<Move> {
    #[inline]
    fn push(&mut self, mv: Move) -> bool {
        Vec::push(self, mv);
        true
    }
    fn mark(&self) -> usize {
        self.len()
    }
    fn dedup_since(&mut self, mark: usize) {
        let mut end = self.len();
        let mut i = mark;
        while i < end {
            if self[mark..i].contains(&self[i]) {
                self.swap_remove(i);
                end -= 1;
            } else {
                i += 1;
            }
        }
    }
}
