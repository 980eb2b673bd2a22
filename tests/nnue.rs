//! The learned evaluation end to end through the `alfil` binary: self-play data written in
//! shards that together hold the records of one run, a data file cut short, a network trained
//! from it that the engine then plays with (UCI `EvalFile`, CECP `option EvalFile=…`), and
//! network files the engine cannot use: a clear message, and the hand-written evaluation
//! plays on; `alfil tune --net` on a budget of hours.

mod cecp_support;

use std::path::{Path, PathBuf};
use std::time::Duration;

use cecp_support::{alfil_in, Session};

const WAIT: Duration = Duration::from_secs(30);

/// A fresh folder of the test's own.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("alfil-nnue-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Run `alfil ARGS` in `dir` and insist it succeeds; its standard output.
fn alfil_ok(dir: &Path, args: &[&str]) -> String {
    let (out, err, code) = alfil_in(Some(dir), args);
    assert_eq!(code, Some(0), "alfil {args:?}: {out}\n{err}");
    out
}

/// The records of a data file after its header, one byte string each (a two-byte length,
/// then the record), sorted.
fn records(path: &Path) -> Vec<Vec<u8>> {
    let bytes = std::fs::read(path).expect("data file");
    let name_len = usize::from(u16::from_le_bytes([bytes[10], bytes[11]]));
    let mut at = 12 + name_len + 8 + 4;
    let mut out = Vec::new();
    while at + 2 <= bytes.len() {
        let len = usize::from(u16::from_le_bytes([bytes[at], bytes[at + 1]]));
        out.push(bytes[at..at + 2 + len].to_vec());
        at += 2 + len;
    }
    out.sort();
    out
}

/// Minishogi self-play: two shards (1/2, 2/2) hold exactly the records of the whole run; a
/// file cut in the middle of a record keeps its complete records, and training says what it
/// left out; the network trained on the data is taken by the engine.
#[test]
fn shards_train_and_play() {
    let dir = folder("shards");
    let common = [
        "selfplay",
        "minishogi",
        "--games",
        "4",
        "--nodes",
        "300",
        "--threads",
        "2",
    ];
    let run = |out: &str, shard: Option<&str>| {
        let mut args: Vec<&str> = common.to_vec();
        args.extend(["--out", out, "--hand-eval"]);
        if let Some(s) = shard {
            args.extend(["--shard", s]);
        }
        alfil_ok(&dir, &args)
    };
    run("whole.bin", None);
    run("one.bin", Some("1/2"));
    run("two.bin", Some("2/2"));
    let whole = records(&dir.join("whole.bin"));
    assert!(!whole.is_empty(), "no positions kept");
    let mut shards = records(&dir.join("one.bin"));
    shards.extend(records(&dir.join("two.bin")));
    shards.sort();
    assert_eq!(shards, whole, "the shards differ from the whole run");

    let bytes = std::fs::read(dir.join("whole.bin")).expect("data");
    std::fs::write(dir.join("cut.bin"), &bytes[..bytes.len() - 3]).expect("write");
    let (out, err, code) = alfil_in(
        Some(&dir),
        &[
            "train",
            "minishogi",
            "cut.bin",
            "--out",
            "mini.nnue",
            "--epochs",
            "2",
            "--hidden",
            "16",
        ],
    );
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(
        err.contains("cut.bin: the last") && err.contains("incomplete record"),
        "{err}"
    );
    assert!(
        out.contains(&format!(
            "{} training positions",
            whole.len() - 1 - held_out(&out)
        )),
        "{out}"
    );
    assert!(out.contains("network written to mini.nnue"), "{out}");

    assert_minishogi_plays_with(&dir, "mini.nnue");
}

