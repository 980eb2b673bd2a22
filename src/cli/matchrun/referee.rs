//! One refereed game between two CECP engines: Alfil's own rules decide which moves are legal
//! and when the game ends; an illegal move, a false claim, a crash or a flag fall loses; a
//! claim that the rules do not support loses unless it gives the game to the opponent (that is a
//! resignation); two draw offers in a row agree a draw.

use crate::types::{ByColour, Colour};
use std::time::{Duration, Instant};

use crate::game::Game;
use crate::movegen::Move;
use crate::position::RankStyle;
use crate::protocol::client::{EngineProcess, Received};
use crate::protocol::timecontrol::TimeControl;
use crate::protocol::wire::{engine_line, EngineLine, Score};

/// Time over the clock an engine may use before it loses on time.
pub const GRACE: Duration = Duration::from_millis(200);
/// Plies after which a game is adjudicated a draw.
pub const MAX_PLIES: usize = 1000;

/// How a game ended, for the statistics.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// By the variant's rules (checkmate, stalemate, repetition, n-move rule …).
    Rule,
    Resignation,
    Agreement,
    Time,
    IllegalMove,
    FalseClaim,
    Crash,
    Adjudication,
}

/// The finished game.
pub struct Record {
    pub score: Score,
    pub reason: String,
    pub ending: Ending,
    /// The start position, if not the variant's.
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// What the game is: the variant and its start.
pub struct Setup<'a> {
    pub game: Game,
    /// The name the engines know the variant by.
    pub xboard_variant: &'a str,
    pub fen: Option<String>,
    /// Moves already played from the start, sent to the engines in force mode.
    pub opening: Vec<String>,
}

