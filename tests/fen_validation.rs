//! One validation for every FEN: the start FEN of a variant file, `--fen`, `setboard` and
//! `position fen` are all checked field by field. Every FEN of the perft suite still loads;
//! each kind of bad start FEN in a variant file is reported at its place in the file and never
//! crashes the engine.

use std::collections::BTreeMap;
use std::process::Command;
use std::sync::Arc;

use alfil::movegen::tables::Tables;
use alfil::position::Position;
use alfil::variant::load_by_name;

fn suite_fens() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("tests/data/perft") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "txt") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        for line in text.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            out.push((f[0].to_string(), f[1].to_string()));
        }
    }
    out
}

#[test]
fn every_fen_of_the_perft_suite_is_accepted() {
    let mut tables: BTreeMap<String, Option<Arc<Tables>>> = BTreeMap::new();
    let mut checked = 0;
    for (variant, fen) in suite_fens() {
        let t = tables.entry(variant.clone()).or_insert_with(|| {
            load_by_name(&variant)
                .ok()
                .map(|v| Tables::new(Arc::new(v)).expect("tables of a shipped variant"))
        });
        let Some(t) = t else { continue };
        if let Err(e) = Position::from_fen(t.clone(), &fen) {
            panic!("{variant} `{fen}` refused: {e}");
        }
        checked += 1;
    }
    assert!(checked > 3000, "only {checked} suite FENs checked");
}

fn fen_error(variant: &str, fen: &str) -> String {
    let v = load_by_name(variant).expect("shipped");
    let t = Tables::new(Arc::new(v)).expect("tables");
    Position::from_fen(t, fen)
        .expect_err("the FEN should be refused")
        .to_string()
}

#[test]
fn each_field_is_checked_and_named() {
    let cases = [
        // Junk in or after the counters.
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "move counters: 'x' is not a move counter",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk",
            "move counters: 'junk' is not a move counter",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 5",
            "move counters: '5' after the move counters",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -3 1",
            "move counters: '-3' is not a move counter",
        ),
        // An en-passant square needs the pawn that passed it, and must itself be empty.
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1",
            "en-passant field: 'd3': no piece of the side that just moved stands behind it",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
            "en-passant field: 'e3': the square passed over is not empty",
        ),
        // White (not to move) is in check from the rook on e8.
        (
            "chess",
            "4r1k1/8/8/8/8/8/8/4K3 b - - 0 1",
            "position: White is in check but it is not White's move",
        ),
        // A royal piece in hand where nothing forces it onto the board first.
        (
            "crazyhouse",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1",
            "holdings: 'K' is royal and cannot be in hand",
        ),
        // A pawn on its last rank would have had to promote.
        (
            "chess",
            "rnbqkbnP/ppppppp1/8/8/8/8/PPPPPPP1/RNBQKBNR b KQq - 0 1",
            "board: 'P' on h8 could never move again",
        ),
        // A shogi knight on the last two ranks could never move (it must promote there).
        (
            "shogi",
            "lnsgkgsnl/1r5bN/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGS1L[] b - - 0 1",
            "board: 'N' on i8 could never move again",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "",
        ),
    ];
    for (variant, fen, expected) in cases {
        if expected.is_empty() {
            continue;
        }
        let e = fen_error(variant, fen);
        assert!(
            e.contains(expected),
            "{variant} `{fen}`: `{e}` lacks `{expected}`"
        );
    }
}

#[test]
fn xboards_short_fens_without_castling_and_en_passant_fields_are_read() {
    // XBoard writes `… w 0 1` for variants without castling (shogi, xiangqi, makruk …).
    for (variant, fen) in [
        (
            "shogi",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
        ),
        (
            "xiangqi",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1",
        ),
    ] {
        let v = load_by_name(variant).expect("shipped");
        let t = Tables::new(Arc::new(v)).expect("tables");
        let pos = Position::from_fen(t.clone(), fen).expect("XBoard's FEN is read");
        assert_eq!(
            pos.to_fen(),
            Position::start(t).to_fen(),
            "{variant}: not the start position"
        );
    }
}

/// Runs `alfil perft FILE 1` on a variant file with the given start FEN.
fn perft_with_start(start: &str) -> (i32, String) {
    let dir = std::env::temp_dir().join(format!("alfil-fen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(format!("start{}.ron", start.len()));
    let text = format!(
        "(\n    name: \"badstart\",\n    inherits: \"chess\",\n    start: \"{start}\",\n)\n"
    );
    std::fs::write(&file, text).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(["perft", file.to_str().expect("utf-8 path"), "1"])
        .output()
        .expect("run alfil");
    let _ = std::fs::remove_file(&file);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_bad_start_fen_is_reported_at_its_field_in_the_file() {
    // Line 4 of the file is `    start: "…",`: the FEN's first character is column 13, and
    // each error points at the first character of the field it names (` w KQkq - ` puts the
    // castling field 3 characters after the board, the en-passant field 8, the counters 10).
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let cases = [
        // Castling field: no rook on a1 for `Q`.
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1".to_string(),
            board.len() + 3,
            "castling field: castling right 'Q' but no castling partner",
        ),
        (
            format!("{board} w KQkq z9 0 1"),
            board.len() + 8,
            "en-passant field: en-passant field 'z9' is not a square",
        ),
        (
            format!("{board} w KQkq - 0 1 junk"),
            board.len() + 10,
            "move counters: 'junk' is not a move counter",
        ),
        (
            format!("{board}[Q] w KQkq - 0 1"),
            board.len(),
            "holdings: holdings '[Q]' given, but badstart has no holdings",
        ),
        (
            "4r1k1/8/8/8/8/8/8/4K3 b - - 0 1".to_string(),
            0,
            "position: White is in check but it is not White's move",
        ),
    ];
    for (start, index, message) in cases {
        let (code, stderr) = perft_with_start(&start);
        assert_eq!(code, 2, "`{start}`: exit {code}, stderr `{stderr}`");
        let column = 13 + index;
        let place = format!(":4:{column}: start FEN, {message}");
        assert!(
            stderr.contains(&place),
            "`{start}`: `{stderr}` lacks `{place}`"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}
