//! Who may use `alfil serve`: only its own page. A request must name the server in `Host` (the
//! loopback name and port it listens on, so a hostile name re-resolved to 127.0.0.1 is
//! refused); an API request must carry the random token made at start-up (`?token=…` or
//! `Authorization: token …`); and a request that changes anything must come from the server's
//! own `Origin` with `Content-Type: application/json` (which a plain cross-site form or
//! `text/plain` post cannot send).

use std::io::Read;

use super::http::ApiError;
use super::request::Request;

/// The token and the `Host` values a server accepts.
pub struct Guard {
    token: String,
    /// `host:port` names of the server (lower case); empty when any name is accepted.
    hosts: Vec<String>,
}

/// Whether `host` (an address as given to `--host`) is a loopback address.
pub fn is_loopback(host: &str) -> bool {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    bare.eq_ignore_ascii_case("localhost")
        || bare
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Whether `host` (an address as given to `--host`) means every interface.
fn is_unspecified(host: &str) -> bool {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    bare.parse::<std::net::IpAddr>()
        .is_ok_and(|ip| ip.is_unspecified())
}

/// 128 random bits in hex, from the system's generator (or, without `/dev/urandom`, from the
/// randomly keyed hasher of the standard library).
fn random_token() -> String {
    let mut bytes = [0u8; 16];
    let read = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes));
    if read.is_err() {
        use std::hash::{BuildHasher, Hasher};
        for (i, half) in bytes.chunks_mut(8).enumerate() {
            let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
            hasher.write_usize(i);
            hasher.write_u128(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_nanos()),
            );
            half.copy_from_slice(&hasher.finish().to_le_bytes());
        }
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Equality that takes as long whatever the first difference.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0, |d, (x, y)| d | (x ^ y)) == 0
}

impl Guard {
    /// The guard of a server listening on `host` (as given) and `port`, with a fresh token.
    pub fn new(host: &str, port: u16) -> Guard {
        Guard::with_token(host, port, random_token())
    }

    fn with_token(host: &str, port: u16, token: String) -> Guard {
        let hosts = if is_unspecified(host) {
            Vec::new()
        } else {
            let mut names = vec![
                format!("127.0.0.1:{port}"),
                format!("localhost:{port}"),
                format!("[::1]:{port}"),
            ];
            let own = if host.contains(':') && !host.starts_with('[') {
                format!("[{host}]:{port}")
            } else {
                format!("{host}:{port}")
            };
            names.push(own.to_ascii_lowercase());
            names
        };
        Guard { token, hosts }
    }

    pub fn token(&self) -> &str {
        &self.token
    }

    /// Admits `request` or says why not.
    pub fn admit(&self, request: &Request) -> Result<(), ApiError> {
        let forbidden = |message: String| ApiError {
            status: 403,
            message,
        };
        let host = request.header("host").unwrap_or_default();
        if !self.hosts.is_empty() && !self.hosts.contains(&host.to_ascii_lowercase()) {
            return Err(forbidden(format!(
                "the Host '{host}' is not this server's name ({}): open the URL alfil serve \
                 printed",
                self.hosts[0]
            )));
        }
        if request.path.starts_with("/api/") && !self.has_token(request) {
            return Err(ApiError {
                status: 401,
                message: "this request needs the server's token: open the URL alfil serve \
                          printed (…/?token=…)"
                    .to_string(),
            });
        }
        if !matches!(request.method.as_str(), "GET" | "HEAD") {
            let origin = request.header("origin").unwrap_or_default();
            if origin.is_empty() || !same(origin, &format!("http://{host}")) {
                return Err(forbidden(format!(
                    "a {} from another site (Origin '{origin}') is refused",
                    request.method
                )));
            }
            let media = request
                .header("content-type")
                .unwrap_or_default()
                .split(';')
                .next()
                .unwrap_or_default()
                .trim();
            if !media.eq_ignore_ascii_case("application/json") {
                return Err(ApiError {
                    status: 415,
                    message: format!(
                        "a {} must have Content-Type application/json, not '{media}'",
                        request.method
                    ),
                });
            }
        }
        Ok(())
    }

    fn has_token(&self, request: &Request) -> bool {
        let given = request.params.get("token").map(String::as_str).or_else(|| {
            request
                .header("authorization")
                .and_then(|a| a.strip_prefix("token "))
                .map(str::trim)
        });
        given.is_some_and(|t| same(t, &self.token))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_and_differ() {
        let (a, b) = (random_token(), random_token());
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn loopback_names() {
        for host in ["127.0.0.1", "localhost", "::1", "[::1]", "127.0.0.2"] {
            assert!(is_loopback(host), "{host}");
        }
        for host in ["0.0.0.0", "192.168.1.4", "example.org", "::"] {
            assert!(!is_loopback(host), "{host}");
        }
    }

    #[test]
    fn every_interface_accepts_any_host_name() {
        assert!(Guard::with_token("0.0.0.0", 80, "t".into())
            .hosts
            .is_empty());
        let guard = Guard::with_token("127.0.0.1", 8080, "t".into());
        assert!(guard.hosts.contains(&"localhost:8080".to_string()));
        assert!(!guard.hosts.contains(&"evil.example:8080".to_string()));
    }

    #[test]
    fn comparing_tokens() {
        assert!(same("abc", "abc"));
        assert!(!same("abc", "abd"));
        assert!(!same("abc", "ab"));
    }
}
