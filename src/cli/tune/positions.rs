//! The tuner's positions file: one labelled position a line, `FEN | RESULT | GAME`, where
//! RESULT is the game's result (`1-0`, `0-1` or `1/2-1/2`) and GAME numbers the game it comes
//! from (positions of one game are held out together). `alfil tune --save-positions` writes
//! one from its self-play; `alfil tune --positions` fits to one instead of playing, so that a
//! fit can be run again, or run on positions from elsewhere.

use std::path::Path;

use super::selfplay::Labelled;

/// The text of `positions`.
pub fn to_text(positions: &[Labelled]) -> String {
    let mut text = String::new();
    for p in positions {
        text.push_str(&format!(
            "{} | {} | {}\n",
            p.fen,
            result_text(p.result),
            p.game
        ));
    }
    text
}

fn result_text(result: f32) -> &'static str {
    if result > 0.75 {
        "1-0"
    } else if result < 0.25 {
        "0-1"
    } else {
        "1/2-1/2"
    }
}

/// Write `positions` to `path`.
pub fn write(path: &Path, positions: &[Labelled]) -> Result<(), String> {
    std::fs::write(path, to_text(positions))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Read the positions file at `path`; `check` tests each FEN (an error names the file, line
/// and column). Empty lines and lines starting with `#` are skipped.
pub fn read(
    path: &Path,
    check: &dyn Fn(&str) -> Result<(), String>,
) -> Result<Vec<Labelled>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse(&text, check)
        .map_err(|(line, column, reason)| format!("{}:{line}:{column}: {reason}", path.display()))
}

/// The positions of `text`, or the line, column and reason of its first error.
fn parse(
    text: &str,
    check: &dyn Fn(&str) -> Result<(), String>,
) -> Result<Vec<Labelled>, (usize, usize, String)> {
    let mut positions = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').collect();
        let column = |field: usize| -> usize {
            fields[..field].iter().map(|f| f.len() + 1).sum::<usize>() + fields[field].len()
                - fields[field].trim_start().len()
                + 1
        };
        if fields.len() != 3 {
            return Err((
                n + 1,
                1,
                format!(
                    "expected `FEN | RESULT | GAME`, found {} field{}",
                    fields.len(),
                    if fields.len() == 1 { "" } else { "s" }
                ),
            ));
        }
        let fen = fields[0].trim();
        check(fen).map_err(|reason| (n + 1, column(0), reason))?;
        let result = match fields[1].trim() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            "1/2-1/2" => 0.5,
            other => {
                return Err((
                    n + 1,
                    column(1),
                    format!("result `{other}`: expected 1-0, 0-1 or 1/2-1/2"),
                ))
            }
        };
        let game = fields[2].trim().parse().map_err(|_| {
            (
                n + 1,
                column(2),
                format!("game `{}`: expected a whole number", fields[2].trim()),
            )
        })?;
        positions.push(Labelled {
            fen: fen.to_string(),
            result,
            game,
        });
    }
    Ok(positions)
}

#[cfg(test)]
mod tests {
    use super::{parse, to_text};
    use crate::cli::tune::selfplay::Labelled;

    fn any_fen(_: &str) -> Result<(), String> {
        Ok(())
    }

    #[test]
    fn positions_read_back_as_written() {
        let positions = vec![
            Labelled {
                fen: "8/8/8/8/8/8/8/K6k w - - 0 1".to_string(),
                result: 1.0,
                game: 3,
            },
            Labelled {
                fen: "8/8/8/8/8/8/8/K6k b - - 0 1".to_string(),
                result: 0.5,
                game: 4,
            },
            Labelled {
                fen: "8/8/8/8/8/8/8/K6k w - - 0 2".to_string(),
                result: 0.0,
                game: 4,
            },
        ];
        let text = to_text(&positions);
        assert_eq!(parse(&text, &any_fen), Ok(positions));
    }

    #[test]
    fn a_bad_line_is_named_with_its_column() {
        let refuse = |fen: &str| {
            if fen.starts_with('x') {
                Err("not a FEN".to_string())
            } else {
                Ok(())
            }
        };
        let cases = [
            (
                "a w | 1-0",
                (1, 1, "expected `FEN | RESULT | GAME`, found 2 fields"),
            ),
            (
                "# c\na | 2-0 | 1",
                (2, 5, "result `2-0`: expected 1-0, 0-1 or 1/2-1/2"),
            ),
            (
                "a | 1-0 | one",
                (1, 11, "game `one`: expected a whole number"),
            ),
            ("\n  x | 1-0 | 1", (2, 3, "not a FEN")),
        ];
        for (text, (line, column, reason)) in cases {
            assert_eq!(
                parse(text, &refuse),
                Err((line, column, reason.to_string())),
                "{text}"
            );
        }
    }
}
