//! `alfil serve` over real HTTP: the JSON API (games, moves, the engine's reply, perft, piece
//! diagrams, files, and bad input — malformed JSON, unknown variants, illegal moves, perft
//! depths past the limit, paths outside the variants folder, many requests at once — each
//! answered with its reason while the server runs on), and the page in a real browser:
//! `tests/web/browser_check.py` drives Debian's headless Chromium through Selenium (both
//! installed by `.ci/run`) — picking xiangqi, a cannon's highlighted targets against `alfil
//! betza`, a move and the engine's reply, an illegal move refused, perft 3 against the shared
//! perft data, a variant file's located error, a drop from the holdings, every piece of chess,
//! xiangqi, shogi, chu, capablanca and a file's fairy piece drawn from Alfil's set or as a
//! symbol of its moves (none as a bare letter), the variant and FEN in the address (and bad
//! ones), a PGN round trip and bad PGNs, clocks with a flag falling, the analysis lines. Its
//! screenshots go to `$ALFIL_SCREENSHOTS` when that is set, else to `screenshots` in the
//! test's output folder.

mod install_support;
mod serve_support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use serve_support::{json, serve};

/// Starts a game of `variant`; gives its id.
fn start(s: &serve_support::Served, variant: &str) -> u64 {
    let reply = s.post("/api/games", &format!(r#"{{"variant":"{variant}"}}"#));
    assert_eq!(reply.status, 200, "{}", reply.body);
    json(&reply)["id"].as_u64().expect("an id")
}

#[test]
fn a_game_is_played_and_bad_moves_are_refused() {
    let s = serve("game");
    let id = start(&s, "chess");
    let game = json(&s.get(&format!("/api/games/{id}")));
    // The 20 moves of chess's start position (the first row of every perft table).
    assert_eq!(game["state"]["moves"].as_array().map(Vec::len), Some(20));
    assert_eq!(game["variant"]["files"], 8);

    let refused = s.post(&format!("/api/games/{id}/move"), r#"{"move":"e2e5"}"#);
    assert_eq!(refused.status, 400);
    let message = json(&refused)["error"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        message.starts_with("Illegal move (") && message.ends_with("): e2e5"),
        "{message}"
    );

    let played = json(&s.post(&format!("/api/games/{id}/move"), r#"{"move":"e2e4"}"#));
    assert_eq!(played["state"]["history"], serde_json::json!(["e2e4"]));
    assert_eq!(played["state"]["white_to_move"], false);

    // The engine's reply, played on the game.
    let stream = s.get(&format!("/api/games/{id}/think?ms=200&play=1"));
    assert!(stream.body.contains("event: info"), "{}", stream.body);
    assert!(stream.body.contains("event: done"), "{}", stream.body);
    let after = json(&s.get(&format!("/api/games/{id}")));
    assert_eq!(after["state"]["history"].as_array().map(Vec::len), Some(2));

    let undone = json(&s.post(&format!("/api/games/{id}/undo"), ""));
    assert_eq!(undone["state"]["history"], serde_json::json!(["e2e4"]));

    let bad_fen = s.post(&format!("/api/games/{id}/fen"), r#"{"fen":"8/8/8 w"}"#);
    assert_eq!(bad_fen.status, 400);
    assert!(
        json(&bad_fen)["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("FEN '8/8/8 w'")),
        "{}",
        bad_fen.body
    );
}

#[test]
fn perft_streams_its_count_and_keeps_to_its_limit() {
    let s = serve("perft");
    let id = start(&s, "chess");
    // Chess's start position: 400 positions after two plies (20 moves each side).
    let stream = s.get(&format!("/api/games/{id}/perft?depth=2"));
    assert_eq!(stream.status, 200);
    assert_eq!(stream.body.matches("event: progress").count(), 20);
    assert!(stream.body.contains(r#""total":400"#), "{}", stream.body);

    let refused = s.get(&format!("/api/games/{id}/perft?depth=30"));
    assert!(refused.body.contains("event: failure"), "{}", refused.body);
    assert!(
        refused
            .body
            .contains("the perft depth must be between 1 and 8"),
        "{}",
        refused.body
    );
    let not_a_number = s.get(&format!("/api/games/{id}/perft?depth=deep"));
    assert!(
        not_a_number
            .body
            .contains("'depth' must be a whole number, not 'deep'"),
        "{}",
        not_a_number.body
    );
}

#[test]
fn a_search_without_end_stops_when_asked() {
    let s = serve("stop");
    let id = start(&s, "xiangqi");
    let stream = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(std::time::Duration::from_millis(500));
            assert_eq!(s.post(&format!("/api/games/{id}/stop"), "").status, 200);
        });
        s.get(&format!("/api/games/{id}/think?ms=0&play=0"))
    });
    assert!(stream.body.contains("event: done"), "{}", stream.body);
    assert!(stream.body.contains(r#""played":false"#), "{}", stream.body);
}

#[test]
fn piece_diagrams_come_from_the_variant() {
    let s = serve("diagram");
    let id = start(&s, "chess");
    // A knight on a1 reaches b3 and c2, moving or capturing.
    let d = json(&s.get(&format!("/api/games/{id}/diagram?piece=N&square=a1")));
    let mut both: Vec<&str> = d["both"]
        .as_array()
        .expect("both")
        .iter()
        .filter_map(|v| v.as_str())
        .collect();
    both.sort_unstable();
    assert_eq!(both, ["b3", "c2"]);
    let bad = s.get(&format!("/api/games/{id}/diagram?piece=N&square=z99"));
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("'z99' is not a square of the 8x8 board"));
}

#[test]
fn bad_requests_get_their_reason() {
    let s = serve("bad");
    let cases = [
        (
            "POST",
            "/api/games",
            "{not json",
            400,
            "not the JSON expected",
        ),
        (
            "POST",
            "/api/games",
            r#"{"variant":"nosuchvariant"}"#,
            404,
            "no variant called 'nosuchvariant'",
        ),
        (
            "POST",
            "/api/games",
            r#"{"variant":"chess","colour":"red"}"#,
            400,
            "unknown field `colour`",
        ),
        ("POST", "/api/games", "{}", 400, "give either 'variant'"),
        ("GET", "/api/games/999", "", 404, "no game 999"),
        (
            "GET",
            "/api/nothing",
            "",
            404,
            "no such request: GET /api/nothing",
        ),
        (
            "POST",
            "/api/games",
            r#"{"variant":"chess","fen":"xyz"}"#,
            400,
            "FEN 'xyz'",
        ),
    ];
    for (method, path, body, status, needle) in cases {
        let reply = s.request(method, path, Some(body));
        assert_eq!(reply.status, status, "{method} {path}: {}", reply.body);
        let error = json(&reply)["error"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(error.contains(needle), "{method} {path}: {error}");
    }
}

#[test]
fn files_are_saved_only_inside_the_variants_folder() {
    let s = serve("files");
    let outside = s.folder.join("escape.ron");
    for path in [
        "/api/files/..%2Fescape.ron",
        "/api/files/../escape.ron",
        "/api/files/%2Ftmp%2Fescape.ron",
        "/api/files/escape.txt",
    ] {
        let reply = s.request("PUT", path, Some(r#"{"text":"(name: \"x\")"}"#));
        assert_eq!(reply.status, 403, "{path}: {}", reply.body);
        assert!(!outside.exists(), "{path} wrote outside the folder");
    }
    let text = "(\n    name: \"mine\",\n    inherits: \"chess\",\n)\n";
    let saved = s.request(
        "PUT",
        "/api/files/mine.ron",
        Some(&serde_json::json!({ "text": text }).to_string()),
    );
    assert_eq!(saved.status, 200, "{}", saved.body);
    let on_disk = std::fs::read_to_string(s.folder.join("variants/mine.ron")).expect("saved");
    assert_eq!(on_disk, text);
    // The saved file is offered as a variant and read back.
    let listed = json(&s.get("/api/variants"));
    assert!(listed["files"]
        .as_array()
        .is_some_and(|f| f.contains(&serde_json::json!("mine.ron"))));
    assert!(listed["variants"]
        .as_array()
        .is_some_and(|v| v.contains(&serde_json::json!("mine"))));
    let read = json(&s.get("/api/files/mine.ron"));
    assert_eq!(read["text"], text);

    // A check of an unsaved text locates its error in it: line 3, at the unknown key.
    let broken = "(\n    name: \"b\",\n    colour: 3,\n)\n";
    let checked = json(&s.post(
        "/api/check",
        &serde_json::json!({ "file": "b.ron", "text": broken }).to_string(),
    ));
    let finding = &checked["findings"][0];
    assert_eq!(finding["severity"], "error");
    assert_eq!(finding["line"], 3);
    assert_eq!(finding["column"], 5);
    assert!(
        !s.folder.join("variants/b.ron").exists(),
        "check saved the file"
    );

    // The editor gets every error of a text at once, each at its place with its fix: a
    // misspelt parent (the nearest name offered) and an unknown key.
    let broken = "(\n    name: \"b\",\n    inherits: \"chesss\",\n    colour: 3,\n)\n";
    let checked = json(&s.post(
        "/api/check",
        &serde_json::json!({ "file": "b.ron", "text": broken }).to_string(),
    ));
    let mut places: Vec<(u64, u64, bool)> = checked["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| {
            let message = f["message"].as_str().unwrap_or_default();
            let fix =
                message.contains("did you mean `chess`?") || message.contains("expected one of");
            (
                f["line"].as_u64().unwrap(),
                f["column"].as_u64().unwrap(),
                fix,
            )
        })
        .collect();
    places.sort_unstable();
    assert_eq!(places, [(3, 15, true), (4, 5, true)], "{checked}");
}

#[cfg(unix)]
#[test]
fn links_in_the_folder_are_not_followed() {
    use std::os::unix::fs::symlink;
    let s = serve("links");
    let variants = s.folder.join("variants");
    let outside = s.folder.join("outside.ron");
    let secret = "(name: \"secret\", inherits: \"chess\")\n";
    std::fs::write(&outside, secret).expect("a file outside the folder");
    symlink(&outside, variants.join("evil.ron")).expect("a link to it");
    let created = s.folder.join("created.ron");
    symlink(&created, variants.join("dangling.ron")).expect("a dangling link");
    symlink(&s.folder, variants.join("up.ron")).expect("a link to a folder");

    for name in ["evil.ron", "dangling.ron", "up.ron"] {
        let read = s.get(&format!("/api/files/{name}"));
        assert_eq!(read.status, 403, "{name}: {}", read.body);
        assert!(!read.body.contains("secret"), "{name}: {}", read.body);
        let text = "(\n    name: \"mine\",\n    inherits: \"chess\",\n)\n";
        let written = s.request(
            "PUT",
            &format!("/api/files/{name}"),
            Some(&serde_json::json!({ "text": text }).to_string()),
        );
        assert_eq!(written.status, 403, "{name}: {}", written.body);
        assert!(
            json(&written)["error"]
                .as_str()
                .is_some_and(|e| e.contains("links are not followed")),
            "{name}: {}",
            written.body
        );
    }
    assert_eq!(
        std::fs::read_to_string(&outside).expect("still there"),
        secret
    );
    assert!(
        !created.exists(),
        "the dangling link created a file outside"
    );
    assert!(std::fs::symlink_metadata(variants.join("evil.ron"))
        .expect("the link")
        .file_type()
        .is_symlink());
    let listed = json(&s.get("/api/variants"));
    assert_eq!(listed["files"], serde_json::json!([]), "{listed}");

    // A text with an error is not saved at all.
    let broken = s.request(
        "PUT",
        "/api/files/broken.ron",
        Some(r#"{"text":"(\n    name: \"b\",\n    colour: 3,\n)\n"}"#),
    );
    assert_eq!(broken.status, 422, "{}", broken.body);
    assert!(
        broken.body.contains("not saved: broken.ron:3:5"),
        "{}",
        broken.body
    );
    assert!(!variants.join("broken.ron").exists());
}

/// The `error` of a refused reply, after checking its status.
fn refusal(reply: &serve_support::Reply, status: u16) -> String {
    assert_eq!(reply.status, status, "{}", reply.body);
    json(reply)["error"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// A PGN's moves and position come back whole: written by `GET …/pgn`, read by `POST /api/pgn`.
#[test]
fn a_game_goes_out_as_pgn_and_comes_back() {
    let s = serve("pgn");
    let id = start(&s, "capablanca");
    for mv in ["e2e4", "e7e5", "b1c3"] {
        let reply = s.post(
            &format!("/api/games/{id}/move"),
            &format!(r#"{{"move":"{mv}"}}"#),
        );
        assert_eq!(reply.status, 200, "{}", reply.body);
    }
    let game = json(&s.get(&format!("/api/games/{id}")));
    let pgn = json(&s.get(&format!("/api/games/{id}/pgn")))["pgn"]
        .as_str()
        .expect("the PGN")
        .to_string();
    assert!(pgn.contains("[Variant \"capablanca\"]\n"), "{pgn}");
    assert!(pgn.contains("[Result \"*\"]\n"), "{pgn}");
    // In SAN, as PGN readers expect.
    assert!(pgn.contains("\n1. e4 e5 2. Nc3 *\n"), "{pgn}");
    assert!(!pgn.contains("[Notation"), "{pgn}");
    assert!(
        !pgn.contains("[FEN"),
        "the start position needs no FEN: {pgn}"
    );
    let body = serde_json::json!({ "pgn": pgn }).to_string();
    let back = json(&s.post("/api/pgn", &body));
    assert_ne!(back["id"], game["id"], "a new game");
    assert_eq!(back["variant"]["name"], "capablanca");
    assert_eq!(back["state"]["history"], game["state"]["history"]);
    assert_eq!(back["state"]["fen"], game["state"]["fen"]);

    // From a position of its own with Black to move: the FEN tag and Black's move numbers.
    let id = start(&s, "chess");
    let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40";
    let set = s.post(
        &format!("/api/games/{id}/fen"),
        &format!(r#"{{"fen":"{fen}"}}"#),
    );
    assert_eq!(set.status, 200, "{}", set.body);
    assert_eq!(json(&set)["start_fen"], fen);
    for mv in ["e8d7", "e2e4"] {
        let reply = s.post(
            &format!("/api/games/{id}/move"),
            &format!(r#"{{"move":"{mv}"}}"#),
        );
        assert_eq!(reply.status, 200, "{}", reply.body);
    }
    let pgn = json(&s.get(&format!("/api/games/{id}/pgn?tc=300%2B2&flag=black")))["pgn"]
        .as_str()
        .expect("the PGN")
        .to_string();
    for line in [
        "[SetUp \"1\"]",
        &format!("[FEN \"{fen}\"]"),
        "[TimeControl \"300+2\"]",
        "[Result \"1-0\"]",
        "[Termination \"Black loses on time\"]",
        "40... Kd7 41. e4 {Black loses on time} 1-0",
    ] {
        assert!(pgn.contains(line), "no {line} in {pgn}");
    }
    assert!(!pgn.contains("[Variant"), "chess has no Variant tag: {pgn}");
    let back = json(&s.post("/api/pgn", &serde_json::json!({ "pgn": pgn }).to_string()));
    assert_eq!(back["start_fen"], fen);
    assert_eq!(
        back["state"]["history"],
        serde_json::json!(["e8d7", "e2e4"])
    );

    // A PGN in SAN, as other programs write it: captures, castling on both sides.
    let san = "[Event \"x\"]\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. Nf3 Nf6 5. Bc4 Bg4 6. O-O e6 \
               7. h3 Bh5 8. Re1 Be7 9. g4 Bg6 10. d4 O-O *";
    let back = json(&s.post("/api/pgn", &serde_json::json!({ "pgn": san }).to_string()));
    assert_eq!(
        back["state"]["history"],
        serde_json::json!([
            "e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "g1f3", "g8f6", "f1c4", "c8g4", "e1g1",
            "e7e6", "h2h3", "g4h5", "f1e1", "f8e7", "g2g4", "h5g6", "d2d4", "e8g8"
        ]),
        "{}",
        back
    );
    let again = back["id"].as_u64().expect("an id");
    let written = json(&s.get(&format!("/api/games/{again}/pgn")))["pgn"]
        .as_str()
        .expect("the PGN")
        .to_string();
    let words = written.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. Nf3 Nf6 5. Bc4 Bg4 6. O-O e6 7. h3 Bh5 8. Re1 Be7 9. g4 Bg6 10. d4 O-O *"),
        "{written}"
    );

    // Janggi's pass has no SAN: the moves go out in coordinates, and the header says so.
    let id = start(&s, "janggi");
    let game = json(&s.get(&format!("/api/games/{id}")));
    let first = game["state"]["moves"]
        .as_array()
        .expect("the legal moves")
        .iter()
        .find(|m| m["pass"] == true)
        .and_then(|m| m["text"].as_str())
        .expect("a pass")
        .to_string();
    let reply = s.post(
        &format!("/api/games/{id}/move"),
        &format!(r#"{{"move":"{first}"}}"#),
    );
    assert_eq!(reply.status, 200, "{}", reply.body);
    let pgn = json(&s.get(&format!("/api/games/{id}/pgn")))["pgn"]
        .as_str()
        .expect("the PGN")
        .to_string();
    assert!(pgn.contains("[Notation \"coordinate\"]\n"), "{pgn}");
    assert!(pgn.contains(&format!("\n1. {first} *\n")), "{pgn}");
    let back = json(&s.post("/api/pgn", &serde_json::json!({ "pgn": pgn }).to_string()));
    assert_eq!(back["state"]["history"], serde_json::json!([first]));

    let bad_tc = s.get(&format!("/api/games/{id}/pgn?tc=5%20min"));
    assert!(refusal(&bad_tc, 400).contains("'tc' is not a PGN time control"));
    let bad_flag = s.get(&format!("/api/games/{id}/pgn?flag=red"));
    assert!(refusal(&bad_flag, 400).contains("'flag' is white or black"));
}

/// A PGN that does not parse, names an unknown variant or a bad FEN, or holds an illegal
/// move starts no game, and says why.
#[test]
fn a_bad_pgn_is_refused_with_its_reason() {
    let s = serve("badpgn");
    let cases = [
        (
            "[Event \"x\"\n1. e2e4",
            "PGN: line 1: a tag must read [Name \"value\"]",
        ),
        (
            "[Event \"x\"]\n\n1. e2e4 {unclosed",
            "PGN: line 3: a comment '{' is not closed",
        ),
        (
            "1. e2e4 (1. d2d4",
            "PGN: line 1: a variation '(' is not closed",
        ),
        ("   ", "PGN: no game in the text"),
        ("1. e2e4 e7e5 2. e4e6 *", "PGN: move 2: Illegal move ("),
        (
            "1. e4 e5 2. Ke3 *",
            "PGN: move 2: Illegal move (no legal move of a king goes to e3): Ke3",
        ),
        (
            "[FEN \"4k3/8/8/8/8/8/8/1N2KN2 b - - 0 1\"]\n1... Kd7 2. Nd2 *",
            "PGN: move 2: Ambiguous move (it could be b1d2 or f1d2): Nd2",
        ),
        (
            "1. e4 e5 2. Nf3 Ke6 *",
            "PGN: move 2...: Illegal move (no legal move of a king goes to e6): Ke6",
        ),
        (
            "[Variant \"capablanka\"]\n1. e2e4 *",
            "PGN: Variant \"capablanka\": no variant called 'capablanka'",
        ),
        ("[FEN \"8/8/8 w\"]\n*", "PGN: FEN \"8/8/8 w\""),
        (
            "1. f2f3 e7e5 2. g2g4 d8h4 3. a2a3 *",
            "PGN: move 3 (a2a3): the game is already over",
        ),
    ];
    for (pgn, says) in cases {
        let reply = s.post("/api/pgn", &serde_json::json!({ "pgn": pgn }).to_string());
        let error = refusal(&reply, 400);
        assert!(error.starts_with(says), "{pgn:?}: {error}");
    }
    let illegal = s.post(
        "/api/pgn",
        &serde_json::json!({ "pgn": "1. e2e4 e7e5 2. e4e6 *" }).to_string(),
    );
    assert!(refusal(&illegal, 400).ends_with("): e4e6"));
    let near = s.post(
        "/api/pgn",
        &serde_json::json!({ "pgn": "[Variant \"capablanka\"]\n*" }).to_string(),
    );
    assert!(refusal(&near, 400).contains("did you mean 'capablanca'?"));
    assert_eq!(
        s.get("/api/games/1").status,
        404,
        "a refused PGN made a game"
    );
    // The page's address asks for games the same way: an unknown variant, a bad FEN.
    let unknown = s.post("/api/games", r#"{"variant":"xiangqj"}"#);
    assert!(refusal(&unknown, 404).contains("did you mean 'xiangqi'?"));
    let bad_fen = s.post("/api/games", r#"{"variant":"xiangqi","fen":"9/9 w"}"#);
    assert!(refusal(&bad_fen, 400).starts_with("FEN '9/9 w': "));
    // The route keeps the guard: no Origin, no game.
    let a = &s.address;
    let body = r#"{"pgn":"1. e2e4 *"}"#;
    let foreign = s.raw(&format!(
        "POST /api/pgn HTTP/1.1\r\nHost: {a}\r\nOrigin: http://evil.example\r\n\
         Authorization: token {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        s.token,
        body.len()
    ));
    assert_eq!(foreign.status, 403, "{}", foreign.body);
    let no_token = s.raw(&format!(
        "GET /api/games/1/pgn HTTP/1.1\r\nHost: {a}\r\n\r\n"
    ));
    assert_eq!(no_token.status, 401, "{}", no_token.body);
    assert_eq!(
        s.get("/api/games/1").status,
        404,
        "a refused PGN made a game"
    );
}

#[test]
fn only_the_servers_own_page_may_ask() {
    let s = serve("origin");
    let a = &s.address;
    let t = &s.token;
    let post = |origin: &str, kind: &str, auth: &str| {
        let body = r#"{"variant":"chess"}"#;
        s.raw(&format!(
            "POST /api/games HTTP/1.1\r\nHost: {a}\r\nOrigin: {origin}\r\n{auth}\
             Content-Type: {kind}\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ))
    };
    let own = format!("http://{a}");
    let with_token = format!("Authorization: token {t}\r\n");
    let cases = [
        (post("http://evil.example", "text/plain", ""), 401),
        (post("http://evil.example", "text/plain", &with_token), 403),
        (
            post("http://evil.example", "application/json", &with_token),
            403,
        ),
        (post("null", "application/json", &with_token), 403),
        (post(&own, "text/plain", &with_token), 415),
        (
            post(&own, "application/json", "Authorization: token 0123\r\n"),
            401,
        ),
    ];
    for (i, (reply, status)) in cases.iter().enumerate() {
        assert_eq!(reply.status, *status, "case {i}: {}", reply.body);
        assert!(json(reply)["error"].is_string(), "case {i}: {}", reply.body);
    }
    assert_eq!(
        s.get("/api/games/1").status,
        404,
        "a refused request made a game"
    );

    // A name re-resolved to 127.0.0.1 is not this server, with or without the token.
    let foreign = s.raw(&format!(
        "GET /api/variants?token={t} HTTP/1.1\r\nHost: evil.example:{}\r\n\r\n",
        a.rsplit(':').next().unwrap_or_default()
    ));
    assert_eq!(foreign.status, 403, "{}", foreign.body);
    assert!(
        foreign.body.contains("is not this server's name"),
        "{}",
        foreign.body
    );
    let no_host = s.raw("GET / HTTP/1.1\r\n\r\n");
    assert_eq!(no_host.status, 403, "{}", no_host.body);

    // Without the token no API request is answered; with it as a query parameter it is.
    let bare = s.raw(&format!("GET /api/variants HTTP/1.1\r\nHost: {a}\r\n\r\n"));
    assert_eq!(bare.status, 401, "{}", bare.body);
    assert!(
        bare.body.contains("needs the server's token"),
        "{}",
        bare.body
    );
    let query = s.raw(&format!(
        "GET /api/variants?token={t} HTTP/1.1\r\nHost: {a}\r\n\r\n"
    ));
    assert_eq!(query.status, 200, "{}", query.body);
    assert_eq!(json(&query)["folder"], "variants");

    // The page may not be framed, and no answer shows where the folder is.
    let page = s.raw(&format!(
        "GET / HTTP/1.1\r\nHost: localhost:{}\r\n\r\n",
        a.rsplit(':').next().unwrap_or_default()
    ));
    assert_eq!(page.status, 200);
    assert!(
        page.head.contains("frame-ancestors 'none'"),
        "{}",
        page.head
    );
    let folder = s.folder.display().to_string();
    let missing = s.get("/api/files/missing.ron");
    assert_eq!(missing.status, 404, "{}", missing.body);
    assert!(missing.body.contains("missing.ron"), "{}", missing.body);
    let checked = s.post(
        "/api/check",
        r#"{"file":"b.ron","text":"(name: \"b\", inherits: \"nothere\")"}"#,
    );
    for reply in [&query, &missing, &checked] {
        assert!(!reply.body.contains(&folder), "{}", reply.body);
    }
}

#[test]
fn stalled_and_oversized_requests_are_cut_off() {
    let s = serve("limits");
    // A head that never ends: refused once it passes the cap.
    let mut big = TcpStream::connect(&s.address).expect("connect");
    write!(big, "GET / HTTP/1.1\r\nHost: {}\r\nX-Big: ", s.address).expect("send");
    let chunk = vec![b'a'; 64 * 1024];
    let _ = big.write_all(&chunk);
    let _ = big.set_read_timeout(Some(Duration::from_secs(30)));
    let mut reply = String::new();
    let _ = big.read_to_string(&mut reply);
    assert!(reply.starts_with("HTTP/1.1 431"), "{reply}");

    // A request that stalls half-way is answered 408 and closed, within the read timeout.
    let started = Instant::now();
    let mut stalled = TcpStream::connect(&s.address).expect("connect");
    write!(stalled, "GET / HTTP/1.1\r\n").expect("send");
    stalled
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("timeout");
    let mut reply = String::new();
    let _ = stalled.read_to_string(&mut reply);
    assert!(reply.starts_with("HTTP/1.1 408"), "{reply}");
    assert!(started.elapsed() < Duration::from_secs(45));
    assert_eq!(s.get("/api/variants").status, 200);
}

/// Opens a perft too deep to end soon on game `id` and returns once it runs.
fn open_job(s: &serve_support::Served, id: u64) -> TcpStream {
    let mut stream = TcpStream::connect(&s.address).expect("connect");
    write!(
        stream,
        "GET /api/games/{id}/perft?depth=8&token={} HTTP/1.1\r\nHost: {}\r\n\r\n",
        s.token, s.address
    )
    .expect("send");
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        assert_eq!(stream.read(&mut byte).expect("the head"), 1, "closed early");
        head.push(byte[0]);
    }
    assert!(
        head.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&head)
    );
    stream
}

#[test]
fn jobs_stop_when_their_page_goes_and_past_the_cap_get_503() {
    let s = serve("jobs");
    let ids: Vec<u64> = (0..9).map(|_| start(&s, "chess")).collect();
    let running: Vec<TcpStream> = ids[..8].iter().map(|&id| open_job(&s, id)).collect();
    let refused = s.get(&format!("/api/games/{}/perft?depth=2", ids[8]));
    assert_eq!(refused.status, 503, "{}", refused.body);
    assert!(
        json(&refused)["error"]
            .as_str()
            .is_some_and(|e| e.contains("the most it runs at once")),
        "{}",
        refused.body
    );
    // The pages go: their perfts stop (nothing else would end them for hours) and free
    // their places.
    drop(running);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let again = s.get(&format!("/api/games/{}/perft?depth=2", ids[8]));
        if again.status == 200 {
            assert!(again.body.contains(r#""total":400"#), "{}", again.body);
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the jobs did not stop: {}",
            again.body
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn xbetza_past_its_limit_is_refused_at_once() {
    let s = serve("legs");
    let text = "(\n    name: \"legs\",\n    inherits: \"chess\",\n    \
                pieces: [(letter: 'N', name: \"knight\", moves: \"mamamamamamamamaK\")],\n)\n";
    let started = Instant::now();
    let checked = json(&s.post(
        "/api/check",
        &serde_json::json!({ "file": "legs.ron", "text": text }).to_string(),
    ));
    let finding = &checked["findings"][0];
    assert_eq!(finding["severity"], "error", "{checked}");
    assert_eq!(finding["line"], 4, "{checked}");
    assert!(
        finding["message"]
            .as_str()
            .is_some_and(|m| m.contains("too many legs")),
        "{checked}"
    );
    let game = s.post(
        "/api/games",
        &serde_json::json!({ "text": text }).to_string(),
    );
    assert_eq!(game.status, 400, "{}", game.body);
    assert!(game.body.contains("too many legs"), "{}", game.body);
    // A generous bound: before the limit this took minutes.
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn many_requests_at_once_are_all_answered() {
    let s = serve("many");
    let replies: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..100)
            .map(|_| scope.spawn(|| s.get("/api/variants").status))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a reply"))
            .collect()
    });
    assert!(
        replies.iter().all(|&st| st == 200 || st == 503),
        "{replies:?}"
    );
    assert!(replies.contains(&200));
    assert_eq!(s.get("/api/variants").status, 200);
}

/// Whether Chromium, ChromeDriver and Selenium are there; under `CI=true` they must be.
fn browser_installed() -> bool {
    let selenium = Command::new("python3")
        .args(["-c", "import selenium.webdriver"])
        .output()
        .is_ok_and(|o| o.status.success());
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromedriver"]
        .iter()
        .all(|p| std::path::Path::new(p).exists());
    install_support::installed_or_skip(
        selenium && chromium,
        "the Debian packages chromium and chromium-driver and the Python package selenium",
        "this test",
    )
}

/// A variant whose hawk names an SVG file beside it as its `image`.
const HAWKS: &str = r#"(
    name: "hawks",
    board: (files: 8, ranks: 8),
    piece_to_char: "PHQ.......................Kphq.......................k",
    parent: "fairy",
    start: "4k3/4h3/8/8/8/8/4H3/4K3 w - - 0 1",
    pieces: [
        (letter: 'P', name: "pawn", moves: "fmWfcF"),
        (letter: 'H', name: "hawk", moves: "BN", image: "hawk.svg"),
        (letter: 'Q', name: "queen", moves: "Q"),
        (letter: 'K', name: "king", moves: "K", royal: true),
    ],
)
"#;

/// The hawk's drawing: a ring the page's own set has nowhere (the class `hawk-mark`).
const HAWK_SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle class="hawk-mark" cx="50" cy="50" r="30" fill="#c60" stroke="#111" stroke-width="4"/></svg>"##;

#[test]
fn the_page_works_in_headless_chromium() {
    if !browser_installed() {
        return;
    }
    let s = serve("browser");
    // A variant of the served folder whose hawk is drawn by an SVG file beside it.
    let folder = s.folder.join("variants");
    std::fs::write(folder.join("hawks.ron"), HAWKS).expect("the variant file");
    std::fs::write(folder.join("hawk.svg"), HAWK_SVG).expect("the SVG file");
    let mut command = Command::new("python3");
    command
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/web/browser_check.py"
        ))
        .arg(&s.url)
        .arg(env!("CARGO_BIN_EXE_alfil"))
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/perft/xiangqi.txt"
        ));
    // The screenshots go to `$ALFIL_SCREENSHOTS`, else beside the test's other output.
    let shots = std::env::var_os("ALFIL_SCREENSHOTS").map_or_else(
        || std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots"),
        std::path::PathBuf::from,
    );
    std::fs::create_dir_all(&shots).expect("a folder for the screenshots");
    command.arg(&shots);
    let out = command
        .output()
        .expect("python3 runs (with selenium: .ci/run installs it)");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the browser check failed:\n{stdout}\n{stderr}"
    );
    for step in [
        "ok: the page loads with an 8x8 chess board, every piece drawn from Alfil's set",
        "ok: xiangqi gives a 9x10 board of discs",
        "ok: the file's leaper, which the set lacks, is drawn as a symbol of its moves",
        "ok: shogi is drawn in pentagons",
        "ok: chu is drawn in pentagons",
        "ok: capablanca's archbishop and chancellor are drawn from Alfil's set",
        "ok: the cannon on b3 highlights",
        "ok: b3e3 is played and the engine replies",
        "ok: a1a5 is refused",
        "ok: perft 3 of the start position reads 79666",
        "ok: perft 30 is refused",
        "ok: the file's error is shown at broken.ron:4:",
        "ok: a two-leg capture is played leg by leg",
        "ok: a promotion offers queen and leaper",
        "ok: crazyhouse shows the holdings",
        "ok: choosing shogi in the list shows its 9x9 board and puts it in the address",
        "ok: /?variant=capablanca&fen=… shows that position",
        "ok: an unknown variant in the address says so",
        "ok: a bad FEN in the address says so and shows xiangqi's start position",
        "ok: each move updates the address's FEN",
        "ok: the PGN written for the game (1. e4 e5 2. Nf3) and uploaded again replays e2e4 e7e5 g1f3",
        "ok: a bad PGN is refused (PGN: move 2: Illegal move (",
        "ok: a bad PGN is refused (PGN: line 1: a tag must read",
        "ok: with a 1 minute clock the engine replies",
        "ok: the flag falls",
        "ok: the engine's analysis lines are shown as it thinks",
        "ok: the hawks are drawn from the SVG file beside their variant, hawk.svg",
    ] {
        assert!(stdout.contains(step), "missing '{step}' in:\n{stdout}");
    }
}
