//! The engine options UCI offers (`option name … type …` after `uci`) and reading `setoption`:
//! names are matched without regard to case, values are checked against the option's type and
//! range, and a bad one is refused with the reason.

use crate::nnue::OWN_NET;
/// Largest hash table a `setoption` may ask for, in megabytes; `uci` advertises as its maximum
/// what this machine can give of it, and a larger request is cut to that with a message.
use crate::search::time::MoveOverhead;
use crate::search::EvalChoice;

const MAX_HASH: usize = 65536;
const MAX_MULTI_PV: usize = 64;

/// The options' current values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub hash_mb: usize,
    pub threads: usize,
    pub multi_pv: usize,
    pub ponder: bool,
    /// Castling written king-takes-rook in every variant (`UCI_Chess960`).
    pub chess960: bool,
    /// Folder of the user's variant files, searched before the built-in ones.
    pub folder: String,
    /// `Use NNUE` and `EvalFile`: the evaluation to play with.
    pub eval: EvalChoice,
    /// `Move Overhead`: time kept back from every move for the delays outside the search.
    pub move_overhead: MoveOverhead,
}

/// One `setoption`, read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    Hash(usize),
    Threads(usize),
    MultiPv(usize),
    Ponder(bool),
    Chess960(bool),
    /// `UCI_Variant`: the name as given (the catalogue resolves it).
    Variant(String),
    Folder(String),
    ClearHash,
    /// `Use NNUE`.
    UseNet(bool),
    /// `EvalFile`: a network file, or empty (or `<auto>`) for the variant's own.
    EvalFile(String),
    MoveOverhead(MoveOverhead),
}

impl Options {
    pub fn new() -> Options {
        Options {
            hash_mb: 64,
            threads: 1,
            multi_pv: 1,
            ponder: false,
            chess960: false,
            folder: "variants".into(),
            eval: EvalChoice::default(),
            move_overhead: MoveOverhead::DEFAULT,
        }
    }

    /// The `option` lines: `variants` are the `UCI_Variant` choices, `variant` the current one.
    pub fn lines(&self, variants: &[String], variant: &str) -> Vec<String> {
        let choices: String = variants.iter().map(|v| format!(" var {v}")).collect();
        let folder = if self.folder.is_empty() {
            "<empty>"
        } else {
            &self.folder
        };
        vec![
            format!(
                "option name Hash type spin default {} min 1 max {}",
                self.hash_mb,
                crate::search::affordable_hash_mb(MAX_HASH).0
            ),
            format!(
                "option name Threads type spin default {} min 1 max {}",
                self.threads,
                crate::search::MAX_THREADS
            ),
            format!(
                "option name MultiPV type spin default {} min 1 max {MAX_MULTI_PV}",
                self.multi_pv
            ),
            format!("option name Ponder type check default {}", self.ponder),
            format!("option name UCI_Variant type combo default {variant}{choices}"),
            format!(
                "option name UCI_Chess960 type check default {}",
                self.chess960
            ),
            format!("option name Variant folder type string default {folder}"),
            "option name Clear Hash type button".into(),
            format!(
                "option name Move Overhead type spin default {} min 0 max {}",
                self.move_overhead.millis(),
                MoveOverhead::MAX_MILLIS
            ),
            format!(
                "option name Use NNUE type check default {}",
                self.eval.use_net
            ),
            format!(
                "option name EvalFile type string default {}",
                self.eval
                    .file
                    .as_ref()
                    .map_or_else(|| OWN_NET.to_string(), |p| p.display().to_string())
            ),
        ]
    }

    /// Remember a setting's new value (the engine acts on the ones that need more).
    pub fn apply(&mut self, setting: &Setting) {
        match setting {
            Setting::Hash(mb) => self.hash_mb = *mb,
            Setting::Threads(n) => self.threads = *n,
            Setting::MultiPv(n) => self.multi_pv = *n,
            Setting::Ponder(on) => self.ponder = *on,
            Setting::Chess960(on) => self.chess960 = *on,
            Setting::Folder(folder) => self.folder = folder.clone(),
            Setting::UseNet(on) => self.eval.use_net = *on,
            Setting::EvalFile(file) => self.eval = self.eval.clone().with_file(file),
            Setting::MoveOverhead(overhead) => self.move_overhead = *overhead,
            Setting::Variant(_) | Setting::ClearHash => {}
        }
    }
}

