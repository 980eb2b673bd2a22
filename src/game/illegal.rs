//! Why a move text names no legal move: the explanation the browser board and UCI give for a
//! refused move, and the checks CECP's `Illegal move (it leaves the king attacked)` and the
//! refusals of range jumping and burning share with it (a move the piece has that would leave
//! a royal piece attacked; a range jumper's jump over a piece of its rank or higher; a
//! burner's move naming its own side's piece).

use crate::movegen::attack::in_check;
use crate::movegen::jumps;
use crate::movegen::notation::parse_move;
use crate::movegen::pseudo;
use crate::position::{Position, RankStyle};
use crate::types::{Piece, PieceId, Square};

/// A move the rules of range jumping or burning refuse.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A range jumper's capture past a piece of its rank or higher, or of such a piece after
    /// a jump.
    JumpsHigherRank,
    /// A burner's move naming a square of its own side's piece (burns spare them).
    BurnsOwnPiece,
}

impl Refusal {
    pub fn reason(self) -> &'static str {
        match self {
            Refusal::JumpsHigherRank => "it cannot jump a piece of its rank or higher",
            Refusal::BurnsOwnPiece => "a burner burns only enemy pieces",
        }
    }
}

/// The squares a move text names, in order (`h8h12`, `h8h9,h9g10`).
fn named_squares(pos: &Position, text: &str, style: RankStyle) -> Vec<Square> {
    let geo = pos.geo();
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some((sq, used)) = geo.parse_square(rest, style) {
            out.push(sq);
            rest = &rest[used..];
        } else {
            rest = &rest[rest.chars().next().map_or(1, char::len_utf8)..];
        }
    }
    out
}

/// Why the rules of range jumping or burning refuse the move `text` names, if they do: a
/// piece of the side to move that burns, sent onto or naming a square of its own side's
/// piece, or a range jumper sent along one of its lines past a piece of its rank or higher
/// (or onto one, past another piece).
pub fn rank_or_burn_refusal(pos: &Position, text: &str, style: RankStyle) -> Option<Refusal> {
    let squares = named_squares(pos, text, style);
    let (&from, rest) = squares.split_first()?;
    let piece = pos.at(from);
    if !piece.is_of(pos.side()) {
        return None;
    }
    let info = &pos.tables.pieces[piece.kind()];
    if info.burns
        && rest
            .iter()
            .any(|&sq| sq != from && pos.at(sq).is_of(pos.side()))
    {
        return Some(Refusal::BurnsOwnPiece);
    }
    let &[to] = rest else {
        return None;
    };
    if !info.range_jump {
        return None;
    }
    let geo = pos.geo();
    let ((fx, fy), (tx, ty)) = (geo.coords(from), geo.coords(to));
    let (dx, dy) = (i16::from(tx) - i16::from(fx), i16::from(ty) - i16::from(fy));
    if (dx, dy) == (0, 0) || (dx != 0 && dy != 0 && dx.abs() != dy.abs()) {
        return None;
    }
    let off = geo.offset(dx.signum() as i8, dy.signum() as i8);
    if !jumps::lines(&info.moves[piece.colour()]).any(|o| o == off) {
        return None;
    }
    let ranks_lower = |p: Piece| pos.tables.pieces[p.kind()].rank < info.rank;
    let mut jumped = false;
    let mut sq = from.offset(off);
    while sq != to {
        let p = pos.at(sq);
        if p.is_piece() {
            if !ranks_lower(p) {
                return Some(Refusal::JumpsHigherRank);
            }
            jumped = true;
        }
        sq = sq.offset(off);
    }
    let target = pos.at(to);
    (jumped && target.is_piece() && !ranks_lower(target)).then_some(Refusal::JumpsHigherRank)
}

/// Whether `text` names a move the pieces have (ignoring royal safety) that leaves a royal
/// piece of the side to move attacked.
pub fn leaves_royal_attacked(pos: &Position, text: &str, style: RankStyle) -> bool {
    let mut pseudo_legal = Vec::new();
    pseudo::generate(pos, &mut pseudo_legal);
    let Some(mv) = parse_move(pos, &pseudo_legal, text, style) else {
        return false;
    };
    let us = pos.side();
    if pos.royals(us).contains(&mv.from) && pos.burnt_on_arrival(mv) {
        return true;
    }
    let mut after = pos.clone();
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
    if let Some(refusal) = rank_or_burn_refusal(pos, t, style) {
        return refusal.reason().into();
    }
    if leaves_royal_attacked(pos, t, style) {
        return "it leaves the king attacked".into();
    }
    "the piece cannot move like that here".into()
}
