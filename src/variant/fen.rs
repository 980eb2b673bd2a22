//! Checks a variant's start FEN: the board part must fit the board and use only the variant's
//! piece letters (with `+` before a promoted piece and `~` after one), holdings in brackets may
//! follow, and the side to move and the castling field must make sense. The text is read by
//! the one FEN reader, [`FenText`].

pub use super::fen_text::{Cell, FenIssue};
use super::fen_text::{FenText, Field, Row};
use crate::types::PieceId;

/// What the FEN is checked against.
pub struct Expect<'a> {
    pub files: u8,
    pub ranks: u8,
    /// The IDs of the piece types.
    pub letters: &'a [PieceId],
    /// Whether the castling field may name rights: the variant has castling, or names the
    /// pieces that keep their initial moves there (`initial_rights_in_fen`).
    pub castling: bool,
}

fn issue(position: usize, message: String) -> Result<(), FenIssue> {
    Err(FenIssue { position, message })
}

pub fn check_start(fen: &str, expect: &Expect<'_>) -> Result<(), FenIssue> {
    let text = FenText::read(fen)?;
    check_board(&text.rows, expect)?;
    if let Some(holdings) = text.holdings {
        if !text.holdings_closed {
            return issue(
                text.board.at + text.board.text.chars().count(),
                "holdings need a closing `]`".to_string(),
            );
        }
        check_holdings(holdings, expect)?;
    }
    match text.side {
        Some(side) if side.text == "w" || side.text == "b" => {}
        Some(side) => {
            return issue(
                side.at,
                format!("side to move must be `w` or `b`, not `{}`", side.text),
            )
        }
        None => return issue(text.len, "the start FEN has no side to move".to_string()),
    }
    if let Some(rights) = text.castling {
        check_castling_field(rights, expect)?;
    }
    Ok(())
}

fn check_board(rows: &[Row], expect: &Expect<'_>) -> Result<(), FenIssue> {
    let files = usize::from(expect.files);
    let ranks = usize::from(expect.ranks);
    for (row, cells) in rows.iter().enumerate() {
        let rank = ranks.saturating_sub(row);
        let mut filled = 0usize;
        for token in &cells.cells {
            match token.cell {
                Cell::Empty(0) => {
                    return issue(
                        token.at,
                        "an empty-square count must be at least 1".to_string(),
                    )
                }
                Cell::Piece { id, colour, .. } if !expect.letters.contains(&id) => {
                    let shown = id.text_for(colour);
                    return issue(
                        token.at,
                        format!("`{shown}` in the start position is not a piece of this variant"),
                    );
                }
                _ => {}
            }
            filled = filled.saturating_add(token.cell.width());
            if filled > files {
                return issue(
                    token.at,
                    format!("rank {rank} of the start position has more than {files} squares"),
                );
            }
        }
        if filled != files {
            return issue(
                cells.end,
                format!(
                    "rank {rank} of the start position has {filled} squares, the board has {files} files"
                ),
            );
        }
        if row + 1 == ranks && row + 1 < rows.len() {
            return issue(
                cells.end,
                format!("the start position has more than {ranks} ranks, the board has {ranks}"),
            );
        }
    }
    if rows.len() < ranks {
        return issue(
            rows.last().map_or(0, |r| r.end),
            format!(
                "the start position has {} ranks, the board has {ranks}",
                rows.len()
            ),
        );
    }
    Ok(())
}

/// Holdings `[...]`: piece IDs only (or `-`).
fn check_holdings(holdings: Field<'_>, expect: &Expect<'_>) -> Result<(), FenIssue> {
    let bad = |i: usize| {
        let c = holdings.text.chars().nth(i).unwrap_or(' ');
        issue(
            holdings.at + 1 + i,
            format!("`{c}` in the holdings is not a piece of this variant"),
        )
    };
    let (ids, unreadable) = PieceId::read_list(holdings.text, Some('-'));
    if let Some(i) = unreadable {
        return bad(i);
    }
    match ids
        .iter()
        .find(|(_, read)| !expect.letters.contains(&read.id))
    {
        Some(&(i, _)) => bad(i),
        None => Ok(()),
    }
}

/// The castling field: `-`, or KQkq / file letters (X-FEN and Shredder-FEN), and only if the
/// variant has castling.
fn check_castling_field(rights: Field<'_>, expect: &Expect<'_>) -> Result<(), FenIssue> {
    if rights.text == "-" {
        return Ok(());
    }
    if !expect.castling {
        return issue(
            rights.at,
            format!(
                "the start position has castling rights `{}`, but the variant has no castling",
                rights.text
            ),
        );
    }
    let last_file = char::from(b'a' + expect.files - 1);
    for (i, c) in rights.text.chars().enumerate() {
        let lower = c.to_ascii_lowercase();
        if !(matches!(lower, 'k' | 'q') || ('a'..=last_file).contains(&lower)) {
            return issue(
                rights.at + i,
                format!("`{c}` is not a castling right (KQkq or a file letter)"),
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(letter: char) -> PieceId {
        PieceId::plain(letter).unwrap()
    }

    fn check(fen: &str) -> Result<(), FenIssue> {
        let expect = Expect {
            files: 10,
            ranks: 8,
            letters: &[id('P'), id('R'), id('K')],
            castling: false,
        };
        check_start(fen, &expect)
    }

    #[test]
    fn reads_multi_digit_counts() {
        assert_eq!(check("k9/10/10/10/10/10/10/K8R w - - 0 1"), Ok(()));
    }

    #[test]
    fn points_at_the_problem() {
        let at = |fen: &str| check(fen).unwrap_err().position;
        assert_eq!(at("k10/10/10/10/10/10/10/K9 w - -"), 1);
        assert_eq!(at("k8/10/10/10/10/10/10/K9 w - -"), 2);
        assert_eq!(at("k9/10/10/10/10/10/10 w"), 20);
        assert_eq!(at("k9/10/10/10/10/10/10/K9/10 w"), 23);
        assert_eq!(at("k9/10/10/10/10/10/10/K8x w"), 23);
        assert_eq!(at("k9/10/10/10/10/10/10/K9 x"), 24);
        assert_eq!(at("k9/10/10/10/10/10/10/K9 w KQ"), 26);
        assert_eq!(at("k9/10/10/10/10/10/10/K9[Px] w -"), 25);
    }
}
