//! The reference engine of `alfil perft-diff`: a process that counts a divide for a position
//! given as a start (the variant's own, or a FEN) and the moves played from it. Over UCI
//! (Fairy-Stockfish, another Alfil): `UCI_Variant`, `position … moves …`, `go perft N`. Over
//! CECP (Sjaak II): the `xboard` handshake, `variant`, `force`, `setboard`, the moves, and the
//! `perft N 1` command of Sjaak II's console. Every answer is awaited with a deadline; the
//! start position is read back (`d` over UCI, `fen` over CECP) to be compared with Alfil's; an
//! engine that refuses a command or dies is reported with its own words, and a
//! `customPiece` that Fairy-Stockfish 11 cannot read is named before it crashes on it.

use std::time::{Duration, Instant};

use crate::position::RankStyle;
use crate::protocol::client::{EngineProcess, Received};

/// The protocol the reference engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RefProtocol {
    Uci,
    Cecp,
}

/// Where the walk starts: the variant's start position or a FEN.
#[derive(Clone, Debug)]
pub struct Start {
    pub fen: Option<String>,
}

/// A running reference engine set to the variant.
pub struct Reference {
    engine: EngineProcess,
    protocol: RefProtocol,
    variant: String,
    timeout: Duration,
    /// What to add when the engine dies: a `customPiece` line it may not have read.
    death_hint: Option<String>,
}

impl Reference {
    /// Starts `command`, sets its `options` (name, value), and checks that it offers `variant`.
    pub fn start(
        command: &str,
        protocol: RefProtocol,
        variant: &str,
        options: &[(String, String)],
        timeout: Duration,
    ) -> Result<Reference, String> {
        let mut engine = EngineProcess::start(command)?;
        let mut death_hint = None;
        match protocol {
            RefProtocol::Uci => {
                engine.send("uci");
                let mut lines =
                    read_until(&mut engine, timeout, command, "the answer to `uci`", |l| {
                        l == "uciok"
                    })?;
                if !options.is_empty() {
                    for (name, value) in options {
                        engine.send(&format!("setoption name {name} value {value}"));
                    }
                    // An option may add variants (Fairy-Stockfish's VariantPath): ask again.
                    engine.send("uci");
                    lines =
                        read_until(&mut engine, timeout, command, "the answer to `uci`", |l| {
                            l == "uciok"
                        })?;
                    if let Some(refusal) = lines.iter().find(|l| refused(l)) {
                        engine.quit();
                        return Err(format!(
                            "the reference engine '{command}' refused an option ({}): {refusal}",
                            list_options(options)
                        ));
                    }
                }
                let custom = custom_piece_lines(options);
                if let (Some(found), Some(version)) = (&custom, old_fairy_stockfish(&lines)) {
                    engine.quit();
                    return Err(format!(
                        "{found} defines a piece with `customPiece`, which {version} does not \
                         read (it ignores the line and crashes where the piece's letter \
                         appears). {CUSTOM_PIECE_ADVICE}"
                    ));
                }
                death_hint = custom.map(|found| {
                    format!(
                        "{found} defines a piece with `customPiece`: an engine that cannot read \
                         it (Fairy-Stockfish 11) crashes on the piece's letter. \
                         {CUSTOM_PIECE_ADVICE}"
                    )
                });
                let offered = uci_variants(&lines);
                let known = match &offered {
                    Some(list) => list.iter().any(|v| v == variant),
                    None => variant == "chess",
                };
                if !known {
                    engine.quit();
                    return Err(format!(
                        "the reference engine '{command}' does not know the variant `{variant}` \
                         ({}); name it as the reference knows it with --ref-variant",
                        match offered {
                            Some(list) => format!("its UCI_Variant offers {}", list.join(", ")),
                            None => "it has no UCI_Variant option, so it plays chess only".into(),
                        }
                    ));
                }
                if offered.is_some() {
                    engine.send(&format!("setoption name UCI_Variant value {variant}"));
                }
                engine.send("isready");
                let answer = read_until(&mut engine, timeout, command, "`readyok`", |l| {
                    l == "readyok"
                })
                .map_err(|e| with_hint(e, death_hint.as_deref()))?;
                if let Some(refusal) = answer.iter().find(|l| refused(l)) {
                    engine.quit();
                    return Err(format!(
                        "the reference engine '{command}' refused its set-up (options {}, \
                         variant `{variant}`): {refusal}",
                        list_options(options)
                    ));
                }
            }
            RefProtocol::Cecp => {
                engine.handshake()?;
                for (name, value) in options {
                    let answer = engine.set_option(name, value)?;
                    if let Some(refusal) = answer.iter().find(|l| refused(l)) {
                        engine.quit();
                        return Err(format!(
                            "the reference engine '{command}' refused the option \
                             `{name}={value}`: {refusal}"
                        ));
                    }
                }
                if variant != "normal" && !engine.supports(variant) {
                    let offered = engine.features.variants.clone().unwrap_or_default();
                    engine.quit();
                    return Err(format!(
                        "the reference engine '{command}' does not know the variant `{variant}` \
                         (its `feature variants` offers {}); name it as the reference knows it \
                         with --ref-variant",
                        if offered.is_empty() {
                            "normal only".to_string()
                        } else {
                            offered.join(", ")
                        }
                    ));
                }
            }
        }
        Ok(Reference {
            engine,
            protocol,
            variant: variant.to_string(),
            timeout,
            death_hint,
        })
    }

