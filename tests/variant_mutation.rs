//! No variant file can crash the engine. The text of shipped variant files is mutated at random
//! (characters deleted, inserted and replaced, values swapped between fields, XBetza strings
//! spliced, start FENs rebuilt from random pieces, the text cut short) and loaded the way the
//! engine loads a file: parsed, its tables built, its start position set up, its first moves
//! generated. Every outcome must be a variant or an error that says where (FILE:LINE:COL, or
//! the file's name for a fault of the whole file) — never a panic.
//!
//! The CI version runs a few thousand cases; `cargo test --release -- --ignored` runs 100,000.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use alfil::game::Game;
use alfil::movegen::tables::Tables;
use alfil::variant::embedded::FILES;
use alfil::variant::load_str;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// Pieces of text that mean something in a variant file, for insertions and replacements.
const TOKENS: &[&str] = &[
    "\"",
    "(",
    ")",
    "[",
    "]",
    ",",
    ":",
    "'",
    "/",
    "+",
    "*",
    "~",
    "-",
    "0",
    "1",
    "9",
    "99",
    "255",
    "-1",
    "true",
    "false",
    "None",
    "Some(",
    "K",
    "Q",
    "mWaO1",
    "O2",
    "isO2",
    "caKmcabK",
    "pR",
    "gQ",
    "nD",
    "jN",
    "ffN",
    "yafsF",
    "mpafsK",
    "a1",
    "z9",
    "e10",
    "*5",
    "a*",
    "w",
    "b",
    "KQkq",
    "[Pp]",
    "3+3",
    "royal: true",
    "promotion: (zone: \"*8\", choices: \"Q\")",
    "zone_moves: (zone: \"*1\", moves: \"mWaO1\")",
    "inherits: \"chess\"",
    "inherits: \"nosuch\"",
    "board: (files: 0, ranks: 0)",
    "board: (files: 17, ranks: 99)",
    "piece_to_char: \"PpK\"",
    "name: \"a,b\"",
    "holdings: 99",
    "hand: (drops: true, must_drop: true)",
];

/// Letters to build random start FENs from.
const FEN_CHARS: &[char] = &[
    'K', 'k', 'Q', 'q', 'R', 'r', 'B', 'b', 'N', 'n', 'P', 'p', 'X', '1', '2', '8', '9', '/', '*',
    '+', '~', '[', ']', ' ', '-', 'w',
];

#[derive(Clone, Debug)]
enum Mutation {
    Delete {
        at: usize,
        len: usize,
    },
    Insert {
        at: usize,
        token: usize,
    },
    Replace {
        at: usize,
        token: usize,
    },
    Byte {
        at: usize,
        byte: u8,
    },
    /// Swap two string literals of the file.
    SwapStrings {
        a: usize,
        b: usize,
    },
    /// Replace the start FEN with random characters.
    StartFen {
        chars: Vec<usize>,
        side: bool,
    },
    Truncate {
        at: usize,
    },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let at = any::<usize>();
    prop_oneof![
        3 => (at, 1..8usize).prop_map(|(at, len)| Mutation::Delete { at, len }),
        3 => (at, any::<usize>()).prop_map(|(at, token)| Mutation::Insert { at, token }),
        3 => (at, any::<usize>()).prop_map(|(at, token)| Mutation::Replace { at, token }),
        1 => (at, any::<u8>()).prop_map(|(at, byte)| Mutation::Byte { at, byte }),
        2 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapStrings { a, b }),
        2 => (prop::collection::vec(any::<usize>(), 1..90), any::<bool>())
            .prop_map(|(chars, side)| Mutation::StartFen { chars, side }),
        1 => at.prop_map(|at| Mutation::Truncate { at }),
    ]
}

/// The nearest character boundary at or before `at` (taken modulo the length).
fn boundary(text: &str, at: usize) -> usize {
    let mut i = at % (text.len() + 1);
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Byte ranges of the string literals' contents.
fn strings(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut open = None;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match (c, open) {
            ('\\', Some(_)) if !escaped => {
                escaped = true;
                continue;
            }
            ('"', None) => open = Some(i + 1),
            ('"', Some(start)) if !escaped => {
                out.push((start, i));
                open = None;
            }
            _ => {}
        }
        escaped = false;
    }
    out
}

