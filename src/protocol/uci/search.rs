//! Searching and answering: `go` starts a search on the search thread (or a `perft` count,
//! which answers its divide when done, or `info string perft stopped` after `stop`),
//! `info` lines report it, and every `go` gets exactly one `bestmove … ponder …`, preceded by a
//! final `info`. `go infinite` and `go ponder` answer only after `stop` (or `ponderhit`), even
//! when the search has ended by itself. At `ponderhit` the pondering search is replaced by one
//! with the `go`'s own limits on the same position, which finds its earlier work in the hash
//! table. `go` during a search stops it; the new search starts once the old one has answered.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::game::Game;
use crate::movegen::Move;
use crate::protocol::worker::backstop;
use crate::search::{Info, Limits, Outcome};

use super::go::Go;
use super::moves;
use super::report::{self, divide_lines, info_line, mate_in};
use super::Engine;

/// Searching this long, the engine announces each iteration's first move (`currmove`).
const CURRMOVE_AFTER_MS: u128 = 1000;

/// The search in progress.
pub struct Running {
    id: u64,
    stop: Arc<AtomicBool>,
    started: Instant,
    /// Raise `stop` at this moment whatever the search thinks (a backstop against losing on
    /// time).
    pub deadline: Option<Instant>,
    /// The position searched.
    game: Game,
    /// The `go` it answers.
    request: Go,
    /// Searching in the opponent's time (`go ponder`, no `ponderhit` yet).
    pondering: bool,
    /// `stop` came.
    stopped: bool,
    /// The latest report of the first line.
    last: Option<Info>,
    /// The result of a search that ended before `bestmove` may be sent.
    held: Option<Outcome>,
}

/// A `go perft` counting on the search thread.
pub struct Counting {
    id: u64,
    stop: Arc<AtomicBool>,
    /// The position counted (its moves are written from it).
    game: Game,
    depth: u32,
}

impl Engine {
    /// `go …`.
    pub(super) fn go(&mut self, args: &[&str]) {
        if let Some(c) = self.counting.take() {
            c.stop.store(true, Ordering::Relaxed);
        }
        if self.running.is_some() {
            self.queued = Some(args.iter().map(|a| a.to_string()).collect());
            self.stop();
            return;
        }
        let chess960 = self.chess960();
        let mut game = self.game.clone();
        let request = Go::parse(args, |w| moves::parse(&mut game, w, chess960));
        if !request.skipped.is_empty() {
            self.debug(&format!("go: skipped {}", request.skipped.join(", ")));
        }
        if !request.bad.is_empty() {
            self.say(&format!(
                "go refused: {} (each takes a whole number from 0; perft and depth from 1)",
                request.bad.join(", ")
            ));
            return;
        }
        if let Some(depth) = request.perft {
            self.perft(depth);
            return;
        }
        let pondering = request.ponder;
        self.start(self.game.clone(), request, pondering);
    }

    /// Send a search of `game` to the search thread.
    fn start(&mut self, game: Game, request: Go, pondering: bool) {
        let mut limits = request.limits(game.pos.side(), self.options.multi_pv);
        limits.move_overhead = self.options.move_overhead;
        if pondering {
            limits = Limits {
                infinite: true,
                ..limits
            };
        }
        let deadline = backstop(&limits).map(|d| Instant::now() + d);
        let ticket = self.worker.search(game.clone(), limits);
        self.running = Some(Running {
            id: ticket.id,
            stop: ticket.stop,
            started: Instant::now(),
            deadline,
            game,
            request,
            pondering,
            stopped: false,
            last: None,
            held: None,
        });
    }

    /// `stop`: end the search; its `bestmove` follows.
    pub(super) fn stop(&mut self) {
        if let Some(c) = &self.counting {
            c.stop.store(true, Ordering::Relaxed);
        }
        let Some(r) = self.running.as_mut() else {
            return;
        };
        r.stopped = true;
        r.stop.store(true, Ordering::Relaxed);
        if let Some(outcome) = r.held.take() {
            self.answer(outcome);
        }
    }