    /// The reference's own FEN of `start` (its start position, or the FEN as it read it), if
    /// it can print one: UCI `d` (`Fen: …`), CECP `fen` (Sjaak II).
    pub fn start_fen(&mut self, start: &Start) -> Result<Option<String>, String> {
        let command = self.engine.command.clone();
        let lines = match self.protocol {
            RefProtocol::Uci => {
                self.engine.send(&uci_position(start, &[]));
                self.engine.send("d");
                self.engine.send("isready");
                read_until(
                    &mut self.engine,
                    self.timeout,
                    &command,
                    "the answer to `d`",
                    |l| l == "readyok",
                )
            }
            RefProtocol::Cecp => {
                self.set_up_cecp(start, &[]);
                self.engine.send("fen");
                self.engine.sync(self.timeout).map_err(|e| {
                    if self.engine.is_gone() {
                        format!(
                            "the reference engine '{command}' {}",
                            self.engine.death_report("after `fen`")
                        )
                    } else {
                        e
                    }
                })
            }
        }
        .map_err(|e| with_hint(e, self.death_hint.as_deref()))?;
        if let Some(refusal) = lines.iter().find(|l| refused(l)) {
            return Err(format!(
                "the reference engine '{command}' refused the start position: {refusal}"
            ));
        }
        Ok(lines.iter().find_map(|l| {
            let l = l.trim();
            let fen = l.strip_prefix("Fen:").unwrap_or(l).trim();
            let side = fen.split_whitespace().nth(1)?;
            (fen.contains('/') && matches!(side, "w" | "b")).then(|| fen.to_string())
        }))
    }

    /// The variant's name in the reference.
    pub fn variant(&self) -> &str {
        &self.variant
    }

    /// How this reference writes ranks (CECP: XBoard's 0-based ranks on 10-rank boards).
    pub fn rank_style(&self) -> RankStyle {
        match self.protocol {
            RefProtocol::Uci => RankStyle::FromOne,
            RefProtocol::Cecp => RankStyle::XBoard,
        }
    }

    /// The reference's divide at `depth` after `moves` (its own texts) from `start`: each
    /// root move's text and count.
    pub fn divide(
        &mut self,
        start: &Start,
        moves: &[String],
        depth: u32,
    ) -> Result<Vec<(String, u64)>, String> {
        match self.protocol {
            RefProtocol::Uci => self.divide_uci(start, moves, depth),
            RefProtocol::Cecp => self.divide_cecp(start, moves, depth),
        }
    }

    fn divide_uci(
        &mut self,
        start: &Start,
        moves: &[String],
        depth: u32,
    ) -> Result<Vec<(String, u64)>, String> {
        self.engine.send(&uci_position(start, moves));
        self.engine.send(&format!("go perft {depth}"));
        let command = self.engine.command.clone();
        let lines = read_until(
            &mut self.engine,
            self.timeout,
            &command,
            "the end of `go perft` (`Nodes searched: N`)",
            |l| l.starts_with("Nodes searched"),
        )
        .map_err(|e| with_hint(e, self.death_hint.as_deref()))?;
        let total = lines
            .last()
            .and_then(|l| l.rsplit(':').next())
            .and_then(|n| n.trim().parse::<u64>().ok())
            .ok_or_else(|| format!("'{command}' ended `go perft` without a node count"))?;
        let split = parse_uci_divide(&lines);
        checked(split, total, &command)
    }

