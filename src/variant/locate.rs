//! Where a value sits in RON text: a light scan of the text into nested groups, so the loader
//! can point an error at `pieces[3].moves` or at one character inside a string literal.
//!
//! It only runs on text that RON has already accepted, but it never panics on any input: what
//! it cannot follow simply is not found, and callers fall back to the enclosing value.

/// One step of a path into a RON value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seg {
    /// A struct field by name.
    Key(&'static str),
    /// A list (or tuple) element by position.
    Index(usize),
}

/// The value tree of one RON text, with the byte offset where each value starts.
#[derive(Debug)]
pub struct SourceMap {
    root: Option<Node>,
}

#[derive(Debug)]
struct Node {
    start: usize,
    /// Entries of a struct, tuple, list or map (key for struct fields); empty for scalars.
    entries: Vec<(Option<String>, Node)>,
}

#[derive(Debug, PartialEq)]
enum Tok {
    Open,
    Close,
    Comma,
    Colon,
    Hash,
    Ident(String),
    Other,
}

/// Deepest nesting followed; deeper values are located at their outermost followed ancestor.
const MAX_DEPTH: usize = 64;

impl SourceMap {
    pub fn new(text: &str) -> SourceMap {
        let toks = tokenize(text);
        let mut i = 0;
        while toks.get(i).is_some_and(|(t, _)| *t == Tok::Hash) {
            i = skip_attribute(&toks, i);
        }
        let root = (i < toks.len()).then(|| parse_value(&toks, &mut i, 0));
        SourceMap { root }
    }

    /// Byte offset of the value at `path`, or of its deepest ancestor that exists.
    pub fn offset(&self, path: &[Seg]) -> usize {
        let Some(mut node) = self.root.as_ref() else {
            return 0;
        };
        for seg in path {
            let next = match seg {
                Seg::Key(k) => node
                    .entries
                    .iter()
                    .find(|(key, _)| key.as_deref() == Some(*k)),
                Seg::Index(n) => node.entries.get(*n),
            };
            match next {
                Some((_, child)) => node = child,
                None => break,
            }
        }
        node.start
    }
}

/// Byte offset of the `index`-th character of the string (or char) literal starting at `start`;
/// the literal's start if the text there is no literal or is shorter.
pub fn offset_in_literal(text: &str, start: usize, index: usize) -> usize {
    let Some(rest) = text.get(start..) else {
        return start;
    };
    let (raw, open, close) = if let Some(after_r) = rest.strip_prefix('r') {
        let hashes = after_r.len() - after_r.trim_start_matches('#').len();
        (true, 2 + hashes, '"')
    } else if let Some(quote) = rest.chars().next().filter(|&c| c == '"' || c == '\'') {
        (false, 1, quote)
    } else {
        return start;
    };
    let mut chars = rest
        .char_indices()
        .skip_while(|(i, _)| *i < open)
        .peekable();
    for _ in 0..index {
        match chars.next() {
            Some((_, '\\')) if !raw => skip_escape(&mut chars),
            Some((_, c)) if c == close => return start,
            None => return start,
            Some(_) => {}
        }
    }
    chars.peek().map_or(start, |(i, _)| start + i)
}

/// 1-based line and character column of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
    (line, column)
}

fn skip_escape(chars: &mut std::iter::Peekable<impl Iterator<Item = (usize, char)>>) {
    if let Some((_, 'u')) = chars.next() {
        if chars.peek().is_some_and(|(_, c)| *c == '{') {
            for (_, c) in chars.by_ref() {
                if c == '}' {
                    break;
                }
            }
        }
    }
}

/// The tokens of the text with their byte offsets; strings, chars and numbers are `Other`.
fn tokenize(text: &str) -> Vec<(Tok, usize)> {
    let bytes = text.as_bytes();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let b = bytes[i];
        let tok = match b {
            b'(' | b'[' | b'{' => Tok::Open,
            b')' | b']' | b'}' => Tok::Close,
            b',' => Tok::Comma,
            b':' => Tok::Colon,
            b'#' => Tok::Hash,
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..].find("*/").map_or(bytes.len(), |n| i + n + 4);
                continue;
            }
            b'"' | b'\'' => {
                i = end_of_quoted(bytes, i);
                toks.push((Tok::Other, start));
                continue;
            }
            b'r' if matches!(bytes.get(i + 1), Some(b'"' | b'#')) => {
                i = end_of_raw(text, i);
                toks.push((Tok::Other, start));
                continue;
            }
            _ if b.is_ascii_alphabetic() || b == b'_' => {
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                toks.push((Tok::Ident(text[start..i].to_string()), start));
                continue;
            }
            _ if b.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            _ if b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.') => {
                i += 1;
                while i < bytes.len()
                    && (bytes[i].is_ascii_alphanumeric() || matches!(bytes[i], b'_' | b'.'))
                {
                    i += 1;
                }
                toks.push((Tok::Other, start));
                continue;
            }
            _ => {
                i += text[i..].chars().next().map_or(1, char::len_utf8);
                toks.push((Tok::Other, start));
                continue;
            }
        };
        toks.push((tok, start));
        i += 1;
    }
    toks
}

