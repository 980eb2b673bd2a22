//! Names near a misspelt one: the edit distance behind every "did you mean" of variant files.

/// The known name nearest to `name` by edit distance, if it is near enough to be a slip.
pub fn closest(name: &str, names: &[String]) -> Option<String> {
    let name = name.to_ascii_lowercase();
    names
        .iter()
        .map(|n| (edit_distance(&name, &n.to_ascii_lowercase()), n))
        .filter(|(d, n)| *d <= 2.max(n.len() / 4))
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n.clone())
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}
