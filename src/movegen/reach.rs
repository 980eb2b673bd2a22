//! Where a piece standing alone moves and captures, square by square, told apart: each square
//! is tried empty (a move), holding an enemy piece (a capture), and then with a screen — a
//! piece of the mover's side — on a square of the straight line between (a move or a capture
//! only over a screen, as a cannon's or a grasshopper's). It runs the engine's own generator
//! on the position given, so confinement, zones and the screens a piece may not use count.
//! For a piece with a bent hop (a multi-leg move one of whose legs hops, `pafsW`) a capture's
//! screen is tried on every empty square, not only on the line between. A square the piece
//! never ends a move on but where a piece would stop one of its moves (the leg of the xiangqi
//! horse's lame leap, the elephant's eye) is marked as passed over.

use crate::betza::ast::{MODE_G, MODE_P};
use crate::betza::Betza;
use crate::movegen::walker::piece_moves;
use crate::movegen::Move;
use crate::position::Position;
use crate::types::{Piece, Square};

/// How a piece gets to do something on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Not at all.
    Never,
    /// With nothing else on the board.
    Free,
    /// Only with a screen on the line between (and not freely).
    OverScreen,
}

/// What the piece does on one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    pub square: Square,
    pub moves: Access,
    pub captures: Access,
    /// It never ends a move here, but a piece here stops one of its moves: it passes over.
    pub passes: bool,
}

/// A board with the piece alone on it, and the pieces to try around it.
pub struct Probe {
    /// The position with the piece on `from` and nothing else (walls aside).
    pub alone: Position,
    pub from: Square,
    /// The enemy piece put on a square to see whether it is taken.
    pub victim: Piece,
    /// The own piece put on the line between as a screen.
    pub screen: Piece,
}

/// Whether the piece on `from` removes the piece on `at` by one of its moves.
fn takes(pos: &Position, from: Square, at: Square, moves: &mut Vec<Move>) -> bool {
    moves.clear();
    piece_moves(pos, from, moves);
    moves.iter().any(|m| m.to == at || m.kills.contains(&at))
}

/// The squares of the straight line strictly between `from` and `to` (none unless `to` is a
/// whole number of steps of a shorter step away).
fn between(pos: &Position, from: Square, to: Square) -> Vec<Square> {
    let geo = pos.tables.geo;
    let (f0, r0) = geo.coords(from);
    let (f1, r1) = geo.coords(to);
    let (df, dr) = (i32::from(f1) - i32::from(f0), i32::from(r1) - i32::from(r0));
    let mut g = (df.unsigned_abs(), dr.unsigned_abs());
    while g.1 != 0 {
        g = (g.1, g.0 % g.1);
    }
    let steps = i32::try_from(g.0).unwrap_or(1).max(1);
    (1..steps)
        .filter_map(|k| {
            let f = i32::from(f0) + df / steps * k;
            let r = i32::from(r0) + dr / steps * k;
            geo.square_at(usize::try_from(f).ok()?, usize::try_from(r).ok()?)
        })
        .collect()
}

/// Whether one of `moves`' multi-leg components hops in one of its legs (a bent hop, whose
/// screen need not stand on the line between start and end).
fn bends_to_hop(moves: &Betza) -> bool {
    moves
        .components
        .iter()
        .any(|c| c.legs.len() > 1 && c.legs.iter().any(|l| l.modes & (MODE_P | MODE_G) != 0))
}

/// Whether the piece on `from` has a bent hop, in its moves or its zone moves.
fn has_bent_hop(pos: &Position, from: Square) -> bool {
    let piece = &pos.tables.variant.pieces[pos.at(from).kind()];
    bends_to_hop(&piece.moves.parsed)
        || piece
            .zone_moves
            .as_ref()
            .is_some_and(|z| bends_to_hop(&z.moves.parsed))
}

/// The squares where a screen is tried for a capture on `at`: the line between, or, for a
/// piece with a bent hop, every empty square but `at`.
fn screens(
    pos: &Position,
    from: Square,
    at: Square,
    empty: &[Square],
    anywhere: bool,
) -> Vec<Square> {
    if anywhere {
        empty.iter().copied().filter(|&q| q != at).collect()
    } else {
        between(pos, from, at)
    }
}

/// Every square but the piece's own that it moves to, captures on or passes over, in board
/// order.
pub fn reach(probe: &Probe) -> Vec<Reach> {
    let Probe {
        alone,
        from,
        victim,
        screen,
    } = probe;
    let from = *from;
    let mut pos = alone.clone();
    let mut moves = Vec::new();
    piece_moves(&pos, from, &mut moves);
    let free_moves: Vec<Square> = moves.iter().map(|m| m.to).collect();
    let empty: Vec<Square> = pos
        .tables
        .geo
        .squares()
        .filter(|&sq| sq != from && pos.at(sq) == Piece::EMPTY)
        .collect();
    let mut screen_moves = Vec::new();
    let mut blocking = Vec::new();
    for &q in &empty {
        pos.set_piece(q, *screen);
        moves.clear();
        piece_moves(&pos, from, &mut moves);
        screen_moves.extend(
            moves
                .iter()
                .map(|m| m.to)
                .filter(|&to| to != q && !free_moves.contains(&to)),
        );
        if free_moves
            .iter()
            .any(|&to| to != q && !moves.iter().any(|m| m.to == to))
        {
            blocking.push(q);
        }
        pos.set_piece(q, Piece::EMPTY);
    }
    let screens_anywhere = has_bent_hop(&pos, from);
    let mut out = Vec::new();
    for &sq in &empty {
        let moves_here = if free_moves.contains(&sq) {
            Access::Free
        } else if screen_moves.contains(&sq) {
            Access::OverScreen
        } else {
            Access::Never
        };
        pos.set_piece(sq, *victim);
        let captures = if takes(&pos, from, sq, &mut moves) {
            Access::Free
        } else if screens(&pos, from, sq, &empty, screens_anywhere)
            .into_iter()
            .any(|q| {
                pos.set_piece(q, *screen);
                let taken = takes(&pos, from, sq, &mut moves);
                pos.set_piece(q, Piece::EMPTY);
                taken
            })
        {
            Access::OverScreen
        } else {
            Access::Never
        };
        pos.set_piece(sq, Piece::EMPTY);
        let ends_here = moves_here != Access::Never || captures != Access::Never;
        let passes = !ends_here && blocking.contains(&sq);
        if ends_here || passes {
            out.push(Reach {
                square: sq,
                moves: moves_here,
                captures,
                passes,
            });
        }
    }
    out
}
