//! Which handler answers a request: the page's files, and the JSON API under `/api/`.
//!
//! | request | answer |
//! | --- | --- |
//! | `GET /api/variants` | the variants (built-in and the folder's) and the folder's files |
//! | `POST /api/games` `{variant}` or `{text, file}`, optional `fen` | a new game |
//! | `GET /api/games/ID` | its variant and state |
//! | `POST /api/games/ID/move` `{move}` | the state after the move, or why it is illegal |
//! | `POST /api/games/ID/undo`, `…/fen` `{fen}`, `…/stop` | the state |
//! | `GET /api/games/ID/diagram?piece=L&square=S` | the piece's move diagram |
//! | `GET /api/games/ID/think?ms=N&play=0/1` | Server-Sent Events: `info`…, `done` |
//! | `GET /api/games/ID/perft?depth=N` | Server-Sent Events: `progress`…, `done` or `stopped` |
//!
//! A stream that cannot start (a bad depth, a game that is over) sends one `failure` event.
//! | `GET /api/files/NAME` | a file's text |
//! | `PUT /api/files/NAME` `{text}` | saves it; its findings |
//! | `POST /api/check` `{file, text}` | `alfil check`'s findings on the text |

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::json;
use tiny_http::{Method, Request};

use super::http::{self, body, split_url, ApiError, EventStream, Reply};
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
struct CheckRequest {
    file: String,
    text: String,
}

/// Answers one request.
pub fn handle(server: &Server, mut request: Request) {
    let (path, params) = split_url(request.url());
    let method = request.method().clone();
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    let streaming = matches!(
        (&method, segments.as_slice()),
        (Method::Get, ["api", "games", _, "think" | "perft"])
    );
    if streaming {
        let Ok(mut stream) = EventStream::open(request) else {
            return;
        };
        let streamed = server.game(segments[2]).and_then(|slot| {
            if segments[3] == "think" {
                jobs::think(&slot, &params, &mut stream)
            } else {
                jobs::perft(&slot, &params, &mut stream)
            }
        });
        // EventSource reads no body of a refused stream: the reason comes as an event.
        if let Err(e) = streamed {
            let _ = stream.send("failure", &json!({ "error": e.message }));
        }
        return;
    }
    let reply =
        answer(server, &method, &segments, &params, &mut request).unwrap_or_else(|e| e.reply());
    let _ = request.respond(reply);
}

fn answer(
    server: &Server,
    method: &Method,
    segments: &[&str],
    params: &HashMap<String, String>,
    request: &mut Request,
) -> Result<Reply, ApiError> {
    let ok = |value: serde_json::Value| Ok(http::json(200, &value));
    match (method, segments) {
        (Method::Get, [""] | ["index.html"]) => Ok(assets::page("index.html")),
        (Method::Get, [file]) if assets::has(file) => Ok(assets::page(file)),
        (Method::Get, ["pieces", file]) => assets::piece(file),
        (Method::Get, ["api", "variants"]) => {
            let names = server.catalogue().names.clone();
            ok(json!({
                "variants": names,
                "folder": server.folder.display().to_string(),
                "files": files::list(&server.folder),
            }))
        }
        (Method::Post, ["api", "games"]) => {
            let id = games::start(server, body(request)?)?;
            ok(games::reply(id, &*server.game(&id.to_string())?))
        }
        (Method::Get, ["api", "games", id]) => ok(games::reply(parse_id(id)?, &*server.game(id)?)),
        (Method::Post, ["api", "games", id, action]) => {
            let slot = server.game(id)?;
            match *action {
                "move" => games::play(&slot, &body::<MoveRequest>(request)?.text)?,
                "undo" => games::undo(&slot)?,
                "fen" => games::set_fen(&slot, &body::<FenRequest>(request)?.fen)?,
                "stop" => jobs::stop(&slot),
                _ => return Err(unknown(method, segments)),
            }
            ok(games::reply(parse_id(id)?, &slot))
        }
        (Method::Get, ["api", "games", id, "diagram"]) => {
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
        (Method::Get, ["api", "files", name @ ..]) => {
            let name = name.join("/");
            ok(json!({"file": name, "text": files::read(&server.folder, &name)?}))
        }
        (Method::Put, ["api", "files", name @ ..]) => {
            let name = name.join("/");
            let text = body::<TextRequest>(request)?.text;
            let findings = files::save(&server.folder, &name, &text)?;
            ok(json!({"file": name, "saved": true, "findings": findings}))
        }
        (Method::Post, ["api", "check"]) => {
            let r = body::<CheckRequest>(request)?;
            ok(json!({"file": r.file, "findings": files::check(&server.folder, &r.file, &r.text)?}))
        }
        _ => Err(unknown(method, segments)),
    }
}

fn parse_id(id: &str) -> Result<u64, ApiError> {
    id.parse()
        .map_err(|_| ApiError::not_found(format!("'{id}' is not a game id")))
}

fn unknown(method: &Method, segments: &[&str]) -> ApiError {
    ApiError::not_found(format!("no such request: {method} /{}", segments.join("/")))
}
