//! The real GUI: XBoard 4.9 (Debian package `xboard`) under a virtual X server (`xvfb`)
//! referees Alfil against Alfil, two games in each of two engine-defined variants, unattended.
//! The saved PGN and XBoard's debug log must show that every game ended by rule: no forfeit, no
//! false illegal-move claim, no time loss.
//!
//! `.ci/run` installs both packages; elsewhere, without them, the test says so and passes.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const XBOARD: &str = "/usr/games/xboard";

/// Engine-defined variants XBoard learns from Alfil's `setup`/`piece` lines: one on a board
/// wider than 8 files (and with 10 ranks, so squares use XBoard's 0..9 rank numbers) and one
/// with holdings (loop: crazyhouse where captured promoted pieces keep their rank).
const VARIANTS: &[&str] = &["tencubed", "loop"];

/// Time limit for the matches (they run at the same time): two fast games and XBoard's pauses.
const MATCH_LIMIT: Duration = Duration::from_secs(110);
/// XBoard's `-tc` and `-inc`: 8 seconds a game plus 0.1 a move keeps the test short.
const TC: &str = "0:08";
const INC: &str = "0.1";

fn find_xvfb() -> Option<PathBuf> {
    ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.exists())
}

/// An Xvfb server the test starts and stops.
struct Display {
    server: Child,
    name: String,
}

impl Display {
    fn start(xvfb: &Path) -> Display {
        for n in 70..100 {
            if Path::new(&format!("/tmp/.X{n}-lock")).exists() {
                continue;
            }
            let name = format!(":{n}");
            let mut server = Command::new(xvfb)
                .args([
                    name.as_str(),
                    "-screen",
                    "0",
                    "1280x1024x24",
                    "-nolisten",
                    "tcp",
                ])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("start Xvfb");
            std::thread::sleep(Duration::from_millis(500));
            if matches!(server.try_wait(), Ok(None)) {
                return Display { server, name };
            }
        }
        panic!("no free X display for Xvfb");
    }
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

/// Start a two-game match of `variant` in `dir`.
fn start_match(display: &Display, variant: &str, dir: &Path) -> Child {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    let engine = env!("CARGO_BIN_EXE_alfil");
    Command::new(XBOARD)
        .current_dir(dir)
        .env("HOME", dir)
        .env("DISPLAY", &display.name)
        .args(["-fcp", engine, "-scp", engine, "-fd", ".", "-sd", "."])
        .args(["-variant", variant, "-mg", "2", "-tc", TC, "-inc", INC])
        .args(["-autoCallFlag", "true", "-xponder", "-matchPause", "1000"])
        .args([
            "-sgf",
            "games.pgn",
            "-xexit",
            "-saveSettingsOnExit",
            "false",
        ])
        .args([
            "-debug",
            "-nameOfDebugFile",
            "xboard.debug",
            "-size",
            "Medium",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start xboard")
}

/// Wait for a match to end; returns (PGN, debug log).
fn finish_match(mut xboard: Child, variant: &str, dir: &Path, start: Instant) -> (String, String) {
    loop {
        if let Ok(Some(_)) = xboard.try_wait() {
            break;
        }
        if start.elapsed() > MATCH_LIMIT {
            let _ = xboard.kill();
            let _ = xboard.wait();
            panic!("XBoard did not finish the {variant} match in {MATCH_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let pgn = std::fs::read_to_string(dir.join("games.pgn")).unwrap_or_default();
    let log = std::fs::read_to_string(dir.join("xboard.debug")).unwrap_or_default();
    (pgn, log)
}

/// The (result, reason) of every game of a PGN file.
fn results(pgn: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for game in pgn.split("[Event ").skip(1) {
        let result = game
            .lines()
            .find_map(|l| l.strip_prefix("[Result \""))
            .map(|r| r.trim_end_matches("\"]").to_string())
            .unwrap_or_default();
        let tail = game.trim_end();
        let reason = tail
            .rfind('{')
            .map(|i| tail[i + 1..].split('}').next().unwrap_or("").to_string())
            .unwrap_or_default();
        out.push((result, reason));
    }
    out
}

#[test]
fn xboard_referees_alfil_against_alfil() {
    let Some(xvfb) = find_xvfb().filter(|_| Path::new(XBOARD).exists()) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have xboard and xvfb installed (see .ci/run)"
        );
        eprintln!("skipped: install the Debian packages xboard and xvfb to run this test");
        return;
    };
    let display = Display::start(&xvfb);
    let root = std::env::temp_dir().join(format!("alfil-xboard-{}", std::process::id()));
    let start = Instant::now();
    let running: Vec<Child> = VARIANTS
        .iter()
        .map(|v| start_match(&display, v, &root.join(v)))
        .collect();
    for (variant, xboard) in VARIANTS.iter().zip(running) {
        let (pgn, log) = finish_match(xboard, variant, &root.join(variant), start);
        let games = results(&pgn);
        assert_eq!(
            games.len(),
            2,
            "{variant}: two games in the PGN:\n{pgn}\n{}",
            tail(&log)
        );
        assert!(
            log.contains("setup ("),
            "{variant}: no setup line in the log"
        );
        assert!(
            log.contains("piece "),
            "{variant}: no piece lines in the log"
        );
        for (result, reason) in &games {
            assert!(
                ["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()),
                "{variant}: {result}"
            );
            let by_rule = reason.contains("mate")
                || reason.contains("Checkmate")
                || reason.contains("Stalemate")
                || reason.contains("repetition")
                || reason.contains("move rule")
                || reason.contains("insufficient")
                || reason.contains("Insufficient");
            assert!(
                by_rule,
                "{variant}: game ended by '{reason}'\n{}",
                tail(&log)
            );
        }
        for bad in [
            "False illegal-move claim",
            "forfeit",
            "wins on time",
            "loses on time",
            "Illegal move",
        ] {
            let hit = log
                .lines()
                .find(|l| l.contains(bad) && !l.contains(">first") && !l.contains(">second"));
            assert!(
                hit.is_none(),
                "{variant}: '{}' in the debug log",
                hit.unwrap_or_default()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&root);
}

fn tail(log: &str) -> String {
    let lines: Vec<&str> = log.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}
