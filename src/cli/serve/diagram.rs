//! A piece's move diagram for the page: where it goes from a chosen square of the variant's
//! board when it stands alone (moves), which squares it would take an enemy piece on if one
//! stood there alone with it (captures), and where it moves or captures only over a screen of
//! its own side on the line between (a cannon, a grasshopper) or anywhere for a bent hop, and
//! the squares it passes over without ending a move there (the leg of the xiangqi horse), by
//! the engine's own generator with the variant's confinement, zones and the screens the piece
//! may not use.

use serde::Serialize;

use crate::movegen::reach::{reach, Access, Probe};
use crate::position::ruleset::Ruleset;
use crate::position::Position;
use crate::types::{Colour, Piece};
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
    /// Squares it moves to only over a screen.
    pub screen_moves: Vec<String>,
    /// Squares it captures on only over a screen.
    pub screen_captures: Vec<String>,
    /// Squares it never ends a move on but passes over: a piece there stops it (the leg of a
    /// lame leap).
    pub passes: Vec<String>,
}

/// A kind of the other side our piece may capture, preferring a piece that is not royal.
fn victim_kind(tables: &Ruleset, kind: usize) -> usize {
    let capturable = |k: usize| tables.pieces[kind].no_capture & (1u128 << k) == 0;
    (0..tables.pieces.len())
        .filter(|&k| capturable(k))
        .min_by_key(|&k| tables.pieces[k].royal)
        .unwrap_or(kind)
}

/// A kind of our own side the piece may hop over, preferring a piece that is not royal.
fn screen_kind(tables: &Ruleset, kind: usize) -> usize {
    let screens = |k: usize| tables.pieces[kind].no_screen & (1u128 << k) == 0;
    (0..tables.pieces.len())
        .filter(|&k| screens(k))
        .min_by_key(|&k| tables.pieces[k].royal)
        .unwrap_or(kind)
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
    let probe = Probe {
        alone,
        from,
        victim: Piece::new(victim_kind(tables, kind), Colour::Black),
        screen: Piece::new(screen_kind(tables, kind), Colour::White),
    };
    let mut out = Diagram {
        square: geo.name(from, STYLE),
        moves: Vec::new(),
        captures: Vec::new(),
        both: Vec::new(),
        screen_moves: Vec::new(),
        screen_captures: Vec::new(),
        passes: Vec::new(),
    };
    for r in reach(&probe) {
        let name = geo.name(r.square, STYLE);
        match (r.moves, r.captures) {
            (Access::Free, Access::Free) => out.both.push(name.clone()),
            (Access::Free, _) => out.moves.push(name.clone()),
            (_, Access::Free) => out.captures.push(name.clone()),
            _ => {}
        }
        if r.moves == Access::OverScreen {
            out.screen_moves.push(name.clone());
        }
        if r.captures == Access::OverScreen {
            out.screen_captures.push(name.clone());
        }
        if r.passes {
            out.passes.push(name);
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

    fn sorted(mut list: Vec<String>) -> Vec<String> {
        list.sort();
        list
    }

    #[test]
    fn the_xiangqi_cannon_moves_as_a_rook_and_captures_over_a_screen() {
        // xiangqi.ron's cannon is `mRcpR`: from e5 of the 9x10 board it moves along the file
        // and the rank to every square, never takes a lone piece, and takes over a screen on
        // every square but the four next to it.
        let d = diagram(&tables("xiangqi"), "C", "e5").expect("diagram");
        assert_eq!(
            sorted(d.moves),
            [
                "a5", "b5", "c5", "d5", "e1", "e10", "e2", "e3", "e4", "e6", "e7", "e8", "e9",
                "f5", "g5", "h5", "i5"
            ]
        );
        assert!(d.captures.is_empty() && d.both.is_empty() && d.screen_moves.is_empty());
        assert_eq!(
            sorted(d.screen_captures),
            ["a5", "b5", "c5", "e1", "e10", "e2", "e3", "e7", "e8", "e9", "g5", "h5", "i5"]
        );
    }

    #[test]
    fn the_janggi_cannon_moves_and_captures_only_over_a_screen() {
        // janggi.ron's cannon is `pR` (a screen that is not a cannon): from a5, outside the
        // palaces, it goes nowhere alone, and moves or takes over a screen two or more squares
        // away along the a-file and the fifth rank.
        let d = diagram(&tables("janggi"), "C", "a5").expect("diagram");
        assert!(d.moves.is_empty() && d.captures.is_empty() && d.both.is_empty());
        let far = [
            "a1", "a10", "a2", "a3", "a7", "a8", "a9", "c5", "d5", "e5", "f5", "g5", "h5", "i5",
        ];
        assert_eq!(sorted(d.screen_moves), far);
        assert_eq!(sorted(d.screen_captures), far);
    }

    #[test]
    fn the_xiangqi_horse_shows_the_squares_that_lame_it() {
        // xiangqi.ron's horse is `nN`: from e5 it reaches the eight knight squares, moving or
        // capturing, and a piece on one of the four squares next to it stops the two leaps
        // beyond: those are passed over. A knight passes over nothing.
        let t = tables("xiangqi");
        let d = diagram(&t, "N", "e5").expect("diagram");
        assert_eq!(
            sorted(d.both),
            ["c4", "c6", "d3", "d7", "f3", "f7", "g4", "g6"]
        );
        assert_eq!(sorted(d.passes), ["d5", "e4", "e6", "f5"]);
        let knight = diagram(&tables("chess"), "N", "e5").expect("diagram");
        assert!(knight.passes.is_empty(), "{knight:?}");
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
