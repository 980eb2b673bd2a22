//! Search: the interface the protocols (CECP, UCI) and the match runner use.
//!
//! A [`Searcher`] owns the transposition table, the threads' quiet-move history (both kept
//! through a game) and the thread settings; `search` thinks about a
//! [`Game`] within [`Limits`], reports progress through a callback and stops early when the
//! shared stop flag is raised (the protocol's input thread raises it on `?`, `stop`, `quit` …).
//!
//! The engine behind it: `smp` (threads) runs `root` (iterative deepening, aspiration,
//! MultiPV) over `alphabeta` and `qsearch`, with `ordering`, the shared table `tt`, the game
//! rules as scores in `rules`, the limits in `control` and `time`, per-thread state in
//! `worker`, its counters in `stats`, and the evaluation in `eval`.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod alphabeta;
mod control;
mod eval;
mod history;
mod memory;
mod node;
mod ordering;
mod qsearch;
mod root;
mod rules;
mod see;
mod smp;
mod stats;
pub use stats::Stats;
pub mod time;
mod tt;
pub use tt::affordable_mb as affordable_hash_mb;
mod worker;

pub use eval::tables::EvalTables;
pub use eval::trace::{trace, Layout, Trace};
pub use eval::values::piece_values;

/// The evaluation weights of a variant: the automatic values, and those of a weights file
/// beside it.
pub struct WeightsInUse {
    pub automatic: crate::variant::weights::Weights,
    /// The file's weights and its name, where one fits the variant.
    pub file: Option<(crate::variant::weights::Weights, String)>,
    /// Why a weights file beside the variant is not used.
    pub warning: Option<String>,
}

/// What the evaluation of `tables` weighs.
pub fn weights_in_use(tables: &Arc<Ruleset>) -> WeightsInUse {
    let mut et = EvalTables::automatic(tables);
    let automatic = et.weights();
    et.read_weights_beside();
    WeightsInUse {
        automatic,
        file: et.weights_file.clone().map(|name| (et.weights(), name)),
        warning: et.weights_warning.clone(),
    }
}

use crate::game::Game;
use crate::movegen::Move;
pub use crate::nnue::EvalChoice;
use crate::nnue::Nnue;
use crate::position::ruleset::Ruleset;
use history::Learnt;

/// Scores are centipawns from the side to move's view; mates are beyond [`MATE_BOUND`].
pub const MATE: i32 = 1_000_000;
/// Any score whose absolute value is at least this is a mate score: `MATE - plies` for the
/// side that mates in `plies` plies.
pub const MATE_BOUND: i32 = MATE - 10_000;

/// A ply count as a score distance (plies never come near the mate bound).
#[inline]
pub fn plies(ply: usize) -> i32 {
    i32::try_from(ply).unwrap_or(MATE - MATE_BOUND)
}

/// The score of mating in `ply` plies from the root: sooner mates score higher.
#[inline]
pub fn mate_in(ply: usize) -> i32 {
    MATE - plies(ply)
}

/// The score of being mated in `ply` plies from the root.
#[inline]
pub fn mated_in(ply: usize) -> i32 {
    -mate_in(ply)
}

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

/// What bounds a search. Several bounds may be set; the first reached ends it. With none at
/// all the search runs to its maximum depth (100) or until stopped.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration (0 is read as 1).
    pub depth: Option<u32>,
    /// Nodes of all threads together.
    pub nodes: Option<u64>,
    /// Fixed time for this move (less the move overhead, at most a tenth of it).
    pub move_time: Option<Duration>,
    /// Play by the clock (time management decides).
    pub clock: Option<Clock>,
    /// Search until stopped (analysis, pondering, `go infinite`): node and time bounds are
    /// ignored, and the search returns only once `stop` is raised, even after reaching
    /// `depth`. A position without legal moves returns at once.
    pub infinite: bool,
    /// Number of principal variations to report (0 and 1 = normal play).
    pub multi_pv: usize,
    /// Root moves not to consider (CECP `exclude`); empty = none excluded.
    pub exclude: Vec<Move>,
    /// If not empty, only these root moves are considered (UCI `searchmoves`).
    pub only: Vec<Move>,
    /// Nodes per second to pretend (CECP `nps`), turning the clock into a node budget: the
    /// time of `move_time` and `clock` is counted as nodes searched / `nps`.
    pub nps: Option<u64>,
    /// Time kept back from `move_time` and `clock` for the delays outside the search.
    pub move_overhead: time::MoveOverhead,
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
    /// Time since the search was asked for (with `nps`: nodes / nps).
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
    /// Score of `best`; without a legal move, the game's value (`-MATE` when checkmated in
    /// chess, 0 when stalemated).
    pub score: i32,
    /// Depth of the last completed iteration (0 if none completed).
    pub depth: u32,
    pub nodes: u64,
    /// What the threads' searches did.
    pub stats: Stats,
}

