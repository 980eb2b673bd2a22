//! The one reader of FEN text. [`FenText::read`] splits a FEN into its fields, each with the
//! character place where it starts, and the board field into rows of cells, in the conventions
//! XBoard and Fairy-Stockfish share: multi-digit empty counts, `*` for a wall square, `+X` for
//! a promoted type, `X~` for a promoted piece that reverts when captured, holdings in
//! brackets, and the fields XBoard leaves out. It knows no variant: the start-FEN check
//! (`variant::fen`) and `position::fen` read what it found against one. Pieces are piece IDs,
//! so a dressed letter (`N'`, `l!`) is one piece.

use crate::types::{Colour, PieceId};

/// A field of the text and the character place where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field<'a> {
    pub at: usize,
    pub text: &'a str,
}

/// What one token of a board row stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// That many empty squares (a count of one or more digits; 0 is read as written).
    Empty(usize),
    /// `*`: a square no piece may enter or pass.
    Wall,
    /// A piece ID (`n`, `N'`) and the colour its case gives; `promoted` for `+X` (the promoted
    /// form of `X`), `marked` for `X~` (a promoted piece written as the type it is).
    Piece {
        id: PieceId,
        colour: Colour,
        promoted: bool,
        marked: bool,
    },
}

impl Cell {
    /// How many squares of its row the cell covers.
    pub fn width(self) -> usize {
        match self {
            Cell::Empty(n) => n,
            Cell::Wall | Cell::Piece { .. } => 1,
        }
    }
}

/// A cell and the character place where it is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub at: usize,
    pub cell: Cell,
}

/// One rank of the board field, top rank first in [`FenText::rows`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub cells: Vec<Token>,
    /// The place just after its last character (its `/`, or the end of the board field).
    pub end: usize,
}

impl Row {
    /// The squares the row covers.
    pub fn width(&self) -> usize {
        self.cells
            .iter()
            .fold(0usize, |n, t| n.saturating_add(t.cell.width()))
    }
}

/// What is wrong with a FEN's text, and at which character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenIssue {
    pub position: usize,
    pub message: String,
}

/// A FEN split into its parts, every part with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenText<'a> {
    /// The whole board field, holdings included.
    pub board: Field<'a>,
    /// The ranks of the board field, top rank first.
    pub rows: Vec<Row>,
    /// The holdings after `[` (the place is that of `[`), without the closing `]`.
    pub holdings: Option<Field<'a>>,
    /// Whether the holdings end with their `]` (the reader of the text decides what a missing
    /// one means).
    pub holdings_closed: bool,
    pub side: Option<Field<'a>>,
    pub castling: Option<Field<'a>>,
    pub en_passant: Option<Field<'a>>,
    /// Fields with a `+`: n-check counts (`3+3`).
    pub checks: Vec<Field<'a>>,
    /// The fields after those: the halfmove and fullmove counters, and anything written
    /// after them.
    pub counters: Vec<Field<'a>>,
    /// The number of characters of the whole text.
    pub len: usize,
}

impl<'a> FenText<'a> {
    /// Split `fen` into its parts. Fails only where the board field cannot be read as cells:
    /// a character no FEN uses there, or a `+` or `~` with no piece letter.
    pub fn read(fen: &'a str) -> Result<FenText<'a>, FenIssue> {
        let words = fields(fen);
        let len = fen.chars().count();
        let board = words.first().copied().unwrap_or(Field { at: 0, text: "" });
        let (rows, holdings, holdings_closed) = read_board(board)?;
        let (castling, en_passant, checks, counters) = sort_fields(words.get(2..).unwrap_or(&[]));
        Ok(FenText {
            board,
            rows,
            holdings,
            holdings_closed,
            side: words.get(1).copied(),
            castling,
            en_passant,
            checks,
            counters,
            len,
        })
    }
}

/// The white-space separated words of `text`, with their character places.
fn fields(text: &str) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (place, (byte, c)) in text.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((place, byte)),
            (true, Some((at, from))) => {
                out.push(Field {
                    at,
                    text: &text[from..byte],
                });
                start = None;
            }
            _ => {}
        }
    }
    if let Some((at, from)) = start {
        out.push(Field {
            at,
            text: &text[from..],
        });
    }
    out
}

