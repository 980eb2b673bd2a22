//! PGN movetext as `alfil match` and `alfil serve` write it: the moves in Standard Algebraic
//! Notation (or, in a game with a move SAN cannot name clearly, all in the coordinate form,
//! which a `Notation` tag then says), numbered from the start position's move number and side
//! to move, then the closing words, in lines of at most 79 characters.

use crate::movegen::san::san;
use crate::movegen::{legal_moves, make_move, Move};
use crate::position::Position;

/// How a game's moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    San,
    Coordinate,
}

impl Notation {
    /// The tag that says so, where readers would otherwise expect SAN.
    pub fn tag(self) -> Option<(&'static str, &'static str)> {
        match self {
            Notation::San => None,
            Notation::Coordinate => Some(("Notation", "coordinate")),
        }
    }
}

/// The moves of a game from `start` as PGN writes them: in SAN when SAN names every one
/// clearly, else the `coordinate` texts.
pub fn pgn_moves(
    start: &Position,
    moves: &[Move],
    coordinate: &[String],
) -> (Vec<String>, Notation) {
    let mut pos = start.clone();
    let mut legal = Vec::new();
    let mut out = Vec::with_capacity(moves.len());
    for &mv in moves {
        legal_moves(&mut pos, &mut legal);
        match san(&mut pos, &legal, mv).filter(|_| legal.contains(&mv)) {
            Some(text) => out.push(text),
            None => return (coordinate.to_vec(), Notation::Coordinate),
        }
        make_move(&mut pos, mv);
    }
    (out, Notation::San)
}

/// The number of the move at `index` of a game from the position `fen` (the variant's start
/// where `None`), and whether it is Black's.
pub fn move_number(fen: Option<&str>, index: usize) -> (usize, bool) {
    let fields: Vec<&str> = fen
        .map(|f| f.split_whitespace().collect())
        .unwrap_or_default();
    let black_first = fields.get(1) == Some(&"b");
    let first_number: usize = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    let ply = index + usize::from(black_first);
    (first_number + ply / 2, ply % 2 == 1)
}

/// The number of the move at `index` as a message names it: `3` for White's, `3...` for
/// Black's.
pub fn move_label(fen: Option<&str>, index: usize) -> String {
    let (number, black) = move_number(fen, index);
    format!("{number}{}", if black { "..." } else { "" })
}

/// The numbered `moves` from the position `fen` (the variant's start where `None`), then
/// `closing` (a comment, the result), wrapped at 79 characters; each line ends in a newline.
pub fn movetext(fen: Option<&str>, moves: &[String], closing: &[String]) -> String {
    let mut words = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let (number, black) = move_number(fen, i);
        if !black {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(m.clone());
    }
    words.extend(closing.iter().cloned());
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + w.len() + 1 > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}
