//! The command handlers: one line from the GUI in, state changes and answers out.
//!
//! While a move is being thought about, `?` and `quit` act at once; a `ping` waits until the
//! move is out, and so does everything that arrives after it. Commands that change the position
//! or what the engine plays abandon a search first; the rest leave it running.

use crate::protocol::catalogue::{Catalogue, Unavailable};
use crate::protocol::timecontrol::TimeControl;
use crate::protocol::wire::{echo, echo_long, split_command};
use crate::protocol::worker::Job;
use crate::protocol::xboard;
use crate::search::time::MoveOverhead;
use crate::types::Colour;

use super::edit::EditState;
use super::highlight;
use super::moves::{self, Rejection, STYLE};
use super::state::{Activity, Mode, PLAY_REFUSED};
use super::Engine;

impl Engine {
    /// Handle one line from the GUI.
    pub(super) fn on_line(&mut self, line: &str) {
        if self.edit.is_some() {
            self.edit_line(line.trim());
            return;
        }
        let (cmd, args) = split_command(line);
        if self.thinking() && (cmd == "ping" || !self.backlog.is_empty()) {
            match cmd {
                "quit" => self.quit = true,
                "?" => self.move_now(),
                _ => self.backlog.push_back(line.to_string()),
            }
            return;
        }
        self.dispatch(cmd, args);
    }

    fn dispatch(&mut self, cmd: &str, args: &str) {
        match cmd {
            "" => {}
            "xboard" | "white" | "black" | "name" | "rating" | "ics" | "random" => {}
            "computer" => self.computer = true,
            "protover" => self.features(),
            "accepted" => {
                if args == "debug" {
                    self.settings.debug = true;
                }
            }
            "rejected" => self.debug(&format!("the GUI rejected {}", echo(args))),
            "quit" => self.quit = true,
            "ping" => self.out.line(&format!("pong {}", echo(args))),
            "new" => self.new_game(),
            "variant" => self.select_variant(args),
            "force" => {
                self.abandon();
                self.mode = Mode::Force;
            }
            "go" => {
                if !self.thinking() {
                    self.abandon();
                    self.mode = Mode::Play(self.game.pos.side());
                    self.claimed_at = None;
                    self.refused_at = None;
                }
            }
            "playother" => {
                self.abandon();
                self.mode = Mode::Play(!self.game.pos.side());
            }
            "usermove" => self.user_move(args),
            "setboard" => self.set_board(args),
            "edit" => {
                self.abandon();
                self.edit = Some(EditState::new(&self.game));
            }
            "undo" => self.take_back(1, "undo"),
            "remove" => self.take_back(2, "remove"),
            "result" => {
                self.abandon();
                self.mode = Mode::Force;
            }
            "draw" => self.outlook.draw_offered = true,
            "?" => self.move_now(),
            "." => self.status(),
            "time" | "otim" => self.clock(cmd, args),
            "level" => match TimeControl::parse_level(args) {
                Ok(tc) => {
                    self.clocks.mine = tc.initial();
                    self.clocks.theirs = tc.initial();
                    self.clocks.control = tc;
                    self.clocks.per_move = None;
                }
                Err(e) => self.error(&e, "level"),
            },
            "st" => match args.parse::<f64>() {
                Ok(s) if s.is_finite() && s > 0.0 && s < 1e7 => {
                    self.clocks.per_move = Some(std::time::Duration::from_secs_f64(s))
                }
                _ => self.error("expected seconds per move", "st"),
            },
            "sd" => match args.parse::<u32>() {
                Ok(d) if d > 0 => self.clocks.depth = Some(d),
                _ => self.error("expected a depth", "sd"),
            },
            "nps" => match args.parse::<u64>() {
                Ok(n) => self.clocks.nps = (n > 0).then_some(n),
                _ => self.error("expected nodes per second", "nps"),
            },
            "post" => self.settings.post = true,
            "nopost" => self.settings.post = false,
            "hard" => self.settings.ponder = true,
            "easy" => {
                self.settings.ponder = false;
                if self
                    .running
                    .as_ref()
                    .is_some_and(|r| r.activity == Activity::Ponder)
                {
                    self.abandon();
                }
            }
            "memory" => match args.parse::<usize>() {
                Ok(mb) if mb > 0 => self.set_hash(mb),
                _ => self.error("expected megabytes", "memory"),
            },
            "cores" => match args.parse::<usize>() {
                Ok(n) if n > 0 => self.set_threads(n),
                _ => self.error("expected a number of threads", "cores"),
            },
            "option" => self.option(args),
            "hint" => self.hint(),
            "bk" => {
                self.out.line("\tAlfil has no opening book");
                self.out.line("");
            }
            "analyze" => {
                self.abandon();
                self.mode = Mode::Analyze;
                self.analysed = false;
            }
            "exit" => {
                if self.mode == Mode::Analyze {
                    self.abandon();
                    self.mode = Mode::Force;
                    self.excluded.clear();
                }
            }
            "exclude" | "include" => self.exclusion(cmd, args),
            "setscore" => self.debug("setscore ignored: the search takes no score overrides"),
            "pause" => {
                if !self.paused {
                    self.paused = true;
                    self.abandon();
                }
            }
            "resume" => self.paused = false,
            "lift" | "put" | "hover" => self.manipulate(cmd, args),
            "help" => self.help(),
            _ if moves::looks_like_move(cmd) && args.is_empty() => self.user_move(cmd),
            _ => self.error("unknown command", cmd),
        }
    }

