//! Why a move text names no legal move: the explanation the browser board and UCI give for a
//! refused move, and the check CECP's `Illegal move (it leaves the king attacked)` shares with
//! it (a move the piece has that would leave a royal piece attacked).

use crate::movegen::attack::in_check;
use crate::movegen::notation::parse_move;
use crate::movegen::pseudo;
use crate::position::{Position, RankStyle};
use crate::types::{Piece, PieceId};

/// Whether `text` names a move the pieces have (ignoring royal safety) that leaves a royal
/// piece of the side to move attacked.
pub fn leaves_royal_attacked(pos: &Position, text: &str, style: RankStyle) -> bool {
    let mut pseudo_legal = Vec::new();
    pseudo::generate(pos, &mut pseudo_legal);
    let Some(mv) = parse_move(pos, &pseudo_legal, text, style) else {
        return false;
    };
    let mut after = pos.clone();
    let us = after.side();
    after.make(mv);
    in_check(&after, us)
}

/// Why `text` is not a legal move in `pos`.
pub(super) fn explain_illegal(pos: &Position, text: &str, style: RankStyle) -> String {
    let geo = pos.geo();
    let t = text.trim();
    if t.is_empty() {
        return "empty move".into();
    }
    if let Some((piece, square)) = t.split_once('@') {
        let Some(kind) = PieceId::read(piece)
            .filter(|read| read.chars == piece.chars().count())
            .and_then(|read| pos.tables.variant.piece_of(read.id))
        else {
            return format!("'{piece}' is not a piece of {}", pos.tables.variant.name);
        };
        let Some((sq, _)) = geo.parse_square(square, style) else {
            return format!("'{square}' is not a square");
        };
        if !pos.tables.hand.drops {
            return "this variant has no drops".into();
        }
        if pos.in_hand(pos.side(), kind) == 0 {
            return format!("no {} in hand", pos.tables.variant.pieces[kind].name);
        }
        if pos.at(sq) != Piece::EMPTY {
            return format!("{square} is occupied");
        }
        return "the piece may not be dropped there".into();
    }
    let Some((from, used)) = geo.parse_square(t, style) else {
        return "not a move in coordinate notation".into();
    };
    if geo.parse_square(&t[used..], style).is_none() {
        return "not a move in coordinate notation".into();
    }
    let p = pos.at(from);
    if !p.is_piece() {
        return format!("no piece on {}", geo.name(from, style));
    }
    if p.colour() != pos.side() {
        return "that piece belongs to the other side".into();
    }
    if leaves_royal_attacked(pos, t, style) {
        return "it leaves the king attacked".into();
    }
    "the piece cannot move like that here".into()
}
