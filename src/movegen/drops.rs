//! Drops: pieces from the hand onto empty squares of their drop zones, with the per-file limit
//! (nifu), the rule against pieces that could never move again, drops of a piece's promoted
//! form (kyoto and micro shogi), and the square-colour rule that keeps room for colour-bound
//! pieces still in hand (placement's bishops).

use super::Sink;
use crate::position::moves::Move;
use crate::position::Position;
use crate::types::{Piece, Square};

/// What the side to move must do with its hand before it may move a piece (`must_drop`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Obligation {
    /// Board moves and any drop.
    Free,
    /// Only drops, of any piece in hand.
    AnyDrop,
    /// Only drops of this piece type (`must_drop_piece`).
    Drop(usize),
}

/// The side to move's obligation: while it holds pieces in hand (or the `must_drop_piece`),
/// it may only drop (them).
pub fn obligation(pos: &Position) -> Obligation {
    let hand = &pos.tables.hand;
    if !hand.must_drop {
        return Obligation::Free;
    }
    let us = pos.side();
    match hand.must_drop_piece {
        Some(kind) if pos.in_hand(us, kind) > 0 => Obligation::Drop(kind),
        Some(_) => Obligation::Free,
        None if pos.hand_is_empty(us) => Obligation::Free,
        None => Obligation::AnyDrop,
    }
}

/// Drops of the side to move, of the one type its obligation names if it does. Returns false if
/// the sink asked to stop.
pub fn drops<S: Sink>(pos: &Position, obligation: Obligation, sink: &mut S) -> bool {
    let tables = &pos.tables;
    let us = pos.side();
    for kind in 0..tables.pieces.len() {
        if pos.in_hand(us, kind) == 0 {
            continue;
        }
        if matches!(obligation, Obligation::Drop(only) if only != kind) {
            continue;
        }
        if !drops_as(pos, kind, sink) {
            return false;
        }
        if tables.hand.drop_promoted {
            for form in 0..tables.pieces.len() {
                if tables.pieces[form].promoted_of == Some(kind) && !drops_as(pos, form, sink) {
                    return false;
                }
            }
        }
    }
    true
}

/// Drops of a piece that enters the board as type `form`.
fn drops_as<S: Sink>(pos: &Position, form: usize, sink: &mut S) -> bool {
    let tables = &pos.tables;
    let us = pos.side();
    let info = &tables.pieces[form];
    let own = Piece::new(form, us);
    let colour_bound = tables.colour_bound_drops;
    for &sq in &tables.board_squares {
        if pos.at(sq) != Piece::EMPTY || !info.drop_zone[us].has(sq) {
            continue;
        }
        if tables.hand.immobility_illegal && info.dead[us].has(sq) {
            continue;
        }
        if info.drop_file_limit > 0 {
            let (file, _) = pos.geo().coords(sq);
            let on_file = (0..pos.geo().ranks)
                .filter(|&r| pos.at(pos.geo().square(file, r)) == own)
                .count();
            if on_file >= usize::from(info.drop_file_limit) {
                continue;
            }
        }
        if colour_bound && !leaves_colour_room(pos, form, sq) {
            continue;
        }
        if !sink.push(Move::drop(form, sq)) {
            return false;
        }
    }
    true
}

/// Square colour: 0 for a1's, 1 for the other.
fn shade(pos: &Position, sq: Square) -> usize {
    let (file, rank) = pos.geo().coords(sq);
    (usize::from(file) + usize::from(rank)) & 1
}

/// Whether dropping `form` on `sq` keeps the side's colour-bound pieces on different colours:
/// a colour-bound piece may not join one of its kind on the same colour, and after any drop
/// each colour the pieces still in hand need must keep a free square in their drop zone.
fn leaves_colour_room(pos: &Position, form: usize, sq: Square) -> bool {
    let tables = &pos.tables;
    let us = pos.side();
    for (kind, info) in tables.pieces.iter().enumerate() {
        if !info.drop_opposite_colours {
            continue;
        }
        let mut left = pos.in_hand(us, kind) as usize;
        let mut used = [false; 2];
        for &s in pos.pieces(us) {
            if pos.at(s).kind() == kind {
                used[shade(pos, s)] = true;
            }
        }
        if form == kind {
            if used[shade(pos, sq)] {
                return false;
            }
            used[shade(pos, sq)] = true;
            left -= 1;
        }
        if left == 0 {
            continue;
        }
        let mut free = [0usize; 2];
        for &s in &tables.board_squares {
            if s != sq && pos.at(s) == Piece::EMPTY && info.drop_zone[us].has(s) {
                free[shade(pos, s)] += 1;
            }
        }
        let needed = [0, 1].map(|c| !used[c]);
        let count = needed.iter().filter(|&&n| n).count();
        let room = if left >= count {
            (0..2).all(|c| !needed[c] || free[c] > 0)
        } else {
            (0..2).any(|c| needed[c] && free[c] > 0)
        };
        if !room {
            return false;
        }
    }
    true
}
