//! The principal-variation alpha-beta search below the root: game-rule draws, mate-distance
//! pruning, extension of checks that lose nothing in the exchange, transposition-table
//! cutoffs, internal iterative reduction, the static evaluation refined by a table hit's bound
//! for pruning, reverse futility pruning, null-move pruning (not in check, and not when the
//! side to move has nothing but royal and promoting pieces, where zugzwang is likely),
//! ProbCut (a capture that holds a margin above beta in a search four plies shallower cuts
//! the node), late-move pruning and futility pruning of quiet moves near the horizon, pruning of quiet
//! moves whose continuation history is bad after both of the last two moves, pruning of moves
//! that lose material in the static exchange near the horizon, late-move reductions (less
//! for a quiet move with a good history, more for one with a bad, and a ply more for a late
//! move where the evaluation is not improving), and killer and history updates on cutoffs (a
//! node clears the killers two plies below it).
//! Where legality is royal safety alone, a node generates pseudo-legal moves and tests each
//! for royal safety only when it is about to be searched: moves pruned or never reached after
//! a cutoff cost no test. Once late-move pruning starts, the quiet moves left are dropped from
//! the list unpicked.

use crate::position::Position;
use crate::types::Square;
use std::sync::OnceLock;

use super::history::{history_bonus, MoveKey, HISTORY_MAX};
use super::node::Best;
use super::ordering::{is_killer, is_tactical, loses_exchange, pick, score_moves};
use super::qsearch::Generated;
use super::rules::{
    immediate_score, is_mate, move_rule_reached, move_rule_value, no_moves_score, repetition,
};
use super::see::see_below;
use super::tt::{fingerprint, fingerprint_from, from_tt, Bound, Hit};
use super::worker::{pseudo_legal_moves, Worker, MAX_PLY, NO_EVAL};
use super::{mate_in, mated_in, plies, MATE, MATE_BOUND};
use crate::movegen::attack::{gives_check_unmade, in_check, in_check_after};
use crate::movegen::legal::RoyalSafety;
use crate::movegen::{drops, legal_moves, legal_moves_knowing_check, make_move, walker, Move};

/// Moves that lose material in the static exchange are pruned up to this depth (captures losing
/// more than a pawn a ply, quiet moves more than a quarter pawn times depth squared).
const SEE_PRUNING_DEPTH: i32 = 6;

/// Quiet moves are futile (pruned unless they give check) where the evaluation is too far
/// below alpha for the depth they would be searched to after their late-move reduction, up to
/// this depth.
const FUTILITY_DEPTH: i32 = 5;

/// Quiet moves with a negative continuation history after both of the last two moves are
/// pruned where their depth after the late-move reduction is below this.
const CONTINUATION_PRUNING_DEPTH: i32 = 3;

/// ProbCut looks from this depth on: captures and promotions whose static exchange reaches
/// the raised beta are searched [`PROBCUT_REDUCTION`] plies shallower against beta plus
/// [`PROBCUT_MARGIN`] (less [`PROBCUT_IMPROVING`] where the evaluation improves); one that
/// holds there cuts the node. At most [`PROBCUT_MOVES`] are searched.
const PROBCUT_DEPTH: i32 = 5;
const PROBCUT_REDUCTION: i32 = 4;
const PROBCUT_MARGIN: i32 = 150;
const PROBCUT_IMPROVING: i32 = 35;
const PROBCUT_MOVES: usize = 3;

/// From this depth on, a node without a move from the table is searched one ply shallower
/// (internal iterative reduction): its move ordering is a guess, and the shallower search
/// leaves a move for the next visit.
const IIR_DEPTH: i32 = 4;

