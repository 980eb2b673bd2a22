//! Quiescence search: at the horizon, only captures and promotions are searched (and every
//! evasion when in check), so the static evaluation is only trusted in quiet positions; at its
//! first ply, also the quiet moves (not drops) that give check and lose nothing in the static
//! exchange, so that a mate just past the horizon is seen. The
//! side to move may stand pat. Captures and promotions that cannot raise the score to alpha
//! even when they win their victim outright (delta pruning), those that win nothing in the
//! static exchange where the standing evaluation plus a margin is not above alpha (futility),
//! and those that lose material in the exchange are skipped; a pruned move leaves the node's
//! upper bound no lower than the score it could have reached. After a few plies only
//! recaptures on the square of the last capture are searched, which keeps positions with many
//! pieces in contact from exploding.
//! In variants whose legality is royal safety alone, captures come from the pseudo-legal
//! generator through a filtering sink and each is tested for check after it is made; other
//! variants (explosions, no checking …) filter the full legal move list.

use super::node::Best;
use super::ordering::{is_tactical, loses_exchange, pick, score_moves};
use super::rules::{immediate_score, no_moves_score, repetition};
use super::see::{gain, see_below};
use super::worker::{Worker, MAX_PLY};
use super::MATE;
use crate::movegen::attack::{gives_check_unmade, in_check, in_check_after};
use crate::movegen::{legal_moves_knowing_check, pseudo, Move, Sink};
use crate::position::Position;
use crate::types::Square;

/// Margin over the standing evaluation and the victim's value for delta and futility pruning.
const DELTA: i32 = 200;
/// Quiescence plies with every capture; deeper, only recaptures.
const ALL_CAPTURES_PLIES: u32 = 4;

/// Keeps the tactical moves of a pseudo-legal generation (drops are never tactical) and,
/// with `CHECKS`, the quiet moves (not drops) that may give check: those that do, as far as
/// can be told before they are made, and those that must be made to tell. Without `CHECKS`
/// the generator makes no quiet move at all.
struct Tactical<'a, const CHECKS: bool> {
    pos: &'a Position,
    out: &'a mut Vec<Move>,
}

impl<const CHECKS: bool> Sink for Tactical<'_, CHECKS> {
    const QUIETS: bool = CHECKS;

    #[inline]
    fn push(&mut self, mv: Move) -> bool {
        if mv.is_drop() {
            return true;
        }
        let may_check = || CHECKS && gives_check_unmade(self.pos, mv) != Some(false);
        if is_tactical(self.pos, mv) || may_check() {
            self.out.push(mv);
        }
        true
    }

    fn mark(&self) -> usize {
        self.out.len()
    }

    fn dedup_since(&mut self, mark: usize) {
        self.out.dedup_since(mark);
    }
}

/// How the moves of a quiescence node were generated.
pub(super) enum Generated {
    /// Legal moves (all of them in check, else the tactical ones).
    Legal,
    /// Pseudo-legal captures and promotions, to be tested after they are made.
    Pseudo,
    /// No legal move at all: the game is over.
    None,
}

impl Worker<'_> {
    /// Quiescence search at `ply`, `qply` plies below the horizon; `last` is the square the
    /// previous move went to.
    pub fn qsearch(
        &mut self,
        alpha: i32,
        beta: i32,
        ply: usize,
        checked: bool,
        qply: u32,
        last: Square,
    ) -> i32 {
        self.plies[ply].pv.clear();
        self.stats.node(true, checked);
        if self.count_node(ply) {
            return 0;
        }
        if let Some(score) = immediate_score(self, ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            return if checked { 0 } else { self.evaluate() };
        }
        if let Some(score) = repetition(self, ply, checked) {
            return score;
        }
        let key = self.pos.hash();
        let hit = self.shared.tt.probe(key);
        self.stats.probe(hit.is_some());
        if let Some(score) = hit.and_then(|h| h.cutoff(ply, alpha, beta)) {
            return score;
        }
        let hash_move = hit.map_or(0, |h| h.fingerprint);
        let mut best = Best::new(-MATE, alpha, beta);
        let stand_pat = if checked {
            None
        } else {
            let eval = self.evaluate();
            if eval >= beta {
                return eval;
            }
            best.stand(eval);
            Some(eval)
        };
        let mut moves = std::mem::take(&mut self.plies[ply].moves);
        let mut scores = std::mem::take(&mut self.plies[ply].scores);
        let generated = self.generate_tactical(&mut moves, checked, qply == 0);
        if let Generated::None = generated {
            self.return_lists(ply, moves, scores);
            return no_moves_score(self, checked, ply);
        }
        let et = self.shared.eval;
        score_moves(
            &self.pos,
            et,
            &moves,
            &mut scores,
            hash_move,
            &[None; 2],
            &self.node_history(),
        );
        let us = self.pos.side();
        let recaptures_only = qply >= ALL_CAPTURES_PLIES;
        for i in 0..moves.len() {
            let mv = pick(&self.pos, et, &mut moves, &mut scores, i);
            let quiet_check = stand_pat.is_some() && !is_tactical(&self.pos, mv);
            if quiet_check {
                if see_below(&self.pos, et, mv, 0) {
                    continue;
                }
            } else if let Some(eval) = stand_pat {
                if recaptures_only && mv.to != last && !mv.kills.contains(&last) {
                    continue;
                }
                let futility_base = eval + DELTA;
                let futility = futility_base + gain(&self.pos, et, mv);
                if futility <= best.alpha {
                    best.pruned(futility);
                    continue;
                }
                if futility_base <= best.alpha && see_below(&self.pos, et, mv, 1) {
                    best.pruned(futility_base);
                    continue;
                }
                if loses_exchange(scores[i])
                    || (mv.promotion_type().is_some() && see_below(&self.pos, et, mv, 0))
                {
                    continue;
                }
            }
            self.make(mv, checked);
            if matches!(generated, Generated::Pseudo) && in_check(&self.pos, us) {
                self.unmake();
                continue;
            }
            let gives_check = in_check_after(&self.pos, mv);
            let score = -self.qsearch(-beta, -best.alpha, ply + 1, gives_check, qply + 1, mv.to);
            self.unmake();
            if self.stopped {
                self.return_lists(ply, moves, scores);
                return 0;
            }
            if self.take_score(&mut best, ply, mv, score) {
                break;
            }
        }
        self.return_lists(ply, moves, scores);
        self.store_best(key, &best, 0, ply);
        best.score
    }

    /// The moves quiescence looks at: every evasion in check, else captures and promotions,
    /// and `with_checks` the quiet moves (not drops) that give check, where legality is royal
    /// safety alone.
    pub(super) fn generate_tactical(
        &mut self,
        moves: &mut Vec<Move>,
        checked: bool,
        with_checks: bool,
    ) -> Generated {
        if !checked && self.flags.plain_legality {
            moves.clear();
            let pos = &self.pos;
            if with_checks {
                pseudo::generate(pos, &mut Tactical::<true> { pos, out: moves });
                moves.retain(|&mv| is_tactical(&self.pos, mv) || self.gives_check(mv));
            } else {
                pseudo::generate(pos, &mut Tactical::<false> { pos, out: moves });
            }
            return Generated::Pseudo;
        }
        legal_moves_knowing_check(&mut self.pos, Some(checked), moves);
        if moves.is_empty() {
            return Generated::None;
        }
        if !checked {
            let pos = &self.pos;
            moves.retain(|&mv| is_tactical(pos, mv));
        }
        Generated::Legal
    }
}