    fn divide_cecp(
        &mut self,
        start: &Start,
        moves: &[String],
        depth: u32,
    ) -> Result<Vec<(String, u64)>, String> {
        self.set_up_cecp(start, moves);
        self.engine.send(&format!("perft {depth} 1"));
        let command = self.engine.command.clone();
        let lines = read_until(
            &mut self.engine,
            self.timeout,
            &command,
            &format!("the depth-{depth} total of `perft {depth} 1`"),
            |l| total_line(l).is_some_and(|(d, _)| d == depth),
        )
        .map_err(|e| with_hint(e, self.death_hint.as_deref()))?;
        let total = lines
            .last()
            .and_then(|l| total_line(l))
            .map(|(_, n)| n)
            .ok_or_else(|| format!("'{command}' ended `perft` without a node count"))?;
        if let Some(refusal) = lines.iter().find(|l| refused(l)) {
            return Err(format!(
                "the reference engine '{command}' refused the position or a move of the \
                 walk: {refusal}"
            ));
        }
        checked(parse_cecp_divide(&lines, depth), total, &command)
    }

    /// `new`, the variant, `force`, the FEN and the moves: the position to count from.
    fn set_up_cecp(&mut self, start: &Start, moves: &[String]) {
        self.engine.send("new");
        self.engine.send(&format!("variant {}", self.variant));
        self.engine.send("force");
        if let Some(fen) = &start.fen {
            self.engine.send(&format!("setboard {fen}"));
        }
        for mv in moves {
            self.engine.send_move(mv);
        }
    }

    pub fn quit(self) {
        self.engine.quit();
    }
}

/// What to do when a variant needs `customPiece` and the reference cannot read it.
const CUSTOM_PIECE_ADVICE: &str = "Use a newer Fairy-Stockfish, or compare with Sjaak II, which \
     reads pieces from a file: `alfil export VARIANT --to sjaak > VARIANT.txt`, then \
     `--ref \"/usr/games/sjaakii VARIANT.txt\" --ref-protocol cecp`";

/// UCI's `position` command for `start` and the moves after it.
fn uci_position(start: &Start, moves: &[String]) -> String {
    let mut position = match &start.fen {
        Some(fen) => format!("position fen {fen}"),
        None => "position startpos".to_string(),
    };
    if !moves.is_empty() {
        position.push_str(" moves ");
        position.push_str(&moves.join(" "));
    }
    position
}

/// Whether an engine's line refuses what it was sent (an unknown option, an illegal move or
/// position, an error).
fn refused(line: &str) -> bool {
    [
        "Illegal move",
        "Error",
        "No such option",
        "tellusererror",
        "Invalid",
        "Unknown",
    ]
    .iter()
    .any(|start| line.starts_with(start))
        || line.starts_with("info string") && line.to_ascii_lowercase().contains("invalid")
}

