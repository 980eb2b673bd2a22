//! Malformed input never crashes the engine: empty lines, huge lines, binary bytes, garbage
//! arguments and commands in the wrong state each get the protocol's error form (or are
//! ignored), the game is unchanged, and random command streams (with random FENs built from
//! valid piece letters) leave an engine that still answers CECP's `ping` and UCI's `isready`.
//! Thread counts past the maximum are clamped with a message, and UCI's `go perft` counts
//! while the engine answers `isready`, `stop` and `quit`.

mod cecp_support;

use std::time::Duration;

use cecp_support::{random_fen, Session};
use proptest::prelude::*;

#[test]
fn malformed_input_gets_errors_and_leaves_the_game_alone() {
    let mut s = Session::start();
    s.handshake();
    s.script(&["new", "force", "usermove e2e4"]);
    let long = "x".repeat(10_000);
    let cases: Vec<(String, Option<&str>)> = vec![
        (String::new(), None),
        ("   ".into(), None),
        (long.clone(), Some("Error (unknown command): xxxxxxxx")),
        (
            format!("usermove {long}"),
            Some("Illegal move (not a move): xxxx"),
        ),
        ("setboard garbage".into(), Some("Error (illegal position")),
        (
            "setboard 8/8/8/8/8/8/8/8 w KQkq - 0 1".into(),
            Some("Error (illegal position"),
        ),
        (
            "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w - - 0 1".into(),
            Some("Error (illegal position"),
        ),
        ("usermove e9e10".into(), Some("Illegal move")),
        ("usermove".into(), Some("Illegal move (not a move)")),
        (
            "variant no-such-variant".into(),
            Some("Error (unknown variant): variant no-such-variant"),
        ),
        (
            "level 40".into(),
            Some("Error (expected MOVES BASE INCREMENT): level"),
        ),
        (
            "level a b c".into(),
            Some("Error (bad move count 'a'): level"),
        ),
        (
            "st -3".into(),
            Some("Error (expected seconds per move): st"),
        ),
        ("sd".into(), Some("Error (expected a depth): sd")),
        (
            "time soon".into(),
            Some("Error (expected centiseconds): time"),
        ),
        (
            "memory lots".into(),
            Some("Error (expected megabytes): memory"),
        ),
        (
            "option Nonsense=1".into(),
            Some("Error (unknown option or bad value)"),
        ),
        ("lift".into(), Some("Error (not a square): lift")),
        ("put e4".into(), None),
        ("hover e4".into(), None),
        ("exit".into(), None),
        ("exclude z1z2".into(), Some("Illegal move")),
        (".".into(), None),
        ("?".into(), None),
        ("resume".into(), None),
    ];
    for (line, expected) in &cases {
        let out = s.script(&[line]);
        match expected {
            None => assert!(out.is_empty(), "{:.40}: {out:?}", line),
            Some(prefix) => {
                assert_eq!(out.len(), 1, "{:.40}: {out:?}", line);
                assert!(out[0].starts_with(prefix), "{:.40}: {out:?}", line);
                assert!(
                    out[0].len() < 200,
                    "an error echoes a short text: {}",
                    out[0].len()
                );
            }
        }
    }
    s.send_bytes(b"\xff\xfe\x00\x01garbage\x7f\n\x1b[2J\n");
    let out = s.sync();
    assert!(
        out.iter().all(|l| l.starts_with("Error (unknown command)")),
        "{out:?}"
    );
    assert!(
        s.script(&["usermove e7e5"]).is_empty(),
        "the game went on from 1. e4"
    );
    s.quit();
}

#[test]
fn huge_thread_counts_are_clamped_and_the_engine_plays_on() {
    let mut s = Session::start();
    s.handshake();
    let said = s.script(&["cores 1000000", "option Threads=100000"]);
    assert_eq!(
        said,
        [
            "telluser Alfil: 1000000 threads is more than the most, 256: using 256",
            "telluser Alfil: 100000 threads is more than the most, 256: using 256",
        ],
        "{}",
        s.transcript()
    );
    s.script(&["new", "sd 2", "force", "usermove e2e4"]);
    s.send("go");
    let reply = s.read_until(Duration::from_secs(120), |l| l.starts_with("move "));
    assert!(reply.last().is_some_and(|l| l.starts_with("move ")));
    assert!(s.alive());
    s.quit();

    let mut u = Session::start();
    u.send("uci");
    u.read_until(Duration::from_secs(20), |l| l == "uciok");
    u.send("setoption name Threads value 100000");
    u.send("isready");
    let said = u.read_until(Duration::from_secs(20), |l| l == "readyok");
    assert_eq!(
        said,
        [
            "info string 100000 threads is more than the most, 256: using 256",
            "readyok"
        ]
    );
    u.send("position startpos");
    u.send("go depth 2");
    u.read_until(Duration::from_secs(120), |l| l.starts_with("bestmove "));
    u.quit();
}

