//! `alfil check FILE…`: loads each variant file and reports every error the loader finds (the
//! file loaded again past each one, `recover.rs`) and the findings of `findings.rs`, located
//! in the file, as text or JSON. Exit status 0 when every file is clean, 1 when there are
//! warnings only, 2 when a file has errors.

mod diagnostic;
mod findings;
mod recover;

use std::path::Path;
use std::sync::Arc;

use crate::movegen::build_ruleset_royals_unchecked;
use crate::position::ruleset::RulesetError;
use crate::variant::load::shadowed_parent;
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

/// At most this many errors are reported for one file.
const MAX_ERRORS: usize = 50;

/// The findings of one file (or built-in variant).
pub fn check(name_or_path: &str) -> Vec<Diagnostic> {
    let path = Path::new(name_or_path);
    if name_or_path.ends_with(".ron") || path.exists() {
        match std::fs::read_to_string(path) {
            Ok(text) => check_text(text.strip_prefix('\u{feff}').unwrap_or(&text), path),
            Err(_) => findings_of(load_file_kept(path)).unwrap_or_else(|e| vec![e]),
        }
    } else {
        findings_of(load_embedded_kept(name_or_path)).unwrap_or_else(|e| vec![e])
    }
}

/// The findings of `text` read as the file at `path` (which need not exist; `inherits` is
/// resolved in its folder): what `check` would say once the text is saved there. Every error
/// is reported: after each, the file is loaded again with the value at fault set aside.
pub fn check_text(text: &str, path: &Path) -> Vec<Diagnostic> {
    let original = text;
    let label = path.display().to_string();
    let mut text = text.to_string();
    let mut errors: Vec<Diagnostic> = Vec::new();
    let mut repairs: Vec<recover::Repair> = Vec::new();
    // The text before the last repair, where it was made and the key it set aside.
    let mut last: Option<(String, usize, Option<String>)> = None;
    let mut neutral_only = true;
    while errors.len() < MAX_ERRORS {
        let error = match findings_of(load_text_kept(&text, path)) {
            Ok(found) => {
                let touched = |d: &Diagnostic| {
                    offset_of(&text, d.line, d.column)
                        .is_some_and(|at| repairs.iter().any(|r| r.covers(at)))
                };
                // Warnings of a file whose values were changed to go on may be the changes'
                // doing: they wait until the errors are fixed.
                // A file's own `piece_to_char` set aside lets the inherited one be completed:
                // the file is told about its own string instead.
                let own_p2c = recover::writes_key(original, "piece_to_char");
                let found: Vec<Diagnostic> = found
                    .into_iter()
                    .filter(|d| !touched(d))
                    .filter(|d| !(own_p2c && d.code == "piece-to-char-completed"))
                    .filter(|d| neutral_only || d.severity == Severity::Error)
                    .collect();
                errors.extend(found);
                break;
            }
            Err(error) => error,
        };
        let at = offset_of(&text, error.line, error.column);
        let Some(at) = at.filter(|_| error.file == label) else {
            errors.push(error);
            break;
        };
        let repeated = errors
            .iter()
            .any(|e| (e.line, e.column) == (error.line, error.column));
        if repeated || repairs.iter().any(|r| r.covers(at)) {
            break;
        }
        let missing_key = last.as_ref().and_then(|(_, _, key)| {
            key.as_ref()
                .filter(|k| error.message.starts_with(&format!("missing `{k}`")))
        });
        let step = match (missing_key, &last) {
            (Some(_), Some((before, where_, _))) => {
                // The key just set aside may not be left out: set its whole entry aside.
                repairs.pop();
                let step = recover::repair_enclosing(before, *where_);
                last = None;
                step
            }
            _ => {
                let message = error.message.clone();
                // Setting aside an unknown or repeated key, or a `piece_to_char` that lacks a
                // piece, changes nothing the loader would have used.
                neutral_only &= message.starts_with("unknown key")
                    || message.contains("is given twice")
                    || message.contains("is missing from piece_to_char");
                errors.push(error);
                if !recover::is_ron(&text) {
                    break;
                }
                last = Some((text.clone(), at, recover::key_at(&text, at)));
                if message.contains("is missing from piece_to_char") {
                    recover::repair_piece_to_char(&text, at)
                } else {
                    recover::repair(&text, at)
                }
            }
        };
        match step {
            recover::Step::Retry(repaired, repair) => {
                text = repaired;
                repairs.push(repair);
            }
            recover::Step::Stop => break,
        }
    }
    if let Some(shadow) = shadowing(original, path) {
        errors.push(shadow);
    }
    errors.into_iter().map(|d| d.shown_in(original)).collect()
}

/// A warning when the file's `inherits` names a file of its folder that shadows the built-in
/// variant of that name.
fn shadowing(text: &str, path: &Path) -> Option<Diagnostic> {
    let (name, file) = shadowed_parent(text, path)?;
    let at = text.find("inherits").unwrap_or(0);
    let (line, column) = line_col(text, at);
    Some(Diagnostic::warning(
        "shadowed-parent",
        LoadError {
            file: path.display().to_string(),
            line,
            column,
            message: format!(
                "`inherits: \"{name}\"` takes {}, not the built-in variant `{name}`, which that \
                 file shadows; rename the file (and its `name`) if the built-in one is meant",
                file.display()
            ),
            line_text: String::new(),
        },
    ))
}

/// 1-based line and character column of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The byte offset of a 1-based line and character column.
fn offset_of(text: &str, line: usize, column: usize) -> Option<usize> {
    if line == 0 {
        return None;
    }
    let start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let rest = text.get(start..)?;
    let within = rest
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(rest.len(), |(i, _)| i);
    Some(start + within)
}

/// The findings of a loaded file, or the error that kept it from loading.
fn findings_of(loaded: Result<LoadedFile, LoadError>) -> Result<Vec<Diagnostic>, Diagnostic> {
    let file = loaded.map_err(|e| Diagnostic::new(Severity::Error, "load", e))?;
    match build_ruleset_royals_unchecked(Arc::new(file.variant.clone())) {
        Ok(tables) => Ok(findings::findings(&file, &tables)),
        Err(RulesetError::Located(at)) => Err(Diagnostic::new(Severity::Error, "load", *at)),
        Err(e) => Err(Diagnostic::new(
            Severity::Error,
            "load",
            LoadError {
                file: file.label().to_string(),
                line: 0,
                column: 0,
                message: e.to_string(),
                line_text: String::new(),
            },
        )),
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
