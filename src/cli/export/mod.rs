//! `alfil export VARIANT --to fairy-stockfish|sjaak|diagram`: the variant in the formats other
//! tools read — a Fairy-Stockfish `variants.ini` section, a Sjaak II variant definition, an
//! Interactive Diagram page — for what each format can express; what it cannot is listed (in
//! the output's comments and on standard error), never silently dropped.

mod diagram;
mod fairy;
mod pieces;
mod sjaak;

use crate::variant::region::SquareSet;
use crate::variant::{PieceType, Promotion, Variant};

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

/// A feature a format may or may not express, so each export names what it leaves out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Feature {
    Drops,
    FlyingGeneral,
    MustCapture,
    Other,
}

/// The rules beyond checkmate, stalemate and the move counts, each with the feature it needs;
/// an export keeps those it does not express as its `missing` list.
fn rules_used(v: &Variant) -> Vec<(Feature, String)> {
    let r = &v.rules;
    let h = &v.hand;
    let mut out = Vec::new();
    let mut add = |on: bool, feature: Feature, what: &str| {
        if on {
            out.push((feature, what.to_string()));
        }
    };
    add(
        v.holdings > 0 || h.captures_to_hand,
        Feature::Drops,
        "holdings and drops",
    );
    add(h.gating, Feature::Other, "gating");
    add(h.must_drop, Feature::Other, "compulsory drops");
    add(h.drop_promoted, Feature::Other, "drops of promoted pieces");
    add(
        h.captures_to_hand && !h.demote_on_capture,
        Feature::Other,
        "captured promoted pieces kept promoted in hand",
    );
    add(r.flying_general, Feature::FlyingGeneral, "facing generals");
    add(r.must_capture, Feature::MustCapture, "compulsory captures");
    add(
        r.extinction.is_some(),
        Feature::Other,
        "the extinction rule",
    );
    add(r.flag.is_some(), Feature::Other, "the flag rule");
    add(r.check_count > 0, Feature::Other, "the check count");
    add(r.blast.is_some(), Feature::Other, "explosions");
    add(r.connect > 0, Feature::Other, "n in a row");
    add(r.wins_by_castling(), Feature::Other, "castling that wins");
    add(
        !r.petrify_on_capture.is_empty(),
        Feature::Other,
        "petrification",
    );
    add(r.wall_instead_of_move.is_some(), Feature::Other, "walls");
    add(r.duple_check, Feature::Other, "duple check");
    add(!r.checking, Feature::Other, "the ban on checks");
    add(
        r.pass || r.pass_on_stalemate,
        Feature::Other,
        "passing moves",
    );
    add(
        r.royal_frozen_in_check,
        Feature::Other,
        "the royal piece frozen in check",
    );
    add(
        !r.initial_lost_when_aimed_by.is_empty(),
        Feature::Other,
        "castling rights lost to an aiming piece",
    );
    add(
        !r.contagious.is_empty(),
        Feature::Other,
        "contagious pieces",
    );
    add(r.lion_trading.is_some(), Feature::Other, "Lion trading");
    out
}

/// The rules of `v` an export expressing `handled` leaves out.
fn rules_missing(v: &Variant, handled: &[Feature]) -> Vec<String> {
    rules_used(v)
        .into_iter()
        .filter(|(f, _)| !handled.contains(f))
        .map(|(_, what)| what)
        .collect()
}

/// The properties of piece `p` beyond its moves, promotion and royalty that no export
/// expresses in general (an export that handles one of them says so itself).
fn piece_properties(p: &PieceType) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut add = |on: bool, what: &'static str| {
        if on {
            out.push(what);
        }
    };
    add(p.royal_when_last, "royal only when last");
    add(p.initial_zone_ii.is_some(), "its `ii` zone");
    add(p.drop_zone.is_some(), "its drop zone");
    add(p.drop_file_limit > 0, "its drop file limit");
    add(p.confine.is_some(), "its confinement");
    add(p.zone_moves.is_some(), "its moves in a zone");
    add(!p.no_screen.is_empty(), "the pieces it may not hop over");
    add(!p.no_capture.is_empty(), "the pieces it may not capture");
    add(p.demotes.is_some(), "its demotion");
    add(p.drop_opposite_colours, "drops on both square colours");
    add(p.initial_not_in_check, "no initial move in check");
    add(p.range_jump, "range jumping");
    add(p.burns || p.burns_passively, "burning");
    out
}

/// The parts of a promotion that no export expresses in general.
fn promotion_properties(promotion: &Promotion) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut add = |on: bool, what: &'static str| {
        if on {
            out.push(what);
        }
    };
    add(promotion.choices_black.is_some(), "Black's own choices");
    add(
        promotion.within_zone_by_capture,
        "promotion within the zone by capture",
    );
    add(promotion.only_captured, "promotion to captured pieces only");
    add(!promotion.limits.is_empty(), "promotion limits");
    add(promotion.on_capture, "promotion on captures only");
    add(promotion.in_place.is_some(), "promotion in place");
    out
}

/// The squares of `set` as square names, White's view, rank by rank.
fn squares_of(v: &Variant, set: &SquareSet) -> Vec<String> {
    (0..v.ranks)
        .flat_map(|r| (0..v.files).map(move |f| (f, r)))
        .filter(|&(f, r)| set.contains(f, r))
        .map(|(f, r)| square(f, r))
        .collect()
}

/// The lowest rank (0-based) of `set` for White when `set` is every square of that rank and
/// all ranks above it, else `None`.
fn ranks_from(v: &Variant, set: &SquareSet) -> Option<u8> {
    let full = |r: u8| (0..v.files).all(|f| set.contains(f, r));
    let empty = |r: u8| (0..v.files).all(|f| !set.contains(f, r));
    let lowest = (0..v.ranks).find(|&r| !empty(r))?;
    ((lowest..v.ranks).all(full) && (0..lowest).all(empty)).then_some(lowest)
}

/// The pieces of a FEN's board, rows from the top, each as written (Black's in lower case,
/// with any `'` or `!` suffix).
pub(super) fn fen_cells(fen: &str) -> Vec<Vec<Option<String>>> {
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
                    cells.extend(std::iter::repeat_n(None, digits.parse().unwrap_or(0)));
                    digits.clear();
                }
                match c {
                    '\'' | '!' => {
                        if let Some(Some(last)) = cells.last_mut() {
                            last.push(c);
                        }
                    }
                    '+' | '~' => {}
                    c if c.is_ascii_alphabetic() => cells.push(Some(c.to_string())),
                    _ => cells.push(None),
                }
            }
            if !digits.is_empty() {
                cells.extend(std::iter::repeat_n(None, digits.parse().unwrap_or(0)));
            }
            cells
        })
        .collect()
}
