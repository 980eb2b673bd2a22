//! Malformed input never crashes the engine: empty lines, huge lines, binary bytes, garbage
//! arguments and commands in the wrong state each get the protocol's error form (or are
//! ignored), the game is unchanged, and random command streams (with random FENs built from
//! valid piece letters) leave an engine that still answers CECP's `ping` and UCI's `isready`.

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
