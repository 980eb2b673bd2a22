//! The differential test against HaChu (`bench/hachu_diff.py`), short: in positions of games
//! played through both engines, every piece's highlighted squares in Alfil equal HaChu's (Debian
//! `hachu`, which `.ci/run` installs), in chu shogi, dai shogi and wa shogi.

use std::process::Command;

fn differences(variant: &str, size: &str, positions: &str) -> String {
    let out = Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/bench/hachu_diff.py"))
        .args(["--alfil", env!("CARGO_BIN_EXE_alfil"), "--variant", variant])
        .args(["--files", size, "--ranks", size, "--positions", positions])
        .args(["--random-plies", "30", "--seed", "7"])
        .output()
        .expect("python3 runs bench/hachu_diff.py");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{variant}: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn chu_pieces_move_as_in_hachu() {
    let summary = differences("chu", "12", "150");
    assert!(summary.contains("150 positions"), "{summary}");
    assert!(summary.contains(" 0 differences"), "{summary}");
}

#[test]
fn wa_shogi_pieces_move_as_in_hachu() {
    let summary = differences("wa-shogi", "11", "150");
    assert!(summary.contains("150 positions"), "{summary}");
    assert!(summary.contains(" 0 differences"), "{summary}");
}

#[test]
fn dai_shogi_pieces_move_as_in_hachu() {
    let summary = differences("dai", "15", "150");
    assert!(summary.contains("150 positions"), "{summary}");
    assert!(summary.contains(" 0 differences"), "{summary}");
}
