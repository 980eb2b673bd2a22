//! Every error of a variant file at once: the loader stops at the first error, so the file is
//! loaded again with the value at fault set aside — the entry blanked out (spaces, so that
//! every line and column stays where it was), or a piece's bad XBetza replaced by a plain `W`
//! — until it loads or the next error cannot be told apart from the repair's consequences (a
//! RON syntax error, an error in the same place again or inside a repaired span, an error in
//! another file, a broken `inherits`).

/// One entry of a RON struct or list: its text span (the trailing comma included) and its key
/// when it is `key: value`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    start: usize,
    end: usize,
    key: Option<String>,
}

/// A repair made to the text.
#[derive(Clone, Debug)]
pub struct Repair {
    start: usize,
    end: usize,
}

impl Repair {
    /// Whether the byte offset lies in the repaired span.
    pub fn covers(&self, offset: usize) -> bool {
        (self.start..self.end).contains(&offset)
    }
}

/// What to do about an error at a byte offset of `text`.
pub enum Step {
    /// Load again from this text.
    Retry(String, Repair),
    /// No repair can go past this error.
    Stop,
}

/// The repair of the error at byte `offset`: the innermost entry there blanked, or its
/// XBetza replaced when it is a piece's `moves`; none past a broken `inherits`.
pub fn repair(text: &str, offset: usize) -> Step {
    let entries = entries(text);
    repair_in(text, offset, &entries)
}

/// A piece without a slot in the file's own `piece_to_char`: the string is set aside, so
/// that Alfil derives it, rather than the piece.
pub fn repair_piece_to_char(text: &str, offset: usize) -> Step {
    let entries = entries(text);
    match entries
        .iter()
        .find(|e| e.key.as_deref() == Some("piece_to_char"))
    {
        Some(entry) => {
            blank(text, entry).map_or(Step::Stop, |(text, repair)| Step::Retry(text, repair))
        }
        None => repair_in(text, offset, &entries),
    }
}

fn repair_in(text: &str, offset: usize, entries: &[Entry]) -> Step {
    let Some(entry) = entries
        .iter()
        .filter(|e| e.start <= offset && offset < e.end)
        .min_by_key(|e| e.end - e.start)
    else {
        return Step::Stop;
    };
    let repaired = match entry.key.as_deref() {
        Some("inherits") => None,
        Some("moves") => replace_moves(text, entry).or_else(|| blank(text, entry)),
        _ => blank(text, entry),
    };
    repaired.map_or(Step::Stop, |(text, repair)| Step::Retry(text, repair))
}

/// The entry that encloses the innermost one at `offset` (for a key whose absence is itself
/// an error: its whole struct is set aside).
pub fn repair_enclosing(text: &str, offset: usize) -> Step {
    let entries = entries(text);
    let mut around: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.start <= offset && offset < e.end)
        .collect();
    around.sort_by_key(|e| e.end - e.start);
    match around.get(1) {
        Some(entry) if entry.key.as_deref() != Some("inherits") => {
            blank(text, entry).map_or(Step::Stop, |(text, repair)| Step::Retry(text, repair))
        }
        _ => Step::Stop,
    }
}

/// The key of the innermost entry at `offset`.
pub fn key_at(text: &str, offset: usize) -> Option<String> {
    entries(text)
        .into_iter()
        .filter(|e| e.start <= offset && offset < e.end)
        .min_by_key(|e| e.end - e.start)
        .and_then(|e| e.key)
}

/// Whether `text` has an entry with the key `key`, at any depth.
pub fn writes_key(text: &str, key: &str) -> bool {
    entries(text).iter().any(|e| e.key.as_deref() == Some(key))
}

/// Whether `text` is RON at all (a file that is not cannot be read past its syntax error).
pub fn is_ron(text: &str) -> bool {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str::<ron::Value>(text)
        .is_ok()
}

/// The entry replaced by spaces (newlines kept).
fn blank(text: &str, entry: &Entry) -> Option<(String, Repair)> {
    let blanked: String = text[entry.start..entry.end]
        .chars()
        .map(|c| if c == '\n' { '\n' } else { ' ' })
        .collect();
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..entry.start]);
    out.push_str(&blanked);
    out.push_str(&text[entry.end..]);
    Some((
        out,
        Repair {
            start: entry.start,
            end: entry.start + blanked.len(),
        },
    ))
}

