//! Perft: count the leaves of the legal-move tree, with bulk counting at the last ply and the
//! root moves split across threads.

use rayon::prelude::*;

use crate::movegen::{legal_moves, make_move, Move};
use crate::position::Position;

/// Move buffers, one per ply, allocated once.
pub fn buffers(depth: u32) -> Vec<Vec<Move>> {
    (0..depth.max(1)).map(|_| Vec::with_capacity(256)).collect()
}

/// Leaves of the legal-move tree of depth `depth`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut bufs = buffers(depth);
    perft_with(pos, depth, &mut bufs)
}

fn perft_with(pos: &mut Position, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = bufs.split_first_mut().expect("one buffer per ply");
    legal_moves(pos, moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        make_move(pos, mv);
        total += perft_with(pos, depth - 1, rest);
        pos.unmake();
    }
    total
}

/// Node count below each root move, the root moves split across rayon's threads.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut root = pos.clone();
    let mut moves = Vec::new();
    legal_moves(&mut root, &mut moves);
    moves
        .par_iter()
        .map(|&mv| {
            let mut p = pos.clone();
            make_move(&mut p, mv);
            let n = if depth <= 1 {
                1
            } else {
                perft(&mut p, depth - 1)
            };
            (mv, n)
        })
        .collect()
}
