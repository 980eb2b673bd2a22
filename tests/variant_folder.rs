//! A folder of variant files as a user keeps one: every file that cannot be loaded is reported
//! with its place, a broken file chosen by name says why, name clashes and a missing folder are
//! reported, a byte-order mark is no error, `inherits` is found beside the file from any
//! working directory, and an unknown name gets a "did you mean".

mod cecp_support;

use std::fs;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use cecp_support::Session;

const WAIT: Duration = Duration::from_secs(20);

/// A fresh folder holding the given files.
fn folder(tag: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("alfil-folder-{}-{tag}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp folder");
    for (name, text) in files {
        fs::write(dir.join(name), text).expect("write");
    }
    dir
}

const BROKEN: &str = "(\n    name: \"broken\",\n    inherits: \"chess\"\n    start: \"8/8/8/8/8/8/8/8 w - - 0 1\",\n)\n";
const UNKNOWN_KEY: &str = "(\n    name: \"oddkey\",\n    inherits: \"chess\",\n    colour: 3,\n)\n";
const NO_NAME: &str = "(\n    inherits: \"chess\",\n)\n";
const TWIN_A: &str = "(\n    name: \"twin\",\n    inherits: \"chess\",\n)\n";
const TWIN_B: &str = "(\n    name: \"twin\",\n    inherits: \"shatranj\",\n)\n";
const WITH_BOM: &str = "\u{feff}(\n    name: \"bomchess\",\n    inherits: \"chess\",\n)\n";

fn messy_folder(tag: &str) -> PathBuf {
    folder(
        tag,
        &[
            ("broken.ron", BROKEN),
            ("oddkey.ron", UNKNOWN_KEY),
            ("noname.ron", NO_NAME),
            ("twin_a.ron", TWIN_A),
            ("twin_b.ron", TWIN_B),
            ("bom.ron", WITH_BOM),
        ],
    )
}

#[test]
fn cecp_reports_each_file_of_the_folder_that_cannot_be_loaded() {
    let dir = messy_folder("cecp");
    let mut s = Session::start();
    s.handshake();
    s.send(&format!("option Variant folder={}", dir.display()));
    s.send("ping 1");
    let lines = s.read_until(WAIT, |l| l == "pong 1");
    let told: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("tellusererror Alfil, variant files: "))
        .collect();
    let has = |text: &str| told.iter().any(|l| l.contains(text));
    // `inherits: "chess"` lacks its comma: RON stops at the next key, line 4.
    assert!(has("broken.ron:4:"), "{told:?}");
    assert!(has("oddkey.ron:4:5"), "{told:?}");
    assert!(has("noname.ron: missing `name`"), "{told:?}");
    assert!(
        has("twin_a.ron and ") && has("twin_b.ron are both named `twin`"),
        "{told:?}"
    );
    assert!(!has("bom.ron"), "a byte-order mark is no error: {told:?}");
    // The feature list offers the good files.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("feature variants=") && l.contains("bomchess")),
        "{lines:?}"
    );
    s.send("variant broken");
    s.send("ping 2");
    let lines = s.read_until(WAIT, |l| l == "pong 2");
    assert!(
        lines.iter().any(
            |l| l.starts_with("tellusererror Alfil cannot play broken: ")
                && l.contains("broken.ron:4:")
        ),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"Error (variant does not load): variant broken".to_string()),
        "{lines:?}"
    );
    s.send("variant bomchess");
    s.send("ping 3");
    let lines = s.read_until(WAIT, |l| l == "pong 3");
    assert!(lines.iter().all(|l| !l.starts_with("Error")), "{lines:?}");
    s.send("variant capablanka");
    s.send("ping 4");
    let lines = s.read_until(WAIT, |l| l == "pong 4");
    assert!(
        lines.contains(
            &"Error (unknown variant; did you mean capablanca?): variant capablanka".to_string()
        ),
        "{lines:?}"
    );
    s.quit();
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn cecp_reports_a_folder_that_does_not_exist() {
    let mut s = Session::start();
    s.handshake();
    s.send("option Variant folder=/no/such/folder/here");
    s.send("ping 1");
    let lines = s.read_until(WAIT, |l| l == "pong 1");
    assert!(
        lines.contains(
            &"tellusererror Alfil: no variant folder /no/such/folder/here; only the built-in variants"
                .to_string()
        ),
        "{lines:?}"
    );
    s.quit();
}