/// The castling and en-passant fields among the fields after the side to move, the check
/// counts, and the fields left (move counters and anything after). XBoard leaves out what its
/// variant has no use for: `… w 0 1` (neither), `… w - 0 1` or `… w KQkq 0 1` (castling
/// only); a lone field with a digit is an en-passant square.
type SortedFields<'a> = (
    Option<Field<'a>>,
    Option<Field<'a>>,
    Vec<Field<'a>>,
    Vec<Field<'a>>,
);

fn sort_fields<'a>(fields: &[Field<'a>]) -> SortedFields<'a> {
    let counters = fields
        .iter()
        .rev()
        .take(2)
        .take_while(|f| f.text.parse::<u32>().is_ok())
        .count();
    let (middle, tail) = fields.split_at(fields.len() - counters);
    let (checks, others): (Vec<Field<'a>>, Vec<Field<'a>>) =
        middle.iter().partition(|f| f.text.contains('+'));
    let (castling, ep, extra) = match others.as_slice() {
        [] => (None, None, &[][..]),
        [one] if one.text.chars().any(|c| c.is_ascii_digit()) => (None, Some(*one), &[][..]),
        [one] => (Some(*one), None, &[][..]),
        [castling, ep, extra @ ..] => (Some(*castling), Some(*ep), extra),
    };
    let rest = extra.iter().chain(tail).copied().collect();
    (castling, ep, checks, rest)
}

/// The rows of cells, the holdings, and whether they are closed.
type Board<'a> = (Vec<Row>, Option<Field<'a>>, bool);

