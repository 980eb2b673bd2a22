//! Games on the page: starting one (a variant by name, or a variant file's text not yet
//! saved, or a PGN's moves replayed), and the requests that change it — a move, an undo, a new
//! position from a FEN — each answered with the game's view, or refused with the reason; and
//! the game written as PGN.

use std::collections::HashMap;
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
use super::{pgn, view};

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

/// The game's variant, the position it started from and its state, as one reply.
pub fn reply(id: u64, slot: &Slot) -> Value {
    let mut state = slot.state();
    let state = &mut *state;
    json!({
        "id": id,
        "variant": view::variant(state.game.tables()),
        "start_fen": start_fen(&state.game),
        "state": view::game(&mut state.game, &state.history),
    })
}

/// The FEN of the position the game started from, before its moves.
fn start_fen(game: &Game) -> String {
    let mut start = game.clone();
    while start.undo() {}
    start.pos.to_fen()
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

/// Starts a game from a PGN's `Variant` (default chess) and `FEN` tags and plays its moves;
/// gives its id. Nothing is started when the text does not parse or a move is illegal.
pub fn from_pgn(server: &Server, text: &str) -> Result<u64, ApiError> {
    let read = pgn::parse(text).map_err(|e| ApiError::bad_request(format!("PGN: {e}")))?;
    let variant = read.tag("Variant").unwrap_or("chess");
    let tables = server
        .tables(variant)
        .map_err(|e| ApiError::bad_request(format!("PGN: Variant \"{variant}\": {}", e.message)))?;
    let mut game = match read.tag("FEN") {
        Some(fen) => Game::from_fen(tables, fen)
            .map_err(|e| ApiError::bad_request(format!("PGN: FEN \"{fen}\": {e}")))?,
        None => Game::new(tables),
    };
    let mut history = Vec::with_capacity(read.moves.len());
    for (i, text) in read.moves.iter().enumerate() {
        let ply = i + 1;
        if let Some(end) = game.result() {
            return Err(ApiError::bad_request(format!(
                "PGN: move {ply} ({text}): the game is already over ({})",
                end.cecp()
            )));
        }
        let Some(mv) = uci::parse(&mut game, text, false) else {
            let reason = game
                .parse_move_explained(text, view::STYLE)
                .err()
                .unwrap_or_else(|| "not a legal move".to_string());
            return Err(ApiError::bad_request(format!(
                "PGN: move {ply}: Illegal move ({reason}): {text}"
            )));
        };
        let legal = game.legal_moves();
        history.push(uci::text(&game.pos, &legal, mv, false));
        game.play(mv);
    }
    let id = server.add_game(game);
    server.game(&id.to_string())?.state().history = history;
    Ok(id)
}

/// `GET /api/games/ID/pgn`: the game as PGN. `flag=white|black` says whose clock ran out
/// (the game then ends there, lost on time), `tc` the time control to record.
pub fn pgn(slot: &Slot, params: &HashMap<String, String>) -> Result<String, ApiError> {
    let tc = params.get("tc").map(String::as_str);
    if let Some(tc) = tc {
        let well_formed = !tc.is_empty()
            && tc.len() <= 40
            && tc
                .chars()
                .all(|c| c.is_ascii_digit() || "+/:.-".contains(c));
        if !well_formed {
            return Err(ApiError::bad_request(format!(
                "'tc' is not a PGN time control (like 300+2): {tc}"
            )));
        }
    }
    let flag = match params.get("flag").map(String::as_str) {
        None => None,
        Some("white") => Some(("0-1", "White loses on time")),
        Some("black") => Some(("1-0", "Black loses on time")),
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "'flag' is white or black, not '{other}'"
            )))
        }
    };
    let mut state = slot.state();
    let state = &mut *state;
    let end = state.game.result();
    let (result, termination) = match (&end, flag) {
        (Some(end), _) => (end.score(), Some(end.reason.clone())),
        (None, Some((result, reason))) => (result, Some(reason.to_string())),
        (None, None) => ("*", None),
    };
    let start_fen = start_fen(&state.game);
    let variant_start = Game::new(state.game.tables().clone()).pos.to_fen();
    let variant = &state.game.tables().variant;
    let fen = (start_fen != variant_start).then_some(start_fen.as_str());
    Ok(pgn::write(&pgn::Written {
        variant: &variant.name,
        fen,
        moves: &state.history,
        result,
        termination: termination.as_deref(),
        time_control: tc,
    }))
}
