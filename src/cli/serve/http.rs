//! HTTP plumbing of `alfil serve`: JSON replies and `{"error": …}` replies with a status,
//! request bodies read with a size limit, query strings, and Server-Sent Event streams
//! written straight to the socket.

use std::collections::HashMap;
use std::io::{Cursor, Read, Write};

use serde::de::DeserializeOwned;
use serde::Serialize;
use tiny_http::{Header, Request, Response, StatusCode};

/// A reply held in memory.
pub type Reply = Response<Cursor<Vec<u8>>>;

/// The largest request body read (a variant file is a few kilobytes).
const MAX_BODY: u64 = 1 << 20;

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

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid ASCII header")
}

/// A reply of `bytes` with a content type.
pub fn bytes(status: u16, content_type: &str, body: Vec<u8>) -> Reply {
    Response::from_data(body)
        .with_status_code(StatusCode(status))
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"))
}

/// A JSON reply.
pub fn json<T: Serialize + ?Sized>(status: u16, value: &T) -> Reply {
    let body = serde_json::to_vec(value).unwrap_or_else(|e| {
        format!("{{\"error\":\"the reply could not be written: {e}\"}}").into_bytes()
    });
    bytes(status, "application/json", body)
}

/// The request's body as JSON of type `T`.
pub fn body<T: DeserializeOwned>(request: &mut Request) -> Result<T, ApiError> {
    let mut text = String::new();
    let read = request
        .as_reader()
        .take(MAX_BODY + 1)
        .read_to_string(&mut text);
    if read.is_err() {
        return Err(ApiError::bad_request("the request body is not UTF-8 text"));
    }
    if text.len() as u64 > MAX_BODY {
        return Err(ApiError {
            status: 413,
            message: format!("the request body is larger than {MAX_BODY} bytes"),
        });
    }
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

/// A Server-Sent Events stream in chunked transfer encoding: each event is a chunk, written
/// and flushed at once, and the last chunk ends the reply when the stream is dropped (so the
/// connection serves the next request). A failed write means the page has gone.
pub struct EventStream {
    out: Box<dyn Write + Send>,
}

impl EventStream {
    /// Answers `request` with the stream's headers.
    pub fn open(request: Request) -> std::io::Result<EventStream> {
        let mut out = request.into_writer();
        out.write_all(
            b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\
              Transfer-Encoding: chunked\r\n\r\n",
        )?;
        out.flush()?;
        Ok(EventStream { out })
    }

    /// Sends one event of kind `event` with `data` as JSON.
    pub fn send<T: Serialize + ?Sized>(&mut self, event: &str, data: &T) -> std::io::Result<()> {
        let data = serde_json::to_string(data).map_err(std::io::Error::other)?;
        let text = format!("event: {event}\ndata: {data}\n\n");
        write!(self.out, "{:x}\r\n{text}\r\n", text.len())?;
        self.out.flush()
    }
}

impl Drop for EventStream {
    fn drop(&mut self) {
        let _ = self.out.write_all(b"0\r\n\r\n");
        let _ = self.out.flush();
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
