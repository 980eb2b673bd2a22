//! The differential test against HaChu (`bench/hachu_diff.py`), short: in positions of games
//! played through both engines, every piece's highlighted squares in Alfil equal HaChu's (Debian
//! `hachu`, which `.ci/run` installs), in chu shogi, dai shogi, wa shogi and lion chess. The
//! differences the script explains rather than reports are HaChu's, each against its own
//! documentation or orthodox chess: its lifts are pseudo-legal (targets that leave the king
//! attacked, castling in check), it keeps no castling rights, it refuses a Lion's distant
//! capture of a protected promoted kirin that XBoard allows, it marks a promotion to a single
//! type as a choice and an en-passant capture on the pawn it takes (see the script).

mod install_support;

use std::process::Command;

/// Whether HaChu is installed; under CI it must be.
fn installed() -> bool {
    install_support::program_or_skip("/usr/games/hachu", "hachu")
}

fn differences(variant: &str, size: &str, positions: &str, extra: &[&str]) -> Option<String> {
    if !installed() {
        return None;
    }
    let out = Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/bench/hachu_diff.py"))
        .args(["--alfil", env!("CARGO_BIN_EXE_alfil"), "--variant", variant])
        .args(["--files", size, "--ranks", size, "--positions", positions])
        .args(["--random-plies", "30", "--seed", "7"])
        .args(extra)
        .output()
        .expect("python3 runs bench/hachu_diff.py");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{variant}: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(stdout)
}

fn agrees(variant: &str, size: &str, positions: &str, extra: &[&str]) {
    let Some(summary) = differences(variant, size, positions, extra) else {
        return;
    };
    assert!(
        summary.contains(&format!("{positions} positions")),
        "{summary}"
    );
    assert!(summary.contains(" 0 differences"), "{summary}");
}

#[test]
fn chu_pieces_move_as_in_hachu() {
    agrees("chu", "12", "150", &[]);
}

#[test]
fn wa_shogi_pieces_move_as_in_hachu() {
    agrees("wa-shogi", "11", "150", &[]);
}

#[test]
fn dai_shogi_pieces_move_as_in_hachu() {
    agrees("dai", "15", "150", &[]);
}

#[test]
fn lion_chess_pieces_move_as_in_hachu() {
    agrees("lion", "8", "300", &["--castling", "--one-promotion", "q"]);
}
