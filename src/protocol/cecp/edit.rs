//! The obsolete `edit` mode some GUIs still use to set up a position: `#` clears the board, `c`
//! switches colour, `Pa4` puts a piece, `xa4` empties a square, `.` ends. Pieces on their start
//! squares count as unmoved (so castling rights follow from kings and rooks at home), the side to
//! move stays as it was, and there is no en-passant square.

use crate::types::{Colour, Piece, Square};
use std::collections::BTreeMap;

use crate::game::Game;
use crate::position::Position;
use crate::protocol::wire::echo;

use super::moves::STYLE;
use super::Engine;

/// The board being edited.
pub struct EditState {
    pieces: BTreeMap<Square, Piece>,
    colour: Colour,
}

impl EditState {
    pub fn new(game: &Game) -> EditState {
        let pos = &game.pos;
        let pieces = pos
            .geo()
            .squares()
            .filter(|&sq| pos.at(sq).is_piece())
            .map(|sq| (sq, pos.at(sq)))
            .collect();
        EditState {
            pieces,
            colour: Colour::White,
        }
    }
}

impl Engine {
    pub(super) fn edit_line(&mut self, line: &str) {
        let Some(state) = self.edit.as_mut() else {
            return;
        };
        match line {
            "." => self.finish_edit(),
            "#" => state.pieces.clear(),
            "c" | "C" => state.colour = !state.colour,
            "" | "castle" | "ep" => {}
            _ => {
                let tables = self.game.tables().clone();
                let geo = tables.geo;
                let mut chars = line.chars();
                let letter = chars.next().unwrap_or(' ');
                let rest = chars.as_str();
                let square = geo
                    .parse_square(rest, STYLE)
                    .filter(|&(_, used)| used == rest.len())
                    .map(|(sq, _)| sq);
                match (letter, square) {
                    ('x' | 'X', Some(sq)) => {
                        state.pieces.remove(&sq);
                    }
                    (l, Some(sq)) if l.is_ascii_alphabetic() => {
                        match tables.variant.piece_index(l) {
                            Some(kind) => {
                                state.pieces.insert(sq, Piece::new(kind, state.colour));
                            }
                            None => self.error("unknown piece", line),
                        }
                    }
                    _ => self.error("bad edit command", &echo(line)),
                }
            }
        }
    }

    fn finish_edit(&mut self) {
        let Some(state) = self.edit.take() else {
            return;
        };
        let tables = self.game.tables().clone();
        let mut pos = Position::empty(tables.clone());
        for (&sq, &piece) in &state.pieces {
            pos.set_piece(sq, piece);
            pos.set_unmoved(sq, tables.start_board[sq] == piece);
        }
        pos.set_side(self.game.pos.side());
        match Game::from_fen(tables, &pos.to_fen()) {
            Ok(game) => {
                self.game = game;
                self.position_changed();
            }
            Err(e) => self.error(&format!("illegal position: {e}"), "edit"),
        }
    }
}
