//! The engine's state between commands: what it plays, what it is searching, the clocks and
//! time control, and the settings the GUI can change (`option`, `memory`, `cores`, `post` …).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::movegen::Move;
use crate::protocol::timecontrol::TimeControl;
use crate::protocol::worker::backstop;
use crate::search::time::MoveOverhead;
use crate::search::{Clock, Limits};
use crate::types::Colour;

/// What the engine does with the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Plays neither side: moves are only recorded.
    Force,
    /// Plays this colour (0 = White).
    Play(Colour),
    /// Thinks about every position without moving.
    Analyze,
}

/// Why a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activity {
    /// To play a move.
    Think,
    /// In the opponent's time, on the position after the move it is expected to play.
    Ponder,
    Analyze,
}

/// The search in progress.
pub struct Running {
    pub id: u64,
    pub activity: Activity,
    pub stop: Arc<AtomicBool>,
    pub started: Instant,
    /// Raise `stop` at this moment whatever the search thinks (a backstop against losing on time).
    pub deadline: Option<Instant>,
    /// The game being searched (after the expected move when pondering).
    pub game: Game,
}

/// Time control and clocks.
pub struct Clocks {
    pub control: TimeControl,
    /// Fixed time per move (`st`), replacing the control.
    pub per_move: Option<Duration>,
    pub depth: Option<u32>,
    pub nps: Option<u64>,
    /// The engine's clock (`time`), and the opponent's (`otim`).
    pub mine: Duration,
    pub theirs: Duration,
}

impl Clocks {
    pub fn new() -> Clocks {
        let control = TimeControl::parse_level("40 5 0").expect("a valid default");
        Clocks {
            mine: control.initial(),
            theirs: control.initial(),
            control,
            per_move: None,
            depth: None,
            nps: None,
        }
    }

    /// Limits for a move of the side to move in `game`, keeping `overhead` back for the delays,
    /// and a hard deadline from now.
    pub fn limits(&self, game: &Game, overhead: MoveOverhead) -> (Limits, Option<Duration>) {
        let mut limits = Limits {
            depth: self.depth,
            nps: self.nps,
            multi_pv: 1,
            move_overhead: overhead,
            ..Limits::default()
        };
        if let Some(t) = self.per_move {
            limits.move_time = Some(t);
        } else {
            let made = (game.moves().len() / 2) as u32;
            let (session, moves_to_go) = self.control.session_at(made);
            limits.clock = Some(Clock {
                time: self.mine,
                opponent_time: self.theirs,
                increment: session.increment,
                moves_to_go,
            });
        }
        let hard = backstop(&limits);
        (limits, hard)
    }
}

/// The option that makes Alfil play the moves XBoard would refuse.
pub const PLAY_REFUSED: &str = "Play moves XBoard refuses";

/// Settings the GUI changes with `option`, `memory`, `cores` and friends.
pub struct Settings {
    pub folder: String,
    /// The menu set the `variants` feature is ordered by.
    pub menu: String,
    pub hash_mb: usize,
    pub threads: usize,
    pub multi_pv: usize,
    pub resign: bool,
    pub resign_threshold: i32,
    pub draw_offers: bool,
    pub draw_threshold: i32,
    pub post: bool,
    pub ponder: bool,
    /// The GUI accepted `debug=1`: lines starting with `#` are safe.
    pub debug: bool,
    /// `Use NNUE` and `EvalFile`: the evaluation to play with.
    pub eval: crate::search::EvalChoice,
    /// `Move Overhead`: time kept back from every move for the delays outside the search.
    pub move_overhead: MoveOverhead,
    /// `Play moves XBoard refuses`: play every legal move, also those XBoard's legality test
    /// would refuse for want of the rules its piece lines cannot say (for XBoard with legality
    /// testing off); off, such moves are left out ([`crate::protocol::referee`]).
    pub play_refused: bool,
}

impl Settings {
    pub fn new() -> Settings {
        Settings {
            folder: "variants".into(),
            menu: crate::protocol::catalogue::menu_sets()
                .first()
                .map_or_else(String::new, |(set, _)| set.to_string()),
            hash_mb: 64,
            threads: 1,
            multi_pv: 1,
            resign: false,
            resign_threshold: 800,
            draw_offers: false,
            draw_threshold: 10,
            post: false,
            ponder: false,
            debug: false,
            eval: crate::search::EvalChoice::default(),
            move_overhead: MoveOverhead::DEFAULT,
            play_refused: false,
        }
    }

    /// The menu sets for the `Variant menu` combo, the current one marked `*`.
    fn menu_choices(&self) -> String {
        crate::protocol::catalogue::menu_sets()
            .iter()
            .map(|(set, _)| {
                if *set == self.menu {
                    format!("*{set}")
                } else {
                    set.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" /// ")
    }

    /// The `option` features, with current values.
    pub fn option_features(&self) -> Vec<String> {
        vec![
            format!("Variant folder -path {}", self.folder),
            "Reload variants -button".into(),
            format!("Variant menu -combo {}", self.menu_choices()),
            format!("Hash -spin {} 1 65536", self.hash_mb),
            format!(
                "Threads -spin {} 1 {}",
                self.threads,
                crate::search::MAX_THREADS
            ),
            format!("MultiPV -spin {} 1 64", self.multi_pv),
            format!("Resign -check {}", u8::from(self.resign)),
            format!(
                "Resign threshold -spin {} 100 100000",
                self.resign_threshold
            ),
            format!("Offer draw -check {}", u8::from(self.draw_offers)),
            format!("Draw threshold -spin {} 0 1000", self.draw_threshold),
            format!(
                "Move Overhead -spin {} 0 {}",
                self.move_overhead.millis(),
                MoveOverhead::MAX_MILLIS
            ),
            format!("{PLAY_REFUSED} -check {}", u8::from(self.play_refused)),
            format!("Use NNUE -check {}", u8::from(self.eval.use_net)),
            format!(
                "EvalFile -file {}",
                self.eval.file.as_ref().map_or_else(
                    || crate::nnue::OWN_NET.to_string(),
                    |p| p.display().to_string()
                )
            ),
        ]
    }
}

/// A pending speculative move and the last search's view, for `hint`, pondering and resigning.
#[derive(Default)]
pub struct Outlook {
    /// The opponent's expected reply to the engine's last move.
    pub expected: Option<Move>,
    /// Consecutive own moves with a score at or below minus the resign threshold.
    pub losing_moves: u32,
    /// Consecutive own moves with a score within the draw threshold.
    pub drawn_moves: u32,
    /// The opponent offered a draw that the engine has not answered yet.
    pub draw_offered: bool,
}
