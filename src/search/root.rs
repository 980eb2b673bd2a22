//! The root: iterative deepening over the root moves with aspiration windows, MultiPV (each
//! line searched with the better lines excluded), progress reports, and the main thread's
//! decision when to stop (soft time limit scaled by how often the best move changed and
//! whether the score dropped). The root moves stay sorted best first, so when a search is
//! stopped in the middle of an iteration the first root move is still the best one known.

use std::cmp::Reverse;

use super::rules::is_mate;
use super::worker::Worker;
use super::{Info, MATE};
use crate::movegen::attack::in_check;
use crate::movegen::Move;

/// Score of a root move not (yet) searched in the current iteration.
pub const UNSEARCHED: i32 = -MATE - 1;
/// Half-width of the first aspiration window.
const WINDOW: i32 = 20;
/// Aspiration windows are used from this depth on.
const WINDOW_DEPTH: i32 = 4;
/// Infos about aspiration failures are only sent after this many milliseconds.
const BOUND_REPORT_MS: u128 = 1000;

/// A move at the root with what the search knows about it.
#[derive(Clone, Debug)]
pub struct RootMove {
    pub mv: Move,
    /// Score in the current iteration ([`UNSEARCHED`] if not established).
    pub score: i32,
    /// Score in the last completed iteration (at first a static estimate).
    pub previous: i32,
    pub pv: Vec<Move>,
    pub seldepth: usize,
}

impl RootMove {
    pub fn new(mv: Move, estimate: i32) -> RootMove {
        RootMove {
            mv,
            score: UNSEARCHED,
            previous: estimate,
            pv: vec![mv],
            seldepth: 0,
        }
    }

    /// The best score known: this iteration's, else the last one's.
    pub fn known_score(&self) -> i32 {
        if self.score == UNSEARCHED {
            self.previous
        } else {
            self.score
        }
    }
}

/// How the main thread's best move has been moving, to scale the soft time limit.
struct Stability {
    changes: f64,
    last_best: Option<Move>,
    last_score: i32,
}

impl Stability {
    /// Record an iteration's result and return the factor for the soft limit.
    fn update(&mut self, best: Move, score: i32) -> f64 {
        let changed = self.last_best.is_some_and(|m| m != best);
        self.changes = self.changes * 0.5 + if changed { 1.0 } else { 0.0 };
        let mut factor = (0.8 + 0.8 * self.changes).clamp(0.5, 2.0);
        if self.last_best.is_some() && self.last_score - score > 40 {
            factor *= 1.4;
        }
        self.last_best = Some(best);
        self.last_score = score;
        factor
    }
}

impl Worker<'_> {
    /// Search the root moves from `first` on to `depth` within (alpha, beta); sorts them best
    /// first and returns the best score.
    fn root_search(
        &mut self,
        roots: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        first: usize,
    ) -> i32 {
        self.root_depth = depth;
        let us = self.pos.side();
        let checked = in_check(&self.pos, us);
        let mut best = UNSEARCHED;
        for r in roots[first..].iter_mut() {
            r.score = UNSEARCHED;
        }
        for (i, r) in roots.iter_mut().enumerate().skip(first) {
            let mv = r.mv;
            self.seldepth = 0;
            self.make(mv, checked);
            let checks = in_check(&self.pos, !us);
            let next = depth - 1 + self.check_extension(mv, checks, 1);
            let mut score;
            if i == first {
                score = -self.search(next, -beta, -alpha, 1, checks, true);
            } else {
                score = -self.search(next, -alpha - 1, -alpha, 1, checks, true);
                if score > alpha && score < beta {
                    score = -self.search(next, -beta, -alpha, 1, checks, true);
                }
            }
            self.unmake();
            if self.stopped {
                break;
            }
            if i == first || score > alpha {
                r.score = score;
                r.seldepth = self.seldepth;
                r.pv.clear();
                r.pv.push(mv);
                r.pv.extend_from_slice(&self.plies[1].pv);
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        roots[first..].sort_by_key(|r| Reverse(r.score));
        best
    }

    /// One line of an iteration: the aspiration loop around the line's last score.
    fn search_line(
        &mut self,
        roots: &mut [RootMove],
        depth: i32,
        line: usize,
        report: &mut dyn FnMut(&Info),
    ) {
        let previous = roots[line].previous;
        let mut delta = WINDOW;
        let (mut alpha, mut beta) = if depth >= WINDOW_DEPTH && !is_mate(previous) {
            (previous - delta, previous + delta)
        } else {
            (-MATE, MATE)
        };
        loop {
            let score = self.root_search(roots, depth, alpha, beta, line);
            if self.stopped {
                return;
            }
            let bound = if score <= alpha && alpha > -MATE {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-MATE);
                Some(false)
            } else if score >= beta && beta < MATE {
                beta = (score + delta).min(MATE);
                Some(true)
            } else {
                return;
            };
            let elapsed = self.shared.control.elapsed();
            if self.main && elapsed.as_millis() >= BOUND_REPORT_MS {
                let info = self.info(roots, depth, line, bound);
                report(&info);
            }
            delta += delta / 2 + 5;
        }
    }

    /// An Info for line `line` of the root moves.
    fn info(&mut self, roots: &[RootMove], depth: i32, line: usize, bound: Option<bool>) -> Info {
        self.flush();
        let control = self.shared.control;
        let r = &roots[line];
        Info {
            depth: depth as u32,
            seldepth: r.seldepth.max(depth as usize) as u32,
            multipv: line + 1,
            score: r.known_score(),
            bound,
            nodes: control.nodes(),
            elapsed: control.elapsed(),
            pv: r.pv.clone(),
            hashfull: self.shared.tt.hashfull(),
        }
    }

    /// Iterative deepening on `roots` (not empty). The main thread reports and decides when
    /// to stop; a helper starts `offset` plies deeper and runs until it is stopped. Returns
    /// the depth of the last completed iteration.
    pub fn iterate(
        &mut self,
        roots: &mut [RootMove],
        lines: usize,
        offset: i32,
        report: &mut dyn FnMut(&Info),
    ) -> i32 {
        let control = self.shared.control;
        let lines = lines.clamp(1, roots.len());
        let mut stability = Stability {
            changes: 0.0,
            last_best: None,
            last_score: 0,
        };
        let mut completed = 0;
        let mut depth = 1 + offset;
        while depth <= control.max_depth + offset {
            for line in 0..lines {
                self.search_line(roots, depth, line, report);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            completed = depth;
            for r in roots.iter_mut() {
                r.previous = r.known_score();
            }
            if !self.main {
                depth += 1;
                continue;
            }
            for line in 0..lines {
                let info = self.info(roots, depth, line, None);
                report(&info);
            }
            let score = roots[0].score;
            let factor = if control.clock {
                stability.update(roots[0].mv, score)
            } else {
                1.0
            };
            let mate_proven = is_mate(score) && depth >= MATE - score.abs() + 6;
            let single = control.clock && roots.len() == 1;
            if !control.next_iteration(depth, factor)
                || (!control.infinite && (mate_proven || single))
            {
                break;
            }
            depth += 1;
        }
        self.flush();
        completed
    }
}
