//! `alfil serve`: a local web server with a board for any variant — its pieces and their
//! moves, a game against Alfil or between two people, the analysis line, perft, and the
//! variant file's `check` findings with an editor — on plain HTML and JavaScript shipped in the
//! binary (`page/`). The server speaks JSON over HTTP and streams searches and perft as
//! Server-Sent Events (`routes.rs` lists the requests).

mod assets;
mod diagram;
mod files;
mod games;
mod http;
mod jobs;
mod routes;
mod state;
mod view;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use state::Server;

/// Requests answered at once; more are refused with 503 until one ends.
const MAX_ACTIVE: usize = 64;

/// The command line of `alfil serve`.
#[derive(clap::Args)]
pub struct ServeArgs {
    /// The port (0: any free port; the URL printed says which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on; the default answers this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The folder of variant files offered beside the built-in ones, and the only place a
    /// file is saved.
    #[arg(long, default_value = "variants")]
    pub variants: PathBuf,
}

/// Runs the server until the process ends.
pub fn run(args: &ServeArgs) -> Result<(), String> {
    let address = format!("{}:{}", args.host, args.port);
    let listener = tiny_http::Server::http(&address)
        .map_err(|e| format!("cannot listen on {address}: {e}"))?;
    let bound = listener
        .server_addr()
        .to_ip()
        .map_or(address, |a| a.to_string());
    let server = Arc::new(Server::new(args.variants.clone()));
    println!(
        "Alfil serves http://{bound}/ (variant files: {}); Ctrl-C ends it",
        args.variants.display()
    );
    let active = Arc::new(AtomicUsize::new(0));
    for request in listener.incoming_requests() {
        if active.fetch_add(1, Ordering::SeqCst) >= MAX_ACTIVE {
            active.fetch_sub(1, Ordering::SeqCst);
            let busy = http::ApiError {
                status: 503,
                message: format!("the server is answering {MAX_ACTIVE} requests; try again"),
            };
            let _ = request.respond(busy.reply());
            continue;
        }
        let server = server.clone();
        let active = active.clone();
        std::thread::spawn(move || {
            routes::handle(&server, request);
            active.fetch_sub(1, Ordering::SeqCst);
        });
    }
    Ok(())
}
