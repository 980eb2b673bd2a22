//! The board field of a FEN read against a variant's piece letters (`+X` promoted forms, `~`
//! marks, `*` walls, multi-digit empty counts), and the errors any FEN field can have.

use super::geometry::Geometry;
use crate::types::{BySquare, Colour, Piece, Square};
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

    /// The character index in `fen` where this field starts (0 where it is missing or is the
    /// whole position).
    pub fn index_in(self, fen: &str) -> usize {
        let starts: Vec<usize> = fen
            .char_indices()
            .scan(' ', |previous, (_, c)| {
                let starts = !c.is_whitespace() && previous.is_whitespace();
                *previous = c;
                Some(starts)
            })
            .enumerate()
            .filter_map(|(i, starts)| starts.then_some(i))
            .collect();
        let field = |n: usize| starts.get(n).copied().unwrap_or(0);
        let after_ep = || {
            (4..starts.len()).find(|&n| {
                let word: String = fen
                    .chars()
                    .skip(starts[n])
                    .take_while(|c| !c.is_whitespace())
                    .collect();
                word.contains('+') == (self == FenField::Checks)
            })
        };
        match self {
            FenField::Board | FenField::Position => field(0),
            FenField::Holdings => fen.chars().position(|c| c == '[').unwrap_or(0),
            FenField::SideToMove => field(1),
            FenField::Castling => field(2),
            FenField::EnPassant => field(3),
            FenField::Checks | FenField::Counters => after_ep().map_or(0, field),
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
    parse_board(variant, geo, fen).map(|(board, _)| board)
}

/// The piece type a FEN letter names: a plain letter, or `+X` for the promoted form of `X`.
fn piece_type(variant: &Variant, letter: char, promoted: bool) -> Option<usize> {
    let base = variant.piece_index(letter)?;
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
    fen: &str,
) -> Result<(BySquare<Piece>, Vec<Square>), FenError> {
    let board_part = fen.split_whitespace().next().unwrap_or("");
    let board_part = board_part.split('[').next().unwrap_or("");
    let rows: Vec<&str> = board_part.split('/').collect();
    if rows.len() != usize::from(geo.ranks) {
        return err(
            FenField::Board,
            format!(
                "the board has {} ranks but the FEN gives {}",
                geo.ranks,
                rows.len()
            ),
        );
    }
    let mut board = BySquare::new(geo.size, Piece::WALL);
    for sq in geo.squares() {
        board[sq] = Piece::EMPTY;
    }
    let mut marked = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = usize::from(geo.ranks) - 1 - i;
        let mut file = 0usize;
        let chars: Vec<char> = row.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let c = chars[j];
            if c.is_ascii_digit() {
                let mut n = 0usize;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    n = n.saturating_mul(10) + chars[j].to_digit(10).unwrap_or(0) as usize;
                    j += 1;
                }
                file = file.saturating_add(n);
                continue;
            }
            if c == '*' {
                if file >= usize::from(geo.files) {
                    return err(
                        FenField::Board,
                        format!("rank {} has more than {} files", rank + 1, geo.files),
                    );
                }
                board[geo.square(file as u8, rank as u8)] = Piece::WALL;
                file += 1;
                j += 1;
                continue;
            }
            if c == '~' && j > 0 && file > 0 {
                marked.push(geo.square(file as u8 - 1, rank as u8));
                j += 1;
                continue;
            }
            let promoted = c == '+';
            let letter = if promoted {
                j += 1;
                chars.get(j).copied().unwrap_or(' ')
            } else {
                c
            };
            let kind = match piece_type(variant, letter, promoted) {
                Some(k) if letter.is_ascii_alphabetic() => k,
                _ => {
                    let shown = if promoted {
                        format!("+{letter}")
                    } else {
                        letter.to_string()
                    };
                    return err(
                        FenField::Board,
                        format!(
                            "'{shown}' in rank {} is not a piece of {}",
                            rank + 1,
                            variant.name
                        ),
                    );
                }
            };
            if file >= usize::from(geo.files) {
                return err(
                    FenField::Board,
                    format!("rank {} has more than {} files", rank + 1, geo.files),
                );
            }
            let colour = Colour::of_letter(letter);
            board[geo.square(file as u8, rank as u8)] = Piece::new(kind, colour);
            file += 1;
            j += 1;
        }
        if file != usize::from(geo.files) {
            return err(
                FenField::Board,
                format!(
                    "rank {} has {} files, the board has {}",
                    rank + 1,
                    file,
                    geo.files
                ),
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
