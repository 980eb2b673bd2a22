//! The CECP engine: `alfil` with no arguments talks to XBoard, WinBoard or a match runner on
//! standard input and output.
//!
//! Three threads: the input thread ([`input`]) turns standard input into [`Event::Line`]s, the
//! search thread ([`worker`]) runs searches and reports [`Event::Info`] and [`Event::Done`], and
//! the protocol thread (here) owns the game and handles every event in order, so commands are
//! served while a search runs. The command handlers are in [`commands`], searching and moving
//! in [`play`], the old `edit` mode in [`edit`]; [`catalogue`] holds the offered variants,
//! [`highlight`] answers `lift`/`put`/`hover`, [`moves`] reads and writes move text and
//! [`output`] writes lines.

mod catalogue;
mod commands;
mod edit;
mod highlight;
mod input;
mod moves;
mod output;
mod play;
mod state;
mod worker;

use std::collections::VecDeque;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::search::{Info, Outcome, Searcher};
use catalogue::Catalogue;
use edit::EditState;
use output::Out;
use state::{Clocks, Mode, Outlook, Running, Settings};
use worker::Worker;

/// What the protocol thread reacts to.
pub enum Event {
    Line(String),
    Eof,
    Info(u64, Info),
    Done(u64, Outcome),
}

/// Run the engine on standard input and output until `quit` or end of input.
pub fn run() {
    let (tx, rx) = channel();
    input::spawn(std::io::stdin(), tx.clone());
    let out = Out::new(Box::new(std::io::stdout()));
    let settings = Settings::new();
    let worker = Worker::spawn(Searcher::new(settings.hash_mb, settings.threads), tx);
    Engine::new(out, worker, settings).run(rx);
}

/// The protocol thread's state.
pub struct Engine {
    out: Out,
    worker: Worker,
    catalogue: Catalogue,
    /// Library name of the variant being played.
    variant: String,
    game: Game,
    mode: Mode,
    running: Option<Running>,
    next_id: u64,
    /// Commands that must wait until the current move is played (a `ping` while thinking, and
    /// everything after it).
    backlog: VecDeque<String>,
    clocks: Clocks,
    settings: Settings,
    outlook: Outlook,
    /// Root moves excluded from analysis (`exclude`).
    excluded: Vec<crate::movegen::Move>,
    /// Ply count at which a game end was last claimed, so it is claimed once.
    claimed_at: Option<usize>,
    /// The analysis of the current position has ended by itself; do not restart it.
    analysed: bool,
    /// The piece the user holds (`lift`) and the squares it has visited (`put` on stops).
    lifted: Option<(u16, Vec<u16>)>,
    edit: Option<EditState>,
    paused: bool,
    /// The opponent is an engine (`computer`): an illegal move is claimed as a win, since a GUI
    /// that tests legality forfeits an engine whose `Illegal move` it disagrees with.
    computer: bool,
    last_info: Option<Info>,
    quit: bool,
}

impl Engine {
    fn new(out: Out, worker: Worker, settings: Settings) -> Engine {
        let mut catalogue = Catalogue::scan(&settings.folder);
        let variant = catalogue
            .resolve("normal")
            .unwrap_or_else(|| "chess".to_string());
        let tables = catalogue
            .tables(&variant)
            .expect("the built-in chess variant loads");
        Engine {
            out,
            worker,
            catalogue,
            variant,
            game: Game::new(tables),
            mode: Mode::Force,
            running: None,
            next_id: 0,
            backlog: VecDeque::new(),
            clocks: Clocks::new(),
            settings,
            outlook: Outlook::default(),
            excluded: Vec::new(),
            claimed_at: None,
            analysed: false,
            lifted: None,
            edit: None,
            paused: false,
            computer: false,
            last_info: None,
            quit: false,
        }
    }

    fn run(mut self, events: Receiver<Event>) {
        while !self.quit {
            let wait = self
                .running
                .as_ref()
                .and_then(|r| r.deadline)
                .map(|d| d.saturating_duration_since(Instant::now()))
                .unwrap_or(Duration::from_secs(3600));
            match events.recv_timeout(wait) {
                Ok(Event::Line(line)) => self.on_line(&line),
                Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => return,
                Ok(Event::Info(id, info)) => self.on_info(id, info),
                Ok(Event::Done(id, outcome)) => self.on_done(id, outcome),
                Err(RecvTimeoutError::Timeout) => self.on_deadline(),
            }
            self.drain_backlog();
            self.kick();
        }
    }

    /// Run the backlog while no move is being thought about.
    fn drain_backlog(&mut self) {
        while !self.thinking() && !self.quit {
            let Some(line) = self.backlog.pop_front() else {
                return;
            };
            self.on_line(&line);
            self.kick();
        }
    }

    /// Print a debug line if the GUI ignores them.
    fn debug(&self, text: &str) {
        if self.settings.debug {
            self.out.line(&format!("# {text}"));
        }
    }
}
