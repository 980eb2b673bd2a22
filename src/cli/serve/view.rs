//! The JSON the page draws from: a variant (board, zones, pieces with their XBetza and value)
//! and a game (the board, the hands, the legal moves with the squares each stops on, the result
//! by the variant's rules, the moves played).

use serde::Serialize;

use crate::betza::canonical::canonical;
use crate::game::Game;
use crate::movegen::notation::{is_capture, move_text, stops};
use crate::position::ruleset::{Ruleset, SqBits};
use crate::position::{Position, RankStyle};
use crate::protocol::uci::moves as uci;
use crate::search::piece_values;
use crate::types::{ByColour, Colour, Piece, Square};
use crate::variant::images::same_moves;
use crate::variant::{PieceImage, PieceType};

/// Square names as the page shows them: ranks from 1.
pub const STYLE: RankStyle = RankStyle::FromOne;

#[derive(Serialize)]
pub struct PieceView {
    pub letter: String,
    pub name: String,
    pub betza: String,
    /// Centipawns; `None` for a royal piece.
    pub value: Option<i32>,
    /// The letter of the piece it is the promoted form of.
    pub promoted_of: Option<String>,
    /// How the page draws it: `set` (the piece `image` of Alfil's set, `/pieces/NAME.svg`),
    /// `file` (the SVG file `svg` its variant names) or `moves` (`svg`: a symbol of its moves).
    pub drawn: &'static str,
    pub image: Option<String>,
    pub svg: Option<String>,
}

/// The set's piece named as `p` is, or else showing its moves (a royal piece moving as a king
/// is the king, another the commoner).
fn set_piece_for(p: &PieceType) -> Option<String> {
    let name = p.name.to_ascii_lowercase();
    if crate::pieceset::has(&name) {
        return Some(name);
    }
    if p.royal && same_moves(&p.moves_text, "K") {
        return Some("king".to_string());
    }
    crate::pieceset::pieces()
        .find(|s| s.moves.is_some_and(|m| same_moves(&p.moves_text, m)))
        .map(|s| s.name.to_string())
}

/// How the page draws `p`: the image its file names, else the set's piece for it, else the
/// symbol of its moves.
fn drawing(p: &PieceType) -> (&'static str, Option<String>, Option<String>) {
    match &p.image {
        Some(PieceImage::Set(name)) => ("set", Some(name.clone()), None),
        Some(PieceImage::File { svg, .. }) => ("file", None, Some(svg.clone())),
        None => match set_piece_for(p) {
            Some(name) => ("set", Some(name), None),
            None => ("moves", None, Some(super::symbol::symbol(p))),
        },
    }
}

#[derive(Serialize)]
pub struct Zones {
    /// Where White's and Black's pieces promote.
    pub promotion: [Vec<String>; 2],
    /// Squares a royal piece may never leave (palaces), per colour.
    pub confined: [Vec<String>; 2],
}

#[derive(Serialize)]
pub struct VariantView {
    pub name: String,
    pub source: String,
    pub files: u8,
    pub ranks: u8,
    /// Whether pieces are held in hand (drops).
    pub hands: bool,
    pub start_fen: String,
    pub pieces: Vec<PieceView>,
    pub zones: Zones,
}

fn names_of(tables: &Ruleset, set: impl Fn(Square) -> bool) -> Vec<String> {
    tables
        .geo
        .squares()
        .filter(|&sq| set(sq))
        .map(|sq| tables.geo.name(sq, STYLE))
        .collect()
}

fn union_names(tables: &Ruleset, sets: &[&ByColour<SqBits>], colour: Colour) -> Vec<String> {
    names_of(tables, |sq| sets.iter().any(|s| s[colour].has(sq)))
}

/// The view of a variant.
pub fn variant(tables: &Ruleset) -> VariantView {
    let v = &tables.variant;
    let values = piece_values(tables);
    let pieces = v
        .pieces
        .iter()
        .zip(values)
        .map(|(p, value)| {
            let (drawn, image, svg) = drawing(p);
            PieceView {
                letter: p.id.to_string(),
                name: p.name.clone(),
                betza: canonical(&p.moves.parsed),
                value: (!p.always_royal()).then_some(value),
                promoted_of: p.promoted_of.map(|i| v.pieces[i].id.to_string()),
                drawn,
                image,
                svg,
            }
        })
        .collect();
    let promotion: Vec<&ByColour<SqBits>> = tables
        .pieces
        .iter()
        .filter_map(|p| p.promotion.as_ref().map(|pr| &pr.zone))
        .collect();
    let confined: Vec<&ByColour<SqBits>> = tables
        .pieces
        .iter()
        .filter(|p| p.royal)
        .filter_map(|p| p.confine.as_ref())
        .collect();
    let per_colour = |sets: &[&ByColour<SqBits>]| {
        [Colour::White, Colour::Black].map(|c| union_names(tables, sets, c))
    };
    VariantView {
        name: v.name.clone(),
        source: v.source.clone(),
        files: v.files,
        ranks: v.ranks,
        hands: v.holdings > 0,
        start_fen: v.start_fen.clone(),
        pieces,
        zones: Zones {
            promotion: per_colour(&promotion),
            confined: per_colour(&confined),
        },
    }
}

#[derive(Serialize)]
pub struct Cell {
    pub square: String,
    pub letter: String,
    pub white: bool,
    pub name: String,
}

