//! The GUI side of CECP: start an engine process, do the `xboard`/`protover 2` handshake
//! (answering each feature with `accepted` or `rejected`), send commands and read the engine's
//! lines with deadlines. The match runner plays games through it. The last lines an engine
//! wrote (output and error) are kept, so that an engine that dies can be reported with them.

use std::collections::VecDeque;
use std::io::Write;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use super::input::lenient_lines;
use super::wire::{engine_line, EngineLine};

/// Features this client implements (anything else is rejected).
const UNDERSTOOD: &[&str] = &[
    "done",
    "ping",
    "setboard",
    "playother",
    "usermove",
    "time",
    "draw",
    "sigint",
    "sigterm",
    "reuse",
    "analyze",
    "myname",
    "variants",
    "colors",
    "name",
    "nps",
    "debug",
    "memory",
    "smp",
    "option",
    "exclude",
    "highlight",
    "ics",
    "pause",
    "setscore",
    "egt",
];

/// What the engine said about itself in the handshake.
#[derive(Clone, Debug, Default)]
pub struct Features {
    pub myname: Option<String>,
    pub variants: Option<Vec<String>>,
    pub usermove: bool,
    pub setboard: bool,
    pub reuse: bool,
    pub ping: bool,
    /// `memory=1`: the engine takes `memory N` (XBoard always sends it then).
    pub memory: bool,
    /// `smp=1`: the engine takes `cores N`.
    pub smp: bool,
    /// The names of the options the engine declared (`feature option="NAME -TYPE …"`).
    pub options: Vec<String>,
}

/// What XBoard sends an engine once its features are in, before the first game: `memory`
/// and `cores` (to an engine that accepted those features) and the user's option settings
/// (`-firstOptions "A=1,B=2"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartUp {
    /// Megabytes for the hash tables (`memory N`).
    pub memory_mb: u32,
    /// Search threads (`cores N`).
    pub cores: u32,
    /// `option NAME=VALUE` lines, in the order given.
    pub options: Vec<(String, String)>,
}

impl Default for StartUp {
    /// XBoard's defaults: 64 MB and one core, no options.
    fn default() -> StartUp {
        StartUp {
            memory_mb: 64,
            cores: 1,
            options: Vec::new(),
        }
    }
}

/// Option settings written as XBoard's `-firstOptions` takes them: `NAME=VALUE` pairs separated
/// by commas (`Allow repeats=1,Resign=0`); names may hold spaces.
pub fn parse_option_list(text: &str) -> Result<Vec<(String, String)>, String> {
    text.split(',')
        .filter(|item| !item.trim().is_empty())
        .map(|item| match item.split_once('=') {
            Some((name, value)) if !name.trim().is_empty() => {
                Ok((name.trim().to_string(), value.trim().to_string()))
            }
            _ => Err(format!(
                "option setting '{}' is not NAME=VALUE (settings are separated by commas)",
                item.trim()
            )),
        })
        .collect()
}

/// A line from the engine, or why there is none.
#[derive(Debug, PartialEq, Eq)]
pub enum Received {
    Line(String),
    Timeout,
    /// The engine closed its output (it exited or crashed).
    Closed,
}

/// How many of an engine's last lines are kept for the report of its death.
const TAIL_LINES: usize = 6;

/// The last lines an engine wrote, its standard error's marked `stderr:`.
type Tail = Arc<Mutex<VecDeque<String>>>;

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    tail: Tail,
    pub command: String,
    pub features: Features,
    next_ping: u32,
}

