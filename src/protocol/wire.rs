//! Line-level pieces of CECP that both ends use: splitting a command word from its arguments,
//! result texts (`1-0 {White mates}`), `feature` lists, and making untrusted text safe to echo
//! (which the UCI engine uses too).

use crate::types::Colour;

/// Longest text echoed back in an error message.
const ECHO_LIMIT: usize = 60;

/// The first word of a line and the rest, trimmed.
pub fn split_command(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    }
}

/// Text from outside made printable on one line and cut to a readable length.
pub fn echo(text: &str) -> String {
    let mut out: String = text
        .chars()
        .map(|c| {
            if c.is_control() || c == '\u{fffd}' {
                '?'
            } else {
                c
            }
        })
        .take(ECHO_LIMIT)
        .collect();
    if text.chars().count() > ECHO_LIMIT {
        out.push_str("...");
    }
    out
}

/// Text from outside made printable on one line, cut to a length a person still reads (for
/// messages such as a variant file's error).
pub fn echo_long(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(400)
        .collect()
}

/// A game result as the protocol writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    WhiteWins,
    BlackWins,
    Draw,
    /// `*`: unfinished.
    Unfinished,
}

impl Score {
    pub fn text(self) -> &'static str {
        match self {
            Score::WhiteWins => "1-0",
            Score::BlackWins => "0-1",
            Score::Draw => "1/2-1/2",
            Score::Unfinished => "*",
        }
    }

    /// The winner's colour (0 = White), if any.
    pub fn winner(self) -> Option<usize> {
        match self {
            Score::WhiteWins => Some(0),
            Score::BlackWins => Some(1),
            _ => None,
        }
    }

    pub fn from_winner(winner: Option<Colour>) -> Score {
        match winner {
            Some(Colour::White) => Score::WhiteWins,
            Some(Colour::Black) => Score::BlackWins,
            None => Score::Draw,
        }
    }
}

/// Read `1-0 {reason}`, `0-1`, `1/2-1/2 {…}` or `* {…}`: the score and the reason (may be empty).
pub fn parse_result(text: &str) -> Option<(Score, String)> {
    let (word, rest) = split_command(text);
    let score = match word {
        "1-0" => Score::WhiteWins,
        "0-1" => Score::BlackWins,
        "1/2-1/2" => Score::Draw,
        "*" => Score::Unfinished,
        _ => return None,
    };
    let reason = rest
        .strip_prefix('{')
        .map(|r| r.split('}').next().unwrap_or(r))
        .unwrap_or(rest);
    Some((score, reason.trim().to_string()))
}

/// The `NAME=VALUE` pairs of a `feature` command's arguments, quotes removed from values.
pub fn parse_features(args: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = args.trim_start();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else { break };
        let name = rest[..eq].trim().to_string();
        rest = &rest[eq + 1..];
        let value;
        if let Some(quoted) = rest.strip_prefix('"') {
            let end = quoted.find('"').unwrap_or(quoted.len());
            value = quoted[..end].to_string();
            rest = quoted.get(end + 1..).unwrap_or("");
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            value = rest[..end].to_string();
            rest = &rest[end..];
        }
        out.push((name, value));
        rest = rest.trim_start();
    }
    out
}

/// What an engine's line means to the GUI side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineLine {
    /// `move MOVE` (a non-final leg of a multi-leg move ends in a comma).
    Move(String),
    /// `RESULT {reason}`: the engine claims the game ended.
    Claim(Score, String),
    Resign,
    OfferDraw,
    /// `Illegal move (reason): MOVE`: the engine rejects the move it was sent.
    Illegal(String),
    Pong(String),
    /// `feature NAME=VALUE …`.
    Feature(Vec<(String, String)>),
    /// Anything else (thinking output, `Error`, `telluser`, `#` comments, `setup`, `piece` …).
    Other,
}

/// Classify one line an engine printed.
pub fn engine_line(line: &str) -> EngineLine {
    let (word, rest) = split_command(line);
    match word {
        "move" => EngineLine::Move(rest.to_string()),
        "resign" => EngineLine::Resign,
        "pong" => EngineLine::Pong(rest.to_string()),
        "feature" => EngineLine::Feature(parse_features(rest)),
        "offer" if rest.starts_with("draw") => EngineLine::OfferDraw,
        _ if line.to_ascii_lowercase().starts_with("illegal move") => {
            EngineLine::Illegal(line.rsplit(':').next().unwrap_or("").trim().to_string())
        }
        _ => match parse_result(line) {
            Some((score, reason)) => EngineLine::Claim(score, reason),
            None => EngineLine::Other,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_and_features() {
        assert_eq!(
            parse_result("1-0 {White mates}"),
            Some((Score::WhiteWins, "White mates".into()))
        );
        assert_eq!(parse_result("1/2-1/2"), Some((Score::Draw, String::new())));
        assert_eq!(parse_result("2-0"), None);
        let f =
            parse_features(r#"done=0 myname="Fairy-Max 5.0b" variants="normal,shatranj" ping=1"#);
        assert_eq!(f[1], ("myname".into(), "Fairy-Max 5.0b".into()));
        assert_eq!(f[2], ("variants".into(), "normal,shatranj".into()));
        assert_eq!(f[3], ("ping".into(), "1".into()));
        assert_eq!(split_command("  usermove  e2e4 "), ("usermove", "e2e4"));
        assert_eq!(echo("a\u{1}b"), "a?b");
        assert_eq!(engine_line("move e2e4"), EngineLine::Move("e2e4".into()));
        assert_eq!(
            engine_line("Illegal move (no such move): e2e5"),
            EngineLine::Illegal("e2e5".into())
        );
        assert_eq!(
            engine_line("0-1 {White resigns}"),
            EngineLine::Claim(Score::BlackWins, "White resigns".into())
        );
        assert_eq!(engine_line("1 23 4 567 e2e4"), EngineLine::Other);
    }
}
