//! Move text in and out, in CECP coordinate notation: `e2e4`, `e7e8q`, shogi-style promotion
//! to a piece's promoted form as `+` and a promoted piece's reversion as `-` (kyoto shogi), a
//! sittuyin promotion in place as `g3g3f`, the captor of a `contagious` piece as promoting to
//! its type (`d1d8w`, the bare move read too), castling as the king's move (`e1g1`, or
//! `O-O`/`O-O-O` in Chess960-style variants and whenever the king stays put), multi-leg moves
//! as legs through their victims (`d4e5,e5f6`), a pass as `@@@@`, a wall put instead of a move
//! as `@@@@,a4`, drops as `P@e4` (upper-case
//! letter for both colours; `+P@e4` drops a piece's promoted form), Seirawan gating as a suffix
//! letter (`e1g1h`; gating on the castling partner's square is written from the partner's
//! square, `h1e1h`). Reading accepts those forms and the
//! alternatives GUIs send (king-takes-rook castling, upper-case promotion letters, `=` for a
//! declined promotion).

use crate::position::moves::Move;
use crate::position::{Position, RankStyle};
use crate::types::{Colour, Dress, Piece, Square};

/// How a wall put instead of a move begins: a pass, then the wall's square (`@@@@,a4`), as
/// Fairy-Stockfish writes it for XBoard.
const WALL_PREFIX: &str = "@@@@,";

/// The text of a legal move of `pos`.
pub fn move_text(pos: &Position, mv: Move, style: RankStyle) -> String {
    let geo = pos.geo();
    let name = |sq: Square| geo.name(sq, style);
    if mv.is_wall() {
        return format!("{WALL_PREFIX}{}", name(mv.to));
    }
    if let Some(kind) = mv.drop_type() {
        let pieces = &pos.tables.pieces;
        return match pieces[kind].promoted_of {
            Some(base) if pos.tables.hand.drop_promoted => {
                format!("+{}@{}", pieces[base].id.letter(), name(mv.to))
            }
            _ => format!("{}@{}", pieces[kind].id.letter(), name(mv.to)),
        };
    }
    let gate = mv
        .gate_type()
        .map(|g| pos.tables.pieces[g].id.letter_for(Colour::Black));
    if mv.is_castle() && mv.gate_on_partner {
        let mut text = format!("{}{}", name(mv.kills[0]), name(mv.from));
        text.extend(gate);
        return text;
    }
    if mv.is_castle() {
        let chess960 = pos.tables.variant.chess960;
        let mut text = if chess960 || mv.from == mv.to {
            if mv.kills[0] > mv.from {
                "O-O"
            } else {
                "O-O-O"
            }
            .to_string()
        } else {
            format!("{}{}", name(mv.from), name(mv.to))
        };
        text.extend(gate);
        return text;
    }
    if mv.is_pass() {
        return "@@@@".into();
    }
    let mut text = legs(pos, mv, style);
    if let Some(kind) = pos.contagion(mv, pos.side()) {
        // The captor of a `contagious` piece is written as promoting to its type, as HaChu
        // writes a werewolf's captor (`d1d8w`), whatever promotion the move also makes.
        text.push(pos.tables.pieces[kind].id.letter_for(Colour::Black));
    } else {
        text.extend(promotion_suffix(pos, mv));
    }
    text.extend(gate);
    text
}

/// A piece's move as its legs, from square to square through the victims of a multi-leg
/// capture (`d4e5,e5f6`), without a promotion suffix.
fn legs(pos: &Position, mv: Move, style: RankStyle) -> String {
    let name = |sq: Square| pos.geo().name(sq, style);
    let locust: Vec<Square> = if is_en_passant(pos, mv) {
        Vec::new()
    } else {
        mv.kills.iter().copied().filter(|&k| k.is_some()).collect()
    };
    let mut text = String::new();
    let mut at = mv.from;
    for k in locust {
        text.push_str(&format!("{}{},", name(at), name(k)));
        at = k;
    }
    text.push_str(&format!("{}{}", name(at), name(mv.to)));
    text
}

/// The suffix of a promotion: `+` to the mover's promoted form, `-` back to its first form,
/// else the new type's letter.
fn promotion_suffix(pos: &Position, mv: Move) -> Option<char> {
    let t = mv.promotion_type()?;
    let mover = pos.at(mv.from).kind();
    Some(if pos.tables.pieces[t].promoted_of == Some(mover) {
        '+'
    } else if pos.tables.pieces[mover].promoted_of == Some(t) {
        '-'
    } else {
        pos.tables.pieces[t].id.letter_for(Colour::Black)
    })
}

