//! Helpers behind the command line: finding a variant by name or path, setting up a position,
//! the perft benchmark, the match runner, the perft comparison with another engine and the
//! commented file `alfil new` starts a variant from.

pub mod bench;
pub mod benchstats;
pub mod check;
pub mod explain;
pub mod export;
pub mod learn;
pub mod matchrun;
pub mod perftdiff;
pub mod pgn_movetext;
pub(crate) mod random;
pub mod scaffold;
pub mod selftest;
pub mod serve;
pub mod stdout;
pub mod tune;

use std::path::Path;
use std::sync::Arc;

use crate::position::ruleset::Ruleset;
use crate::position::Position;
use crate::variant::{load_by_name, load_file};

/// Load a built-in variant by name, or a variant file by path, and build its tables.
pub fn load_variant(name_or_path: &str) -> Result<Arc<Ruleset>, String> {
    let path = Path::new(name_or_path);
    if let Ok(text) = std::fs::read_to_string(path) {
        if let Some((name, file)) = crate::variant::load::shadowed_parent(&text, path) {
            eprintln!(
                "warning: {name_or_path}: `inherits: \"{name}\"` takes {}, not the built-in \
                 variant `{name}`, which that file shadows",
                file.display()
            );
        }
    }
    let variant = if name_or_path.ends_with(".ron") || path.is_file() {
        load_file(path)
    } else {
        load_by_name(name_or_path)
    }
    .map_err(|e| {
        if path.is_dir() {
            format!("{name_or_path} is a folder, not a variant file or a built-in variant")
        } else {
            e.to_string()
        }
    })?;
    let name = variant.name.clone();
    crate::movegen::build_ruleset(Arc::new(variant)).map_err(|e| e.message_for(&name))
}

/// The variant's start position, or the given FEN.
pub fn setup_position(tables: Arc<Ruleset>, fen: Option<&str>) -> Result<Position, String> {
    match fen {
        Some(fen) => {
            crate::movegen::position_from_fen(tables, fen).map_err(|e| format!("FEN '{fen}': {e}"))
        }
        None => Ok(Position::start(tables)),
    }
}
