//! The variant files compiled into the binary: every `variants/*.ron`, gathered by `build.rs`
//! (edit a file and rebuild to change a built-in variant), and the names each answers to.

use std::sync::OnceLock;

use super::error::LoadError;
use super::source::{Home, Source};

/// One embedded variant file.
#[derive(Clone, Copy, Debug)]
pub struct EmbeddedFile {
    /// File name without `.ron`.
    pub stem: &'static str,
    pub text: &'static str,
}

/// One embedded network file.
#[derive(Clone, Copy, Debug)]
pub struct EmbeddedNet {
    /// File name without `.nnue`: the stem of its variant's file.
    pub stem: &'static str,
    pub bytes: &'static [u8],
}

// Defines `pub static FILES: &[EmbeddedFile]` (variants), `pub static WEIGHTS:
// &[EmbeddedFile]` (evaluation weights, by the stem of their variant) and `pub static NETS:
// &[EmbeddedNet]` (networks, likewise), sorted by stem.
include!(concat!(env!("OUT_DIR"), "/embedded_variants.rs"));

/// The bytes of the built-in network beside the built-in variant file `stem`.
pub fn embedded_net(stem: &str) -> Option<&'static [u8]> {
    NETS.iter().find(|n| n.stem == stem).map(|n| n.bytes)
}

/// The text of the built-in weights file beside the built-in variant file `stem`.
pub fn embedded_weights(stem: &str) -> Option<&'static str> {
    WEIGHTS.iter().find(|w| w.stem == stem).map(|w| w.text)
}

/// The names of the embedded variants, sorted.
pub fn embedded_names() -> Vec<String> {
    let mut names: Vec<String> = embedded_index().iter().map(|e| e.name.clone()).collect();
    names.sort();
    names
}

/// The text of the embedded file whose `name` is `name` (case-insensitive).
pub fn embedded_text(name: &str) -> Option<&'static str> {
    embedded_index()
        .iter()
        .find(|e| e.name.eq_ignore_ascii_case(name))
        .map(|e| e.text)
}

/// Whether a file with this `name` and these aliases answers to `name` (case-insensitive).
pub(super) fn answers_to(file_name: Option<&str>, aliases: Option<&[String]>, name: &str) -> bool {
    file_name.is_some_and(|n| n.eq_ignore_ascii_case(name))
        || aliases
            .unwrap_or_default()
            .iter()
            .any(|a| a.eq_ignore_ascii_case(name))
}

/// What an embedded file answers to.
struct IndexEntry {
    stem: &'static str,
    text: &'static str,
    name: String,
    aliases: Vec<String>,
}

/// The embedded files with their names, read once.
fn embedded_index() -> &'static [IndexEntry] {
    static INDEX: OnceLock<Vec<IndexEntry>> = OnceLock::new();
    INDEX.get_or_init(|| {
        FILES
            .iter()
            .map(|f| {
                let parsed = Source::parse(
                    String::new(),
                    String::new(),
                    f.text.to_string(),
                    Home::Embedded,
                )
                .ok()
                .map(|s| s.file);
                IndexEntry {
                    stem: f.stem,
                    text: f.text,
                    name: parsed
                        .as_ref()
                        .and_then(|p| p.name.clone())
                        .unwrap_or_else(|| f.stem.to_string()),
                    aliases: parsed.and_then(|p| p.aliases).unwrap_or_default(),
                }
            })
            .collect()
    })
}

/// The embedded file whose stem, `name` or alias is `name`.
pub(super) fn find_embedded(name: &str) -> Option<Result<Source, LoadError>> {
    let index = embedded_index();
    let entry = index
        .iter()
        .find(|e| e.stem.eq_ignore_ascii_case(name))
        .or_else(|| {
            index
                .iter()
                .find(|e| answers_to(Some(&e.name), Some(&e.aliases), name))
        })?;
    let label = format!("<embedded>/{}.ron", entry.stem);
    Some(Source::parse(
        label.clone(),
        label,
        entry.text.to_string(),
        Home::Embedded,
    ))
}