/// Offset just past a `"..."` or `'...'` literal starting at `i`.
fn end_of_quoted(bytes: &[u8], i: usize) -> usize {
    let quote = bytes[i];
    let mut j = i + 1;
    while j < bytes.len() && bytes[j] != quote {
        j += if bytes[j] == b'\\' { 2 } else { 1 };
    }
    (j + 1).min(bytes.len())
}

/// Offset just past a raw string `r#"..."#` starting at `i`.
fn end_of_raw(text: &str, i: usize) -> usize {
    let after_r = &text[i + 1..];
    let hashes = after_r.len() - after_r.trim_start_matches('#').len();
    let close = format!("\"{}", "#".repeat(hashes));
    let body = i + 2 + hashes;
    text.get(body..)
        .and_then(|rest| rest.find(&close))
        .map_or(text.len(), |n| body + n + close.len())
}

/// Skips `#![...]` or `#[...]` starting at `i`.
fn skip_attribute(toks: &[(Tok, usize)], mut i: usize) -> usize {
    i += 1;
    while toks.get(i).is_some_and(|(t, _)| *t == Tok::Other) {
        i += 1;
    }
    if toks.get(i).is_some_and(|(t, _)| *t == Tok::Open) {
        let mut depth = 0;
        while let Some((t, _)) = toks.get(i) {
            i += 1;
            match t {
                Tok::Open => depth += 1,
                Tok::Close => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    i
}

fn parse_value(toks: &[(Tok, usize)], i: &mut usize, depth: usize) -> Node {
    let start = toks.get(*i).map_or(0, |(_, s)| *s);
    match toks.get(*i) {
        Some((Tok::Open, _)) => parse_group(toks, i, depth, start),
        Some((Tok::Ident(name), _)) if matches!(toks.get(*i + 1), Some((Tok::Open, _))) => {
            *i += 1;
            let mut group = parse_group(toks, i, depth, start);
            if name == "Some" && group.entries.len() == 1 && group.entries[0].0.is_none() {
                group.entries.pop().map_or(group, |(_, inner)| inner)
            } else {
                group
            }
        }
        _ => {
            *i += 1;
            Node {
                start,
                entries: Vec::new(),
            }
        }
    }
}

/// A bracketed group whose opening token is at `*i`.
fn parse_group(toks: &[(Tok, usize)], i: &mut usize, depth: usize, start: usize) -> Node {
    *i += 1;
    let mut entries = Vec::new();
    while let Some((tok, _)) = toks.get(*i) {
        match tok {
            Tok::Close => {
                *i += 1;
                break;
            }
            Tok::Comma => *i += 1,
            _ if depth >= MAX_DEPTH => *i += 1,
            _ => {
                let key = match (tok, toks.get(*i + 1)) {
                    (Tok::Ident(k), Some((Tok::Colon, _))) => {
                        *i += 2;
                        Some(k.clone())
                    }
                    (_, Some((Tok::Colon, _))) => {
                        *i += 2;
                        None
                    }
                    _ => None,
                };
                entries.push((key, parse_value(toks, i, depth + 1)));
            }
        }
    }
    Node { start, entries }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "// c\n(\n  name: \"x\",\n  pieces: [\n    (letter: 'P', moves: \"fm\\\"W\"),\n    (letter: 'N', moves: r#\"N\"#),\n  ],\n  castling: Some((king: 'K')),\n)\n";

    #[test]
    fn finds_values_by_path() {
        let map = SourceMap::new(TEXT);
        let at = |path: &[Seg]| line_col(TEXT, map.offset(path));
        assert_eq!(at(&[]), (2, 1));
        assert_eq!(at(&[Seg::Key("name")]), (3, 9));
        let moves = [Seg::Key("pieces"), Seg::Index(1), Seg::Key("moves")];
        assert_eq!(at(&moves), (6, 26));
        assert_eq!(at(&[Seg::Key("castling"), Seg::Key("king")]), (8, 25));
        assert_eq!(at(&[Seg::Key("pieces"), Seg::Index(7)]), (4, 11));
    }

    #[test]
    fn finds_characters_inside_literals() {
        let map = SourceMap::new(TEXT);
        let start = map.offset(&[Seg::Key("pieces"), Seg::Index(0), Seg::Key("moves")]);
        assert_eq!(line_col(TEXT, offset_in_literal(TEXT, start, 0)), (5, 27));
        assert_eq!(line_col(TEXT, offset_in_literal(TEXT, start, 3)), (5, 31));
        let raw = map.offset(&[Seg::Key("pieces"), Seg::Index(1), Seg::Key("moves")]);
        assert_eq!(line_col(TEXT, offset_in_literal(TEXT, raw, 0)), (6, 29));
    }

    #[test]
    fn survives_garbage() {
        for text in [
            "",
            "(",
            ")",
            "#![",
            "r#\"",
            "'\\u{",
            "(a: (b: [1, (c:",
            "\"é",
        ] {
            let map = SourceMap::new(text);
            let _ = map.offset(&[Seg::Key("a"), Seg::Index(3)]);
            let _ = offset_in_literal(text, 0, 5);
        }
    }
}