impl EngineProcess {
    /// Start `command` (a program and its arguments, split at spaces; quotes group words).
    pub fn start(command: &str) -> Result<EngineProcess, String> {
        let words = split_words(command);
        let (program, args) = words
            .split_first()
            .ok_or_else(|| "empty engine command".to_string())?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start engine '{command}': {e}"))?;
        let stdin = child.stdin.take().ok_or("engine has no standard input")?;
        let stdout = child.stdout.take().ok_or("engine has no standard output")?;
        let stderr = child.stderr.take().ok_or("engine has no standard error")?;
        let tail: Tail = Arc::default();
        let (tx, lines) = channel();
        let out_tail = Arc::clone(&tail);
        thread::spawn(move || {
            for line in lenient_lines(stdout) {
                let line = line.trim_end().to_string();
                keep(&out_tail, &line);
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let err_tail = Arc::clone(&tail);
        thread::spawn(move || {
            for line in lenient_lines(stderr) {
                keep(&err_tail, &format!("stderr: {}", line.trim_end()));
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
            tail,
            command: command.to_string(),
            features: Features {
                reuse: true,
                ..Features::default()
            },
            next_ping: 0,
        })
    }

    /// `xboard`, `protover 2`, and the features until `done=1` (or two quiet seconds from an
    /// engine that never said `done=0`).
    pub fn handshake(&mut self) -> Result<(), String> {
        self.send("xboard");
        self.send("protover 2");
        let mut deadline = Instant::now() + Duration::from_secs(2);
        loop {
            match self.recv(deadline) {
                Received::Line(line) => {
                    let EngineLine::Feature(pairs) = engine_line(&line) else {
                        continue;
                    };
                    for (name, value) in pairs {
                        let ok =
                            UNDERSTOOD.contains(&name.as_str()) && !(name == "san" && value == "1");
                        self.send(&format!(
                            "{} {name}",
                            if ok { "accepted" } else { "rejected" }
                        ));
                        let on = value == "1";
                        match name.as_str() {
                            "done" if on => return Ok(()),
                            "done" => deadline = Instant::now() + Duration::from_secs(600),
                            "myname" => self.features.myname = Some(value),
                            "variants" => {
                                self.features.variants =
                                    Some(value.split(',').map(|v| v.trim().to_string()).collect())
                            }
                            "usermove" => self.features.usermove = on,
                            "setboard" => self.features.setboard = on,
                            "reuse" => self.features.reuse = on,
                            "ping" => self.features.ping = on,
                            "memory" => self.features.memory = on,
                            "smp" => self.features.smp = on,
                            "option" => self.features.options.push(option_name(&value)),
                            _ => {}
                        }
                    }
                }
                Received::Timeout => return Ok(()),
                Received::Closed => {
                    return Err(format!(
                        "engine '{}' exited during the handshake",
                        self.command
                    ))
                }
            }
        }
    }

    /// Send what XBoard sends after the features: `memory` and `cores` where the engine asked
    /// for them, then every option setting (each one an option the engine declared), and wait
    /// until the engine has taken them.
    pub fn start_up(&mut self, start: &StartUp) -> Result<(), String> {
        if let Some((name, _)) = start
            .options
            .iter()
            .find(|(name, _)| !self.features.options.contains(name))
        {
            return Err(format!(
                "engine '{}' has no option '{name}' (its options: {})",
                self.name(),
                self.features.options.join(", ")
            ));
        }
        if self.features.memory {
            self.send(&format!("memory {}", start.memory_mb));
        }
        if self.features.smp {
            self.send(&format!("cores {}", start.cores));
        }
        for (name, value) in &start.options {
            self.set_option(name, value)?;
        }
        self.sync(Duration::from_secs(60)).map(|_| ())
    }

    /// Set an engine option (`option NAME=VALUE`) and wait until the engine has taken it; a
    /// `feature variants` it sends again meanwhile (Alfil does when its variant folder changes)
    /// replaces the list it gave.
    /// Returns the lines the engine wrote meanwhile.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<Vec<String>, String> {
        self.send(&format!("option {name}={value}"));
        let lines = self.sync(Duration::from_secs(60))?;
        for line in &lines {
            if let EngineLine::Feature(pairs) = engine_line(line) {
                for (feature, list) in pairs {
                    if feature == "variants" {
                        self.features.variants =
                            Some(list.split(',').map(|v| v.trim().to_string()).collect());
                    }
                }
            }
        }
        Ok(lines)
    }

    /// The engine's name for itself, or its command.
    pub fn name(&self) -> String {
        self.features
            .myname
            .clone()
            .unwrap_or_else(|| self.command.clone())
    }

    /// Whether the engine plays a variant under this XBoard name (engines that list no
    /// variants play only normal chess).
    pub fn supports(&self, variant: &str) -> bool {
        match &self.features.variants {
            Some(list) => list.iter().any(|v| v == variant),
            None => variant == "normal",
        }
    }

    pub fn send(&mut self, line: &str) {
        let _ = writeln!(self.stdin, "{line}");
        let _ = self.stdin.flush();
    }

    /// Send a move the way the engine asked for (`usermove` prefix or bare).
    pub fn send_move(&mut self, text: &str) {
        if self.features.usermove {
            self.send(&format!("usermove {text}"));
        } else {
            self.send(text);
        }
    }

    /// The next line, waiting at most until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Received {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Received::Line(line),
            Err(RecvTimeoutError::Timeout) => Received::Timeout,
            Err(RecvTimeoutError::Disconnected) => Received::Closed,
        }
    }

    /// Lines already waiting, without blocking.
    pub fn pending(&mut self) -> Vec<String> {
        self.lines.try_iter().collect()
    }

    /// Wait until the engine has processed everything sent so far (`ping`/`pong`), returning
    /// the lines it printed meanwhile. Engines without `ping` get a short pause instead.
    pub fn sync(&mut self, timeout: Duration) -> Result<Vec<String>, String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        if !self.features.ping {
            thread::sleep(Duration::from_millis(200));
            return Ok(self.pending());
        }
        self.next_ping += 1;
        let n = self.next_ping.to_string();
        self.send(&format!("ping {n}"));
        loop {
            match self.recv(deadline) {
                Received::Line(line) => {
                    if engine_line(&line) == EngineLine::Pong(n.clone()) {
                        return Ok(seen);
                    }
                    seen.push(line);
                }
                Received::Timeout => {
                    return Err(format!("engine '{}' did not answer ping", self.command))
                }
                Received::Closed => return Err(format!("engine '{}' exited", self.command)),
            }
        }
    }

