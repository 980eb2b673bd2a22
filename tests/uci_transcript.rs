//! Transcript tests of the UCI engine: each sends the `alfil` binary a script and checks the
//! replies: the protocol chosen by the first command, `uci` with every option, `debug`,
//! `isready` (also while searching), `setoption` for every option, `register`, `ucinewgame`,
//! `position` (good and malformed), every `go` parameter, `stop`, `ponderhit`, `quit`, the
//! `info` fields, `bestmove … ponder …`, `go perft`, and move text in variants.

mod cecp_support;

use std::time::{Duration, Instant};

use alfil::variant::embedded_names;
use cecp_support::Session;

const WAIT: Duration = Duration::from_secs(20);

/// An engine past `uci`/`uciok`, and the lines of that answer.
fn uci() -> (Session, Vec<String>) {
    let mut s = Session::start();
    s.send("uci");
    let lines = s.read_until(WAIT, |l| l == "uciok");
    (s, lines)
}

/// Send each line, then `isready`; every line before `readyok`.
fn script(s: &mut Session, lines: &[&str]) -> Vec<String> {
    for l in lines {
        s.send(l);
    }
    s.send("isready");
    let mut got = s.read_until(WAIT, |l| l == "readyok");
    got.pop();
    got
}

/// Send each line (the last a `go perft`); the divide up to its closing blank line, which the
/// engine prints when the count ends (it answers `isready` meanwhile).
fn perft(s: &mut Session, lines: &[&str]) -> Vec<String> {
    for l in lines {
        s.send(l);
    }
    let mut got = s.read_until(WAIT, |l| l.starts_with("Nodes searched"));
    got.extend(s.read_until(WAIT, str::is_empty));
    got
}

/// Lines up to and including the next `bestmove`.
fn until_bestmove(s: &mut Session) -> Vec<String> {
    s.read_until(WAIT, |l| l.starts_with("bestmove"))
}

/// Set up `position`, send `go`, and read up to the `bestmove`.
fn search(s: &mut Session, position: &str, go: &str) -> Vec<String> {
    let answer = script(s, &[position]);
    assert!(answer.is_empty(), "{position}: {answer:?}");
    s.send(go);
    until_bestmove(s)
}

/// Check, with an `isready` round trip, that the search has not answered yet.
fn assert_searching(s: &mut Session) {
    let lines = script(s, &[]);
    assert!(
        lines.iter().all(|l| !l.starts_with("bestmove")),
        "{lines:?}"
    );
}

/// Whether one of the lines contains `text`.
fn any_contains(lines: &[String], text: &str) -> bool {
    lines.iter().any(|l| l.contains(text))
}

/// The `go perft 1` move list of the current position.
fn root_moves(s: &mut Session) -> Vec<String> {
    perft(s, &["go perft 1"])
        .iter()
        .filter(|l| !l.starts_with("Nodes searched"))
        .filter_map(|l| l.strip_suffix(": 1").map(str::to_string))
        .collect()
}

/// The value after `key` in an `info` line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == key)?;
    words.next()
}

fn info_strings(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .collect()
}

#[test]
fn uci_lists_identity_and_every_option() {
    let (s, lines) = uci();
    assert!(lines[0].starts_with("id name Alfil"), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    for wanted in [
        "option name Hash type spin default 64 min 1 max ",
        "option name Threads type spin default 1 min 1 max ",
        "option name MultiPV type spin default 1 min 1 max ",
        "option name Ponder type check default false",
        "option name UCI_Variant type combo default chess var ",
        "option name UCI_Chess960 type check default false",
        "option name Variant folder type string default variants",
        "option name Clear Hash type button",
        "option name Move Overhead type spin default 100 min 0 max 5000",
        "option name Use NNUE type check default true",
        "option name EvalFile type string default <auto>",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(wanted)),
            "{wanted}: {lines:?}"
        );
    }
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant"))
        .unwrap();
    let choices: Vec<&str> = combo.split(" var ").skip(1).collect();
    for name in embedded_names() {
        assert!(choices.contains(&name.as_str()), "{name} missing");
    }
    s.quit();
}

#[test]
fn the_first_command_chooses_the_protocol() {
    let mut s = Session::start();
    s.send("");
    s.send("   ");
    s.send("  uci ");
    s.read_until(WAIT, |l| l == "uciok");
    s.quit();
    let mut s = Session::start();
    s.send("protover 2");
    let lines = s.read_until(WAIT, |l| l == "feature done=1");
    assert_eq!(lines[0], "feature done=0");
    s.quit();
}

