//! Variant files: every embedded variant loads, names resolve, inheritance merges as documented,
//! and each kind of mistake in a file is reported at the right line and column.
//!
//! A folder of variant files as a user keeps one: every file that cannot be loaded is reported
//! with its place, a broken file chosen by name says why, name clashes and a missing folder are
//! reported, a byte-order mark is no error, `inherits` is found beside the file from any
//! working directory, and an unknown name gets a "did you mean".
//!
//! No variant file can crash the engine: the text of shipped files is mutated at random
//! (characters deleted, inserted and replaced, values swapped between fields, XBetza strings
//! spliced, start FENs rebuilt from random pieces, the text cut short) and loaded as the engine
//! loads a file (parsed, tables built, start position set up, first moves generated); every
//! outcome must be a variant or an error that says where. CI runs 3,000 cases;
//! `cargo test --release -- --ignored` runs 100,000.

use crate::cecp_support;

use std::fs;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use alfil::game::Game;
use alfil::types::Colour;
use alfil::variant::embedded::FILES;
use alfil::variant::{
    embedded_names, load_by_name, load_file, load_str, GameValue, Library, LoadError,
};
use cecp_support::{alfil_in, Session};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// A small valid variant that the error tests break in one place each.
const BASE: &str = r#"// test variant
(
    name: "mini",
    board: (files: 5, ranks: 5),
    piece_to_char: "PNBRQKpnbrqk",
    start: "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1",
    pieces: [
        (letter: 'P', name: "pawn", moves: "fmWfcF", promotion: (zone: "*5", choices: "QRBN")),
        (letter: 'N', name: "knight", moves: "N"),
        (letter: 'B', name: "bishop", moves: "B"),
        (letter: 'R', name: "rook", moves: "R"),
        (letter: 'Q', name: "queen", moves: "Q"),
        (letter: 'K', name: "king", moves: "K", royal: true),
    ],
    castling: (king: 'K', partners: "R", kingside_file: 'd', queenside_file: 'b', rank: 1),
)
"#;

/// BASE with `old` (which must occur) replaced by `new`.
fn base_with(old: &str, new: &str) -> String {
    assert!(BASE.contains(old), "BASE has no `{old}`");
    BASE.replacen(old, new, 1)
}

/// 1-based line and column of character `k` of the first `needle` in `text`.
fn position(text: &str, needle: &str, k: usize) -> (usize, usize) {
    let at = text.find(needle).expect("needle in text");
    let offset = at + needle.chars().take(k).map(char::len_utf8).sum::<usize>();
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before[before.rfind('\n').map_or(0, |i| i + 1)..]
        .chars()
        .count()
        + 1;
    (line, column)
}

/// Loads `text` expecting an error at character `k` of `needle`, whose message contains `msg`.
fn expect_error(text: &str, needle: &str, k: usize, msg: &str) -> LoadError {
    let err = load_str(text, "bad.ron").expect_err("the text should not load");
    assert_eq!(err.file, "bad.ron");
    assert_eq!(
        (err.line, err.column),
        position(text, needle, k),
        "wrong position for: {err}"
    );
    assert!(
        err.message.contains(msg),
        "message `{}` lacks `{msg}`",
        err.message
    );
    err
}

/// A fresh empty folder under the system temp dir.
fn temp_folder(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("alfil-variant-load-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp folder");
    dir
}

#[test]
fn base_loads() {
    let v = load_str(BASE, "base.ron").expect("BASE is valid");
    assert_eq!((v.files, v.ranks), (5, 5));
    assert_eq!(v.parent, "fairy");
    assert_eq!(v.rules.move_rule, 100);
    assert_eq!(v.source, "base.ron");
}

#[test]
fn every_embedded_variant_loads() {
    let names = embedded_names();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    for name in &names {
        let v = load_by_name(name).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(&v.name, name);
        assert!(v.source.starts_with("<embedded>/"));
    }
    for required in [
        "chess",
        "fischerandom",
        "capablanca",
        "caparandom",
        "gothic",
        "janus",
        "embassy",
        "chancellor",
        "amazon",
        "almost",
        "chigorin",
        "knightmate",
        "losalamos",
        "nightrider",
        "berolina",
        "shako",
        "gardner",
        "grasshopper",
        "wildebeest",
    ] {
        assert!(
            names.iter().any(|n| n == required),
            "{required} is not shipped"
        );
    }
}

#[test]
fn names_and_aliases_are_unique() {
    let mut seen: Vec<String> = Vec::new();
    for name in embedded_names() {
        let v = load_by_name(&name).expect("loads");
        for n in std::iter::once(&v.name).chain(&v.aliases) {
            let n = n.to_ascii_lowercase();
            assert!(!seen.contains(&n), "`{n}` names two variants");
            seen.push(n);
        }
    }
}

#[test]
fn names_resolve_by_stem_name_and_alias() {
    assert_eq!(load_by_name("NORMAL").expect("alias").name, "chess");
    assert_eq!(
        load_by_name("chess960").expect("alias").name,
        "fischerandom"
    );
    assert_eq!(
        load_by_name("Dragon-Chess").expect("stem").name,
        "dragon-chess"
    );
    let err = load_by_name("no-such-variant").expect_err("unknown");
    assert_eq!((err.line, err.column), (0, 0));
    assert!(err
        .to_string()
        .contains("variant `no-such-variant`: no variant of that name"));
}

