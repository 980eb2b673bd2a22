//! `alfil match`: a short self-play match of Alfil against Alfil finishes every game and prints
//! the summary (W/D/L, score with an Elo estimate, the variant's balance statistics), and
//! writes a PGN the games can be replayed from.

mod cecp_support;

use std::path::PathBuf;
use std::process::Command;

use cecp_support::alfil_in;

#[test]
fn self_play_match_prints_the_summary_and_the_pgn() {
    let dir = std::env::temp_dir().join(format!("alfil-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let _ = std::fs::remove_file(&pgn);
    let out = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .current_dir(&dir)
        .args([
            "match",
            "--variant",
            "chess",
            "--games",
            "2",
            "--tc",
            "1+0.05",
        ])
        .args(["--random-plies", "4", "--pgn"])
        .arg(&pgn)
        .output()
        .expect("run alfil match");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "Variant: chess (normal), time control 1+0.05");
    assert!(
        lines[1].starts_with("Alfil") && lines[1].ends_with(": 2 games"),
        "{}",
        lines[1]
    );
    let wdl: Vec<u32> = lines[2]
        .strip_prefix("W/D/L: ")
        .unwrap()
        .split('/')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(wdl.iter().sum::<u32>(), 2);
    assert!(
        lines[3].starts_with("Score: ") && lines[3].contains("Elo difference: "),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].starts_with("First player (White): "),
        "{}",
        lines[4]
    );
    assert!(lines[5].starts_with("Draw rate: "), "{}", lines[5]);
    assert!(lines[6].starts_with("Average length: "), "{}", lines[6]);
    assert!(lines[7].starts_with("Endings: "), "{}", lines[7]);
    for bad in [
        "time forfeit",
        "illegal move",
        "false claim",
        "engine crash",
    ] {
        assert!(!lines[7].contains(bad), "{}", lines[7]);
    }
    assert!(stderr.contains("2/2 games"), "progress: {stderr}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event ").count(), 2);
    assert_eq!(
        text.matches("[FEN ").count(),
        0,
        "random openings are moves from the start position"
    );
    let openings: Vec<Vec<&str>> = text
        .split("[Event ")
        .skip(1)
        .map(|game| {
            game.lines()
                .filter(|l| !l.starts_with('[') && !l.starts_with('"'))
                .flat_map(str::split_whitespace)
                .filter(|w| !w.ends_with('.'))
                .take(4)
                .collect()
        })
        .collect();
    assert_eq!(openings[0].len(), 4, "{text}");
    assert_eq!(
        openings[0], openings[1],
        "a pair of games shares its opening"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_refuses_an_unknown_engine_and_variant() {
    let out = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(["match", "--variant", "no-such-variant"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let out = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(["match", "--engine", "/no/such/engine", "--games", "1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot start engine"));
}

/// An engine whose process ends after its first game (as Sjaak II 1.4.1 did after a 1000-ply
/// xiangqi game) is started again, and the match goes on.
#[test]
fn an_engine_that_exits_between_games_is_started_again() {
    let dir = std::env::temp_dir().join(format!("alfil-match-exit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let engine = dir.join("one-game.sh");
    let script = format!(
        "#!/bin/bash\nwhile read -r line; do echo \"$line\"; case \"$line\" in result*) exit 0 ;; esac; done | '{}'\n",
        env!("CARGO_BIN_EXE_alfil")
    );
    std::fs::write(&engine, script).unwrap();
    std::fs::set_permissions(&engine, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .current_dir(&dir)
        .args(["match", "--games", "2", "--tc", "1+0.05", "--engine"])
        .arg(&engine)
        .output()
        .expect("run alfil match");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stderr.contains("had exited; starting it again"), "{stderr}");
    assert!(stdout.contains(": 2 games"), "{stdout}");
    assert!(!stdout.contains("engine crash"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_variant_file_is_played_by_name_from_its_folder() {
    let dir = std::env::temp_dir().join(format!("alfil-match-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    // A variant only this folder knows (chess under another name, without castling): the
    // engines find it only if they are given the folder.
    let file = dir.join("filechess.ron");
    std::fs::write(
        &file,
        "(\n    name: \"filechess\",\n    inherits: \"chess\",\n    castling: None,\n    \
         start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\",\n)\n",
    )
    .expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(["match", "--variant", file.to_str().expect("utf-8")])
        .args(["--games", "2", "--tc", "1+0.02"])
        .output()
        .expect("alfil runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("Variant: filechess"), "{stdout}");
    assert!(stdout.contains("W/D/L: "), "{stdout}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_time_control_without_time_is_refused_with_the_reason() {
    let out = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(["match", "--tc", "0+0", "--games", "1"])
        .output()
        .expect("alfil runs");
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        "error: time control '0+0' gives no time: the seconds or the increment must be above 0 (e.g. 10+0.1)"
    );
}

/// A fresh temporary folder (named after `tag` and this process) holding the openings file
/// `name` with `text`: the folder, for the test to remove, and the file's path.
fn openings_file(tag: &str, name: &str, text: &str) -> (PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("alfil-match-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    let file = dir.join(name);
    std::fs::write(&file, text).expect("write");
    let path = file.to_str().expect("utf-8").to_string();
    (dir, path)
}

/// Runs `alfil match ARGS`: standard output, standard error, and whether it succeeded.
fn match_run(args: &[&str]) -> (String, String, bool) {
    let args: Vec<&str> = std::iter::once("match")
        .chain(args.iter().copied())
        .collect();
    let (out, err, code) = alfil_in(None, &args);
    (out, err, code == Some(0))
}

/// Alfil searching 3 plies against Alfil searching 1 in chess: the deeper search wins nearly
/// every game, so an SPRT of [0, 150] must accept H1 when the deeper engine is first and H0
/// when it is second, well before 60 games. Fixed depths make it independent of the clock.
#[test]
fn a_tiny_sprt_stops_on_the_right_side() {
    for (depths, verdict) in [("3,1", "H1 accepted"), ("1,3", "H0 accepted")] {
        let (out, err, ok) = match_run(&[
            "--depth",
            depths,
            "--sprt",
            "0,150",
            "--games",
            "60",
            "--random-plies",
            "4",
            "--concurrency",
            "2",
            "--tc",
            "60+1",
        ]);
        assert!(ok, "{out}{err}");
        assert!(out.contains(verdict), "{depths}: {out}");
        let games: u32 = out
            .lines()
            .find_map(|l| l.strip_prefix("W/D/L: "))
            .map(|wdl| wdl.split('/').filter_map(|n| n.parse::<u32>().ok()).sum())
            .expect("W/D/L line");
        assert!(games < 60, "{depths}: stopped only at the limit: {out}");
        assert!(err.contains("LLR "), "the LLR is printed as it goes: {err}");
        // The line that decided reports the LLR beyond the Wald bound ln(0.95/0.05) = 2.944
        // on the accepted side, whatever the games still in play then did to it.
        let deciding: f64 = out
            .lines()
            .find_map(|l| l.strip_prefix("SPRT: LLR "))
            .and_then(|rest| rest.split_whitespace().next()?.parse().ok())
            .expect("the deciding SPRT line");
        let beyond = if verdict.starts_with("H1") {
            deciding >= 2.94
        } else {
            deciding <= -2.94
        };
        assert!(beyond, "{depths}: decided at LLR {deciding}: {out}");
        assert!(out.contains("SPRT, all "), "{depths}: {out}");
    }
}

#[test]
fn bad_sprt_and_limit_options_are_refused() {
    for (args, message) in [
        (&["--sprt", "10,0"][..], "--sprt '10,0' is not ELO0,ELO1"),
        (
            &["--sprt", "0,10", "--alpha", "0.7"][..],
            "--alpha 0.7 is not between 0 and 0.5",
        ),
        (
            &["--depth", "0"][..],
            "--depth '0' is not N or FIRST,SECOND",
        ),
        (
            &["--nodes", "1,x"][..],
            "--nodes '1,x' is not N or FIRST,SECOND",
        ),
        (
            &["--concurrency", "0"][..],
            "--concurrency must be at least 1",
        ),
        (&["--games", "0"][..], "--games must be at least 1"),
        (
            &["--tc", "10+0.1,1+x"][..],
            "--tc '10+0.1,1+x', the second engine's: time control '1+x' is not \
             [MOVES/]SECONDS[+INCREMENT]",
        ),
        (
            &["--tc", "0+0,10+0.1"][..],
            "--tc '0+0,10+0.1', the first engine's: time control '0+0' gives no time",
        ),
        (
            &["--tc", "1+0,2+0,3+0"][..],
            "--tc '1+0,2+0,3+0' gives 3 time controls for two engines: give one for both, or \
             FIRST,SECOND",
        ),
        (&["--tc", "10+0.1,"][..], "time control '' is not"),
    ] {
        let (_, err, ok) = match_run(args);
        assert!(!ok, "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn node_limits_play_a_game() {
    let (out, err, ok) = match_run(&["--nodes", "300,3000", "--games", "2", "--tc", "60+1"]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("W/D/L: "), "{out}");
    // The node budget replaces the clock (`st 1`), so the summary names it, not the clock.
    assert_eq!(
        out.lines().next(),
        Some(
            "Variant: chess (normal), first engine 300 nodes a move, \
             second engine 3000 nodes a move"
        ),
        "{out}"
    );
    let (out, err, ok) = match_run(&["--nodes", "300", "--depth", "2", "--games", "2"]);
    assert!(ok, "{out}{err}");
    assert_eq!(
        out.lines().next(),
        Some("Variant: chess (normal), depth 2, 300 nodes a move"),
        "{out}"
    );
}

/// In this janggi position Black is in check from the cannon on d3 (over the soldier on d5)
/// and has one legal move, the cannon's g5xd5 over the soldier on e5 (a cannon cannot screen a
/// cannon), a move XBoard (whose janggi cannot be told the cannon's rules) would refuse: Alfil
/// under XBoard waits rather than play it. The referee judges by the full rules, so it has
/// Alfil play it (before, every such game was lost on time). White's exd5 then mates (Black has
/// no legal move). Fairy-Stockfish 11.1 agrees: `go perft 1` gives g5d5 alone, and 0 moves
/// after `g5d5 e5d5`.
#[test]
fn the_referee_has_alfil_play_moves_xboard_would_refuse() {
    let (dir, file) = openings_file(
        "refused",
        "only.fen",
        "9/3k5/4R4/9/9/3PP1c2/5PP2/3CK4/4A4/9 b - - 0 1\n",
    );
    let (out, err, ok) = match_run(&[
        "--variant",
        "janggi",
        "--openings",
        &file,
        "--depth",
        "2",
        "--games",
        "2",
        "--tc",
        "2+0.1",
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("Endings: checkmate 2"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn openings_come_from_epd_files_or_the_shipped_set() {
    let (dir, file) = openings_file(
        "epd",
        "one.epd",
        "# an EPD line: the operations after the four fields are not part of the position\n\
         rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"e4\";\n",
    );
    let (out, err, ok) = match_run(&["--openings", &file, "--depth", "1", "--games", "2"]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("W/D/L: "), "{out}");
    let (out, err, ok) = match_run(&[
        "--variant",
        "xiangqi",
        "--openings",
        "builtin",
        "--depth",
        "1",
        "--games",
        "2",
    ]);
    assert!(ok, "{out}{err}");
    let (_, err, ok) = match_run(&["--variant", "shatranj", "--openings", "builtin"]);
    assert!(!ok);
    assert!(
        err.contains("no opening set is shipped for shatranj"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Under a depth limit Alfil plays the same game from the same opening every time, so a
/// repeated opening would count one result twice: an SPRT plays each opening once with both
/// colours and stops there (two openings: four games, though 60 were allowed and two equal
/// depth-1 engines decide nothing in four games), and one from the start position alone is
/// refused. Without an SPRT the openings are cycled, with a warning. Random openings never
/// repeat a position, so they too run out where the plies reach few positions.
#[test]
fn an_sprt_plays_each_opening_once_and_stops_when_they_are_used_up() {
    let (dir, two) = openings_file(
        "used",
        "two.fen",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n\
         rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n",
    );
    let two = two.as_str();
    let sprt = ["--depth", "1", "--sprt", "0,150", "--games", "60"];
    let (out, err, ok) = match_run(&[&["--openings", two][..], &sprt[..]].concat());
    assert!(ok, "{out}{err}");
    assert!(
        err.contains(
            "the SPRT plays each of the 2 openings once with both colours, at most 4 games"
        ),
        "{err}"
    );
    assert!(
        out.contains("undecided after 2 game pairs: every opening was played"),
        "{out}"
    );
    assert!(out.contains(": 4 games"), "{out}");
    let (_, err, ok) = match_run(&sprt);
    assert!(!ok);
    assert!(
        err.contains("--sprt needs --openings or --random-plies"),
        "{err}"
    );
    let (out, err, ok) = match_run(&["--openings", two, "--depth", "1", "--games", "6"]);
    assert!(ok, "{out}{err}");
    assert!(
        err.contains("2 opening(s) for 6 games: games after the first 4 repeat an opening"),
        "{err}"
    );
    assert!(out.contains(": 6 games"), "{out}");
    // One random ply reaches only chess's 20 first moves (16 pawn moves and 4 knight moves):
    // 20 distinct openings, so at most 40 games (two equal engines soon accept H0).
    let one_ply = ["--random-plies", "1", "--concurrency", "2"];
    let (out, err, ok) = match_run(&[&one_ply[..], &sprt[..]].concat());
    assert!(ok, "{out}{err}");
    assert!(
        err.contains(
            "the SPRT plays each of the 20 openings once with both colours, at most 40 games"
        ),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// The referee starts an engine as XBoard does: after the features, `memory` and `cores` (the
/// engine accepted both) and the options of `--first-options`, before the first `new`.
#[test]
fn engines_get_memory_cores_and_options_before_the_first_game() {
    let dir = std::env::temp_dir().join(format!("alfil-match-startup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let heard = dir.join("heard.txt");
    let engine = dir.join("logged.sh");
    let script = format!(
        "#!/bin/bash\ntee '{}' | '{}'\n",
        heard.display(),
        env!("CARGO_BIN_EXE_alfil")
    );
    std::fs::write(&engine, script).unwrap();
    std::fs::set_permissions(&engine, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .current_dir(&dir)
        .args(["match", "--games", "1", "--tc", "1+0.05", "--engine"])
        .arg(&engine)
        .args(["--first-options", "Resign=0, MultiPV=1", "--memory", "32"])
        .args(["--cores", "2"])
        .output()
        .expect("run alfil match");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let text = std::fs::read_to_string(&heard).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let at = |wanted: &str| {
        lines
            .iter()
            .position(|l| *l == wanted)
            .unwrap_or_else(|| panic!("no '{wanted}' in:\n{text}"))
    };
    let order = [
        at("protover 2"),
        at("memory 32"),
        at("cores 2"),
        at("option Resign=0"),
        at("option MultiPV=1"),
        at("new"),
        at("go"),
    ];
    assert!(
        order.windows(2).all(|w| w[0] < w[1]),
        "{order:?} in:\n{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn option_settings_are_checked_against_the_engine() {
    let (_, stderr, ok) = match_run(&["--first-options", "Resign"]);
    assert!(!ok);
    assert!(
        stderr.contains("option setting 'Resign' is not NAME=VALUE"),
        "{stderr}"
    );
    let (_, stderr, ok) = match_run(&["--second-options", "No such option=1"]);
    assert!(!ok);
    assert!(
        stderr.contains("has no option 'No such option' (its options: Variant folder,"),
        "{stderr}"
    );
    let (_, stderr, ok) = match_run(&["--memory", "0"]);
    assert!(!ok);
    assert!(
        stderr.contains("--memory and --cores must be at least 1"),
        "{stderr}"
    );
}

/// `--tc FIRST,SECOND` gives each engine its own clock: each is told its own `level` and
/// sees its own time left (`time`, in centiseconds) and the other's (`otim`) from the first
/// move on, whichever colour it has; the summary and the PGN name both controls.
#[test]
fn time_odds_give_each_engine_its_own_clock() {
    let dir = std::env::temp_dir().join(format!("alfil-match-odds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    let engine = |name: &str| {
        let path = dir.join(format!("{name}.sh"));
        let script = format!(
            "#!/bin/bash\ntee -a '{}' | '{}'\n",
            dir.join(format!("{name}.log")).display(),
            env!("CARGO_BIN_EXE_alfil")
        );
        std::fs::write(&path, script).expect("write");
        std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .expect("chmod");
        path.display().to_string()
    };
    let (first, second) = (engine("first"), engine("second"));
    let pgn = dir.join("odds.pgn");
    let pgn_text = pgn.display().to_string();
    let (out, err, ok) = match_run(&[
        "--engine",
        &first,
        "--engine",
        &second,
        "--tc",
        "60+1,2+0.5",
        "--depth",
        "2",
        "--games",
        "2",
        "--random-plies",
        "2",
        "--pgn",
        &pgn_text,
    ]);
    assert!(ok, "{out}{err}");
    assert_eq!(
        out.lines().next(),
        Some(
            "Variant: chess (normal), first engine depth 2, time control 60+1, \
             second engine depth 2, time control 2+0.5"
        ),
        "{out}"
    );
    let log = |name: &str| {
        std::fs::read_to_string(dir.join(format!("{name}.log"))).expect("the engine's input")
    };
    let lines_starting = |log: &str, word: &str| -> Vec<String> {
        log.lines()
            .filter(|l| l.starts_with(word))
            .map(str::to_string)
            .collect()
    };
    for (name, level, time, otim) in [
        ("first", "level 0 1 1", "time 6000", "otim 200"),
        ("second", "level 0 0:02 0.5", "time 200", "otim 6000"),
    ] {
        let log = log(name);
        let levels = lines_starting(&log, "level ");
        assert_eq!(levels, [level, level], "{name}: {log}");
        // Each game's first `time` is the engine's whole starting clock; its first `otim`,
        // where the engine moves first, is the other's.
        let times = lines_starting(&log, "time ");
        assert!(
            times.iter().filter(|t| *t == time).count() >= 2,
            "{name}: {log}"
        );
        assert!(
            lines_starting(&log, "otim ").contains(&otim.to_string()),
            "{name}: {log}"
        );
    }
    let games = std::fs::read_to_string(&pgn).expect("the PGN");
    assert_eq!(
        games.matches("[WhiteTimeControl \"60+1\"]").count(),
        1,
        "{games}"
    );
    assert_eq!(
        games.matches("[BlackTimeControl \"2+0.5\"]").count(),
        1,
        "{games}"
    );
    assert_eq!(
        games.matches("[WhiteTimeControl \"2+0.5\"]").count(),
        1,
        "{games}"
    );
    assert_eq!(
        games.matches("[BlackTimeControl \"60+1\"]").count(),
        1,
        "{games}"
    );
    assert!(!games.contains("[TimeControl "), "{games}");
    let _ = std::fs::remove_dir_all(&dir);
}