    /// Stop the search without answering (the engine is quitting).
    pub(super) fn stop_search(&mut self) {
        if let Some(c) = self.counting.take() {
            c.stop.store(true, Ordering::Relaxed);
        }
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
        }
    }

    /// `ponderhit`: the expected move was played; search the position for real.
    pub(super) fn ponder_hit(&mut self) {
        let Some(r) = self.running.take_if(|r| r.pondering && !r.stopped) else {
            return;
        };
        r.stop.store(true, Ordering::Relaxed);
        self.start(r.game, r.request, false);
    }

    /// The search's own deadline passed: stop it.
    pub(super) fn on_deadline(&mut self) {
        if let Some(r) = &self.running {
            if r.deadline.is_some_and(|d| Instant::now() >= d) {
                r.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    pub(super) fn on_info(&mut self, id: u64, info: Info) {
        let chess960 = self.chess960();
        let single = self.options.multi_pv <= 1;
        let Some(r) = self.running.as_mut().filter(|r| r.id == id) else {
            return;
        };
        let pv = moves::line(&r.game, &info.pv, chess960);
        self.out.line(&info_line(&info, &pv));
        if info.multipv > 1 || info.bound.is_some() {
            return;
        }
        let mating = |n: u32| mate_in(info.score).is_some_and(|m| m > 0 && m <= n as i32);
        if r.request.mate.is_some_and(mating) {
            r.stop.store(true, Ordering::Relaxed);
        }
        if single && info.elapsed.as_millis() >= CURRMOVE_AFTER_MS {
            if let Some(first) = pv.first() {
                self.out.line(&format!(
                    "info depth {} currmove {first} currmovenumber 1",
                    info.depth + 1
                ));
            }
        }
        r.last = Some(info);
    }

    pub(super) fn on_done(&mut self, id: u64, outcome: Outcome) {
        let Some(r) = self.running.as_mut().filter(|r| r.id == id) else {
            return;
        };
        let must_wait = (r.request.infinite || r.pondering) && !r.stopped;
        if must_wait {
            r.held = Some(outcome);
        } else {
            self.answer(outcome);
        }
    }

    /// The final `info` and `bestmove` of the current search; then the queued `go`, if any.
    fn answer(&mut self, outcome: Outcome) {
        let Some(r) = self.running.take() else {
            return;
        };
        let chess960 = self.chess960();
        let mut game = r.game;
        let elapsed = r.started.elapsed();
        let line = match r.last {
            Some(info) => {
                let pv = moves::line(&game, &info.pv, chess960);
                let info = Info {
                    nodes: outcome.nodes.max(info.nodes),
                    elapsed: elapsed.max(info.elapsed),
                    ..info
                };
                info_line(&info, &pv)
            }
            None => format!(
                "info depth {} score {} nodes {} time {}",
                outcome.depth,
                report::score(outcome.score),
                outcome.nodes,
                elapsed.as_millis()
            ),
        };
        self.out.line(&line);
        let legal = game.legal_moves();
        let best = outcome
            .best
            .filter(|m| legal.contains(m))
            .or(legal.first().copied());
        let mut text = match best {
            Some(mv) => format!("bestmove {}", moves::text(&game.pos, &legal, mv, chess960)),
            None => "bestmove (none)".to_string(),
        };
        if let (Some(best), Some(reply)) = (best, outcome.ponder) {
            let words = moves::line(&game, &[best, reply], chess960);
            if let [_, reply] = words.as_slice() {
                text.push_str(&format!(" ponder {reply}"));
            }
        }
        self.out.line(&text);
        self.debug(&format!(
            "{} nodes in {} ms",
            outcome.nodes,
            elapsed.as_millis()
        ));
        if let Some(args) = self.queued.take() {
            let words: Vec<&str> = args.iter().map(String::as_str).collect();
            self.go(&words);
        }
    }

    /// `go perft N`: counted on the search thread, so that the engine answers meanwhile.
    fn perft(&mut self, depth: u32) {
        if depth == 0 {
            for line in divide_lines(Vec::new(), depth) {
                self.out.line(&line);
            }
            return;
        }
        let ticket = self.worker.perft(self.game.pos.clone(), depth);
        self.counting = Some(Counting {
            id: ticket.id,
            stop: ticket.stop,
            game: self.game.clone(),
            depth,
        });
    }

    /// A perft's count: the node count below each legal move, and the total.
    pub(super) fn on_perft(&mut self, id: u64, counts: Option<Vec<(Move, u64)>>) {
        let Some(mut c) = self.counting.take_if(|c| c.id == id) else {
            return;
        };
        let Some(counts) = counts else {
            self.say("perft stopped");
            return;
        };
        let chess960 = self.chess960();
        let legal = c.game.legal_moves();
        let counts = counts
            .into_iter()
            .map(|(mv, n)| (moves::text(&c.game.pos, &legal, mv, chess960), n))
            .collect();
        for line in divide_lines(counts, c.depth) {
            self.out.line(&line);
        }
    }
}
