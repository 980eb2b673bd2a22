//! The command line: perft and divide output format, the XBetza explorer, piece values, and
//! errors for unknown variants.

use std::process::Command;

fn alfil(args: &[&str]) -> (String, String, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(args)
        .output()
        .expect("alfil runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

#[test]
fn perft_prints_the_count_alone_on_the_last_line() {
    let (out, err, ok) = alfil(&["perft", "chess", "3"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("8902"));
    assert!(err.contains("nodes/s"), "speed goes to stderr: {err}");
}

#[test]
fn divide_lists_root_moves_then_the_total() {
    let (out, _, ok) = alfil(&["divide", "chess", "2"]);
    assert!(ok);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"e2e4: 20"), "{out}");
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 20);
    assert_eq!(lines.last(), Some(&"400"));
}

#[test]
fn betza_explorer_prints_targets() {
    let (out, _, ok) = alfil(&["betza", "N", "--board", "8x8", "--square", "d4"]);
    assert!(ok);
    assert_eq!(out.lines().next(), Some("targets: b3 b5 c2 c6 e2 e6 f3 f5"));
    let (_, err, ok) = alfil(&["betza", "fmX"]);
    assert!(!ok);
    assert!(err.contains("at character 3"), "{err}");
}

#[test]
fn values_follow_the_piece_definitions() {
    let (out, _, ok) = alfil(&["values", "chess"]);
    assert!(ok);
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

#[test]
fn an_unknown_variant_is_an_error() {
    let (_, err, ok) = alfil(&["perft", "nosuchvariant", "1"]);
    assert!(!ok);
    assert!(
        err.contains("variant `nosuchvariant`: no variant of that name in the built-in variants"),
        "{err}"
    );
    assert!(!err.contains("did you mean"), "nothing is near: {err}");
    assert!(!err.contains("<embedded>"), "{err}");
}
