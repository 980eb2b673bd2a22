//! The differential test against HaChu (`bench/hachu_diff.py`), short: in positions of games
//! played through both engines, every piece's highlighted squares in Alfil equal HaChu's (Debian
//! `hachu`, which `.ci/run` installs), in chu shogi, dai shogi, wa shogi, cashew shogi, lion
//! chess and werewolf chess (where whatever takes a werewolf becomes one, the king excepted). The
//! differences the script explains rather than reports are HaChu's, each against its own
//! documentation or orthodox chess: its lifts are pseudo-legal (targets that leave the king
//! attacked, castling in check), it keeps no castling rights, it refuses a Lion's distant
//! capture of a protected promoted kirin that XBoard allows, it marks a promotion to a single
//! type (and a werewolf's capture, which turns the captor into one) as a choice and an
//! en-passant capture on the pawn it takes (see the script), and its generator lacks cashew
//! shogi's hook moves and a lion dog's return onto an empty square that its own piece lines
//! give (see the cashew test).

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

/// Cashew shogi's hook mover (`H!`, `RmasR`) and long-nosed goblin (`G!`, `WBmasB`), and
/// their promoted namesakes (`+P'`, `+K'`), turn once through 90 degrees, as HaChu's own piece
/// lines and the game's rules page by its author say; HaChu 0.21's generator has no hook moves
/// (no move at all along a hook mover's lines, one diagonal step for the goblin), so the
/// targets only Alfil shows for them are counted apart, and a game ends where Alfil plays one
/// (HaChu refuses it). So does a game where Alfil plays the lion dog's (`W!`, and the promoted
/// western barbarian's) two steps with a capture on the second and a step back onto the
/// empty first (`g7g9,g9g8`): HaChu's piece line (`KADcavKmcpafmcpavK`) and the rules page
/// ("up to 3 King steps along a ray, and even return") allow it, HaChu's generator makes
/// that return only onto an enemy, and refuses it played.
#[test]
fn cashew_shogi_pieces_move_as_in_hachu() {
    agrees("cashew-shogi", "13", "60", &["--hooks", "H!,G!,+P',+K'"]);
}

#[test]
fn werewolf_pieces_move_as_in_hachu() {
    agrees("werewolf", "8", "300", &["--one-promotion", "r"]);
}