#[test]
fn uci_perft_counts_while_the_engine_answers() {
    let mut s = Session::start();
    s.send("uci");
    s.read_until(Duration::from_secs(20), |l| l == "uciok");
    // Chess's start position: 20 root moves, 400 leaves at depth 2.
    s.send("position startpos");
    s.send("go perft 2");
    let lines = s.read_until(Duration::from_secs(60), |l| l.starts_with("Nodes searched"));
    assert_eq!(
        lines.last().map(String::as_str),
        Some("Nodes searched: 400")
    );
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 21);
    // Perft 7 counts 3,195,901,860 positions: minutes, while the engine answers at once
    // (a generous timeout: this only shows it does not wait for the count).
    s.send("go perft 7");
    s.send("isready");
    let mut answered = s.read_until(Duration::from_secs(5), |l| l == "readyok");
    // The blank line that ends perft 2's divide may come first.
    answered.retain(|l| !l.is_empty());
    assert_eq!(answered, ["readyok"], "{}", s.transcript());
    s.send("stop");
    s.read_until(Duration::from_secs(30), |l| {
        l == "info string perft stopped"
    });
    s.send("go perft 7");
    s.send("isready");
    s.read_until(Duration::from_secs(5), |l| l == "readyok");
    s.quit();
}

#[test]
fn edit_mode_sets_up_a_position() {
    let mut s = Session::start();
    s.handshake();
    let out = s.script(&[
        "new", "force", "edit", "#", "Kg6", "Qd1", "Za5", "c", "Ke8", "xe8", "Kh8", ".",
    ]);
    assert_eq!(out, vec!["Error (unknown piece): Za5"]);
    assert!(s
        .script(&["usermove d1d8"])
        .first()
        .is_some_and(|l| l == "1-0 {White mates}"));
    s.quit();
}

/// Words a GUI (or a confused user) might send.
fn command() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "new",
        "force",
        "go",
        "playother",
        "undo",
        "remove",
        "white",
        "black",
        "post",
        "nopost",
        "hard",
        "easy",
        "random",
        "computer",
        "hint",
        "bk",
        "analyze",
        "exit",
        ".",
        "?",
        "draw",
        "pause",
        "resume",
        "edit",
        "#",
        "c",
        "usermove",
        "setboard",
        "variant",
        "level",
        "st",
        "sd",
        "nps",
        "time",
        "otim",
        "memory",
        "cores",
        "option",
        "include",
        "exclude",
        "lift",
        "put",
        "hover",
        "result",
        "setscore",
        "name",
        "rating",
        "ics",
        "e2e4",
        "e7e5",
        "g1f3",
        "e1g1",
        "a7a8q",
        "@@@@",
        "P@e4",
        "O-O",
        "all",
        "1-0",
        "{x}",
        "capablanca",
        "grasshopper",
        "tencubed",
        "e4",
        "d5",
        "0",
        "40",
        "5",
        "-1",
        "99999999999999999999",
        "Hash=16",
        "MultiPV=2",
    ]);
    let word = prop_oneof![
        1 => random_fen().prop_map(|f| format!("setboard {f}")),
        4 => words.prop_map(str::to_string),
        1 => "[ -~]{0,12}",
        1 => prop::collection::vec(any::<u8>(), 0..8)
            .prop_map(|b| String::from_utf8_lossy(&b).replace('\n', " ")),
    ];
    prop::collection::vec(word, 1..4).prop_map(|w| w.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_command_streams_leave_a_working_engine(stream in prop::collection::vec(command(), 1..30)) {
        let mut s = Session::start();
        s.send("xboard");
        s.send("protover 2");
        s.send("st 0.05");
        for line in &stream {
            s.send(line);
        }
        s.send("force");
        s.send("resume");
        s.send(".");
        s.sync();
        prop_assert!(s.alive());
        s.quit();
    }
}

/// Lines a UCI GUI (or a confused user) might send.
fn uci_command() -> impl Strategy<Value = String> {
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
    fn random_uci_sessions_leave_a_working_engine(stream in prop::collection::vec(uci_command(), 1..25)) {
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
