//! The long requests of `alfil serve`, streamed as Server-Sent Events: a search (its analysis
//! line per iteration, then its move, played if asked and nothing changed meanwhile) and perft
//! (a progress event per root move, then the divide). Each is the game's current job: a newer
//! job or a change of the game stops it, as does the stop request or the page closing the
//! stream (seen at once, even while the job has nothing to send).

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use rayon::prelude::*;
use serde_json::json;

use crate::movegen::make_move;
use crate::perft::perft_until;
use crate::protocol::uci::moves as uci;
use crate::search::{Info, Limits, Searcher, MATE, MATE_BOUND};

use super::http::{ApiError, EventStream};
use super::state::Slot;
use super::view;

/// The deepest perft the page may ask for.
pub const MAX_PERFT_DEPTH: u32 = 8;
/// Transposition table of each game's searcher.
const HASH_MB: usize = 32;
/// The longest search per move the page may ask for.
const MAX_THINK_MS: u64 = 600_000;

/// A score as the page shows it: `+0.35`, `#3`, `-#2`.
fn score_text(score: i32) -> String {
    if score.abs() >= MATE_BOUND {
        let moves = (MATE - score.abs() + 1) / 2;
        format!("{}#{moves}", if score < 0 { "-" } else { "" })
    } else {
        format!("{:+.2}", f64::from(score) / 100.0)
    }
}

fn number(params: &HashMap<String, String>, key: &str, default: u64) -> Result<u64, ApiError> {
    match params.get(key) {
        None => Ok(default),
        Some(text) => text.parse().map_err(|_| {
            ApiError::bad_request(format!("'{key}' must be a whole number, not '{text}'"))
        }),
    }
}

/// `think?ms=N&play=1` on an open stream: searches the game's position for `ms` milliseconds (0: until stopped),
/// streaming `info` events, then `done` with the move (played when `play` is 1).
pub fn think(
    slot: &Arc<Slot>,
    params: &HashMap<String, String>,
    stream: &mut EventStream,
) -> Result<(), ApiError> {
    let ms = number(params, "ms", 1000)?;
    if ms > MAX_THINK_MS {
        return Err(ApiError::bad_request(format!(
            "'ms' is at most {MAX_THINK_MS}"
        )));
    }
    let play = params.get("play").is_some_and(|p| p == "1");
    let (mut game, stop) = {
        let mut state = slot.state();
        if state.game.result().is_some() {
            return Err(ApiError::bad_request("the game is over"));
        }
        (state.game.clone(), state.restart_jobs())
    };
    let _watch = stream.watch(stop.clone());
    let limits = Limits {
        move_time: (ms > 0).then(|| Duration::from_millis(ms)),
        infinite: ms == 0,
        ..Limits::default()
    };
    let outcome = {
        let mut guard = slot.searcher.lock().unwrap_or_else(|e| e.into_inner());
        let searcher = guard.get_or_insert_with(|| Searcher::new(HASH_MB, 1));
        let mut report = |info: &Info| {
            let nps = info.nodes * 1000 / (info.elapsed.as_millis().max(1) as u64);
            let line = json!({
                "depth": info.depth,
                "score": score_text(info.score),
                "nodes": info.nodes,
                "nps": nps,
                "ms": info.elapsed.as_millis() as u64,
                "pv": uci::line(&game, &info.pv, false),
            });
            if stream.send("info", &line).is_err() {
                stop.store(true, Ordering::Relaxed);
            }
        };
        searcher.search(&game, &limits, &stop, &mut report)
    };
    let mut state = slot.state();
    let best = outcome.best.map(|mv| {
        let legal = game.legal_moves();
        (mv, uci::text(&game.pos, &legal, mv, false))
    });
    let mut played = false;
    if let Some((mv, text)) = &best {
        if play && state.is_current(&stop) {
            state.game.play(*mv);
            state.history.push(text.clone());
            state.restart_jobs();
            played = true;
        }
    }
    let state = &mut *state;
    let view = view::game(&mut state.game, &state.history);
    let _ = stream.send(
        "done",
        &json!({
            "best": best.map(|(_, t)| t),
            "score": score_text(outcome.score),
            "depth": outcome.depth,
            "nodes": outcome.nodes,
            "played": played,
            "state": view,
        }),
    );
    Ok(())
}

/// `perft?depth=N` on an open stream: counts the legal-move tree, a `progress` event as each root move is
/// counted, then `done` with the total and the divide (or `stopped`).
pub fn perft(
    slot: &Arc<Slot>,
    params: &HashMap<String, String>,
    stream: &mut EventStream,
) -> Result<(), ApiError> {
    let depth = number(params, "depth", 3)?;
    let depth = u32::try_from(depth)
        .ok()
        .filter(|d| (1..=MAX_PERFT_DEPTH).contains(d))
        .ok_or_else(|| {
            ApiError::bad_request(format!(
                "the perft depth must be between 1 and {MAX_PERFT_DEPTH}"
            ))
        })?;
    let (pos, legal, stop) = {
        let mut state = slot.state();
        let legal = state.game.legal_moves();
        (state.game.pos.clone(), legal, state.restart_jobs())
    };
    let _watch = stream.watch(stop.clone());
    let texts: Vec<String> = legal
        .iter()
        .map(|&mv| uci::text(&pos, &legal, mv, false))
        .collect();
    let start = Instant::now();
    let (tx, rx) = mpsc::channel();
    let worker_stop = stop.clone();
    let worker = std::thread::spawn(move || {
        legal
            .par_iter()
            .enumerate()
            .for_each_with(tx, |tx, (i, &mv)| {
                let mut p = pos.clone();
                make_move(&mut p, mv);
                let count = if depth == 1 {
                    Some(1)
                } else {
                    perft_until(&mut p, depth - 1, &worker_stop)
                };
                let _ = tx.send((i, count));
            });
    });
    let mut divide: Vec<(String, u64)> = Vec::new();
    let mut complete = true;
    for (i, count) in rx {
        let Some(n) = count else {
            complete = false;
            continue;
        };
        divide.push((texts[i].clone(), n));
        let progress =
            json!({"done": divide.len(), "of": texts.len(), "move": texts[i], "nodes": n});
        if stream.send("progress", &progress).is_err() {
            stop.store(true, Ordering::Relaxed);
        }
    }
    let _ = worker.join();
    if !complete || stop.load(Ordering::Relaxed) {
        let _ = stream.send("stopped", &json!({"depth": depth}));
        return Ok(());
    }
    divide.sort();
    let total: u64 = divide.iter().map(|(_, n)| n).sum();
    let _ = stream.send(
        "done",
        &json!({
            "depth": depth,
            "total": total,
            "ms": start.elapsed().as_millis() as u64,
            "divide": divide.iter().map(|(m, n)| json!({"move": m, "nodes": n})).collect::<Vec<_>>(),
        }),
    );
    Ok(())
}

/// Raises the stop flag of the game's current job.
pub fn stop(slot: &Arc<Slot>) {
    slot.state().stop.store(true, Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_the_page_shows_them() {
        assert_eq!(score_text(35), "+0.35");
        assert_eq!(score_text(-120), "-1.20");
        assert_eq!(score_text(MATE - 5), "#3");
        assert_eq!(score_text(-(MATE - 4)), "-#2");
    }
}
