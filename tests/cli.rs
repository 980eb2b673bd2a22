//! The command line: perft and divide output format, the XBetza explorer, piece values, and
//! errors for unknown variants; and the rough edges a newcomer meets: hash sizes the machine
//! cannot give, `go` limits that make no sense, a depth of 0, output into a closed pipe,
//! `help`, and the deterministic search signature of `alfil bench --search`; XBetza past its
//! size limit and start positions without a side's royal piece refused with their place.

mod cecp_support;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use cecp_support::{alfil_in, Session};

/// `alfil ARGS`: standard output, standard error, exit code.
fn alfil(args: &[&str]) -> (String, String, Option<i32>) {
    alfil_in(None, args)
}

#[test]
fn perft_prints_the_count_alone_on_the_last_line() {
    let (out, err, code) = alfil(&["perft", "chess", "3"]);
    assert_eq!(code, Some(0));
    assert_eq!(out.lines().last(), Some("8902"));
    assert!(err.contains("nodes/s"), "speed goes to stderr: {err}");
}

#[test]
fn divide_lists_root_moves_then_the_total() {
    let (out, _, code) = alfil(&["divide", "chess", "2"]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"e2e4: 20"), "{out}");
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 20);
    assert_eq!(lines.last(), Some(&"400"));
}

#[test]
fn betza_explorer_prints_targets() {
    let (out, _, code) = alfil(&["betza", "N", "--board", "8x8", "--square", "d4"]);
    assert_eq!(code, Some(0));
    assert_eq!(out.lines().next(), Some("targets: b3 b5 c2 c6 e2 e6 f3 f5"));
    let (_, err, code) = alfil(&["betza", "fmX"]);
    assert_ne!(code, Some(0));
    assert!(err.contains("at character 3"), "{err}");
    // Refused by the compiler rather than the parser: still the character, and nothing more.
    let (_, err, code) = alfil(&["betza", "mWaO1"]);
    assert_ne!(code, Some(0));
    assert_eq!(
        err.trim_end(),
        "error: \"mWaO1\" at character 3: castling (O) cannot be part of a multi-leg move"
    );
}

