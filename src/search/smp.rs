//! Lazy SMP: every thread searches the same root with its own position copy, history (kept
//! from the thread's earlier searches of the game) and killers, sharing only the
//! transposition table and the stop flags; helpers start one ply deeper on every other thread
//! so the threads spread over different depths. The calling thread is the main thread: it
//! reports progress, watches the limits and chooses the move.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use super::control::Control;
use super::eval::tables::EvalTables;
use super::history::Learnt;
use super::root::RootMove;
use super::rules::no_moves_score;
use super::stats::Stats;
use super::tt::{fingerprint, Table};
use super::worker::{Shared, Worker};
use super::{Info, Limits, Outcome};
use crate::game::Game;
use crate::movegen::attack::in_check;
use crate::movegen::{legal_moves, Move};

/// Stack size of helper threads (the search recurses up to `MAX_PLY` deep).
const HELPER_STACK: usize = 16 << 20;

/// What a search is given.
pub struct Task<'a> {
    pub game: &'a Game,
    pub limits: &'a Limits,
    pub stop: &'a Arc<AtomicBool>,
    /// When the search was asked for (its time runs from then).
    pub start: Instant,
}

/// Think about the task's game with `threads` threads and return the move to play.
/// `learnt` holds what each thread learnt in the game's earlier searches (as many as there
/// are threads; missing ones start empty) and receives what they learn in this one.
pub fn run(
    tt: &Table,
    eval: &EvalTables,
    threads: usize,
    learnt: &mut Vec<Learnt>,
    task: Task<'_>,
    report: &mut dyn FnMut(&Info),
) -> Outcome {
    let Task {
        game,
        limits,
        stop,
        start,
    } = task;
    let control = Control::new(limits, stop, start);
    let shared = Shared {
        tt,
        eval,
        control: &control,
    };
    let last = game.moves().last().copied();
    let threads = threads.max(1);
    let mut kept = std::mem::take(learnt);
    kept.truncate(threads);
    let mut kept = kept.into_iter();
    let main_learnt = kept.next().unwrap_or_else(|| Learnt::new(&game.pos.tables));
    let mut main = Worker::new(
        game.pos.clone(),
        game.history(),
        last,
        &shared,
        true,
        main_learnt,
    );
    let mut roots = root_moves(&mut main, limits);
    if roots.is_empty() {
        let checked = in_check(&main.pos, main.pos.side());
        let score = no_moves_score(&main, checked, 0);
        learnt.push(main.into_learnt());
        learnt.extend(kept);
        return Outcome {
            score,
            ..Outcome::default()
        };
    }
    let lines = limits.multi_pv.max(1);
    let (depth, helpers) = thread::scope(|scope| {
        let mut helpers = Vec::new();
        for id in 1..threads {
            // A helper's tables are made by the helper, once its thread runs.
            let helper_learnt = kept.next();
            let shared = &shared;
            let mut roots = roots.clone();
            let pos = game.pos.clone();
            let history = game.history();
            let spawned = thread::Builder::new()
                .stack_size(HELPER_STACK)
                .spawn_scoped(scope, move || {
                    let helper_learnt = helper_learnt.unwrap_or_else(|| Learnt::new(&pos.tables));
                    let mut helper = Worker::new(pos, history, last, shared, false, helper_learnt);
                    helper.iterate(&mut roots, 1, (id % 2) as i32, &mut |_| {});
                    (helper.stats, helper.into_learnt())
                });
            match spawned {
                Ok(handle) => helpers.push(handle),
                Err(_) => break,
            }
        }
        let depth = main.iterate(&mut roots, lines, 0, report);
        if control.infinite {
            while !control.stop_requested() {
                thread::sleep(Duration::from_millis(1));
            }
        }
        control.abort();
        // A helper's panic goes on to the caller, as the scope passed it on before helpers
        // were joined here.
        let helpers: Vec<(Stats, Learnt)> = helpers
            .into_iter()
            .map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|e| std::panic::resume_unwind(e))
            })
            .collect();
        (depth, helpers)
    });
    let best = &roots[0];
    let ponder = best
        .pv
        .get(1)
        .copied()
        .or_else(|| ponder_from_table(&mut main, best.mv));
    let mut stats = main.stats;
    learnt.push(main.into_learnt());
    for (helper_stats, helper_learnt) in helpers {
        stats += helper_stats;
        learnt.push(helper_learnt);
    }
    Outcome {
        best: Some(best.mv),
        ponder,
        score: best.known_score(),
        depth: depth.max(0) as u32,
        nodes: control.nodes(),
        stats,
    }
}

/// The legal root moves allowed by `only` and `exclude`, ordered by a static estimate (the
/// evaluation after the move), the hash move first.
fn root_moves(worker: &mut Worker<'_>, limits: &Limits) -> Vec<RootMove> {
    let mut legal = Vec::new();
    legal_moves(&mut worker.pos, &mut legal);
    let hash_move = worker
        .shared
        .tt
        .probe(worker.pos.hash())
        .map_or(0, |h| h.fingerprint);
    let mut roots: Vec<(bool, RootMove)> = legal
        .into_iter()
        .filter(|m| limits.only.is_empty() || limits.only.contains(m))
        .filter(|m| !limits.exclude.contains(m))
        .map(|mv| {
            worker.make(mv, false);
            let estimate = -worker.evaluate();
            worker.unmake();
            (fingerprint(mv) == hash_move, RootMove::new(mv, estimate))
        })
        .collect();
    roots.sort_by_key(|(hashed, r)| (!hashed, std::cmp::Reverse(r.previous)));
    roots.into_iter().map(|(_, r)| r).collect()
}

/// The reply stored in the table for the position after `best`, if it is legal there.
fn ponder_from_table(worker: &mut Worker<'_>, best: Move) -> Option<Move> {
    worker.make(best, false);
    let fp = worker
        .shared
        .tt
        .probe(worker.pos.hash())
        .map(|h| h.fingerprint);
    let mut legal = Vec::new();
    legal_moves(&mut worker.pos, &mut legal);
    worker.unmake();
    let fp = fp.filter(|&f| f != 0)?;
    legal.into_iter().find(|&m| fingerprint(m) == fp)
}
