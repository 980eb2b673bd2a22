//! The search thread of both engines (CECP and UCI): owns the [`Searcher`] and runs one job at a
//! time, reporting progress and the result as events tagged with the job's number, so the
//! protocol thread can tell a current search from one it has already abandoned.

use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{channel, Sender};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use super::Event;
use crate::game::Game;
use crate::perft::divide_until;
use crate::position::Position;
use crate::search::{time, EvalChoice, Limits, Searcher};

/// Work for the search thread.
pub enum Job {
    Search {
        id: u64,
        game: Box<Game>,
        limits: Limits,
        stop: Arc<AtomicBool>,
    },
    /// `go perft`: the node count below each root move of `pos`.
    Perft {
        id: u64,
        pos: Box<Position>,
        depth: u32,
        stop: Arc<AtomicBool>,
    },
    Hash(usize),
    Threads(usize),
    /// The evaluation to play with (`Use NNUE`, `EvalFile`).
    Eval(EvalChoice),
    /// A new game: forget what was learnt.
    Clear,
}

/// The handle the protocol thread keeps.
pub struct Worker {
    jobs: Sender<Job>,
    /// Searches and perfts started so far (the last one's number).
    searches: u64,
}

/// A search handed to the search thread: the number its events carry, and its stop flag.
pub struct Ticket {
    pub id: u64,
    pub stop: Arc<AtomicBool>,
}

impl Worker {
    pub fn spawn(mut searcher: Searcher, events: Sender<Event>) -> Worker {
        let (jobs, inbox) = channel::<Job>();
        thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                for job in inbox {
                    match job {
                        Job::Search {
                            id,
                            game,
                            limits,
                            stop,
                        } => {
                            let tx = events.clone();
                            let mut report = |info: &crate::search::Info| {
                                let _ = tx.send(Event::Info(id, info.clone()));
                            };
                            if let Some(note) = searcher.prepare(game.tables()) {
                                let _ = tx.send(Event::Note(id, note));
                            }
                            let outcome = searcher.search(&game, &limits, &stop, &mut report);
                            if events.send(Event::Done(id, outcome)).is_err() {
                                return;
                            }
                        }
                        Job::Perft {
                            id,
                            pos,
                            depth,
                            stop,
                        } => {
                            let counts = divide_until(&pos, depth, &stop);
                            if events.send(Event::Perft(id, counts)).is_err() {
                                return;
                            }
                        }
                        Job::Hash(mb) => searcher.set_hash(mb),
                        Job::Threads(n) => searcher.set_threads(n),
                        Job::Eval(choice) => searcher.set_eval(choice),
                        Job::Clear => searcher.clear(),
                    }
                }
            })
            .expect("spawn the search thread");
        Worker { jobs, searches: 0 }
    }

    /// Search `game` within `limits` once the jobs sent before are done.
    pub fn search(&mut self, game: Game, limits: Limits) -> Ticket {
        let ticket = self.ticket();
        self.send(Job::Search {
            id: ticket.id,
            game: Box::new(game),
            limits,
            stop: ticket.stop.clone(),
        });
        ticket
    }

    /// Counts the perft of `pos` to `depth`, root move by root move, once the jobs sent before
    /// are done (the answer is an [`Event::Perft`]).
    pub fn perft(&mut self, pos: Position, depth: u32) -> Ticket {
        let ticket = self.ticket();
        self.send(Job::Perft {
            id: ticket.id,
            pos: Box::new(pos),
            depth,
            stop: ticket.stop.clone(),
        });
        ticket
    }

    fn ticket(&mut self) -> Ticket {
        self.searches += 1;
        Ticket {
            id: self.searches,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    pub fn send(&self, job: Job) {
        let _ = self.jobs.send(job);
    }
}

/// How long after its start a search for `limits` is stopped from outside, whatever it thinks
/// (a guard against losing on time): a fixed move time plus a tenth and 20 ms, or the clock less
/// its reserve (the move overhead and a margin, [`time::reserve`]), at least 10 ms; `None` for
/// a search without a time limit.
pub fn backstop(limits: &Limits) -> Option<Duration> {
    if limits.infinite {
        return None;
    }
    let by_move = limits
        .move_time
        .map(|t| t + t / 10 + Duration::from_millis(20));
    let by_clock = limits.clock.map(|c| {
        c.time
            .saturating_sub(time::reserve(c.time, limits.move_overhead))
            .max(Duration::from_millis(10))
    });
    match (by_move, by_clock) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}
