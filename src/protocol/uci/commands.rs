//! The UCI command handlers: one line from the GUI in, state changes and answers out.
//!
//! As the specification asks, words before the first known command are skipped (`joho debug
//! on` switches debug mode on), and so are unknown words inside a command. A `position` that
//! cannot be set up (a bad FEN, a move that is not legal) leaves the previous position and says
//! why in an `info string`. Every command is served at once, also while a search runs. `d`
//! prints the position's FEN, as in Stockfish and Fairy-Stockfish.

use std::path::Path;

use crate::game::Game;
use crate::protocol::catalogue::{Catalogue, Unavailable};
use crate::protocol::wire::{echo, echo_long};
use crate::protocol::worker::Job;

use super::moves;
use super::options::{self, Setting};
use super::Engine;

/// The commands of the protocol.
const COMMANDS: [&str; 12] = [
    "uci",
    "debug",
    "isready",
    "setoption",
    "register",
    "ucinewgame",
    "position",
    "go",
    "stop",
    "ponderhit",
    "d",
    "quit",
];

impl Engine {
    /// Handle one line from the GUI.
    pub(super) fn on_line(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| COMMANDS.contains(w)) else {
            if !words.is_empty() {
                self.debug(&format!("unknown command: {}", echo(line.trim())));
            }
            return;
        };
        if at > 0 {
            self.debug(&format!("skipped: {}", echo(&words[..at].join(" "))));
        }
        self.debug(&format!("received: {}", echo(&words[at..].join(" "))));
        let args = &words[at + 1..];
        match words[at] {
            "uci" => self.identify(),
            "debug" => match args.first() {
                Some(&"on") => self.debug = true,
                Some(&"off") => self.debug = false,
                _ => self.debug("debug takes on or off"),
            },
            "isready" => self.out.line("readyok"),
            "setoption" => self.set_option(args),
            "register" => self.debug("Alfil needs no registration"),
            "ucinewgame" => {
                self.worker.send(Job::Clear);
                self.new_game();
            }
            "position" => self.position(args),
            "go" => self.go(args),
            "stop" => self.stop(),
            "ponderhit" => self.ponder_hit(),
            // Not UCI: Stockfish's and Fairy-Stockfish's command for the current position.
            "d" => self.out.line(&format!("Fen: {}", self.game.pos.to_fen())),
            _ => self.quit = true,
        }
    }

    /// `uci`: the engine's name, its options, `uciok`.
    fn identify(&self) {
        self.out
            .line(&format!("id name Alfil {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the Alfil developers");
        for line in self
            .options
            .lines(&self.catalogue.names, &self.game.tables().variant.name)
        {
            self.out.line(&line);
        }
        self.report_problems();
        self.out.line("uciok");
    }

    /// Tell the GUI about variant files that did not load.
    fn report_problems(&self) {
        for p in &self.catalogue.problems {
            self.say(&format!("variant files: {}", echo_long(p)));
        }
    }

    fn set_option(&mut self, args: &[&str]) {
        let setting = match options::parse(args) {
            Ok(s) => s,
            Err(e) => {
                self.say(&echo_long(&e));
                return;
            }
        };
        match &setting {
            Setting::Hash(mb) => {
                let (used, reason) = crate::search::affordable_hash_mb(*mb);
                if let Some(reason) = reason {
                    self.say(&reason);
                }
                self.options.hash_mb = used;
                self.worker.send(Job::Hash(used));
                return;
            }
            Setting::Threads(n) => {
                let (used, reason) = crate::search::affordable_threads(*n);
                if let Some(reason) = reason {
                    self.say(&reason);
                }
                self.options.threads = used;
                self.worker.send(Job::Threads(used));
                return;
            }
            Setting::ClearHash => self.worker.send(Job::Clear),
            Setting::Variant(name) => {
                self.refresh_variants();
                if !self.select_variant(name) {
                    return;
                }
            }
            Setting::Folder(folder) => {
                if !folder.is_empty() && !Path::new(folder).is_dir() {
                    self.say(&format!(
                        "no folder {}: only the built-in variants",
                        echo(folder)
                    ));
                }
                self.catalogue = Catalogue::scan(folder);
                self.report_problems();
            }
            Setting::UseNet(_) | Setting::EvalFile(_) => {
                self.options.apply(&setting);
                self.worker.send(Job::Eval(self.options.eval.clone()));
                return;
            }
            Setting::MultiPv(_)
            | Setting::Ponder(_)
            | Setting::Chess960(_)
            | Setting::MoveOverhead(_) => {}
        }
        self.options.apply(&setting);
    }

    /// `UCI_Variant`: play another variant, from its start position.
    fn select_variant(&mut self, requested: &str) -> bool {
        let Some(name) = self.catalogue.resolve_uci(requested) else {
            let why = match self.catalogue.why_not(requested) {
                Unavailable::Unknown(None) => format!("unknown variant {}", echo(requested)),
                Unavailable::Unknown(Some(near)) => {
                    format!("unknown variant {}; did you mean {near}?", echo(requested))
                }
                Unavailable::Broken(why) => {
                    format!("cannot play {}: {}", echo(requested), echo_long(&why))
                }
            };
            self.say(&why);
            return false;
        };
        match self.catalogue.tables(&name) {
            Ok(tables) => {
                self.game = Game::new(tables);
                true
            }
            Err(e) => {
                self.say(&format!(
                    "cannot play {}: {}",
                    echo(requested),
                    echo_long(&e)
                ));
                false
            }
        }
    }

    /// The current variant's start position, from its file as it is now: the variant folder is
    /// read again if a file in it changed (a file that no longer loads leaves its last version
    /// that loaded in use, and says why).
    fn new_game(&mut self) {
        self.refresh_variants();
        let name = self.game.tables().variant.name.clone();
        let tables = self
            .catalogue
            .resolve_uci(&name)
            .and_then(|library_name| self.catalogue.tables(&library_name).ok())
            .unwrap_or_else(|| self.game.tables().clone());
        self.game = Game::new(tables);
    }

    /// Read the variant folder again if a file in it changed, and say why a file does not load.
    fn refresh_variants(&mut self) {
        if let Some(refresh) = self.catalogue.refresh() {
            for m in &refresh.messages {
                self.say(&format!("variant files: {}", echo_long(m)));
            }
        }
    }

    /// `position [startpos | fen FEN] [moves M…]`: all or nothing.
    fn position(&mut self, args: &[&str]) {
        match self.read_position(args) {
            Ok(game) => self.game = game,
            Err(reason) => self.say(&format!(
                "position not set ({}); the previous position stays",
                echo_long(&reason)
            )),
        }
    }

    fn read_position(&self, args: &[&str]) -> Result<Game, String> {
        let tables = self.game.tables().clone();
        let moves_at = args.iter().position(|w| *w == "moves");
        let (setup, played) = match moves_at {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &args[args.len()..]),
        };
        let mut game = match setup.split_first() {
            Some((&"startpos", _)) => Game::new(tables),
            Some((&"fen", fen)) if !fen.is_empty() => {
                let fen = fen.join(" ");
                Game::from_fen(tables, &fen)
                    .map_err(|e| format!("bad FEN '{}': {e}", echo(&fen)))?
            }
            Some((&"fen", _)) => return Err("no FEN after 'fen'".into()),
            _ => return Err("expected startpos or fen".into()),
        };
        let chess960 = self.chess960();
        for (i, word) in played.iter().enumerate() {
            let Some(mv) = moves::parse(&mut game, word, chess960) else {
                return Err(format!(
                    "move {} '{}' is not legal in {}",
                    i + 1,
                    echo(word),
                    game.pos.to_fen()
                ));
            };
            game.play(mv);
        }
        Ok(game)
    }
}
