//! When to stop: the shared stop flag raised by the protocol, the internal flag the main
//! thread raises for the helpers, and the limits of the search (depth, nodes, soft and hard
//! time). With `nps` set, elapsed time is counted in nodes (nodes / nps), so the engine
//! behaves exactly as if it searched at that speed.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::time::{allocate, fixed, tighter, Allocation};
use super::Limits;

/// Deepest iteration the search starts.
pub const MAX_DEPTH: i32 = 100;

/// The share of the (scaled) soft limit past which no new iteration starts.
const ITERATION_START_SHARE: f64 = 0.8;

/// Limits and flags shared by all search threads.
pub struct Control<'a> {
    stop: &'a Arc<AtomicBool>,
    abort: AtomicBool,
    nodes: AtomicU64,
    start: Instant,
    nps: Option<u64>,
    node_limit: Option<u64>,
    time: Option<Allocation>,
    pub max_depth: i32,
    pub infinite: bool,
    /// Playing by the clock (not a fixed depth, node count or time).
    pub clock: bool,
}

impl<'a> Control<'a> {
    /// The limits of a search that started (was asked for) at `start`.
    pub fn new(limits: &Limits, stop: &'a Arc<AtomicBool>, start: Instant) -> Control<'a> {
        let infinite = limits.infinite;
        let overhead = limits.move_overhead;
        let by_clock = limits.clock.map(|c| allocate(&c, overhead));
        let by_move = limits.move_time.map(|t| fixed(t, overhead));
        let time = match (by_clock, by_move) {
            (Some(a), Some(b)) => Some(tighter(a, b)),
            (a, b) => a.or(b),
        };
        Control {
            stop,
            abort: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start,
            nps: limits.nps.filter(|&n| n > 0),
            node_limit: if infinite { None } else { limits.nodes },
            time: if infinite { None } else { time },
            max_depth: limits
                .depth
                .map_or(MAX_DEPTH, |d| (d as i32).clamp(1, MAX_DEPTH)),
            infinite,
            clock: !infinite && limits.clock.is_some(),
        }
    }

    /// Time since the start, or the nodes searched at the pretended speed.
    pub fn elapsed(&self) -> Duration {
        match self.nps {
            Some(nps) => {
                let nodes = self.nodes();
                Duration::from_nanos((u128::from(nodes) * 1_000_000_000 / u128::from(nps)) as u64)
            }
            None => self.start.elapsed(),
        }
    }

    /// Nodes counted by all threads so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Add a thread's nodes to the total.
    pub fn add_nodes(&self, n: u64) {
        self.nodes.fetch_add(n, Ordering::Relaxed);
    }

    /// Whether the search must end now.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.abort.load(Ordering::Relaxed) || self.stop.load(Ordering::Relaxed)
    }

    /// End the search (all threads).
    pub fn abort(&self) {
        self.abort.store(true, Ordering::Relaxed);
    }

    /// The main thread's periodic check of the node and hard time limits.
    pub fn check(&self) {
        let over_nodes = self.node_limit.is_some_and(|l| self.nodes() >= l);
        let over_time = self.time.is_some_and(|t| self.elapsed() >= t.hard);
        if over_nodes || over_time {
            self.abort();
        }
    }

    /// Whether another iteration may start. `factor` scales the soft limit: below 1 while the
    /// best move is stable, up to about 3 when it keeps changing or the score drops. A new
    /// iteration usually takes longer than all before it, so none starts past
    /// [`ITERATION_START_SHARE`] of it.
    /// A fixed time per move (soft equal to hard) is spent whole: iterations start until the
    /// hard limit, which then stops the search.
    pub fn next_iteration(&self, depth_done: i32, factor: f64) -> bool {
        if self.stopped() || depth_done >= self.max_depth {
            return false;
        }
        if self.node_limit.is_some_and(|l| self.nodes() >= l) {
            return false;
        }
        match self.time {
            Some(t) if t.soft >= t.hard => self.elapsed() < t.hard,
            Some(t) => {
                let soft = t.soft.mul_f64(factor).min(t.hard);
                self.elapsed() < soft.mul_f64(ITERATION_START_SHARE)
            }
            None => true,
        }
    }

    /// The external stop flag alone (the end of an infinite search).
    pub fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}
