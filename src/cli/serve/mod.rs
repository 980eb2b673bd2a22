//! `alfil serve`: a local web server with a board for any variant — its pieces and their
//! moves, a game against Alfil or between two people (with clocks, and in and out as PGN), the
//! analysis lines, perft, and the variant file's `check` findings with an editor — on plain
//! HTML and JavaScript shipped in the binary (`page/`). The server speaks JSON over HTTP and streams searches and perft as
//! Server-Sent Events (`routes.rs` lists the requests).

mod assets;
mod diagram;
mod files;
mod games;
mod guard;
mod http;
mod jobs;
mod pgn;
mod request;
mod routes;
mod state;
mod symbol;
mod view;

use std::io::Read;
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use guard::Guard;
use request::{Refusal, Request};
use state::Server;

/// Connections served at once; more are refused with 503 until one ends.
const MAX_ACTIVE: usize = 64;

/// The command line of `alfil serve`.
#[derive(clap::Args)]
pub struct ServeArgs {
    /// The port (0: any free port; the URL printed says which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on; the default answers this machine only (any other prints a
    /// warning: the token is then the only guard).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The folder of variant files offered beside the built-in ones, and the only place a
    /// file is saved.
    #[arg(long, default_value = "variants")]
    pub variants: PathBuf,
}

/// Runs the server until the process ends.
pub fn run(args: &ServeArgs) -> Result<(), String> {
    let address = if args.host.contains(':') && !args.host.starts_with('[') {
        format!("[{}]:{}", args.host, args.port)
    } else {
        format!("{}:{}", args.host, args.port)
    };
    let listener =
        TcpListener::bind(&address).map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let bound = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let guard = Guard::new(&args.host, bound.port());
    if !guard::is_loopback(&args.host) {
        eprintln!(
            "warning: {} is not a loopback address: other machines can reach this server, and \
             its token is the only guard",
            args.host
        );
    }
    let shown = if bound.ip().is_unspecified() {
        format!("127.0.0.1:{}", bound.port())
    } else {
        bound.to_string()
    };
    println!(
        "Alfil serves http://{shown}/?token={} (variant files: {}); Ctrl-C ends it",
        guard.token(),
        args.variants.display()
    );
    let server = Arc::new(Server::new(args.variants.clone(), guard));
    let active = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let timed = stream
            .set_read_timeout(Some(request::READ_TIMEOUT))
            .and_then(|()| stream.set_write_timeout(Some(request::READ_TIMEOUT)));
        if timed.is_err() {
            continue;
        }
        if active.fetch_add(1, Ordering::SeqCst) >= MAX_ACTIVE {
            active.fetch_sub(1, Ordering::SeqCst);
            let busy = http::ApiError {
                status: 503,
                message: format!("the server is answering {MAX_ACTIVE} requests; try again"),
            };
            refuse(stream, &busy);
            continue;
        }
        let server = server.clone();
        let active = active.clone();
        std::thread::spawn(move || {
            answer(&server, stream);
            active.fetch_sub(1, Ordering::SeqCst);
        });
    }
    Ok(())
}

/// Reads one request on `stream`, admits it or refuses it, and answers it.
fn answer(server: &Server, mut stream: TcpStream) {
    let request = match Request::read_head(&mut stream) {
        Ok(request) => request,
        Err(Refusal::Closed) => return,
        Err(Refusal::Error(e)) => {
            e.reply().send(&mut stream);
            return close(stream);
        }
    };
    if let Err(e) = server.guard.admit(&request) {
        e.reply().send(&mut stream);
        return close(stream);
    }
    if let Some(stream) = routes::handle(server, request, stream) {
        close(stream);
    }
}

/// Refuses a connection from the accepting thread, which must not wait: what the request
/// sent at once is read (so that closing does not reset the connection), the reply sent, and
/// the connection closed.
fn refuse(mut stream: TcpStream, error: &http::ApiError) {
    let _ = stream.set_read_timeout(Some(Duration::from_millis(50)));
    let _ = stream.set_write_timeout(Some(Duration::from_millis(500)));
    let mut head = [0u8; request::MAX_HEAD];
    let _ = stream.read(&mut head);
    error.reply().send(&mut stream);
    let _ = stream.shutdown(Shutdown::Write);
}

/// Ends a connection whose reply has been sent: what the client still sends (a body that was
/// not read) is read and dropped for a moment, so that closing does not reset the connection
/// before the client has read the reply.
fn close(mut stream: TcpStream) {
    let _ = stream.shutdown(Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_millis(500)));
    let until = Instant::now() + Duration::from_secs(2);
    let mut sink = [0u8; 4096];
    while let Ok(n) = stream.read(&mut sink) {
        if n == 0 || Instant::now() > until {
            break;
        }
    }
}
