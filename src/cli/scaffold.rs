//! `alfil new NAME [--from VARIANT]`: writes a commented variant file to start a new variant
//! from. Without `--from`, a complete file (orthodox chess written out, every commonly used
//! field with a one-line comment); with it, a file inheriting VARIANT whose fields a designer
//! usually changes are shown as comments holding the parent's values. The text is checked
//! before it is written, and an existing file is never replaced.

use std::io::Write;
use std::path::{Path, PathBuf};

use ron::extensions::Extensions;
use ron::ser::PrettyConfig;
use serde::Serialize;

use crate::variant::load::Library;
use crate::variant::load_text_kept;
use crate::variant::schema::VariantFile;

/// The command line of `alfil new`.
#[derive(clap::Args)]
pub struct NewArgs {
    /// The new variant's name (written to NAME.ron unless `--out` says otherwise).
    pub name: String,
    /// Start from this variant (built-in, or a file of the folder the new file goes to): the
    /// file inherits it and shows the fields usually changed, commented out.
    #[arg(long, value_name = "VARIANT")]
    pub from: Option<String>,
    /// Where to write the file (default: NAME.ron in the current folder).
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
}

/// Writes the file; gives the path written.
pub fn run(args: &NewArgs) -> Result<PathBuf, String> {
    let name = args.name.trim();
    if name.is_empty() || name.contains(['"', '\\', '\n', '/']) {
        return Err(format!(
            "'{}' is not a variant name: give a name without quotes, slashes or line breaks",
            args.name
        ));
    }
    let path = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("{name}.ron")));
    let text = match &args.from {
        None => complete(name),
        Some(parent) => inheriting(name, parent, &path)?,
    };
    let errors: Vec<String> = crate::cli::check::check_text(&text, &path)
        .into_iter()
        .filter(|d| d.severity == crate::cli::check::Severity::Error)
        .map(|d| d.message)
        .collect();
    if !errors.is_empty() {
        return Err(format!(
            "the file for '{name}' would not load: {}",
            errors.join("; ")
        ));
    }
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => format!(
                "{} exists already: it is left as it is (remove it, or give another name or \
                 --out PATH)",
                path.display()
            ),
            _ => format!("cannot write {}: {e}", path.display()),
        })?;
    file.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// The folder the file at `path` is in (its `inherits` is looked up there).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A complete variant: orthodox chess with every commonly used field, each explained.
fn complete(name: &str) -> String {
    COMPLETE.replace("{NAME}", name)
}

const COMPLETE: &str = r#"// {NAME}: a new variant, written out whole by `alfil new` (orthodox chess to start from).
// Every field is described in docs/variant-format.md. Change what should differ, then:
//   alfil check {NAME}.ron      errors and warnings, with line and column
//   alfil explain {NAME}.ron    each piece's moves drawn on the board
//   alfil perft {NAME}.ron 3    the number of move sequences of 3 plies (chess: 8902)
(
    // The name a GUI selects (CECP `variant NAME`, UCI `UCI_Variant`).
    name: "{NAME}",
    // Files (a, b, …) and ranks (1, 2, …), at most 16x16.
    board: (files: 8, ranks: 8),
    // The start position as a FEN: White's pieces upper-case, Black's lower-case, digits count
    // empty squares; then the side to move, castling rights, en passant, move counters.
    start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    // XBoard's parent variant for its `setup` command ("fairy" for a board of its own).
    parent: "fairy",
    // `piece_to_char` (XBoard's image of each piece) is left out: Alfil derives it.
    // The pieces: an ID letter, a name and the moves in XBetza (tests/data/xbetza.md).
    pieces: [
        // Moves one step forward (`fmW`), captures one step diagonally forward (`fceF`), may
        // step two from its initial zone (`ifmnD`), and promotes on the last rank.
        (letter: 'P', name: "pawn", moves: "fmWfceFifmnD", initial_zone: "*2",
         promotion: (zone: "*8", choices: "QRBN", mandatory: true)),
        // N: the knight's leap.
        (letter: 'N', name: "knight", moves: "N"),
        // B: slides diagonally.
        (letter: 'B', name: "bishop", moves: "B"),
        // R: slides along ranks and files.
        (letter: 'R', name: "rook", moves: "R"),
        // Q: bishop and rook together.
        (letter: 'Q', name: "queen", moves: "Q"),
        // K: one step in every direction; `royal`: it must not be left attacked.
        (letter: 'K', name: "king", moves: "K", royal: true),
    ],
    // Castling: the king moves to the given file, the partner lands beside it (`castling: None`
    // for none).
    castling: (king: 'K', partners: "R", kingside_file: 'g', queenside_file: 'c', rank: 1),
    // How a game ends: the value for the side to move when it is mated or stalemated, the
    // plies without capture or pawn move that draw (0: no such rule), and repetitions.
    rules: (checkmate: Loss, stalemate: Draw, move_rule: 100, repetition_count: 3, repetition: Draw),
    // Holdings: captured pieces go to the capturer's hand and may be dropped (crazyhouse: both
    // true, and `holdings: 1` for XBoard to show the hands).
    hand: (captures_to_hand: false, drops: false),
    // Perft cases `alfil selftest` runs: from `fen` (default: the start), `depth` plies have
    // `nodes` leaves, counted by another engine. Change them when you change the rules.
    tests: [(depth: 3, nodes: 8902, source: "Fairy-Stockfish, orthodox chess start position")],
)
"#;

