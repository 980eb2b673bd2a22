//! Which handler answers a request: the page's files, and the JSON API under `/api/`.
//!
//! | request | answer |
//! | --- | --- |
//! | `GET /api/variants` | the variants (built-in and the folder's) and the folder's files |
//! | `POST /api/games` `{variant}` or `{text, file}`, optional `fen` | a new game |
//! | `GET /api/games/ID` | its variant, start position and state |
//! | `POST /api/games/ID/move` `{move}` | the state after the move, or why it is illegal |
//! | `POST /api/games/ID/undo`, `…/fen` `{fen}`, `…/stop` | the state |
//! | `GET /api/games/ID/diagram?piece=L&square=S` | the piece's move diagram |
//! | `GET /api/games/ID/pgn?tc=300+2&flag=white` | `{pgn}`: the game as PGN (`flag`: whose time ran out) |
//! | `POST /api/pgn` `{pgn}` | a new game: the PGN's variant and position, its moves replayed |
//! | `GET /api/games/ID/think?ms=N&play=0/1` | Server-Sent Events: `info`…, `done` |
//! | `GET /api/games/ID/perft?depth=N` | Server-Sent Events: `progress`…, `done` or `stopped` |
//! | `GET /api/files/NAME` | a file's text |
//! | `PUT /api/files/NAME` `{text}` | saves it; its findings |
//! | `POST /api/check` `{file, text}` | `alfil check`'s findings on the text |
//!
//! A stream that cannot start (a bad depth, a game that is over) sends one `failure` event.
//! Every `/api/` request carries the server's token; one that changes anything (not `GET`)
//! also its `Origin` and `Content-Type: application/json` (`guard.rs`). A stream past the
//! cap of jobs at once is refused with 503.

use std::collections::HashMap;
use std::net::TcpStream;

use serde::Deserialize;
use serde_json::json;

use super::http::{self, body, ApiError, EventStream, Reply};
use super::request::Request;
use super::state::Server;
use super::{assets, diagram, files, games, jobs};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FenRequest {
    fen: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TextRequest {
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PgnRequest {
    pgn: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckRequest {
    file: String,
    text: String,
}

/// Answers one admitted request; gives back the connection when the reply has been sent
/// whole (a stream closes its own).
pub fn handle(server: &Server, mut request: Request, mut stream: TcpStream) -> Option<TcpStream> {
    let segments: Vec<String> = request
        .path
        .trim_matches('/')
        .split('/')
        .map(str::to_string)
        .collect();
    let segments: Vec<&str> = segments.iter().map(String::as_str).collect();
    let method = request.method.clone();
    let params = std::mem::take(&mut request.params);
    if let ("GET", ["api", "games", id, job @ ("think" | "perft")]) =
        (method.as_str(), segments.as_slice())
    {
        let ticket = match server.job_ticket() {
            Ok(ticket) => ticket,
            Err(e) => {
                e.reply().send(&mut stream);
                return Some(stream);
            }
        };
        let mut events = EventStream::open(stream).ok()?;
        let streamed = server.game(id).and_then(|slot| {
            if *job == "think" {
                jobs::think(&slot, &params, &mut events)
            } else {
                jobs::perft(&slot, &params, &mut events)
            }
        });
        drop(ticket);
        // EventSource reads no body of a refused stream: the reason comes as an event.
        if let Err(e) = streamed {
            let error = server.redact(&e.message);
            let _ = events.send("failure", &json!({ "error": error }));
        }
        return None;
    }
    let mut reply = answer(
        server,
        &method,
        &segments,
        &params,
        &mut request,
        &mut stream,
    )
    .unwrap_or_else(|e| e.reply());
    reply.body = server
        .redact(&String::from_utf8_lossy(&reply.body))
        .into_bytes();
    reply.send(&mut stream);
    Some(stream)
}

fn answer(
    server: &Server,
    method: &str,
    segments: &[&str],
    params: &HashMap<String, String>,
    request: &mut Request,
    stream: &mut TcpStream,
) -> Result<Reply, ApiError> {
    let ok = |value: serde_json::Value| Ok(http::json(200, &value));
    match (method, segments) {
        ("GET", [""] | ["index.html"]) => Ok(assets::page("index.html")),
        ("GET", [file]) if assets::has(file) => Ok(assets::page(file)),
        ("GET", ["pieces", file]) => assets::piece(file),
        ("GET", ["api", "variants"]) => {
            let names = server.catalogue().names.clone();
            ok(json!({
                "variants": names,
                "folder": server.folder_name(),
                "files": files::list(&server.folder),
            }))
        }
        ("POST", ["api", "games"]) => {
            let id = games::start(server, body(request, stream)?)?;
            ok(games::reply(id, &*server.game(&id.to_string())?))
        }
        ("POST", ["api", "pgn"]) => {
            let id = games::from_pgn(server, &body::<PgnRequest>(request, stream)?.pgn)?;
            ok(games::reply(id, &*server.game(&id.to_string())?))
        }
        ("GET", ["api", "games", id, "pgn"]) => {
            ok(json!({"pgn": games::pgn(&*server.game(id)?, params)?}))
        }
        ("GET", ["api", "games", id]) => ok(games::reply(parse_id(id)?, &*server.game(id)?)),
        ("POST", ["api", "games", id, action]) => {
            let slot = server.game(id)?;
            match *action {
                "move" => games::play(&slot, &body::<MoveRequest>(request, stream)?.text)?,
                "undo" => games::undo(&slot)?,
                "fen" => games::set_fen(&slot, &body::<FenRequest>(request, stream)?.fen)?,
                "stop" => jobs::stop(&slot),
                _ => return Err(unknown(method, segments)),
            }
            ok(games::reply(parse_id(id)?, &slot))
        }
        ("GET", ["api", "games", id, "diagram"]) => {
            let slot = server.game(id)?;
            let get = |key: &str| {
                params
                    .get(key)
                    .map(String::as_str)
                    .ok_or_else(|| ApiError::bad_request(format!("'{key}' is missing")))
            };
            let d = diagram::diagram(&slot.tables(), get("piece")?, get("square")?)?;
            Ok(http::json(200, &d))
        }
        ("GET", ["api", "files", name @ ..]) => {
            let name = name.join("/");
            ok(json!({"file": name, "text": files::read(&server.folder, &name)?}))
        }
        ("PUT", ["api", "files", name @ ..]) => {
            let name = name.join("/");
            let text = body::<TextRequest>(request, stream)?.text;
            let findings = files::save(&server.folder, &name, &text)?;
            ok(json!({"file": name, "saved": true, "findings": findings}))
        }
        ("POST", ["api", "check"]) => {
            let r = body::<CheckRequest>(request, stream)?;
            ok(json!({"file": r.file, "findings": files::check(&server.folder, &r.file, &r.text)?}))
        }
        _ => Err(unknown(method, segments)),
    }
}

fn parse_id(id: &str) -> Result<u64, ApiError> {
    id.parse()
        .map_err(|_| ApiError::not_found(format!("'{id}' is not a game id")))
}

fn unknown(method: &str, segments: &[&str]) -> ApiError {
    ApiError::not_found(format!("no such request: {method} /{}", segments.join("/")))
}
