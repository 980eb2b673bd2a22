//! Perft: count the leaves of the legal-move tree, with bulk counting at the last ply and the
//! root moves split across threads.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::movegen::attack::{in_check, in_check_after};
use crate::movegen::ends::immediate_end;
use crate::movegen::legal::{count_legal, countable};
use crate::movegen::{legal_moves, legal_moves_knowing_check, make_move, Move};
use crate::position::Position;
use crate::position::BIKJANG;

/// Move buffers, one per ply, allocated once.
pub fn buffers(depth: u32) -> Vec<Vec<Move>> {
    (0..depth.max(1)).map(|_| Vec::with_capacity(256)).collect()
}

/// Leaves of the legal-move tree of depth `depth`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    perft_from(pos, depth, &|| false).unwrap_or_default()
}

/// [`perft`] that gives up (`None`) once `stop` is raised, checked at every inner node.
pub fn perft_until(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    perft_from(pos, depth, &|| stop.load(Ordering::Relaxed))
}

/// [`perft_with`] from a position whose check state is not known yet; `None` once `stopped`.
fn perft_from(pos: &mut Position, depth: u32, stopped: &impl Fn() -> bool) -> Option<u64> {
    let mut bufs = buffers(depth);
    let checked = in_check(pos, pos.side());
    let countable = countable(&pos.tables);
    perft_with(pos, depth, checked, countable, &mut bufs, stopped)
}

/// `checked`: whether the side to move is in check, known from the move that led here;
/// `countable`: whether the last ply's moves may be counted without listing them.
fn perft_with(
    pos: &mut Position,
    depth: u32,
    checked: bool,
    countable: bool,
    bufs: &mut [Vec<Move>],
    stopped: &impl Fn() -> bool,
) -> Option<u64> {
    if depth == 0 {
        return Some(1);
    }
    let (moves, rest) = bufs.split_first_mut().expect("one buffer per ply");
    if depth == 1 && countable && pos.state() & BIKJANG == 0 {
        if pos.tables.may_end && immediate_end(pos).is_some() {
            return Some(0);
        }
        return Some(count_legal(pos, checked, moves));
    }
    legal_moves_knowing_check(pos, Some(checked), moves);
    if depth == 1 {
        return Some(moves.len() as u64);
    }
    if stopped() {
        return None;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        make_move(pos, mv);
        let gives_check = in_check_after(pos, mv);
        let below = perft_with(pos, depth - 1, gives_check, countable, rest, stopped);
        pos.unmake();
        total += below?;
    }
    Some(total)
}

/// Node count below each root move, the root moves split across rayon's threads.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    divide_with(pos, depth, &|| false).unwrap_or_default()
}

/// [`divide`] that gives up (`None`) once `stop` is raised.
pub fn divide_until(pos: &Position, depth: u32, stop: &AtomicBool) -> Option<Vec<(Move, u64)>> {
    divide_with(pos, depth, &|| stop.load(Ordering::Relaxed))
}

/// [`divide`] that gives up (`None`) once `stopped` says so, asked at every inner node.
fn divide_with(
    pos: &Position,
    depth: u32,
    stopped: &(impl Fn() -> bool + Sync),
) -> Option<Vec<(Move, u64)>> {
    let mut root = pos.clone();
    let mut moves = Vec::new();
    legal_moves(&mut root, &mut moves);
    moves
        .par_iter()
        .map(|&mv| {
            let mut p = pos.clone();
            make_move(&mut p, mv);
            let n = if depth <= 1 {
                Some(1)
            } else {
                perft_from(&mut p, depth - 1, stopped)
            };
            n.map(|n| (mv, n))
        })
        .collect()
}
