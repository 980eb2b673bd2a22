//! Self-play data for a network: games at a fixed node count per move from the variant's
//! start position after a few random moves, each kept position written with its search score
//! and the game's result (module `nnue::data`). A position is kept unless the side to move is
//! in check, the best move captures, or the score is a mate.
//!
//! Game `n` depends only on the seed and `n` (a fresh search per game, one thread per
//! search), so games are sharded by number: shard `K/N` plays the games whose number is `K`
//! modulo `N`, and N shards on N machines give the records of one run on one machine.
//! A game is adjudicated when both sides' searches agree that one side is winning by
//! [`RESIGN_SCORE`] for [`RESIGN_PLIES`] plies, and drawn when they stay within
//! [`DRAW_SCORE`] of equal for [`DRAW_PLIES`] plies after [`DRAW_AFTER`]; a game not over
//! after [`MAX_PLIES`] plies has no result and is left out.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::cli::random::XorShift64Star;
use crate::game::Game;
use crate::movegen::attack::in_check;
use crate::movegen::legal::is_capture;
use crate::nnue::data::{Outcome, Record, Writer};
use crate::position::ruleset::Ruleset;
use crate::search::{EvalChoice, Limits, Searcher, MATE_BOUND};
use crate::types::Colour;

/// Plies after which a game that has not ended is left out.
pub const MAX_PLIES: usize = 400;
/// Centipawns from which a lasting score ends the game as won.
pub const RESIGN_SCORE: i32 = 2000;
/// Plies the winning score must last.
pub const RESIGN_PLIES: usize = 6;
/// Centipawns within which a lasting score ends the game as drawn.
pub const DRAW_SCORE: i32 = 10;
/// Plies the drawn score must last.
pub const DRAW_PLIES: usize = 20;
/// Plies before which no game is adjudicated drawn.
pub const DRAW_AFTER: usize = 80;

/// How the games are played.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Games of the whole run (all shards).
    pub games: usize,
    pub nodes: u64,
    pub random_plies: usize,
    pub seed: u64,
    /// This shard (0-based) and the number of shards.
    pub shard: (usize, usize),
    pub threads: usize,
    pub eval: EvalChoice,
}

impl Plan {
    /// How many games this shard plays (every `shards`-th game of the run from its own).
    pub fn shard_games(&self) -> usize {
        let (first, shards) = (self.shard.0, self.shard.1.max(1));
        match self.games.checked_sub(first) {
            None | Some(0) => 0,
            Some(after) => (after - 1) / shards + 1,
        }
    }

    /// The run's number of this shard's `index`-th game.
    pub fn game_number(&self, index: usize) -> usize {
        self.shard.0 + index * self.shard.1.max(1)
    }
}

/// What the games gave.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub games: usize,
    pub positions: usize,
    /// Games left out: not over after [`MAX_PLIES`].
    pub unfinished: usize,
}

/// Play this shard's games and write their records to `out`; `progress` is called after
/// each game with the tally so far. Each thread takes the next game in order, so a run cut
/// short holds the first games of its shard. Returns early (with every finished game
/// written) when `stop` is raised or a thread fails.
pub fn play(
    tables: &Arc<Ruleset>,
    plan: &Plan,
    out: &Mutex<Writer>,
    stop: &AtomicBool,
    progress: &(dyn Fn(Tally) + Sync),
) -> Result<Tally, String> {
    let total = plan.shard_games();
    let next = AtomicUsize::new(0);
    let games = AtomicUsize::new(0);
    let positions = AtomicUsize::new(0);
    let unfinished = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let play_games = || -> Result<(), String> {
        let mut searcher = Searcher::new(16, 1);
        searcher.set_eval(plan.eval.clone());
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= total || stop.load(Ordering::Relaxed) || failed.load(Ordering::Relaxed) {
                return Ok(());
            }
            match one_game(tables, plan, &mut searcher, plan.game_number(index), stop)? {
                Some(records) => {
                    out.lock()
                        .map_err(|_| "a game thread failed".to_string())?
                        .write_game(&records)
                        .map_err(|e| format!("cannot write the data: {e}"))?;
                    positions.fetch_add(records.len(), Ordering::Relaxed);
                }
                None if stop.load(Ordering::Relaxed) => return Ok(()),
                None => {
                    unfinished.fetch_add(1, Ordering::Relaxed);
                }
            }
            games.fetch_add(1, Ordering::Relaxed);
            progress(Tally {
                games: games.load(Ordering::Relaxed),
                positions: positions.load(Ordering::Relaxed),
                unfinished: unfinished.load(Ordering::Relaxed),
            });
        }
    };
    let results: Vec<Result<(), String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..plan.threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let result = play_games();
                    if result.is_err() {
                        failed.store(true, Ordering::Relaxed);
                    }
                    result
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|worker| {
                worker
                    .join()
                    .unwrap_or_else(|_| Err("a game thread failed".to_string()))
            })
            .collect()
    });
    results.into_iter().collect::<Result<(), String>>()?;
    Ok(Tally {
        games: games.into_inner(),
        positions: positions.into_inner(),
        unfinished: unfinished.into_inner(),
    })
}