#[test]
fn debug_unknown_tokens_and_register() {
    let (mut s, _) = uci();
    assert!(script(&mut s, &["joho", "stop", "ponderhit", "register later"]).is_empty());
    let lines = script(&mut s, &["joho debug on"]);
    assert_eq!(lines, ["info string received: isready"]);
    let lines = script(&mut s, &["joho", "register name Someone code 1234"]);
    assert!(lines.iter().any(|l| l.contains("unknown command: joho")));
    assert!(lines.iter().any(|l| l.contains("no registration")));
    assert!(lines.iter().any(|l| l == "info string received: isready"));
    let lines = script(&mut s, &["debug off", "nonsense uci-ish words"]);
    assert_eq!(lines, ["info string received: debug off"]);
    s.quit();
}

#[test]
fn setoption_sets_every_option() {
    let (mut s, _) = uci();
    let quiet = script(
        &mut s,
        &[
            "setoption name Hash value 8",
            "setoption name threads value 2",
            "setoption name Ponder value true",
            "setoption name Clear Hash",
            "setoption name UCI_Chess960 value false",
        ],
    );
    assert!(quiet.is_empty(), "{quiet:?}");
    let refused = script(
        &mut s,
        &[
            "setoption name Hash value lots",
            "setoption name MultiPV value 0",
            "setoption name Nullmove value true",
            "setoption name UCI_Variant value nosuchgame",
            "setoption name Ponder",
        ],
    );
    assert_eq!(info_strings(&refused).len(), 5, "{refused:?}");

    script(
        &mut s,
        &["setoption name MultiPV value 3", "position startpos"],
    );
    s.send("go depth 3");
    let lines = until_bestmove(&mut s);
    for k in ["1", "2", "3"] {
        assert!(
            lines
                .iter()
                .any(|l| field(l, "depth") == Some("3") && field(l, "multipv") == Some(k)),
            "multipv {k}: {lines:?}"
        );
    }
    script(&mut s, &["setoption name MultiPV value 1"]);

    let dir = std::env::temp_dir().join(format!("alfil-uci-folder-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("pawnless.ron"),
        r#"(name: "pawnless", inherits: "chess", start: "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1")"#,
    )
    .unwrap();
    let missing = script(
        &mut s,
        &["setoption name Variant folder value /no/such/folder"],
    );
    assert_eq!(info_strings(&missing).len(), 1, "{missing:?}");
    let folder = format!("setoption name Variant folder value {}", dir.display());
    assert!(script(&mut s, &[&folder]).is_empty());
    let lines = perft(
        &mut s,
        &[
            "setoption name UCI_Variant value pawnless",
            "position startpos",
            "go perft 1",
        ],
    );
    assert!(
        lines.contains(&"Nodes searched: 50".to_string()),
        "{lines:?}"
    );
    s.quit();
}

#[test]
fn every_variant_round_trips_its_moves() {
    let (mut s, _) = uci();
    for name in embedded_names() {
        let set = format!("setoption name UCI_Variant value {name}");
        assert!(script(&mut s, &[&set, "position startpos"]).is_empty());
        let moves = root_moves(&mut s);
        assert!(!moves.is_empty(), "{name}: no moves");
        let commands: Vec<String> = moves
            .iter()
            .map(|m| format!("position startpos moves {m}"))
            .collect();
        let commands: Vec<&str> = commands.iter().map(String::as_str).collect();
        let answers = script(&mut s, &commands);
        assert!(answers.is_empty(), "{name}: {answers:?}");
    }
    s.quit();
}

#[test]
fn variant_move_text_is_fairy_stockfish_style() {
    let (mut s, _) = uci();
    let cases: [(&str, &str, &[&str]); 7] = [
        ("janggi", "position startpos", &["e2e2", "a4a5"]),
        (
            "grand",
            "position startpos moves a3a4",
            &["a10b10", "j10j9"],
        ),
        (
            "crazyhouse",
            "position startpos moves e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",
            &["P@e4", "P@h6"],
        ),
        (
            "shogi",
            "position fen 4k4/9/9/2P6/9/9/9/9/4K4[P] w - - 0 1",
            &["c6c7", "c6c7+", "P@e5"],
        ),
        ("seirawan", "position startpos", &["b1c3h", "g1f3e", "b1c3"]),
        (
            "fischerandom",
            "position fen r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1",
            &["e1h1", "e1a1"],
        ),
        (
            "chess",
            "position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            &["e1g1", "e1c1"],
        ),
    ];
    for (variant, position, wanted) in cases {
        let set = format!("setoption name UCI_Variant value {variant}");
        assert!(script(&mut s, &[&set, position]).is_empty(), "{variant}");
        let moves = root_moves(&mut s);
        for w in wanted {
            assert!(moves.contains(&w.to_string()), "{variant} {w}: {moves:?}");
        }
    }
    let moves = root_moves(&mut s);
    assert!(!moves.contains(&"e1h1".to_string()));
    script(&mut s, &["setoption name UCI_Chess960 value true"]);
    let moves = root_moves(&mut s);
    assert!(moves.contains(&"e1h1".to_string()) && !moves.contains(&"e1g1".to_string()));
    s.quit();
}

#[test]
fn position_and_ucinewgame() {
    let (mut s, _) = uci();
    script(
        &mut s,
        &["ucinewgame", "position startpos moves e2e4 e7e5 g1f3"],
    );
    assert_eq!(root_moves(&mut s).len(), 29);
    let lines = script(
        &mut s,
        &["position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 moves e2e4 e8d7"],
    );
    assert!(lines.is_empty());
    assert_eq!(root_moves(&mut s).len(), 6);
    for bad in [
        "position fen 4k3/8/8/8/8/8/4P3/4K3 x - - 0 1",
        "position fen",
        "position startpos moves e2e4 e7e5 e1e3",
        "position startpos moves e2e4 e2e4",
        "position",
        "position sideways",
    ] {
        let lines = script(&mut s, &[bad]);
        assert_eq!(info_strings(&lines).len(), 1, "{bad}: {lines:?}");
        assert!(lines[0].contains("previous position stays"), "{lines:?}");
        assert_eq!(root_moves(&mut s).len(), 6, "{bad} changed the position");
    }
    script(&mut s, &["ucinewgame", "position startpos"]);
    assert_eq!(root_moves(&mut s).len(), 20);
    s.quit();
}

#[test]
fn go_depth_nodes_and_bestmove_with_ponder() {
    let (mut s, _) = uci();
    let lines = search(&mut s, "position startpos moves e2e4", "go depth 4");
    let depths: Vec<u32> = lines
        .iter()
        .filter_map(|l| field(l, "depth")?.parse().ok())
        .collect();
    assert_eq!(depths.iter().max(), Some(&4), "{lines:?}");
    let words: Vec<&str> = lines.last().unwrap().split_whitespace().collect();
    assert_eq!(words.len(), 4, "{lines:?}");
    assert_eq!(words[2], "ponder");
    assert_eq!(field(&lines[lines.len() - 2], "pv"), Some(words[1]));

    s.send("go nodes 3000");
    let lines = until_bestmove(&mut s);
    let nodes: u64 = field(&lines[lines.len() - 2], "nodes")
        .unwrap()
        .parse()
        .unwrap();
    assert!(nodes <= 6000, "{lines:?}");
    s.quit();
}

#[test]
fn go_by_the_clock_and_by_movetime() {
    let (mut s, _) = uci();
    let timed = |s: &mut Session, position: &str, go: &str, limit_ms: u64| {
        let t = Instant::now();
        search(s, position, go);
        assert!(
            t.elapsed() < Duration::from_millis(limit_ms),
            "{go}: {:?}",
            t.elapsed()
        );
    };
    let clock = "go wtime 3000 btime 3000 winc 20 binc 20 movestogo 20";
    timed(&mut s, "position startpos", clock, 1500);
    timed(&mut s, "position startpos", "go movetime 300", 800);
    let flagging = "go wtime 100000 btime 40 binc 0";
    timed(&mut s, "position startpos moves e2e4", flagging, 500);
    s.quit();
}

#[test]
fn go_mate_stops_at_the_mate() {
    let (mut s, _) = uci();
    let lines = search(
        &mut s,
        "position fen k7/8/1K6/8/8/8/8/7R w - - 0 1",
        "go mate 1",
    );
    assert_eq!(lines.last().unwrap(), "bestmove h1h8", "{lines:?}");
    assert!(any_contains(&lines, "score mate 1"));
    let lines = search(
        &mut s,
        "position fen k7/8/2K5/8/8/8/8/7R w - - 0 1",
        "go mate 2",
    );
    assert!(any_contains(&lines, "score mate 2"), "{lines:?}");
    s.quit();
}

#[test]
fn searchmoves_restrict_the_root() {
    let (mut s, _) = uci();
    let go = "go depth 4 searchmoves a2a3 h2h3 x9x9";
    let lines = search(&mut s, "position startpos", go);
    for l in lines.iter().filter(|l| l.contains(" pv ")) {
        let first = field(l, "pv").unwrap();
        assert!(first == "a2a3" || first == "h2h3", "{l}");
    }
    let best = field(lines.last().unwrap(), "bestmove").unwrap();
    assert!(best == "a2a3" || best == "h2h3", "{best}");
    s.quit();
}

#[test]
fn infinite_waits_for_stop_and_isready_answers_meanwhile() {
    let (mut s, _) = uci();
    script(&mut s, &["position startpos"]);
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    assert_searching(&mut s);
    s.send("stop");
    let lines = until_bestmove(&mut s);
    assert!(lines[lines.len() - 2].starts_with("info depth"));

    script(&mut s, &["position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"]);
    s.send("go infinite");
    assert_searching(&mut s);
    s.send("stop");
    let lines = until_bestmove(&mut s);
    assert_eq!(lines.last().unwrap(), "bestmove (none)");
    assert!(any_contains(&lines, "score mate 0"), "{lines:?}");
    s.quit();
}

#[test]
fn ponder_then_ponderhit_or_stop() {
    let (mut s, _) = uci();
    script(&mut s, &["setoption name Ponder value true"]);
    script(&mut s, &["position startpos moves e2e4 e7e5"]);
    s.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(300));
    assert_searching(&mut s);
    let t = Instant::now();
    s.send("ponderhit");
    until_bestmove(&mut s);
    assert!(
        t.elapsed() < Duration::from_millis(900),
        "{:?}",
        t.elapsed()
    );

    script(&mut s, &["position startpos moves e2e4 e7e5 g1f3"]);
    s.send("go ponder movetime 100");
    std::thread::sleep(Duration::from_millis(300));
    assert_searching(&mut s);
    s.send("stop");
    until_bestmove(&mut s);
    s.quit();
}

