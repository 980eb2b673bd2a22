//! The layering test: every file under `src/` uses only its own layer and the layers below it,
//! in the order `src/lib.rs` lists them, and the files of one layer do not use each other in
//! a cycle.

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

/// The names that follow each occurrence of `prefix` in `code`.
fn names_after<'a>(code: &'a str, prefix: &str) -> Vec<&'a str> {
    code.match_indices(prefix)
        .filter(|&(at, _)| {
            !code[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':')
        })
        .map(|(at, _)| {
            let rest = &code[at + prefix.len()..];
            let end = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .collect()
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

#[test]
fn the_files_of_a_layer_use_each_other_without_cycles() {
    let mut files = Vec::new();
    rust_files(Path::new(SRC), &mut files);
    // Edges between the submodules of each layer.
    let mut edges: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    let mut subs: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in &files {
        let (layer, Some(sub)) = place(path) else {
            continue;
        };
        subs.entry(layer.clone()).or_default().insert(sub.clone());
        let code = code_of(path);
        let depth = path.strip_prefix(SRC).expect("under src").iter().count();
        let mut used: Vec<&str> = names_after(&code, &format!("crate::{layer}::"));
        match depth {
            2 => used.extend(names_after(&code, "super::")),
            3 => used.extend(names_after(&code, "super::super::")),
            _ => {}
        }
        let targets = edges.entry((layer, sub.clone())).or_default();
        targets.extend(used.into_iter().filter(|u| *u != sub).map(str::to_string));
    }
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

#[test]
fn the_layering_test_sees_a_violation() {
    let code = "use crate::search::x;\nlet a = crate::position::ruleset::Ruleset::new();";
    assert_eq!(names_after(code, "crate::"), ["search", "position"]);
    assert_eq!(
        names_after("use super::super::a; use super::b;", "super::"),
        ["super", "b"]
    );
}
