//! Starts `alfil serve` on a free port with its own variants folder, and a small HTTP/1.1
//! client (one request per connection, with the server's token, `Origin` and JSON content
//! type, as the page sends them; `raw` sends any head) for the tests.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub struct Served {
    child: Child,
    /// `host:port`.
    pub address: String,
    /// The URL printed, with its token.
    pub url: String,
    pub token: String,
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
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .to_string();
    let address = url["http://".len()..]
        .split('/')
        .next()
        .unwrap_or_default()
        .to_string();
    let token = url
        .split_once("?token=")
        .unwrap_or_else(|| panic!("no token in {url}"))
        .1
        .to_string();
    Served {
        child,
        address,
        url,
        token,
        folder,
    }
}

/// A reply: its status, head and body (a stream's events are in its body).
pub struct Reply {
    pub status: u16,
    /// The status line and headers.
    pub head: String,
    pub body: String,
}

impl Served {
    /// Sends one request as the page does and reads the whole reply.
    pub fn request(&self, method: &str, path: &str, body: Option<&str>) -> Reply {
        let body = body.unwrap_or("");
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\
             Origin: http://{address}\r\nAuthorization: token {}\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.token,
            body.len(),
            address = self.address,
        );
        self.raw(&format!("{head}{body}"))
    }

    /// Sends `request` as it is and reads the whole reply.
    pub fn raw(&self, request: &str) -> Reply {
        let mut stream = TcpStream::connect(&self.address).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .expect("timeout");
        stream.write_all(request.as_bytes()).expect("send");
        let mut raw = String::new();
        stream.read_to_string(&mut raw).expect("the reply");
        let status = raw
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {raw:?}"));
        let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
        Reply {
            status,
            head: head.to_string(),
            body: body.to_string(),
        }
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
