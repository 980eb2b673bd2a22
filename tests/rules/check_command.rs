//! `alfil check`: each kind of warning on a file written to show it, located at the line and
//! column of the text it concerns (found in the file here, not copied from Alfil's output);
//! errors of the loader; exit status 0 / 1 / 2; JSON output.

use std::path::PathBuf;
use std::process::Command;

const ALFIL: &str = env!("CARGO_BIN_EXE_alfil");

fn alfil(args: &[&str]) -> (String, Option<i32>) {
    let out = Command::new(ALFIL).args(args).output().expect("alfil runs");
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("panicked"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code(),
    )
}

/// Writes `text` as `NAME.ron` in a folder of this test run.
fn variant_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("alfil-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.ron"));
    std::fs::write(&path, text).unwrap();
    path
}

/// `LINE:COL` of the first occurrence of `needle` in `text`, plus `offset` characters.
fn place(text: &str, needle: &str, offset: usize) -> String {
    let at = text.find(needle).expect("needle in the file") + offset;
    let line = text[..at].matches('\n').count() + 1;
    let column = text[..at].rsplit('\n').next().unwrap().chars().count() + 1;
    format!("{line}:{column}")
}

/// The header line of the finding with this code.
fn finding<'a>(out: &'a str, code: &str) -> &'a str {
    out.lines()
        .find(|l| l.contains(&format!("[{code}]")))
        .unwrap_or_else(|| panic!("no [{code}] finding in:\n{out}"))
}

