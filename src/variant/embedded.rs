//! The variant files compiled into the binary: every `variants/*.ron`, gathered by `build.rs`
//! (edit a file and rebuild to change a built-in variant).

/// One embedded variant file.
#[derive(Clone, Copy, Debug)]
pub struct EmbeddedFile {
    /// File name without `.ron`.
    pub stem: &'static str,
    pub text: &'static str,
}

// Defines `pub static FILES: &[EmbeddedFile]`, sorted by stem.
include!(concat!(env!("OUT_DIR"), "/embedded_variants.rs"));
