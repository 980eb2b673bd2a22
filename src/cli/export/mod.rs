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
