//! Games on the page: starting one (a variant by name, or a variant file's text not yet
//! saved), and the requests that change it — a move, an undo, a new position from a FEN —
//! each answered with the game's view, or refused with the reason.

use std::sync::Arc;

use serde::Deserialize;
use serde_json::{json, Value};

use crate::game::Game;
use crate::movegen::build_ruleset;
use crate::protocol::uci::moves as uci;
use crate::variant::load_text_kept;

use super::files::file_path;
use super::http::ApiError;
use super::state::{Server, Slot};
use super::view;

/// `POST /api/games`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// A variant by name (built-in or the folder's).
    pub variant: Option<String>,
    /// Or a variant file's text, read as the folder's file `file` (default `edited.ron`).
    pub text: Option<String>,
    pub file: Option<String>,
    /// A start position other than the variant's.
    pub fen: Option<String>,
}

/// The game's variant and state, as one reply.
pub fn reply(id: u64, slot: &Slot) -> Value {
    let mut state = slot.state();
    let state = &mut *state;
    json!({
        "id": id,
        "variant": view::variant(state.game.tables()),
        "state": view::game(&mut state.game, &state.history),
    })
}

/// Starts a game; gives its id.
pub fn start(server: &Server, request: NewGame) -> Result<u64, ApiError> {
    let tables = match (&request.variant, &request.text) {
        (Some(name), None) => server.tables(name)?,
        (None, Some(text)) => {
            let file = request.file.as_deref().unwrap_or("edited.ron");
            let path = file_path(&server.folder, file)?;
            let loaded =
                load_text_kept(text, &path).map_err(|e| ApiError::bad_request(e.to_string()))?;
            let name = loaded.variant.name.clone();
            build_ruleset(Arc::new(loaded.variant))
                .map_err(|e| ApiError::bad_request(e.message_for(&name)))?
        }
        _ => {
            return Err(ApiError::bad_request(
                "give either 'variant' (a name) or 'text' (a variant file)",
            ))
        }
    };
    let game = match &request.fen {
        None => Game::new(tables),
        Some(fen) => Game::from_fen(tables, fen)
            .map_err(|e| ApiError::bad_request(format!("FEN '{fen}': {e}")))?,
    };
    Ok(server.add_game(game))
}

/// Plays the move `text` (UCI notation, or any form the engine reads).
pub fn play(slot: &Slot, text: &str) -> Result<(), ApiError> {
    let mut state = slot.state();
    if let Some(end) = state.game.result() {
        return Err(ApiError::bad_request(format!(
            "Illegal move (the game is over: {}): {text}",
            end.cecp()
        )));
    }
    let Some(mv) = uci::parse(&mut state.game, text, false) else {
        let reason = state
            .game
            .parse_move_explained(text, view::STYLE)
            .err()
            .unwrap_or_else(|| "not a legal move".to_string());
        return Err(ApiError::bad_request(format!(
            "Illegal move ({reason}): {text}"
        )));
    };
    let legal = state.game.legal_moves();
    let written = uci::text(&state.game.pos, &legal, mv, false);
    state.game.play(mv);
    state.history.push(written);
    state.restart_jobs();
    Ok(())
}

/// Takes back the last move.
pub fn undo(slot: &Slot) -> Result<(), ApiError> {
    let mut state = slot.state();
    if !state.game.undo() {
        return Err(ApiError::bad_request("no move to take back"));
    }
    state.history.pop();
    state.restart_jobs();
    Ok(())
}

/// Sets up the position of `fen` (the moves played are forgotten).
pub fn set_fen(slot: &Slot, fen: &str) -> Result<(), ApiError> {
    let mut state = slot.state();
    let tables = state.game.tables().clone();
    let game = Game::from_fen(tables, fen)
        .map_err(|e| ApiError::bad_request(format!("FEN '{fen}': {e}")))?;
    state.game = game;
    state.history.clear();
    state.restart_jobs();
    Ok(())
}