#[test]
fn uci_reports_the_folders_problems_and_why_a_variant_does_not_load() {
    let dir = messy_folder("uci");
    let mut s = Session::start();
    s.send("uci");
    s.read_until(WAIT, |l| l == "uciok");
    s.send(&format!(
        "setoption name Variant folder value {}",
        dir.display()
    ));
    s.send("setoption name UCI_Variant value broken");
    s.send("isready");
    let lines = s.read_until(WAIT, |l| l == "readyok");
    let has = |text: &str| {
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains(text))
    };
    assert!(has("variant files: ") && has("oddkey.ron:4:5"), "{lines:?}");
    assert!(
        has("cannot play broken: ") && has("broken.ron:4:"),
        "{lines:?}"
    );
    s.send("setoption name UCI_Variant value shatranjj");
    s.send("isready");
    let lines = s.read_until(WAIT, |l| l == "readyok");
    assert!(
        lines
            .contains(&"info string unknown variant shatranjj; did you mean shatranj?".to_string()),
        "{lines:?}"
    );
    s.quit();
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_changed_file_is_read_again() {
    let dir = folder("changed", &[("mine.ron", TWIN_A)]);
    let mut s = Session::start();
    s.handshake();
    let set = format!("option Variant folder={}", dir.display());
    s.send(&set);
    s.send("ping 1");
    let lines = s.read_until(WAIT, |l| l == "pong 1");
    assert!(lines.iter().any(|l| l.contains("twin")), "{lines:?}");
    // A different length, so the change is seen even where the clock is coarse.
    fs::write(
        dir.join("mine.ron"),
        WITH_BOM.replace("bomchess", "renamedvariant"),
    )
    .expect("rewrite");
    s.send(&set);
    s.send("ping 2");
    let lines = s.read_until(WAIT, |l| l == "pong 2");
    let features = lines
        .iter()
        .find(|l| l.starts_with("feature variants="))
        .expect("features again");
    assert!(
        features.contains("renamedvariant") && !features.contains("twin"),
        "{features}"
    );
    s.quit();
    let _ = fs::remove_dir_all(dir);
}

fn alfil_in(dir: &PathBuf, args: &[&str]) -> (String, String, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("alfil runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

#[test]
fn inherits_is_found_beside_the_file_from_any_working_directory() {
    let dir = folder(
        "paths",
        &[
            (
                "child.ron",
                "(\n    name: \"child\",\n    inherits: \"parent\",\n)\n",
            ),
            (
                "parent.ron",
                "(\n    name: \"parent\",\n    inherits: \"chess\",\n)\n",
            ),
            ("a.ron", "(\n    name: \"a\",\n    inherits: \"b\",\n)\n"),
            ("b.ron", "(\n    name: \"b\",\n    inherits: \"a\",\n)\n"),
            // A file that changes the built-in chess inherits it by its own name.
            (
                "chess.ron",
                "(\n    name: \"chess\",\n    inherits: \"chess\",\n)\n",
            ),
        ],
    );
    // 400: the 20 x 20 positions after one move each of chess (the known perft(2)).
    for path in ["child.ron", "./child.ron"] {
        let (out, err, ok) = alfil_in(&dir, &["perft", path, "2"]);
        assert!(ok, "{path}: {err}");
        assert_eq!(out.lines().last(), Some("400"), "{path}");
    }
    let elsewhere = std::env::temp_dir();
    let full = dir.join("child.ron");
    let (out, err, ok) = alfil_in(&elsewhere, &["perft", full.to_str().expect("utf-8"), "2"]);
    assert!(ok, "{err}");
    assert_eq!(out.lines().last(), Some("400"));
    let (out, err, ok) = alfil_in(&dir, &["perft", "chess.ron", "2"]);
    assert!(ok, "{err}");
    assert_eq!(out.lines().last(), Some("400"));
    let (_, err, ok) = alfil_in(&dir, &["perft", "a.ron", "1"]);
    assert!(!ok);
    assert!(
        err.contains("inherits cycle: ") && err.contains("a.ron -> "),
        "{err}"
    );
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn an_unknown_name_on_the_command_line_suggests_the_nearest() {
    let (_, err, ok) = alfil_in(&std::env::temp_dir(), &["perft", "crazyhose", "1"]);
    assert!(!ok);
    assert!(
        err.contains("error: variant `crazyhose`: no variant of that name in the built-in variants; did you mean `crazyhouse`? `alfil variants` lists the built-in ones"),
        "{err}"
    );
}
