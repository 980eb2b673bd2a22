//! A learned evaluation for any variant: a small network whose inputs come from the
//! variant's rules alone (`layout`), trained from Alfil's own self-play (`data`, `train`) and
//! played with integer arithmetic (`network`) over sums kept through make and unmake
//! (`accumulator`).
//!
//! A variant's network is the file `NAME.nnue` beside its variant file, or for a built-in
//! variant the one built in beside it; a variant that inherits one and plays the same game
//! (board, pieces, rules, hand and start position) uses its network. The engine's `EvalFile` option names another file and
//! `Use NNUE` turns networks off; without a network the hand-written evaluation plays.

pub mod accumulator;
pub mod data;
pub mod layout;
pub mod network;
pub mod train;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::position::ruleset::Ruleset;
use crate::variant::embedded::embedded_net;
use layout::Layout;
use network::Network;

/// A network and the layout of its variant.
#[derive(Debug)]
pub struct Nnue {
    pub net: Network,
    pub layout: Layout,
    /// Where it was read from, for messages.
    pub source: String,
}

/// Which evaluation to play with, as the engine's options set it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalChoice {
    /// `Use NNUE`: play with a network where one is found.
    pub use_net: bool,
    /// `EvalFile`: a network file to use instead of the variant's own (`None`: its own).
    pub file: Option<PathBuf>,
}

impl Default for EvalChoice {
    fn default() -> EvalChoice {
        EvalChoice {
            use_net: true,
            file: None,
        }
    }
}

/// The `EvalFile` value that means the variant's own network.
pub const OWN_NET: &str = "<auto>";

impl EvalChoice {
    /// The choice an `EvalFile` option's value makes (empty or [`OWN_NET`]: the variant's own).
    pub fn with_file(mut self, value: &str) -> EvalChoice {
        let value = value.trim();
        self.file = (!value.is_empty() && value != OWN_NET).then(|| PathBuf::from(value));
        self
    }
}

/// What looking for a variant's network found.
pub struct Found {
    pub nnue: Option<Arc<Nnue>>,
    /// What the user should be told: why a network could not be used (then the hand
    /// evaluation plays), or which one plays.
    pub note: Option<String>,
    /// Whether the note is a problem.
    pub problem: bool,
}

/// The network `choice` picks for the variant of `tables`.
pub fn find(tables: &Arc<Ruleset>, choice: &EvalChoice) -> Found {
    let none = |note: Option<String>, problem| Found {
        nnue: None,
        note,
        problem,
    };
    if !choice.use_net {
        return none(None, false);
    }
    let variant = &tables.variant;
    let layout = Layout::new(tables);
    let result = match &choice.file {
        Some(path) => read_file(path, &variant.name, &layout).map(Some),
        None => own(tables, &layout),
    };
    match result {
        Ok(Some((net, source))) => Found {
            note: Some(format!("evaluation: network {source}")),
            nnue: Some(Arc::new(Nnue {
                net,
                layout,
                source,
            })),
            problem: false,
        },
        Ok(None) => none(None, false),
        Err(e) => none(
            Some(format!(
                "network {e}; playing with the hand-written evaluation"
            )),
            true,
        ),
    }
}

/// A network file read for `variant`.
fn read_file(path: &Path, variant: &str, layout: &Layout) -> Result<(Network, String), String> {
    let source = path.display().to_string();
    Network::load(path, variant, layout).map(|net| (net, source))
}

/// The variant's own network, else that of the nearest variant it inherits that plays the same
/// game (board, pieces, rules, hand and start); `None` when there is none.
fn own(tables: &Arc<Ruleset>, layout: &Layout) -> Result<Option<(Network, String)>, String> {
    let variant = &tables.variant;
    for (name, source) in variant.self_and_same_game() {
        if let Some(stem) = source
            .strip_prefix("<embedded>/")
            .map(|f| f.trim_end_matches(".ron"))
        {
            if let Some(bytes) = embedded_net(stem) {
                let label = format!("<embedded>/{stem}.nnue");
                return Network::from_bytes(bytes, name, layout)
                    .map(|net| Some((net, label.clone())))
                    .map_err(|e| format!("{label}: {e}"));
            }
            continue;
        }
        let path = Path::new(source).with_extension("nnue");
        if path.is_file() {
            return read_file(&path, name, layout).map(Some);
        }
    }
    Ok(None)
}
