//! `alfil perft-diff` against real reference engines: Fairy-Stockfish over UCI and Sjaak II over
//! CECP (Debian `fairy-stockfish`, `sjaakii`; CI installs both), and Alfil itself over UCI. A
//! variant file whose knight lacks its backward leaps must be walked down to a position where
//! the reference has a backward knight leap Alfil has not; sound variants must agree. Bad
//! references (missing, hanging, answering garbage, not knowing the variant, refusing an
//! option, dying, a start position other than Alfil's, a `customPiece` Fairy-Stockfish 11.1
//! cannot read) are errors with exit status 2, said with the reference's own words.

mod install_support;

use std::path::PathBuf;
use std::process::Command;

const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";
const SJAAK_II: &str = "/usr/games/sjaakii";
const ALFIL: &str = env!("CARGO_BIN_EXE_alfil");

/// Chess whose knight lost its two narrow backward leaps: `ffN` keeps the two narrow forward
/// ones, `sN` the four wide ones.
const LAME_KNIGHT: &str = r#"// Chess with a knight that lost its backward leaps.
(
    name: "lameknight",
    inherits: "chess",
    pieces: [
        (letter: 'N', name: "knight", moves: "ffNsN"),
    ],
)
"#;

/// `alfil ARGS`: standard output, standard error, exit code.
fn alfil(args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(ALFIL).args(args).output().expect("alfil runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

fn lame_knight_file() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("alfil-perft-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("lameknight.ron");
    std::fs::write(&path, LAME_KNIGHT).unwrap();
    path
}

/// The value after `label` on the line that starts with it.
fn field<'a>(out: &'a str, label: &str) -> &'a str {
    out.lines()
        .find_map(|l| l.strip_prefix(label))
        .unwrap_or_else(|| panic!("no '{label}' line in:\n{out}"))
        .trim()
}

/// (file, rank) of a square like `b8`, ranks from 0.
fn square(text: &str) -> (i32, i32) {
    let file = i32::from(text.as_bytes()[0] - b'a');
    let rank: i32 = text[1..].parse().unwrap();
    (file, rank - 1)
}

/// The piece letter on a square of a chess FEN's board.
fn piece_at(fen: &str, (file, rank): (i32, i32)) -> Option<char> {
    let row = fen.split(['/', ' ']).nth((7 - rank) as usize)?;
    let mut f = 0;
    for c in row.chars() {
        if let Some(d) = c.to_digit(10) {
            f += d as i32;
        } else {
            if f == file {
                return Some(c);
            }
            f += 1;
        }
    }
    None
}

/// The walk ends where the reference has moves Alfil lacks, and each of them is a narrow
/// backward knight leap of the side to move (the leaps the file took away); Alfil has nothing
/// extra.
fn assert_finds_the_lost_leaps(out: &str, code: Option<i32>) {
    assert_eq!(code, Some(1), "differences give exit status 1:\n{out}");
    assert_eq!(field(out, "only Alfil has:"), "(none)", "{out}");
    let fen = field(out, "FEN:");
    let white = fen.split(' ').nth(1) == Some("w");
    let lost: Vec<&str> = field(out, "only the reference has:").split(' ').collect();
    for mv in &lost {
        // Coordinates (`a6b8`) or Sjaak II's long algebraic (`Na6-b8`).
        let squares: String = mv
            .chars()
            .filter(|c| !c.is_ascii_uppercase() && *c != '-')
            .collect();
        let (from, to) = (square(&squares[..2]), square(&squares[2..4]));
        let (df, dr) = (to.0 - from.0, to.1 - from.1);
        assert_eq!(df.abs(), 1, "{mv} is a narrow leap");
        assert_eq!(
            dr,
            if white { -2 } else { 2 },
            "{mv} goes two ranks backwards"
        );
        let knight = if white { 'N' } else { 'n' };
        assert_eq!(piece_at(fen, from), Some(knight), "{mv} is a knight's move");
    }
    // The counts at the last node differ by exactly the lost moves.
    let counts = field(out, "perft 1 here:");
    let numbers: Vec<usize> = counts
        .split([' ', ','])
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(numbers.len(), 2, "{counts}");
    assert_eq!(numbers[1] - numbers[0], lost.len(), "{counts}");
}

