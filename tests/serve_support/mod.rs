//! Starts `alfil serve` on a free port with its own variants folder, and a small HTTP/1.1
//! client (one request per connection) for the tests.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub struct Served {
    child: Child,
    /// `host:port`.
    pub address: String,
    pub folder: PathBuf,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// Runs `alfil serve --port 0` with an empty variants folder (`folder/variants`, inside a
/// fresh temporary folder) and reads the address it prints.
pub fn serve(tag: &str) -> Served {
    let folder = std::env::temp_dir().join(format!("alfil-serve-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(folder.join("variants")).expect("a temporary folder");
    let mut child = Command::new(env!("CARGO_BIN_EXE_alfil"))
        .args(["serve", "--port", "0", "--variants"])
        .arg(folder.join("variants"))
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("alfil serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the first line");
    let address = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .to_string();
    Served {
        child,
        address,
        folder,
    }
}

/// A reply: its status and body (a chunked body is kept as sent: the tests read events in it).
pub struct Reply {
    pub status: u16,
    pub body: String,
}

impl Served {
    /// Sends one request and reads the whole reply.
    pub fn request(&self, method: &str, path: &str, body: Option<&str>) -> Reply {
        let mut stream = TcpStream::connect(&self.address).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("timeout");
        let body = body.unwrap_or("");
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.address,
            body.len()
        )
        .expect("send");
        let mut raw = String::new();
        stream.read_to_string(&mut raw).expect("the reply");
        let status = raw
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {raw:?}"));
        let body = raw
            .split_once("\r\n\r\n")
            .map_or("", |(_, b)| b)
            .to_string();
        Reply { status, body }
    }

    pub fn get(&self, path: &str) -> Reply {
        self.request("GET", path, None)
    }

    pub fn post(&self, path: &str, body: &str) -> Reply {
        self.request("POST", path, Some(body))
    }
}

/// The JSON of a reply body.
pub fn json(reply: &Reply) -> serde_json::Value {
    serde_json::from_str(&reply.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", reply.body))
}