#[test]
fn capablanca_inherits_chess() {
    let chess = load_by_name("chess").expect("chess");
    let capa = load_by_name("capablanca").expect("capablanca");
    let letters: String = capa.pieces.iter().map(|p| p.id.to_string()).collect();
    assert_eq!(letters, "PNBRQKAC");
    assert_eq!((capa.files, capa.ranks), (10, 8));
    assert!(capa.aliases.is_empty(), "aliases are not inherited");
    assert_eq!(capa.parent, "capablanca");
    let pawn = &capa.pieces[0];
    assert_eq!(pawn.moves_text, chess.pieces[0].moves_text);
    let promotion = pawn.promotion.as_ref().expect("pawn promotes");
    let choices: String = promotion
        .choices
        .iter()
        .map(|&i| capa.pieces[i].id.to_string())
        .collect();
    assert_eq!(choices, "QCARBN");
    assert!(promotion.mandatory);
    assert!(
        promotion.zone[Colour::White].contains(9, 7)
            && promotion.zone[Colour::Black].contains(0, 0)
    );
    let zone = pawn.initial_zone.expect("FS double-step region");
    assert!(
        zone[Colour::White].contains(3, 1)
            && zone[Colour::Black].contains(3, 6)
            && !zone[Colour::White].contains(3, 2)
    );
    let castling = capa.castling.as_ref().expect("castling");
    assert_eq!((castling.kingside_file, castling.queenside_file), (8, 2));
    assert_eq!(
        (
            castling.kingside_partner_file,
            castling.queenside_partner_file
        ),
        (9, 0)
    );
    assert_eq!(capa.rules.checkmate, GameValue::Loss);
    assert_eq!(capa.rules.repetition_count, chess.rules.repetition_count);
    let gothic = load_by_name("gothic").expect("gothic on capablanca on chess");
    assert_eq!(gothic.pieces.len(), 8);
    assert_ne!(gothic.start_fen, capa.start_fen);
    assert!(load_by_name("caparandom").expect("caparandom").chess960);
}

#[test]
fn children_remove_replace_and_merge() {
    let knightmate = load_by_name("knightmate").expect("knightmate");
    let letters: String = knightmate.pieces.iter().map(|p| p.id.to_string()).collect();
    assert_eq!(
        letters, "PBRQKM",
        "N removed, K replaced in place, M appended"
    );
    let king = &knightmate.pieces[knightmate.piece_index('k').expect("king")];
    assert!(king.royal && king.moves_text == "N");
    assert!(load_by_name("nocastle")
        .expect("nocastle")
        .castling
        .is_none());
    let misere = load_by_name("misere").expect("misere");
    assert_eq!(misere.rules.checkmate, GameValue::Win);
    assert_eq!(
        misere.rules.stalemate,
        GameValue::Draw,
        "other rules inherited"
    );
}

#[test]
fn asymmetric_promotions_and_extra_zones() {
    let v = load_by_name("chigorin").expect("chigorin");
    let promotion = v.pieces[0].promotion.as_ref().expect("pawn promotes");
    let letters = |c: &[usize]| {
        c.iter()
            .map(|&i| v.pieces[i].id.to_string())
            .collect::<String>()
    };
    assert_eq!(letters(promotion.choices_for(Colour::White)), "CRN");
    assert_eq!(letters(promotion.choices_for(Colour::Black)), "QRB");
    let w = load_by_name("wildebeest").expect("wildebeest");
    let ii = w.pieces[0].initial_zone_ii.expect("triple-step zone");
    assert!(
        ii[Colour::White].contains(0, 1)
            && !ii[Colour::White].contains(0, 2)
            && ii[Colour::Black].contains(0, 8)
    );
    let shako = load_by_name("shako").expect("shako");
    let castling = shako.castling.as_ref().expect("castling");
    assert_eq!(castling.rank, 1);
    assert_eq!(
        (
            castling.kingside_partner_file,
            castling.queenside_partner_file
        ),
        (8, 1)
    );
    let legan = load_by_name("legan").expect("legan");
    let zone = legan.pieces[0].promotion.as_ref().expect("promotes").zone;
    assert!(
        zone[Colour::White].contains(0, 4)
            && zone[Colour::Black].contains(7, 3)
            && !zone[Colour::Black].contains(0, 3)
    );
}

