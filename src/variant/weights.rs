//! Evaluation weights kept in a file beside a variant (`NAME.weights.ron` next to `NAME.ron`,
//! or built in beside a built-in variant): what a tuning run writes and the evaluation reads
//! in place of its automatic values. This module owns the file's shape, reading and writing
//! it, finding it beside a variant, and checking it against the variant it is for.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::embedded::embedded_weights;
use super::Variant;

/// A middlegame and an endgame value, in centipawns unless a field says otherwise.
pub type Phased = (i32, i32);

/// Everything the evaluation weighs that is not hard-wired.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weights {
    /// The variant the weights are for, by name.
    pub variant: String,
    /// How the weights were found; absent where they were written by hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tuning: Option<Tuning>,
    /// Per piece type, by its letter (upper case).
    pub pieces: BTreeMap<String, PieceWeights>,
    pub pawns: PawnWeights,
    pub royal: RoyalWeights,
    /// Bonus of the side to move.
    pub tempo: i32,
    /// Per capture a piece has of an enemy piece worth more than itself; files written
    /// before the term existed take the automatic value.
    #[serde(default = "automatic_threat")]
    pub threat: Phased,
    /// Per piece that rides along its file (a rook) on a file with no pawn of its own side
    /// but an enemy one; files written before the term existed take the automatic value.
    #[serde(default = "automatic_half_open_file")]
    pub half_open_file: Phased,
    /// The same, on a file with no pawn of either side.
    #[serde(default = "automatic_open_file")]
    pub open_file: Phased,
    /// Endgame bonus of a passed pawn for the enemy royal piece's distance from the square in
    /// front of it and its own royal piece's nearness, in thousandths of a centipawn per unit
    /// of (progress weight × proximity × promotion gain in pawns) (see the evaluation's
    /// escort term); files written before the term existed take the automatic value.
    #[serde(default = "automatic_passed_escort")]
    pub passed_escort: i32,
}

/// The threat bonus of a weights file that does not give one.
fn automatic_threat() -> Phased {
    AUTOMATIC_THREAT
}

/// The automatic threat bonus, middlegame and endgame.
pub const AUTOMATIC_THREAT: Phased = (50, 30);

/// The half-open file bonus of a weights file that does not give one.
fn automatic_half_open_file() -> Phased {
    AUTOMATIC_HALF_OPEN_FILE
}

/// The open file bonus of a weights file that does not give one.
fn automatic_open_file() -> Phased {
    AUTOMATIC_OPEN_FILE
}

/// The passed-pawn escort weight of a weights file that does not give one.
fn automatic_passed_escort() -> i32 {
    AUTOMATIC_PASSED_ESCORT
}

/// The automatic passed-pawn escort weight: in chess, about half of Stockfish 11's king
/// proximity term (whose pawn is worth 213 in the endgame).
pub const AUTOMATIC_PASSED_ESCORT: i32 = 50;

/// The automatic bonus of a file rider on a half-open file, middlegame and endgame.
pub const AUTOMATIC_HALF_OPEN_FILE: Phased = (21, 4);
/// The automatic bonus of a file rider on an open file, middlegame and endgame.
pub const AUTOMATIC_OPEN_FILE: Phased = (47, 25);

/// The record a tuning run leaves in its file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tuning {
    /// The command that made the file.
    pub command: String,
    pub games: u64,
    pub positions: u64,
    /// Mean squared error of the predicted against the game results, with the weights the
    /// run started from and with these (held-out positions).
    pub loss_before: f64,
    pub loss_after: f64,
}

/// The weights of one piece type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceWeights {
    /// Material on the board (royal pieces: 0).
    pub value: Phased,
    /// Material in hand, where pieces are held.
    pub hand: i32,
    /// Per destination above (or below) the type's typical number, in 16ths of a centipawn,
    /// at the typical number: fewer destinations cost more each, more gain less each (a
    /// curve of their square root), except for a piece that hops, whose every destination
    /// counts alike.
    pub mobility: Phased,
    /// Bonus for two of a colour-bound type on both square colours.
    pub pair: i32,
    /// Square bonus from White's view: one row per rank from the top of the board down, one
    /// value per file from the left.
    pub squares: Vec<Vec<Phased>>,
    /// Black's square bonus where it is not White's mirrored (rows from the bottom rank up,
    /// so that Black's home rank comes last as White's does).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_squares: Option<Vec<Vec<Phased>>>,
}

/// Pawn structure (pieces that promote and never move backwards).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PawnWeights {
    /// Per pawn beyond the first on a file.
    pub doubled: Phased,
    /// Per pawn with no own pawn on a neighbouring file.
    pub isolated: Phased,
    /// Per passed pawn.
    pub passed: Phased,
    /// Per passed pawn, times its progress squared and what promoting gains, in hundredths.
    pub passed_progress: Phased,
}

/// Royal safety (middlegame only).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoyalWeights {
    /// Scale of the penalty by the number of attacking pieces (0, 1, … 7 or more), in 1024ths
    /// of the attack's weight squared.
    pub attack: [i32; 8],
    /// The penalty's ceiling.
    pub most_penalty: i32,
    /// Bonus for an own pawn one and two ranks in front of the royal piece.
    pub shelter: (i32, i32),
}