fn apply(text: &str, m: &Mutation) -> String {
    let mut t = text.to_string();
    match m {
        Mutation::Delete { at, len } => {
            let a = boundary(&t, *at);
            let b = boundary(&t, a + len);
            if b > a {
                t.replace_range(a..b, "");
            }
        }
        Mutation::Insert { at, token } => {
            let a = boundary(&t, *at);
            t.insert_str(a, TOKENS[token % TOKENS.len()]);
        }
        Mutation::Replace { at, token } => {
            let a = boundary(&t, *at);
            let token = TOKENS[token % TOKENS.len()];
            let b = boundary(&t, a + token.len());
            t.replace_range(a..b.max(a), token);
        }
        Mutation::Byte { at, byte } => {
            let a = boundary(&t, *at);
            let c = char::from(*byte);
            let b = boundary(&t, a + 1);
            t.replace_range(a..b.max(a), &c.to_string());
        }
        Mutation::SwapStrings { a, b } => {
            let s = strings(&t);
            if s.len() >= 2 {
                let (x, y) = (s[a % s.len()], s[b % s.len()]);
                let (first, second) = if x.0 <= y.0 { (x, y) } else { (y, x) };
                if first.1 <= second.0 {
                    let one = t[first.0..first.1].to_string();
                    let two = t[second.0..second.1].to_string();
                    t.replace_range(second.0..second.1, &one);
                    t.replace_range(first.0..first.1, &two);
                }
            }
        }
        Mutation::StartFen { chars, side } => {
            let fen: String = chars
                .iter()
                .map(|&i| FEN_CHARS[i % FEN_CHARS.len()])
                .collect();
            let fen = format!("{fen} {} - - 0 1", if *side { "w" } else { "b" });
            let body = t.trim_end().trim_end_matches(')').to_string();
            t = format!("{body}\n    start: \"{fen}\",\n)\n");
        }
        Mutation::Truncate { at } => {
            let a = boundary(&t, *at);
            t.truncate(a);
        }
    }
    t
}

/// Load `text` as the engine loads a variant file. `Err` carries the message of a refusal that
/// does not say where it is.
fn load_like_the_engine(text: &str) -> Result<(), String> {
    let variant = match load_str(text, "mutated.ron") {
        Ok(v) => v,
        Err(e) => {
            let located = e.line > 0 && e.column > 0 || e.file.ends_with(".ron");
            return if located { Ok(()) } else { Err(e.to_string()) };
        }
    };
    let tables = match Tables::new(Arc::new(variant)) {
        Ok(t) => t,
        Err(e) => {
            let message = e.message_for("mutated");
            return if message.contains("mutated") {
                Ok(())
            } else {
                Err(message)
            };
        }
    };
    let mut game = Game::new(tables);
    let moves = game.legal_moves();
    if let Some(&mv) = moves.first() {
        game.play(mv);
        game.legal_moves();
    }
    Ok(())
}

fn run(cases: u32) {
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let files = FILES.len();
    let strategy = (0..files, prop::collection::vec(mutation(), 1..4));
    let result = runner.run(&strategy, |(file, mutations)| {
        let mut text = FILES[file].text.to_string();
        for m in &mutations {
            text = apply(&text, m);
        }
        let outcome = catch_unwind(AssertUnwindSafe(|| load_like_the_engine(&text)));
        match outcome {
            Ok(Ok(())) => Ok(()),
            Ok(Err(message)) => Err(TestCaseError::fail(format!(
                "unlocated error `{message}` for\n{text}"
            ))),
            Err(_) => Err(TestCaseError::fail(format!("panic for\n{text}"))),
        }
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn mutated_variant_files_never_crash_the_engine() {
    run(3_000);
}

#[test]
#[ignore = "100,000 cases; run with --ignored"]
fn mutated_variant_files_never_crash_the_engine_long() {
    run(100_000);
}
