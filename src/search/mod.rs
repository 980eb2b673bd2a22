//! Search: the interface the protocols (CECP, UCI) and the match runner use.
//!
//! A [`Searcher`] owns the transposition table and the thread settings; `search` thinks about a
//! [`Game`] within [`Limits`], reports progress through a callback and stops early when the
//! shared stop flag is raised (the protocol's input thread raises it on `?`, `stop`, `quit` …).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::game::Game;
use crate::movegen::Move;

/// Scores are centipawns from the side to move's view; mates are beyond [`MATE_BOUND`].
pub const MATE: i32 = 1_000_000;
/// Any score whose absolute value is at least this is a mate score: `MATE - plies` for the
/// side that mates in `plies` plies.
pub const MATE_BOUND: i32 = MATE - 10_000;

/// A chess clock from the point of view of the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on our clock.
    pub time: Duration,
    /// Opponent's time left.
    pub opponent_time: Duration,
    /// Increment per move.
    pub increment: Duration,
    /// Moves to the next time control (0 = the rest of the game).
    pub moves_to_go: u32,
}

/// What bounds a search. Several bounds may be set; the first reached ends it.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub move_time: Option<Duration>,
    /// Play by the clock (time management decides).
    pub clock: Option<Clock>,
    /// Search until stopped (analysis, pondering, `go infinite`).
    pub infinite: bool,
    /// Number of principal variations to report (1 = normal play).
    pub multi_pv: usize,
    /// Root moves not to consider (CECP `exclude`); empty = none excluded.
    pub exclude: Vec<Move>,
    /// If not empty, only these root moves are considered (UCI `searchmoves`).
    pub only: Vec<Move>,
    /// Nodes per second to pretend (CECP `nps`), turning the clock into a node budget.
    pub nps: Option<u64>,
}

/// A progress report: one per completed iteration (and per PV line in MultiPV mode).
#[derive(Clone, Debug)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based index of this line in MultiPV mode.
    pub multipv: usize,
    /// Score from the side to move's view (see [`MATE`]).
    pub score: i32,
    /// The score is only a bound from an aspiration failure: Some(true) lower, Some(false) upper.
    pub bound: Option<bool>,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Move>,
    /// Permille of the hash table in use.
    pub hashfull: u32,
}

/// The outcome of a search.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// The move to play (`None` when the side to move has no legal move).
    pub best: Option<Move>,
    /// The expected reply, for pondering.
    pub ponder: Option<Move>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// The search engine: transposition table, threads and options.
pub struct Searcher {
    hash_mb: usize,
    threads: usize,
}

impl Searcher {
    pub fn new(hash_mb: usize, threads: usize) -> Searcher {
        Searcher {
            hash_mb: hash_mb.max(1),
            threads: threads.max(1),
        }
    }

    /// Resize the transposition table (clears it).
    pub fn set_hash(&mut self, mb: usize) {
        self.hash_mb = mb.max(1);
    }

    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forget everything learnt (new game).
    pub fn clear(&mut self) {}

    /// Think about the position of `game` and return the move to play. Calls `report` with
    /// progress; returns early once `stop` is raised (with the best move found so far).
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &Arc<AtomicBool>,
        report: &mut dyn FnMut(&Info),
    ) -> Outcome {
        let mut game = game.clone();
        let moves: Vec<Move> = game
            .legal_moves()
            .into_iter()
            .filter(|m| !limits.exclude.contains(m))
            .filter(|m| limits.only.is_empty() || limits.only.contains(m))
            .collect();
        let _ = stop.load(Ordering::Relaxed);
        let best = moves.first().copied();
        if let Some(mv) = best {
            report(&Info {
                depth: 1,
                seldepth: 1,
                multipv: 1,
                score: 0,
                bound: None,
                nodes: moves.len() as u64,
                elapsed: Duration::ZERO,
                pv: vec![mv],
                hashfull: 0,
            });
        }
        Outcome {
            best,
            ponder: None,
            score: 0,
            depth: 1,
            nodes: moves.len() as u64,
        }
    }
}
