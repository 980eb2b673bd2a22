//! Writing to the GUI: whole lines, flushed at once, from whichever thread has something to say
//! (both protocols' engines), and the nodes-per-second figure their search reports show.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

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

/// Nodes per second over `elapsed` (0 before the first millisecond).
pub fn nodes_per_second(nodes: u64, elapsed: Duration) -> u64 {
    let ms = elapsed.as_millis() as u64;
    nodes.saturating_mul(1000).checked_div(ms).unwrap_or(0)
}
