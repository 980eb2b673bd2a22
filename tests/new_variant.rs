//! `alfil new NAME [--from VARIANT]`: the file it writes loads, checks clean and plays the
//! parent's game (perft against the shared perft data in `tests/data/perft`), every field it
//! writes has its comment, the parent's values it shows commented out are the parent's own,
//! an existing file is never replaced, and an unknown parent gets the nearest name.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `alfil ARGS` run in `dir`: standard output, standard error, exit code.
fn alfil(dir: &Path, args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("alfil runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

/// A fresh empty folder for one test.
fn folder(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("alfil-new-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// The count of `tests/data/perft/FILE.txt` for `variant`'s start position (`fen`) at `depth`.
fn reference(file: &str, variant: &str, fen: &str, depth: u32) -> u64 {
    let path = format!("{}/tests/data/perft/{file}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the perft data");
    text.lines()
        .filter_map(|line| {
            let parts: Vec<&str> = line.split('|').map(str::trim).collect();
            (parts.len() == 4
                && parts[0] == variant
                && parts[1] == fen
                && parts[2] == depth.to_string())
            .then(|| parts[3].parse().expect("a count"))
        })
        .next()
        .unwrap_or_else(|| panic!("no {variant} perft {depth} in {path}"))
}

/// `alfil perft FILE DEPTH`'s count.
fn perft(dir: &Path, file: &str, depth: u32) -> u64 {
    let (out, err, code) = alfil(dir, &["perft", file, &depth.to_string()]);
    assert_eq!(code, Some(0), "{err}");
    out.lines()
        .last()
        .and_then(|l| l.parse().ok())
        .unwrap_or_else(|| panic!("no count in {out}"))
}

/// `alfil check FILE` finds nothing and exits 0.
fn checks_clean(dir: &Path, file: &str) {
    let (out, err, code) = alfil(dir, &["check", file]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(
        out.trim_end(),
        "1 file(s) checked: 0 error(s), 0 warning(s)",
        "{err}"
    );
}

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const CAPABLANCA_START: &str =
    "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";

#[test]
fn a_new_variant_is_a_complete_commented_file_that_checks_clean() {
    let dir = folder("complete");
    let (out, err, code) = alfil(&dir, &["new", "mine"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("mine.ron"), "{out}");
    let text = std::fs::read_to_string(dir.join("mine.ron")).expect("mine.ron is written");
    assert!(text.contains("name: \"mine\""), "{text}");
    // Every field of the file (a line `    key: …`) has a comment on the line above.
    let lines: Vec<&str> = text.lines().collect();
    let fields: Vec<usize> = (1..lines.len())
        .filter(|&i| {
            let l = lines[i];
            l.starts_with("    ")
                && !l.starts_with("     ")
                && l.trim_start().split(':').next().is_some_and(|k| {
                    !k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                })
        })
        .collect();
    assert!(fields.len() >= 8, "{text}");
    for &i in &fields {
        assert!(
            lines[i - 1].trim_start().starts_with("//"),
            "no comment above `{}`",
            lines[i]
        );
    }
    checks_clean(&dir, "mine.ron");
    // Orthodox chess written out: chess's counts.
    assert_eq!(
        perft(&dir, "mine.ron", 3),
        reference("chess", "chess", CHESS_START, 3)
    );
    let (_, err, code) = alfil(&dir, &["selftest", "mine.ron"]);
    assert_eq!(code, Some(0), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_variant_from_another_plays_its_parents_game_and_shows_its_values() {
    let dir = folder("from");
    let (_, err, code) = alfil(&dir, &["new", "mycapa", "--from", "capablanca"]);
    assert_eq!(code, Some(0), "{err}");
    let text = std::fs::read_to_string(dir.join("mycapa.ron")).expect("mycapa.ron is written");
    assert!(text.contains("inherits: \"capablanca\""), "{text}");
    assert!(
        text.contains(&format!("// start: \"{CAPABLANCA_START}\"")),
        "{text}"
    );
    checks_clean(&dir, "mycapa.ron");
    let count = reference("capablanca", "capablanca", CAPABLANCA_START, 3);
    assert_eq!(perft(&dir, "mycapa.ron", 3), count);

    // The parent's values shown commented out are its own: written in, the game is the same.
    let written: String = text
        .lines()
        .map(|l| {
            let shown = l.strip_prefix("    // ").filter(|rest| {
                [
                    "board:",
                    "start:",
                    "pieces:",
                    "castling:",
                    "rules:",
                    "    (",
                    "],",
                ]
                .iter()
                .any(|p| rest.starts_with(p))
                    && !rest.contains("a new piece")
            });
            shown.map_or(l.to_string(), |rest| format!("    {rest}"))
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert!(written.contains("\n    pieces: ["), "{written}");
    std::fs::write(
        dir.join("spelled.ron"),
        written.replace("\"mycapa\"", "\"spelled\""),
    )
    .expect("written");
    checks_clean(&dir, "spelled.ron");
    assert_eq!(perft(&dir, "spelled.ron", 3), count);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_existing_file_is_never_replaced() {
    let dir = folder("exists");
    std::fs::write(dir.join("taken.ron"), "my own work\n").expect("written");
    for args in [
        &["new", "taken"][..],
        &["new", "taken", "--from", "chess"],
        &["new", "other", "--out", "taken.ron"],
    ] {
        let (_, err, code) = alfil(&dir, args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.contains("taken.ron exists already: it is left as it is"),
            "{args:?}: {err}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(dir.join("taken.ron")).expect("still there"),
        "my own work\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unknown_parent_gets_the_nearest_name_and_no_file() {
    let dir = folder("unknown");
    let (_, err, code) = alfil(&dir, &["new", "mine", "--from", "capablanka"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("did you mean `capablanca`?"), "{err}");
    assert!(!dir.join("mine.ron").exists());
    // `--out` puts it elsewhere; its `inherits` is then looked up in that folder.
    std::fs::create_dir_all(dir.join("sub")).expect("a folder");
    let (_, err, code) = alfil(
        &dir,
        &["new", "mine", "--from", "shogi", "--out", "sub/x.ron"],
    );
    assert_eq!(code, Some(0), "{err}");
    checks_clean(&dir, "sub/x.ron");
    let _ = std::fs::remove_dir_all(&dir);
}
