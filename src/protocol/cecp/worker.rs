//! The search thread: owns the [`Searcher`] and runs one job at a time, reporting progress and
//! the result as events tagged with the job's number, so the protocol thread can tell a current
//! search from one it has already abandoned.

use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{channel, Sender};
use std::sync::Arc;
use std::thread;

use super::Event;
use crate::game::Game;
use crate::search::{Limits, Searcher};

/// Work for the search thread.
pub enum Job {
    Search {
        id: u64,
        game: Box<Game>,
        limits: Limits,
        stop: Arc<AtomicBool>,
    },
    Hash(usize),
    Threads(usize),
    /// A new game: forget what was learnt.
    Clear,
}

/// The handle the protocol thread keeps.
pub struct Worker {
    jobs: Sender<Job>,
}

impl Worker {
    pub fn spawn(mut searcher: Searcher, events: Sender<Event>) -> Worker {
        let (jobs, inbox) = channel::<Job>();
        thread::Builder::new()
            .name("cecp-search".into())
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
                            let outcome = searcher.search(&game, &limits, &stop, &mut report);
                            if events.send(Event::Done(id, outcome)).is_err() {
                                return;
                            }
                        }
                        Job::Hash(mb) => searcher.set_hash(mb),
                        Job::Threads(n) => searcher.set_threads(n),
                        Job::Clear => searcher.clear(),
                    }
                }
            })
            .expect("spawn the search thread");
        Worker { jobs }
    }

    pub fn send(&self, job: Job) {
        let _ = self.jobs.send(job);
    }
}
