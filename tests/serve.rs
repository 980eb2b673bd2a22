//! `alfil serve` over real HTTP: the JSON API (games, moves, the engine's reply, perft, piece
//! diagrams, files, and bad input — malformed JSON, unknown variants, illegal moves, perft
//! depths past the limit, paths outside the variants folder, many requests at once — each
//! answered with its reason while the server runs on), and the page in a real browser:
//! `tests/web/browser_check.py` drives Debian's headless Chromium through Selenium (both
//! installed by `.ci/run`) — picking xiangqi, a cannon's highlighted targets against `alfil
//! betza`, a move and the engine's reply, an illegal move refused, perft 3 against the shared
//! perft data, a variant file's located error, a drop from the holdings. Its screenshots go to
//! `$ALFIL_SCREENSHOTS` when that is set.

mod serve_support;

use std::process::Command;

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
    let address = s.address.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(500));
        let mut stream = std::net::TcpStream::connect(&address).expect("connect");
        use std::io::Write;
        write!(
            stream,
            "POST /api/games/{id}/stop HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
        )
        .expect("stop");
    });
    let stream = s.get(&format!("/api/games/{id}/think?ms=0&play=0"));
    stopper.join().expect("the stopper");
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
    if selenium && chromium {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must have chromium, chromium-driver and selenium installed (see .ci/run)"
    );
    eprintln!(
        "skipped: install the Debian packages chromium and chromium-driver and the Python \
         package selenium to run this test"
    );
    false
}

#[test]
fn the_page_works_in_headless_chromium() {
    if !browser_installed() {
        return;
    }
    let s = serve("browser");
    let mut command = Command::new("python3");
    command
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/web/browser_check.py"
        ))
        .arg(format!("http://{}/", s.address))
        .arg(env!("CARGO_BIN_EXE_alfil"))
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/perft/xiangqi.txt"
        ));
    if let Some(dir) = std::env::var_os("ALFIL_SCREENSHOTS") {
        command.arg(dir);
    }
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
        "ok: xiangqi gives a 9x10 board",
        "ok: the cannon on b3 highlights",
        "ok: b3e3 is played and the engine replies",
        "ok: a1a5 is refused",
        "ok: perft 3 of the start position reads 79666",
        "ok: perft 30 is refused",
        "ok: the file's error is shown at broken.ron:4:",
        "ok: a two-leg capture is played leg by leg",
        "ok: a promotion offers queen and leaper",
        "ok: crazyhouse shows the holdings",
    ] {
        assert!(stdout.contains(step), "missing '{step}' in:\n{stdout}");
    }
}
