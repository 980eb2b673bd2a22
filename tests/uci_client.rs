//! A real UCI client drives Alfil: python-chess's engine module (the library many match
//! runners and tools are built on) checks the handshake and options, plays short games through
//! Alfil in chess, in Chess960 (`UCI_Chess960`) and in crazyhouse (`UCI_Variant`), finds a
//! mating drop, and analyses with MultiPV, validating every move, `pv` and `ponder` it reads.
//! Without python-chess the test is skipped with a message, except under `CI=true`, where it
//! fails (`.ci/run` installs python-chess).

mod install_support;

use std::process::Command;

/// The client: plays and analyses through python-chess, and fails on any error python-chess
/// logs (such as an illegal move in a `pv`).
const CLIENT: &str = r#"
import logging, sys
import chess, chess.engine, chess.variant

class Errors(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.seen = []
    def emit(self, record):
        self.seen.append(record.getMessage())

errors = Errors()
logging.getLogger("chess.engine").addHandler(errors)

engine = chess.engine.SimpleEngine.popen_uci([sys.argv[1]], cwd=sys.argv[2], timeout=30)
assert engine.id["name"].startswith("Alfil"), engine.id
for option in ["Hash", "Threads", "MultiPV", "Ponder", "UCI_Chess960", "Clear Hash"]:
    assert option in engine.options, option
assert "crazyhouse" in engine.options["UCI_Variant"].var

def play(board, plies):
    while not board.is_game_over() and board.ply() < plies:
        result = engine.play(board, chess.engine.Limit(time=0.02), info=chess.engine.INFO_ALL)
        assert result.move in board.legal_moves, (board.fen(), result.move)
        if result.ponder is not None:
            after = board.copy()
            after.push(result.move)
            assert result.ponder in after.legal_moves, (after.fen(), result.ponder)
        board.push(result.move)
    print(board.uci_variant, "chess960" if board.chess960 else "", board.ply(), board.fen())
    return board

play(chess.Board(), 30)
play(chess.Board.from_chess960_pos(518 - 100), 20)
house = play(chess.variant.CrazyhouseBoard(), 30)

mate = chess.variant.CrazyhouseBoard("k7/8/1K6/8/8/8/8/8[Q] w - - 0 1")
result = engine.play(mate, chess.engine.Limit(depth=3))
assert result.move.drop == chess.QUEEN, result.move
mate.push(result.move)
assert mate.is_checkmate(), mate.fen()

castle = chess.Board("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1")
castle.push_uci("e1g1")
info = engine.analyse(castle, chess.engine.Limit(depth=4), multipv=2)
assert len(info) == 2, info
for line in info:
    assert line["pv"] and line["pv"][0] in castle.legal_moves and "score" in line, line

engine.ping()
engine.quit()
assert not errors.seen, errors.seen
print("python-chess client: all checks passed")
"#;

fn python_chess_available() -> bool {
    Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn python_chess_plays_through_alfil() {
    if !install_support::installed_or_skip(
        python_chess_available(),
        "python3 with python-chess (pip install chess)",
        "this test",
    ) {
        return;
    }
    let dir = std::env::temp_dir().join(format!("alfil-uci-client-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out = Command::new("python3")
        .args(["-c", CLIENT, env!("CARGO_BIN_EXE_alfil")])
        .arg(&dir)
        .output()
        .expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "python-chess client failed:\n{stdout}\n{stderr}"
    );
    assert!(stdout.contains("all checks passed"), "{stdout}\n{stderr}");
}