/// Where a variant's weights were looked for and what was found.
#[derive(Debug)]
pub enum Found {
    /// No weights file beside the variant.
    None,
    /// A file that reads and fits the variant.
    Weights(Box<Weights>, String),
    /// A file that does not read or does not fit: the reason, naming the file.
    Unusable(String),
}

impl Weights {
    /// Read weights from RON text; `label` names the file in the error (with line and column).
    pub fn parse(text: &str, label: &str) -> Result<Weights, String> {
        ron::from_str(text)
            .map_err(|e| format!("{label}:{}:{}: {}", e.position.line, e.position.col, e.code))
    }

    /// The RON text of the weights, with a header comment.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new()
            .depth_limit(4)
            .indentor("  ".to_string());
        let body = ron::ser::to_string_pretty(self, config)
            .expect("weights are plain numbers, strings and maps");
        format!(
            "// Evaluation weights for {}, read in place of the automatic values.\n{body}\n",
            self.variant
        )
    }

    /// Whether the weights fit `variant`: its name, every piece type by letter and no other,
    /// square tables of its board's size.
    pub fn check(&self, variant: &Variant) -> Result<(), String> {
        self.check_for(variant, &variant.name)
    }

    /// [`Weights::check`], the weights being those of `name` (the variant's own name, or one
    /// of its kin's).
    fn check_for(&self, variant: &Variant, name: &str) -> Result<(), String> {
        let named = self.variant.eq_ignore_ascii_case(name)
            || (name == variant.name
                && variant
                    .aliases
                    .iter()
                    .any(|a| a.eq_ignore_ascii_case(&self.variant)));
        if !named {
            return Err(format!(
                "the weights are for `{}`, not `{name}`",
                self.variant
            ));
        }
        let letters: Vec<String> = variant.pieces.iter().map(|p| p.id.to_string()).collect();
        if let Some(other) = self.pieces.keys().find(|k| !letters.contains(k)) {
            return Err(format!(
                "piece `{other}` is not a piece of {} (its pieces: {})",
                variant.name,
                letters.join(" ")
            ));
        }
        if let Some(missing) = letters.iter().find(|l| !self.pieces.contains_key(*l)) {
            return Err(format!(
                "piece `{missing}` of {} has no weights",
                variant.name
            ));
        }
        for (letter, piece) in &self.pieces {
            let tables = std::iter::once(&piece.squares).chain(&piece.black_squares);
            for table in tables {
                let fits = table.len() == usize::from(variant.ranks)
                    && table
                        .iter()
                        .all(|row| row.len() == usize::from(variant.files));
                if !fits {
                    return Err(format!(
                        "piece `{letter}`: the square table must have {} rows of {} values",
                        variant.ranks, variant.files
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Whether `path` names a weights file (`*.weights.ron`) rather than a variant file.
pub fn is_weights_file(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|n| n.to_string_lossy().ends_with(".weights.ron"))
}

/// The weights file beside a variant file at `path` (`NAME.ron` → `NAME.weights.ron`).
pub fn path_beside(path: &Path) -> PathBuf {
    path.with_extension("weights.ron")
}

/// The file stem of a built-in variant (none for a variant read from a file).
pub fn embedded_stem(variant: &Variant) -> Option<&str> {
    embedded_stem_of(&variant.source)
}

/// The file stem named by a variant's source when it is built in (`<embedded>/NAME.ron`).
fn embedded_stem_of(source: &str) -> Option<&str> {
    source
        .strip_prefix("<embedded>/")
        .map(|file| file.trim_end_matches(".ron"))
}

/// The weights for `variant`, checked against it: its own (a built-in variant's built-in
/// file, or the file next to the variant's own file), else those of the nearest variant it
/// inherits with the same board and pieces ([`Variant::kin`]).
pub fn weights_for(variant: &Variant) -> Found {
    for (name, source) in variant.self_and_kin() {
        let (text, label) = match read_beside(source) {
            Ok(Some(found)) => found,
            Ok(None) => continue,
            Err(reason) => return Found::Unusable(reason),
        };
        let checked = Weights::parse(&text, &label).and_then(|w| {
            w.check_for(variant, name)
                .map_err(|e| format!("{label}: {e}"))
                .map(|()| w)
        });
        return match checked {
            Ok(w) => Found::Weights(Box::new(w), label),
            Err(e) => Found::Unusable(e),
        };
    }
    Found::None
}

/// The text and label of the weights file beside the variant from `source` (a file path, or
/// `<embedded>/NAME.ron`), if there is one.
fn read_beside(source: &str) -> Result<Option<(String, String)>, String> {
    if let Some(stem) = embedded_stem_of(source) {
        return Ok(embedded_weights(stem)
            .map(|text| (text.to_string(), format!("<embedded>/{stem}.weights.ron"))));
    }
    let path = path_beside(Path::new(source));
    match std::fs::read_to_string(&path) {
        Ok(text) => Ok(Some((text, path.display().to_string()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}