/// Game `n`: its kept records, or `None` if it did not end (or was stopped).
fn one_game(
    tables: &Arc<Ruleset>,
    plan: &Plan,
    searcher: &mut Searcher,
    n: usize,
    stop: &AtomicBool,
) -> Result<Option<Vec<Record>>, String> {
    let mut rng =
        XorShift64Star::new(plan.seed ^ (n as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let Some(mut game) = (0..100).find_map(|_| opening(tables, plan.random_plies, &mut rng)) else {
        return Err(format!(
            "{}: no game survives {} random moves from the start position",
            tables.variant.name, plan.random_plies
        ));
    };
    searcher.clear();
    let search_stop = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        nodes: Some(plan.nodes),
        ..Limits::default()
    };
    let mut kept: Vec<Record> = Vec::new();
    let mut winning = (None, 0usize);
    let mut level = 0usize;
    let mut outcome = None;
    for ply in 0..MAX_PLIES {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        if let Some(end) = game.result() {
            outcome = Some(end.winner);
            break;
        }
        let searched = searcher.search(&game, &limits, &search_stop, &mut |_| {});
        let Some(best) = searched.best else {
            break;
        };
        let side = game.pos.side();
        let score = searched.score;
        if score.abs() < MATE_BOUND && !is_capture(&game.pos, best) && !in_check(&game.pos, side) {
            kept.push(Record::of(&game.pos, score, n as u32, Outcome::Drawn));
        }
        let leader = if score >= RESIGN_SCORE {
            Some(side)
        } else if score <= -RESIGN_SCORE {
            Some(!side)
        } else {
            None
        };
        winning = match (leader, winning) {
            (Some(c), (Some(w), plies)) if c == w => (Some(c), plies + 1),
            (Some(c), _) => (Some(c), 1),
            (None, _) => (None, 0),
        };
        if winning.1 >= RESIGN_PLIES {
            outcome = Some(winning.0);
            break;
        }
        level = if score.abs() <= DRAW_SCORE {
            level + 1
        } else {
            0
        };
        if ply >= DRAW_AFTER && level >= DRAW_PLIES {
            outcome = Some(None);
            break;
        }
        game.play(best);
    }
    let Some(winner) = outcome else {
        return Ok(None);
    };
    let result = match winner {
        Some(Colour::White) => Outcome::Won,
        Some(Colour::Black) => Outcome::Lost,
        None => Outcome::Drawn,
    };
    for record in &mut kept {
        record.outcome = result;
    }
    Ok(Some(kept))
}

/// The start position after `plies` random legal moves, or `None` if the game ends on the way.
fn opening(tables: &Arc<Ruleset>, plies: usize, rng: &mut XorShift64Star) -> Option<Game> {
    let mut game = Game::new(tables.clone());
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() || game.result().is_some() {
            return None;
        }
        let mv = legal[rng.below(legal.len())];
        game.play(mv);
    }
    (game.result().is_none()).then_some(game)
}
