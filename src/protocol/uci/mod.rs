//! The UCI engine: `alfil` talks UCI when the GUI's first command is `uci`, with every variant
//! of the library selectable through the `UCI_Variant` option.
//!
//! Built like the CECP engine from the shared parts of [`crate::protocol`]: the input thread
//! turns the GUI's lines into events, the search thread runs searches, and the protocol thread
//! (here) owns the position and handles every event in order, so `isready`, `stop` and
//! `ponderhit` are served while a search runs. The command handlers are in `commands`,
//! searching and answering in `search`; `go` reads `go`, `options` the options,
//! `moves` reads and writes move text, and `report` formats `info` lines.

mod commands;
mod go;
pub mod moves;
mod options;
mod report;
mod search;

use std::io::Read;
use std::sync::mpsc::Receiver;

use crate::game::Game;
use crate::protocol::catalogue::Catalogue;
use crate::protocol::worker::Worker;
use crate::protocol::writer::Out;
use crate::protocol::{next_event, start, Event};
use options::Options;
use search::{Counting, Running};

/// Serve a UCI GUI whose lines come from `source` (standard output answers) until `quit` or
/// the end of the input.
pub fn run(source: impl Read + Send + 'static) {
    let options = Options::new();
    let (out, worker, events) = start(source, options.hash_mb, options.threads);
    Engine::new(out, worker, options).run(events);
}

/// What the protocol thread keeps between commands.
pub struct Engine {
    out: Out,
    worker: Worker,
    catalogue: Catalogue,
    /// The position of the last `position` command (in the variant of `UCI_Variant`), with the
    /// moves that led to it.
    game: Game,
    options: Options,
    /// `debug on`: say more in `info string` lines.
    debug: bool,
    running: Option<Running>,
    /// The `go perft` counting, if any.
    counting: Option<Counting>,
    /// The arguments of a `go` that came while another search ran; it starts once that search
    /// has answered.
    queued: Option<Vec<String>>,
    quit: bool,
}

impl Engine {
    fn new(out: Out, worker: Worker, options: Options) -> Engine {
        let mut catalogue = Catalogue::scan(&options.folder);
        let (_, game) = catalogue.chess();
        Engine {
            out,
            worker,
            catalogue,
            game,
            options,
            debug: false,
            running: None,
            counting: None,
            queued: None,
            quit: false,
        }
    }

    fn run(mut self, events: Receiver<Event>) {
        while !self.quit {
            match next_event(&events, self.running.as_ref().and_then(|r| r.deadline)) {
                Event::Line(line) => self.on_line(&line),
                Event::Eof => self.quit = true,
                Event::Info(id, info) => self.on_info(id, info),
                Event::Done(id, outcome) => self.on_done(id, outcome),
                Event::Note(_, note) => self.say(&crate::protocol::wire::echo_long(&note.text)),
                Event::Perft(id, counts) => self.on_perft(id, counts),
                Event::Deadline => self.on_deadline(),
            }
        }
        self.stop_search();
    }

    /// `info string TEXT`.
    fn say(&self, text: &str) {
        self.out.line(&format!("info string {text}"));
    }

    /// `info string TEXT` in debug mode.
    fn debug(&self, text: &str) {
        if self.debug {
            self.say(text);
        }
    }

    /// Whether castling is written king-takes-rook.
    fn chess960(&self) -> bool {
        self.options.chess960 || self.game.tables().variant.chess960
    }
}
