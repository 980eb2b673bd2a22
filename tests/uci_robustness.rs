//! Random UCI sessions never crash the engine nor leave it deaf: malformed `go`, `position`
//! and `setoption` lines, junk, and random FENs built from valid piece letters, after which
//! every `isready` is still answered with `readyok`.

mod cecp_support;

use std::time::Duration;

use cecp_support::{random_fen, Session};
use proptest::prelude::*;

fn command() -> impl Strategy<Value = String> {
    let fixed = prop::sample::select(vec![
        "ucinewgame",
        "position startpos",
        "position startpos moves e2e4 e7e5",
        "position startpos moves e2e5",
        "position",
        "position fen",
        "position moves",
        "go depth 2",
        "go nodes 500",
        "go movetime 20",
        "go perft 2",
        "go perft -1",
        "go perft abc",
        "go depth abc",
        "go nodes 0",
        "go movetime -5",
        "go wtime -100 btime 50",
        "go searchmoves zz99",
        "go infinite",
        "stop",
        "ponderhit",
        "debug on",
        "debug off",
        "setoption name Hash value 2000000",
        "setoption name Hash value 0",
        "setoption name Threads value 2",
        "setoption name MultiPV value 3",
        "setoption name UCI_Variant value crazyhouse",
        "setoption name UCI_Variant value xiangqi",
        "setoption name UCI_Variant value nosuch",
        "setoption name Variant folder value /no/such/folder",
        "setoption name",
        "setoption",
        "register later",
        "uci",
    ]);
    prop_oneof![
        6 => fixed.prop_map(str::to_string),
        2 => random_fen().prop_map(|f| format!("position fen {f}")),
        1 => random_fen().prop_map(|f| format!("position fen {f} moves e2e4")),
        1 => "[ -~]{0,20}",
        1 => prop::collection::vec(any::<u8>(), 0..12)
            .prop_map(|b| String::from_utf8_lossy(&b).replace(['\n', '\r'], " ")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_uci_sessions_leave_a_working_engine(stream in prop::collection::vec(command(), 1..25)) {
        let mut s = Session::start();
        s.send("uci");
        s.read_until(Duration::from_secs(20), |l| l == "uciok");
        for line in &stream {
            s.send(line);
        }
        s.send("stop");
        s.send("isready");
        let lines = s.read_until(Duration::from_secs(30), |l| l == "readyok");
        prop_assert!(lines.last().is_some_and(|l| l == "readyok"), "{:?}", lines);
        prop_assert!(s.alive());
        s.quit();
    }
}