/// A `moves: "…"` entry whose string becomes `"W"` padded with spaces to its length.
fn replace_moves(text: &str, entry: &Entry) -> Option<(String, Repair)> {
    let span = &text[entry.start..entry.end];
    let open = entry.start + span.find('"')?;
    let close = open + 1 + text[open + 1..entry.end].find('"')?;
    let length = text[open..=close].chars().count();
    if length < 3 {
        return None;
    }
    let replacement = format!("\"W\"{}", " ".repeat(length - 3));
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..open]);
    out.push_str(&replacement);
    out.push_str(&text[close + 1..]);
    Some((
        out,
        Repair {
            start: open,
            end: open + replacement.len(),
        },
    ))
}

/// Every entry of the RON text, at every depth.
fn entries(text: &str) -> Vec<Entry> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    // For each open bracket: where its current entry started (None before its first token).
    let mut open: Vec<Option<usize>> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(bytes.len(), |n| i + n);
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |n| i + 2 + n + 2);
                continue;
            }
            b' ' | b'\t' | b'\r' | b'\n' => {}
            _ => {
                if let Some(slot @ None) = open.last_mut() {
                    if !matches!(c, b',' | b')' | b']' | b'}') {
                        *slot = Some(i);
                    }
                }
            }
        }
        match c {
            b'"' => i = skip_string(bytes, i),
            b'\'' => i = skip_char(bytes, i),
            b'(' | b'[' | b'{' => open.push(None),
            b',' => {
                if let Some(slot) = open.last_mut() {
                    if let Some(start) = slot.take() {
                        found.push(entry(text, start, i + 1));
                    }
                }
            }
            b')' | b']' | b'}' => {
                if let Some(Some(start)) = open.pop() {
                    let end = text[..i].trim_end().len();
                    found.push(entry(text, start, end));
                }
            }
            _ => {}
        }
        i += 1;
    }
    found
}

fn entry(text: &str, start: usize, end: usize) -> Entry {
    let span = &text[start..end];
    let ident_end = span
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(span.len());
    let key = (ident_end > 0 && span[ident_end..].trim_start().starts_with(':'))
        .then(|| span[..ident_end].to_string());
    Entry { start, end, key }
}

/// The index of the closing quote of the string opening at `i`.
fn skip_string(bytes: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < bytes.len() && bytes[i] != b'"' {
        if bytes[i] == b'\\' {
            i += 1;
        }
        i += 1;
    }
    i
}

/// The index of the closing quote of the character literal opening at `i`.
fn skip_char(bytes: &[u8], i: usize) -> usize {
    let mut j = i + 1;
    if bytes.get(j) == Some(&b'\\') {
        j += 1;
    }
    j += 1;
    while j < bytes.len() && bytes[j] != b'\'' && j < i + 8 {
        j += 1;
    }
    j
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "(\n    name: \"x\", // a comment, with a comma\n    pieces: [\n        \
                        (letter: 'A', moves: \"B@N\"),\n    ],\n)\n";

    #[test]
    fn entries_are_found_at_every_depth_with_their_keys() {
        let keys: Vec<Option<String>> = entries(FILE).into_iter().map(|e| e.key).collect();
        assert_eq!(
            keys,
            [
                Some("name".to_string()),
                Some("letter".to_string()),
                Some("moves".to_string()),
                None,
                Some("pieces".to_string()),
            ]
        );
    }

    #[test]
    fn a_bad_entry_is_blanked_in_place_and_bad_moves_become_a_wazir() {
        let at = FILE.find("name").unwrap() + 2;
        let Step::Retry(text, _) = repair(FILE, at) else {
            panic!("no repair")
        };
        assert_eq!(text.len(), FILE.len());
        assert!(
            !text.contains("name") && text.contains("  // a comment"),
            "{text}"
        );
        let at = FILE.find("B@N").unwrap() + 1;
        let Step::Retry(text, _) = repair(FILE, at) else {
            panic!("no repair")
        };
        assert!(text.contains("moves: \"W\"  ),"), "{text}");
        let Step::Retry(text, _) = repair_enclosing(FILE, at) else {
            panic!("no repair")
        };
        assert!(!text.contains("letter"), "{text}");
        assert_eq!(key_at(FILE, at).as_deref(), Some("moves"));
    }
}
