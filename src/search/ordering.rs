//! Move ordering: the hash move first, then captures and promotions by MVV-LVA (most
//! valuable victim, least valuable attacker) shifted by their capture history, then the two
//! killer moves of the ply and the counter-move of the move before, then the other quiet
//! moves by their history scores (plain, and continuation after the last two moves) plus what
//! the move gains in the square tables, then captures that lose material in the static
//! exchange. Moves are picked one at a time (selection), so a cutoff early in the
//! list does not pay for sorting the rest.

use super::eval::tables::EvalTables;
use super::history::NodeHistory;
use super::see::{gain, mover, see};
use super::tt::fingerprint;
use crate::movegen::Move;
use crate::position::Position;
use crate::types::Square;

const HASH_MOVE: i32 = 1 << 29;
const CAPTURE: i32 = 1 << 27;
const KILLER: i32 = 1 << 25;
/// Captures that lose material in the exchange come after every quiet move.
const BAD_CAPTURE: i32 = -(1 << 27);
/// In a list of scores, each is twice the move's score, plus this while a capture's static
/// exchange is not yet known: its score is then the one it has if the exchange does not lose,
/// never less than the true one, and [`pick`] finds the true one when the move would be
/// chosen. Captures that are never reached in a node that is cut off cost no exchange.
const PENDING: i32 = 1;
/// What a quiet move gains in the middlegame square tables, times this, joins its history
/// score: among moves the history knows nothing of, the one to a better square comes first.
const QUIET_SQUARE_WEIGHT: i32 = 8;
/// A capture's history, divided by this, joins its MVV-LVA score (sixteen per centipawn
/// won): at most a quarter of [`HISTORY_MAX`](super::history::HISTORY_MAX), about two and a
/// half pawns of victim.
const CAPTURE_HISTORY_DIVISOR: i32 = 4;

/// Whether the move removes an enemy piece (on its destination or on a kill square).
#[inline]
pub fn is_capture(pos: &Position, mv: Move) -> bool {
    if mv.is_castle() {
        return false;
    }
    let them = !pos.side();
    let foe = |sq: Square| {
        let p = pos.at(sq);
        p.is_of(them)
    };
    (mv.to != mv.from && foe(mv.to)) || mv.kills.iter().any(|&k| k.is_some() && foe(k))
}

/// Captures and promotions: the moves quiescence search looks at.
#[inline]
pub fn is_tactical(pos: &Position, mv: Move) -> bool {
    mv.promotion_type().is_some() || is_capture(pos, mv)
}

/// Score `moves` into `scores` for picking (see [`PENDING`]).
pub fn score_moves(
    pos: &Position,
    et: &EvalTables,
    moves: &[Move],
    scores: &mut Vec<i32>,
    hash_move: u32,
    killers: &[Option<Move>; 2],
    history: &NodeHistory<'_>,
) {
    scores.clear();
    let counter = history.counter();
    for &mv in moves {
        let s = if hash_move != 0 && fingerprint(mv) == hash_move {
            2 * HASH_MOVE
        } else if is_tactical(pos, mv) {
            let attacker = et.kinds[mover(pos, mv).kind()].order_value;
            let won = gain(pos, et, mv);
            let learnt = history.capture.get(pos, mv) / CAPTURE_HISTORY_DIVISOR;
            let good = 2 * (CAPTURE + won * 16 - attacker / 16 + learnt);
            // Only a capture of a piece worth less than the capturer can lose the exchange.
            if won < attacker {
                good | PENDING
            } else {
                good
            }
        } else if killers[0] == Some(mv) {
            2 * (KILLER + 1)
        } else if killers[1] == Some(mv) {
            2 * KILLER
        } else if counter == Some(mv) {
            2 * (KILLER - 1)
        } else {
            2 * (history.score(pos, mv) + QUIET_SQUARE_WEIGHT * square_gain(pos, et, mv))
        };
        scores.push(s);
    }
}

