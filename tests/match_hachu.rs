//! `alfil match` against HaChu 0.21 (Debian `hachu`, which `.ci/run` installs) in chu shogi:
//! HaChu refuses every move until it has been sent `memory N`, as XBoard sends it, and every
//! move that repeats a position unless its option `Allow repeats` is set, which
//! `--second-options` gives it as XBoard's `-secondOptions` would. The game must end by the
//! rules, not at move 0 by a refusal or a disconnection.

mod install_support;

use std::process::Command;

const HACHU: &str = "/usr/games/hachu";

/// Whether HaChu is installed; under CI it must be.
fn installed() -> bool {
    install_support::program_or_skip(HACHU, "hachu")
}

#[test]
fn alfil_plays_a_chu_game_against_hachu() {
    if !installed() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("alfil-match-hachu-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let _ = std::fs::remove_file(&pgn);
    let out = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .current_dir(&dir)
        .args(["match", "--variant", "chu", "--games", "1", "--depth", "2"])
        .args(["--tc", "120+1", "--engine", env!("CARGO_BIN_EXE_alfil")])
        .args(["--engine", HACHU, "--second-options", "Allow repeats=1"])
        .arg("--pgn")
        .arg(&pgn)
        .output()
        .expect("run alfil match");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("Alfil 0.1.0 vs HaChu 0.21: 1 games"),
        "{stdout}"
    );
    let endings = stdout
        .lines()
        .find_map(|l| l.strip_prefix("Endings: "))
        .unwrap_or_else(|| panic!("no endings in:\n{stdout}"));
    for bad in [
        "false claim",
        "illegal move",
        "engine crash",
        "time forfeit",
    ] {
        assert!(!endings.contains(bad), "{stdout}");
    }
    let game = std::fs::read_to_string(&pgn).unwrap();
    assert!(game.contains("[Black \"HaChu 0.21\"]"), "{game}");
    let plies: usize = game
        .lines()
        .find_map(|l| l.strip_prefix("[PlyCount \"")?.strip_suffix("\"]"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no ply count in:\n{game}"));
    assert!(plies >= 40, "the game ended after {plies} plies:\n{game}");
    let _ = std::fs::remove_dir_all(&dir);
}
