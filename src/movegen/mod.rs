//! Move generation: one generic generator driven by the compiled tables (`pseudo`,
//! `multileg`, `castling`, `drops`), the check test (`attack`), the legality filter (`legal`),
//! the game ends that stop generation (`ends`) and legal positions from FENs (`setup`).

pub mod attack;
pub mod castling;
pub mod drops;
pub mod ends;
pub mod legal;
pub mod multileg;
pub mod notation;
pub mod pseudo;
pub mod ray;
pub mod setup;
pub mod targets;

pub use crate::position::moves::{Move, MoveKind};
pub use setup::{build_ruleset, position_from_fen};

use crate::position::Position;

/// The legal moves of the side to move, into `out` (cleared first).
pub fn legal_moves(pos: &mut Position, out: &mut Vec<Move>) {
    out.clear();
    if pos.tables.may_end && ends::immediate_end(pos).is_some() {
        return;
    }
    legal::generate_ignoring_ends(pos, out);
}

/// Play `mv` on `pos`: the position's own make, and in n-check variants the check it gives
/// counted. Every game, search and perft move goes through here; the legality filter's trial
/// moves use the bare [`Position::make`], which counts no checks.
#[inline]
pub fn make_move(pos: &mut Position, mv: Move) {
    pos.make(mv);
    if pos.tables.variant.rules.check_count > 0 && attack::in_check(pos, pos.side()) {
        pos.record_check_given();
    }
}

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
