//! What `alfil serve` keeps between requests: the variants folder and its catalogue, and the
//! games in play, each with its own searcher and the stop flag of its current search or perft
//! (a new request on a game stops the old one), the count of jobs running, and the guard of
//! who may ask.

use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::game::Game;
use crate::position::ruleset::Ruleset;
use crate::protocol::catalogue::{Catalogue, Unavailable};
use crate::search::Searcher;

use super::guard::Guard;
use super::http::ApiError;

/// Games kept at once; starting one more forgets the least recently started.
const MAX_GAMES: usize = 16;
/// Searches and perfts running at once; one more is refused with 503.
pub const MAX_JOBS: usize = 8;

/// A game and what works on it.
pub struct GameState {
    pub game: Game,
    /// The moves played, in UCI text.
    pub history: Vec<String>,
    /// The flag of the game's current job (search or perft); a job whose flag is no longer
    /// this one has been overtaken (by a move, an undo or a newer job).
    pub stop: Arc<AtomicBool>,
}

impl GameState {
    /// Stops whatever runs on the game and gives a fresh flag for the next job.
    pub fn restart_jobs(&mut self) -> Arc<AtomicBool> {
        self.stop.store(true, Ordering::Relaxed);
        self.stop = Arc::new(AtomicBool::new(false));
        self.stop.clone()
    }

    /// Whether `stop` is the flag of the current job.
    pub fn is_current(&self, stop: &Arc<AtomicBool>) -> bool {
        Arc::ptr_eq(&self.stop, stop)
    }
}

/// One game: its state and its searcher (locked apart, so that a search runs while the state
/// answers other requests; the searcher and its table are made on the game's first search).
pub struct Slot {
    pub state: Mutex<GameState>,
    pub searcher: Mutex<Option<Searcher>>,
}

impl Slot {
    pub fn state(&self) -> MutexGuard<'_, GameState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn tables(&self) -> Arc<Ruleset> {
        self.state().game.tables().clone()
    }
}

struct Games {
    next_id: u64,
    slots: HashMap<u64, Arc<Slot>>,
    order: VecDeque<u64>,
}

/// The server's state.
pub struct Server {
    /// The variants folder: files listed, read, checked and saved here only.
    pub folder: PathBuf,
    /// Who may ask.
    pub guard: Guard,
    /// The folder's absolute paths (as made absolute, canonical): taken out of
    /// every answer, which names the folder by its own name and its files by theirs.
    hidden: Vec<String>,
    catalogue: Mutex<Catalogue>,
    games: Mutex<Games>,
    jobs: Arc<AtomicUsize>,
}

/// A place among the jobs running; dropping it frees the place.
pub struct JobTicket {
    jobs: Arc<AtomicUsize>,
}

impl Drop for JobTicket {
    fn drop(&mut self) {
        self.jobs.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Server {
    pub fn new(folder: PathBuf, guard: Guard) -> Server {
        let catalogue = Catalogue::scan(&folder.display().to_string());
        let mut hidden: Vec<String> = [
            std::path::absolute(&folder).ok(),
            std::fs::canonicalize(&folder).ok(),
        ]
        .into_iter()
        .flatten()
        .map(|p| p.display().to_string().trim_end_matches('/').to_string())
        .filter(|p| !p.is_empty())
        .collect();
        // The longest first, so that no shorter form cuts into a longer one.
        hidden.sort_by_key(|p| std::cmp::Reverse(p.len()));
        hidden.dedup();
        Server {
            folder,
            guard,
            hidden,
            jobs: Arc::new(AtomicUsize::new(0)),
            catalogue: Mutex::new(catalogue),
            games: Mutex::new(Games {
                next_id: 1,
                slots: HashMap::new(),
                order: VecDeque::new(),
            }),
        }
    }

    /// The folder's own name (the last part of its path), as answers show it.
    pub fn folder_name(&self) -> String {
        self.folder.file_name().map_or_else(
            || "variants".to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// `text` without the folder's path: the folder's files by their name alone, the folder
    /// by its own.
    pub fn redact(&self, text: &str) -> String {
        let mut text = text.to_string();
        for path in &self.hidden {
            if text.contains(path.as_str()) {
                text = text
                    .replace(&format!("{path}/"), "")
                    .replace(path.as_str(), &self.folder_name());
            }
        }
        text
    }

    /// A place for a job (search or perft), or 503 when `MAX_JOBS` run already.
    pub fn job_ticket(&self) -> Result<JobTicket, ApiError> {
        if self.jobs.fetch_add(1, Ordering::SeqCst) >= MAX_JOBS {
            self.jobs.fetch_sub(1, Ordering::SeqCst);
            return Err(ApiError {
                status: 503,
                message: format!(
                    "the server is running {MAX_JOBS} searches and perfts, the most it runs at \
                     once: stop one, or try again when one ends"
                ),
            });
        }
        Ok(JobTicket {
            jobs: self.jobs.clone(),
        })
    }

    /// The catalogue, read again if the folder changed.
    pub fn catalogue(&self) -> MutexGuard<'_, Catalogue> {
        let mut catalogue = self.catalogue.lock().unwrap_or_else(|e| e.into_inner());
        catalogue.refresh();
        catalogue
    }

    /// The tables of a variant by name (built-in or the folder's).
    pub fn tables(&self, name: &str) -> Result<Arc<Ruleset>, ApiError> {
        let mut catalogue = self.catalogue();
        let Some(resolved) = catalogue.resolve_uci(name) else {
            let hint = match catalogue.why_not(name) {
                Unavailable::Unknown(Some(near)) => format!("; did you mean '{near}'?"),
                _ => String::new(),
            };
            return Err(ApiError::not_found(format!(
                "no variant called '{name}' (built-in or in the variants folder {}){hint}",
                self.folder_name()
            )));
        };
        catalogue.tables(&resolved).map_err(ApiError::bad_request)
    }

    /// Starts a game; returns its id.
    pub fn add_game(&self, game: Game) -> u64 {
        let mut games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        let id = games.next_id;
        games.next_id += 1;
        let slot = Slot {
            state: Mutex::new(GameState {
                game,
                history: Vec::new(),
                stop: Arc::new(AtomicBool::new(false)),
            }),
            searcher: Mutex::new(None),
        };
        games.slots.insert(id, Arc::new(slot));
        games.order.push_back(id);
        while games.order.len() > MAX_GAMES {
            if let Some(old) = games.order.pop_front() {
                if let Some(slot) = games.slots.remove(&old) {
                    slot.state().restart_jobs();
                }
            }
        }
        id
    }

    /// The game of `id`.
    pub fn game(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        let games = self.games.lock().unwrap_or_else(|e| e.into_inner());
        id.parse::<u64>()
            .ok()
            .and_then(|n| games.slots.get(&n).cloned())
            .ok_or_else(|| {
                ApiError::not_found(format!(
                    "no game {id} (the server keeps the last {MAX_GAMES} games started)"
                ))
            })
    }
}
