//! HTTP plumbing of `alfil serve`: replies (JSON, `{"error": …}` with a status, the page's
//! files), each with the headers that keep other sites out (a content security policy that
//! forbids framing, no sniffing, no referrer) and `Connection: close`; request bodies read as
//! JSON; query strings; and Server-Sent Event streams written straight to the socket, whose
//! job stops when the page goes.

use std::collections::HashMap;
use std::io::{ErrorKind, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::request::Request;

/// Headers sent with every reply: the page runs only its own script and style, talks only to
/// this server, is never framed, and leaks no URL (with its token) to another site.
const GUARD_HEADERS: &str = "Content-Security-Policy: default-src 'none'; script-src 'self'; \
    style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; \
    form-action 'none'; frame-ancestors 'none'\r\nX-Frame-Options: DENY\r\n\
    X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n\
    Cross-Origin-Resource-Policy: same-origin\r\nCache-Control: no-store\r\n\
    Connection: close\r\n";

/// A reply held in memory.
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Reply {
    /// Writes the reply (a failed write means the client has gone: nothing more to do).
    pub fn send(&self, stream: &mut TcpStream) {
        let head = format!(
            "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\n{GUARD_HEADERS}\r\n",
            self.status,
            reason(self.status),
            self.content_type,
            self.body.len()
        );
        let _ = stream
            .write_all(head.as_bytes())
            .and_then(|()| stream.write_all(&self.body))
            .and_then(|()| stream.flush());
    }
}

/// The reason phrase of a status.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Error",
    }
}

/// Why a request failed: an HTTP status and a message for the page.
#[derive(Debug)]
pub struct ApiError {
    pub status: u16,
    pub message: String,
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
        }
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 404,
            message: message.into(),
        }
    }

    pub fn reply(&self) -> Reply {
        json(
            self.status,
            &serde_json::json!({ "error": self.message.as_str() }),
        )
    }
}

/// A reply of `bytes` with a content type.
pub fn bytes(status: u16, content_type: &'static str, body: Vec<u8>) -> Reply {
    Reply {
        status,
        content_type,
        body,
    }
}

/// A JSON reply.
pub fn json<T: Serialize + ?Sized>(status: u16, value: &T) -> Reply {
    let body = serde_json::to_vec(value).unwrap_or_else(|e| {
        format!("{{\"error\":\"the reply could not be written: {e}\"}}").into_bytes()
    });
    bytes(status, "application/json", body)
}

/// The request's body as JSON of type `T`.
pub fn body<T: DeserializeOwned>(
    request: &mut Request,
    stream: &mut TcpStream,
) -> Result<T, ApiError> {
    let raw = request.read_body(stream)?;
    let text = String::from_utf8(raw)
        .map_err(|_| ApiError::bad_request("the request body is not UTF-8 text"))?;
    serde_json::from_str(&text).map_err(|e| {
        ApiError::bad_request(format!("the request body is not the JSON expected: {e}"))
    })
}

/// The path of a URL and its query parameters (percent-decoded).
pub fn split_url(url: &str) -> (String, HashMap<String, String>) {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let params = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect();
    (decode(path), params)
}

/// Percent-decoding, with `+` as a space; a malformed escape is kept as written.
fn decode(text: &str) -> String {
    let raw = text.as_bytes();
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let hex = |b: u8| char::from(b).to_digit(16);
        match raw[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < raw.len() => match (hex(raw[i + 1]), hex(raw[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push(u8::try_from(h * 16 + l).unwrap_or(b'?'));
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A Server-Sent Events stream: each event is written and flushed at once, and the
/// connection closes when the stream is dropped. A failed write means the page has gone.
pub struct EventStream {
    out: TcpStream,
}

impl EventStream {
    /// Answers on `out` with the stream's headers.
    pub fn open(mut out: TcpStream) -> std::io::Result<EventStream> {
        write!(
            out,
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n{GUARD_HEADERS}\r\n"
        )?;
        out.flush()?;
        Ok(EventStream { out })
    }

    /// Sends one event of kind `event` with `data` as JSON.
    pub fn send<T: Serialize + ?Sized>(&mut self, event: &str, data: &T) -> std::io::Result<()> {
        let data = serde_json::to_string(data).map_err(std::io::Error::other)?;
        write!(self.out, "event: {event}\ndata: {data}\n\n")?;
        self.out.flush()
    }

    /// Raises `stop` as soon as the client closes the connection (while the job computes and
    /// writes nothing), until the watch is dropped.
    pub fn watch(&self, stop: Arc<AtomicBool>) -> Watch {
        let done = Arc::new(AtomicBool::new(false));
        if let Ok(socket) = self.out.try_clone() {
            let watching = done.clone();
            std::thread::spawn(move || watch_socket(&socket, &stop, &watching));
        }
        Watch { done }
    }
}

/// How often a watch looks at its socket.
const WATCH_EVERY: Duration = Duration::from_millis(200);

fn watch_socket(socket: &TcpStream, stop: &AtomicBool, done: &AtomicBool) {
    if socket.set_read_timeout(Some(WATCH_EVERY)).is_err() {
        return;
    }
    let mut byte = [0u8; 1];
    while !done.load(Ordering::Relaxed) && !stop.load(Ordering::Relaxed) {
        match socket.peek(&mut byte) {
            // The client sent something more (it should not): look again later.
            Ok(n) if n > 0 => std::thread::sleep(WATCH_EVERY),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            // The end of input or a broken connection: the page has gone.
            _ => {
                stop.store(true, Ordering::Relaxed);
                return;
            }
        }
    }
}

/// Ends its stream's watch when dropped.
pub struct Watch {
    done: Arc<AtomicBool>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_are_decoded() {
        let (path, q) = split_url("/api/x%20y?fen=rnbq%2F8+w&depth=3&bad=%zz&end=%4");
        assert_eq!(path, "/api/x y");
        assert_eq!(q["fen"], "rnbq/8 w");
        assert_eq!(q["depth"], "3");
        assert_eq!(q["bad"], "%zz");
        assert_eq!(q["end"], "%4");
    }
}
