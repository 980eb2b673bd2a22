//! The variant's game-end rules as search scores: immediate ends (extinction, flag zones, n-th
//! check …), checkmate and stalemate values (a mate by a forbidden drop loses), n-fold repetition (a repetition inside the search
//! tree counts at once, one of a position from before the root only when the variant's count
//! is reached; a side that checked on every move of an in-tree cycle gets the variant's
//! perpetual-check value) and the n-move rule.

use super::worker::Worker;
use super::{mate_in, mated_in, MATE_BOUND};
use crate::movegen::ends::{drawn_value, immediate_end};
use crate::variant::GameValue;

/// A game value for the side to move at `ply` as a score (wins sooner are better).
pub fn value_score(value: GameValue, ply: usize) -> i32 {
    match value {
        GameValue::Win => mate_in(ply),
        GameValue::Loss => mated_in(ply),
        GameValue::Draw => 0,
    }
}

fn opposite(value: GameValue) -> GameValue {
    match value {
        GameValue::Win => GameValue::Loss,
        GameValue::Loss => GameValue::Win,
        GameValue::Draw => GameValue::Draw,
    }
}

/// The score of an immediate game end in the current position, if one holds.
pub fn immediate_score(worker: &Worker<'_>, ply: usize) -> Option<i32> {
    let end = immediate_end(&worker.pos)?;
    let side = worker.pos.side();
    Some(match end.winner {
        Some(w) if w == side => mate_in(ply),
        Some(_) => mated_in(ply),
        None => 0,
    })
}

/// Score of a position without legal moves. A mate by a forbidden drop (shogi's pawn-drop
/// mate) loses for the side that dropped.
pub fn no_moves_score(worker: &Worker<'_>, in_check: bool, ply: usize) -> i32 {
    if let Some(score) = immediate_score(worker, ply) {
        return score;
    }
    let variant = &worker.pos.tables.variant;
    if let (true, Some(forbidden), Some(last)) = (
        in_check,
        variant.hand.drop_mate_forbidden,
        worker.played.last(),
    ) {
        if last.drop_type() == Some(forbidden) {
            return mate_in(ply);
        }
    }
    let rules = &variant.rules;
    value_score(
        if in_check {
            rules.checkmate
        } else {
            rules.stalemate
        },
        ply,
    )
}

/// The repetition score of the current position (in check or not), if it repeats an
/// earlier one.
pub fn repetition(worker: &Worker<'_>, ply: usize, checked: bool) -> Option<i32> {
    let rules = &worker.pos.tables.variant.rules;
    if rules.repetition_count == 0 {
        return None;
    }
    let key = worker.pos.hash();
    let past = &worker.past;
    let now = past.len();
    let reversible = worker.pos.repetition_window();
    let lowest = now.saturating_sub(reversible).max(worker.barrier);
    let mut seen = 1;
    let mut i = now;
    while i >= lowest + 2 {
        i -= 2;
        if past.key(i) != key {
            continue;
        }
        if i >= worker.root_keys {
            let value = match rules.perpetual_check {
                Some(v) => perpetual(worker, i, checked, v),
                None => repetition_value(worker),
            };
            return Some(value_score(value, ply));
        }
        seen += 1;
        if seen >= rules.repetition_count {
            return Some(value_score(repetition_value(worker), ply));
        }
    }
    None
}

/// The value, for the side to move, of a cycle from position `from` (in the search path) to
/// now: `checker` if it gave check with every move of the cycle, its opposite if the
/// opponent did, else the plain repetition value.
fn perpetual(worker: &Worker<'_>, from: usize, checked: bool, checker: GameValue) -> GameValue {
    let side = worker.pos.side();
    match worker.past.cycle_checker(from, side, checked) {
        Some(c) if c == side => checker,
        Some(_) => opposite(checker),
        None => repetition_value(worker),
    }
}

/// The variant's value of a plain repetition (a draw may go to material count).
fn repetition_value(worker: &Worker<'_>) -> GameValue {
    match worker.pos.tables.variant.rules.repetition {
        GameValue::Draw => drawn_value(&worker.pos),
        value => value,
    }
}

/// The score of the n-move rule when the side to move is not mated: a draw, or the material
/// count's verdict.
pub fn move_rule_value(worker: &Worker<'_>, ply: usize) -> i32 {
    value_score(drawn_value(&worker.pos), ply)
}

/// Whether the n-move rule has been reached (a draw unless the side to move is mated).
pub fn move_rule_reached(worker: &Worker<'_>) -> bool {
    let rule = worker.pos.tables.variant.rules.move_rule;
    rule > 0 && worker.pos.halfmove() >= rule
}

/// Whether a score is a mate score (or a win or loss by rule scored like one).
pub fn is_mate(score: i32) -> bool {
    score.abs() >= MATE_BOUND
}
