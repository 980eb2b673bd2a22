//! `alfil check FILE…`: loads each variant file and reports every error the loader finds and
//! the warnings of `findings.rs`, located in the file, as text or JSON. Exit status 0 when
//! every file is clean, 1 when there are warnings only, 2 when a file has errors.

mod diagnostic;
mod findings;

use std::path::Path;
use std::sync::Arc;

use crate::movegen::build_ruleset;
use crate::position::ruleset::RulesetError;
use crate::variant::{load_embedded_kept, load_file_kept, load_text_kept, LoadError, LoadedFile};

pub use diagnostic::{Diagnostic, Severity};

/// Output forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// `FILE:LINE:COL: warning[CODE]: message`, the line, a caret.
    Text,
    /// One JSON array of `{severity, code, file, line, column, message}` objects.
    Json,
}

/// The command line of `alfil check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// Variant files (a name without a file checks the built-in variant of that name).
    #[arg(required = true)]
    pub files: Vec<String>,
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The findings of one file (or built-in variant).
pub fn check(name_or_path: &str) -> Vec<Diagnostic> {
    let path = Path::new(name_or_path);
    if name_or_path.ends_with(".ron") || path.exists() {
        findings_of(load_file_kept(path))
    } else {
        findings_of(load_embedded_kept(name_or_path))
    }
}

/// The findings of `text` read as the file at `path` (which need not exist; `inherits` is
/// resolved in its folder): what `check` would say once the text is saved there.
pub fn check_text(text: &str, path: &Path) -> Vec<Diagnostic> {
    findings_of(load_text_kept(text, path))
}

fn findings_of(loaded: Result<LoadedFile, LoadError>) -> Vec<Diagnostic> {
    let file = match loaded {
        Ok(file) => file,
        Err(e) => return vec![Diagnostic::new(Severity::Error, "load", e)],
    };
    match build_ruleset(Arc::new(file.variant.clone())) {
        Ok(tables) => findings::warnings(&file, &tables),
        Err(RulesetError::Located(at)) => vec![Diagnostic::new(Severity::Error, "load", *at)],
        Err(e) => vec![Diagnostic::new(
            Severity::Error,
            "load",
            LoadError {
                file: file.label().to_string(),
                line: 0,
                column: 0,
                message: e.to_string(),
                line_text: String::new(),
            },
        )],
    }
}

/// Runs `alfil check`: prints the findings and gives the exit status (0 clean, 1 warnings,
/// 2 errors).
pub fn run(args: &CheckArgs) -> u8 {
    let found: Vec<Diagnostic> = args.files.iter().flat_map(|f| check(f)).collect();
    match args.format {
        Format::Text => {
            for d in &found {
                crate::outln!("{}", d.to_text());
            }
            let count = |s: Severity| found.iter().filter(|d| d.severity == s).count();
            crate::outln!(
                "{} file(s) checked: {} error(s), {} warning(s)",
                args.files.len(),
                count(Severity::Error),
                count(Severity::Warning)
            );
        }
        Format::Json => {
            let json = serde_json::to_string_pretty(&found)
                .unwrap_or_else(|e| format!("[{{\"severity\": \"error\", \"message\": \"{e}\"}}]"));
            crate::outln!("{json}");
        }
    }
    match found.iter().map(|d| d.severity).max() {
        None => 0,
        Some(Severity::Warning) => 1,
        Some(Severity::Error) => 2,
    }
}