/// One value as a single line of RON.
fn one_line<T: Serialize>(value: &T) -> Result<String, String> {
    let config = PrettyConfig::new()
        .extensions(Extensions::IMPLICIT_SOME)
        .depth_limit(0)
        .struct_names(false);
    let text = ron::ser::to_string_pretty(value, config).map_err(|e| e.to_string())?;
    // Variant files read `Some` as implied without the extension's header.
    Ok(text
        .strip_prefix("#![enable(implicit_some)]")
        .unwrap_or(&text)
        .trim()
        .to_string())
}

/// A file inheriting `parent`, with the parent's board, start, pieces, castling, rules and
/// hand as comments to uncomment and change.
fn inheriting(name: &str, parent: &str, path: &Path) -> Result<String, String> {
    let folder = folder_of(path);
    let library = Library::with_folder(&folder);
    if !library.knows(parent) {
        return Err(library
            .load(parent)
            .err()
            .map_or_else(|| format!("no variant `{parent}`"), |e| e.to_string()));
    }
    let head = format!("(\n    name: \"{name}\",\n    inherits: \"{parent}\",\n)\n");
    let loaded = load_text_kept(&head, path).map_err(|e| e.to_string())?;
    let flat: &VariantFile = loaded.flattened();
    let mut out = format!(
        "// {name}: a variant of {parent}, written by `alfil new`. Everything this file leaves out\n\
         // is {parent}'s (`alfil explain {parent}` shows it all); uncomment a field and change it\n\
         // to differ. Every field is described in docs/variant-format.md. Then:\n\
         //   alfil check {file}      errors and warnings, with line and column\n\
         //   alfil perft {file} 3    move sequences of 3 plies (unchanged: {parent}'s)\n\
         (\n    // The name a GUI selects.\n    name: \"{name}\",\n\
         \x20   // The variant this one starts from (a file of this folder first, then the built-in ones).\n\
         \x20   inherits: \"{parent}\",\n",
        file = path.display()
    );
    if let Some(board) = &flat.board {
        field(
            &mut out,
            "Files and ranks (at most 16x16); a new size needs a new `start` too.",
            format!("board: {}", one_line(board)?),
        );
    }
    if let Some(start) = &flat.start {
        field(
            &mut out,
            "The start position as a FEN (upper case White, lower case Black, digits empty squares).",
            format!("start: {}", one_line(start)?),
        );
    }
    if let Some(pieces) = &flat.pieces {
        out.push_str(
            "    // Pieces: an entry whose letter the parent has replaces that piece whole, a new\n\
             \x20   // letter adds a piece (put it in `start`, or in a promotion's `choices`). A\n\
             \x20   // piece's `promotion` says where it promotes (`zone`) and to what (`choices`).\n\
             \x20   // The parent's pieces:\n    // pieces: [\n",
        );
        for piece in pieces {
            out.push_str(&format!("    //     {},\n", one_line(piece)?));
        }
        let used: Vec<String> = pieces.iter().map(|p| p.letter.to_string()).collect();
        let free = ('A'..='Z')
            .find(|c| !used.contains(&c.to_string()))
            .unwrap_or('A');
        out.push_str(&format!(
            "    //     (letter: '{free}', name: \"princess\", moves: \"BN\"),  // a new piece: bishop and knight\n    // ],\n"
        ));
        field(
            &mut out,
            "Letters of the parent's pieces to leave out.",
            "remove_pieces: \"\"".to_string(),
        );
    }
    match &flat.castling {
        Some(Some(castling)) => field(
            &mut out,
            "Castling (`castling: None` for none).",
            format!("castling: {}", one_line(castling)?),
        ),
        _ => field(
            &mut out,
            "Castling: the king moves to the file given, the partner lands beside it.",
            "castling: (king: 'K', partners: \"R\", kingside_file: 'g', queenside_file: 'c', rank: 1)"
                .to_string(),
        ),
    }
    if let Some(rules) = &flat.rules {
        field(
            &mut out,
            "How games end (each field apart from the others; the parent's values).",
            format!("rules: {}", one_line(rules)?),
        );
    }
    let hand = match &flat.hand {
        Some(hand) => one_line(hand)?,
        None => String::new(),
    };
    let (comment, hand) = if hand.is_empty() || hand == "()" {
        (
            "Holdings and drops, which the parent has not: captured pieces to the hand, dropped.",
            "(captures_to_hand: true, drops: true)".to_string(),
        )
    } else {
        (
            "Holdings and drops (each field apart from the others; the parent's values).",
            hand,
        )
    };
    field(&mut out, comment, format!("hand: {hand}"));
    out.push_str(")\n");
    Ok(out)
}

/// A commented-out field with its comment above it.
fn field(out: &mut String, comment: &str, line: String) {
    out.push_str(&format!("    // {comment}\n    // {line},\n"));
}
