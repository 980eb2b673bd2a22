//! Moves between the engine and the GUI. Text comes from and goes to `movegen::notation` (CECP
//! coordinate notation with XBoard's rank numbering: drops, passes, promotion suffixes, castling
//! as the king's move); this module adds what the protocol needs around it: splitting a
//! multi-leg move into the `move` commands XBoard 4.9.1 reads, and reading the extra forms GUIs send (a
//! declined promotion as `=` or the piece's own letter, castling as king leg plus rook leg), and
//! XBoard's own piece letters for the built-in variants where they are not the file's, and a
//! contagious capture as the promotion XBoard knows it by (`d6f4+`).

use crate::game::{leaves_royal_attacked, rank_or_burn_refusal, Game, Refusal};
use crate::movegen::notation::{move_text, parse_move};
use crate::movegen::Move;
use crate::position::{Position, RankStyle};
use crate::protocol::xboard::Dialect;
use crate::types::Colour;

/// XBoard's square names: ranks 0..9 on 10-rank boards.
pub const STYLE: RankStyle = RankStyle::XBoard;

/// Whether a word looks like a move rather than a command (so that bare moves work).
pub fn looks_like_move(word: &str) -> bool {
    let b = word.as_bytes();
    word.starts_with("@@@@")
        || word.starts_with("O-O")
        || word.starts_with("0-0")
        || (b.len() >= 3 && b.get(1) == Some(&b'@'))
        || (b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit())
}

/// Why a text names no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// The text is not a move in any notation the engine reads.
    NotAMove,
    /// The game is over: no move is legal.
    NoLegalMoves,
    /// A move in form, but not one of the legal moves: an illegal move by whoever sent it.
    NoSuchMove,
    /// A move the piece has, but it leaves a royal piece of the mover attacked.
    LeavesRoyalAttacked,
    /// A move the rules of range jumping or burning refuse (tenjiku's generals and fire
    /// demon).
    Refused(Refusal),
}

impl Rejection {
    /// The reason as `Illegal move (REASON): …` gives it.
    pub fn reason(self) -> &'static str {
        match self {
            Rejection::NotAMove => "not a move",
            Rejection::NoLegalMoves => "no legal moves",
            Rejection::NoSuchMove => "no such move",
            Rejection::LeavesRoyalAttacked => "it leaves the king attacked",
            Rejection::Refused(refusal) => refusal.reason(),
        }
    }
}

/// The legal move `text` names, or why there is none.
pub fn parse(game: &mut Game, text: &str) -> Result<Move, Rejection> {
    if text.is_empty() || text.len() > 40 || !text.is_ascii() {
        return Err(Rejection::NotAMove);
    }
    let legal = game.legal_moves();
    if legal.is_empty() {
        return Err(Rejection::NoLegalMoves);
    }
    let text = &Dialect::of(&game.tables().variant).move_in(text);
    let pos = &game.pos;
    if let Some(mv) = parse_move(pos, &legal, text, STYLE) {
        return Ok(mv);
    }
    for alternative in alternatives(pos, text) {
        if let Some(mv) = parse_move(pos, &legal, &alternative, STYLE) {
            let fits = if text.contains(',') {
                mv.is_castle()
            } else {
                mv.promotion.is_none()
            };
            if fits {
                return Ok(mv);
            }
        }
    }
    if let Some(mv) = only_promotion(pos, &legal, text) {
        return Ok(mv);
    }
    if let Some(mv) = contagion_promotion(pos, &legal, text) {
        return Ok(mv);
    }
    if !looks_like_move(text) {
        return Err(Rejection::NotAMove);
    }
    if let Some(refusal) = rank_or_burn_refusal(pos, text, STYLE) {
        return Err(Rejection::Refused(refusal));
    }
    if leaves_royal_attacked(pos, text, STYLE) {
        return Err(Rejection::LeavesRoyalAttacked);
    }
    Err(Rejection::NoSuchMove)
}

/// The promotion a bare `FROMTO` names when it is the only move between the two squares (XBoard
/// sends a forced promotion without a suffix: it is highlighted as a plain move).
fn only_promotion(pos: &Position, legal: &[Move], text: &str) -> Option<Move> {
    let geo = pos.geo();
    let (from, used) = geo.parse_square(text, STYLE)?;
    let (to, rest) = geo.parse_square(&text[used..], STYLE)?;
    if used + rest != text.len() {
        return None;
    }
    let mut between = legal
        .iter()
        .filter(|m| m.from == from && m.to == to && !m.is_drop() && !m.is_castle());
    match (between.next(), between.next()) {
        (Some(&only), None) if only.promotion.is_some() && only.kills_nothing() => Some(only),
        _ => None,
    }
}

/// A contagious capture as XBoard writes it when its captor has a `+` partner that moves as
/// the contagious type: a shogi-style promotion, `d6f4+`
/// ([`crate::protocol::xboard_contagion`]).
fn contagion_promotion(pos: &Position, legal: &[Move], text: &str) -> Option<Move> {
    let stem = text.strip_suffix('+')?;
    parse_move(pos, legal, stem, STYLE)
        .filter(|&mv| mv.promotion.is_none() && pos.contagion(mv, pos.side()).is_some())
}

/// Other spellings of a move that GUIs use: `e7e8=`/`e7e8p` for a declined promotion, and
/// `e1g1,h1f1` (king leg, rook leg) for castling.
fn alternatives(pos: &Position, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(stem) = text.strip_suffix('=') {
        out.push(stem.to_string());
    }
    if let Some((first, _)) = text.split_once(',') {
        out.push(first.to_string());
    }
    let geo = pos.geo();
    if let Some((from, used)) = geo.parse_square(text, STYLE) {
        let piece = pos.at(from);
        if piece.is_piece() {
            let letter = pos.tables.pieces[piece.kind()].id.letter_for(Colour::Black);
            let rest = &text[used..];
            if let Some(stem) = rest.strip_suffix(letter) {
                out.push(format!("{}{}", &text[..used], stem));
            }
        }
    }
    out
}