#[derive(Serialize)]
pub struct HandEntry {
    pub letter: String,
    pub name: String,
    pub count: u8,
}

#[derive(Serialize)]
pub struct MoveView {
    /// UCI text, as `move` requests take it.
    pub text: String,
    pub from: Option<String>,
    /// The letter of a dropped piece.
    pub drop: Option<String>,
    /// The squares the move stops on: victims of a multi-leg capture, then the destination.
    pub stops: Vec<String>,
    pub promotion: Option<String>,
    pub capture: bool,
    pub pass: bool,
}

#[derive(Serialize)]
pub struct ResultView {
    pub score: &'static str,
    pub reason: String,
}

#[derive(Serialize)]
pub struct GameView {
    pub fen: String,
    pub white_to_move: bool,
    pub in_check: bool,
    pub cells: Vec<Cell>,
    pub walls: Vec<String>,
    pub hands: [Vec<HandEntry>; 2],
    pub moves: Vec<MoveView>,
    pub result: Option<ResultView>,
    /// The moves played, in UCI text.
    pub history: Vec<String>,
}

fn cells(pos: &Position) -> (Vec<Cell>, Vec<String>) {
    let t = &pos.tables;
    let mut cells = Vec::new();
    let mut walls = Vec::new();
    for sq in t.geo.squares() {
        let piece = pos.at(sq);
        if piece == Piece::WALL {
            walls.push(t.geo.name(sq, STYLE));
        } else if piece.is_piece() {
            let p = &t.variant.pieces[piece.kind()];
            cells.push(Cell {
                square: t.geo.name(sq, STYLE),
                letter: p.id.to_string(),
                white: piece.colour() == Colour::White,
                name: p.name.clone(),
            });
        }
    }
    (cells, walls)
}

fn hand(pos: &Position, colour: Colour) -> Vec<HandEntry> {
    let pieces = &pos.tables.variant.pieces;
    (0..pieces.len())
        .filter(|&kind| pos.in_hand(colour, kind) > 0)
        .map(|kind| HandEntry {
            letter: pieces[kind].id.to_string(),
            name: pieces[kind].name.clone(),
            count: pos.in_hand(colour, kind),
        })
        .collect()
}

/// The view of `game`, whose moves so far were `history` (UCI texts).
pub fn game(game: &mut Game, history: &[String]) -> GameView {
    let legal = game.legal_moves();
    let result = game.result().map(|end| ResultView {
        score: end.score(),
        reason: end.reason,
    });
    let pos = &game.pos;
    let geo = pos.geo();
    let pieces = &pos.tables.variant.pieces;
    let moves = if result.is_some() {
        Vec::new()
    } else {
        legal
            .iter()
            .map(|&mv| MoveView {
                text: uci::text(pos, &legal, mv, false),
                from: (!mv.is_drop()).then(|| geo.name(mv.from, STYLE)),
                drop: mv.drop_type().map(|k| pieces[k].id.to_string()),
                stops: stops(pos, mv).iter().map(|&s| geo.name(s, STYLE)).collect(),
                promotion: mv.promotion.map(|k| pieces[k.index()].name.clone()),
                capture: is_capture(pos, mv),
                pass: move_text(pos, mv, STYLE) == "@@@@",
            })
            .collect()
    };
    let (cells, walls) = cells(pos);
    GameView {
        fen: pos.to_fen(),
        white_to_move: pos.side() == Colour::White,
        in_check: crate::movegen::attack::in_check(pos, pos.side()),
        cells,
        walls,
        hands: [hand(pos, Colour::White), hand(pos, Colour::Black)],
        moves,
        result,
        history: history.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::build_ruleset;
    use crate::variant::load_by_name;
    use std::sync::Arc;

    fn drawn(name: &str) -> Vec<(String, &'static str, Option<String>)> {
        let tables = build_ruleset(Arc::new(load_by_name(name).expect("variant"))).expect("tables");
        variant(&tables)
            .pieces
            .into_iter()
            .map(|p| (p.name, p.drawn, p.image))
            .collect()
    }

    fn image_of(name: &str, piece: &str) -> (&'static str, Option<String>) {
        drawn(name)
            .into_iter()
            .find(|(n, ..)| n == piece)
            .map(|(_, d, i)| (d, i))
            .unwrap_or_else(|| panic!("{name} has no {piece}"))
    }

    #[test]
    fn pieces_are_drawn_by_their_image_their_name_or_their_moves() {
        // By name.
        assert_eq!(
            image_of("capablanca", "archbishop"),
            ("set", Some("archbishop".into()))
        );
        // By the image its file names: xiangqi's cannon is a disc, not the western cannon.
        assert_eq!(
            image_of("xiangqi", "cannon"),
            ("set", Some("xiangqi-cannon".into()))
        );
        assert_eq!(image_of("chu", "lion"), ("set", Some("chu-lion".into())));
        // Every piece of chess, xiangqi, janggi, shogi and chu comes from the set.
        for name in ["chess", "xiangqi", "janggi", "shogi", "chu"] {
            for (piece, how, _) in drawn(name) {
                assert_eq!(how, "set", "{name}'s {piece}");
            }
        }
        // Manchu's banner (RcpRnN) is in no set: a symbol of its moves.
        let (how, image) = image_of("manchu", "banner");
        assert_eq!((how, image), ("moves", None));
    }
}
