//! Move text of two engines made comparable: each text is reduced to a canonical key (its
//! squares in order, a drop's piece and square, the promotion suffix; case, `-`, `x`, `=`,
//! commas and piece prefixes dropped), and each of Alfil's moves answers to the keys of all the
//! texts it may be written as (king-takes-rook castling, `O-O`, a multi-leg move by its first
//! and last square, a pass as the move of a piece to its own square).

use std::collections::HashMap;

use crate::movegen::notation::move_texts;
use crate::movegen::Move;
use crate::position::{Position, RankStyle};

/// The canonical key of a move text: `e2-e4` and `e2e4` give `e2e4`, `Nb1xa3` gives `b1a3`,
/// `e7-e8=Q` gives `e7e8q`, `p@E4` gives `p@e4`, `0-0` gives `o-o`; a shogi `+` and a
/// reversion `-` after the last square stay.
pub fn canonical(text: &str) -> String {
    let text = text
        .trim()
        .trim_end_matches(['#', '!', '?'])
        .to_ascii_lowercase();
    let castle = text.replace('0', "o");
    if castle.starts_with("o-o") {
        return castle;
    }
    if let Some(at) = text.find('@') {
        let (piece, square) = (&text[..at], &text[at + 1..]);
        return format!("{piece}@{}", squares(square).0.concat());
    }
    let (found, rest) = squares(&text);
    let suffix: String = rest.chars().filter(|&c| c != '=').collect();
    found.concat() + &suffix
}

/// The squares named in `text` (a letter followed by digits), and the text after the last.
fn squares(text: &str) -> (Vec<&str>, &str) {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut end = 0;
    let mut i = 0;
    while i < bytes.len() {
        let digits = bytes[i + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if bytes[i].is_ascii_lowercase() && digits > 0 {
            found.push(&text[i..i + 1 + digits]);
            i += 1 + digits;
            end = i;
        } else {
            i += 1;
        }
    }
    (found, &text[end..])
}

/// The keys of one move text: its canonical key, and for a move through several squares
/// (`d4e5,e5f6`) also the key of its first and last square.
fn keys(text: &str) -> Vec<String> {
    let key = canonical(text);
    let mut all = vec![key.clone()];
    if !key.contains('@') {
        let (found, rest) = squares(&key);
        if found.len() > 2 {
            all.push(format!("{}{}{rest}", found[0], found[found.len() - 1]));
        }
    }
    all
}

/// Alfil's legal moves of a position by every key they answer to: each move's own text first,
/// so an alternative never takes a key another move's own text has.
pub struct MoveKeys {
    by_key: HashMap<String, usize>,
}

impl MoveKeys {
    pub fn new(pos: &Position, moves: &[Move], style: RankStyle) -> MoveKeys {
        let geo = pos.geo();
        let texts: Vec<Vec<String>> = moves
            .iter()
            .map(|&mv| {
                let mut all = move_texts(pos, mv, style);
                // A pass, as UCI writes it (`protocol::uci::moves`): its square twice.
                if all[0] == "@@@@" {
                    all.push(format!(
                        "{}{}",
                        geo.name(mv.from, style),
                        geo.name(mv.to, style)
                    ));
                }
                all
            })
            .collect();
        let mut by_key = HashMap::new();
        for (i, own) in texts.iter().enumerate() {
            for key in keys(&own[0]) {
                by_key.entry(key).or_insert(i);
            }
        }
        for (i, all) in texts.iter().enumerate() {
            for key in all[1..].iter().flat_map(|t| keys(t)) {
                by_key.entry(key).or_insert(i);
            }
        }
        MoveKeys { by_key }
    }

    /// The index of the move a reference engine's text names.
    pub fn find(&self, text: &str) -> Option<usize> {
        self.by_key.get(&canonical(text)).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinate_and_long_algebraic_texts_meet() {
        assert_eq!(canonical("e2e4"), "e2e4");
        assert_eq!(canonical("e2-e4"), "e2e4");
        assert_eq!(canonical("  Nb1-a3 "), "b1a3");
        assert_eq!(canonical("Cb2xb9"), "b2b9");
        assert_eq!(canonical("e7-e8=Q"), "e7e8q");
        assert_eq!(canonical("e7e8q"), "e7e8q");
        assert_eq!(canonical("a10a9"), "a10a9");
        assert_eq!(canonical("h2b8+"), "h2b8+");
        assert_eq!(canonical("c3c4-"), "c3c4-");
        assert_eq!(canonical("N@b1"), "n@b1");
        assert_eq!(canonical("+P@e5"), "+p@e5");
        assert_eq!(canonical("0-0-0"), "o-o-o");
        assert_eq!(canonical("O-O"), "o-o");
        assert_eq!(canonical("h1e1h"), "h1e1h");
        assert_eq!(canonical("e7e8=q#"), "e7e8q");
    }

    #[test]
    fn a_multi_leg_move_also_answers_to_its_ends() {
        assert_eq!(keys("d4e5,e5f6"), ["d4e5e5f6", "d4f6"]);
        assert_eq!(keys("d4e5"), ["d4e5"]);
        assert_eq!(keys("P@e4"), ["p@e4"]);
    }
}