#[test]
fn display_shows_position_line_and_caret() {
    let text = base_with(r#"moves: "N""#, r#"moves: "NX""#);
    let err = expect_error(&text, r#""NX""#, 2, "");
    let shown = err.to_string();
    let lines: Vec<&str> = shown.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with(&format!("bad.ron:{}:{}: ", err.line, err.column)));
    assert_eq!(lines[1], text.lines().nth(err.line - 1).expect("line"));
    assert_eq!(lines[2].len(), err.column);
    assert!(lines[2].ends_with('^'));
}

#[test]
fn ron_syntax_errors() {
    let text = base_with(r#"name: "mini","#, r#"name: "mini""#);
    let err = load_str(&text, "bad.ron").expect_err("missing comma");
    assert_eq!(err.line, 4);
    let text = base_with("royal: true", "royal: yes");
    expect_error(&text, "yes", 0, "");
}

#[test]
fn unknown_keys() {
    let text = base_with("    board:", "    bord: 1,\n    board:");
    expect_error(&text, "bord", 0, "unknown key `bord`");
    let text = base_with("royal: true", "royal: true, colour: 1");
    expect_error(&text, "colour", 0, "unknown key `colour` in a piece");
    let text = base_with("rank: 1", "rank: 1, side: 2");
    expect_error(&text, "side: 2", 0, "in castling");
}

#[test]
fn missing_fields() {
    let text = base_with("    start: \"rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\",\n", "");
    expect_error(&text, "(\n    name", 0, "missing `start`");
    let text = base_with("    name: \"mini\",\n", "");
    expect_error(&text, "(\n    board", 0, "missing `name`");
    let text = base_with(r#"name: "knight", "#, "");
    let err = load_str(&text, "bad.ron").expect_err("piece without name");
    assert!(err.message.contains("missing `name` in a piece"), "{err}");
}

#[test]
fn board_size_limits() {
    let text = base_with("files: 5, ranks: 5", "files: 17, ranks: 5");
    expect_error(&text, "(files: 17", 0, "17x5 board is not supported");
    let text = base_with("files: 5, ranks: 5", "files: 5, ranks: 0");
    expect_error(&text, "(files: 5, ranks: 0", 0, "5x0 board");
}

#[test]
fn start_position_must_fit() {
    let start = "rnbqk/ppppp/5/PPPPP/RNBQK";
    let bad = |board: &str, needle: &str, k: usize, msg: &str| {
        let text = base_with(start, board);
        expect_error(&text, needle, k, msg);
    };
    bad(
        "rnbqk/ppppp/5/RNBQK",
        "rnbqk/ppppp/5/RNBQK ",
        19,
        "has 4 ranks",
    );
    bad(
        "rnbqk/ppppp/5/5/PPPPP/RNBQK",
        "rnbqk/ppppp/5/5/PPPPP/",
        21,
        "more than 5 ranks",
    );
    bad(
        "rnbqk/pppppp/5/PPPPP/RNBQK",
        "pppppp/",
        5,
        "more than 5 squares",
    );
    bad("rnbqk/pppp/5/PPPPP/RNBQK", "pppp/", 4, "has 4 squares");
    bad("rnbqk/ppppp/6/PPPPP/RNBQK", "6/", 0, "more than 5 squares");
    bad(
        "rnbqk/ppxpp/5/PPPPP/RNBQK",
        "ppxpp",
        2,
        "`x` in the start position",
    );
    bad(
        "rnbqk/ppppp/5/PPPPP/RNBQK[Qx]",
        "[Qx]",
        2,
        "`x` in the holdings",
    );
    bad("rnbqk/ppppp/5/PPPPP/RNBQK[Q", "[Q", 2, "closing `]`");
    let text = base_with("w - - 0 1", "x - - 0 1");
    expect_error(&text, "x - - 0 1", 0, "side to move");
    let text = base_with(
        "    castling: (king: 'K', partners: \"R\", kingside_file: 'd', queenside_file: 'b', rank: 1),\n",
        "",
    )
    .replace("w - - 0 1", "w KQ - 0 1");
    expect_error(&text, "KQ - 0 1", 0, "the variant has no castling");
}

#[test]
fn multi_digit_empty_counts() {
    let text = base_with("files: 5, ranks: 5", "files: 12, ranks: 5").replace(
        "rnbqk/ppppp/5/PPPPP/RNBQK",
        "rnbqk7/ppppp7/12/PPPPP7/RNBQK7",
    );
    let v = load_str(&text, "wide.ron").expect("12 files");
    assert_eq!(v.files, 12);
}

#[test]
fn piece_letters() {
    let text = base_with("(letter: 'N'", "(letter: 'X'")
        .replace("QRBN", "QRBX")
        .replace("rnbqk/", "rxbqk/")
        .replace("RNBQK w", "RXBQK w");
    expect_error(&text, "'X'", 1, "`X` is missing from piece_to_char");
    let text = base_with(
        "(letter: 'B', name: \"bishop\"",
        "(letter: 'N', name: \"bishop\"",
    );
    expect_error(&text, "'N', name: \"bishop\"", 1, "used twice");
    let text = base_with("(letter: 'N'", "(letter: 'n'");
    expect_error(&text, "'n'", 1, "upper-case");
}

#[test]
fn xbetza_errors_point_inside_the_moves_string() {
    let text = base_with(r#"moves: "fmWfcF""#, r#"moves: "fmWfcX""#);
    expect_error(&text, r#""fmWfcX""#, 6, "atom");
    let text = base_with(r#"moves: "Q""#, "moves: \"\\\"Q\"");
    let err = load_str(&text, "bad.ron").expect_err("quote is no atom");
    assert_eq!((err.line, err.column), position(&text, "\\\"Q", 0));
}

#[test]
fn xbetza_the_compiler_refuses_is_located_in_every_field() {
    // `mWaO1` parses, but castling cannot be a leg of a multi-leg move: the compiler refuses it
    // at the `a` that starts the second leg (character 2 of the string).
    let zone_moves = r#"moves: "N", zone_moves: (zone: "*1", moves: "mWaO1")"#;
    let text = base_with(r#"moves: "N""#, zone_moves);
    expect_error(
        &text,
        r#""mWaO1""#,
        3,
        "castling (O) cannot be part of a multi-leg move",
    );
    let text = base_with(r#"moves: "N""#, r#"moves: "mWaO1""#);
    expect_error(&text, r#""mWaO1""#, 3, "castling (O)");
    let in_place = r#"promotion: (zone: "*5", choices: "QRBN", in_place: (steps: "mWaO1"))"#;
    let text = base_with(r#"promotion: (zone: "*5", choices: "QRBN")"#, in_place);
    expect_error(&text, r#""mWaO1""#, 3, "castling (O)");
}

#[test]
fn zone_moves_longer_than_every_other_step_stay_on_the_board() {
    // The wazir's zone moves on rank 1 (H: 3 squares straight, D: 2) are the longest steps of
    // the variant; the board's padding must cover them (it once covered only the pieces' own
    // moves, and the generator read past the board).
    let text = r#"(
        name: "zonejump",
        board: (files: 5, ranks: 5),
        piece_to_char: "KWkw",
        start: "k4/5/5/5/W3K w - - 0 1",
        pieces: [
            (letter: 'K', name: "king", moves: "K", royal: true),
            (letter: 'W', name: "wazir", moves: "W", zone_moves: (zone: "*1", moves: "HD")),
        ],
    )"#;
    let variant = load_str(text, "zonejump.ron").expect("loads");
    let tables = alfil::movegen::build_ruleset(Arc::new(variant)).expect("tables");
    let mut pos = alfil::position::Position::start(tables);
    // White's king on e1: d1, d2, e2. The wazir on a1: a2, b1 (W), a3, c1 (D), a4, d1 (H).
    assert_eq!(alfil::perft::perft(&mut pos, 1), 3 + 6);
}

#[test]
fn piece_to_char_and_names_xboard_cannot_read_are_refused() {
    let text = base_with(r#""PNBRQKpnbrqk""#, r#""PNBRQKpnbrq""#);
    expect_error(&text, "PNBRQKpnbrq", 10, "11 slots");
    let text = base_with(r#""PNBRQKpnbrqk""#, r#""PNBRQKpnbrqkNn""#);
    expect_error(&text, "PNBRQKpnbrqkNn", 12, "`N` appears twice");
    let text = base_with(r#""PNBRQKpnbrqk""#, r#""PNBRQK#nbrqk""#);
    expect_error(&text, "PNBRQK#nbrqk", 6, "`#` is not a piece ID");
    let text = base_with(r#"name: "mini""#, r#"name: "mini,chess""#);
    expect_error(&text, "mini,chess", 4, "may not hold a comma");
    let text = base_with(r#"name: "mini""#, r#"name: "mini chess""#);
    expect_error(&text, "mini chess", 4, "white space");
}

#[test]
fn promotion_and_castling_letters() {
    let text = base_with(r#"choices: "QRBN""#, r#"choices: "QRZN""#);
    expect_error(&text, "QRZN", 2, "promotion choice `Z`");
    let text = base_with(r#"choices: "QRBN""#, r#"choices: """#);
    expect_error(&text, r#"choices: """#, 9, "at least one choice");
    let text = base_with("king: 'K'", "king: 'X'");
    expect_error(&text, "'X'", 1, "castling king `X`");
    let text = base_with(r#"partners: "R""#, r#"partners: "RZ""#);
    expect_error(&text, "\"RZ\"", 2, "castling partner `Z`");
    let text = base_with("kingside_file: 'd'", "kingside_file: 'k'");
    expect_error(&text, "'k'", 1, "file `k` is off this board");
    let text = base_with("rank: 1", "rank: 6");
    expect_error(&text, "rank: 6", 6, "castling rank 6");
}

#[test]
fn bad_regions() {
    let text = base_with(r#"zone: "*5""#, r#"zone: "*5 e9""#);
    expect_error(&text, "*5 e9", 3, "rank 9 is off this board");
    let text = base_with(r#"zone: "*5""#, r#"zone: "a5 5a""#);
    expect_error(&text, "a5 5a", 3, "`5a` is not a square");
    let text = base_with(
        r#"moves: "fmWfcF","#,
        r#"moves: "fmWfcF", initial_zone: "*2", initial_zone_black: "z*","#,
    );
    expect_error(&text, "\"z*\"", 1, "file `z` is off this board");
}

#[test]
fn ten_rank_boards_count_ranks_from_one() {
    let text = base_with("files: 5, ranks: 5", "files: 5, ranks: 10")
        .replace(r#"zone: "*5""#, r#"zone: "*10""#)
        .replace(
            "rnbqk/ppppp/5/PPPPP/RNBQK",
            "rnbqk/ppppp/5/5/5/5/5/5/PPPPP/RNBQK",
        );
    let v = load_str(&text, "tall.ron").expect("10 ranks");
    let zone = v.pieces[0].promotion.as_ref().expect("promotes").zone;
    assert!(zone[Colour::White].contains(0, 9) && zone[Colour::Black].contains(0, 0));
}

#[test]
fn remove_pieces_must_name_inherited_pieces() {
    let text = "(\n    name: \"x\",\n    inherits: \"chess\",\n    remove_pieces: \"QZ\",\n)\n";
    expect_error(text, "\"QZ\"", 2, "cannot remove `Z`");
}

#[test]
fn inheriting_overrides_and_reports_in_the_right_file() {
    // A new piece without a slot in a `piece_to_char` the file writes itself is reported at
    // the piece, the later of the two.
    let text = "(\n    name: \"x\",\n    inherits: \"chess\",\n    piece_to_char: \"PNBRQKpnbrqk\",\n    pieces: [(letter: 'A', name: \"a\", moves: \"BN\")],\n)\n";
    expect_error(text, "'A'", 1, "`A` is missing from piece_to_char");
    // Issue 73, item 5: a file that leaves `piece_to_char` out gets it derived, so chess's
    // inherited string is completed: the archbishop-moving A goes to XBoard's archbishop image,
    // slot 7, and the King slot moves to the end (chess writes 17 slots, K in slot 16).
    let text = "(\n    name: \"x\",\n    inherits: \"chess\",\n    pieces: [(letter: 'A', name: \"a\", moves: \"BN\")],\n)\n";
    let v = load_str(text, "x.ron").expect("the inherited piece_to_char is completed");
    assert_eq!(v.piece_to_char, "PNBRQ..A........Kpnbrq..a........k");
    let text = "(\n    name: \"x\",\n    inherits: \"nightrider\",\n    castling: None,\n    start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\",\n)\n";
    let v = load_str(text, "x.ron").expect("chain of three");
    assert!(v.castling.is_none());
    assert_eq!(v.pieces[1].moves_text, "N0");
}

#[test]
fn errors_in_inherited_values_point_at_the_later_file() {
    let text =
        "(\n    name: \"x\",\n    inherits: \"chess\",\n    piece_to_char: \"PNBRKpnbrk\",\n)\n";
    expect_error(
        text,
        "\"PNBRKpnbrk\"",
        0,
        "`Q` is missing from piece_to_char",
    );
    let text = "(\n    name: \"x\",\n    inherits: \"chess\",\n    remove_pieces: \"N\",\n)\n";
    let err = load_str(text, "x.ron").expect_err("the inherited pawn promotes to N");
    assert_eq!(err.file, "<embedded>/chess.ron");
    assert!(err.message.ends_with("(inherited by x.ron)"), "{err}");
}

#[test]
fn missing_parent_names_both_files() {
    let text = "(\n    name: \"x\",\n    inherits: \"nonesuch\",\n)\n";
    let err = expect_error(text, "\"nonesuch\"", 0, "bad.ron inherits `nonesuch`");
    assert!(err.message.contains("no variant file `nonesuch`"));
}

#[test]
fn folder_files_inherit_by_stem_or_name_then_embedded() {
    let dir = temp_folder("folder");
    fs::write(
        dir.join("base-file.ron"),
        "(name: \"house\", inherits: \"chess\", rules: (move_rule: 0))",
    )
    .expect("write");
    fs::write(
        dir.join("child.ron"),
        "(name: \"child\", inherits: \"house\", start: \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\")",
    )
    .expect("write");
    let v = load_file(&dir.join("child.ron")).expect("child -> house (by name) -> chess");
    assert_eq!(v.rules.move_rule, 0);
    assert_eq!(v.pieces.len(), 6);
    let library = Library::with_folder(&dir);
    assert_eq!(library.load("HOUSE").expect("by name").name, "house");
    assert_eq!(library.load("chess").expect("embedded").name, "chess");
    let names = library.names();
    assert!(names.contains(&"child".to_string()) && names.contains(&"chess".to_string()));
    fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn inherits_cycles_name_the_files() {
    let dir = temp_folder("cycle");
    fs::write(dir.join("a.ron"), "(name: \"a\", inherits: \"b\")").expect("write");
    fs::write(
        dir.join("b.ron"),
        "(\n    name: \"b\",\n    inherits: \"a\",\n)",
    )
    .expect("write");
    let err = load_file(&dir.join("a.ron")).expect_err("cycle");
    assert!(
        err.file.ends_with("b.ron"),
        "reported where the cycle closes: {err}"
    );
    assert_eq!((err.line, err.column), (3, 15));
    assert!(err.message.contains("inherits cycle"));
    assert!(
        err.message.contains("a.ron") && err.message.contains("b.ron"),
        "{err}"
    );
    fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn unreadable_files_have_no_position() {
    let err = load_file(&PathBuf::from("/nonexistent/alfil/x.ron")).expect_err("no file");
    assert_eq!((err.line, err.column), (0, 0));
    assert!(err
        .to_string()
        .starts_with("/nonexistent/alfil/x.ron: cannot read the file"));
}

#[test]
fn never_panics_on_broken_text() {
    let samples = [
        "",
        "(",
        ")",
        "#![enable(implicit_some)]",
        "(name: \"x\", board: (files: 99999999999, ranks: 1))",
        "(name: \"é\", start: \"\", board: (files: 1, ranks: 1), pieces: [], piece_to_char: \"\")",
        "(name: \"x\", board: (files: 1, ranks: 1), piece_to_char: \"Kk\", start: \"K w\", pieces: [(letter: 'K', name: \"k\", moves: \"K\", royal: true)])",
        "(name: \"x\", inherits: \"x\")",
    ];
    for text in samples {
        let _ = load_str(text, "x.ron").map_err(|e| e.to_string());
    }
    for cut in 0..BASE.len() {
        if BASE.is_char_boundary(cut) {
            let _ = load_str(&BASE[..cut], "cut.ron").map_err(|e| e.to_string());
        }
    }
}

#[test]
fn flipping_and_in_place_promotion_fields() {
    let text = base_with(r#"moves: "N")"#, r#"moves: "N", demotes: OnMove)"#);
    expect_error(&text, "OnMove", 0, "`demotes` needs `promoted_of`");
    let text = base_with(r#"moves: "N")"#, r#"moves: "N", demotes: Never)"#);
    expect_error(&text, "Never", 5, "expected one of `OnMove`, `OnCapture`");
    let steps = r#"choices: "QRBN", in_place: (steps: "F'"))"#;
    let text = base_with(r#"choices: "QRBN")"#, steps);
    expect_error(&text, "F'\"", 1, "expected a modifier or an atom letter");
}

const WAIT: Duration = Duration::from_secs(20);

/// A fresh folder holding the given files.
fn folder(tag: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("alfil-folder-{}-{tag}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("temp folder");
    for (name, text) in files {
        fs::write(dir.join(name), text).expect("write");
    }
    dir
}

const BROKEN: &str = "(\n    name: \"broken\",\n    inherits: \"chess\"\n    start: \"8/8/8/8/8/8/8/8 w - - 0 1\",\n)\n";
const UNKNOWN_KEY: &str = "(\n    name: \"oddkey\",\n    inherits: \"chess\",\n    colour: 3,\n)\n";
const NO_NAME: &str = "(\n    inherits: \"chess\",\n)\n";
const TWIN_A: &str = "(\n    name: \"twin\",\n    inherits: \"chess\",\n)\n";
const TWIN_B: &str = "(\n    name: \"twin\",\n    inherits: \"shatranj\",\n)\n";
const WITH_BOM: &str = "\u{feff}(\n    name: \"bomchess\",\n    inherits: \"chess\",\n)\n";

fn messy_folder(tag: &str) -> PathBuf {
    folder(
        tag,
        &[
            ("broken.ron", BROKEN),
            ("oddkey.ron", UNKNOWN_KEY),
            ("noname.ron", NO_NAME),
            ("twin_a.ron", TWIN_A),
            ("twin_b.ron", TWIN_B),
            ("bom.ron", WITH_BOM),
        ],
    )
}

#[test]
fn cecp_reports_each_file_of_the_folder_that_cannot_be_loaded() {
    let dir = messy_folder("cecp");
    let mut s = Session::start();
    s.handshake();
    s.send(&format!("option Variant folder={}", dir.display()));
    s.send("ping 1");
    let lines = s.read_until(WAIT, |l| l == "pong 1");
    let told: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("tellusererror Alfil, variant files: "))
        .collect();
    let has = |text: &str| told.iter().any(|l| l.contains(text));
    // `inherits: "chess"` lacks its comma: RON stops at the next key, line 4.
    assert!(has("broken.ron:4:"), "{told:?}");
    assert!(has("oddkey.ron:4:5"), "{told:?}");
    assert!(has("noname.ron: missing `name`"), "{told:?}");
    assert!(
        has("twin_a.ron and ") && has("twin_b.ron are both named `twin`"),
        "{told:?}"
    );
    assert!(!has("bom.ron"), "a byte-order mark is no error: {told:?}");
    // The feature list offers the good files.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("feature variants=") && l.contains("bomchess")),
        "{lines:?}"
    );
    s.send("variant broken");
    s.send("ping 2");
    let lines = s.read_until(WAIT, |l| l == "pong 2");
    assert!(
        lines.iter().any(
            |l| l.starts_with("tellusererror Alfil cannot play broken: ")
                && l.contains("broken.ron:4:")
        ),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"Error (variant does not load): variant broken".to_string()),
        "{lines:?}"
    );
    s.send("variant bomchess");
    s.send("ping 3");
    let lines = s.read_until(WAIT, |l| l == "pong 3");
    assert!(lines.iter().all(|l| !l.starts_with("Error")), "{lines:?}");
    s.send("variant capablanka");
    s.send("ping 4");
    let lines = s.read_until(WAIT, |l| l == "pong 4");
    assert!(
        lines.contains(
            &"Error (unknown variant; did you mean capablanca?): variant capablanka".to_string()
        ),
        "{lines:?}"
    );
    s.quit();
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn cecp_reports_a_folder_that_does_not_exist() {
    let mut s = Session::start();
    s.handshake();
    s.send("option Variant folder=/no/such/folder/here");
    s.send("ping 1");
    let lines = s.read_until(WAIT, |l| l == "pong 1");
    assert!(
        lines.contains(
            &"tellusererror Alfil: no variant folder /no/such/folder/here; only the built-in variants"
                .to_string()
        ),
        "{lines:?}"
    );
    s.quit();
}

#[test]
fn uci_reports_the_folders_problems_and_why_a_variant_does_not_load() {
    let dir = messy_folder("uci");
    let mut s = Session::start();
    s.send("uci");
    s.read_until(WAIT, |l| l == "uciok");
    s.send(&format!(
        "setoption name Variant folder value {}",
        dir.display()
    ));
    s.send("setoption name UCI_Variant value broken");
    s.send("isready");
    let lines = s.read_until(WAIT, |l| l == "readyok");
    let has = |text: &str| {
        lines
            .iter()
            .any(|l| l.starts_with("info string") && l.contains(text))
    };
    assert!(has("variant files: ") && has("oddkey.ron:4:5"), "{lines:?}");
    assert!(
        has("cannot play broken: ") && has("broken.ron:4:"),
        "{lines:?}"
    );
    s.send("setoption name UCI_Variant value shatranjj");
    s.send("isready");
    let lines = s.read_until(WAIT, |l| l == "readyok");
    assert!(
        lines
            .contains(&"info string unknown variant shatranjj; did you mean shatranj?".to_string()),
        "{lines:?}"
    );
    s.quit();
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_changed_file_is_read_again() {
    let dir = folder("changed", &[("mine.ron", TWIN_A)]);
    let mut s = Session::start();
    s.handshake();
    let set = format!("option Variant folder={}", dir.display());
    s.send(&set);
    s.send("ping 1");
    let lines = s.read_until(WAIT, |l| l == "pong 1");
    assert!(lines.iter().any(|l| l.contains("twin")), "{lines:?}");
    // A different length, so the change is seen even where the clock is coarse.
    fs::write(
        dir.join("mine.ron"),
        WITH_BOM.replace("bomchess", "renamedvariant"),
    )
    .expect("rewrite");
    s.send(&set);
    s.send("ping 2");
    let lines = s.read_until(WAIT, |l| l == "pong 2");
    let features = lines
        .iter()
        .find(|l| l.starts_with("feature variants="))
        .expect("features again");
    assert!(
        features.contains("renamedvariant") && !features.contains("twin"),
        "{features}"
    );
    s.quit();
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn inherits_is_found_beside_the_file_from_any_working_directory() {
    let dir = folder(
        "paths",
        &[
            (
                "child.ron",
                "(\n    name: \"child\",\n    inherits: \"parent\",\n)\n",
            ),
            (
                "parent.ron",
                "(\n    name: \"parent\",\n    inherits: \"chess\",\n)\n",
            ),
            ("a.ron", "(\n    name: \"a\",\n    inherits: \"b\",\n)\n"),
            ("b.ron", "(\n    name: \"b\",\n    inherits: \"a\",\n)\n"),
            // A file that changes the built-in chess inherits it by its own name.
            (
                "chess.ron",
                "(\n    name: \"chess\",\n    inherits: \"chess\",\n)\n",
            ),
        ],
    );
    // 400: the 20 x 20 positions after one move each of chess (the known perft(2)).
    for path in ["child.ron", "./child.ron"] {
        let (out, err, code) = alfil_in(Some(&dir), &["perft", path, "2"]);
        assert_eq!(code, Some(0), "{path}: {err}");
        assert_eq!(out.lines().last(), Some("400"), "{path}");
    }
    let elsewhere = std::env::temp_dir();
    let full = dir.join("child.ron");
    let (out, err, code) = alfil_in(
        Some(&elsewhere),
        &["perft", full.to_str().expect("utf-8"), "2"],
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().last(), Some("400"));
    let (out, err, code) = alfil_in(Some(&dir), &["perft", "chess.ron", "2"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().last(), Some("400"));
    let (_, err, code) = alfil_in(Some(&dir), &["perft", "a.ron", "1"]);
    assert_ne!(code, Some(0));
    assert!(
        err.contains("inherits cycle: ") && err.contains("a.ron -> "),
        "{err}"
    );
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn an_unknown_name_on_the_command_line_suggests_the_nearest() {
    let (_, err, code) = alfil_in(Some(&std::env::temp_dir()), &["perft", "crazyhose", "1"]);
    assert_ne!(code, Some(0));
    assert!(
        err.contains("error: variant `crazyhose`: no variant of that name in the built-in variants; did you mean `crazyhouse`? `alfil variants` lists the built-in ones"),
        "{err}"
    );
}

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
    "zone_moves: (zone: \"*1\", moves: \"HD\")",
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
    let tables = match alfil::movegen::build_ruleset(Arc::new(variant)) {
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

#[test]
fn a_copy_of_a_built_in_file_is_no_problem_but_a_changed_one_is_reported() {
    let shipped = fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/chess.ron"))
        .expect("the shipped chess file");
    let dir = folder("copies", &[("chess.ron", &shipped)]);
    assert_eq!(Library::with_folder(&dir).problems(), Vec::<String>::new());
    fs::write(dir.join("chess.ron"), shipped.replace("0 1", "0 10")).expect("rewrite");
    let problems = Library::with_folder(&dir).problems();
    assert_eq!(
        problems,
        vec![format!(
            "{} is named `chess` like a built-in variant; the file is used instead",
            dir.join("chess.ron").display()
        )]
    );
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn rule_fields_that_contradict_the_variant_are_located_errors() {
    let on_parent = |parent: &str, rules: &str| {
        format!("(\n    name: \"x\",\n    inherits: \"{parent}\",\n    rules: ({rules}),\n)\n")
    };
    let on = |rules: &str| on_parent("allqueenschess", rules);
    // All queens chess is 5x5: six in a row cannot stand on it.
    let text = on("connect: 6");
    expect_error(
        &text,
        "6)",
        0,
        "6 pieces in a row cannot stand on a 5x5 board",
    );
    // It has no castling to win by, and no royal piece to freeze in check.
    let text = on("castling_wins: \"q\"");
    expect_error(&text, "\"q\"", 0, "castling_wins needs castling");
    let text = on("royal_frozen_in_check: true");
    expect_error(&text, "true", 0, "no piece is royal");
    let text = on("initial_lost_when_aimed_by: \"Q\"");
    expect_error(
        &text,
        "\"Q\"",
        0,
        "no piece is royal, so there are no royal initial",
    );
    // Royalty by count needs royalty.
    let text = "(\n    name: \"x\",\n    inherits: \"chess\",\n    pieces: [(letter: 'Q', name: \"queen\", moves: \"Q\", royal_when_last: true)],\n)\n";
    expect_error(text, "true", 0, "`royal_when_last` needs `royal: true`");
    // Walls need an empty square to go on.
    let text = "(\n    name: \"x\",\n    inherits: \"chess\",\n    start: \"rnbqkbnr/pppppppp/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/PPPPPPPP/RNBQKBNR w - - 0 1\",\n    rules: (wall_instead_of_move: Edge),\n)\n";
    expect_error(
        text,
        "Edge",
        0,
        "walls go on empty squares, and the start position has none",
    );
    // A royal piece turned to stone would leave its side without one.
    let text = on_parent("chess", "petrify_on_capture: \"QK\"");
    expect_error(
        &text,
        "\"QK\"",
        0,
        "the king is royal: it cannot be petrified",
    );
    // A king whose captor became one would make the captor royal.
    let text = on_parent("chess", "contagious: \"K\"");
    expect_error(
        &text,
        "\"K\"",
        0,
        "the king is royal: a piece that captures it cannot become one",
    );
    let text = on_parent("chess", "contagious: \"Z\"");
    expect_error(&text, "Z", 0, "`Z` is not a piece of this variant");
    // Only one piece need be dropped first where every drop must come first.
    let text = "(\n    name: \"x\",\n    inherits: \"crazyhouse\",\n    hand: (must_drop_piece: 'Q'),\n)\n";
    expect_error(text, "'Q'", 0, "`must_drop_piece` needs `must_drop: true`");
    // Chess's castling field holds its castling rights.
    let text = on_parent("chess", "initial_rights_in_fen: true");
    expect_error(
        &text,
        "true",
        0,
        "the FEN's castling field holds the castling rights",
    );
    // Only K, Q, k and q are castling rights.
    let text = on_parent("chess", "castling_wins: \"Kx\"");
    expect_error(&text, "Kx", 1, "`x` is not a castling right");
}

/// Two pieces on one letter, told apart by XBoard's dress: `N` a knight, `N'` a wazir, and the
/// wazir's promoted form `W'` written `+N'` in FENs.
const DRESSED: &str = r#"(
    name: "dressed",
    board: (files: 5, ranks: 5),
    piece_to_char: "N.N'Kn.n'k",
    start: "4k/5/2N'2/5/K3N w - - 0 1",
    pieces: [
        (letter: 'N', name: "knight", moves: "N"),
        (id: "N'", name: "wazir", moves: "W",
         promotion: (zone: "*5", choices: "W'", mandatory: false)),
        (letter: "W'", name: "promoted wazir", moves: "K", promoted_of: "N'"),
        (letter: 'K', name: "king", moves: "K", royal: true),
    ],
)
"#;

#[test]
fn a_dressed_id_is_a_piece_of_its_own_in_files_fens_and_moves() {
    let v = load_str(DRESSED, "dressed.ron").expect("loads");
    let ids: Vec<String> = v.pieces.iter().map(|p| p.id.to_string()).collect();
    assert_eq!(ids, ["N", "N'", "W'", "K"]);
    let tables = alfil::movegen::build_ruleset(Arc::new(v)).expect("tables");
    let mut game = Game::new(tables.clone());
    // The start position written back as it was read.
    assert_eq!(game.pos.to_fen(), "4k/5/2N'2/5/K3N w - - 0 1");
    // White: king a1 to a2, b1, b2 (3); knight e1 to d3, c2 (2); wazir c3 to c4, c2, b3, d3
    // (4) = 9.
    assert_eq!(game.legal_moves().len(), 9);
    let up = game
        .parse_move("c3c4", alfil::position::RankStyle::FromOne)
        .expect("the wazir steps up");
    game.play(up);
    game.play(
        game.clone()
            .parse_move("e5d5", alfil::position::RankStyle::FromOne)
            .expect("the black king steps"),
    );
    // Into the zone: the wazir may promote (`c4c5+`, the promoted form of its own type); a
    // move of a piece that can promote resets the move counter, as a pawn's does.
    let promote = game
        .parse_move("c4c5+", alfil::position::RankStyle::FromOne)
        .expect("optional promotion to W'");
    game.play(promote);
    assert_eq!(game.pos.to_fen(), "2+N'k1/5/5/5/K3N b - - 0 2");
    // A black dressed piece and a promoted dressed piece read back from a FEN.
    let read = Game::from_fen(tables.clone(), "2+n'k1/5/1n'3/5/K3N w - - 0 1").expect("reads");
    assert_eq!(read.pos.to_fen(), "2+n'k1/5/1n'3/5/K3N w - - 0 1");
    let bad = Game::from_fen(tables, "2k2/5/1n!3/5/K3N w - - 0 1").expect_err("no n! here");
    assert!(bad.to_string().contains("'n!'"), "{bad}");
}

#[test]
fn a_dressed_id_given_twice_or_misspelt_is_named_where_it_is() {
    let twice = DRESSED.replacen("(letter: \"W'\"", "(letter: \"N'\"", 1);
    let err = load_str(&twice, "dressed.ron").expect_err("N' twice");
    assert!(err.message.contains("`N'` is used twice"), "{err}");
    let err = load_str(
        &DRESSED.replacen("(id: \"N'\"", "(id: \"N''\"", 1),
        "dressed.ron",
    )
    .expect_err("not an ID");
    assert_eq!(
        (err.line, err.column),
        position(
            &DRESSED.replacen("(id: \"N'\"", "(id: \"N''\"", 1),
            "\"N''\"",
            1
        )
    );
    let p2c = DRESSED.replacen("\"N.N'Kn.n'k\"", "\"N.N'Kn.n'n'\"", 1);
    expect_error(&p2c, "N.N'Kn.n'n'", 9, "`n'` appears twice");
}

#[test]
fn a_piece_to_char_past_xboards_66_images_is_named_at_the_first_slot_too_many() {
    // 67 slots a colour: the first 66 unused, the 67th White's knight.
    let white = format!("{}N", ".".repeat(66));
    let black = format!("{}n", ".".repeat(66));
    let long = format!("{white}PBRQK{black}pbrqk");
    let text = base_with(r#""PNBRQKpnbrqk""#, &format!("\"{long}\""));
    expect_error(&text, &long, 66, "66 piece images per colour");
    // A `/` goes on at image 46: 46 unused slots and then 21 more pass 66 too.
    let jumped = format!("PNBRQ/{}K", ".".repeat(20));
    let text = base_with(
        r#""PNBRQKpnbrqk""#,
        &format!("\"{jumped}{}\"", jumped.to_lowercase()),
    );
    expect_error(&text, &jumped, 26, "this slot would be image 67");
}