/// The most search threads (more are clamped to this; each thread's tables are made only
/// once it runs).
pub const MAX_THREADS: usize = 256;

/// The threads a request for `threads` gets (1 to [`MAX_THREADS`]), and why it got fewer.
pub fn affordable_threads(threads: usize) -> (usize, Option<String>) {
    if threads > MAX_THREADS {
        let why =
            format!("{threads} threads is more than the most, {MAX_THREADS}: using {MAX_THREADS}");
        (MAX_THREADS, Some(why))
    } else {
        (threads.max(1), None)
    }
}

/// The search engine: transposition table, threads and options.
pub struct Searcher {
    hash_mb: usize,
    threads: usize,
    tt: tt::Table,
    /// Evaluation tables of the variant searched last (rebuilt when the variant changes).
    eval: Option<EvalTables>,
    /// What each thread learnt about quiet moves in the game's searches so far.
    learnt: Vec<Learnt>,
    /// Which evaluation plays (a network where one is found, or the hand-written one).
    eval_choice: EvalChoice,
}

/// What the user should be told about the evaluation a search plays with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalNote {
    pub text: String,
    /// Whether it is a problem (a network that could not be used).
    pub problem: bool,
}

impl Searcher {
    pub fn new(hash_mb: usize, threads: usize) -> Searcher {
        let hash_mb = hash_mb.max(1);
        Searcher {
            hash_mb,
            threads: affordable_threads(threads).0,
            tt: tt::Table::new(hash_mb),
            eval: None,
            learnt: Vec::new(),
            eval_choice: EvalChoice::default(),
        }
    }

    /// Choose the evaluation (the engine's `Use NNUE` and `EvalFile` options); it takes
    /// effect at the next search.
    pub fn set_eval(&mut self, choice: EvalChoice) {
        if choice != self.eval_choice {
            self.eval_choice = choice;
            self.eval = None;
        }
    }

    /// The network the searches of the variant last prepared play with, if any.
    pub fn network(&self) -> Option<&Arc<Nnue>> {
        self.eval.as_ref().and_then(|e| e.nnue.as_ref())
    }

    /// Resize the transposition table (clears it).
    pub fn set_hash(&mut self, mb: usize) {
        self.hash_mb = mb.max(1);
        self.tt = tt::Table::new(self.hash_mb);
    }

    /// Sets the threads of the next searches (clamped to 1 to [`MAX_THREADS`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = affordable_threads(threads).0;
    }

    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Forget everything learnt (new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.learnt.clear();
    }

    /// Think about the position of `game` and return the move to play. Calls `report` with
    /// progress; returns early once `stop` is raised (with the best move found so far).
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &Arc<AtomicBool>,
        report: &mut dyn FnMut(&Info),
    ) -> Outcome {
        let task = smp::Task {
            game,
            limits,
            stop,
            start: Instant::now(),
        };
        if let Some(note) = self.prepare(game.tables()).filter(|n| n.problem) {
            eprintln!("warning: {}", note.text);
        }
        self.tt.new_search();
        let eval = self
            .eval
            .as_ref()
            .expect("prepare builds the evaluation tables");
        smp::run(&self.tt, eval, self.threads, &mut self.learnt, task, report)
    }

    /// Build the evaluation tables (and find the network) on the first search of a variant
    /// or after the evaluation was chosen again, forgetting the table entries of before;
    /// returns what the user should be told about the evaluation then.
    pub fn prepare(&mut self, tables: &Arc<Ruleset>) -> Option<EvalNote> {
        let stale = self
            .eval
            .as_ref()
            .is_none_or(|e| !Arc::ptr_eq(&e.tables, tables));
        if !stale {
            return None;
        }
        let mut eval = EvalTables::new(tables);
        let found = crate::nnue::find(tables, &self.eval_choice);
        eval.nnue = found.nnue;
        let note = match (&eval.weights_warning, found.note) {
            (_, Some(text)) if found.problem => Some(EvalNote {
                text,
                problem: true,
            }),
            (Some(warning), _) if eval.nnue.is_none() => Some(EvalNote {
                text: warning.clone(),
                problem: true,
            }),
            (_, Some(text)) => Some(EvalNote {
                text,
                problem: false,
            }),
            _ => None,
        };
        self.eval = Some(eval);
        self.tt.clear();
        self.learnt.clear();
        note
    }
}