/// Read the arguments of `setoption`: `name <id> [value <x>]`, both of several words.
pub fn parse(args: &[&str]) -> Result<Setting, String> {
    let start = args
        .iter()
        .position(|t| *t == "name")
        .ok_or("setoption without a name")?;
    let rest = &args[start + 1..];
    let (name, value) = match rest.iter().position(|t| *t == "value") {
        Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
        None => (rest.join(" "), None),
    };
    let value = value.map(|v| if v == "<empty>" { String::new() } else { v });
    let lower = name.to_ascii_lowercase();
    let need = || {
        value
            .clone()
            .ok_or_else(|| format!("option {name} needs a value"))
    };
    match lower.as_str() {
        "hash" => spin(&name, &need()?, 1, MAX_HASH).map(Setting::Hash),
        // Past the most, the count is clamped (with a message) where it is applied.
        "threads" => spin(&name, &need()?, 1, usize::MAX).map(Setting::Threads),
        "multipv" => spin(&name, &need()?, 1, MAX_MULTI_PV).map(Setting::MultiPv),
        "move overhead" => spin(&name, &need()?, 0, MoveOverhead::MAX_MILLIS)
            .map(|ms| Setting::MoveOverhead(MoveOverhead::from_millis(ms as u64))),
        "ponder" => check(&name, &need()?).map(Setting::Ponder),
        "uci_chess960" => check(&name, &need()?).map(Setting::Chess960),
        "uci_variant" => Ok(Setting::Variant(need()?)),
        "variant folder" => Ok(Setting::Folder(need()?)),
        "clear hash" => Ok(Setting::ClearHash),
        "use nnue" => check(&name, &need()?).map(Setting::UseNet),
        "evalfile" => Ok(Setting::EvalFile(value.unwrap_or_default())),
        "" => Err("setoption without a name".into()),
        _ => Err(format!("no such option: {name}")),
    }
}

fn spin(name: &str, value: &str, min: usize, max: usize) -> Result<usize, String> {
    value
        .parse::<usize>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| format!("option {name} takes a number from {min} to {max}, not '{value}'"))
}

fn check(name: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("option {name} is true or false, not '{value}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn words(text: &str) -> Vec<&str> {
        text.split_whitespace().collect()
    }

    #[test]
    fn setoption_forms() {
        assert_eq!(parse(&words("name Hash value 32")), Ok(Setting::Hash(32)));
        assert_eq!(parse(&words("name clear hash")), Ok(Setting::ClearHash));
        assert_eq!(
            parse(&words("name Variant Folder value /my variants")),
            Ok(Setting::Folder("/my variants".into()))
        );
        assert_eq!(
            parse(&words("name Variant folder value <empty>")),
            Ok(Setting::Folder(String::new()))
        );
        assert_eq!(
            parse(&words("name UCI_Chess960 value TRUE")),
            Ok(Setting::Chess960(true))
        );
        assert_eq!(
            parse(&words("name Move Overhead value 0")),
            Ok(Setting::MoveOverhead(MoveOverhead(Duration::ZERO)))
        );
        assert_eq!(
            parse(&words("name move overhead value 250")),
            Ok(Setting::MoveOverhead(MoveOverhead(Duration::from_millis(
                250
            ))))
        );
        assert!(parse(&words("name Move Overhead value 5001")).is_err());
        assert!(parse(&words("name Move Overhead value -1")).is_err());
        assert!(parse(&words("name Threads value 0")).is_err());
        assert!(parse(&words("name MultiPV value many")).is_err());
        assert!(parse(&words("name Hash")).is_err());
        assert!(parse(&words("name Nullmove value true")).is_err());
        assert!(parse(&words("value 3")).is_err());
    }

    #[test]
    fn option_lines() {
        let lines = Options::new().lines(&["chess".into(), "shogi".into()], "chess");
        assert!(lines.contains(
            &"option name UCI_Variant type combo default chess var chess var shogi".to_string()
        ));
        assert!(lines.contains(&"option name Clear Hash type button".to_string()));
        assert!(lines.contains(
            &"option name Move Overhead type spin default 100 min 0 max 5000".to_string()
        ));
    }
}