    /// A few lines for a person typing at the engine (GUIs never send `help`).
    fn help(&self) {
        for line in [
            "Alfil speaks CECP (XBoard) here; a first command `uci` would have chosen UCI.",
            "  xboard, protover 2     start as a GUI does (lists the variants and options)",
            "  variant NAME           choose a variant (`alfil variants` lists them)",
            "  new, go, force         new game, engine moves, engine stops playing",
            "  usermove e2e4, undo    play or take back a move",
            "  setboard FEN           set up a position",
            "  st 5, sd 8, level ...  time per move, depth limit, clock",
            "  quit                   end",
        ] {
            self.out.line(line);
        }
    }

    /// Resize the hash table to `mb` megabytes, or to what the machine can give, saying so.
    fn set_hash(&mut self, mb: usize) {
        let (used, reason) = crate::search::affordable_hash_mb(mb);
        if let Some(reason) = reason {
            self.out.line(&format!("tellusererror Alfil: {reason}"));
        }
        self.settings.hash_mb = used;
        self.worker.send(Job::Hash(used));
    }

    /// `cores N`, option `Threads`: at most `MAX_THREADS`, said with `telluser` when fewer.
    fn set_threads(&mut self, threads: usize) {
        let (used, reason) = crate::search::affordable_threads(threads);
        if let Some(reason) = reason {
            self.out.line(&format!("telluser Alfil: {reason}"));
        }
        self.settings.threads = used;
        self.worker.send(Job::Threads(used));
    }

    /// `Error (reason): command`.
    pub(super) fn error(&self, reason: &str, command: &str) {
        self.out
            .line(&format!("Error ({}): {}", echo(reason), echo(command)));
    }

    fn features(&mut self) {
        self.out.line("feature done=0");
        self.scan_folder_once();
        self.out.line(&format!(
            "feature myname=\"Alfil {}\" ping=1 setboard=1 usermove=1 colors=0 sigint=0 \
             sigterm=0 debug=1 memory=1 smp=1 analyze=1 exclude=1 highlight=1 reuse=1 \
             playother=1 draw=1 pause=1 nps=1 time=1 san=0 name=1",
            env!("CARGO_PKG_VERSION")
        ));
        self.out.line(&format!(
            "feature variants=\"{}\"",
            self.catalogue.feature_list(&self.settings.menu)
        ));
        for option in self.settings.option_features() {
            self.out.line(&format!("feature option=\"{option}\""));
        }
        self.report_problems();
        self.out.line("feature done=1");
    }

    /// Tell the user about variant files that did not load.
    fn report_problems(&self) {
        for p in &self.catalogue.problems {
            self.out.line(&format!(
                "tellusererror Alfil, variant files: {}",
                echo_long(p)
            ));
        }
    }

