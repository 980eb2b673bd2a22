//! The principal-variation alpha-beta search below the root: game-rule draws, mate-distance
//! pruning, check extension, transposition-table cutoffs, reverse futility pruning, null-move
//! pruning (not in check, and not when the side to move has nothing but royal and promoting
//! pieces, where zugzwang is likely), late-move pruning and futility pruning of quiet moves
//! near the horizon, pruning of moves that lose material in the static exchange near the
//! horizon, late-move reductions, and killer and history updates on cutoffs.

use crate::types::Square;
use std::sync::OnceLock;

use super::node::Best;
use super::ordering::{is_killer, is_tactical, loses_exchange, pick, score_moves, HISTORY_MAX};
use super::rules::{
    immediate_score, is_mate, move_rule_reached, move_rule_value, no_moves_score, repetition,
};
use super::see::see_below;
use super::worker::{Worker, MAX_PLY, NO_EVAL};
use super::{mate_in, mated_in, plies, MATE, MATE_BOUND};
use crate::movegen::attack::in_check_after;
use crate::movegen::{legal_moves, Move};

/// Moves that lose material in the static exchange are pruned up to this depth (captures losing
/// more than a pawn a ply, quiet moves more than a quarter pawn times depth squared).
const SEE_PRUNING_DEPTH: i32 = 6;

/// Reductions for late moves, by depth and move number.
fn reduction(depth: i32, count: usize) -> i32 {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 2.25) as u8;
            }
        }
        t
    });
    i32::from(table[(depth as usize).min(63)][count.min(63)])
}

/// Quiet moves searched before the rest are pruned, by depth and whether the static
/// evaluation rose since the side to move's last turn (no limit from depth 9 on).
fn late_move_count(depth: i32, improving: bool) -> usize {
    if depth > 8 {
        return usize::MAX;
    }
    let count = (3 + depth * depth) as usize;
    if improving {
        count
    } else {
        count / 2
    }
}