/// Reductions for late moves, by depth and move number.
fn reduction(depth: i32, count: usize) -> i32 {
    static TABLE: OnceLock<[[u8; 64]; 64]> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [[0u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                *r = (0.75 + (d as f64).ln() * (m as f64).ln() / 1.5) as u8;
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

/// The static evaluation refined by a table hit whose bound says the true score lies on the
/// far side of it (a lower bound above, an upper bound below): the better guess for pruning.
fn refined_by_table(eval: i32, hit: Option<Hit>, ply: usize) -> i32 {
    let Some(h) = hit else {
        return eval;
    };
    let score = from_tt(h.score, ply);
    if is_mate(score) {
        return eval;
    }
    match h.bound {
        Bound::Lower if score > eval => score,
        Bound::Upper if score < eval => score,
        Bound::Exact => score,
        _ => eval,
    }
}

/// Move the tactical moves and killers of `moves[from..]` to its front, keeping their order
/// and their `scores` beside them, and return where they end: once a late quiet move is
/// pruned every later one is, and picking them only to prune them costs a pass over the
/// list each.
fn keep_tactical(
    pos: &Position,
    killers: &[Option<Move>; 2],
    moves: &mut [Move],
    scores: &mut [i32],
    from: usize,
) -> usize {
    let mut kept = from;
    for j in from..moves.len() {
        if is_tactical(pos, moves[j]) || is_killer(killers, moves[j]) {
            moves.swap(kept, j);
            scores.swap(kept, j);
            kept += 1;
        }
    }
    kept
}

/// What the move loop of one node keeps between its moves.
struct Node {
    depth: i32,
    ply: usize,
    pv_node: bool,
    checked: bool,
    /// The static evaluation (as refined for pruning).
    eval: i32,
    /// Quiet moves searched before the rest are pruned.
    late_moves: usize,
    /// Whether the static evaluation rose since the side to move's last turn.
    improving: bool,
    killers: [Option<Move>; 2],
    best: Best,
    searched: usize,
    quiets: usize,
}

/// What searching one move did to its node.
enum Visit {
    /// Pruned, illegal, or searched without a cutoff.
    Passed,
    /// Searched, and at least beta.
    Cutoff,
    /// Pruned as a late quiet move: every quiet move after it is pruned too.
    LateQuiet,
    /// The search was stopped.
    Stopped,
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
            return if checked { 0 } else { self.evaluate() };
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
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, checked, 0, Square::NONE);
        }
        self.stats.node(false, checked);
        if self.count_node(ply) {
            return 0;
        }
        let key = self.pos.hash();
        let hit = self.shared.tt.probe(key);
        self.stats.probe(hit.is_some());
        if let Some(h) = hit.filter(|h| !pv_node && h.depth >= depth) {
            if let Some(score) = h.cutoff(ply, alpha, beta) {
                return score;
            }
        }
        let hash_move = hit.map_or(0, |h| h.fingerprint);
        if hash_move == 0 && depth >= IIR_DEPTH {
            depth -= 1;
        }
        let eval = if checked { -MATE } else { self.evaluate() };
        self.plies[ply].static_eval = if checked { NO_EVAL } else { eval };
        let improving = ply < 2 || {
            let before = self.plies[ply - 2].static_eval;
            before == NO_EVAL || checked || eval > before
        };
        let late_moves = late_move_count(depth, improving);
        let eval = if checked {
            eval
        } else {
            refined_by_table(eval, hit, ply)
        };
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

        if !pv_node && !checked && depth >= PROBCUT_DEPTH && !is_mate(beta) {
            let static_eval = self.plies[ply].static_eval;
            if let Some(score) = self.probcut(depth, beta, ply, static_eval, improving) {
                return if self.stopped { 0 } else { score };
            }
        }

        let mut node = Node {
            depth,
            ply,
            pv_node,
            checked,
            eval,
            late_moves,
            improving,
            killers: self.plies[ply].killers,
            best: Best::new(-MATE - 1, alpha, beta),
            searched: 0,
            quiets: 0,
        };
        if let Some(grandchild) = self.plies.get_mut(ply + 2) {
            grandchild.killers = [None; 2];
        }
        let lazy = self.flags.lazy_in(&self.pos);
        let safety = self.royal_safety(lazy, checked);
        let hash_first = self.hash_candidate(lazy, hash_move);
        if let Some(mv) = hash_first {
            match self.visit(&mut node, mv, 0, true, safety.as_ref()) {
                Visit::Stopped => return 0,
                Visit::Cutoff => {
                    self.stats.cutoff(node.searched);
                    self.reward(ply, depth, &[mv]);
                    self.store_best(key, &node.best, depth, ply);
                    return node.best.score;
                }
                Visit::Passed | Visit::LateQuiet => {}
            }
        }

        let mut moves = std::mem::take(&mut self.plies[ply].moves);
        let mut scores = std::mem::take(&mut self.plies[ply].scores);
        if lazy {
            pseudo_legal_moves(&self.pos, checked, &mut moves);
        } else {
            legal_moves_knowing_check(&mut self.pos, Some(checked), &mut moves);
        }
        if moves.is_empty() {
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
            &node.killers,
            &self.node_history(),
        );
        let mut cutoff_at = None;
        let mut next = 0;
        while next < moves.len() {
            let i = next;
            next += 1;
            let mv = pick(&self.pos, et, &mut moves, &mut scores, i);
            if hash_first == Some(mv) {
                continue;
            }
            let first = i == 0 && hash_first.is_none();
            match self.visit(&mut node, mv, scores[i], first, safety.as_ref()) {
                Visit::Stopped => {
                    self.return_lists(ply, moves, scores);
                    return 0;
                }
                Visit::Cutoff => {
                    self.stats.cutoff(node.searched);
                    cutoff_at = Some(i);
                    break;
                }
                Visit::LateQuiet => {
                    let kept =
                        keep_tactical(&self.pos, &node.killers, &mut moves, &mut scores, next);
                    moves.truncate(kept);
                    scores.truncate(kept);
                }
                Visit::Passed => {}
            }
        }
        if let Some(i) = cutoff_at {
            self.reward(ply, depth, &moves[..=i]);
        }
        self.return_lists(ply, moves, scores);
        if node.searched == 0 {
            // Nothing is pruned before a move has been searched: none was legal.
            return if lazy {
                no_moves_score(self, checked, ply)
            } else {
                node.best.alpha
            };
        }
        self.store_best(key, &node.best, depth, ply);
        node.best.score
    }

    /// ProbCut at a node (not in check) of `depth` with static evaluation `static_eval`: the
    /// score of a capture or promotion that holds beta raised by the margin in a quiescence
    /// search and then in a search [`PROBCUT_REDUCTION`] plies shallower, if one does (or
    /// some score once the search is stopped).
    fn probcut(
        &mut self,
        depth: i32,
        beta: i32,
        ply: usize,
        static_eval: i32,
        improving: bool,
    ) -> Option<i32> {
        let raised = beta + PROBCUT_MARGIN - PROBCUT_IMPROVING * i32::from(improving);
        let mut moves = std::mem::take(&mut self.plies[ply].moves);
        let mut scores = std::mem::take(&mut self.plies[ply].scores);
        let generated = self.generate_tactical(&mut moves, false, false);
        let us = self.pos.side();
        let et = self.shared.eval;
        let history = self.node_history();
        score_moves(&self.pos, et, &moves, &mut scores, 0, &[None; 2], &history);
        let mut searched = 0;
        let mut found = None;
        for i in 0..moves.len() {
            if searched == PROBCUT_MOVES {
                break;
            }
            let mv = pick(&self.pos, et, &mut moves, &mut scores, i);
            if see_below(&self.pos, et, mv, raised - static_eval) {
                continue;
            }
            self.make(mv, false);
            if matches!(generated, Generated::Pseudo) && in_check(&self.pos, us) {
                self.unmake();
                continue;
            }
            searched += 1;
            let gives_check = in_check_after(&self.pos, mv);
            let mut score = -self.qsearch(-raised, -raised + 1, ply + 1, gives_check, 0, mv.to);
            if score >= raised && !self.stopped {
                let reduced = depth - PROBCUT_REDUCTION;
                score = -self.search(reduced, -raised, -raised + 1, ply + 1, gives_check, true);
            }
            self.unmake();
            if self.stopped {
                found = Some(0);
                break;
            }
            if score >= raised {
                found = Some(score);
                break;
            }
        }
        self.return_lists(ply, moves, scores);
        found
    }

    /// Prune, test (where legality is tested lazily), make and search one move of `node`.
    /// `kept` is the move's ordering score, `first` whether it is the first move picked.
    fn visit(
        &mut self,
        node: &mut Node,
        mv: Move,
        kept: i32,
        first: bool,
        safety: Option<&RoyalSafety>,
    ) -> Visit {
        let Node {
            depth,
            ply,
            pv_node,
            checked,
            eval,
            ..
        } = *node;
        let tactical = is_tactical(&self.pos, mv);
        let killer = is_killer(&node.killers, mv);
        let prunable =
            !pv_node && !checked && !tactical && !killer && node.best.score > -MATE_BOUND;
        if prunable && node.quiets >= node.late_moves {
            return Visit::LateQuiet;
        }
        let (alpha, beta) = (node.best.alpha, node.best.beta);
        // The late-move reduction of the move, were it searched next: futility judges the
        // move by the depth it leaves, and the reduced search below starts from it.
        let late_reduction = reduction(depth, node.searched + 1);
        let late_depth = depth - 1 - late_reduction;
        let futile = prunable
            && late_depth <= FUTILITY_DEPTH
            && eval + 120 * (late_depth.max(0) + 1) <= alpha;
        // A futile move is pruned unless it gives check, whatever the tests below would say:
        // the check test is the cheaper, so it comes first.
        if futile && !self.gives_check(mv) {
            return Visit::Passed;
        }
        // Near the horizon, a quiet move that has failed after both of the last two moves is
        // pruned.
        if prunable
            && late_depth < CONTINUATION_PRUNING_DEPTH
            && self.node_history().continuation_bad(&self.pos, mv)
        {
            return Visit::Passed;
        }
        if !pv_node
            && !checked
            && !first
            && depth <= SEE_PRUNING_DEPTH
            && node.best.score > -MATE_BOUND
            && mv.promotion_type().is_none()
        {
            let threshold = if tactical {
                -100 * depth
            } else {
                -25 * depth * depth
            };
            let suspect = !tactical || loses_exchange(kept);
            if suspect && see_below(&self.pos, self.shared.eval, mv, threshold) {
                return Visit::Passed;
            }
        }
        if safety.is_some_and(|s| !s.keeps(&mut self.pos, mv)) {
            return Visit::Passed;
        }
        // Only a quiet move may be reduced, and its history (read before it is made) says by
        // how much.
        let reducible = depth >= 3 && !tactical && !checked && !killer;
        let history = if reducible {
            self.node_history().score(&self.pos, mv)
        } else {
            0
        };
        self.make(mv, checked);
        let gives_check = in_check_after(&self.pos, mv);
        node.searched += 1;
        if !tactical {
            node.quiets += 1;
        }
        let new_depth = depth - 1 + self.check_extension(mv, gives_check, ply + 1);
        let mut score;
        if node.searched == 1 {
            score = -self.search(new_depth, -beta, -alpha, ply + 1, gives_check, true);
        } else {
            let mut r = 0;
            if reducible && !gives_check {
                r = late_reduction - i32::from(pv_node) - history / HISTORY_MAX;
                // Where the evaluation is not improving, a move already late enough for two
                // plies of reduction is reduced one more (a ply more for every reduced move
                // was too much).
                if !node.improving && late_reduction >= 2 {
                    r += 1;
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
            return Visit::Stopped;
        }
        if self.take_score(&mut node.best, ply, mv, score) {
            Visit::Cutoff
        } else {
            Visit::Passed
        }
    }

    /// The plies by which move `mv`, just made, extends its search: one where it gives check
    /// and loses nothing in the static exchange (a check that gives material away is a
    /// threat the opponent answers by taking), while the node at `ply` is within twice the
    /// root's depth.
    pub(super) fn check_extension(&mut self, mv: Move, gives_check: bool, ply: usize) -> i32 {
        if !gives_check || plies(ply) >= 2 * self.root_depth {
            return 0;
        }
        self.pos.unmake();
        let sound = !see_below(&self.pos, self.shared.eval, mv, 0);
        make_move(&mut self.pos, mv);
        self.stats.check_extensions += u64::from(sound);
        i32::from(sound)
    }

    /// Whether pseudo-legal move `mv` would give check (the side to move not being in check).
    pub(super) fn gives_check(&mut self, mv: Move) -> bool {
        if let Some(check) = gives_check_unmade(&self.pos, mv) {
            return check;
        }
        make_move(&mut self.pos, mv);
        let check = in_check_after(&self.pos, mv);
        self.pos.unmake();
        check
    }

    /// Where legality is tested lazily and the side to move has a royal piece, the test.
    fn royal_safety(&self, lazy: bool, checked: bool) -> Option<RoyalSafety> {
        let has_royal = !self.pos.royals(self.pos.side()).is_empty();
        (lazy && has_royal).then(|| RoyalSafety::new(&self.pos, checked))
    }

    /// Where legality is tested lazily, the pseudo-legal move of the piece on the square
    /// `hash_move` names whose fingerprint it is, to be searched before any other move is
    /// generated (not while the side must drop, nor for a drop or a castling the piece's own
    /// moves do not hold: those wait for the full list).
    fn hash_candidate(&mut self, lazy: bool, hash_move: u32) -> Option<Move> {
        if !lazy || hash_move == 0 {
            return None;
        }
        let from = fingerprint_from(hash_move);
        if from.index() >= self.pos.board().len() || !self.pos.at(from).is_of(self.pos.side()) {
            return None;
        }
        if drops::obligation(&self.pos) != drops::Obligation::Free {
            return None;
        }
        let mut candidates = std::mem::take(&mut self.scratch);
        candidates.clear();
        walker::piece_moves(&self.pos, from, &mut candidates);
        let found = candidates
            .iter()
            .copied()
            .find(|&mv| fingerprint(mv) == hash_move);
        self.scratch = candidates;
        found
    }

    /// After a cutoff by the last of `tried`: lower the capture history of the captures and
    /// promotions tried before it; if it is one of those, raise its capture history; if it is
    /// quiet, make it a killer and the counter-move of the move before, raise its history
    /// (plain and continuation), and lower the history of the quiet moves tried before it.
    fn reward(&mut self, ply: usize, depth: i32, tried: &[Move]) {
        let (&cut, before) = tried.split_last().expect("a cutoff has a move");
        let bonus = history_bonus(depth);
        for &mv in before {
            if is_tactical(&self.pos, mv) {
                self.capture_history.update(&self.pos, mv, -bonus);
            }
        }
        if is_tactical(&self.pos, cut) {
            self.capture_history.update(&self.pos, cut, bonus);
            return;
        }
        let killers = &mut self.plies[ply].killers;
        if killers[0] != Some(cut) {
            killers[1] = killers[0];
            killers[0] = Some(cut);
        }
        let earlier = self.node_history().before;
        if let Some(last) = earlier[0] {
            self.counter_moves.set(last, cut);
        }
        self.rate(cut, bonus, &earlier);
        for &mv in before {
            if !is_tactical(&self.pos, mv) {
                self.rate(mv, -bonus, &earlier);
            }
        }
    }

    /// Nudge the plain and continuation history of quiet move `mv` by `bonus`.
    fn rate(&mut self, mv: Move, bonus: i32, earlier: &[Option<MoveKey>; 2]) {
        self.history.update(&self.pos, mv, bonus);
        let now = MoveKey::of(&self.pos, mv);
        for &before in earlier.iter().flatten() {
            self.continuation.update(before, now, bonus);
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
