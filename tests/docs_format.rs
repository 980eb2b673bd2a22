//! `docs/variant-format.md` kept in step with the schema: every field of every struct of
//! `src/variant/schema.rs` has its row in the struct's section of the document, and every row
//! names a field the schema has. `docs/xbetza.md` kept in step with the XBetza parser: every
//! letter has a row, every example of a letter Alfil reads is read, every one it refuses is
//! refused.

use std::collections::BTreeMap;

/// The fields of each `pub struct` of the schema's source, by struct name.
fn schema_fields(source: &str) -> BTreeMap<String, Vec<String>> {
    let mut found = BTreeMap::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in source.lines() {
        if let Some(rest) = line.strip_prefix("pub struct ") {
            let name = rest.split_whitespace().next().unwrap().to_string();
            current = Some((name, Vec::new()));
        } else if line == "}" {
            if let Some((name, fields)) = current.take() {
                found.insert(name, fields);
            }
        } else if let Some((_, fields)) = current.as_mut() {
            if let Some(rest) = line.trim().strip_prefix("pub ") {
                fields.push(rest.split(':').next().unwrap().to_string());
            }
        }
    }
    found
}

/// The fields of each `## Section` of the document: the first column of its table rows.
fn documented_fields(doc: &str) -> BTreeMap<String, Vec<String>> {
    let mut found: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut section = String::new();
    for line in doc.lines() {
        if let Some(name) = line.strip_prefix("## ") {
            section = name.trim().to_string();
        } else if let Some(row) = line.strip_prefix("| `") {
            let field = row.split('`').next().unwrap().to_string();
            found.entry(section.clone()).or_default().push(field);
        }
    }
    found
}

#[test]
fn every_schema_field_is_documented_and_every_documented_field_exists() {
    let root = env!("CARGO_MANIFEST_DIR");
    let source = std::fs::read_to_string(format!("{root}/src/variant/schema.rs")).unwrap();
    let doc = std::fs::read_to_string(format!("{root}/docs/variant-format.md")).unwrap();
    let schema = schema_fields(&source);
    let documented = documented_fields(&doc);
    // The parse found the schema: the top-level struct and the piece entry with their fields.
    assert!(schema["VariantFile"].contains(&"piece_to_char".to_string()));
    assert!(schema["PieceDef"].contains(&"moves".to_string()));
    assert!(schema.len() >= 15, "{schema:?}");
    for (name, fields) in &schema {
        let rows = documented
            .get(name)
            .unwrap_or_else(|| panic!("docs/variant-format.md has no `## {name}` section"));
        for field in fields {
            assert!(
                rows.contains(field),
                "docs/variant-format.md, `## {name}`: no row for `{field}`"
            );
        }
        for row in rows {
            assert!(
                fields.contains(row),
                "docs/variant-format.md, `## {name}`: `{row}` is not a field of the schema"
            );
        }
    }
}

#[test]
fn every_row_gives_a_type_a_default_and_an_example() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/variant-format.md"
    ))
    .unwrap();
    let rows: Vec<&str> = doc.lines().filter(|l| l.starts_with("| `")).collect();
    assert!(rows.len() > 100, "{} rows", rows.len());
    for row in rows {
        // Split on the table's own bars, not on escaped ones inside a cell.
        let unescaped = row.replace("\\|", "\u{1}");
        let cells: Vec<&str> = unescaped
            .split('|')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        assert_eq!(cells.len(), 5, "{row}");
        let field = cells[0].split('`').nth(1).unwrap();
        assert!(!cells[1].is_empty() && !cells[2].is_empty(), "{row}");
        assert!(
            cells[4].starts_with(&format!("`{field}: ")),
            "the example of `{field}` does not set it: {row}"
        );
    }
}

/// The rows of `docs/xbetza.md`'s tables, by section: the letters of the first column (each
/// in backquotes) and the example of the last.
fn xbetza_rows(doc: &str) -> BTreeMap<String, Vec<(Vec<String>, String)>> {
    let mut found: BTreeMap<String, Vec<(Vec<String>, String)>> = BTreeMap::new();
    let mut section = String::new();
    for line in doc.lines() {
        if let Some(name) = line.strip_prefix("## ") {
            section = name.trim().to_string();
        } else if line.starts_with("| `") {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let letters = cells[1].split('`').skip(1).step_by(2).map(String::from);
            let example = cells[cells.len() - 2].trim_matches('`').to_string();
            found
                .entry(section.clone())
                .or_default()
                .push((letters.collect(), example));
        }
    }
    found
}

#[test]
fn the_xbetza_table_names_every_letter_as_the_parser_reads_it() {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/xbetza.md")).unwrap();
    let rows = xbetza_rows(&doc);
    let read = |text: &str| alfil::betza::read(text).map(|_| ());
    let mut read_letters = Vec::new();
    for section in ["Atoms", "Ranges", "Modifiers"] {
        let section_rows = rows
            .get(section)
            .unwrap_or_else(|| panic!("no `## {section}`"));
        for (letters, example) in section_rows {
            assert!(
                read(example).is_ok(),
                "docs/xbetza.md, {section}: the example `{example}` is not read: {:?}",
                read(example)
            );
            read_letters.extend(letters.iter().cloned());
        }
    }
    let refused = &rows["Letters Alfil refuses"];
    for (letters, example) in refused {
        assert!(
            read(example).is_err(),
            "docs/xbetza.md: `{example}` is listed as refused but is read"
        );
        for letter in letters {
            // Each refused letter alone in a string, as a modifier of a wazir or as an atom.
            let text = if letter.starts_with(|c: char| c.is_ascii_lowercase()) {
                format!("{letter}W")
            } else if letter == "X" || letter == "Y" {
                format!("W{letter}")
            } else {
                letter.clone()
            };
            assert!(
                read(&text).is_err(),
                "`{text}` is read, yet listed as refused"
            );
        }
    }
    // Every letter has a row, as read or as refused.
    let refused_letters: Vec<&String> = refused.iter().flat_map(|(l, _)| l).collect();
    for c in ('a'..='z').chain('A'..='Z') {
        let letter = c.to_string();
        assert!(
            read_letters.contains(&letter) || refused_letters.contains(&&letter),
            "docs/xbetza.md has no row for `{letter}`"
        );
    }
}
