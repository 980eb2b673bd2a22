//! Reading one HTTP/1.1 request off a socket, with limits a stalled or hostile client cannot
//! stretch: the head (request line and headers) is scanned as it arrives and refused past
//! `MAX_HEAD` bytes, every read times out, the whole request must arrive within
//! `REQUEST_TIME`, and the body is read only once the head has been admitted, up to
//! `MAX_BODY` bytes.

use std::collections::HashMap;
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use super::http::{split_url, ApiError};

/// The largest request head (request line and headers).
pub const MAX_HEAD: usize = 16 * 1024;
/// The largest request body (a variant file is a few kilobytes).
const MAX_BODY: usize = 1 << 20;
/// The most a single read of the socket waits.
pub const READ_TIMEOUT: Duration = Duration::from_secs(10);
/// The most a whole request (head and body) may take to arrive.
const REQUEST_TIME: Duration = Duration::from_secs(30);

/// Why no request was read.
pub enum Refusal {
    /// The client closed the connection before a request: nothing to answer.
    Closed,
    /// A request that is refused with this error.
    Error(ApiError),
}

impl From<ApiError> for Refusal {
    fn from(e: ApiError) -> Refusal {
        Refusal::Error(e)
    }
}

/// A request's head, its decoded path and query, and (once read) its body.
pub struct Request {
    pub method: String,
    /// The path, percent-decoded.
    pub path: String,
    pub params: HashMap<String, String>,
    /// Header names in lower case; a repeated header keeps its last value.
    headers: HashMap<String, String>,
    /// Body bytes that came with the head.
    early_body: Vec<u8>,
    started: Instant,
}

/// Reads from `stream` into `buf`, within the request's time; `Ok(0)` at the end of input.
fn read_some(stream: &mut TcpStream, buf: &mut [u8], started: Instant) -> Result<usize, ApiError> {
    let late = || ApiError {
        status: 408,
        message: format!(
            "the request did not arrive within {} seconds",
            REQUEST_TIME.as_secs()
        ),
    };
    if started.elapsed() > REQUEST_TIME {
        return Err(late());
    }
    loop {
        match stream.read(buf) {
            Ok(n) => return Ok(n),
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return Err(late())
            }
            Err(e) => return Err(ApiError::bad_request(format!("the request broke off: {e}"))),
        }
    }
}

impl Request {
    /// Reads the head of the next request on `stream`.
    pub fn read_head(stream: &mut TcpStream) -> Result<Request, Refusal> {
        let started = Instant::now();
        let mut raw: Vec<u8> = Vec::with_capacity(1024);
        let mut chunk = [0u8; 4096];
        let end = loop {
            let n = read_some(stream, &mut chunk, started)?;
            if n == 0 {
                return Err(if raw.is_empty() {
                    Refusal::Closed
                } else {
                    ApiError::bad_request("the request ended inside its head").into()
                });
            }
            // Only the bytes that came in (and the three before them) can complete the end.
            let from = raw.len().saturating_sub(3);
            raw.extend_from_slice(&chunk[..n]);
            if let Some(at) = raw[from..].windows(4).position(|w| w == b"\r\n\r\n") {
                break from + at;
            }
            if raw.len() > MAX_HEAD {
                return Err(ApiError {
                    status: 431,
                    message: format!("the request's head is larger than {MAX_HEAD} bytes"),
                }
                .into());
            }
        };
        if end > MAX_HEAD {
            return Err(ApiError {
                status: 431,
                message: format!("the request's head is larger than {MAX_HEAD} bytes"),
            }
            .into());
        }
        let head = std::str::from_utf8(&raw[..end])
            .map_err(|_| ApiError::bad_request("the request's head is not text"))?;
        let mut lines = head.split("\r\n");
        let line = lines.next().unwrap_or_default();
        let mut words = line.split(' ');
        let (Some(method), Some(url), Some(version), None) =
            (words.next(), words.next(), words.next(), words.next())
        else {
            return Err(
                ApiError::bad_request(format!("not an HTTP request line: '{line}'")).into(),
            );
        };
        if !version.starts_with("HTTP/1.") || method.is_empty() || !url.starts_with('/') {
            return Err(
                ApiError::bad_request(format!("not an HTTP request line: '{line}'")).into(),
            );
        }
        let mut headers = HashMap::new();
        for line in lines {
            let Some((name, value)) = line.split_once(':') else {
                return Err(ApiError::bad_request(format!("not a header: '{line}'")).into());
            };
            headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_string());
        }
        let (path, params) = split_url(url);
        Ok(Request {
            method: method.to_string(),
            path,
            params,
            headers,
            early_body: raw[end + 4..].to_vec(),
            started,
        })
    }

    /// The value of the header `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(String::as_str)
    }

    /// Reads the body the head announced (`Content-Length`; none without it).
    pub fn read_body(&mut self, stream: &mut TcpStream) -> Result<Vec<u8>, ApiError> {
        if self.header("transfer-encoding").is_some() {
            return Err(ApiError {
                status: 411,
                message: "send the body with a Content-Length".to_string(),
            });
        }
        let length = match self.header("content-length") {
            None => 0,
            Some(text) => text.parse::<usize>().map_err(|_| {
                ApiError::bad_request(format!("the Content-Length '{text}' is not a number"))
            })?,
        };
        if length > MAX_BODY {
            return Err(ApiError {
                status: 413,
                message: format!("the request body is larger than {MAX_BODY} bytes"),
            });
        }
        if length > self.early_body.len()
            && self
                .header("expect")
                .is_some_and(|e| e.eq_ignore_ascii_case("100-continue"))
        {
            let _ = stream.write_all(b"HTTP/1.1 100 Continue\r\n\r\n");
        }
        let mut body = std::mem::take(&mut self.early_body);
        body.truncate(length);
        let mut chunk = [0u8; 8192];
        while body.len() < length {
            let want = (length - body.len()).min(chunk.len());
            let n = read_some(stream, &mut chunk[..want], self.started)?;
            if n == 0 {
                return Err(ApiError::bad_request("the request ended inside its body"));
            }
            body.extend_from_slice(&chunk[..n]);
        }
        Ok(body)
    }
}
