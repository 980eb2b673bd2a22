//! Bad positions and moves give a clear error and leave the game as it was: FENs that do not
//! fit the variant, move text that is not a legal move, drops that cannot be made. One
//! validation serves every FEN (a variant's start FEN, `--fen`, `setboard`, `position fen`):
//! every FEN of the perft suite still loads, each field is checked and named, and a bad start
//! FEN in a variant file is reported at its place in the file.

use crate::cecp_support;

use std::collections::BTreeMap;
use std::sync::Arc;

use alfil::game::Game;
use alfil::position::ruleset::Ruleset;
use alfil::position::RankStyle;
use alfil::types::Colour;
use alfil::variant::load_by_name;
use cecp_support::alfil_in;

fn tables(variant: &str) -> Arc<Ruleset> {
    alfil::movegen::build_ruleset(Arc::new(load_by_name(variant).expect("shipped")))
        .expect("tables")
}

fn fen_error(variant: &str, fen: &str) -> String {
    alfil::movegen::position_from_fen(tables(variant), fen)
        .expect_err("the FEN should be refused")
        .to_string()
}

#[test]
fn fens_that_do_not_fit_are_refused() {
    let cases = [
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8 ranks but the FEN gives 7",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "'X' in rank 1 is not a piece",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w - - 0 1",
            "more than 8 files",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "rank 6 has 9 files",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1",
            "White has 2 royal pieces",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1",
            "castling right 'Q' but no castling partner",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x - - 0 1",
            "side to move 'x'",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - z9 0 1",
            "en-passant field 'z9'",
        ),
        (
            "crazyhouse",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qx] w - - 0 1",
            "'x' in the holdings",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w - - 0 1",
            "has no holdings",
        ),
        (
            "3check",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 9+3 0 1",
            "not a check count",
        ),
    ];
    for (variant, fen, expected) in cases {
        let e = fen_error(variant, fen);
        assert!(
            e.contains(expected),
            "{variant} `{fen}`: `{e}` lacks `{expected}`"
        );
    }
}

/// Play `text`, expect it to be refused with `reason`, and the game to be unchanged.
fn refused(variant: &str, fen: &str, text: &str, reason: &str) {
    let mut g = Game::from_fen(tables(variant), fen).expect("valid FEN");
    let before = (g.pos.to_fen(), g.pos.hash(), g.moves().len());
    let e = g
        .parse_move_explained(text, RankStyle::FromOne)
        .expect_err("not a legal move");
    assert!(e.contains(reason), "{text}: `{e}` lacks `{reason}`");
    assert_eq!(
        before,
        (g.pos.to_fen(), g.pos.hash(), g.moves().len()),
        "{text} changed the game"
    );
}

#[test]
fn illegal_moves_are_explained() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    refused("chess", start, "e2e5", "cannot move like that");
    refused("chess", start, "e3e4", "no piece on e3");
    refused("chess", start, "e7e5", "belongs to the other side");
    refused("chess", start, "hello", "not a move");
    refused("chess", start, "", "empty move");
    refused("chess", start, "P@e4", "no drops");
    let pinned = "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1";
    refused("chess", pinned, "e1g1", "cannot move like that");
    let pinned_bishop = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1";
    refused(
        "chess",
        pinned_bishop,
        "e2d3",
        "it leaves the king attacked",
    );
    refused("chess", pinned_bishop, "e2e4", "cannot move like that");
}

#[test]
fn impossible_drops_are_explained() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1";
    refused("crazyhouse", fen, "N@e2", "e2 is occupied");
    refused("crazyhouse", fen, "Q@e4", "no queen in hand");
    refused("crazyhouse", fen, "X@e4", "'X' is not a piece");
    refused(
        "crazyhouse",
        "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1",
        "P@a8",
        "may not be dropped there",
    );
}

#[test]
fn a_legal_drop_is_accepted() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1";
    let mut g = Game::from_fen(tables("crazyhouse"), fen).expect("valid");
    let mv = g
        .parse_move_explained("N@e4", RankStyle::FromOne)
        .expect("legal");
    g.play(mv);
    assert_eq!(
        g.pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR[n] b KQkq - 1 1"
    );
}

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
    let mut tables: BTreeMap<String, Option<Arc<Ruleset>>> = BTreeMap::new();
    let mut checked = 0;
    for (variant, fen) in suite_fens() {
        let t = tables.entry(variant.clone()).or_insert_with(|| {
            load_by_name(&variant).ok().map(|v| {
                alfil::movegen::build_ruleset(Arc::new(v)).expect("tables of a shipped variant")
            })
        });
        let Some(t) = t else { continue };
        if let Err(e) = alfil::movegen::position_from_fen(t.clone(), &fen) {
            panic!("{variant} `{fen}` refused: {e}");
        }
        checked += 1;
    }
    assert!(checked > 3000, "only {checked} suite FENs checked");
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
fn xboards_own_fens_are_read() {
    // What XBoard 4.9.1 itself sent as `setboard` when started with `-lpf` on each variant's
    // start FEN (Alfil's letters): it leaves out fields its variant has no use for (`… w 0 1`,
    // `… w - 0 1`), writes `[-]` for empty holdings even where there are none (grand), and
    // shuffles the shuffle variants (nocastle: castling `-` and no en-passant field).
    for (variant, fen) in [
        (
            "shogi",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
        ),
        (
            "makruk",
            "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w 0 1",
        ),
        (
            "shatranj",
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w 0 1",
        ),
        ("asean", "rnbqkbnr/8/pppppppp/8/8/PPPPPPPP/8/RNBQKBNR w 0 1"),
        (
            "courier",
            "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w 0 1",
        ),
        (
            "grand",
            "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R[-] w - 0 1",
        ),
        (
            "nocastle",
            "bnrbrknq/pppppppp/8/8/8/8/PPPPPPPP/BNRBRKNQ w - 0 1",
        ),
        (
            "seirawan",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KGFDCBQkgfdcbq - 0 1",
        ),
    ] {
        let v = load_by_name(variant).expect("shipped");
        let t = alfil::movegen::build_ruleset(Arc::new(v)).expect("tables");
        let pos = alfil::movegen::position_from_fen(t.clone(), fen)
            .unwrap_or_else(|e| panic!("{variant}: XBoard's FEN {fen} is refused: {e}"));
        let board = |f: &str| f.split(['[', ' ']).next().unwrap_or_default().to_string();
        assert_eq!(board(&pos.to_fen()), board(fen), "{variant}: another board");
        assert_eq!(pos.side(), Colour::White, "{variant}");
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
    let (_, stderr, code) = alfil_in(None, &["perft", file.to_str().expect("utf-8 path"), "1"]);
    let _ = std::fs::remove_file(&file);
    (code.unwrap_or(-1), stderr)
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
