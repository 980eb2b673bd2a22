//! PGN for the page: a game written as PGN (tags, the moves in the engine's notation, the
//! result), and a PGN read back (its tags and moves; comments, variations and move numbers
//! set aside), or the reason it cannot be read, with the line.

use crate::cli::pgn_movetext::movetext;

/// A game read from PGN text: its tags in order and its moves, as written.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
}

impl PgnGame {
    /// The value of the tag `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// What a written game is made of.
pub struct Written<'a> {
    /// The variant's name; no `Variant` tag for chess.
    pub variant: &'a str,
    /// The start position, when it is not the variant's.
    pub fen: Option<&'a str>,
    /// The moves (UCI text).
    pub moves: &'a [String],
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'a str,
    /// Why the game ended, if it did.
    pub termination: Option<&'a str>,
    /// The time control, as PGN writes it (`300+2`).
    pub time_control: Option<&'a str>,
}

/// The game as PGN: the tags, then the numbered moves in lines of at most 79 characters.
pub fn write(game: &Written<'_>) -> String {
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{k} \"{v}\"]\n"));
    };
    tag("Event", "Alfil serve game");
    tag("Site", "alfil serve");
    tag("White", "?");
    tag("Black", "?");
    tag("Result", game.result);
    if !game.variant.eq_ignore_ascii_case("chess") {
        tag("Variant", game.variant);
    }
    if let Some(fen) = game.fen {
        tag("SetUp", "1");
        tag("FEN", fen);
    }
    if let Some(tc) = game.time_control {
        tag("TimeControl", tc);
    }
    if let Some(reason) = game.termination {
        tag("Termination", reason);
    }
    out.push('\n');
    let mut closing = Vec::new();
    if let Some(reason) = game.termination {
        closing.push(format!("{{{}}}", reason.replace('}', ")")));
    }
    closing.push(game.result.to_string());
    out.push_str(&movetext(game.fen, game.moves, &closing));
    out
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Reads the first game of `text`.
pub fn parse(text: &str) -> Result<PgnGame, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut game = PgnGame::default();
    let mut reader = Reader {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
    };
    let mut in_moves = false;
    loop {
        reader.skip_space();
        let Some(c) = reader.peek() else { break };
        let line = reader.line;
        match c {
            '%' if reader.at_line_start() => reader.skip_line(),
            '[' if !in_moves => game.tags.push(reader.tag()?),
            '[' => break,
            '{' => reader.comment()?,
            ';' => reader.skip_line(),
            '(' => reader.variation()?,
            ')' => return Err(format!("line {line}: a ')' closes no variation")),
            '$' => {
                reader.word();
            }
            _ => {
                in_moves = true;
                let word = reader.word();
                if RESULTS.contains(&word.as_str()) {
                    break;
                }
                let word = strip_number(&word);
                let word = word.trim_end_matches(['+', '#', '!', '?']);
                if !word.is_empty() {
                    if !word.chars().any(|c| c.is_ascii_alphabetic() || c == '@') {
                        return Err(format!("line {line}: '{word}' is not a move"));
                    }
                    game.moves.push(word.to_string());
                }
            }
        }
    }
    if game.tags.is_empty() && game.moves.is_empty() {
        return Err("no game in the text: neither tags nor moves".to_string());
    }
    Ok(game)
}

/// A move number (`12.`, `12...`) in front of a move, or alone, taken off.
fn strip_number(word: &str) -> &str {
    let digits = word.trim_start_matches(|c: char| c.is_ascii_digit());
    if digits.len() < word.len() && digits.starts_with('.') {
        digits.trim_start_matches('.')
    } else {
        word
    }
}

