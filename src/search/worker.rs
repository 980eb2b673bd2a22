//! One search thread's state: its copy of the position, the positions before the current one
//! (game history, then the search path, for repetitions and perpetual checks), per-ply move
//! buffers, killers and principal variations allocated once, the history table, the node
//! count it reports to the shared total and its search statistics.

use super::control::Control;
use super::eval::cache::EvalCache;
use super::eval::evaluate;
use super::eval::tables::EvalTables;
use super::history::{
    CaptureHistory, ContinuationHistory, CounterMoves, History, Learnt, MoveKey, NodeHistory,
};
use super::stats::Stats;
use super::tt::Table;
use crate::game::KeyHistory;
use crate::movegen::legal::{self, pass_move};
use crate::movegen::pseudo;
use crate::movegen::Move;
use crate::nnue::accumulator::Accumulators;
use crate::position::ruleset::Ruleset;
use crate::position::{Position, BIKJANG};
use crate::types::Square;

/// What the search must know about a variant's legality rules.
#[derive(Clone, Copy, Debug)]
pub struct RuleFlags {
    /// Legality is royal safety alone, so quiescence may generate pseudo-legal captures and
    /// test each for check (no explosions, no ban on checking, no duple check, no
    /// Lion-trading rules).
    pub plain_legality: bool,
    /// The legal moves are the pseudo-legal moves that keep the royal pieces safe and nothing
    /// else (no rule adds, removes or filters moves), so the search may generate pseudo-legal
    /// moves and test each for royal safety only when it is about to search it.
    pub lazy_legality: bool,
}

impl RuleFlags {
    pub fn new(tables: &Ruleset) -> RuleFlags {
        RuleFlags {
            plain_legality: legal::plain_legality(tables),
            lazy_legality: legal::royal_safety_alone(tables),
        }
    }

    /// Whether the legal moves of `pos` are its [`pseudo_legal_moves`] that keep the royal
    /// pieces safe (not while the royal pieces face each other in bikjang, when every move
    /// must break the facing).
    pub fn lazy_in(&self, pos: &Position) -> bool {
        self.lazy_legality && pos.state() & BIKJANG == 0
    }
}

/// The moves a node tests for royal safety one at a time where [`RuleFlags::lazy_in`] holds:
/// the pseudo-legal moves, then a pass where the rules allow one (one royal piece, not in
/// check), in the order of the legal move list.
pub fn pseudo_legal_moves(pos: &Position, checked: bool, out: &mut Vec<Move>) {
    out.clear();
    pseudo::generate(pos, out);
    out.extend(pass_move(pos).filter(|_| !checked));
}

/// Deepest ply the search path may reach (quiescence included).
pub const MAX_PLY: usize = 128;
/// Moves a buffer holds before it must grow.
const MOVES_CAPACITY: usize = 256;
/// Nodes between two looks at the stop flag and limits.
const POLL_EVERY: u64 = 256;

/// What the threads share.
pub struct Shared<'a> {
    pub tt: &'a Table,
    pub eval: &'a EvalTables,
    pub control: &'a Control<'a>,
}

/// Per-ply scratch space.
pub struct Ply {
    pub moves: Vec<Move>,
    pub scores: Vec<i32>,
    pub killers: [Option<Move>; 2],
    pub pv: Vec<Move>,
    /// The node's static evaluation, or [`NO_EVAL`] in check (and at the root).
    pub static_eval: i32,
}

/// The static evaluation of a node that has none (in check, or the root).
pub const NO_EVAL: i32 = i32::MIN;

/// A search thread.
pub struct Worker<'a> {
    pub pos: Position,
    pub shared: &'a Shared<'a>,
    /// The main thread checks the limits and reports; helpers only fill the table.
    pub main: bool,
    pub flags: RuleFlags,
    /// The positions before the current one: the game's, then the search path's.
    pub past: KeyHistory,
    /// The moves that led to the current position (from the game's last move on; a null
    /// move is a move from and to `Square::NONE`).
    pub played: Vec<Move>,
    /// Length of `past` at the root.
    pub root_keys: usize,
    /// Repetitions are not looked for before this index (set across a null move).
    pub barrier: usize,
    pub plies: Vec<Ply>,
    pub history: History,
    /// Moves of one piece, looked through for the hash move.
    pub scratch: Vec<Move>,
    pub continuation: ContinuationHistory,
    pub capture_history: CaptureHistory,
    pub counter_moves: CounterMoves,
    /// The continuation-history keys of the moves in `played` made by the search (`None`
    /// for a null move).
    pub move_keys: Vec<Option<MoveKey>>,
    /// The evaluation's costly terms and pawn structures seen recently.
    eval_cache: EvalCache,
    /// The network's sums along the search path, where a network evaluates.
    accumulators: Option<Accumulators>,
    pub nodes: u64,
    unflushed: u64,
    pub seldepth: usize,
    /// What this thread's search did.
    pub stats: Stats,
    /// Depth of the current iteration.
    pub root_depth: i32,
    pub stopped: bool,
}

