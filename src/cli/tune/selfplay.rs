//! The tuner's games: self-play from roughly balanced openings at a shallow fixed search, on
//! several threads, keeping after every move the quiet position at the end of the search's
//! principal variation (through its quiescence captures) and labelling them with the game's
//! result.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::game::Game;
use crate::movegen::attack::in_check;
use crate::movegen::make_move;
use crate::position::ruleset::Ruleset;
use crate::position::Position;
use crate::search::{Limits, Searcher};
use crate::types::Colour;

/// Plies after which a game that has not ended is stopped (a variant whose n-move rule is off
/// may never end). Such a game has no result to learn from: its positions are not kept
/// (counted as draws, they taught the fit that material is worth little in endings the
/// shallow search cannot win).
pub const MAX_PLIES: usize = 400;

/// How the games are played.
#[derive(Clone, Debug)]
pub struct Play {
    pub games: usize,
    /// Per move: a node limit, or a depth.
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    pub threads: usize,
}

/// A kept position and the result of its game for White (1, ½ or 0).
#[derive(Clone, Debug, PartialEq)]
pub struct Labelled {
    pub fen: String,
    pub result: f32,
    /// The game it comes from (positions of one game are alike: they are held out together).
    pub game: usize,
}

/// What the games gave.
pub struct Played {
    pub positions: Vec<Labelled>,
    pub games: usize,
    /// Games stopped at [`MAX_PLIES`], whose positions are left out.
    pub unfinished: usize,
}

/// Play `play.games` games from `openings` (FENs, used in turn) and keep their quiet
/// positions; `progress` is called after each game with the games and positions so far.
pub fn play(
    tables: &Arc<Ruleset>,
    openings: &[String],
    play: &Play,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Played, String> {
    if openings.is_empty() {
        return Err("no opening position to start the games from".to_string());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(play.threads.max(1))
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", play.threads))?;
    let done = AtomicUsize::new(0);
    let kept = AtomicUsize::new(0);
    let unfinished = AtomicUsize::new(0);
    let positions = Mutex::new(Vec::new());
    let limits = Limits {
        nodes: play.nodes,
        depth: play.depth,
        ..Limits::default()
    };
    pool.install(|| {
        (0..play.games).into_par_iter().try_for_each_init(
            || Searcher::new(16, 1),
            |searcher, n| -> Result<(), String> {
                let fen = &openings[n % openings.len()];
                let (mut game, ended) = one_game(tables, fen, &limits, searcher, n)?;
                if !ended {
                    unfinished.fetch_add(1, Ordering::Relaxed);
                    game.clear();
                }
                kept.fetch_add(game.len(), Ordering::Relaxed);
                positions
                    .lock()
                    .map_err(|_| "a game thread failed".to_string())?
                    .extend(game);
                progress(
                    done.fetch_add(1, Ordering::Relaxed) + 1,
                    kept.load(Ordering::Relaxed),
                );
                Ok(())
            },
        )
    })?;
    Ok(Played {
        positions: positions
            .into_inner()
            .map_err(|_| "a game thread failed".to_string())?,
        games: play.games,
        unfinished: unfinished.into_inner(),
    })
}

/// Game `number`, from `fen`: its kept positions labelled with its result, and whether it ended by
/// the rules (rather than at [`MAX_PLIES`]).
fn one_game(
    tables: &Arc<Ruleset>,
    fen: &str,
    limits: &Limits,
    searcher: &mut Searcher,
    number: usize,
) -> Result<(Vec<Labelled>, bool), String> {
    let mut game = Game::from_fen(tables.clone(), fen).map_err(|e| format!("{fen}: {e}"))?;
    searcher.clear();
    let stop = Arc::new(AtomicBool::new(false));
    let mut leaves: Vec<String> = Vec::new();
    let mut winner = None;
    let mut ended = false;
    for _ in 0..MAX_PLIES {
        if let Some(end) = game.result() {
            winner = end.winner;
            ended = true;
            break;
        }
        let mut pv = Vec::new();
        let outcome = searcher.search(&game, limits, &stop, &mut |info| pv.clone_from(&info.pv));
        let Some(best) = outcome.best else {
            break;
        };
        if let Some(leaf) = quiet_leaf(&game.pos, &pv) {
            leaves.push(leaf.to_fen());
        }
        game.play(best);
    }
    let result = match winner {
        Some(Colour::White) => 1.0,
        Some(Colour::Black) => 0.0,
        None => 0.5,
    };
    let kept = leaves
        .into_iter()
        .map(|fen| Labelled {
            fen,
            result,
            game: number,
        })
        .collect();
    Ok((kept, ended))
}

/// The position at the end of `pv` from `pos`, unless the side to move is in check there.
fn quiet_leaf(pos: &Position, pv: &[crate::movegen::Move]) -> Option<Position> {
    let mut leaf = pos.clone();
    for &mv in pv {
        make_move(&mut leaf, mv);
    }
    (!in_check(&leaf, leaf.side())).then_some(leaf)
}