impl Worker<'_> {
    /// Whether the side to move has a piece, on the board or in hand, that is neither royal
    /// nor promoting (null-move pruning is unsafe without one: zugzwang).
    fn has_officers(&self) -> bool {
        let et = self.shared.eval;
        let us = self.pos.side();
        let officer = |k: usize| !et.kinds[k].royal && !et.kinds[k].promotes;
        self.pos
            .pieces(us)
            .iter()
            .any(|&sq| officer(self.pos.at(sq).kind()))
            || (et.hand && (0..et.kinds.len()).any(|k| officer(k) && self.pos.in_hand(us, k) > 0))
    }

    /// Search the current position (at `ply` ≥ 1) to `depth` within (alpha, beta).
    pub fn search(
        &mut self,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        checked: bool,
        null_ok: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        self.plies[ply].pv.clear();
        if self.stopped {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return if checked {
                0
            } else {
                self.evaluate(alpha, beta)
            };
        }
        if let Some(score) = immediate_score(self, ply) {
            return score;
        }
        if let Some(score) = repetition(self, ply, checked) {
            return score;
        }
        if move_rule_reached(self) {
            return self.move_rule_score(ply, checked);
        }
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply) - 1);
        if alpha >= beta {
            return alpha;
        }
        if checked && plies(ply) < 2 * self.root_depth {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, checked, 0, Square::NONE);
        }
        if self.count_node(ply) {
            return 0;
        }
        let key = self.pos.hash();
        let hit = self.shared.tt.probe(key);
        if let Some(h) = hit.filter(|h| !pv_node && h.depth >= depth) {
            if let Some(score) = h.cutoff(ply, alpha, beta) {
                return score;
            }
        }
        let hash_move = hit.map_or(0, |h| h.fingerprint);
        let eval = if checked {
            -MATE
        } else {
            self.evaluate(alpha, beta)
        };
        self.plies[ply].static_eval = if checked { NO_EVAL } else { eval };
        let improving = ply < 2 || {
            let before = self.plies[ply - 2].static_eval;
            before == NO_EVAL || checked || eval > before
        };
        let late_moves = late_move_count(depth, improving);
        if !pv_node && !checked && depth <= 6 && !is_mate(beta) && eval - 90 * depth >= beta {
            return eval;
        }
        if !pv_node
            && !checked
            && null_ok
            && depth >= 3
            && eval >= beta
            && !is_mate(beta)
            && self.has_officers()
        {
            let r = 3 + depth / 4 + ((eval - beta) / 200).min(2);
            let barrier = self.make_null();
            let score = -self.search(depth - 1 - r, -beta, -beta + 1, ply + 1, false, false);
            self.unmake_null(barrier);
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return if is_mate(score) { beta } else { score };
            }
        }

        let mut moves = std::mem::take(&mut self.plies[ply].moves);
        let mut scores = std::mem::take(&mut self.plies[ply].scores);
        legal_moves(&mut self.pos, &mut moves);
        if moves.is_empty() {
            self.return_lists(ply, moves, scores);
            return no_moves_score(self, checked, ply);
        }
        let killers = self.plies[ply].killers;
        let et = self.shared.eval;
        score_moves(
            &self.pos,
            et,
            &moves,
            &mut scores,
            hash_move,
            &killers,
            &self.history,
        );

        let mut best = Best::new(-MATE - 1, alpha, beta);
        let mut searched = 0usize;
        let mut quiets = 0usize;
        let mut cutoff_at = None;
        for i in 0..moves.len() {
            let mv = pick(&self.pos, et, &mut moves, &mut scores, i);
            let tactical = is_tactical(&self.pos, mv);
            let killer = is_killer(&killers, mv);
            let prunable = !pv_node && !checked && !tactical && !killer && best.score > -MATE_BOUND;
            if prunable && quiets >= late_moves {
                continue;
            }
            if !pv_node
                && !checked
                && i > 0
                && depth <= SEE_PRUNING_DEPTH
                && best.score > -MATE_BOUND
                && mv.promotion_type().is_none()
            {
                let threshold = if tactical {
                    -100 * depth
                } else {
                    -25 * depth * depth
                };
                let suspect = !tactical || loses_exchange(scores[i]);
                if suspect && see_below(&self.pos, et, mv, threshold) {
                    continue;
                }
            }
            let alpha = best.alpha;
            let futile = prunable && depth <= 2 && eval + 120 * depth <= alpha;
            let history = if tactical {
                0
            } else {
                self.history.get(&self.pos, mv)
            };
            self.make(mv, checked);
            let gives_check = in_check_after(&self.pos, mv);
            if futile && !gives_check {
                self.unmake();
                continue;
            }
            searched += 1;
            if !tactical {
                quiets += 1;
            }
            let new_depth = depth - 1;
            let mut score;
            if searched == 1 {
                score = -self.search(new_depth, -beta, -alpha, ply + 1, gives_check, true);
            } else {
                let mut r = 0;
                if depth >= 3 && !tactical && !checked && !gives_check && !killer {
                    r = reduction(depth, searched) - i32::from(pv_node);
                    if history > HISTORY_MAX / 2 {
                        r -= 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                score = -self.search(
                    new_depth - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    gives_check,
                    true,
                );
                if score > alpha && r > 0 {
                    score = -self.search(new_depth, -alpha - 1, -alpha, ply + 1, gives_check, true);
                }
                if score > alpha && score < beta {
                    score = -self.search(new_depth, -beta, -alpha, ply + 1, gives_check, true);
                }
            }
            self.unmake();
            if self.stopped {
                self.return_lists(ply, moves, scores);
                return 0;
            }
            if self.take_score(&mut best, ply, mv, score) {
                cutoff_at = Some(i);
                break;
            }
        }
        if let Some(i) = cutoff_at {
            self.reward(ply, depth, &moves[..=i]);
        }
        self.return_lists(ply, moves, scores);
        if searched == 0 {
            return best.alpha;
        }
        self.store_best(key, &best, depth, ply);
        best.score
    }

    /// After a cutoff by the last of `tried`: if it is quiet, make it a killer and raise its
    /// history, and lower the history of the quiet moves tried before it.
    fn reward(&mut self, ply: usize, depth: i32, tried: &[Move]) {
        let (&cut, before) = tried.split_last().expect("a cutoff has a move");
        if is_tactical(&self.pos, cut) {
            return;
        }
        let killers = &mut self.plies[ply].killers;
        if killers[0] != Some(cut) {
            killers[1] = killers[0];
            killers[0] = Some(cut);
        }
        let bonus = (depth * depth).min(400) * 16;
        self.history.update(&self.pos, cut, bonus);
        for &mv in before {
            if !is_tactical(&self.pos, mv) {
                self.history.update(&self.pos, mv, -bonus);
            }
        }
    }

    /// The n-move rule ends the game in a draw, unless the side to move is mated.
    fn move_rule_score(&mut self, ply: usize, checked: bool) -> i32 {
        if !checked {
            return move_rule_value(self, ply);
        }
        let mut moves = std::mem::take(&mut self.plies[ply].moves);
        legal_moves(&mut self.pos, &mut moves);
        let none = moves.is_empty();
        self.plies[ply].moves = moves;
        if none {
            no_moves_score(self, true, ply)
        } else {
            move_rule_value(self, ply)
        }
    }
}
