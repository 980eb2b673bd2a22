//! The input thread of both engines (CECP and UCI): reads the GUI's lines from standard input as
//! they come, so that commands such as `?`, `stop` or `quit` are seen while a search runs. Lines
//! are read as bytes, cut to a sane length, and decoded leniently, so binary garbage or a huge
//! line cannot stop the engine. [`first_command`] reads the line that chooses the protocol;
//! [`lenient_lines`] reads another engine's output the same way (the match's referee).

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::Sender;
use std::thread;

use super::Event;

/// Longest line kept; the rest of a longer line is read and dropped.
const MAX_LINE: usize = 16 * 1024;

/// Start reading `source` line by line into `events`; `Event::Eof` when it ends.
pub fn spawn(source: impl Read + Send + 'static, events: Sender<Event>) {
    thread::Builder::new()
        .name("protocol-input".into())
        .spawn(move || {
            for line in lenient_lines(source) {
                if events.send(Event::Line(line)).is_err() {
                    return;
                }
            }
            let _ = events.send(Event::Eof);
        })
        .expect("spawn the input thread");
}

/// The first line that is not blank, or `None` if the input ends before one.
pub fn first_command(reader: &mut impl BufRead) -> Option<String> {
    loop {
        let line = read_line(reader)?;
        if !line.trim().is_empty() {
            return Some(line);
        }
    }
}

/// The lines of `source`, as [`spawn`] reads the GUI's and the referee another engine's: an
/// engine that writes bytes that are not UTF-8 (HaChu's square names on a 16-rank board) is
/// still heard to the end.
pub fn lenient_lines(source: impl Read) -> impl Iterator<Item = String> {
    let mut reader = BufReader::new(source);
    std::iter::from_fn(move || read_line(&mut reader))
}

/// One line without its terminator, or `None` at end of input.
fn read_line(reader: &mut impl BufRead) -> Option<String> {
    let mut bytes = Vec::new();
    let mut seen_any = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if buf.is_empty() {
            return seen_any.then(|| decode(&bytes));
        }
        seen_any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1),
            None => (buf, buf.len()),
        };
        let room = MAX_LINE.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let ended = done > chunk.len();
        reader.consume(done);
        if ended {
            return Some(decode(&bytes));
        }
    }
}

fn decode(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes)
        .trim_end_matches('\r')
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_and_binary_lines() {
        let mut data = vec![b'x'; MAX_LINE + 500];
        data.extend_from_slice(b"\nping 1\r\n\xff\xfe\nlast");
        let mut r = BufReader::new(&data[..]);
        assert_eq!(read_line(&mut r).map(|l| l.len()), Some(MAX_LINE));
        assert_eq!(read_line(&mut r).as_deref(), Some("ping 1"));
        assert_eq!(read_line(&mut r).as_deref(), Some("\u{fffd}\u{fffd}"));
        assert_eq!(read_line(&mut r).as_deref(), Some("last"));
        assert_eq!(read_line(&mut r), None);
        let mut r = BufReader::new(&b"\n  \r\n uci \nisready\n"[..]);
        assert_eq!(first_command(&mut r).as_deref(), Some(" uci "));
        assert_eq!(read_line(&mut r).as_deref(), Some("isready"));
        assert_eq!(first_command(&mut BufReader::new(&b"\n\n"[..])), None);
    }

    /// HaChu 0.21 in tenjiku writes `# suppress = \x80` and then its move: a reader that
    /// stopped at the first byte that is not UTF-8 lost the move, and the engine died of a
    /// broken pipe.
    #[test]
    fn an_engines_lines_are_read_past_bytes_that_are_not_utf8() {
        let out = &b"# suppress = \x8063\nmove m15l15\n"[..];
        let lines: Vec<String> = lenient_lines(out).collect();
        assert_eq!(lines, vec!["# suppress = \u{fffd}63", "move m15l15"]);
    }
}
