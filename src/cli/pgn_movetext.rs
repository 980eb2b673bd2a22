//! PGN movetext as `alfil match` and `alfil serve` write it: the moves numbered from the
//! start position's move number and side to move, then the closing words, in lines of at most
//! 79 characters.

/// The numbered `moves` from the position `fen` (the variant's start where `None`), then
/// `closing` (a comment, the result), wrapped at 79 characters; each line ends in a newline.
pub fn movetext(fen: Option<&str>, moves: &[String], closing: &[String]) -> String {
    let fields: Vec<&str> = fen
        .map(|f| f.split_whitespace().collect())
        .unwrap_or_default();
    let black_first = fields.get(1) == Some(&"b");
    let first_number: usize = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    let mut words = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let ply = i + usize::from(black_first);
        let number = first_number + ply / 2;
        if ply % 2 == 0 {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(m.clone());
    }
    words.extend(closing.iter().cloned());
    let mut out = String::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + w.len() + 1 > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}