#[test]
fn a_knight_without_its_backward_leaps_is_found_against_alfil_itself() {
    let file = lame_knight_file();
    let (out, err, code) = alfil(&[
        "perft-diff",
        file.to_str().unwrap(),
        "3",
        "--ref",
        ALFIL,
        "--ref-variant",
        "chess",
    ]);
    assert_finds_the_lost_leaps(&out, code);
    assert!(
        err.contains("perft-diff: depth 3 after the start: counting"),
        "{err}"
    );
    assert!(
        err.contains("perft-diff: depth 1 after "),
        "the walk reaches depth 1: {err}"
    );
}

#[test]
fn a_knight_without_its_backward_leaps_is_found_against_fairy_stockfish() {
    if !install_support::program_or_skip(FAIRY_STOCKFISH, "fairy-stockfish") {
        return;
    }
    let file = lame_knight_file();
    let (out, _, code) = alfil(&[
        "perft-diff",
        file.to_str().unwrap(),
        "4",
        "--ref",
        FAIRY_STOCKFISH,
        "--ref-variant",
        "chess",
    ]);
    assert_finds_the_lost_leaps(&out, code);
}

#[test]
fn sound_variants_agree_with_fairy_stockfish() {
    if !install_support::program_or_skip(FAIRY_STOCKFISH, "fairy-stockfish") {
        return;
    }
    // Counts from tests/data/perft (Fairy-Stockfish's): xiangqi's 10 ranks, crazyhouse's
    // drops after a capture, shogi's promotions, janggi's passes, Seirawan's gating, and
    // chess from a FEN with castling and en passant.
    for (variant, fen, depth, nodes) in [
        ("xiangqi", None, "3", "79666"),
        (
            "crazyhouse",
            Some("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 2 3"),
            "3",
            "",
        ),
        ("shogi", None, "3", "25470"),
        // Passes: Fairy-Stockfish writes them as the general's move to its own square.
        ("janggi", None, "3", "33000"),
        // Gating, with castling.
        (
            "seirawan",
            Some("reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqc - 3 7"),
            "3",
            "30174",
        ),
        (
            "chess",
            Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
            "2",
            "2039",
        ),
    ] {
        let mut args = vec!["perft-diff", variant, depth, "--ref", FAIRY_STOCKFISH];
        if let Some(fen) = fen {
            args.extend(["--fen", fen]);
        }
        let (out, err, code) = alfil(&args);
        assert_eq!(code, Some(0), "{variant}: {out}{err}");
        assert!(out.contains("Alfil and the reference agree"), "{out}");
        if !nodes.is_empty() {
            assert!(out.contains(&format!(", {nodes} nodes over ")), "{out}");
        }
    }
}

#[test]
fn sjaak_ii_is_a_reference_over_cecp() {
    if !install_support::program_or_skip(SJAAK_II, "sjaakii") {
        return;
    }
    // 10 ranks written from 0 (XBoard's way) and drops: both must be matched to Alfil's moves.
    // Xiangqi's count is tests/data/perft's; crazyhouse's is chess's perft 3, as the first
    // drop can come only at ply 4.
    for (variant, depth, nodes) in [("xiangqi", "3", "79666"), ("crazyhouse", "3", "8902")] {
        let (out, err, code) = alfil(&[
            "perft-diff",
            variant,
            depth,
            "--ref",
            SJAAK_II,
            "--ref-protocol",
            "cecp",
        ]);
        assert_eq!(code, Some(0), "{variant}: {out}{err}");
        assert!(
            out.contains(&format!("agree, {nodes} nodes over")),
            "{variant}: {out}"
        );
    }
    let file = lame_knight_file();
    let (out, _, code) = alfil(&[
        "perft-diff",
        file.to_str().unwrap(),
        "3",
        "--ref",
        SJAAK_II,
        "--ref-protocol",
        "cecp",
        "--ref-variant",
        "normal",
    ]);
    assert_finds_the_lost_leaps(&out, code);
}