/// A variant file inheriting chess whose knight moves `moves` and whose start is `start`.
fn knight_file(tag: &str, moves: &str, start: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("alfil-cli-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join(format!("{tag}.ron"));
    let text = format!(
        "(\n    name: \"{tag}\",\n    inherits: \"chess\",\n    start: \"{start}\",\n    \
         pieces: [(letter: 'N', name: \"knight\", moves: \"{moves}\")],\n)\n"
    );
    std::fs::write(&path, text).expect("the file");
    path
}

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn xbetza_past_its_limit_is_a_located_error_at_once() {
    // Nine legs: before the limit, minutes and gigabytes (about 7x a leg).
    let started = std::time::Instant::now();
    let (_, err, code) = alfil(&["betza", "mamamamamamamamaK"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("at character 1: too many legs: this move has 9 legs, at most 6"),
        "{err}"
    );
    // Five legs of 8 and 7 directions stay under 20,000 paths; six do not.
    let (_, err, code) = alfil(&["betza", "mamamamamaK"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("too many legs: the moves expand to"), "{err}");
    let (out, _, code) = alfil(&["betza", "mamamamaK"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("targets:"), "{out}");

    let file = knight_file("legs", "WmamamamamamamamaK", CHESS_START);
    let (out, _, code) = alfil(&["check", file.to_str().expect("a path")]);
    assert_eq!(code, Some(2), "{out}");
    // Line 5, at the component after `W` inside the string (column of `moves: "` + 2).
    let line = std::fs::read_to_string(&file).expect("the file");
    let column = line
        .lines()
        .nth(4)
        .and_then(|l| l.find("\"Wma"))
        .expect("the moves")
        + 3;
    assert!(
        out.contains(&format!("legs.ron:5:{column}: error[load]: too many legs")),
        "{out}"
    );
    // A generous bound: this only shows that nothing follows millions of paths.
    assert!(started.elapsed() < Duration::from_secs(20));
    let _ = std::fs::remove_dir_all(file.parent().expect("its folder"));
}

#[test]
fn a_start_position_gives_each_side_its_royal_pieces() {
    // Two white kings and no black one: refused in the file as the same FEN is by --fen.
    let fen = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1";
    let file = knight_file("royals", "N", fen);
    let (out, _, code) = alfil(&["check", file.to_str().expect("a path")]);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.contains("Black has no royal piece (White has 2)"),
        "{out}"
    );
    let (_, err, code) = alfil(&["perft", "chess", "1", "--fen", fen]);
    assert_ne!(code, Some(0));
    assert!(
        err.contains("White has 2 royal pieces, the variant allows 1"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(file.parent().expect("its folder"));
}

#[test]
fn values_follow_the_piece_definitions() {
    let (out, _, code) = alfil(&["values", "chess"]);
    assert_eq!(code, Some(0));
    let value = |letter: &str| -> i32 {
        let line = out
            .lines()
            .find(|l| l.starts_with(letter))
            .expect("piece line");
        line.split_whitespace()
            .last()
            .unwrap()
            .parse()
            .expect("a number")
    };
    assert!(value("P") < value("N") && value("N") <= value("B"));
    assert!(value("B") < value("R") && value("R") < value("Q"));
    assert!(out
        .lines()
        .any(|l| l.starts_with('K') && l.ends_with("royal")));
}

/// A folder of its own in the system's temporary folder holding a copy of the built-in
/// variant file `name`: the folder and the copy.
fn variant_copy(name: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    static COPIES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COPIES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("alfil-cli-{name}-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let copy = dir.join(format!("{name}.ron"));
    let original = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("variants")
        .join(format!("{name}.ron"));
    std::fs::copy(original, &copy).expect("the variant copied");
    (dir, copy)
}

/// `values --export` writes the evaluation's weights; beside a copy of the variant file they
/// are read back, and `values` shows them next to the automatic values (equal, as written).
#[test]
fn exported_weights_beside_a_variant_are_shown_with_the_automatic_values() {
    let (dir, variant) = variant_copy("chess");
    let weights = dir.join("chess.weights.ron");
    let (plain, _, code) = alfil(&["values", "chess", "--export", weights.to_str().unwrap()]);
    assert_eq!(code, Some(0));
    let text = std::fs::read_to_string(&weights).expect("the weights were written");
    assert!(text.contains("variant: \"chess\""), "{text}");
    let (out, _, code) = alfil(&["values", variant.to_str().unwrap()]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], format!("# weights from {}", weights.display()));
    for line in plain.lines().filter(|l| !l.ends_with("royal")) {
        let automatic = line.split_whitespace().last().expect("a value");
        let shown = lines
            .iter()
            .find(|l| l.starts_with(line))
            .unwrap_or_else(|| panic!("{line} in {out}"));
        let file: Vec<&str> = shown
            .split('|')
            .nth(1)
            .expect("file columns")
            .split_whitespace()
            .collect();
        assert_eq!(file, [automatic; 3], "{shown}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// `alfil tune minishogi` with 20 games at depth 1 on one thread, keeping its positions in
/// `positions` and writing its weights to `weights`.
fn tune_minishogi_briefly(
    positions: &std::path::Path,
    weights: &std::path::Path,
) -> (String, String, Option<i32>) {
    alfil(&[
        "tune",
        "minishogi",
        "--games",
        "20",
        "--depth",
        "1",
        "--threads",
        "1",
        "--save-positions",
        positions.to_str().unwrap(),
        "--out",
        weights.to_str().unwrap(),
    ])
}

/// A short tuning run on a small variant writes its positions and a weights file that, put
/// beside a copy of the variant, is read (`values` names it and its run).
#[test]
fn tune_writes_weights_that_the_engine_then_reads() {
    let (dir, variant) = variant_copy("minishogi");
    let weights = dir.join("minishogi.weights.ron");
    let positions = dir.join("minishogi.positions");
    let (out, err, code) = tune_minishogi_briefly(&positions, &weights);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("minishogi: 20 games"), "{out}");
    let saved = std::fs::read_to_string(&positions).expect("the positions file");
    assert!(
        saved.lines().all(|l| l.split(" | ").count() == 3),
        "FEN | RESULT | GAME lines: {saved}"
    );
    let (shown, _, code) = alfil(&["values", variant.to_str().unwrap()]);
    assert_eq!(code, Some(0));
    let header = shown.lines().next().expect("a header");
    assert!(
        header.starts_with(&format!("# weights from {}", weights.display()))
            && header.contains("alfil tune minishogi --games 20 --depth 1 --threads 1: 20 games"),
        "{shown}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The fit learns what the results say: positions labelled as won by the side to move
/// (whatever else is on the board) are predicted by the tempo alone, so the fitted tempo
/// rises above the automatic one and the held-out loss falls.
#[test]
fn tune_fits_a_tempo_to_results_that_follow_the_side_to_move() {
    let (dir, _) = variant_copy("minishogi");
    let played = dir.join("played.positions");
    let (_, err, code) = tune_minishogi_briefly(&played, &dir.join("ignored.weights.ron"));
    assert_eq!(code, Some(0), "{err}");
    let relabelled: String = std::fs::read_to_string(&played)
        .expect("the positions")
        .lines()
        .enumerate()
        .map(|(n, line)| {
            let fen = line.split(" | ").next().expect("a FEN");
            let result = if fen.split(' ').nth(1) == Some("w") {
                "1-0"
            } else {
                "0-1"
            };
            format!("{fen} | {result} | {}\n", n / 10)
        })
        .collect();
    let positions = dir.join("side-to-move.positions");
    std::fs::write(&positions, relabelled).expect("written");
    let tempo = |file: &std::path::Path| -> i32 {
        std::fs::read_to_string(file)
            .expect("a weights file")
            .lines()
            .find_map(|l| l.trim().strip_prefix("tempo: "))
            .and_then(|t| t.trim_end_matches(',').parse().ok())
            .expect("a tempo")
    };
    let automatic = dir.join("automatic.weights.ron");
    let (_, err, code) = alfil(&[
        "values",
        "minishogi",
        "--export",
        automatic.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let fitted = dir.join("fitted.weights.ron");
    let (out, err, code) = alfil(&[
        "tune",
        "minishogi",
        "--positions",
        positions.to_str().unwrap(),
        "--out",
        fitted.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let losses: Vec<f64> = out
        .lines()
        .find_map(|l| l.strip_prefix("held-out loss "))
        .and_then(|l| l.split(';').next())
        .expect("the losses")
        .split(" -> ")
        .map(|x| x.parse().expect("a loss"))
        .collect();
    assert!(losses[1] < losses[0], "the loss falls: {out}");
    assert!(tempo(&fitted) > tempo(&automatic) + 20, "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A positions file with a bad line is refused, naming the file, line and column.
#[test]
fn tune_refuses_a_bad_positions_file() {
    let (dir, _) = variant_copy("minishogi");
    let positions = dir.join("bad.positions");
    std::fs::write(
        &positions,
        "rbsgk/4p/5/P4/KGSBR[] w - - 0 1 | 1-0 | 0\nrbsgk/4p/5/P4/KGSBR[] w - - 0 1 | won | 0\n",
    )
    .expect("written");
    let (_, err, code) = alfil(&[
        "tune",
        "minishogi",
        "--positions",
        positions.to_str().unwrap(),
    ]);
    assert_ne!(code, Some(0));
    assert!(
        err.contains(&format!(
            "{}:2:35: result `won`: expected 1-0, 0-1 or 1/2-1/2",
            positions.display()
        )),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A variant whose games never end (no move rule, no repetition rule, nothing to capture that
/// the shallow search would take) gives no result to learn from, and tune says so.
#[test]
fn tune_says_when_no_game_ends() {
    let (dir, _) = variant_copy("chess");
    let endless = dir.join("endless.ron");
    std::fs::write(
        &endless,
        "(name: \"endless\", inherits: \"chess\", start: \"rk6/8/8/8/8/8/8/6KR w - - 0 1\",\n \
         rules: (move_rule: 0, repetition_count: 0))",
    )
    .expect("written");
    let (_, err, code) = alfil(&[
        "tune",
        endless.to_str().unwrap(),
        "--games",
        "2",
        "--depth",
        "1",
        "--threads",
        "1",
    ]);
    assert_ne!(code, Some(0));
    assert!(
        err.contains(
            "none of the 2 games ended within 400 plies, so none has a result to learn from"
        ),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Tuning limits that play nothing are refused.
#[test]
fn tune_refuses_limits_that_play_nothing() {
    for (args, message) in [
        (
            &["tune", "chess", "--games", "0"][..],
            "--games 0: at least one game is needed",
        ),
        (
            &["tune", "chess", "--nodes", "0"][..],
            "a search of 0 nodes or depth 0 plays no move to learn from",
        ),
    ] {
        let (_, err, code) = alfil(args);
        assert_ne!(code, Some(0));
        assert!(err.contains(message), "{err}");
    }
}

#[test]
fn an_unknown_variant_is_an_error() {
    let (_, err, code) = alfil(&["perft", "nosuchvariant", "1"]);
    assert_ne!(code, Some(0));
    assert!(
        err.contains("variant `nosuchvariant`: no variant of that name in the built-in variants"),
        "{err}"
    );
    assert!(!err.contains("did you mean"), "nothing is near: {err}");
    assert!(!err.contains("<embedded>"), "{err}");
}

const WAIT: Duration = Duration::from_secs(20);

/// 2 TB: more than any machine this runs on has, so the engine must cut it down.
const HUGE_MB: &str = "2000000";

#[test]
fn cecp_memory_beyond_the_machine_is_cut_down_and_said() {
    let mut s = Session::start();
    s.handshake();
    s.send(&format!("memory {HUGE_MB}"));
    s.send("ping 7");
    let lines = s.read_until(WAIT, |l| l == "pong 7");
    let told = lines
        .iter()
        .find(|l| l.starts_with("tellusererror Alfil: hash of 2000000 MB is more than"))
        .unwrap_or_else(|| panic!("no message: {lines:?}"));
    assert!(told.contains("MB available); using "), "{told}");
    assert!(s.alive());
    s.quit();
}

#[test]
fn uci_hash_beyond_the_machine_is_cut_down_and_said() {
    let mut s = Session::start();
    s.send("uci");
    let options = s.read_until(WAIT, |l| l == "uciok");
    let hash = options
        .iter()
        .find(|l| l.starts_with("option name Hash type spin"))
        .expect("Hash option");
    let max: usize = hash
        .rsplit(' ')
        .next()
        .and_then(|m| m.parse().ok())
        .expect("a maximum");
    assert!((1..=65536).contains(&max), "{hash}");
    s.send("setoption name Hash value 65536");
    s.send("isready");
    let lines = s.read_until(WAIT, |l| l == "readyok");
    if max < 65536 {
        let told = "info string hash of 65536 MB is more than this machine can give";
        assert!(lines.iter().any(|l| l.starts_with(told)), "{lines:?}");
        let used = format!("using {max} MB");
        assert!(lines.iter().any(|l| l.ends_with(&used)), "{lines:?}");
    }
    s.quit();
}

#[test]
fn go_limits_that_are_not_numbers_are_refused_not_searched_forever() {
    let mut s = Session::start();
    s.send("uci");
    s.read_until(WAIT, |l| l == "uciok");
    for (go, bad) in [
        ("go perft -1", "perft -1"),
        ("go perft abc", "perft abc"),
        ("go depth abc", "depth abc"),
        ("go nodes many", "nodes many"),
        ("go depth", "depth (no value)"),
    ] {
        s.send("position startpos");
        s.send(go);
        s.send("isready");
        let lines = s.read_until(WAIT, |l| l == "readyok");
        let refusal = format!("info string go refused: {bad} (");
        assert!(
            lines.iter().any(|l| l.starts_with(&refusal)),
            "{go}: {lines:?}"
        );
        assert!(
            lines.iter().all(|l| !l.starts_with("bestmove")),
            "{go}: {lines:?}"
        );
    }
    // Limits that are numbers but leave no time still give a move at once.
    for go in ["go nodes 0", "go movetime -5", "go movetime 0"] {
        s.send("position startpos");
        s.send(go);
        let lines = s.read_until(WAIT, |l| l.starts_with("bestmove"));
        let best = lines.last().expect("a line");
        assert!(
            best.starts_with("bestmove ") && best.len() > 12,
            "{go}: {best}"
        );
    }
    s.quit();
}

#[test]
fn depth_zero_on_the_command_line_is_refused() {
    for command in ["perft", "divide"] {
        let (out, err, code) = alfil(&[command, "chess", "0"]);
        assert_eq!(code, Some(2), "{command}: {out}{err}");
        assert!(out.is_empty(), "{command}: {out}");
        assert!(err.contains("invalid value '0' for '<DEPTH>'"), "{err}");
    }
}

#[test]
fn divide_counts_ranks_from_one_on_ten_rank_boards() {
    let (out, _, code) = alfil(&["divide", "xiangqi", "1"]);
    assert_eq!(code, Some(0));
    // Xiangqi's red rooks start on a1 and i1 and may step up to the 2nd and 3rd rank (the
    // horse on b1 blocks them sideways); with ranks counted from 0 these would be a0a1, a0a2.
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.contains(&"a1a2: 1") && lines.contains(&"a1a3: 1"),
        "{out}"
    );
    assert!(
        lines.contains(&"h3h10: 1"),
        "the cannon takes the horse on h10: {out}"
    );
    assert!(!out.contains("a0"), "{out}");
}

/// Run `args` with standard output a pipe whose reader is gone before anything is written.
fn into_closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("alfil runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("exits");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    for args in [
        &["variants"][..],
        &["betza", "Q", "--board", "16x16", "--square", "h8"][..],
        &["divide", "chess", "4"][..],
    ] {
        let (code, err) = into_closed_pipe(args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn help_in_engine_mode_shows_usage() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("alfil runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"help\nquit\n")
        .expect("write");
    let out = child.wait_with_output().expect("exits");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("Alfil speaks CECP (XBoard) here"),
        "{text}"
    );
    assert!(text.contains("variant NAME"), "{text}");
    assert!(!text.contains("Error (unknown command)"), "{text}");
}

#[test]
fn help_says_that_no_command_means_engine_mode() {
    let (out, _, code) = alfil(&["--help"]);
    assert_eq!(code, Some(0));
    assert!(
        out.contains("Without a command, alfil is an engine on standard input and output"),
        "{out}"
    );
}

#[test]
fn the_search_signature_is_the_same_on_every_run() {
    let signature = || {
        let (out, err, code) = alfil(&["bench", "--search", "--depth", "3"]);
        assert_eq!(code, Some(0), "{err}");
        let last = out.lines().last().unwrap_or_default().to_string();
        let n: u64 = last
            .strip_prefix("Bench signature: ")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no signature: {out}"));
        let positions = out.lines().filter(|l| l.ends_with(" nodes")).count();
        assert!(positions >= 10, "{out}");
        n
    };
    let first = signature();
    assert!(first > 0);
    assert_eq!(first, signature());
}

/// `--stats` leaves the signature as it is, and its table accounts for every node: a row per
/// variant whose nodes are its main-search and quiescence nodes, the rows summing to the
/// signature, and the nodes in check, the cutoff and table-hit shares within them.
#[test]
fn search_statistics_account_for_the_signature_nodes() {
    let (plain, err, code) = alfil(&["bench", "--search", "--depth", "3"]);
    assert_eq!(code, Some(0), "{err}");
    let (out, err, code) = alfil(&["bench", "--search", "--depth", "3", "--stats"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().last(), plain.lines().last(), "{out}");
    let signature: u64 = plain
        .lines()
        .last()
        .and_then(|l| l.strip_prefix("Bench signature: "))
        .and_then(|n| n.parse().ok())
        .expect("a signature");
    let header = out
        .lines()
        .position(|l| l.starts_with("variant "))
        .unwrap_or_else(|| panic!("no table: {out}"));
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(header + 1)
        .take_while(|l| !l.starts_with("main, quiesce"))
        .map(|l| l.split_whitespace().collect())
        .collect();
    let variants: Vec<&str> = rows.iter().map(|r| r[0]).collect();
    assert_eq!(
        variants,
        [
            "chess",
            "capablanca",
            "xiangqi",
            "shogi",
            "crazyhouse",
            "janggi",
            "grand",
            "makruk",
            "shatranj",
            "minishogi"
        ]
    );
    let mut total = 0;
    for row in &rows {
        let n: Vec<u64> = row[1..6]
            .iter()
            .map(|w| w.parse().expect("a count"))
            .collect();
        assert_eq!(n[0], n[1] + n[2], "nodes = main + quiescence: {row:?}");
        assert!(n[1] > 0 && n[2] > 0 && n[3] <= n[0], "{row:?}");
        for share in &row[6..8] {
            let p: f64 = share.trim_end_matches('%').parse().expect("a percentage");
            assert!((0.0..=100.0).contains(&p), "{row:?}");
        }
        let ebf: f64 = row[8].parse().expect("a branching factor");
        assert!(ebf >= 1.0, "{row:?}");
        total += n[0];
    }
    assert_eq!(total, signature, "{out}");
}
