//! The engine protocols: CECP (the XBoard/WinBoard protocol, both ends) and UCI.
//!
//! [`run`] serves a GUI on standard input and output: the first command chooses the protocol
//! (`uci` → [`uci`], anything else → [`cecp`], that line included). Both engines are built the
//! same way from shared parts: the [`input`] thread turns standard input into [`Event::Line`]s,
//! the search thread ([`worker`]) reports [`Event::Info`] and [`Event::Done`], and the protocol
//! thread owns the game and handles every event in order, writing through [`writer`]; the
//! variants offered come from [`catalogue`].
//!
//! [`client`] drives another CECP engine process (the match runner uses it). The CECP ends share
//! [`wire`] (splitting lines, result texts, feature lists), [`timecontrol`] (`level`/`st` and
//! `10+0.1` time controls) and [`xboard`] (the variant names XBoard knows, and the
//! `setup`/`piece` lines that describe any other variant to it).

pub mod catalogue;
pub mod cecp;
pub mod client;
pub mod input;
pub mod referee;
#[cfg(test)]
mod test_games;
pub mod timecontrol;
pub mod uci;
pub mod wire;
pub mod worker;
pub mod writer;
pub mod xboard;
pub mod xboard_betza;
pub mod xboard_check;
pub mod xboard_contagion;
pub mod xboard_legality;
pub mod xboard_promotion;
pub mod xboard_stalemate;
pub mod xboard_unreadable;

use std::io::{BufReader, Cursor, Read};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::movegen::Move;
use crate::search::{Info, Outcome, Searcher};
use worker::Worker;
use writer::Out;

/// What a protocol thread reacts to.
pub enum Event {
    Line(String),
    /// The input ended.
    Eof,
    Info(u64, Info),
    Done(u64, Outcome),
    /// What the user should be told about the evaluation of search `id`'s variant (before
    /// its first report).
    Note(u64, crate::search::EvalNote),
    /// A perft's count below each root move (`None`: stopped).
    Perft(u64, Option<Vec<(Move, u64)>>),
    /// The protocol thread's own deadline passed (made by [`next_event`], never sent).
    Deadline,
}

/// The shared parts of an engine for lines from `source`: the input thread, the search thread
/// (with a hash table of `hash_mb` megabytes and `threads` threads), the writer to standard
/// output, and the events for the protocol thread.
pub fn start(
    source: impl Read + Send + 'static,
    hash_mb: usize,
    threads: usize,
) -> (Out, Worker, Receiver<Event>) {
    let (tx, rx) = channel();
    input::spawn(source, tx.clone());
    let worker = Worker::spawn(Searcher::new(hash_mb, threads), tx);
    (Out::new(Box::new(std::io::stdout())), worker, rx)
}

/// The next event, waiting at most until `deadline`; [`Event::Eof`] once no thread can send.
pub fn next_event(events: &Receiver<Event>, deadline: Option<Instant>) -> Event {
    let wait = deadline
        .map(|d| d.saturating_duration_since(Instant::now()))
        .unwrap_or(Duration::from_secs(3600));
    match events.recv_timeout(wait) {
        Ok(event) => event,
        Err(RecvTimeoutError::Timeout) => Event::Deadline,
        Err(RecvTimeoutError::Disconnected) => Event::Eof,
    }
}

/// Serve the GUI on standard input and output until it quits or the input ends.
pub fn run() {
    let mut stdin = BufReader::new(std::io::stdin());
    let Some(first) = input::first_command(&mut stdin) else {
        return;
    };
    let is_uci = wire::split_command(&first).0 == "uci";
    let source = Cursor::new(format!("{first}\n")).chain(stdin);
    if is_uci {
        uci::run(source);
    } else {
        cecp::run(source);
    }
}
