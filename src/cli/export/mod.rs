//! `alfil export VARIANT --to fairy-stockfish|sjaak|diagram`: the variant in the formats other
//! tools read — a Fairy-Stockfish `variants.ini` section, a Sjaak II variant definition, an
//! Interactive Diagram page — for what each format can express; what it cannot is listed (in
//! the output's comments and on standard error), never silently dropped.

mod diagram;
mod fairy;
mod pieces;
mod sjaak;

use crate::variant::Variant;

/// The formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// A section of Fairy-Stockfish's variants.ini (its built-in piece types only: version
    /// 11.1 has no `customPiece`).
    FairyStockfish,
    /// A variant definition for Sjaak II's variant file.
    Sjaak,
    /// An HTML page with H. G. Muller's Interactive Diagram.
    Diagram,
}

/// The command line of `alfil export`.
#[derive(clap::Args)]
pub struct ExportArgs {
    /// A built-in variant's name, or the path of a RON variant file.
    pub variant: String,
    /// The format to write.
    #[arg(long = "to", value_enum)]
    pub target: Target,
    /// The variant's name in the output (default: its own; a name the other engine has built
    /// in may be taken for its own variant).
    #[arg(long)]
    pub name: Option<String>,
}

/// What an export wrote and what it could not express.
pub struct Exported {
    pub text: String,
    pub missing: Vec<String>,
}

impl Exported {
    /// A text of `lines` headed by a `# not expressed:` comment line for each of `missing`.
    fn commented(lines: &[String], missing: Vec<String>) -> Exported {
        let mut text = String::new();
        for m in &missing {
            text.push_str(&format!("# not expressed: {m}\n"));
        }
        text.push_str(&lines.join("\n"));
        text.push('\n');
        Exported { text, missing }
    }
}

/// The variant in the chosen format.
pub fn export(v: &Variant, target: Target, name: &str) -> Exported {
    match target {
        Target::FairyStockfish => fairy::export(v, name),
        Target::Sjaak => sjaak::export(v, name),
        Target::Diagram => diagram::export(v, name),
    }
}

/// `FILE` square name of a 0-based coordinate.
fn square(file: u8, rank: u8) -> String {
    format!("{}{}", char::from(b'a' + file), u32::from(rank) + 1)
}

/// The rules beyond checkmate, stalemate and the move counts, which the exports do not carry.
fn rules_missing(v: &Variant) -> Vec<String> {
    let r = &v.rules;
    let mut out = Vec::new();
    let mut add = |on: bool, what: &str| {
        if on {
            out.push(what.to_string());
        }
    };
    add(
        v.holdings > 0 || v.hand.captures_to_hand,
        "holdings and drops",
    );
    add(r.extinction.is_some(), "the extinction rule");
    add(r.flag.is_some(), "the flag rule");
    add(r.check_count > 0, "the check count");
    add(r.blast.is_some(), "explosions");
    add(r.connect > 0, "n in a row");
    add(r.wins_by_castling(), "castling that wins");
    add(!r.petrify_on_capture.is_empty(), "petrification");
    add(r.wall_instead_of_move.is_some(), "walls");
    out
}

/// The pieces of a FEN's board, rows from the top (upper-case IDs are White's).
pub(super) fn board_rows(fen: &str, files: u8) -> Vec<Vec<Option<String>>> {
    let board = fen.split([' ', '[']).next().unwrap_or_default();
    board
        .split('/')
        .map(|row| {
            let mut cells: Vec<Option<String>> = Vec::new();
            let mut digits = String::new();
            for c in row.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    let n: usize = digits.parse().unwrap_or(0);
                    cells.extend(std::iter::repeat_n(None, n));
                    digits.clear();
                }
                match c {
                    '\'' | '!' => {
                        if let Some(Some(last)) = cells.last_mut() {
                            last.push(c);
                        }
                    }
                    c if c.is_ascii_uppercase() => cells.push(Some(c.to_string())),
                    '+' | '~' => {}
                    _ => cells.push(None),
                }
            }
            if !digits.is_empty() {
                let n: usize = digits.parse().unwrap_or(0);
                cells.extend(std::iter::repeat_n(None, n));
            }
            cells.truncate(usize::from(files));
            cells
        })
        .collect()
}