    /// Read the variant folder into the catalogue the first time; later, read it again if a
    /// file in it changed, tell XBoard the list if that changed, and why a file does not load.
    fn scan_folder_once(&mut self) {
        if !self.folder_scanned {
            self.catalogue = Catalogue::scan(&self.settings.folder);
            self.folder_scanned = true;
            return;
        }
        let before = self.catalogue.feature_list(&self.settings.menu);
        let Some(refresh) = self.catalogue.refresh() else {
            return;
        };
        let after = self.catalogue.feature_list(&self.settings.menu);
        if after != before {
            self.out.line(&format!("feature variants=\"{after}\""));
        }
        for m in &refresh.messages {
            self.out.line(&format!(
                "tellusererror Alfil, variant files: {}",
                echo_long(m)
            ));
        }
    }

    fn new_game(&mut self) {
        self.scan_folder_once();
        self.abandon();
        let name = self
            .catalogue
            .resolve("normal")
            .unwrap_or_else(|| "chess".into());
        if let Ok(tables) = self.catalogue.tables(&name) {
            self.variant = name;
            self.game = crate::game::Game::new(tables);
        }
        if self.mode != Mode::Analyze {
            self.mode = Mode::Play(Colour::Black);
        }
        self.clocks.depth = None;
        self.clocks.nps = None;
        self.outlook = Default::default();
        self.computer = false;
        self.worker.send(Job::Clear);
        self.position_changed();
    }

    fn select_variant(&mut self, args: &str) {
        self.scan_folder_once();
        let Some(name) = self.catalogue.resolve(args) else {
            let command = format!("variant {args}");
            match self.catalogue.why_not(args) {
                Unavailable::Unknown(None) => self.error("unknown variant", &command),
                Unavailable::Unknown(Some(near)) => {
                    self.error(&format!("unknown variant; did you mean {near}?"), &command)
                }
                Unavailable::Broken(why) => {
                    self.out.line(&format!(
                        "tellusererror Alfil cannot play {}: {}",
                        echo(args),
                        echo_long(&why)
                    ));
                    self.error("variant does not load", &command);
                }
            }
            return;
        };
        let tables = match self.catalogue.tables(&name) {
            Ok(t) => t,
            Err(e) => {
                self.out.line(&format!(
                    "tellusererror Alfil cannot play {}: {}",
                    echo(args),
                    echo_long(&e)
                ));
                self.error("variant does not load", &format!("variant {args}"));
                return;
            }
        };
        self.abandon();
        if xboard::needs_setup(&tables.variant) {
            match xboard::setup_lines(&tables) {
                Ok(lines) => lines.iter().for_each(|l| self.out.line(l)),
                Err(e) => self.out.line(&format!("telluser {e}")),
            }
        }
        self.variant = name;
        self.game = crate::game::Game::new(tables);
        if let Mode::Play(_) = self.mode {
            self.mode = Mode::Play(!self.game.pos.side());
        }
        self.position_changed();
    }

    fn set_board(&mut self, fen: &str) {
        let fen = xboard::Dialect::of(&self.game.tables().variant).fen_in(fen);
        match crate::game::Game::from_fen(self.game.tables().clone(), &fen) {
            Ok(game) => {
                self.abandon();
                if let Some(mv) = self.move_reaching(&game) {
                    // XBoard sends a move it cannot write (a pass) as the position after it;
                    // played as a move, it keeps the game's history (repetitions, bikjang).
                    self.game.play(mv);
                    self.position_changed();
                    self.claim_end();
                    return;
                }
                self.game = game;
                self.position_changed();
            }
            Err(e) => self.error(&format!("illegal position: {e}"), "setboard"),
        }
    }

    /// The legal move of the current game that leads to `target`'s position, if one does.
    fn move_reaching(&mut self, target: &crate::game::Game) -> Option<crate::movegen::Move> {
        let key = target.pos.hash();
        self.game.legal_moves().into_iter().find(|&mv| {
            self.game.play(mv);
            let reached = self.game.pos.hash() == key;
            self.game.undo();
            reached
        })
    }

