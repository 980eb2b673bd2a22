//! Games for tests: a built-in variant from a FEN, moves played from their text, and the board
//! field of the FEN they lead to.

use std::sync::Arc;

use alfil::game::Game;
use alfil::position::RankStyle;
use alfil::variant::load_by_name;

/// The built-in `variant` from `fen`; panics with the reason if either is bad.
pub fn game(variant: &str, fen: &str) -> Game {
    let v = load_by_name(variant).unwrap_or_else(|e| panic!("{variant}: {e}"));
    let tables = alfil::movegen::build_ruleset(Arc::new(v)).expect("tables");
    Game::from_fen(tables, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The board and holdings field of the game's FEN.
pub fn board(g: &Game) -> String {
    let fen = g.pos.to_fen();
    fen.split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Play the space-separated moves (UCI-style ranks); panics at the first illegal one.
pub fn play(g: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = g
            .parse_move(text, RankStyle::FromOne)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", g.pos.to_fen()));
        g.play(mv);
    }
}
