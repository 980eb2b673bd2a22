//! The layering test: every file under `src/` uses only its own layer and the layers below it,
//! in the order `src/lib.rs` lists them, and the files of one layer do not use each other in
//! a cycle (a file's unit tests, its `#[cfg(test)] mod tests`, may use any of them).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src");

/// The layers in the order `src/lib.rs` declares them: bottom first.
fn layers() -> Vec<String> {
    let lib = fs::read_to_string(Path::new(SRC).join("lib.rs")).expect("src/lib.rs");
    lib.lines()
        .filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("readable src").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The text of a file without its comments (doc links may name any layer).
fn code_of(path: &Path) -> String {
    fs::read_to_string(path)
        .expect("readable source")
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The code of a file up to its unit tests (`#[cfg(test)] mod tests`, at its end).
fn code_before_tests(code: &str) -> &str {
    code.find("#[cfg(test)]\nmod tests")
        .map_or(code, |at| &code[..at])
}

/// The names that follow each occurrence of `prefix` in `code`: the one name right after it,
/// or the first name of each item of a group (`prefix{a, b::{c, d}}` gives `a` and `b`).
fn names_after<'a>(code: &'a str, prefix: &str) -> Vec<&'a str> {
    let mut names = Vec::new();
    for (at, _) in code.match_indices(prefix) {
        if code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let rest = &code[at + prefix.len()..];
        match rest.strip_prefix('{') {
            Some(group) => names.extend(group_heads(group)),
            None => names.push(leading_name(rest)),
        }
    }
    names
}

/// The name at the start of `text`.
fn leading_name(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The first name of each item of a group, `group` being the text after its `{`.
fn group_heads(group: &str) -> Vec<&str> {
    let mut heads = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            ',' | '}' if depth == 0 => {
                heads.push(leading_name(group[start..i].trim_start()));
                if c == '}' {
                    break;
                }
                start = i + 1;
            }
            _ => {}
        }
    }
    heads
}

/// A file's place: its layer and, below the layer's root, its submodule.
fn place(path: &Path) -> (String, Option<String>) {
    let relative = path.strip_prefix(SRC).expect("under src");
    let parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    let sub = parts.get(1).filter(|s| *s != "mod").cloned();
    (parts[0].clone(), sub)
}

#[test]
fn no_module_uses_a_layer_above_its_own() {
    let layers = layers();
    assert!(layers.len() >= 8, "src/lib.rs lists the layers: {layers:?}");
    let rank = |name: &str| layers.iter().position(|l| l == name);
    let mut files = Vec::new();
    rust_files(Path::new(SRC), &mut files);
    let mut violations = Vec::new();
    for path in &files {
        let (layer, _) = place(path);
        let Some(own) = rank(&layer) else {
            continue;
        };
        let code = code_of(path);
        for used in names_after(&code, "crate::") {
            if rank(used).is_some_and(|r| r > own) {
                violations.push(format!("{} uses crate::{used}", path.display()));
            }
        }
    }
    violations.sort();
    violations.dedup();
    assert!(violations.is_empty(), "{}", violations.join("\n"));
}

/// The submodules each submodule of a layer uses, outside its unit tests, keyed by (layer,
/// submodule); and the submodules of each layer.
type Uses = BTreeMap<(String, String), BTreeSet<String>>;

fn uses_within_layers() -> (Uses, BTreeMap<String, BTreeSet<String>>) {
    let mut files = Vec::new();
    rust_files(Path::new(SRC), &mut files);
    let mut edges = Uses::new();
    let mut subs: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in &files {
        let (layer, Some(sub)) = place(path) else {
            continue;
        };
        subs.entry(layer.clone()).or_default().insert(sub.clone());
        let whole = code_of(path);
        let code = code_before_tests(&whole);
        let depth = path.strip_prefix(SRC).expect("under src").iter().count();
        let mut used: Vec<&str> = names_after(code, &format!("crate::{layer}::"));
        match depth {
            2 => used.extend(names_after(code, "super::")),
            3 => used.extend(names_after(code, "super::super::")),
            _ => {}
        }
        let targets = edges.entry((layer, sub.clone())).or_default();
        targets.extend(used.into_iter().filter(|u| *u != sub).map(str::to_string));
    }
    (edges, subs)
}

#[test]
fn the_files_of_a_layer_use_each_other_without_cycles() {
    let (edges, subs) = uses_within_layers();
    let mut cycles = Vec::new();
    for (layer, members) in &subs {
        let next = |s: &str| -> Vec<String> {
            edges
                .get(&(layer.clone(), s.to_string()))
                .map(|t| t.iter().filter(|u| members.contains(*u)).cloned().collect())
                .unwrap_or_default()
        };
        for start in members {
            // Depth-first search for a path from `start` back to itself.
            let mut stack = vec![(start.clone(), vec![start.clone()])];
            let mut seen = BTreeSet::new();
            while let Some((at, path)) = stack.pop() {
                for n in next(&at) {
                    if n == *start {
                        cycles.push(format!("{layer}: {} -> {start}", path.join(" -> ")));
                    } else if seen.insert(n.clone()) {
                        let mut longer = path.clone();
                        longer.push(n.clone());
                        stack.push((n, longer));
                    }
                }
            }
        }
    }
    assert!(cycles.is_empty(), "{}", cycles.join("\n"));
}

/// The move generator's order: the walkers (`walker` for a piece, and `shapes`, `multileg`,
/// `castling`, `jumps` under it) fill the sink below them, which uses none of them (nor any
/// other part of `movegen`), so no walker calls back into the one that drives it.
#[test]
fn the_move_sink_lies_below_the_walkers() {
    let (edges, _) = uses_within_layers();
    let uses = |sub: &str| edges[&("movegen".to_string(), sub.to_string())].clone();
    assert!(uses("sink").is_empty(), "sink uses {:?}", uses("sink"));
    for walker in ["shapes", "multileg", "castling", "jumps"] {
        for above in ["pseudo", "walker"] {
            assert!(!uses(walker).contains(above), "{walker} uses {above}");
        }
    }
}

#[test]
fn the_layering_test_sees_a_violation() {
    let code = "use crate::search::x;\nlet a = crate::position::ruleset::Ruleset::new();";
    assert_eq!(names_after(code, "crate::"), ["search", "position"]);
    assert_eq!(
        names_after("use super::super::a; use super::b;", "super::"),
        ["super", "b"]
    );
    assert_eq!(
        names_after("use super::{a, b::{c, d}, e};\nuse super::f;", "super::"),
        ["a", "b", "e", "f"]
    );
    let code = "use super::a;\n#[cfg(test)]\nmod tests {\n    use super::b;\n}";
    assert_eq!(names_after(code_before_tests(code), "super::"), ["a"]);
}