    fn take_back(&mut self, plies: usize, cmd: &str) {
        if self.game.moves().len() < plies {
            self.error("no move to take back", cmd);
            return;
        }
        self.abandon();
        for _ in 0..plies {
            self.game.undo();
        }
        self.position_changed();
    }

    /// Forget what belonged to the previous position.
    pub(super) fn position_changed(&mut self) {
        self.excluded.clear();
        self.analysed = false;
        self.lifted = None;
        self.outlook.expected = None;
        self.claimed_at = None;
    }

    fn user_move(&mut self, text: &str) {
        match moves::parse(&mut self.game, text) {
            Ok(mv) => {
                let hit = self.ponder_hit(mv);
                if !hit {
                    self.abandon();
                }
                self.game.play(mv);
                self.position_changed();
                self.claim_end();
                if hit && self.game.result().is_some() {
                    self.abandon();
                }
            }
            Err(reason) => self.reject_move(text, reason),
        }
    }

    /// Answer a move that is not legal here: repeat the claim if the game has ended by rule;
    /// against an engine, claim the game for the side that did not make the move; else say
    /// `Illegal move`.
    fn reject_move(&mut self, text: &str, rejection: Rejection) {
        if let Some(end) = self.game.result() {
            self.out.line(&end.cecp());
            return;
        }
        if self.computer && matches!(rejection, Rejection::NoSuchMove | Rejection::Refused(_)) {
            let side = self.game.pos.side();
            let end = crate::game::GameEnd {
                winner: Some(!side),
                cause: crate::game::EndCause::IllegalMove,
                reason: format!("{} makes an illegal move: {}", side.name(), echo(text)),
            };
            self.out.line(&end.cecp());
            self.abandon();
            self.mode = Mode::Force;
            return;
        }
        let reason = rejection.reason();
        self.out
            .line(&format!("Illegal move ({reason}): {}", echo(text)));
    }

    fn clock(&mut self, cmd: &str, args: &str) {
        let Ok(centis) = args.parse::<i64>() else {
            self.error("expected centiseconds", cmd);
            return;
        };
        let d = std::time::Duration::from_millis(centis.max(0) as u64 * 10);
        if cmd == "time" {
            self.clocks.mine = d;
        } else {
            self.clocks.theirs = d;
        }
    }

