//! What `alfil serve` keeps between requests: the variants folder and its catalogue, and the
//! games in play, each with its own searcher and the stop flag of its current search or perft
//! (a new request on a game stops the old one).

use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::game::Game;
use crate::position::ruleset::Ruleset;
use crate::protocol::catalogue::Catalogue;
use crate::search::Searcher;

use super::http::ApiError;

/// Games kept at once; starting one more forgets the least recently started.
const MAX_GAMES: usize = 16;

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
    catalogue: Mutex<Catalogue>,
    games: Mutex<Games>,
}

impl Server {
    pub fn new(folder: PathBuf) -> Server {
        let catalogue = Catalogue::scan(&folder.display().to_string());
        Server {
            folder,
            catalogue: Mutex::new(catalogue),
            games: Mutex::new(Games {
                next_id: 1,
                slots: HashMap::new(),
                order: VecDeque::new(),
            }),
        }
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
            return Err(ApiError::not_found(format!(
                "no variant called '{name}' (built-in or in {})",
                self.folder.display()
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