/// The move's text for the GUI, in the letters XBoard uses for the variant.
pub fn text(game: &Game, mv: Move) -> String {
    text_in(&Dialect::of(&game.tables().variant), game, mv)
}

fn text_in(dialect: &Dialect, game: &Game, mv: Move) -> String {
    let text = move_text(&game.pos, mv, STYLE);
    dialect.move_out(&contagion_as_promotion(dialect, &game.pos, mv, text))
}

/// A contagious capture whose captor XBoard knows a `+` partner for, written as the promotion
/// to it (`d6f4+` for `d6f4w`). A capture that is also a promotion (a pawn taking on the last
/// rank) keeps the contagious type's letter, which XBoard takes as the promotion's piece.
fn contagion_as_promotion(dialect: &Dialect, pos: &Position, mv: Move, text: String) -> String {
    let Some(kind) = pos.contagion(mv, pos.side()) else {
        return text;
    };
    let captor = pos.tables.pieces[pos.at(mv.from).kind()].id.letter();
    if mv.promotion.is_some() || !dialect.contagion_as_promotion(captor) {
        return text;
    }
    let letter = pos.tables.pieces[kind].id.letter_for(Colour::Black);
    match text.strip_suffix(letter) {
        Some(stem) => format!("{stem}+"),
        None => text,
    }
}

/// The move as the GUI expects it in `move` commands. A move of two legs is one text a leg, the
/// first ending in a comma (`e5f5,` then `f5f6`), as XBoard 4.9.1 reads a lion's double step.
/// A move of three legs is one text in XBoard's own multi-leg notation, `f11g11xh11-i11` (from,
/// first victim, second victim, destination): XBoard 4.9.1 joins three comma legs wrongly (it
/// takes the first leg's square for the destination and forfeits the move as invalid), while its
/// parser reads this form, the one it writes such moves in.
pub fn legs(game: &Game, mv: Move) -> Vec<String> {
    let text = text(game, mv);
    if mv.is_wall() {
        return vec![text];
    }
    let parts: Vec<&str> = text.split(',').collect();
    if let [first, second, last] = parts[..] {
        let destination = game.pos.at(mv.to);
        let takes_there = destination.is_piece() && destination.colour() != game.pos.side();
        let separator = if takes_there { 'x' } else { '-' };
        let (_, second_victim) = split_leg(second);
        let (_, rest) = split_leg(last);
        return vec![format!("{first}x{second_victim}{separator}{rest}")];
    }
    let last = parts.len() - 1;
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            if i < last {
                format!("{p},")
            } else {
                p.to_string()
            }
        })
        .collect()
}

/// A leg's text split after its first square (`h11i11+` into `h11` and `i11+`).
fn split_leg(leg: &str) -> (&str, &str) {
    let file_end = leg
        .find(|c: char| !c.is_ascii_lowercase())
        .unwrap_or(leg.len());
    let rank_end = leg[file_end..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(leg.len(), |i| file_end + i);
    leg.split_at(rank_end)
}

/// A principal variation in move text, stopping at the first move that is not legal.
pub fn pv_text(game: &Game, pv: &[Move]) -> String {
    let dialect = Dialect::of(&game.tables().variant);
    let mut g = game.clone();
    let mut words = Vec::new();
    for &mv in pv {
        if !g.legal_moves().contains(&mv) {
            break;
        }
        words.push(text_in(&dialect, &g, mv));
        g.play(mv);
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::test_games::game;

    /// Macadamia's lion dog before two black pawns and a gold (or an empty square) on its file.
    fn lion_dog_game(eighth_rank: &str) -> Game {
        game(
            "macadamia-shogi",
            Some(&format!(
                "12k/13/13/13/13/{eighth_rank}/5p7/5p7/5W!7/13/13/13/K12 w - - 0 1"
            )),
        )
    }

    fn legal_move(g: &mut Game, written: &str) -> Move {
        let legal = g.legal_moves();
        legal
            .iter()
            .copied()
            .find(|&m| text(g, m) == written)
            .unwrap_or_else(|| panic!("no legal {written}"))
    }

    /// XBoard 4.9.1 forfeited macadamia's `move f11g11,` `move g11h11,` `move h11i11` as an
    /// invalid move; its parser reads the form it writes a three-leg move in itself (parser.c:
    /// from, first victim, `x` second victim, `-` or `x` destination).
    #[test]
    fn a_move_of_three_legs_is_sent_in_one_line_of_xboards_notation() {
        let mut g = lion_dog_game("5g7");
        let mv = legal_move(&mut g, "f5f6,f6f7,f7f8");
        assert_eq!(legs(&g, mv), vec!["f5f6xf7xf8"]);
        assert_eq!(parse(&mut g, "f5f6,f6f7,f7f8"), Ok(mv));
        let mut g = lion_dog_game("13");
        let mv = legal_move(&mut g, "f5f6,f6f7,f7f8");
        assert_eq!(legs(&g, mv), vec!["f5f6xf7-f8"]);
    }

    #[test]
    fn a_move_of_two_legs_is_sent_a_leg_a_line() {
        let mut g = lion_dog_game("5g7");
        let mv = legal_move(&mut g, "f5f6,f6f7");
        assert_eq!(legs(&g, mv), vec!["f5f6,", "f6f7"]);
    }

    #[test]
    fn a_leg_splits_after_its_first_square() {
        assert_eq!(split_leg("h11i11+"), ("h11", "i11+"));
        assert_eq!(split_leg("a0b0"), ("a0", "b0"));
    }
}