    fn option(&mut self, args: &str) {
        let (name, value) = match args.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (args.trim(), None),
        };
        let count = value.and_then(|v| v.parse::<usize>().ok());
        let flag = count.map(|n| n != 0);
        let centipawns = |n: usize| i32::try_from(n).unwrap_or(i32::MAX);
        match (name, value, count, flag) {
            ("Variant folder", Some(v), _, _) => {
                self.settings.folder = v.to_string();
                if !v.is_empty() && !std::path::Path::new(v).is_dir() {
                    self.out.line(&format!(
                        "tellusererror Alfil: no variant folder {}; only the built-in variants",
                        echo(v)
                    ));
                }
                self.reload_variants();
            }
            ("Reload variants", None, _, _) => self.reload_variants(),
            ("Variant menu", Some(v), _, _)
                if crate::protocol::catalogue::menu_sets()
                    .iter()
                    .any(|(set, _)| *set == v) =>
            {
                self.settings.menu = v.to_string();
                self.reload_variants();
            }
            ("Hash", _, Some(n), _) if n > 0 => self.set_hash(n),
            ("Threads", _, Some(n), _) if n > 0 => self.set_threads(n),
            ("MultiPV", _, Some(n), _) if n > 0 => {
                self.settings.multi_pv = n;
                if self.mode == Mode::Analyze {
                    self.abandon();
                    self.analysed = false;
                }
            }
            ("Resign", _, _, Some(f)) => self.settings.resign = f,
            ("Resign threshold", _, Some(n), _) if n > 0 => {
                self.settings.resign_threshold = centipawns(n)
            }
            ("Offer draw", _, _, Some(f)) => self.settings.draw_offers = f,
            (PLAY_REFUSED, _, _, Some(f)) => self.settings.play_refused = f,
            ("Move Overhead", _, Some(n), _) if n <= MoveOverhead::MAX_MILLIS => {
                self.settings.move_overhead = MoveOverhead::from_millis(n as u64)
            }
            ("Draw threshold", _, Some(n), _) => self.settings.draw_threshold = centipawns(n),
            ("Use NNUE", _, _, Some(f)) => {
                self.settings.eval.use_net = f;
                self.worker.send(Job::Eval(self.settings.eval.clone()));
            }
            ("EvalFile", Some(v), _, _) => {
                self.settings.eval = self.settings.eval.clone().with_file(v);
                self.worker.send(Job::Eval(self.settings.eval.clone()));
            }
            _ => self.error("unknown option or bad value", &format!("option {args}")),
        }
    }

    /// Read the variant folder again and tell the GUI the new list.
    fn reload_variants(&mut self) {
        self.catalogue = Catalogue::scan(&self.settings.folder);
        self.folder_scanned = true;
        self.out.line(&format!(
            "feature variants=\"{}\"",
            self.catalogue.feature_list(&self.settings.menu)
        ));
        self.report_problems();
        if let Ok(tables) = self.catalogue.tables(&self.variant) {
            if self.running.is_none() && self.game.moves().is_empty() {
                self.game = crate::game::Game::new(tables);
            }
        }
    }

    fn hint(&mut self) {
        let guess = match self.mode {
            Mode::Play(c) if c != self.game.pos.side() => self.outlook.expected,
            _ => None,
        }
        .or_else(|| self.last_info.as_ref().and_then(|i| i.pv.first().copied()));
        if let Some(mv) = guess.filter(|m| self.game.legal_moves().contains(m)) {
            let text = moves::text(&self.game, mv);
            self.out.line(&format!("Hint: {text}"));
        }
    }

    fn exclusion(&mut self, cmd: &str, args: &str) {
        if args == "all" {
            self.excluded = if cmd == "exclude" {
                self.game.legal_moves()
            } else {
                Vec::new()
            };
        } else {
            match moves::parse(&mut self.game, args) {
                Ok(mv) if cmd == "exclude" => {
                    if !self.excluded.contains(&mv) {
                        self.excluded.push(mv);
                    }
                }
                Ok(mv) => self.excluded.retain(|&m| m != mv),
                Err(rejection) => {
                    let reason = rejection.reason();
                    self.out
                        .line(&format!("Illegal move ({reason}): {}", echo(args)));
                    return;
                }
            }
        }
        if self.mode == Mode::Analyze {
            self.abandon();
            self.analysed = false;
        }
    }

    /// `lift`, `put` and `hover`: the user handles a piece in the GUI.
    fn manipulate(&mut self, cmd: &str, args: &str) {
        let geo = *self.game.pos.geo();
        let sq = match geo.parse_square(args, STYLE) {
            Some((sq, used)) if used == args.len() => sq,
            _ => {
                match xboard::holdings_piece(&self.game.tables().variant, args) {
                    Some((colour, kind)) if cmd == "lift" => {
                        self.lifted = None;
                        let fen = highlight::drop_targets(&mut self.game, colour, kind);
                        self.out.line(&format!("highlight {fen}"));
                    }
                    Some(_) => {}
                    None => self.error("not a square", cmd),
                }
                return;
            }
        };
        match cmd {
            "lift" => {
                self.lifted = Some((sq, Vec::new()));
                let fen = highlight::targets(&mut self.game, sq, &[]);
                self.out.line(&format!("highlight {fen}"));
            }
            "put" => {
                let Some((from, mut path)) = self.lifted.take() else {
                    return;
                };
                if highlight::is_stop(&mut self.game, from, &path, sq) {
                    path.push(sq);
                    let fen = highlight::targets(&mut self.game, from, &path);
                    self.out.line(&format!("highlight {fen}"));
                    self.lifted = Some((from, path));
                } else if let Some(choice) = highlight::choice(&mut self.game, from, &path, sq) {
                    self.out.line(&format!("choice {choice}"));
                }
            }
            _ => {
                let lifted = self.lifted.clone();
                if let Some(fen) = lifted
                    .and_then(|(from, path)| highlight::victims(&mut self.game, from, &path, sq))
                {
                    self.out.line(&format!("highlight {fen}"));
                }
            }
        }
    }
}