impl<'a> Worker<'a> {
    /// A worker for `pos`, reached by the game's moves ending with `last`, after the
    /// positions with the keys `history`, starting from what its thread's earlier searches
    /// of the game `learnt`.
    pub fn new(
        mut pos: Position,
        history: &KeyHistory,
        last: Option<Move>,
        shared: &'a Shared<'a>,
        main: bool,
        learnt: Learnt,
    ) -> Worker<'a> {
        pos.attach(shared.eval.square_values.clone());
        let accumulators = shared
            .eval
            .nnue
            .as_deref()
            .map(|nnue| Accumulators::new(nnue, &pos, MAX_PLY + 2));
        let tables = pos.tables.clone();
        let past = KeyHistory::extended(history, MAX_PLY + 1);
        let root_keys = past.len();
        let mut played = Vec::with_capacity(MAX_PLY + 2);
        played.extend(last);
        Worker {
            flags: RuleFlags::new(&tables),
            pos,
            shared,
            main,
            past,
            played,
            root_keys,
            barrier: 0,
            plies: (0..MAX_PLY + 1)
                .map(|_| Ply {
                    moves: Vec::with_capacity(MOVES_CAPACITY),
                    scores: Vec::with_capacity(MOVES_CAPACITY),
                    killers: [None; 2],
                    pv: Vec::with_capacity(MAX_PLY),
                    static_eval: NO_EVAL,
                })
                .collect(),
            scratch: Vec::with_capacity(MOVES_CAPACITY),
            history: learnt.plain,
            continuation: learnt.continuation,
            capture_history: learnt.capture,
            counter_moves: learnt.counter,
            move_keys: Vec::with_capacity(MAX_PLY + 2),
            eval_cache: EvalCache::default(),
            accumulators,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            stats: Stats::default(),
            root_depth: 0,
            stopped: false,
        }
    }

    /// What the worker's searches learnt, for the thread's next search of the game.
    pub fn into_learnt(self) -> Learnt {
        Learnt {
            plain: self.history,
            continuation: self.continuation,
            capture: self.capture_history,
            counter: self.counter_moves,
        }
    }

    /// Make a move, remembering the key of the position left and whether the side to move
    /// was in check there.
    #[inline]
    pub fn make(&mut self, mv: Move, checked: bool) {
        self.past.push(self.pos.hash(), checked);
        self.played.push(mv);
        self.move_keys.push(Some(MoveKey::of(&self.pos, mv)));
        crate::movegen::make_move(&mut self.pos, mv);
        // Fetched while the network's sums are brought up to date.
        self.shared.tt.prefetch(self.pos.hash());
        self.eval_cache.activity.prefetch(self.pos.hash());
        if let (Some(acc), Some(nnue)) = (&mut self.accumulators, self.shared.eval.nnue.as_deref())
        {
            acc.push(nnue, &self.pos);
        }
    }

    #[inline]
    pub fn unmake(&mut self) {
        self.pos.unmake();
        if let Some(acc) = &mut self.accumulators {
            acc.pop();
        }
        self.past.pop();
        self.played.pop();
        self.move_keys.pop();
    }

    /// Pass the move (never in check); repetitions across the null move are not
    /// repetitions. Returns the barrier to restore.
    pub fn make_null(&mut self) -> usize {
        let barrier = self.barrier;
        self.past.push(self.pos.hash(), false);
        self.played.push(Move::new(Square::NONE, Square::NONE));
        self.move_keys.push(None);
        self.barrier = self.past.len();
        self.pos.make_null();
        if let Some(acc) = &mut self.accumulators {
            acc.push_same();
        }
        barrier
    }

    pub fn unmake_null(&mut self, barrier: usize) {
        self.unmake();
        self.barrier = barrier;
    }

    /// Count a node; every [`POLL_EVERY`] nodes, publish the count and look at the limits.
    /// Returns true when the search must stop.
    #[inline]
    pub fn count_node(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.unflushed += 1;
        self.seldepth = self.seldepth.max(ply);
        if self.unflushed >= POLL_EVERY {
            self.flush();
            if self.main {
                self.shared.control.check();
            }
            self.stopped = self.shared.control.stopped();
        }
        self.stopped
    }

    /// Publish the nodes not yet added to the shared total.
    pub fn flush(&mut self) {
        self.shared.control.add_nodes(self.unflushed);
        self.unflushed = 0;
    }

    /// Static evaluation of the current position for the side to move.
    #[inline]
    pub fn evaluate(&mut self) -> i32 {
        if let (Some(acc), Some(nnue)) = (&self.accumulators, self.shared.eval.nnue.as_deref()) {
            return acc
                .evaluate(nnue, &self.pos)
                .clamp(-super::MATE_BOUND + 1, super::MATE_BOUND - 1);
        }
        evaluate(&self.pos, self.shared.eval, &mut self.eval_cache)
    }

    /// The move history of the current node: the plain and capture tables, the continuation
    /// rows of the search's last two moves and the counter-moves (read by move ordering).
    pub fn node_history(&self) -> NodeHistory<'_> {
        let keys = &self.move_keys;
        let back = |n: usize| keys.len().checked_sub(n).and_then(|i| keys[i]);
        NodeHistory {
            plain: &self.history,
            continuation: &self.continuation,
            capture: &self.capture_history,
            before: [back(1), back(2)],
            counter_moves: &self.counter_moves,
        }
    }

    /// Copy the child's principal variation behind `mv` into this ply's.
    pub fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.plies.split_at_mut(ply + 1);
        let pv = &mut head[ply].pv;
        pv.clear();
        pv.push(mv);
        pv.extend_from_slice(&tail[0].pv);
    }
}

