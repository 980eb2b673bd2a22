//! "Where can this piece go?": the targets of an XBetza piece on one square of a test board
//! with friendly and enemy blockers, an en-passant square and an unmoved flag. It builds a
//! one-piece variant and runs the engine's real move generator, so what it shows is exactly
//! what the engine plays. Used by `alfil betza`, `alfil explain` (what the piece does on each
//! square, [`reach_of`]) and the spec-table tests.

use crate::types::{Colour, Piece, PieceId, Square};
use std::sync::Arc;

use crate::betza::{read, BetzaError};
use crate::movegen::reach::{reach, Probe, Reach};
use crate::movegen::walker::piece_moves;
use crate::movegen::Move;
use crate::position::ruleset::Ruleset;
use crate::position::{Position, RankStyle};
use crate::variant::{Hand, PieceType, Rules, Variant};

/// A square as (file, rank), both 0-based.
pub type Coord = (u8, u8);

/// The question: a piece, a board and what stands on it.
#[derive(Clone, Debug)]
pub struct Query {
    pub betza: String,
    pub files: u8,
    pub ranks: u8,
    pub square: Coord,
    pub black: bool,
    pub friends: Vec<Coord>,
    pub foes: Vec<Coord>,
    /// En-passant square and the square of the piece an e.p. capture removes.
    pub en_passant: Option<(Coord, Coord)>,
    /// The piece has moved (its `i` moves are gone).
    pub moved: bool,
    /// Where the piece started, if not on `square` (for `ii` moves).
    pub start: Option<Coord>,
}

/// One move of the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub to: Coord,
    /// Squares whose pieces the move removes besides the destination's.
    pub kills: Vec<Coord>,
    /// For castling moves: where the partner goes.
    pub castle_partner: Option<(Coord, Coord)>,
}

impl Query {
    pub fn new(betza: &str, files: u8, ranks: u8, square: Coord) -> Query {
        Query {
            betza: betza.to_string(),
            files,
            ranks,
            square,
            black: false,
            friends: Vec::new(),
            foes: Vec::new(),
            en_passant: None,
            moved: false,
            start: None,
        }
    }
}

/// The ID of a test piece's letter.
fn id(letter: char) -> PieceId {
    PieceId::plain(letter).expect("an ASCII letter")
}