fn list_options(options: &[(String, String)]) -> String {
    if options.is_empty() {
        return "none".into();
    }
    options
        .iter()
        .map(|(n, v)| format!("`{n}={v}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// An error with the hint about the engine's death after it, if there is one and the error is
/// the engine's death.
fn with_hint(error: String, hint: Option<&str>) -> String {
    match hint {
        Some(hint) if error.contains(" while Alfil waited for ") => format!("{error}\n{hint}"),
        _ => error,
    }
}

/// The first `customPiece` line of the files the options name as Fairy-Stockfish's
/// `VariantPath`, as `FILE:LINE: TEXT`.
fn custom_piece_lines(options: &[(String, String)]) -> Option<String> {
    options
        .iter()
        .filter(|(name, _)| name.eq_ignore_ascii_case("VariantPath"))
        .find_map(|(_, path)| {
            let text = std::fs::read_to_string(path).ok()?;
            text.lines().enumerate().find_map(|(i, line)| {
                let line = line.trim();
                line.starts_with("customPiece")
                    .then(|| format!("{path}:{}: `{line}`", i + 1))
            })
        })
}

/// `Fairy-Stockfish 11.1` when the `id name` is a Fairy-Stockfish of version 11 or older,
/// which have no `customPiece`.
fn old_fairy_stockfish(lines: &[String]) -> Option<String> {
    let name = lines.iter().find_map(|l| l.strip_prefix("id name "))?;
    let version = name
        .strip_prefix("Fairy-Stockfish ")?
        .split_whitespace()
        .next()?;
    let major: u32 = version.split('.').next()?.parse().ok()?;
    (major <= 11).then(|| format!("Fairy-Stockfish {version}"))
}

/// The lines the engine prints up to and including the one `done` accepts.
fn read_until(
    engine: &mut EngineProcess,
    timeout: Duration,
    command: &str,
    what: &str,
    done: impl Fn(&str) -> bool,
) -> Result<Vec<String>, String> {
    let deadline = Instant::now() + timeout;
    let mut lines = Vec::new();
    loop {
        match engine.recv(deadline) {
            Received::Line(line) => {
                let line = line.trim().to_string();
                let finished = done(&line);
                lines.push(line);
                if finished {
                    return Ok(lines);
                }
            }
            Received::Timeout => {
                return Err(format!(
                    "the reference engine '{command}' did not give {what} within {} s \
                     (raise --timeout for deep counts)",
                    timeout.as_secs()
                ))
            }
            Received::Closed => {
                return Err(format!(
                    "the reference engine '{command}' {}",
                    engine.death_report(&format!("while Alfil waited for {what}"))
                ))
            }
        }
    }
}

/// The variants of a `UCI_Variant` combo option, if the engine has one.
fn uci_variants(lines: &[String]) -> Option<Vec<String>> {
    let line = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant "))?;
    let words: Vec<&str> = line.split_whitespace().collect();
    Some(
        words
            .windows(2)
            .filter(|w| w[0] == "var")
            .map(|w| w[1].to_string())
            .collect(),
    )
}

/// `MOVE: COUNT` lines of a UCI `go perft`.
fn parse_uci_divide(lines: &[String]) -> Vec<(String, u64)> {
    lines
        .iter()
        .filter(|l| !l.starts_with("Nodes searched") && !l.starts_with("info"))
        .filter_map(|l| {
            let (mv, n) = l.rsplit_once(':')?;
            let n = n.trim().parse().ok()?;
            let mv = mv.trim();
            (!mv.is_empty() && !mv.contains(' ')).then(|| (mv.to_string(), n))
        })
        .collect()
}

/// A total line of Sjaak II's `perft`: ` DEPTH  NODES  SECONDS  NPSnps`.
fn total_line(line: &str) -> Option<(u32, u64)> {
    let mut words = line.split_whitespace();
    let depth = words.next()?.parse().ok()?;
    let nodes = words.next()?.parse().ok()?;
    Some((depth, nodes))
}

/// The root moves of Sjaak II's `perft DEPTH 1`: the `MOVE  COUNT  RUNNING-TOTAL` lines just
/// before the total line of `depth` (each shallower depth prints its own block first).
fn parse_cecp_divide(lines: &[String], depth: u32) -> Vec<(String, u64)> {
    let mut block = Vec::new();
    for line in lines {
        if let Some((d, _)) = total_line(line) {
            if d == depth {
                break;
            }
            block.clear();
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if let [mv, count, _running] = words[..] {
            if let Ok(n) = count.parse() {
                block.push((mv.to_string(), n));
            }
        }
    }
    block
}

/// The divide, if its counts add up to the engine's total.
fn checked(
    split: Vec<(String, u64)>,
    total: u64,
    command: &str,
) -> Result<Vec<(String, u64)>, String> {
    let sum: u64 = split.iter().map(|(_, n)| n).sum();
    if sum != total {
        return Err(format!(
            "the reference engine '{command}' answered a divide that does not add up: {} moves \
             counting {sum}, total {total}",
            split.len()
        ));
    }
    Ok(split)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<String> {
        text.lines().map(|l| l.trim().to_string()).collect()
    }

    #[test]
    fn a_uci_divide_is_read_from_its_move_lines() {
        let out = lines("info string variant chess\na2a3: 20\nb1c3: 22\n\nNodes searched: 42");
        assert_eq!(
            parse_uci_divide(&out),
            [("a2a3".to_string(), 20), ("b1c3".to_string(), 22)]
        );
    }

    #[test]
    fn sjaak_ii_divides_are_read_from_the_last_block() {
        // Sjaak II 1.4.1's answer to `perft 2 1` in capablanca (two root moves shown).
        let out = lines(
            "  Nb1-a3          1          1\n  e2-e4          1          2\n \
             1          2  0.00    280000.00nps\n  Nb1-a3         28         28\n  \
             e2-e4         29         57\n 2         57  0.00   4900000.00nps",
        );
        assert_eq!(
            parse_cecp_divide(&out, 2),
            [("Nb1-a3".to_string(), 28), ("e2-e4".to_string(), 29)]
        );
        assert_eq!(total_line(out.last().unwrap()), Some((2, 57)));
    }

    #[test]
    fn the_uci_variant_list_is_read_from_the_combo_option() {
        let out = lines(
            "id name X\noption name UCI_Variant type combo default chess var chess var xiangqi\nuciok",
        );
        assert_eq!(
            uci_variants(&out),
            Some(vec!["chess".to_string(), "xiangqi".to_string()])
        );
        assert_eq!(uci_variants(&lines("id name X\nuciok")), None);
    }

    #[test]
    fn a_divide_that_does_not_add_up_is_refused() {
        let split = vec![("e2e4".to_string(), 3)];
        assert!(checked(split.clone(), 3, "x").is_ok());
        let err = checked(split, 4, "x").unwrap_err();
        assert!(
            err.contains("does not add up: 1 moves counting 3, total 4"),
            "{err}"
        );
    }
}
