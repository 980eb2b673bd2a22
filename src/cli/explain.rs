//! `alfil explain VARIANT`: the variant after inheritance as one complete RON file that loads to
//! the same rules, followed (in RON comments, so the whole output still loads) by each piece:
//! its canonical XBetza, its moves drawn on the variant's own board (where it moves, where it
//! captures, where only over a screen, each with its own mark and a key), its automatic value,
//! what it promotes to, its rank and range jumping, whether it burns (on its moves or
//! passively), and whether it turns its captor into one of its type.

use std::path::Path;
use std::sync::Arc;

use ron::extensions::Extensions;
use ron::ser::PrettyConfig;

use crate::betza::canonical::canonical;
use crate::movegen::build_ruleset;
use crate::movegen::reach::{Access, Reach};
use crate::movegen::targets::{reach_of, square_name, Coord, Query};
use crate::search::piece_values;
use crate::variant::{load_embedded_kept, load_file_kept, Colour, LoadedFile, Variant};

/// The explanation of a built-in variant (by name) or a variant file (by path).
pub fn explain(name_or_path: &str) -> Result<String, String> {
    let path = Path::new(name_or_path);
    let file = if name_or_path.ends_with(".ron") || path.exists() {
        load_file_kept(path)
    } else {
        load_embedded_kept(name_or_path)
    }
    .map_err(|e| e.to_string())?;
    let mut out = flat_file(&file)?;
    out.push_str(&pieces(&file.variant)?);
    Ok(out)
}

/// The flattened file in RON, under a comment saying where it came from.
fn flat_file(file: &LoadedFile) -> Result<String, String> {
    let config = PrettyConfig::new()
        .extensions(Extensions::IMPLICIT_SOME)
        .depth_limit(2)
        .struct_names(false);
    let ron = ron::ser::to_string_pretty(file.flattened(), config).map_err(|e| e.to_string())?;
    Ok(format!(
        "// {}, from {} with everything it inherits written out: this file loads to the same rules.\n{ron}\n",
        file.variant.name,
        file.label()
    ))
}

/// Each piece in RON comments: XBetza, value, promotion, and its moves from the board's middle.
fn pieces(v: &Variant) -> Result<String, String> {
    let tables = build_ruleset(Arc::new(v.clone())).map_err(|e| e.message_for(&v.name))?;
    let values = piece_values(&tables);
    let mut out = String::from("\n// Pieces\n");
    for (index, (p, value)) in v.pieces.iter().zip(values).enumerate() {
        let value = if p.always_royal() {
            "royal".to_string()
        } else {
            format!("value {value}")
        };
        let mut text = format!(
            "{} {}: {} ({value})\n",
            p.id,
            p.name,
            canonical(&p.moves.parsed)
        );
        if let Some(promotion) = &p.promotion {
            let names: Vec<String> = promotion
                .choices_for(Colour::White)
                .iter()
                .map(|&i| format!("{} ({})", v.pieces[i].name, v.pieces[i].id))
                .collect();
            text.push_str(&format!(
                "promotes{} to {}\n",
                if promotion.mandatory {
                    ""
                } else {
                    " (optionally)"
                },
                names.join(", ")
            ));
        }
        if let Some(base) = p.promoted_of {
            text.push_str(&format!(
                "is the promoted {} ({})\n",
                v.pieces[base].name, v.pieces[base].id
            ));
        }
        if p.range_jump {
            text.push_str(&format!(
                "ranks {}: to capture, its slides jump any pieces of a lower rank\n",
                p.rank
            ));
        } else if p.rank > 0 {
            text.push_str(&format!(
                "ranks {}: range jumpers of rank {} or lower do not jump it\n",
                p.rank, p.rank
            ));
        }
        if p.burns {
            text.push_str("burns the enemy pieces around the square where each move ends\n");
        }
        if p.burns_passively {
            text.push_str("burns an enemy piece that moves next to it\n");
        }
        if v.rules.contagious.contains(&index) {
            text.push_str("turns a piece that takes it into one, unless that piece is royal\n");
        }
        if let Some(zone) = &p.zone_moves {
            text.push_str(&format!(
                "has {} besides in its zone\n",
                canonical(&zone.moves.parsed)
            ));
        }
        let middle = (v.files / 2, v.ranks / 2);
        let mut query = Query::new(&p.moves_text, v.files, v.ranks, middle);
        query.moved = true;
        if let Ok(found) = reach_of(&query) {
            text.push_str(&format!(
                "from {} with each square tried empty, with an enemy piece, and behind a screen (moves with `i` aside):\n",
                square_name(middle)
            ));
            text.push_str(&marked_diagram(&query, &found));
        }
        for line in text.lines() {
            out.push_str(&format!("// {}\n", line.trim_end()));
        }
        out.push_str("//\n");
    }
    Ok(out)
}

/// What a piece may do on a square, in the order of the key: moves, then captures.
const KINDS: [(Access, Access); 8] = [
    (Access::Free, Access::Free),
    (Access::Free, Access::Never),
    (Access::Never, Access::Free),
    (Access::OverScreen, Access::OverScreen),
    (Access::Free, Access::OverScreen),
    (Access::OverScreen, Access::Never),
    (Access::Never, Access::OverScreen),
    (Access::OverScreen, Access::Free),
];

/// The mark of a square the piece moves to and captures on as given, and its key's words.
fn mark(moves: Access, captures: Access) -> (char, &'static str) {
    use Access::{Free, Never, OverScreen};
    match (moves, captures) {
        (Never, Never) => ('.', "nothing"),
        (Free, Free) => ('*', "moves or captures"),
        (Free, Never) => ('m', "moves only"),
        (Never, Free) => ('c', "captures only"),
        (OverScreen, OverScreen) => ('p', "moves or captures over a screen"),
        (Free, OverScreen) => ('+', "moves, captures over a screen"),
        (OverScreen, Never) => ('h', "moves over a screen only"),
        (Never, OverScreen) => ('x', "captures over a screen only"),
        (OverScreen, Free) => ('%', "captures, moves over a screen"),
    }
}

/// The mark of a square a piece never ends a move on but passes over, and its key's words.
const PASSES: (char, &str) = ('-', "passes over (a piece there stops it)");

/// The board with the piece `@` and each square's mark, then the key of the marks used.
fn marked_diagram(q: &Query, found: &[(Coord, Reach)]) -> String {
    let mut out = String::new();
    for r in (0..q.ranks).rev() {
        out.push_str(&format!("{:>3} ", u32::from(r) + 1));
        for f in 0..q.files {
            let ch = if (f, r) == q.square {
                '@'
            } else {
                found
                    .iter()
                    .find(|(c, _)| *c == (f, r))
                    .map_or('.', |(_, x)| {
                        if x.passes {
                            PASSES.0
                        } else {
                            mark(x.moves, x.captures).0
                        }
                    })
            };
            out.push(ch);
            out.push(' ');
        }
        out.push('\n');
    }
    out.push_str("    ");
    for f in 0..q.files {
        out.push(char::from(b'a' + f));
        out.push(' ');
    }
    out.push('\n');
    let mut key = vec!["@ the piece".to_string()];
    for (m, c) in KINDS {
        if found
            .iter()
            .any(|(_, x)| !x.passes && (x.moves, x.captures) == (m, c))
        {
            let (ch, words) = mark(m, c);
            key.push(format!("{ch} {words}"));
        }
    }
    if found.iter().any(|(_, x)| x.passes) {
        key.push(format!("{} {}", PASSES.0, PASSES.1));
    }
    out.push_str(&key.join("; "));
    out.push('\n');
    out
}