fn test_variant(q: &Query) -> Result<Variant, BetzaError> {
    // A construct the compiler refuses is reported at its character, as a parse error is.
    let moves = read(&q.betza)?;
    let blocker = PieceType::new(id('X'), "blocker", "", read("")?);
    let piece = PieceType::new(id('T'), "tested", &q.betza, moves);
    let start = q.start.unwrap_or(q.square);
    let mut rows = Vec::new();
    for r in (0..q.ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..q.files {
            if (f, r) == start {
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push(if q.black { 't' } else { 'T' });
            } else {
                empty += 1;
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    Ok(Variant {
        name: "betza-test".into(),
        aliases: Vec::new(),
        files: q.files,
        ranks: q.ranks,
        holdings: 0,
        piece_to_char: "TXKtxk".into(),
        kin: Vec::new(),
        parent: "fairy".into(),
        start_fen: format!("{} w - - 0 1", rows.join("/")),
        pieces: vec![piece, blocker],
        castling: None,
        chess960: false,
        rules: Rules::default(),
        hand: Hand::default(),
        source: "<betza query>".into(),
        start_fen_origin: Vec::new(),
        tests: Vec::new(),
    })
}

/// The query's board: the piece, its friends and foes, the side to move and en passant.
fn test_position(q: &Query) -> Result<Position, BetzaError> {
    if q.files == 0 || q.ranks == 0 || q.files > 16 || q.ranks > 16 {
        return Err(BetzaError::new(
            0,
            "the board must be between 1x1 and 16x16",
        ));
    }
    let variant = Arc::new(test_variant(q)?);
    let tables = Ruleset::new(variant).map_err(|e| BetzaError::new(0, e.to_string()))?;
    let geo = tables.geo;
    let mut pos = Position::empty(tables);
    let colour = if q.black {
        Colour::Black
    } else {
        Colour::White
    };
    let sq = |c: Coord| geo.square(c.0, c.1);
    pos.set_piece(sq(q.square), Piece::new(0, colour));
    pos.set_unmoved(sq(q.square), !q.moved);
    for &f in &q.friends {
        pos.set_piece(sq(f), Piece::new(1, colour));
        pos.set_unmoved(sq(f), true);
    }
    for &f in &q.foes {
        pos.set_piece(sq(f), Piece::new(1, !colour));
    }
    pos.set_side(colour);
    if let Some((target, victim)) = q.en_passant {
        pos.set_en_passant(sq(target), sq(victim));
    }
    Ok(pos)
}

/// The moves of the queried piece, sorted by destination name.
pub fn targets(q: &Query) -> Result<Vec<Target>, BetzaError> {
    let pos = test_position(q)?;
    let geo = pos.tables.geo;
    let sq = |c: Coord| geo.square(c.0, c.1);
    let mut moves: Vec<Move> = Vec::new();
    piece_moves(&pos, sq(q.square), &mut moves);
    let coord = |s: Square| geo.coords(s);
    let mut out: Vec<Target> = moves
        .iter()
        .map(|m| {
            if m.is_castle() {
                Target {
                    to: coord(m.to),
                    kills: Vec::new(),
                    castle_partner: Some((coord(m.kills[0]), coord(m.kills[1]))),
                }
            } else {
                Target {
                    to: coord(m.to),
                    kills: m
                        .kills
                        .iter()
                        .filter(|&&k| k.is_some())
                        .map(|&k| coord(k))
                        .collect(),
                    castle_partner: None,
                }
            }
        })
        .collect();
    out.sort_by_key(|t| (square_name(t.to), t.kills.clone()));
    out.dedup();
    Ok(out)
}

/// What the queried piece does on each square it reaches (see [`reach`]): its foes are the
/// victims and its friends the screens tried; each square with its coordinates.
pub fn reach_of(q: &Query) -> Result<Vec<(Coord, Reach)>, BetzaError> {
    let alone = test_position(q)?;
    let geo = alone.tables.geo;
    let from = geo.square(q.square.0, q.square.1);
    let colour = alone.side();
    let probe = Probe {
        alone,
        from,
        victim: Piece::new(1, !colour),
        screen: Piece::new(1, colour),
    };
    Ok(reach(&probe)
        .into_iter()
        .map(|r| (geo.coords(r.square), r))
        .collect())
}

/// Square name with ranks from 1, as the spec's table writes them.
pub fn square_name(c: Coord) -> String {
    format!("{}{}", (b'a' + c.0) as char, u32::from(c.1) + 1)
}

/// Parse a square name (ranks from 1) on a board of the given size.
pub fn parse_coord(text: &str, files: u8, ranks: u8) -> Option<Coord> {
    let geo = crate::position::Geometry::new(files, ranks, 1);
    let (sq, used) = geo.parse_square(text, RankStyle::FromOne)?;
    (used == text.len()).then(|| geo.coords(sq))
}

/// A small board: the piece `@`, friends `o`, foes `x`, destinations `*` (a captured foe `X`).
pub fn diagram(q: &Query, moves: &[Target]) -> String {
    let mut out = String::new();
    for r in (0..q.ranks).rev() {
        out.push_str(&format!("{:>3} ", u32::from(r) + 1));
        for f in 0..q.files {
            let c = (f, r);
            let target = moves.iter().any(|t| t.to == c);
            let ch = if c == q.square {
                '@'
            } else if q.foes.contains(&c) {
                if target {
                    'X'
                } else {
                    'x'
                }
            } else if q.friends.contains(&c) {
                if target {
                    'O'
                } else {
                    'o'
                }
            } else if target {
                '*'
            } else {
                '.'
            };
            out.push(ch);
            out.push(' ');
        }
        out.push('\n');
    }
    out.push_str("    ");
    for f in 0..q.files {
        out.push((b'a' + f) as char);
        out.push(' ');
    }
    out.push('\n');
    out
}
