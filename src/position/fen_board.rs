//! The board field of a FEN read against a variant's piece letters (`+X` promoted forms, `~`
//! marks, `*` walls, multi-digit empty counts), and the errors any FEN field can have.

use super::geometry::Geometry;
use crate::types::{BySquare, Colour, Piece, PieceId, Square};
use crate::variant::fen_text::{Cell, FenText, Field};
use crate::variant::Variant;

/// The part of a FEN a problem is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    Board,
    Holdings,
    SideToMove,
    Castling,
    EnPassant,
    Checks,
    Counters,
    /// The position as a whole (a rule the pieces break together, such as a side in check
    /// that is not to move).
    Position,
}

impl FenField {
    pub fn name(self) -> &'static str {
        match self {
            FenField::Board => "board",
            FenField::Holdings => "holdings",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling field",
            FenField::EnPassant => "en-passant field",
            FenField::Checks => "check counts",
            FenField::Counters => "move counters",
            FenField::Position => "position",
        }
    }

    /// The character place in `fen` where this field starts (0 where it is missing or is the
    /// whole position).
    pub fn index_in(self, fen: &str) -> usize {
        let Ok(text) = FenText::read(fen) else {
            return 0;
        };
        let at = |field: Option<Field<'_>>| field.map_or(0, |f| f.at);
        match self {
            FenField::Board | FenField::Position => text.board.at,
            FenField::Holdings => at(text.holdings),
            FenField::SideToMove => at(text.side),
            FenField::Castling => at(text.castling),
            FenField::EnPassant => at(text.en_passant),
            FenField::Checks => at(text.checks.first().copied()),
            FenField::Counters => at(text.counters.first().copied()),
        }
    }
}

/// A FEN that does not describe a position of the variant: which field, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {message}", field.name())]
pub struct FenError {
    pub field: FenField,
    pub message: String,
}

pub(super) fn err<T>(field: FenField, message: impl Into<String>) -> Result<T, FenError> {
    Err(FenError {
        field,
        message: message.into(),
    })
}

/// The board part of a FEN as piece codes on the padded board.
pub fn board_codes(
    variant: &Variant,
    geo: &Geometry,
    fen: &str,
) -> Result<BySquare<Piece>, FenError> {
    let text = read_text(fen)?;
    parse_board(variant, geo, &text).map(|(board, _)| board)
}

/// The text of a FEN split by the one FEN reader; what it cannot read is a fault of the board.
pub(super) fn read_text(fen: &str) -> Result<FenText<'_>, FenError> {
    FenText::read(fen).map_err(|issue| FenError {
        field: FenField::Board,
        message: issue.message,
    })
}

/// The piece type a FEN ID names: the ID itself, or `+X` for the promoted form of `X`.
fn piece_type(variant: &Variant, id: PieceId, promoted: bool) -> Option<usize> {
    let base = variant.piece_of(id)?;
    if !promoted {
        return Some(base);
    }
    variant
        .pieces
        .iter()
        .position(|p| p.promoted_of == Some(base))
}

/// The board part of a FEN: piece codes on the padded board, and the squares marked `~`
/// (promoted pieces that revert when captured).
pub(super) fn parse_board(
    variant: &Variant,
    geo: &Geometry,
    text: &FenText<'_>,
) -> Result<(BySquare<Piece>, Vec<Square>), FenError> {
    let (files, ranks) = (usize::from(geo.files), usize::from(geo.ranks));
    if text.rows.len() != ranks {
        return err(
            FenField::Board,
            format!(
                "the board has {ranks} ranks but the FEN gives {}",
                text.rows.len()
            ),
        );
    }
    let mut board = BySquare::new(geo.size, Piece::WALL);
    for sq in geo.squares() {
        board[sq] = Piece::EMPTY;
    }
    let mut marked = Vec::new();
    for (i, row) in text.rows.iter().enumerate() {
        let rank = ranks - 1 - i;
        let mut file = 0usize;
        for token in &row.cells {
            let placed = match token.cell {
                Cell::Empty(n) => {
                    file = file.saturating_add(n);
                    continue;
                }
                Cell::Wall => Piece::WALL,
                Cell::Piece {
                    id,
                    colour,
                    promoted,
                    ..
                } => {
                    let Some(kind) = piece_type(variant, id, promoted) else {
                        let plus = if promoted { "+" } else { "" };
                        let shown = format!("{plus}{}", id.text_for(colour));
                        return err(
                            FenField::Board,
                            format!(
                                "'{shown}' in rank {} is not a piece of {}",
                                rank + 1,
                                variant.name
                            ),
                        );
                    };
                    Piece::new(kind, colour)
                }
            };
            let Some(sq) = geo.square_at(file, rank) else {
                return err(
                    FenField::Board,
                    format!("rank {} has more than {files} files", rank + 1),
                );
            };
            board[sq] = placed;
            if matches!(token.cell, Cell::Piece { marked: true, .. }) {
                marked.push(sq);
            }
            file += 1;
        }
        if file != files {
            return err(
                FenField::Board,
                format!("rank {} has {file} files, the board has {files}", rank + 1),
            );
        }
    }
    Ok((board, marked))
}

/// The type a `~`-marked piece of `kind` promoted from: a type that promotes to it.
pub(super) fn promoted_base(variant: &Variant, kind: usize) -> Option<usize> {
    variant.pieces.iter().position(|p| {
        p.promotion.as_ref().is_some_and(|pr| {
            Colour::BOTH
                .iter()
                .any(|&colour| pr.choices_for(colour).contains(&kind))
        })
    })
}