/// The middlegame square-table gain of quiet move `mv` (none for a drop).
fn square_gain(pos: &Position, et: &EvalTables, mv: Move) -> i32 {
    if mv.is_drop() {
        return 0;
    }
    let piece = mover(pos, mv);
    et.psq(piece, mv.to).mg - et.psq(piece, mv.from).mg
}

/// The true score of a pending capture, kept as a list keeps it.
fn resolve(pos: &Position, et: &EvalTables, mv: Move, kept: i32) -> i32 {
    let good = kept & !PENDING;
    if see(pos, et, mv) < 0 {
        good - 2 * (CAPTURE - BAD_CAPTURE)
    } else {
        good
    }
}

/// Whether a move's score, as [`pick`] leaves it in the list, marks a capture that loses
/// material in the exchange.
#[inline]
pub fn loses_exchange(kept: i32) -> bool {
    kept < BAD_CAPTURE
}

/// Swap the best-scored move among `i..` to position `i` and return it: the first of the
/// highest true scores, the exchanges of pending captures being looked at only where one
/// would otherwise be chosen.
#[inline]
pub fn pick(
    pos: &Position,
    et: &EvalTables,
    moves: &mut [Move],
    scores: &mut [i32],
    i: usize,
) -> Move {
    let n = moves.len();
    loop {
        // Iterated, not indexed: the scan then makes no bounds check per move.
        let mut best = i;
        let mut top = scores[i];
        for (j, &s) in scores[..n].iter().enumerate().skip(i + 1) {
            if s > top {
                best = j;
                top = s;
            }
        }
        if scores[best] & PENDING == 0 {
            moves.swap(i, best);
            scores.swap(i, best);
            return moves[i];
        }
        scores[best] = resolve(pos, et, moves[best], scores[best]);
    }
}

/// Whether the move was scored as a killer (used to spare it from reductions).
#[inline]
pub fn is_killer(killers: &[Option<Move>; 2], mv: Move) -> bool {
    killers[0] == Some(mv) || killers[1] == Some(mv)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::score_moves;
    use crate::movegen::notation::parse_move;
    use crate::movegen::{build_ruleset, legal_moves, Move};
    use crate::position::{Position, RankStyle};
    use crate::search::eval::tables::EvalTables;
    use crate::search::history::{
        CaptureHistory, ContinuationHistory, CounterMoves, History, NodeHistory,
    };
    use crate::variant::load_by_name;

    /// With nothing in the history, a knight's move to the centre (b1c3) is ordered before its
    /// move to the rim (b1a3), as the square tables value those squares; an empty history
    /// once left them in the order the generator met them.
    #[test]
    fn with_an_empty_history_a_move_to_a_better_square_comes_first() {
        let variant = load_by_name("chess").expect("chess loads");
        let ruleset = build_ruleset(Arc::new(variant)).expect("its ruleset builds");
        let et = EvalTables::new(&ruleset);
        let mut pos = Position::start(ruleset.clone());
        let mut moves = Vec::new();
        legal_moves(&mut pos, &mut moves);
        let codes = 2 * ruleset.pieces.len();
        let size = ruleset.geo.size;
        let (plain, continuation, capture, counter_moves) = (
            History::new(codes, size),
            ContinuationHistory::new(codes, size),
            CaptureHistory::new(codes, ruleset.pieces.len(), size),
            CounterMoves::new(codes, size),
        );
        let history = NodeHistory {
            plain: &plain,
            continuation: &continuation,
            capture: &capture,
            before: [None, None],
            counter_moves: &counter_moves,
        };
        let mut scores = Vec::new();
        score_moves(&pos, &et, &moves, &mut scores, 0, &[None; 2], &history);
        let score_of = |text: &str| {
            let mv: Move = parse_move(&pos, &moves, text, RankStyle::FromOne).expect("legal");
            let i = moves.iter().position(|&m| m == mv).expect("listed");
            scores[i]
        };
        assert!(score_of("b1c3") > score_of("b1a3"));
    }
}
