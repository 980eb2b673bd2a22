//! Writing to the GUI: whole lines, flushed at once, from whichever thread has something to say;
//! and the text of thinking output (`ply score time nodes seldepth nps tbhits<TAB>pv`, mates as
//! ±(100000 + moves)).

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::search::{Info, MATE, MATE_BOUND};

/// A shared line writer.
#[derive(Clone)]
pub struct Out {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Out {
    pub fn new(sink: Box<dyn Write + Send>) -> Out {
        Out {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    /// Write one line and flush. A GUI that went away is not an error worth dying for here: the
    /// input side sees end-of-file and ends the engine.
    pub fn line(&self, text: &str) {
        let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(sink, "{text}");
        let _ = sink.flush();
    }
}

/// A search score in CECP's convention: centipawns, mates as ±(100000 + moves).
pub fn cecp_score(score: i32) -> i64 {
    if score >= MATE_BOUND {
        100_000 + ((MATE - score) as i64 + 1) / 2
    } else if score <= -MATE_BOUND {
        -100_000 - ((MATE + score) as i64 + 1) / 2
    } else {
        score as i64
    }
}

/// One line of thinking output for `info` with its principal variation already in text.
pub fn thinking_line(info: &Info, pv: &str) -> String {
    let centis = info.elapsed.as_millis() / 10;
    let nps = nodes_per_second(info.nodes, info.elapsed);
    let mark = match info.bound {
        Some(true) => "!",
        Some(false) => "?",
        None => "",
    };
    format!(
        "{} {} {} {} {} {} 0\t{}{}",
        info.depth,
        cecp_score(info.score),
        centis,
        info.nodes,
        info.seldepth,
        nps,
        pv,
        mark
    )
}

pub fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    let ms = elapsed.as_millis() as u64;
    nodes.saturating_mul(1000).checked_div(ms).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores() {
        assert_eq!(cecp_score(MATE - 1), 100_001);
        assert_eq!(cecp_score(MATE - 3), 100_002);
        assert_eq!(cecp_score(-(MATE - 2)), -100_001);
        assert_eq!(cecp_score(35), 35);
    }
}
