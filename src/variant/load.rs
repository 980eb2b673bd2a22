//! Loading variants: from text, from a file, or by name from the variants built into the binary
//! (optionally searching a folder first), with `inherits` chains followed and every error
//! reported as `FILE:LINE:COL: message` plus the offending line.

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::assemble::assemble;
use super::embedded;
use super::locate::Seg;
use super::source::{Home, Source};
use super::Variant;

/// A variant that could not be loaded, and where the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file (path as given, or `<embedded>/NAME.ron`).
    pub file: String,
    /// 1-based line; 0 when the problem has no position (a file that cannot be read).
    pub line: usize,
    /// 1-based character column; 0 when there is no position.
    pub column: usize,
    pub message: String,
    /// The text of `line`, shown under the message.
    pub line_text: String,
}

impl LoadError {
    pub(super) fn new(file: &str, text: &str, line: usize, column: usize, message: String) -> Self {
        LoadError {
            file: file.to_string(),
            line,
            column,
            message,
            line_text: text
                .lines()
                .nth(line.saturating_sub(1))
                .unwrap_or("")
                .to_string(),
        }
    }

    pub(super) fn without_position(file: &str, message: impl Into<String>) -> Self {
        LoadError {
            file: file.to_string(),
            line: 0,
            column: 0,
            message: message.into(),
            line_text: String::new(),
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            return write!(f, "{}: {}", self.file, self.message);
        }
        writeln!(
            f,
            "{}:{}:{}: {}",
            self.file, self.line, self.column, self.message
        )?;
        writeln!(f, "{}", self.line_text)?;
        let pad: String = self
            .line_text
            .chars()
            .take(self.column.saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "{pad}^")
    }
}

impl std::error::Error for LoadError {}

/// Loads a variant from text; `source` names it in messages. `inherits` is resolved against
/// the embedded variants.
pub fn load_str(text: &str, source: &str) -> Result<Variant, LoadError> {
    let leaf = Source::parse(
        source.to_string(),
        source.to_string(),
        text.to_string(),
        Home::Embedded,
    )?;
    finish(leaf)
}

/// Loads a variant file; `inherits` is resolved in the file's folder (by file stem or by
/// `name`), then against the embedded variants.
pub fn load_file(path: &Path) -> Result<Variant, LoadError> {
    finish(read_file(path)?)
}

/// Loads an embedded variant by file stem, `name` or alias (case-insensitive).
pub fn load_by_name(name: &str) -> Result<Variant, LoadError> {
    Library::embedded().load(name)
}

/// The names of the embedded variants, sorted.
pub fn embedded_names() -> Vec<String> {
    let mut names: Vec<String> = embedded_index().iter().map(|e| e.name.clone()).collect();
    names.sort();
    names
}

/// Where variants are found by name: an optional folder of variant files, searched before the
/// embedded ones.
#[derive(Clone, Debug, Default)]
pub struct Library {
    folder: Option<PathBuf>,
}

impl Library {
    /// Only the embedded variants.
    pub fn embedded() -> Library {
        Library { folder: None }
    }

    /// The variant files in `folder` first, then the embedded ones.
    pub fn with_folder(folder: impl Into<PathBuf>) -> Library {
        Library {
            folder: Some(folder.into()),
        }
    }

    /// Loads the variant called `name` (file stem, `name` or alias, case-insensitive).
    pub fn load(&self, name: &str) -> Result<Variant, LoadError> {
        if let Some(folder) = &self.folder {
            if let Some(found) = find_in_folder(folder, name) {
                return finish(found?);
            }
        }
        match find_embedded(name) {
            Some(found) => finish(found?),
            None => {
                let place = self
                    .folder
                    .as_ref()
                    .map_or("<embedded>".to_string(), |f| f.display().to_string());
                Err(LoadError::without_position(
                    &place,
                    format!("no variant named `{name}`"),
                ))
            }
        }
    }

    /// Every variant name the library offers, sorted (a folder file shadows an embedded
    /// variant of the same name).
    pub fn names(&self) -> Vec<String> {
        let mut names = embedded_names();
        if let Some(folder) = &self.folder {
            for path in ron_files(folder) {
                if let Ok(source) = read_file(&path) {
                    names.extend(source.file.name);
                }
            }
        }
        names.sort();
        names.dedup();
        names
    }
}

/// Follows the `inherits` chain from `leaf` and builds the variant.
fn finish(leaf: Source) -> Result<Variant, LoadError> {
    let mut chain = vec![leaf];
    while let Some(child) = chain.last() {
        let Some(parent_name) = child.file.inherits.clone() else {
            break;
        };
        let parent = find_parent(child, &parent_name)?;
        if let Some(first) = chain.iter().position(|s| s.key == parent.key) {
            let cycle: Vec<&str> = chain[first..]
                .iter()
                .map(|s| s.label.as_str())
                .chain([parent.label.as_str()])
                .collect();
            return Err(child.error_at(
                &[Seg::Key("inherits")],
                format!("inherits cycle: {}", cycle.join(" -> ")),
            ));
        }
        chain.push(parent);
    }
    chain.reverse();
    assemble(&chain)
}

/// The file that `child` inherits from: in the child's folder, then embedded.
fn find_parent(child: &Source, name: &str) -> Result<Source, LoadError> {
    let in_folder = match &child.home {
        Home::Folder(folder) => find_in_folder(folder, name),
        Home::Embedded => None,
    };
    if let Some(found) = in_folder.or_else(|| find_embedded(name)) {
        return found;
    }
    let searched = match &child.home {
        Home::Folder(folder) => format!("{} and the embedded variants", folder.display()),
        Home::Embedded => "the embedded variants".to_string(),
    };
    Err(child.error_at(
        &[Seg::Key("inherits")],
        format!(
            "{} inherits `{name}`, but no variant file `{name}` was found in {searched}",
            child.label
        ),
    ))
}

fn read_file(path: &Path) -> Result<Source, LoadError> {
    let label = path.display().to_string();
    let text = fs::read_to_string(path)
        .map_err(|e| LoadError::without_position(&label, format!("cannot read the file: {e}")))?;
    let key = fs::canonicalize(path).map_or_else(|_| label.clone(), |p| p.display().to_string());
    let folder = path
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    Source::parse(label, key, text, Home::Folder(folder))
}

/// The `.ron` files of a folder, sorted (none if it cannot be read).
fn ron_files(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(folder)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// A file of `folder` whose stem, `name` or alias is `name`.
fn find_in_folder(folder: &Path, name: &str) -> Option<Result<Source, LoadError>> {
    let files = ron_files(folder);
    let stem_is = |p: &PathBuf| {
        p.file_stem()
            .is_some_and(|s| s.to_string_lossy().eq_ignore_ascii_case(name))
    };
    if let Some(path) = files.iter().find(|p| stem_is(p)) {
        return Some(read_file(path));
    }
    files
        .iter()
        .filter_map(|p| read_file(p).ok())
        .find(|s| answers_to(s.file.name.as_deref(), s.file.aliases.as_deref(), name))
        .map(Ok)
}

fn answers_to(file_name: Option<&str>, aliases: Option<&[String]>, name: &str) -> bool {
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
        embedded::FILES
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
fn find_embedded(name: &str) -> Option<Result<Source, LoadError>> {
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
