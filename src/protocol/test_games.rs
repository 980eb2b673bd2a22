//! Games of shipped variants for the protocol's unit tests.

use std::sync::Arc;

use crate::game::Game;
use crate::movegen::build_ruleset;
use crate::variant::load_by_name;

/// A game of the shipped `variant`, from its start or from `fen`.
pub fn game(variant: &str, fen: Option<&str>) -> Game {
    let variant = load_by_name(variant).expect("shipped variant");
    let tables = build_ruleset(Arc::new(variant)).expect("rules");
    match fen {
        Some(fen) => Game::from_fen(tables, fen).expect("fen"),
        None => Game::new(tables),
    }
}
