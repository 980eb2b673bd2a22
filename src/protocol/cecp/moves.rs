//! Moves between the engine and the GUI. Text comes from and goes to `movegen::notation` (CECP
//! coordinate notation with XBoard's rank numbering: drops, passes, promotion suffixes, castling
//! as the king's move); this module adds what the protocol needs around it: splitting a
//! multi-leg move into one `move` command a leg, and reading the extra forms GUIs send (a
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

/// The move as the GUI expects it: one text a leg, non-final legs ending in a comma.
pub fn legs(game: &Game, mv: Move) -> Vec<String> {
    let text = text(game, mv);
    if mv.is_wall() {
        return vec![text];
    }
    let parts: Vec<&str> = text.split(',').collect();
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
