//! Variant files that change while the engine runs: before the next `new`/`variant` (CECP) or
//! `ucinewgame`/`UCI_Variant` (UCI) the engine reads its variant folder again, so XBoard gets the
//! new `piece` lines and the search the new moves; a file that no longer loads leaves its last
//! version that loaded in use, and the engine says why.

mod cecp_support;

use std::path::{Path, PathBuf};
use std::time::Duration;

use cecp_support::Session;

/// A folder with `variants/knightly.ron` (chess, or chess whose knight has `moves`).
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("alfil-reload-{test}-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("variants")).unwrap();
    write_knight(&dir, None);
    dir
}

fn write_knight(dir: &Path, moves: Option<&str>) {
    let pieces = match moves {
        Some(m) => format!("    pieces: [(letter: 'N', name: \"knight\", moves: \"{m}\")],\n"),
        None => String::new(),
    };
    std::fs::write(
        dir.join("variants/knightly.ron"),
        format!("(\n    name: \"knightly\",\n    inherits: \"chess\",\n{pieces})\n"),
    )
    .unwrap();
}

/// The `piece N& …` line among the engine's answers.
fn knight_line(lines: &[String]) -> Option<&str> {
    lines
        .iter()
        .find(|l| l.starts_with("piece N& "))
        .map(String::as_str)
}

#[test]
fn cecp_sends_the_edited_piece_and_keeps_the_last_good_version() {
    let dir = folder("cecp");
    let mut s = Session::start_in(&dir);
    s.handshake();
    let first = s.script(&["new", "variant knightly"]);
    assert_eq!(
        knight_line(&first),
        Some("piece N& N"),
        "{}",
        s.transcript()
    );

    // The designer gives the knight only its wide sideways leaps (`sN`).
    write_knight(&dir, Some("sN"));
    let edited = s.script(&["new", "variant knightly"]);
    assert_eq!(
        knight_line(&edited),
        Some("piece N& sN"),
        "{}",
        s.transcript()
    );
    // And plays it: from b1 an `sN` knight could only go to d2, which holds a pawn, so the
    // squares it may go to, highlighted when XBoard lifts it, are none.
    let lifted = s.script(&["force", "lift b1"]);
    assert_eq!(lifted, ["highlight 8/8/8/8/8/8/8/8"], "{}", s.transcript());

    // A typo: the file no longer loads. XBoard is told why, and the last good knight stays.
    write_knight(&dir, Some("fXN"));
    let broken = s.script(&["new", "variant knightly"]);
    let errors: Vec<&String> = broken
        .iter()
        .filter(|l| l.starts_with("tellusererror"))
        .collect();
    assert!(
        errors
            .iter()
            .any(|l| l.contains("knightly.ron:") && l.contains("expected an atom letter")),
        "{}",
        s.transcript()
    );
    assert!(
        errors.iter().any(|l| l
            .contains("knightly no longer loads; the last version of it that loaded stays in use")),
        "{}",
        s.transcript()
    );
    assert_eq!(
        knight_line(&broken),
        Some("piece N& sN"),
        "{}",
        s.transcript()
    );
    assert!(!broken.iter().any(|l| l.starts_with("Error")), "{broken:?}");
    s.quit();
}

/// `go perft 1` from the start position: the node count.
fn perft1(s: &mut Session) -> String {
    s.send("position startpos");
    s.send("go perft 1");
    let lines = s.read_until(Duration::from_secs(20), |l| l.starts_with("Nodes searched"));
    lines.last().unwrap().clone()
}

#[test]
fn uci_plays_the_edited_file_after_ucinewgame() {
    let dir = folder("uci");
    let mut s = Session::start_in(&dir);
    s.send("uci");
    s.read_until(Duration::from_secs(20), |l| l == "uciok");
    s.send("setoption name UCI_Variant value knightly");
    s.send("ucinewgame");
    // Chess: 16 pawn moves and 4 knight moves.
    assert_eq!(perft1(&mut s), "Nodes searched: 20");

    write_knight(&dir, Some("sN"));
    s.send("ucinewgame");
    // Knights with only `sN` have no move from b1 and g1: the 16 pawn moves.
    assert_eq!(perft1(&mut s), "Nodes searched: 16");

    write_knight(&dir, Some("fXN"));
    s.send("ucinewgame");
    s.send("isready");
    let said = s.read_until(Duration::from_secs(20), |l| l == "readyok");
    assert!(
        said.iter()
            .any(|l| l.starts_with("info string variant files: ")
                && l.contains("knightly.ron:")
                && l.contains("expected an atom letter")),
        "{said:?}"
    );
    assert!(
        said.iter().any(|l| l.contains("knightly no longer loads")),
        "{said:?}"
    );
    assert_eq!(
        perft1(&mut s),
        "Nodes searched: 16",
        "the last good version"
    );
    s.send("quit");
}