    /// Whether the engine is gone: its process has ended (crashed, or quit by itself), or
    /// its output has closed, as Sjaak II's does while the process lingers. Lines still
    /// waiting are dropped.
    pub fn is_gone(&mut self) -> bool {
        let closed = loop {
            match self.lines.try_recv() {
                Ok(_) => continue,
                Err(TryRecvError::Empty) => break false,
                Err(TryRecvError::Disconnected) => break true,
            }
        };
        closed || matches!(self.child.try_wait(), Ok(Some(_)))
    }

    /// Why the engine's output closed: its exit status (waiting a moment for the process to
    /// end), `when` (what the caller was doing) and the last lines it wrote.
    pub fn death_report(&mut self, when: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(2);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(20)),
                _ => break None,
            }
        };
        // The error reader may still be taking the last lines.
        thread::sleep(Duration::from_millis(50));
        let how = status.map_or_else(
            || "closed its output but is still running".to_string(),
            describe_exit,
        );
        let tail = self.tail.lock().map(|t| t.clone()).unwrap_or_default();
        if tail.is_empty() {
            format!("{how} {when}; it wrote nothing")
        } else {
            let lines: Vec<String> = tail.iter().map(|l| format!("  | {l}")).collect();
            format!("{how} {when}; its last lines:\n{}", lines.join("\n"))
        }
    }

    /// `quit`, then end the process if it lingers.
    pub fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The name of a declared option: the text of `feature option="NAME -TYPE …"` before its type.
fn option_name(declaration: &str) -> String {
    let name = declaration
        .find(" -")
        .map_or(declaration, |at| &declaration[..at]);
    name.trim().to_string()
}

/// Remembers `line` among the last `TAIL_LINES` lines of an engine.
fn keep(tail: &Tail, line: &str) {
    if let Ok(mut tail) = tail.lock() {
        if tail.len() == TAIL_LINES {
            tail.pop_front();
        }
        tail.push_back(line.to_string());
    }
}

/// An exit status in words: the code, or the signal that ended the process.
fn describe_exit(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exited with status {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            let name = match signal {
                4 => " (SIGILL)",
                6 => " (SIGABRT, an abort)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV, a crash)",
                15 => " (SIGTERM)",
                _ => "",
            };
            return format!("was killed by signal {signal}{name}");
        }
    }
    format!("ended ({status})")
}

/// Split a command line into words; double or single quotes group words.
pub fn split_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
                any = false;
            }
            (None, c) => word.push(c),
        }
    }
    if any || !word.is_empty() {
        words.push(word);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_settings_as_xboard_writes_them() {
        assert_eq!(
            parse_option_list("Allow repeats=1, Resign=0,").unwrap(),
            vec![
                ("Allow repeats".to_string(), "1".to_string()),
                ("Resign".to_string(), "0".to_string())
            ]
        );
        assert_eq!(
            parse_option_list("Hash").unwrap_err(),
            "option setting 'Hash' is not NAME=VALUE (settings are separated by commas)"
        );
        assert!(parse_option_list("=3").is_err());
    }

    #[test]
    fn declared_option_names() {
        assert_eq!(option_name("Allow repeats -check 0"), "Allow repeats");
        assert_eq!(option_name("Contempt -spin 0 -200 200"), "Contempt");
        assert_eq!(option_name("Clear Hash -button"), "Clear Hash");
    }

    #[test]
    fn words() {
        assert_eq!(split_words("fairymax"), vec!["fairymax"]);
        assert_eq!(
            split_words(r#"/usr/bin/x -a "b c" ''"#),
            vec!["/usr/bin/x", "-a", "b c", ""]
        );
    }
}
