//! A piece's move diagram for the page: where it goes from a chosen square of the variant's
//! board when it stands alone (moves), and which squares it would take an enemy piece on if
//! one stood there alone with it (captures), by the engine's own generator with the variant's
//! confinement and zones.

use serde::Serialize;

use crate::movegen::pseudo::piece_moves;
use crate::movegen::Move;
use crate::position::ruleset::Ruleset;
use crate::position::Position;
use crate::types::{Colour, Piece, Square};
use std::sync::Arc;

use super::http::ApiError;
use super::view::STYLE;

#[derive(Serialize, Debug, PartialEq, Eq)]
pub struct Diagram {
    pub square: String,
    /// Squares it only moves to.
    pub moves: Vec<String>,
    /// Squares it only captures on.
    pub captures: Vec<String>,
    /// Squares it both moves to and captures on.
    pub both: Vec<String>,
}

/// A kind of the other side our piece may capture, preferring a piece that is not royal.
fn victim_kind(tables: &Ruleset, kind: usize) -> usize {
    let capturable = |k: usize| tables.pieces[kind].no_capture & (1u128 << k) == 0;
    (0..tables.pieces.len())
        .filter(|&k| capturable(k))
        .min_by_key(|&k| tables.pieces[k].royal)
        .unwrap_or(kind)
}

fn reaches(pos: &Position, from: Square, at: Square, moves: &mut Vec<Move>) -> bool {
    moves.clear();
    piece_moves(pos, from, moves);
    moves.iter().any(|m| m.to == at || m.kills.contains(&at))
}

/// The diagram of the piece `letter` (White's) on `square`.
pub fn diagram(tables: &Arc<Ruleset>, letter: &str, square: &str) -> Result<Diagram, ApiError> {
    let v = &tables.variant;
    let kind = letter
        .chars()
        .next()
        .filter(|_| letter.chars().count() == 1)
        .and_then(|c| v.piece_index(c.to_ascii_uppercase()))
        .ok_or_else(|| ApiError::bad_request(format!("{} has no piece '{letter}'", v.name)))?;
    let geo = tables.geo;
    let from = match geo.parse_square(square, STYLE) {
        Some((sq, used)) if used == square.len() && geo.on_board(sq) => sq,
        _ => {
            return Err(ApiError::bad_request(format!(
                "'{square}' is not a square of the {}x{} board",
                geo.files, geo.ranks
            )))
        }
    };
    let mut alone = Position::empty(tables.clone());
    let piece = Piece::new(kind, Colour::White);
    alone.set_piece(from, piece);
    let starts_here = Position::start(tables.clone()).at(from) == piece;
    alone.set_unmoved(from, starts_here);
    alone.set_side(Colour::White);
    let mut moves = Vec::new();
    piece_moves(&alone, from, &mut moves);
    let moved: Vec<Square> = moves
        .iter()
        .map(|m| m.to)
        .filter(|&to| to != from)
        .collect();
    let victim = Piece::new(victim_kind(tables, kind), Colour::Black);
    let mut out = Diagram {
        square: geo.name(from, STYLE),
        moves: Vec::new(),
        captures: Vec::new(),
        both: Vec::new(),
    };
    for sq in geo
        .squares()
        .filter(|&sq| sq != from && alone.at(sq) == Piece::EMPTY)
    {
        let mut with_victim = alone.clone();
        with_victim.set_piece(sq, victim);
        let takes = reaches(&with_victim, from, sq, &mut moves);
        let name = geo.name(sq, STYLE);
        match (moved.contains(&sq), takes) {
            (true, true) => out.both.push(name),
            (true, false) => out.moves.push(name),
            (false, true) => out.captures.push(name),
            (false, false) => {}
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::build_ruleset;
    use crate::variant::load_by_name;

    fn tables(name: &str) -> Arc<Ruleset> {
        build_ruleset(Arc::new(load_by_name(name).expect("variant"))).expect("tables")
    }

    #[test]
    fn a_pawn_moves_straight_and_takes_diagonally() {
        // Chess's pawn on its start square: one or two steps forward (the double step only
        // from there), captures one step diagonally forward.
        let d = diagram(&tables("chess"), "P", "e2").expect("diagram");
        assert_eq!(d.moves, ["e3", "e4"]);
        assert_eq!(d.captures, ["d3", "f3"]);
        assert!(d.both.is_empty());
    }

    #[test]
    fn the_xiangqi_general_stays_in_its_palace() {
        // From d1 (the palace's corner) the general steps to d2 and e1 only.
        let d = diagram(&tables("xiangqi"), "K", "d1").expect("diagram");
        assert!(d.moves.is_empty() && d.captures.is_empty(), "{d:?}");
        let mut both = d.both;
        both.sort();
        assert_eq!(both, ["d2", "e1"]);
    }

    #[test]
    fn bad_pieces_and_squares_are_refused() {
        let t = tables("chess");
        assert!(diagram(&t, "Z", "e4")
            .unwrap_err()
            .message
            .contains("has no piece 'Z'"));
        assert!(diagram(&t, "N", "i9")
            .unwrap_err()
            .message
            .contains("not a square of the 8x8 board"));
    }
}