#[test]
fn a_clean_file_exits_with_status_0() {
    let text = "(\n    name: \"tidy\",\n    inherits: \"chess\",\n)\n";
    let path = variant_file("tidy", text);
    let (out, code) = alfil(&["check", path.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(
        out.trim_end(),
        "1 file(s) checked: 0 error(s), 0 warning(s)"
    );
}

#[test]
fn a_piece_that_can_never_appear_is_pointed_at() {
    // The wazir is in no start position, promotion or hand.
    let text = r#"(
    name: "extra",
    inherits: "chess",
    piece_to_char: "PNBRQ.W.........Kpnbrq.w.........k",
    pieces: [
        (letter: 'W', name: "wazir", moves: "W"),
    ],
)
"#;
    let path = variant_file("extra", text);
    let (out, code) = alfil(&["check", path.to_str().unwrap()]);
    assert_eq!(code, Some(1), "warnings only: {out}");
    let line = finding(&out, "unreachable-piece");
    let at = place(text, "(letter: 'W'", 0);
    assert!(
        line.starts_with(&format!("{}:{at}: warning", path.display())),
        "{line}"
    );
    assert!(line.contains("the wazir (W) can never appear"), "{line}");
}

#[test]
fn a_piece_stuck_where_it_can_stand_is_reported_unless_a_rule_deals_with_it() {
    // Pawns that may decline promotion on the last rank, where they have no move.
    let stuck = r#"(
    name: "stuckpawns",
    inherits: "chess",
    pieces: [
        (letter: 'P', name: "pawn", moves: "fmWfceFifmnD", initial_zone: "*2",
         promotion: (zone: "*8", choices: "QRBN", mandatory: false)),
    ],
)
"#;
    let path = variant_file("stuckpawns", stuck);
    let (out, code) = alfil(&["check", path.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{out}");
    let line = finding(&out, "stuck-piece");
    assert!(
        line.contains(&place(stuck, "\"fmWfceFifmnD\"", 0)),
        "{line}"
    );
    assert!(
        line.contains("the pawn (P) has no move from a8 (White's), b8 (White's)"),
        "{line}"
    );
    // Black's pawns are stuck on rank 1: 8 squares of White's, 8 of Black's.
    assert!(line.contains("and 8 more squares"), "{line}");
    // The same with `immobility_illegal`: the rule forbids the moves that would strand them.
    let ruled = stuck.replace(
        "    ],\n)",
        "    ],\n    hand: (immobility_illegal: true),\n)",
    );
    let path = variant_file("ruledpawns", &ruled.replace("stuckpawns", "ruledpawns"));
    let (out, code) = alfil(&["check", path.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{out}");
}

#[test]
fn a_game_without_a_royal_piece_or_another_end_is_reported() {
    let text = r#"(
    name: "kingless",
    inherits: "chess",
    pieces: [
        (letter: 'K', name: "king", moves: "K"),
    ],
    castling: None,
    start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    rules: (checkmate: Loss),
)
"#;
    let path = variant_file("kingless", text);
    let (out, code) = alfil(&["check", path.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{out}");
    let line = finding(&out, "no-royal");
    assert!(line.contains(&place(text, "(checkmate", 0)), "{line}");
    assert!(line.contains("no piece is royal"), "{line}");
}

#[test]
fn xboard_s_pawn_slot_its_names_its_xbetza_and_its_board_width() {
    // A rook-moving piece in the Pawn slot; a name XBoard reads as its `shogi`; a piece whose
    // `fsF` XBoard reads as all four diagonals (spec/xbetza.md 4.2); 14 files with holdings.
    let text = r#"(
    name: "shogi-wide",
    inherits: "chess",
    piece_to_char: "RNBPQ...........Krnbpq...........k",
    pieces: [
        (letter: 'B', name: "bishop", moves: "BfsF"),
    ],
)
"#;
    let path = variant_file("shogi-wide", text);
    let (out, code) = alfil(&["check", path.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{out}");
    let slot = finding(&out, "xboard-pawn-slot");
    assert!(slot.contains(&place(text, "RNBPQ", 0)), "{slot}");
    assert!(
        slot.contains("the rook (R) is in XBoard's Pawn slot"),
        "{slot}"
    );
    let name = finding(&out, "xboard-name");
    assert!(name.contains(&place(text, "shogi-wide", 0)), "{name}");
    assert!(
        name.contains("XBoard reads the name `shogi-wide` as its own variant `shogi`"),
        "{name}"
    );
    let betza = finding(&out, "xboard-betza");
    assert!(
        betza.contains(&place(text, "BfsF", 1)),
        "the caret is on `fsF`: {betza}"
    );
    assert!(betza.contains("the bishop (B)'s `fsF`"), "{betza}");

    let wide = r#"(
    name: "widehouse",
    inherits: "crazyhouse",
    board: (files: 14, ranks: 8),
    start: "rnbqkbnr6/pppppppp6/14/14/14/14/PPPPPPPP6/RNBQKBNR6[] w KQkq - 0 1",
)
"#;
    let path = variant_file("widehouse", wide);
    let (out, code) = alfil(&["check", path.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{out}");
    let board = finding(&out, "xboard-board");
    assert!(board.contains(&place(wide, "(files: 14", 0)), "{board}");
    // 14 files and 2 + 2 holding columns: 18 against XBoard's 16.
    assert!(board.contains("need 18"), "{board}");
}

#[test]
fn loader_errors_are_located_and_give_status_2() {
    let text = r#"(
    name: "badchoice",
    inherits: "chess",
    pieces: [
        (letter: 'P', name: "pawn", moves: "fmWfceFifmnD", initial_zone: "*2",
         promotion: (zone: "*8", choices: "QX")),
    ],
)
"#;
    let path = variant_file("badchoice", text);
    let missing = std::env::temp_dir().join("alfil-check-no-such-file.ron");
    let (out, code) = alfil(&[
        "check",
        path.to_str().unwrap(),
        missing.to_str().unwrap(),
        std::env::temp_dir().to_str().unwrap(),
    ]);
    assert_eq!(code, Some(2), "{out}");
    let line = finding(&out, "load");
    assert!(line.contains(&place(text, "QX", 1)), "{line}");
    assert!(
        line.contains("promotion choice `X` is not a piece"),
        "{line}"
    );
    assert!(out.contains("cannot read the file"), "{out}");
    assert!(
        out.contains("3 file(s) checked: 3 error(s), 0 warning(s)"),
        "{out}"
    );
}

#[test]
fn json_output_lists_the_findings() {
    let text = r#"(
    name: "extra2",
    inherits: "chess",
    piece_to_char: "PNBRQ.W.........Kpnbrq.w.........k",
    pieces: [
        (letter: 'W', name: "wazir", moves: "W"),
    ],
)
"#;
    let path = variant_file("extra2", text);
    let (out, code) = alfil(&["check", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{out}");
    let at = place(text, "(letter: 'W'", 0);
    let (line, column) = at.split_once(':').unwrap();
    let compact: String = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(compact.starts_with("[ {"), "{out}");
    assert!(compact.contains("\"severity\": \"warning\""), "{out}");
    assert!(compact.contains("\"code\": \"unreachable-piece\""), "{out}");
    assert!(compact.contains(&format!("\"line\": {line},")), "{out}");
    assert!(compact.contains(&format!("\"column\": {column},")), "{out}");
}

#[test]
fn every_shipped_variant_loads_without_an_error() {
    let (names, _) = alfil(&["variants"]);
    let names: Vec<&str> = names.lines().collect();
    assert!(names.len() > 150, "{names:?}");
    let mut args = vec!["check"];
    args.extend(&names);
    let (out, code) = alfil(&args);
    assert_ne!(code, Some(2), "{out}");
    assert!(
        out.contains(&format!("{} file(s) checked: 0 error(s)", names.len())),
        "{}",
        out.lines().last().unwrap_or("")
    );
}

#[test]
fn rules_xboard_cannot_referee_are_reported() {
    // A king that is an ordinary piece, in the King slot of XBoard's orthodox rules.
    let text = r#"(
    name: "commonerking",
    inherits: "chess",
    pieces: [(letter: 'K', name: "king", moves: "K")],
    rules: (extinction: (pieces: "K")),
)
"#;
    let path = variant_file("commonerking", text);
    let (out, code) = alfil(&["check", path.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{out}");
    let line = finding(&out, "xboard-rules");
    assert!(line.contains(&place(text, "(extinction", 0)), "{line}");
    assert!(
        line.contains("the king (K) stands in XBoard's King slot but is not royal"),
        "{line}"
    );
    // Walls that appear in play, and pieces that turn back by themselves.
    let text = r#"(
    name: "stonequeens",
    inherits: "chess",
    rules: (petrify_on_capture: "Q"),
)
"#;
    let path = variant_file("stonequeens", text);
    let (out, _) = alfil(&["check", path.to_str().unwrap()]);
    assert!(
        finding(&out, "xboard-rules").contains("XBoard has no walls"),
        "{out}"
    );
    let (out, _) = alfil(&["check", "variants/kyotoshogi.ron"]);
    assert!(
        finding(&out, "xboard-rules").contains("XBoard never turns a piece back by itself"),
        "{out}"
    );
    // Captors that become what they take.
    let (out, _) = alfil(&["check", "variants/werewolf.ron"]);
    assert!(
        finding(&out, "xboard-rules").contains(
            "XBoard has no rule by which a piece that takes the werewolf (W) becomes one"
        ),
        "{out}"
    );
}

/// The header lines of `alfil check FILE`, without the file's name.
fn headers(path: &std::path::Path) -> Vec<String> {
    let shown = path.to_str().unwrap();
    let (out, code) = alfil(&["check", shown]);
    let want = if out.contains("error[") { 2 } else { 1 };
    assert_eq!(code, Some(want), "{out}");
    let dir = path.parent().unwrap().to_str().unwrap();
    out.lines()
        .filter_map(|l| l.strip_prefix(&format!("{shown}:")))
        .map(|l| l.replace(&format!("{dir}/"), "").replace(dir, "DIR"))
        .collect()
}

#[test]
fn broken_designer_files_give_every_error_at_once() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/rules/check_broken");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.push(dir.join("shadow/designer.ron"));
    assert!(files.len() >= 5, "{files:?}");
    for file in files {
        let expected = std::fs::read_to_string(file.with_extension("expected")).unwrap();
        let expected: Vec<&str> = expected.lines().filter(|l| !l.is_empty()).collect();
        let found = headers(&file);
        assert_eq!(
            found.len(),
            expected.len(),
            "{}: found\n{}",
            file.display(),
            found.join("\n")
        );
        for (line, want) in found.iter().zip(&expected) {
            assert!(
                line.starts_with(want),
                "{}: {line}\nexpected {want}",
                file.display()
            );
        }
    }
}

#[test]
fn a_file_that_leaves_out_piece_to_char_gets_one_derived() {
    // The knight-rider-like dragon has no image of its own: the falcon's (slot 17).
    let text = r#"(
    name: "derived",
    board: (files: 8, ranks: 8),
    start: "4k3/8/8/8/8/8/8/3DK3 w - - 0 1",
    pieces: [
        (letter: 'K', name: "king", moves: "K", royal: true),
        (letter: 'D', name: "dragon", moves: "mRcpRnN"),
        (letter: 'N', name: "knight", moves: "N"),
    ],
)
"#;
    let path = variant_file("derived", text);
    let (out, code) = alfil(&["check", path.to_str().unwrap()]);
    assert!(!out.contains("error["), "{out}");
    assert_ne!(code, Some(2), "{out}");
    let explained = Command::new(ALFIL)
        .args(["explain", path.to_str().unwrap()])
        .output()
        .unwrap();
    let explained = String::from_utf8_lossy(&explained.stdout);
    assert!(
        explained.contains("piece_to_char: \".N...............D...K.n...............d...k\""),
        "{explained}"
    );
    // A piece in a slot whose image moves otherwise is named, with the slot to choose (the
    // inherited chancellor keeps a slot, 9: a string without it is refused).
    let text = r#"(
    name: "wrongimage",
    inherits: "capablanca",
    piece_to_char: "PNBRQ..ADCKpnbrq..adck",
    start: "rnabqkbdnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBDNR w KQkq - 0 1",
    pieces: [(letter: 'D', name: "dragon", moves: "mRcpRnN")],
)
"#;
    let path = variant_file("wrongimage", text);
    let (out, _) = alfil(&["check", path.to_str().unwrap()]);
    let line = finding(&out, "xboard-image");
    assert!(line.contains(&place(text, "DCKpnbrq", 0)), "{line}");
    assert!(
        line.contains(
            "XBoard draws the dragon (D) with its chancellor image (slot 8 of `piece_to_char`), \
             though it does not move as one; put it in slot 17 (XBoard's falcon image"
        ),
        "{line}"
    );
}

#[test]
fn an_inherited_piece_to_char_without_the_new_piece_is_completed_with_a_warning() {
    // Issue 73, items 4 and 5: the file leaves `piece_to_char` out, so capablanca's is
    // completed; the designer is told it was inherited and what to write. The dragon's moves
    // are no XBoard image's: it goes to the first image of no common piece, the falcon (slot
    // 17), and the King slot after it.
    let text = r#"(
    name: "completed",
    inherits: "capablanca",
    start: "rnabqkbdnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBDNR w KQkq - 0 1",
    pieces: [(letter: 'D', name: "dragon", moves: "mRcpRnN")],
)
"#;
    let path = variant_file("completed", text);
    let (out, code) = alfil(&["check", path.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{out}");
    let line = finding(&out, "piece-to-char-completed");
    assert!(line.contains(&place(text, "(letter: 'D'", 0)), "{line}");
    assert!(
        line.contains(
            "`piece_to_char` is inherited as `PNBRQ..ACKpnbrq..ack`, without a slot for the \
             dragon (D); Alfil completes it as `PNBRQ..AC........DKpnbrq..ac........dk`"
        ),
        "{line}"
    );
    assert!(
        line.contains("write `piece_to_char: \"PNBRQ..AC........DKpnbrq..ac........dk\"`"),
        "{line}"
    );
}

#[test]
fn range_jumping_and_burning_are_checked() {
    // `range_jump` without a rank is an error at the field; a jumper without a line to jump
    // along is pointed at its moves.
    let text = r#"(
    name: "lowgeneral",
    inherits: "chess",
    pieces: [(letter: 'R', name: "rook general", moves: "R", range_jump: true)],
)
"#;
    let path = variant_file("lowgeneral", text);
    let (out, code) = alfil(&["check", path.to_str().unwrap()]);
    assert_eq!(code, Some(2), "{out}");
    // At the field's value, as every load error points (`Source::error_at`).
    assert!(
        out.contains(&place(text, "range_jump: true", "range_jump: ".len())),
        "{out}"
    );
    assert!(out.contains("`range_jump` needs a `rank` above 0"), "{out}");
    let text = r#"(
    name: "stepgeneral",
    inherits: "chess",
    pieces: [(letter: 'N', name: "knight general", moves: "N", rank: 1, range_jump: true)],
)
"#;
    let path = variant_file("stepgeneral", text);
    let (out, code) = alfil(&["check", path.to_str().unwrap()]);
    assert_eq!(code, Some(1), "{out}");
    let line = finding(&out, "jump-without-line");
    assert!(line.contains(&place(text, "\"N\", rank", 0)), "{line}");
    assert!(
        line.contains("the knight general (N) has `range_jump`"),
        "{line}"
    );
    // XBoard referees neither.
    let (out, _) = alfil(&["check", "variants/tenjiku.ron"]);
    assert!(
        finding(&out, "xboard-rules").contains("XBoard knows no range jumping or burning"),
        "{out}"
    );
    assert!(!out.contains("error["), "{out}");
}
