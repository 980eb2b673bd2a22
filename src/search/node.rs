//! The bookkeeping every searched node shares, in the main and the quiescence search: whether
//! a table hit settles the node, the best score and move found so far with the window they
//! narrow, and the entry the node leaves in the table.

use super::tt::{fingerprint, from_tt, to_tt, Bound, Hit};
use super::worker::Worker;
use crate::movegen::Move;

impl Hit {
    /// The hit's score at `ply` if its bound settles a node searched within (alpha, beta).
    pub fn cutoff(&self, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        let score = from_tt(self.score, ply);
        let settles = match self.bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        settles.then_some(score)
    }
}

/// The best a node has found so far, and the window it searches its moves in.
pub struct Best {
    pub score: i32,
    pub alpha: i32,
    pub beta: i32,
    /// Alpha on entry: a best score not above it is only an upper bound.
    entry_alpha: i32,
    pub mv: Option<Move>,
}

/// What a move's score did to a node.
#[derive(PartialEq, Eq)]
pub enum Taken {
    /// Not above alpha.
    Below,
    /// A new principal variation.
    Raised,
    /// At least beta: the node needs no more moves.
    Cutoff,
}

impl Best {
    /// Nothing found yet: the best score is `floor`.
    pub fn new(floor: i32, alpha: i32, beta: i32) -> Best {
        Best {
            score: floor,
            alpha,
            beta,
            entry_alpha: alpha,
            mv: None,
        }
    }

    /// A score the side to move can have without a move (the quiescence stand-pat).
    pub fn stand(&mut self, score: i32) {
        self.score = score;
        self.alpha = self.alpha.max(score);
    }

    /// A move pruned without being searched, whose score could have reached at most `bound`
    /// (not above alpha): the node's upper bound is no lower than that.
    pub fn pruned(&mut self, bound: i32) {
        self.score = self.score.max(bound);
    }

    /// Take a searched move's score.
    pub fn take(&mut self, mv: Move, score: i32) -> Taken {
        if score <= self.score {
            return Taken::Below;
        }
        self.score = score;
        if score <= self.alpha {
            return Taken::Below;
        }
        self.alpha = score;
        self.mv = Some(mv);
        if score >= self.beta {
            Taken::Cutoff
        } else {
            Taken::Raised
        }
    }

    fn bound(&self) -> Bound {
        if self.score >= self.beta {
            Bound::Lower
        } else if self.score > self.entry_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

impl Worker<'_> {
    /// Take a move's score at `ply` into `best`, extending the principal variation when it
    /// raises alpha; true on a cutoff.
    pub fn take_score(&mut self, best: &mut Best, ply: usize, mv: Move, score: i32) -> bool {
        let taken = best.take(mv, score);
        if taken != Taken::Below {
            self.update_pv(ply, mv);
        }
        taken == Taken::Cutoff
    }

    /// Leave the node's result in the table.
    pub fn store_best(&self, key: u64, best: &Best, depth: i32, ply: usize) {
        let fp = best.mv.map_or(0, fingerprint);
        self.shared
            .tt
            .store(key, to_tt(best.score, ply), depth, best.bound(), fp);
    }

    /// Give back the move and score lists a node took from its ply.
    pub fn return_lists(&mut self, ply: usize, moves: Vec<Move>, scores: Vec<i32>) {
        self.plies[ply].moves = moves;
        self.plies[ply].scores = scores;
    }
}