struct Reader {
    chars: Vec<char>,
    at: usize,
    line: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn at_line_start(&self) -> bool {
        self.at == 0 || self.chars[self.at - 1] == '\n'
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.next();
        }
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.next() {
            if c == '\n' {
                break;
            }
        }
    }

    /// A word: up to white space or a character that starts something else.
    fn word(&mut self) -> String {
        let mut word = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}()[];".contains(c) {
                break;
            }
            word.push(c);
            self.next();
        }
        if word.is_empty() {
            if let Some(c) = self.next() {
                word.push(c);
            }
        }
        word
    }

    /// `[Name "value"]`.
    fn tag(&mut self) -> Result<(String, String), String> {
        let line = self.line;
        let bad = |what: &str| format!("line {line}: a tag must read [Name \"value\"]: {what}");
        self.next();
        self.skip_space();
        let mut name = String::new();
        while let Some(c) = self
            .peek()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        {
            name.push(c);
            self.next();
        }
        if name.is_empty() {
            return Err(bad("the name is missing"));
        }
        self.skip_space();
        if self.next() != Some('"') {
            return Err(bad(&format!("no quoted value after {name}")));
        }
        let mut value = String::new();
        loop {
            match self.next() {
                Some('\\') => value.extend(self.next()),
                Some('"') => break,
                Some('\n') | None => {
                    return Err(bad(&format!("the value of {name} is not closed")))
                }
                Some(c) => value.push(c),
            }
        }
        self.skip_space();
        if self.next() != Some(']') {
            return Err(bad(&format!("no ']' after the value of {name}")));
        }
        Ok((name, value))
    }

    /// `{ … }`.
    fn comment(&mut self) -> Result<(), String> {
        let line = self.line;
        self.next();
        while let Some(c) = self.next() {
            if c == '}' {
                return Ok(());
            }
        }
        Err(format!("line {line}: a comment '{{' is not closed"))
    }

    /// `( … )`, nested, with comments inside.
    fn variation(&mut self) -> Result<(), String> {
        let line = self.line;
        let mut depth = 0;
        while let Some(c) = self.peek() {
            match c {
                '{' => {
                    self.comment()?;
                    continue;
                }
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.next();
                        return Ok(());
                    }
                }
                _ => {}
            }
            self.next();
        }
        Err(format!("line {line}: a variation '(' is not closed"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_moves_comments_and_variations_are_read() {
        let text = "[Event \"x\"]\n[Variant \"xiangqi\"]\n[FEN \"a \\\"b\\\"\"]\n\n\
                    1. h3e3 {a cannon} h10g8 2. h1g3 (2. b1c3 {no}) $1 b10c8+ ; rest\n3...a1a2 1-0 4. x";
        let game = parse(text).expect("a game");
        assert_eq!(game.tag("variant"), Some("xiangqi"));
        assert_eq!(game.tag("FEN"), Some("a \"b\""));
        assert_eq!(game.moves, ["h3e3", "h10g8", "h1g3", "b10c8", "a1a2"]);
    }

    #[test]
    fn broken_text_gets_its_line() {
        for (text, says) in [
            ("[Event \"x\"\n1. e2e4", "line 1: a tag must read"),
            ("[Event \"x\"]\n1. e2e4 {open", "line 2: a comment"),
            ("1. e2e4 (1. d2d4", "line 1: a variation"),
            ("\n1. e2e4 )", "line 2: a ')'"),
            ("1. 2. 3.", ""),
            ("  ", "no game"),
        ] {
            match parse(text) {
                Err(e) => assert!(e.starts_with(says), "{text:?}: {e}"),
                Ok(g) => assert!(says.is_empty() && g.moves.is_empty(), "{text:?}: {g:?}"),
            }
        }
    }

    #[test]
    fn a_written_game_reads_back() {
        let moves = vec!["e2e4".to_string(), "e7e5".to_string()];
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 7";
        let text = write(&Written {
            variant: "capablanca",
            fen: Some(fen),
            moves: &moves,
            result: "0-1",
            termination: Some("White loses on time"),
            time_control: Some("300+2"),
        });
        assert!(
            text.contains("7... e2e4 8. e7e5 {White loses on time} 0-1"),
            "{text}"
        );
        let back = parse(&text).expect("it reads");
        assert_eq!(back.moves, moves);
        assert_eq!(back.tag("FEN"), Some(fen));
        assert_eq!(back.tag("Variant"), Some("capablanca"));
        assert_eq!(back.tag("TimeControl"), Some("300+2"));
    }
}