#[test]
fn go_during_a_search_answers_both() {
    let (mut s, _) = uci();
    script(&mut s, &["position startpos"]);
    s.send("go infinite");
    s.send("go depth 2");
    until_bestmove(&mut s);
    let lines = until_bestmove(&mut s);
    assert!(lines.iter().any(|l| field(l, "depth") == Some("2")));
    s.quit();
}

#[test]
fn info_lines_carry_every_field_and_currmove() {
    let (mut s, _) = uci();
    script(&mut s, &["position startpos moves d2d4 d7d5"]);
    s.send("go infinite");
    let mut lines = s.read_until(WAIT, |l| l.contains(" currmove "));
    s.send("stop");
    lines.extend(until_bestmove(&mut s));
    let pv_lines: Vec<&String> = lines.iter().filter(|l| l.contains(" pv ")).collect();
    assert!(!pv_lines.is_empty());
    for l in &pv_lines {
        for key in [
            "depth", "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv",
        ] {
            assert!(field(l, key).is_some(), "{key} missing: {l}");
        }
        assert!(field(l, "score") == Some("cp") || field(l, "score") == Some("mate"));
    }
    assert!(
        lines
            .iter()
            .any(|l| l.contains(" currmove ") && l.contains(" currmovenumber 1")),
        "{lines:?}"
    );
    s.quit();
}

