//! The CECP engine: `alfil` with no arguments talks to XBoard, WinBoard or a match runner on
//! standard input and output (unless the first command is `uci`).
//!
//! Three threads (the parts shared with UCI are in [`crate::protocol`]): the input thread turns
//! the GUI's lines into [`Event::Line`]s, the search thread runs searches and reports
//! [`Event::Info`] and [`Event::Done`], and the protocol thread (here) owns the game and handles
//! every event in order, so commands are served while a search runs. The command handlers are in
//! `commands`, searching and moving in `play`, the old `edit` mode in `edit`;
//! `highlight` answers `lift`/`put`/`hover`, `moves` reads and writes move text and
//! `output` formats thinking output.

use crate::types::Square;
mod claims;
mod commands;
mod edit;
mod highlight;
mod moves;
mod output;
mod play;
mod state;

pub use state::PLAY_REFUSED;

use std::collections::VecDeque;
use std::io::Read;
use std::sync::mpsc::Receiver;

use crate::game::Game;
use crate::position::ruleset::Ruleset;
use crate::protocol::catalogue::Catalogue;
use crate::protocol::worker::Worker;
use crate::protocol::writer::Out;
use crate::protocol::{next_event, start, Event};
use crate::search::Info;
use edit::EditState;
use state::{Clocks, Mode, Outlook, Running, Settings};
use std::sync::Arc;

/// Run the engine on the GUI's lines from `source`, answering on standard output, until `quit`
/// or end of input.
pub fn run(source: impl Read + Send + 'static) {
    let settings = Settings::new();
    let (out, worker, events) = start(source, settings.hash_mb, settings.threads);
    Engine::new(out, worker, settings).run(events);
}

/// The protocol thread's state.
pub struct Engine {
    out: Out,
    worker: Worker,
    catalogue: Catalogue,
    /// The catalogue includes the variant folder's files (reading them can take a second, so
    /// it waits until `feature done=0` has told the GUI to wait, or a variant is chosen).
    folder_scanned: bool,
    /// Library name of the variant being played.
    variant: String,
    game: Game,
    mode: Mode,
    running: Option<Running>,
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
    lifted: Option<(Square, Vec<Square>)>,
    edit: Option<EditState>,
    paused: bool,
    /// The opponent is an engine (`computer`): an illegal move is claimed as a win, since a GUI
    /// that tests legality forfeits an engine whose `Illegal move` it disagrees with, and a win
    /// XBoard cannot see is not claimed by the winner ([`claims`]).
    computer: bool,
    last_info: Option<Info>,
    quit: bool,
    /// The variants whose rules XBoard cannot be told the user has been told about.
    told_untold: Vec<String>,
    /// The position (its key) whose every legal move XBoard would refuse, where the engine
    /// has told the user and waits.
    refused_at: Option<u64>,
    /// The variant as XBoard's legality test knows it ([`crate::protocol::referee`]), cached
    /// for the rules it was built from.
    referee: Option<(Arc<Ruleset>, Option<Arc<Ruleset>>)>,
}

impl Engine {
    fn new(out: Out, worker: Worker, settings: Settings) -> Engine {
        let mut catalogue = Catalogue::scan("");
        let (variant, game) = catalogue.chess();
        Engine {
            out,
            worker,
            catalogue,
            folder_scanned: false,
            variant,
            game,
            mode: Mode::Force,
            running: None,
            backlog: VecDeque::new(),
            clocks: Clocks::new(),
            settings,
            outlook: Outlook::default(),
            excluded: Vec::new(),
            claimed_at: None,
            analysed: false,
            lifted: None,
            edit: None,
            referee: None,
            refused_at: None,
            told_untold: Vec::new(),
            paused: false,
            computer: false,
            last_info: None,
            quit: false,
        }
    }

    fn run(mut self, events: Receiver<Event>) {
        while !self.quit {
            let deadline = self.running.as_ref().and_then(|r| r.deadline);
            match next_event(&events, deadline) {
                Event::Line(line) => self.on_line(&line),
                Event::Eof => return,
                Event::Info(id, info) => self.on_info(id, info),
                Event::Done(id, outcome) => self.on_done(id, outcome),
                Event::Note(_, note) => self.on_note(&note),
                // CECP counts no perft on the search thread.
                Event::Perft(..) => {}
                Event::Deadline => self.on_deadline(),
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