/// The board field: rows of cells, and the holdings after them.
fn read_board(field: Field<'_>) -> Result<Board<'_>, FenIssue> {
    let issue = |position: usize, message: String| Err(FenIssue { position, message });
    let (board, holdings, closed) = match field.text.split_once('[') {
        Some((board, rest)) => {
            let open = field.at + board.chars().count();
            let (inner, closed) = rest
                .strip_suffix(']')
                .map_or((rest, false), |inner| (inner, true));
            (
                board,
                Some(Field {
                    at: open,
                    text: inner,
                }),
                closed,
            )
        }
        None => (field.text, None, true),
    };
    let chars: Vec<char> = board.chars().collect();
    let mut rows = Vec::new();
    let mut cells = Vec::new();
    let mut i = 0;
    while i <= chars.len() {
        let at = field.at + i;
        match chars.get(i).copied() {
            None | Some('/') => {
                rows.push(Row {
                    cells: std::mem::take(&mut cells),
                    end: at,
                });
                i += 1;
            }
            Some(d) if d.is_ascii_digit() => {
                let digits = chars[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                let n = chars[i..i + digits]
                    .iter()
                    .filter_map(|c| c.to_digit(10))
                    .fold(0usize, |n, d| {
                        let d = usize::try_from(d).unwrap_or(usize::MAX);
                        n.saturating_mul(10).saturating_add(d)
                    });
                cells.push(Token {
                    at,
                    cell: Cell::Empty(n),
                });
                i += digits;
            }
            Some('*') => {
                cells.push(Token {
                    at,
                    cell: Cell::Wall,
                });
                i += 1;
            }
            Some('+') => match PieceId::read_at(&chars, i + 1) {
                Some(read) => {
                    let end = i + 1 + read.chars;
                    let marked = chars.get(end) == Some(&'~');
                    cells.push(Token {
                        at,
                        cell: Cell::Piece {
                            id: read.id,
                            colour: read.colour,
                            promoted: true,
                            marked,
                        },
                    });
                    i = end + usize::from(marked);
                }
                None => return issue(at, "`+` must come before a piece letter".to_string()),
            },
            Some(letter) if letter.is_ascii_alphabetic() => {
                let read = PieceId::read_at(&chars, i).expect("a letter starts an ID");
                let end = i + read.chars;
                let marked = chars.get(end) == Some(&'~');
                cells.push(Token {
                    at,
                    cell: Cell::Piece {
                        id: read.id,
                        colour: read.colour,
                        promoted: false,
                        marked,
                    },
                });
                i = end + usize::from(marked);
            }
            Some('~') => return issue(at, "`~` must follow a piece letter".to_string()),
            Some(other) => {
                return issue(at, format!("unexpected `{other}` in the board field"));
            }
        }
    }
    Ok((rows, holdings, closed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(letter: char) -> Cell {
        Cell::Piece {
            id: PieceId::plain(letter).unwrap(),
            colour: Colour::of_letter(letter),
            promoted: false,
            marked: false,
        }
    }

    #[test]
    fn reads_cells_with_their_places() {
        let text = FenText::read("r10/+P~*3q~[Nb] b - - 3 9").expect("readable");
        let cells = |row: usize| -> Vec<(usize, Cell)> {
            text.rows[row]
                .cells
                .iter()
                .map(|t| (t.at, t.cell))
                .collect()
        };
        assert_eq!(cells(0), [(0, piece('r')), (1, Cell::Empty(10))]);
        let promoted = Cell::Piece {
            id: PieceId::plain('P').unwrap(),
            colour: Colour::White,
            promoted: true,
            marked: true,
        };
        let marked = Cell::Piece {
            id: PieceId::plain('q').unwrap(),
            colour: Colour::Black,
            promoted: false,
            marked: true,
        };
        assert_eq!(
            cells(1),
            [
                (4, promoted),
                (7, Cell::Wall),
                (8, Cell::Empty(3)),
                (9, marked)
            ]
        );
        assert_eq!((text.rows[0].end, text.rows[1].end), (3, 11));
        assert_eq!(text.rows[0].width(), 11);
        assert_eq!(text.holdings, Some(Field { at: 11, text: "Nb" }));
        assert_eq!(text.side, Some(Field { at: 16, text: "b" }));
        assert_eq!(text.castling.map(|f| f.text), Some("-"));
        assert_eq!(text.en_passant.map(|f| f.at), Some(20));
        let counters: Vec<&str> = text.counters.iter().map(|f| f.text).collect();
        assert_eq!(counters, ["3", "9"]);
    }

    /// XBoard writes only the fields its variant uses.
    #[test]
    fn sorts_the_fields_xboard_leaves_out() {
        let parts = |fen: &'static str| {
            let t = FenText::read(fen).expect("readable");
            let text = |f: Option<Field<'static>>| f.map(|f| f.text);
            (
                text(t.castling),
                text(t.en_passant),
                t.checks.len(),
                t.counters.len(),
            )
        };
        assert_eq!(parts("8/8 w 0 1"), (None, None, 0, 2));
        assert_eq!(parts("8/8 w KQkq 0 1"), (Some("KQkq"), None, 0, 2));
        assert_eq!(parts("8/8 w e3 0 1"), (None, Some("e3"), 0, 2));
        assert_eq!(parts("8/8 w KQ - 3+3 0 1"), (Some("KQ"), Some("-"), 1, 2));
        assert_eq!(parts("8/8 w"), (None, None, 0, 0));
    }

    #[test]
    fn points_at_what_it_cannot_read() {
        let at = |fen: &str| FenText::read(fen).unwrap_err().position;
        assert_eq!(at("rn?/8 w"), 2);
        assert_eq!(at("r+/8 w"), 1);
        assert_eq!(at("~r/8 w"), 0);
        let open = FenText::read("8/8[Qn w").expect("readable");
        assert_eq!(open.holdings, Some(Field { at: 3, text: "Qn" }));
        assert!(!open.holdings_closed);
    }

    #[test]
    fn places_count_characters_not_bytes() {
        assert_eq!(
            FenText::read("8/8 é").map(|t| t.side),
            Ok(Some(Field { at: 4, text: "é" }))
        );
        assert_eq!(FenText::read("ü/8 w").unwrap_err().position, 0);
    }
}
