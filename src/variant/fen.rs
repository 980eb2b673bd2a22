//! Checks a variant's start FEN: the board part must fit the board and use only the variant's
//! piece letters (with `+` before a promoted piece and `~` after one), holdings in brackets may
//! follow, and the side to move and the castling field must make sense.

/// What is wrong with the FEN, and at which (0-based) character of it.
#[derive(Debug, PartialEq, Eq)]
pub struct FenIssue {
    pub position: usize,
    pub message: String,
}

/// What the FEN is checked against.
pub struct Expect<'a> {
    pub files: u8,
    pub ranks: u8,
    /// Upper-case letters of the piece types.
    pub letters: &'a [char],
    /// Whether the variant has castling at all.
    pub castling: bool,
}

pub fn check_start(fen: &str, expect: &Expect<'_>) -> Result<(), FenIssue> {
    let chars: Vec<char> = fen.chars().collect();
    let issue = |position: usize, message: String| Err(FenIssue { position, message });
    let board_end = chars
        .iter()
        .position(|c| c.is_whitespace())
        .unwrap_or(chars.len());
    let holdings_at = chars[..board_end].iter().position(|&c| c == '[');
    check_board(&chars[..holdings_at.unwrap_or(board_end)], expect)?;
    if let Some(open) = holdings_at {
        check_holdings(&chars[open..board_end], open, expect)?;
    }
    let mut fields = Vec::new();
    let mut start = None;
    for (i, c) in chars.iter().chain(std::iter::once(&' ')).enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                fields.push((s, chars[s..i].iter().collect::<String>()));
                start = None;
            }
            _ => {}
        }
    }
    match fields.get(1) {
        Some((_, side)) if side == "w" || side == "b" => {}
        Some((at, side)) => {
            return issue(
                *at,
                format!("side to move must be `w` or `b`, not `{side}`"),
            )
        }
        None => return issue(chars.len(), "the start FEN has no side to move".to_string()),
    }
    if let Some((at, rights)) = fields.get(2) {
        check_castling_field(*at, rights, expect)?;
    }
    Ok(())
}

fn check_board(board: &[char], expect: &Expect<'_>) -> Result<(), FenIssue> {
    let files = usize::from(expect.files);
    let ranks = usize::from(expect.ranks);
    let mut row = 0;
    let mut filled = 0;
    let mut i = 0;
    let rank_name = |row: usize| ranks.saturating_sub(row);
    while i <= board.len() {
        let c = board.get(i).copied();
        match c {
            None | Some('/') => {
                if filled != files && row < ranks {
                    return Err(FenIssue {
                        position: i,
                        message: format!(
                            "rank {} of the start position has {filled} squares, the board has {files} files",
                            rank_name(row)
                        ),
                    });
                }
                if c.is_none() {
                    break;
                }
                row += 1;
                filled = 0;
                if row >= ranks {
                    return Err(FenIssue {
                        position: i,
                        message: format!(
                            "the start position has more than {ranks} ranks, the board has {ranks}"
                        ),
                    });
                }
                i += 1;
                continue;
            }
            Some(d) if d.is_ascii_digit() => {
                let digits = board[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                let n: usize = board[i..i + digits]
                    .iter()
                    .collect::<String>()
                    .parse()
                    .unwrap_or(usize::MAX);
                if n == 0 {
                    return Err(FenIssue {
                        position: i,
                        message: "an empty-square count must be at least 1".to_string(),
                    });
                }
                filled = filled.saturating_add(n);
                if filled > files {
                    return overflow(i, rank_name(row), files);
                }
                i += digits;
                continue;
            }
            Some(l) if l.is_ascii_alphabetic() => {
                let up = l.to_ascii_uppercase();
                if !expect.letters.contains(&up) {
                    return Err(FenIssue {
                        position: i,
                        message: format!(
                            "`{l}` in the start position is not a piece of this variant"
                        ),
                    });
                }
                filled += 1;
                if filled > files {
                    return overflow(i, rank_name(row), files);
                }
            }
            Some('+') if board.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic()) => {}
            Some('*') => {
                filled += 1;
                if filled > files {
                    return overflow(i, rank_name(row), files);
                }
            }
            Some('~') if i > 0 && board[i - 1].is_ascii_alphabetic() => {}
            Some(other) => {
                return Err(FenIssue {
                    position: i,
                    message: format!(
                        "unexpected `{other}` in the board part of the start position"
                    ),
                })
            }
        }
        i += 1;
    }
    if row + 1 < ranks {
        return Err(FenIssue {
            position: board.len(),
            message: format!(
                "the start position has {} ranks, the board has {ranks}",
                row + 1
            ),
        });
    }
    Ok(())
}

/// Holdings `[...]`: piece letters only, and the closing bracket.
fn check_holdings(text: &[char], at: usize, expect: &Expect<'_>) -> Result<(), FenIssue> {
    if text.last() != Some(&']') {
        return Err(FenIssue {
            position: at + text.len(),
            message: "holdings need a closing `]`".to_string(),
        });
    }
    for (i, &c) in text[1..text.len() - 1].iter().enumerate() {
        if c == '-' || expect.letters.contains(&c.to_ascii_uppercase()) {
            continue;
        }
        return Err(FenIssue {
            position: at + 1 + i,
            message: format!("`{c}` in the holdings is not a piece of this variant"),
        });
    }
    Ok(())
}

fn overflow(position: usize, rank: usize, files: usize) -> Result<(), FenIssue> {
    Err(FenIssue {
        position,
        message: format!("rank {rank} of the start position has more than {files} squares"),
    })
}

/// The castling field: `-`, or KQkq / file letters (X-FEN and Shredder-FEN), and only if the
/// variant has castling.
fn check_castling_field(at: usize, rights: &str, expect: &Expect<'_>) -> Result<(), FenIssue> {
    if rights == "-" {
        return Ok(());
    }
    if !expect.castling {
        return Err(FenIssue {
            position: at,
            message: format!("the start position has castling rights `{rights}`, but the variant has no castling"),
        });
    }
    let last_file = (b'a' + expect.files - 1) as char;
    for (i, c) in rights.chars().enumerate() {
        let lower = c.to_ascii_lowercase();
        if !(matches!(lower, 'k' | 'q') || ('a'..=last_file).contains(&lower)) {
            return Err(FenIssue {
                position: at + i,
                message: format!("`{c}` is not a castling right (KQkq or a file letter)"),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(fen: &str) -> Result<(), FenIssue> {
        let expect = Expect {
            files: 10,
            ranks: 8,
            letters: &['P', 'R', 'K'],
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