/// `alfil tune --net --hours` with no game count plays until its clock says stop (it once
/// died at the start, sizing a list for every game it might play): both generations learn
/// from games played within the budget, and the engine takes the network written.
#[test]
fn tune_net_runs_on_a_budget_of_hours() {
    let dir = folder("tune-hours");
    let out = alfil_ok(
        &dir,
        &[
            "tune",
            "minishogi",
            "--net",
            "--hours",
            "0.002",
            "--threads",
            "2",
            "--work",
            "work",
            "--out",
            "mini.nnue",
        ],
    );
    for generation in ["generation 1: ", "generation 2: "] {
        let games: usize = out
            .lines()
            .find_map(|l| l.strip_prefix(generation))
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no `{generation}` line: {out}"));
        assert!(games > 0, "{out}");
    }
    assert!(
        out.contains("network written to mini.nnue after 2 generations"),
        "{out}"
    );
    assert_minishogi_plays_with(&dir, "mini.nnue");
}

/// A UCI search of minishogi with `EvalFile` set to `net` (in `dir`) says it plays with
/// that network.
fn assert_minishogi_plays_with(dir: &Path, net: &str) {
    let mut s = Session::start_in(dir);
    s.send("uci");
    s.read_until(WAIT, |l| l == "uciok");
    s.send("setoption name UCI_Variant value minishogi");
    s.send(&format!("setoption name EvalFile value {net}"));
    s.send("position startpos");
    s.send("go depth 3");
    let lines = s.read_until(WAIT, |l| l.starts_with("bestmove"));
    assert!(
        lines.contains(&format!("info string evaluation: network {net}")),
        "{lines:?}"
    );
    s.quit();
}

/// The held-out count `alfil train` printed.
fn held_out(out: &str) -> usize {
    out.split(" training positions, ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("a held-out count")
}

/// UCI: a missing file, a file that is not a network, and a network of another variant are
/// each named with what is wrong; the engine plays with the hand-written evaluation and
/// keeps answering.
#[test]
fn uci_reports_an_unusable_network_and_plays_on() {
    let dir = folder("uci");
    std::fs::write(dir.join("junk.nnue"), b"this is not a network").expect("write");
    alfil_ok(
        &dir,
        &[
            "selfplay",
            "minishogi",
            "--games",
            "2",
            "--nodes",
            "200",
            "--out",
            "m.bin",
            "--hand-eval",
        ],
    );
    alfil_ok(
        &dir,
        &[
            "train",
            "minishogi",
            "m.bin",
            "--out",
            "mini.nnue",
            "--epochs",
            "1",
            "--hidden",
            "8",
        ],
    );
    let mut s = Session::start_in(&dir);
    s.send("uci");
    s.read_until(WAIT, |l| l == "uciok");
    for (file, reason) in [
        ("nosuch.nnue", "network nosuch.nnue: No such file"),
        (
            "junk.nnue",
            "network junk.nnue: not an Alfil network file (no ALFILNET at its start)",
        ),
        (
            "mini.nnue",
            "network mini.nnue: made for the variant minishogi, not chess",
        ),
    ] {
        s.send("ucinewgame");
        s.send(&format!("setoption name EvalFile value {file}"));
        s.send("position startpos");
        s.send("go depth 2");
        let lines = s.read_until(WAIT, |l| l.starts_with("bestmove"));
        let note = lines
            .iter()
            .find(|l| l.starts_with("info string network"))
            .unwrap_or_else(|| panic!("{file}: no message in {lines:?}"));
        assert!(note.starts_with(&format!("info string {reason}")), "{note}");
        assert!(
            note.ends_with("; playing with the hand-written evaluation"),
            "{note}"
        );
        assert!(lines.last().is_some_and(|l| l.starts_with("bestmove ")));
    }
    s.quit();
}

/// CECP: `option EvalFile=…` with a file that is not a network: a `telluser` naming the
/// file and the reason, and the engine moves.
#[test]
fn cecp_tells_the_user_of_an_unusable_network() {
    let dir = folder("cecp");
    std::fs::write(dir.join("junk.nnue"), b"ALFILNET\x01\x00 cut").expect("write");
    let mut s = Session::start_in(&dir);
    s.handshake();
    s.send("option EvalFile=junk.nnue");
    s.send("new");
    s.send("sd 2");
    s.send("go");
    let lines = s.read_until(WAIT, |l| l.starts_with("move "));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("telluser Alfil: network junk.nnue: ")
                && l.ends_with("; playing with the hand-written evaluation")),
        "{lines:?}"
    );
    s.quit();
}
