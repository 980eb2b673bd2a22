//! Moves in UCI text, as Fairy-Stockfish writes them: `movegen::notation` with ranks counted
//! from 1 (`a10` on 10-rank boards), except that castling is the king's move (`e1g1`) — or
//! king-takes-rook (`e1h1`) in Chess960 mode, when the king stays put, and when the king's move
//! would read like an ordinary king move — a pass is the king's square twice (`e2e2`), and a
//! wall put instead of a move is `0000,a4`.
//! Drops (`P@e4`), promotions (`e7e8q`, shogi's `+`), gating suffixes (`b1c3h`) and multi-leg
//! moves (`d4e5,e5f6`) are as in the notation module. Reading also takes every form that module
//! accepts (`O-O`, `@@@@`, `e7e8=`, upper-case promotion letters).

use crate::game::Game;
use crate::movegen::notation::{move_text, parse_move};
use crate::movegen::Move;
use crate::position::{Position, RankStyle};
use crate::types::{Colour, Square};

/// UCI's square names: ranks from 1.
const STYLE: RankStyle = RankStyle::FromOne;

/// The notation module's text for a pass.
const PASS: &str = "@@@@";

/// The text of `mv`, one of the `legal` moves of `pos`; `chess960` selects king-takes-rook
/// castling.
pub fn text(pos: &Position, legal: &[Move], mv: Move, chess960: bool) -> String {
    let geo = pos.geo();
    let name = |sq: Square| geo.name(sq, STYLE);
    if mv.is_castle() && !mv.gate_on_partner {
        let like_king_move = legal
            .iter()
            .any(|&m| m != mv && m.from == mv.from && m.to == mv.to && m.gate == mv.gate);
        let to = if chess960 || mv.from == mv.to || like_king_move {
            mv.kills[0]
        } else {
            mv.to
        };
        let mut out = format!("{}{}", name(mv.from), name(to));
        out.extend(
            mv.gate_type()
                .map(|g| pos.tables.pieces[g].id.letter_for(Colour::Black)),
        );
        return out;
    }
    let out = move_text(pos, mv, STYLE);
    if out == PASS {
        format!("{}{}", name(mv.from), name(mv.to))
    } else if mv.is_wall() {
        format!("0000,{}", name(mv.to))
    } else {
        out
    }
}

/// The legal move of `game` that `word` names, if any.
pub fn parse(game: &mut Game, word: &str, chess960: bool) -> Option<Move> {
    if word.is_empty() || word.len() > 40 || !word.is_ascii() {
        return None;
    }
    let legal = game.legal_moves();
    let pos = &game.pos;
    legal
        .iter()
        .copied()
        .find(|&mv| {
            let t = text(pos, &legal, mv, chess960);
            t == word || (!mv.is_drop() && t.eq_ignore_ascii_case(word))
        })
        .or_else(|| parse_move(pos, &legal, word, STYLE))
}

/// The texts of a line of moves from `game`, stopping at the first one that is not legal.
pub fn line(game: &Game, moves: &[Move], chess960: bool) -> Vec<String> {
    let mut g = game.clone();
    let mut words = Vec::new();
    for &mv in moves {
        let legal = g.legal_moves();
        if !legal.contains(&mv) {
            break;
        }
        words.push(text(&g.pos, &legal, mv, chess960));
        g.play(mv);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::test_games::game;

    fn texts(g: &mut Game, chess960: bool) -> Vec<String> {
        let legal = g.legal_moves();
        legal
            .iter()
            .map(|&m| text(&g.pos, &legal, m, chess960))
            .collect()
    }

    #[test]
    fn castling_both_ways() {
        let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        let mut g = game("chess", Some(fen));
        let normal = texts(&mut g, false);
        assert!(normal.contains(&"e1g1".into()) && normal.contains(&"e1c1".into()));
        assert!(!normal.contains(&"e1h1".into()));
        let wide = texts(&mut g, true);
        assert!(wide.contains(&"e1h1".into()) && wide.contains(&"e1a1".into()));
        for (word, chess960) in [
            ("e1g1", false),
            ("e1h1", false),
            ("e1h1", true),
            ("O-O", true),
        ] {
            let mv = parse(&mut g, word, chess960).expect(word);
            assert!(mv.is_castle(), "{word}");
        }
    }

    #[test]
    fn ten_ranks_and_pass() {
        let mut g = game("janggi", None);
        let all = texts(&mut g, false);
        assert!(all.contains(&"e2e2".into()), "{all:?}");
        let pass = parse(&mut g, "e2e2", false).expect("pass");
        assert_eq!(parse(&mut g, "@@@@", false), Some(pass));
        let mut g = game("grand", None);
        let mv = parse(&mut g, "a3a4", false).expect("a pawn move");
        g.play(mv);
        assert!(texts(&mut g, false).contains(&"a10b10".into()));
        assert!(parse(&mut g, "a10b10", false).is_some());
    }

    #[test]
    fn drops_promotions_and_gating() {
        let mut g = game("shogi", Some("4k4/9/9/2P6/9/9/9/9/4K4[P] w - - 0 1"));
        let all = texts(&mut g, false);
        for word in ["c6c7", "c6c7+", "P@e5"] {
            assert!(all.contains(&word.into()), "{word}: {all:?}");
        }
        assert!(parse(&mut g, "p@e5", false).is_some_and(|m| m.is_drop()));
        let mut g = game("seirawan", None);
        assert!(texts(&mut g, false).contains(&"b1c3h".into()));
    }

    #[test]
    fn walls_as_fairy_stockfish_writes_them() {
        // Fairy-Stockfish's UCI text for a wall put instead of a move: `0000,` and the square.
        let mut g = game("atlantis", None);
        assert!(texts(&mut g, false).contains(&"0000,a4".into()));
        let wall = parse(&mut g, "0000,a4", false).expect("a wall");
        assert!(wall.is_wall());
        assert_eq!(parse(&mut g, "@@@@,a4", false), Some(wall));
    }
}
