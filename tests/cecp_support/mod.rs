//! Driving the `alfil` binary in tests: as a CECP (or UCI) engine started in an empty folder (so
//! only the built-in variants count), sending lines and reading its answers with timeouts; and
//! running its commands ([`alfil_in`]).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};

use proptest::prelude::*;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A running engine and everything it has said so far.
pub struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    pub transcript: Vec<String>,
    next_ping: u32,
}

impl Session {
    pub fn start() -> Session {
        let dir = std::env::temp_dir().join(format!("alfil-cecp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        Session::start_in(&dir)
    }

    pub fn start_in(dir: &std::path::Path) -> Session {
        let mut child = Command::new(env!("CARGO_BIN_EXE_alfil"))
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start alfil");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Session {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
            next_ping: 1000,
        }
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        self.stdin
            .write_all(line.as_bytes())
            .expect("write to engine");
        self.stdin.write_all(b"\n").expect("write to engine");
        self.stdin.flush().expect("flush");
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.transcript.push(format!("> {} raw bytes", bytes.len()));
        self.stdin.write_all(bytes).expect("write to engine");
        self.stdin.flush().expect("flush");
    }

    /// Lines until one satisfies `done` (included), or panic with the transcript.
    pub fn read_until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut got = Vec::new();
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(line) => {
                    self.transcript.push(format!("< {line}"));
                    let stop = done(&line);
                    got.push(line);
                    if stop {
                        return got;
                    }
                }
                Err(_) => panic!(
                    "no expected line within {timeout:?}; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Send `ping` and return every line before the matching `pong`.
    pub fn sync(&mut self) -> Vec<String> {
        self.next_ping += 1;
        let pong = format!("pong {}", self.next_ping);
        self.send(&format!("ping {}", self.next_ping));
        let mut lines = self.read_until(Duration::from_secs(20), |l| l == pong);
        lines.pop();
        lines
    }

    /// Send each line, then sync; the answers to all of them.
    pub fn script(&mut self, lines: &[&str]) -> Vec<String> {
        for l in lines {
            self.send(l);
        }
        self.sync()
    }

    /// The handshake, returning the feature lines.
    pub fn handshake(&mut self) -> Vec<String> {
        self.send("xboard");
        self.send("protover 2");
        self.read_until(Duration::from_secs(20), |l| l == "feature done=1")
    }

    pub fn transcript(&self) -> String {
        self.transcript.join("\n")
    }

    /// `quit`, and check the process ends by itself.
    pub fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                assert!(status.success(), "engine exit status {status}");
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        panic!("engine did not quit; transcript:\n{}", self.transcript());
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The squares of a colour FEN with their colour letters, e.g. `("e4", 'Y')`; rank names in
/// XBoard's style for a board of `ranks` ranks.
pub fn colour_squares(fen: &str, ranks: u32) -> Vec<(String, char)> {
    let mut out = Vec::new();
    for (i, row) in fen.split('/').enumerate() {
        let rank = ranks - 1 - i as u32;
        let shown = if ranks == 10 { rank } else { rank + 1 };
        let mut file = 0u32;
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            file += digits.parse::<u32>().unwrap_or(0);
            digits.clear();
            out.push((format!("{}{}", (b'a' + file as u8) as char, shown), c));
            file += 1;
        }
    }
    out
}

/// A FEN of random pieces, counts and fields: often illegal, sometimes legal.
pub fn random_fen() -> impl Strategy<Value = String> {
    let square = prop::sample::select(vec![
        "K", "k", "Q", "q", "R", "r", "B", "b", "N", "n", "P", "p", "1", "2", "3", "8", "9",
    ]);
    let rank = prop::collection::vec(square, 1..9).prop_map(|s| s.concat());
    let board = prop::collection::vec(rank, 1..10).prop_map(|r| r.join("/"));
    let side = prop::sample::select(vec!["w", "b", "x", ""]);
    let castling = prop::sample::select(vec!["KQkq", "-", "K", "Qk", "AHah", "Z"]);
    let ep = prop::sample::select(vec!["-", "e3", "e6", "z9", "a1"]);
    let counters = prop::sample::select(vec!["0 1", "", "5", "x y", "-1 2", "0 1 junk", "3+3 0 1"]);
    (board, side, castling, ep, counters)
        .prop_map(|(b, s, c, e, n)| format!("{b} {s} {c} {e} {n}").trim_end().to_string())
}

/// Run `alfil ARGS` in `dir` (the test's own working directory if `None`): standard output,
/// standard error, exit code.
pub fn alfil_in(dir: Option<&std::path::Path>, args: &[&str]) -> (String, String, Option<i32>) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_alfil"));
    command.args(args);
    if let Some(dir) = dir {
        command.current_dir(dir);
    }
    let out = command.output().expect("alfil runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}