#[test]
fn bad_references_and_files_are_errors() {
    let script = |body: &str| format!("sh -c '{body}'");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "chess".into(),
                "2".into(),
                "--ref".into(),
                "/nonexistent/engine".into(),
            ],
            "cannot start engine '/nonexistent/engine'",
        ),
        (
            vec![
                "/nonexistent/file.ron".into(),
                "2".into(),
                "--ref".into(),
                ALFIL.into(),
            ],
            "/nonexistent/file.ron",
        ),
        (
            vec![
                "chess".into(),
                "2".into(),
                "--ref".into(),
                ALFIL.into(),
                "--ref-variant".into(),
                "nosuchvariant".into(),
            ],
            "does not know the variant `nosuchvariant`",
        ),
        (
            vec![
                "chess".into(),
                "2".into(),
                "--ref".into(),
                script("sleep 30"),
                "--timeout".into(),
                "1".into(),
            ],
            "did not give the answer to `uci` within 1 s",
        ),
        (
            vec![
                "chess".into(),
                "2".into(),
                "--ref".into(),
                script(
                    "while read l; do case $l in uci) echo uciok;; isready) echo readyok;; \
                     go*) echo e2e4: 5; echo Nodes searched: 7;; esac; done",
                ),
            ],
            "does not add up: 1 moves counting 5, total 7",
        ),
        (
            vec!["chess".into(), "2".into(), "--ref".into(), script("exit 0")],
            "exited with status 0 while Alfil waited for the answer to `uci`; it wrote nothing",
        ),
        (
            vec![
                "chess".into(),
                "2".into(),
                "--ref".into(),
                script(
                    "while read l; do case $l in uci) echo uciok;; isready) echo readyok;; \
                     go*) echo out of memory >&2; exit 3;; esac; done",
                ),
            ],
            "exited with status 3 while Alfil waited for the end of `go perft` (`Nodes \
             searched: N`); its last lines:\n  | uciok\n  | readyok\n  | readyok\n  | \
             stderr: out of memory",
        ),
        (
            vec![
                "chess".into(),
                "2".into(),
                "--ref".into(),
                script("kill -SEGV $$"),
            ],
            "was killed by signal 11 (SIGSEGV, a crash) while Alfil waited for the answer to `uci`",
        ),
        (
            // Alfil's own UCI engine as the reference of chess, named capablanca.
            vec![
                "chess".into(),
                "2".into(),
                "--ref".into(),
                ALFIL.into(),
                "--ref-variant".into(),
                "capablanca".into(),
            ],
            "the start positions differ, so the counts would not compare: the boards differ \
             in size: Alfil's is 8x8, the reference's 10x8",
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["perft-diff"];
        all.extend(args.iter().map(String::as_str));
        let (out, err, code) = alfil(&all);
        assert_eq!(code, Some(2), "{args:?}: {out}{err}");
        assert!(
            err.contains(expected),
            "{args:?}: expected '{expected}' in: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_variant_fairy_stockfish_reads_from_its_own_file_is_a_reference() {
    if !install_support::program_or_skip(FAIRY_STOCKFISH, "fairy-stockfish") {
        return;
    }
    // Fairy-Stockfish learns `nocastle-test` only from the variants.ini given by
    // `--ref-option VariantPath=…`; without it the variant is unknown.
    let dir = lame_knight_file().parent().unwrap().to_path_buf();
    let ini = dir.join("variants.ini");
    std::fs::write(&ini, "[nocastle-test:chess]\ncastling = false\n").unwrap();
    let file = dir.join("nocastle-test.ron");
    std::fs::write(
        &file,
        "(\n    name: \"nocastle-test\",\n    inherits: \"chess\",\n    castling: None,\n    \
         start: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\",\n)\n",
    )
    .unwrap();
    let option = format!("VariantPath={}", ini.display());
    let args = [
        "perft-diff",
        file.to_str().unwrap(),
        "3",
        "--ref",
        FAIRY_STOCKFISH,
        "--fen",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
    ];
    let (out, err, code) = alfil(&args);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains("does not know the variant `nocastle-test`"),
        "{err}"
    );
    let mut with_option = args.to_vec();
    with_option.extend(["--ref-option", &option]);
    let (out, err, code) = alfil(&with_option);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("Alfil and the reference agree"), "{out}");
    let (_, err, code) = alfil(&[
        "perft-diff",
        "chess",
        "1",
        "--ref",
        FAIRY_STOCKFISH,
        "--ref-option",
        "x",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--ref-option `x` is not NAME=VALUE"), "{err}");
}

/// A position of xiangqi where Red is in check and has two moves (the king to f0; the chariot
/// to e1, between): Sjaak II also lists its king's move into the flying general's line, d0,
/// with a count of 0, which is not a move.
const XIANGQI_CHECK: &str = "3k5/9/9/9/4r4/9/9/9/R8/4K4 w - - 0 1";

#[test]
fn moves_sjaak_ii_counts_zero_are_not_moves() {
    if !install_support::program_or_skip(SJAAK_II, "sjaakii") {
        return;
    }
    for depth in ["1", "2"] {
        let (out, err, code) = alfil(&[
            "perft-diff",
            "xiangqi",
            depth,
            "--fen",
            XIANGQI_CHECK,
            "--ref",
            SJAAK_II,
            "--ref-protocol",
            "cecp",
        ]);
        assert_eq!(code, Some(0), "depth {depth}: {out}{err}");
        assert!(out.contains("over 2 moves"), "{out}");
        assert!(
            err.contains("perft-diff: the start positions agree"),
            "{err}"
        );
    }
}

#[test]
fn a_reference_with_another_start_is_an_error() {
    if !install_support::program_or_skip(FAIRY_STOCKFISH, "fairy-stockfish") {
        return;
    }
    // Gothic chess has capablanca's pieces in another order.
    let (out, err, code) = alfil(&[
        "perft-diff",
        "capablanca",
        "2",
        "--ref",
        FAIRY_STOCKFISH,
        "--ref-variant",
        "gothic",
    ]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains(
            "the start positions differ, so the counts would not compare: on g8 Alfil has \
             `b` and the reference `a`, which elsewhere is Alfil's `b` against the \
             reference's `q`\nAlfil (capablanca):     rnabqkbcnr/"
        ),
        "{err}"
    );
    assert!(err.contains("the reference (gothic): rnbqckabnr/"), "{err}");
}

#[test]
fn fairy_stockfish_11_without_custom_pieces_is_told_before_it_crashes() {
    let dir = lame_knight_file().parent().unwrap().to_path_buf();
    let ini = dir.join("custom.ini");
    std::fs::write(
        &ini,
        "# a designer's piece\n[mycapa:capablanca]\ncustomPiece1 = d:mRcpRnN\n",
    )
    .unwrap();
    let option = format!("VariantPath={}", ini.display());
    let expected = format!(
        "{}:3: `customPiece1 = d:mRcpRnN` defines a piece",
        ini.display()
    );
    // Any reference that dies with such a file is told about it too.
    let dying = "sh -c 'while read l; do case $l in uci) echo uciok;; isready) echo readyok;; \
                 go*) kill -SEGV $$;; esac; done'";
    let (out, err, code) = alfil(&[
        "perft-diff",
        "chess",
        "2",
        "--ref",
        dying,
        "--ref-option",
        &option,
    ]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(err.contains("killed by signal 11"), "{err}");
    assert!(err.contains(&expected), "{err}");
    assert!(err.contains("--to sjaak"), "{err}");
    if !install_support::program_or_skip(FAIRY_STOCKFISH, "fairy-stockfish") {
        return;
    }
    let (out, err, code) = alfil(&[
        "perft-diff",
        "capablanca",
        "2",
        "--ref",
        FAIRY_STOCKFISH,
        "--ref-option",
        &option,
        "--ref-variant",
        "mycapa",
    ]);
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.contains(&format!(
            "{expected} with `customPiece`, which Fairy-Stockfish 11.1 does not read"
        )),
        "{err}"
    );
    assert!(err.contains("--ref-protocol cecp"), "{err}");
    // An option Fairy-Stockfish does not have is refused in its words.
    let (_, err, code) = alfil(&[
        "perft-diff",
        "chess",
        "1",
        "--ref",
        FAIRY_STOCKFISH,
        "--ref-option",
        "NoSuchThing=1",
    ]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("refused an option (`NoSuchThing=1`): No such option: NoSuchThing"),
        "{err}"
    );
}