/// Whether the move's only victim is the en-passant victim, taken on the e.p. square by a
/// piece that captures en passant.
fn is_en_passant(pos: &Position, mv: Move) -> bool {
    mv.kills[0].is_some()
        && mv.kills[1].is_none()
        && mv.kills[0] == pos.ep_victim()
        && pos.ep_squares().contains(&mv.to)
        && pos.at(mv.to) == Piece::EMPTY
        && pos.tables.pieces[pos.at(mv.from).kind()].takes_en_passant
}

/// Other texts a GUI may send for the same move.
fn alternatives(pos: &Position, mv: Move, style: RankStyle) -> Vec<String> {
    let geo = pos.geo();
    let mut alts = Vec::new();
    if let Some(kind) = mv.drop_type() {
        let id = pos.tables.pieces[kind].id;
        let to = geo.name(mv.to, style);
        alts.push(format!("{}@{to}", id.letter_for(Colour::Black)));
        if id.dress() != Dress::Plain {
            alts.push(format!("{id}@{to}"));
            alts.push(format!("{}@{to}", id.text_for(Colour::Black)));
        }
    }
    if let Some(t) = mv.promotion_type().filter(|_| !mv.is_drop()) {
        // `+`/`-` moves also named by the piece they turn into (as XBoard's `choice` gives it).
        let text = move_text(pos, mv, style);
        if let Some(stem) = text.strip_suffix(['+', '-']) {
            let letter = pos.tables.pieces[t].id.letter_for(Colour::Black);
            alts.push(format!("{stem}{letter}"));
        } else if let Some(mark) = pos.tables.pieces[t].id.dress().mark() {
            alts.push(format!("{text}{mark}"));
        }
    }
    if pos.contagion(mv, pos.side()).is_some() {
        // The move as it would be written without the type its victim gives it.
        let mut text = legs(pos, mv, style);
        alts.push(text.clone());
        if let Some(suffix) = promotion_suffix(pos, mv) {
            text.push(suffix);
            alts.push(text);
        }
    }
    let mover = pos.at(mv.from);
    let may_promote = mover.is_piece()
        && pos.tables.pieces[mover.kind()]
            .promotion
            .as_ref()
            .is_some_and(|p| !p.mandatory);
    if mv.promotion.is_none() && !mv.is_drop() && may_promote {
        alts.push(format!("{}=", move_text(pos, mv, style)));
    }
    if mv.is_castle() {
        alts.push(format!(
            "{}{}",
            geo.name(mv.from, style),
            geo.name(mv.kills[0], style)
        ));
        alts.push(format!(
            "{}{}",
            geo.name(mv.from, style),
            geo.name(mv.to, style)
        ));
        let side = if mv.kills[0] > mv.from {
            "O-O"
        } else {
            "O-O-O"
        };
        alts.push(side.into());
        alts.push(side.replace('O', "0"));
    }
    alts
}

/// The squares a move stops on, in order: its victims of a multi-leg capture, then its
/// destination (one entry for a plain move, en passant and castling included).
pub fn stops(pos: &Position, mv: Move) -> Vec<Square> {
    if mv.is_castle() {
        return vec![mv.to];
    }
    let legs = move_text(pos, mv, RankStyle::FromOne).matches(',').count();
    let mut out: Vec<Square> = mv
        .kills
        .iter()
        .copied()
        .filter(|&k| k.is_some())
        .take(legs)
        .collect();
    out.push(mv.to);
    out
}

/// Whether `mv` takes something: an enemy piece on its destination or a victim on the way
/// (castling never does).
pub fn is_capture(pos: &Position, mv: Move) -> bool {
    let target = pos.at(mv.to);
    !mv.is_castle()
        && ((mv.to != mv.from && target.is_piece() && target.colour() != pos.side())
            || mv.kills.iter().any(|&k| k.is_some()))
}

/// Every text that names `mv`: its own (`move_text`) first, then the alternatives a GUI or
/// another engine may write for it (king-takes-rook castling, `O-O`, a drop's lower-case
/// letter, a promotion by the letter it becomes, `=` for a declined one).
pub fn move_texts(pos: &Position, mv: Move, style: RankStyle) -> Vec<String> {
    let mut texts = vec![move_text(pos, mv, style)];
    texts.extend(alternatives(pos, mv, style));
    texts
}

/// Find the legal move `text` names among `legal`.
pub fn parse_move(pos: &Position, legal: &[Move], text: &str, style: RankStyle) -> Option<Move> {
    let text = text.trim();
    let find = |wanted: &str| {
        legal.iter().copied().find(|&mv| {
            let t = move_text(pos, mv, style);
            t == wanted
                || (!mv.is_drop() && t.eq_ignore_ascii_case(wanted))
                || alternatives(pos, mv, style).iter().any(|a| a == wanted)
        })
    };
    find(text).or_else(|| find(text.trim_end_matches(['+', '#', '!', '?'])))
}
