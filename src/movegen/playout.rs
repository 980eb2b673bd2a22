//! For the tests that walk playouts of every shipped variant: the variants' rulesets, numbered,
//! and the move a playout plays at each ply (spread by the ply and the variant's number, so
//! that the walks differ between variants and pass through varied positions).

use std::sync::Arc;

use super::{build_ruleset, Move};
use crate::position::ruleset::Ruleset;
use crate::variant::{embedded_names, load_by_name};

/// Every shipped variant's ruleset with its number and name.
pub fn shipped() -> impl Iterator<Item = (usize, String, Arc<Ruleset>)> {
    embedded_names().into_iter().enumerate().map(|(n, name)| {
        let variant = load_by_name(&name).expect("a shipped variant loads");
        let ruleset = build_ruleset(Arc::new(variant)).expect("its ruleset builds");
        (n, name, ruleset)
    })
}

/// The move of `moves` (not empty) the playout of variant number `n` plays at `ply`.
pub fn playout_move(moves: &[Move], ply: usize, n: usize) -> Move {
    moves[(ply * 7919 + n * 104_729) % moves.len()]
}