/// What an engine plays under: its own clock, and optionally a depth (`sd`) and a node budget
/// per move (`st 1` with `nps N`: a second of N nodes).
#[derive(Clone, Debug, PartialEq)]
pub struct EngineLimits {
    pub control: TimeControl,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

impl EngineLimits {
    /// What limits each move, as the match summary states it: a node budget replaces the
    /// clock (`st 1`), a depth limit comes on top of it.
    pub fn describe(&self) -> String {
        let budget = match self.nodes {
            Some(nodes) => format!("{nodes} nodes a move"),
            None => format!("time control {}", self.control.short()),
        };
        match self.depth {
            Some(depth) => format!("depth {depth}, {budget}"),
            None => budget,
        }
    }
}

/// Play one game; `engines[0]` has White. Each engine comes with its own clock and limits.
pub fn play(
    engines: [(&mut EngineProcess, &EngineLimits); 2],
    setup: Setup<'_>,
) -> Result<Record, String> {
    let [(white, white_limits), (black, black_limits)] = engines;
    prepare(white, white_limits, &setup)?;
    prepare(black, black_limits, &setup)?;
    let mut engines = ByColour::new(white, black);
    let mut game = setup.game;
    let controls = ByColour::new(&white_limits.control, &black_limits.control);
    let mut clocks = ByColour::new(
        white_limits.control.initial(),
        black_limits.control.initial(),
    );
    let mut made = ByColour([0u32; 2]);
    let mut started = ByColour([false; 2]);
    let mut offered = ByColour([false; 2]);
    let mut texts: Vec<String> = setup.opening.clone();
    let end = |score: Score, reason: String, ending: Ending, moves: Vec<String>| Record {
        score,
        reason,
        ending,
        fen: setup.fen.clone(),
        moves,
    };
    let loses = |side: Colour, why: String, ending: Ending, moves: Vec<String>| {
        let reason = format!("{} {why}", side.name());
        end(Score::from_winner(Some(!side)), reason, ending, moves)
    };
    loop {
        if let Some(result) = game.result() {
            let r = end(
                Score::from_winner(result.winner),
                result.reason,
                Ending::Rule,
                texts,
            );
            return Ok(finish(engines, r));
        }
        if texts.len() >= MAX_PLIES {
            let r = end(
                Score::Draw,
                "adjudicated: game too long".into(),
                Ending::Adjudication,
                texts,
            );
            return Ok(finish(engines, r));
        }
        let side = game.pos.side();
        let opponent = !side;
        let e = &mut engines[side];
        if offered[opponent] {
            e.send("draw");
        }
        e.send(&format!("time {}", clocks[side].as_millis() / 10));
        e.send(&format!("otim {}", clocks[opponent].as_millis() / 10));
        if texts.len() > setup.opening.len() {
            e.send_move(&texts[texts.len() - 1]);
        }
        if !started[side] {
            e.send("go");
            started[side] = true;
        }
        let t0 = Instant::now();
        let deadline = t0 + clocks[side] + GRACE;
        let mut legs = String::new();
        let played: Move = loop {
            let line = match e.recv(deadline) {
                Received::Line(l) => l,
                Received::Timeout => {
                    let r = loses(side, "loses on time".into(), Ending::Time, texts);
                    return Ok(finish(engines, r));
                }
                Received::Closed => {
                    let r = loses(side, "disconnects".into(), Ending::Crash, texts);
                    return Ok(finish(engines, r));
                }
            };
            match engine_line(&line) {
                EngineLine::Move(m) => {
                    legs.push_str(&m);
                    if legs.ends_with(',') {
                        continue;
                    }
                    match game.parse_move(&legs, RankStyle::XBoard) {
                        Some(mv) => break mv,
                        None => {
                            let r = loses(
                                side,
                                format!("makes an illegal move: {legs}"),
                                Ending::IllegalMove,
                                texts,
                            );
                            return Ok(finish(engines, r));
                        }
                    }
                }
                EngineLine::Resign => {
                    let r = loses(side, "resigns".into(), Ending::Resignation, texts);
                    return Ok(finish(engines, r));
                }
                EngineLine::OfferDraw => {
                    if offered[opponent] {
                        let r = end(Score::Draw, "draw agreed".into(), Ending::Agreement, texts);
                        return Ok(finish(engines, r));
                    }
                    offered[side] = true;
                }
                EngineLine::Claim(score, reason) => {
                    if score == Score::from_winner(Some(opponent)) {
                        let r = end(
                            score,
                            format!("{} resigns", side.name()),
                            Ending::Resignation,
                            texts,
                        );
                        return Ok(finish(engines, r));
                    }
                    if score != Score::Unfinished {
                        let r = end(
                            Score::from_winner(Some(opponent)),
                            format!("false claim by {}: {reason}", side.name()),
                            Ending::FalseClaim,
                            texts,
                        );
                        return Ok(finish(engines, r));
                    }
                }
                EngineLine::Illegal(text) => {
                    let r = end(
                        Score::from_winner(Some(opponent)),
                        format!("false illegal-move claim by {}: {text}", side.name()),
                        Ending::FalseClaim,
                        texts,
                    );
                    return Ok(finish(engines, r));
                }
                _ => {}
            }
        };
        let used = t0.elapsed();
        if used > clocks[side] + GRACE {
            let r = loses(side, "loses on time".into(), Ending::Time, texts);
            return Ok(finish(engines, r));
        }
        made[side] += 1;
        clocks[side] = clocks[side].saturating_sub(used) + controls[side].time_added(made[side]);
        offered[opponent] = false;
        texts.push(legs);
        game.play(played);
    }
}

/// Bring an engine to the start position, and through the opening moves, in force mode. No
/// `computer`: it is optional, and Fairy-Max 5.0b (Debian) crashes on it about half the time.
fn prepare(e: &mut EngineProcess, limits: &EngineLimits, setup: &Setup<'_>) -> Result<(), String> {
    e.send("new");
    if setup.xboard_variant != "normal" {
        e.send(&format!("variant {}", setup.xboard_variant));
    }
    e.send(&format!("level {}", limits.control.level_args()));
    if let Some(depth) = limits.depth {
        e.send(&format!("sd {depth}"));
    }
    if let Some(nodes) = limits.nodes {
        e.send("st 1");
        e.send(&format!("nps {nodes}"));
    }
    e.send("easy");
    e.send("nopost");
    e.send("force");
    if let Some(fen) = &setup.fen {
        if !e.features.setboard {
            return Err(format!(
                "engine '{}' cannot set up positions (setboard)",
                e.command
            ));
        }
        e.send(&format!("setboard {fen}"));
    }
    for m in &setup.opening {
        e.send_move(m);
    }
    e.sync(Duration::from_secs(30)).map(|_| ())
}

/// Tell both engines the result.
fn finish(engines: ByColour<&mut EngineProcess>, record: Record) -> Record {
    for e in engines.0 {
        e.send(&format!(
            "result {} {{{}}}",
            record.score.text(),
            record.reason
        ));
        e.send("force");
        let _ = e.pending();
    }
    record
}
