//! Chu shogi's Lion-trading rules as a filter of the legal moves (`rules.lion_trading`): a Lion
//! may not capture a protected Lion that is not next to it unless the move also takes a piece
//! worth more than a pawn (a "bridge"), and after a non-Lion has taken a Lion, no non-Lion may
//! take a Lion on the next move (the counterstrike rule).

use arrayvec::ArrayVec;

use super::attack::attacked;
use crate::position::moves::{Move, MoveKind};
use crate::position::{Position, LION_TAKEN};
use crate::types::{Piece, Square};
use crate::variant::LionTrading;

/// Keep the moves of `out` that the Lion-trading rules allow.
pub fn retain_allowed(pos: &mut Position, out: &mut Vec<Move>) {
    let tables = pos.tables.clone();
    let Some(rule) = &tables.variant.rules.lion_trading else {
        return;
    };
    let counterstrike = rule.counterstrike && pos.state() & LION_TAKEN != 0;
    out.retain(|&mv| allowed(pos, rule, counterstrike, mv));
}

fn allowed(pos: &mut Position, rule: &LionTrading, counterstrike: bool, mv: Move) -> bool {
    if mv.kind != MoveKind::Normal {
        return true;
    }
    let us = pos.side();
    let lion = |p: Piece| p.is_piece() && pos.tables.pieces[p.kind()].lion;
    let mut victims: ArrayVec<Square, 3> = ArrayVec::new();
    for sq in mv.kills.into_iter().chain([mv.to]) {
        let p = pos.at(sq);
        let taken = sq != Square::NONE && p.is_piece() && p.colour() != us;
        if taken && sq != mv.from && !victims.contains(&sq) {
            victims.push(sq);
        }
    }
    let lions: ArrayVec<Square, 3> = victims
        .iter()
        .copied()
        .filter(|&sq| lion(pos.at(sq)))
        .collect();
    if lions.is_empty() {
        return true;
    }
    if !lion(pos.at(mv.from)) {
        return !counterstrike;
    }
    let bridge = victims.iter().any(|&sq| {
        let p = pos.at(sq);
        !lion(p) && !rule.worthless.contains(&p.kind())
    });
    if bridge {
        return true;
    }
    let geo = *pos.geo();
    let distant = lions
        .iter()
        .copied()
        .filter(|&sq| geo.king_distance(mv.from, sq) > 1);
    let distant: ArrayVec<Square, 3> = distant.collect();
    if distant.is_empty() {
        return true;
    }
    pos.make(mv);
    let protected = distant.iter().any(|&sq| attacked(pos, sq, !us));
    pos.unmake();
    !protected
}