#[test]
fn go_perft_divides_like_stockfish() {
    let (mut s, _) = uci();
    let lines = perft(&mut s, &["position startpos", "go perft 3"]);
    assert_eq!(lines.len(), 23, "{lines:?}");
    assert_eq!(lines[0], "a2a3: 380");
    assert_eq!(&lines[20..], ["", "Nodes searched: 8902", ""]);
    let lines = perft(&mut s, &["go perft 0"]);
    assert_eq!(lines, ["", "Nodes searched: 1", ""]);
    s.quit();
}

#[test]
fn quit_during_a_search_ends_the_engine() {
    let (mut s, _) = uci();
    script(&mut s, &["position startpos"]);
    s.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    s.quit();
}

#[test]
fn d_prints_the_fen_of_the_position_as_fairy_stockfish_does() {
    let (mut s, _) = uci();
    // 1. e4 in chess: the pawn on e4, Black to move, e3 the en-passant square as the FEN
    // standard writes it after a double step.
    let lines = script(&mut s, &["position startpos moves e2e4", "d"]);
    assert_eq!(
        lines,
        ["Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"]
    );
    let lines = script(
        &mut s,
        &[
            "setoption name UCI_Variant value chu",
            "position startpos moves g4g5",
            "d",
        ],
    );
    // Chu's start (XBoard's and HaChu's) after the pawn in front of the queen steps up.
    assert_eq!(
        lines.last().map(String::as_str),
        Some(
            "Fen: lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I2P1I3/\
             PPPPPP1PPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - - 0 1"
        )
    );
}
