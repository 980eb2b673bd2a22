//! Move text in and out, in CECP coordinate notation: `e2e4`, `e7e8q`, castling as the king's
//! move (`e1g1`, or `O-O`/`O-O-O` in Chess960-style variants and whenever the king stays put),
//! multi-leg moves as legs through their victims (`d4e5,e5f6`), a pass as `@@@@`.
//! Reading accepts those forms and the alternatives GUIs send (king-takes-rook castling,
//! upper-case promotion letters).

use super::moves::{Move, NO_SQUARE};
use super::tables::code;
use crate::position::{Position, RankStyle};

/// The text of a legal move of `pos`.
pub fn move_text(pos: &Position, mv: Move, style: RankStyle) -> String {
    let geo = pos.geo();
    let name = |sq: u16| geo.name(sq, style);
    if mv.is_castle() {
        let chess960 = pos.tables.variant.chess960;
        if chess960 || mv.from == mv.to {
            return if mv.kills[0] > mv.from { "O-O" } else { "O-O-O" }.into();
        }
        return format!("{}{}", name(mv.from), name(mv.to));
    }
    if mv.from == mv.to && mv.kills.iter().all(|&k| k == NO_SQUARE) {
        return "@@@@".into();
    }
    let locust: Vec<u16> = if is_en_passant(pos, mv) {
        Vec::new()
    } else {
        mv.kills.iter().copied().filter(|&k| k != NO_SQUARE).collect()
    };
    let mut text = String::new();
    let mut at = mv.from;
    for k in locust {
        text.push_str(&format!("{}{},", name(at), name(k)));
        at = k;
    }
    text.push_str(&format!("{}{}", name(at), name(mv.to)));
    if let Some(t) = mv.promotion_type() {
        text.push(pos.tables.pieces[t].letter.to_ascii_lowercase());
    }
    text
}

/// Whether the move's only victim is the en-passant victim, taken on the e.p. square.
fn is_en_passant(pos: &Position, mv: Move) -> bool {
    mv.kills[0] != NO_SQUARE
        && mv.kills[1] == NO_SQUARE
        && mv.kills[0] == pos.ep_victim()
        && pos.ep_squares().contains(&mv.to)
        && pos.at(mv.to) == code::EMPTY
}

/// Other texts a GUI may send for the same move.
fn alternatives(pos: &Position, mv: Move, style: RankStyle) -> Vec<String> {
    let geo = pos.geo();
    let mut alts = Vec::new();
    if mv.is_castle() {
        alts.push(format!("{}{}", geo.name(mv.from, style), geo.name(mv.kills[0], style)));
        alts.push(format!("{}{}", geo.name(mv.from, style), geo.name(mv.to, style)));
        let side = if mv.kills[0] > mv.from { "O-O" } else { "O-O-O" };
        alts.push(side.into());
        alts.push(side.replace('O', "0"));
    }
    alts
}

/// Find the legal move `text` names among `legal`.
pub fn parse_move(pos: &Position, legal: &[Move], text: &str, style: RankStyle) -> Option<Move> {
    let wanted = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let lower = wanted.to_ascii_lowercase();
    legal.iter().copied().find(|&mv| {
        let t = move_text(pos, mv, style);
        t == wanted
            || t.to_ascii_lowercase() == lower
            || alternatives(pos, mv, style).iter().any(|a| a == wanted)
    })
}