#[cfg(test)]
mod tests {
    use super::{pseudo_legal_moves, RuleFlags};
    use crate::movegen::attack::in_check;
    use crate::movegen::legal::RoyalSafety;
    use crate::movegen::playout::{playout_move, shipped};
    use crate::movegen::{legal_moves, make_move, Move};
    use crate::position::Position;

    /// In every shipped variant whose flags allow lazy legality, along playouts, the
    /// pseudo-legal moves that pass the royal-safety test one at a time are exactly the legal
    /// moves, in the same order: no rule of the variant adds, removes or filters moves beyond
    /// royal safety. The test fails if a rule the flag does not know of changes the legal moves.
    #[test]
    fn lazy_legality_keeps_exactly_the_legal_moves() {
        let mut lazy_variants = 0;
        for (n, name, ruleset) in shipped() {
            let flags = RuleFlags::new(&ruleset);
            if !flags.lazy_legality {
                continue;
            }
            lazy_variants += 1;
            let mut pos = Position::start(ruleset);
            let mut legal = Vec::new();
            for ply in 0..60usize {
                // The legality tests' trial moves reorder the piece lists: both start alike.
                let mut copy = pos.clone();
                legal_moves(&mut pos, &mut legal);
                if legal.is_empty() {
                    break;
                }
                let mut lazy: Vec<Move> = Vec::new();
                let checked = in_check(&copy, copy.side());
                if flags.lazy_in(&copy) {
                    pseudo_legal_moves(&copy, checked, &mut lazy);
                    if !copy.royals(copy.side()).is_empty() {
                        let safety = RoyalSafety::new(&copy, checked);
                        lazy.retain(|&mv| safety.keeps(&mut copy, mv));
                    }
                } else {
                    lazy.clone_from(&legal);
                }
                let only_lazy: Vec<&Move> = lazy.iter().filter(|m| !legal.contains(m)).collect();
                let only_legal: Vec<&Move> = legal.iter().filter(|m| !lazy.contains(m)).collect();
                assert_eq!(
                    lazy,
                    legal,
                    "{name} at {}: only lazy {only_lazy:?}, only legal {only_legal:?}",
                    pos.to_fen()
                );
                make_move(&mut pos, playout_move(&legal, ply, n));
            }
        }
        assert!(
            lazy_variants > 50,
            "only {lazy_variants} variants test lazily"
        );
    }
}
