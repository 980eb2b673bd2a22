//! One variant file read into memory: its text, where it came from, its parsed contents, and
//! the means to turn "this value is wrong" into a `LoadError` with line and column.

use std::fs;
use std::path::{Path, PathBuf};

use ron::extensions::Extensions;

use super::error::LoadError;
use super::locate::{line_col, offset_in_literal, Seg, SourceMap};
use super::schema::VariantFile;
use crate::types::piece_id::NOT_AN_ID;

/// Where a file's `inherits` is looked up before the embedded variants.
#[derive(Clone, Debug)]
pub enum Home {
    /// A folder on disk (the file's own folder).
    Folder(PathBuf),
    /// Only the embedded variants.
    Embedded,
}

/// A parsed variant file.
#[derive(Debug)]
pub struct Source {
    /// Name used in messages: the path as given, or `<embedded>/NAME.ron`.
    pub label: String,
    /// Identity for cycle detection (canonical path, or the embedded label).
    pub key: String,
    pub text: String,
    pub file: VariantFile,
    pub home: Home,
    map: SourceMap,
}

impl Source {
    /// Reads and parses a variant file. A UTF-8 byte-order mark at its start is skipped;
    /// `inherits` is looked up in the file's own folder.
    pub fn read(path: &Path) -> Result<Source, LoadError> {
        let label = path.display().to_string();
        let text = fs::read_to_string(path).map_err(|e| {
            LoadError::without_position(&label, format!("cannot read the file: {e}"))
        })?;
        let text = match text.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_string(),
            None => text,
        };
        let key =
            fs::canonicalize(path).map_or_else(|_| label.clone(), |p| p.display().to_string());
        let folder = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        Source::parse(label, key, text, Home::Folder(folder))
    }

    /// Parses `text`; RON syntax errors and unknown keys come back with their position.
    pub fn parse(
        label: String,
        key: String,
        text: String,
        home: Home,
    ) -> Result<Source, LoadError> {
        let options = ron::Options::default().with_default_extension(Extensions::IMPLICIT_SOME);
        match options.from_str::<VariantFile>(&text) {
            Ok(file) => Ok(Source {
                map: SourceMap::new(&text),
                label,
                key,
                text,
                file,
                home,
            }),
            Err(e) => {
                let line_start: usize = text
                    .split_inclusive('\n')
                    .take(e.position.line.saturating_sub(1))
                    .map(str::len)
                    .sum();
                let mut offset = (line_start + e.position.col.saturating_sub(1)).min(text.len());
                while !text.is_char_boundary(offset) {
                    offset -= 1;
                }
                if let ron::Error::NoSuchStructField { found, .. } = &e.code {
                    offset = text[..offset].rfind(found.as_str()).unwrap_or(offset);
                }
                if let Some(shown) = refused_id(&e.code) {
                    // RON reports the end of the value; point at the ID inside its quotes.
                    let quoted = [format!("'{shown}'"), format!("\"{shown}\"")];
                    let starts = quoted
                        .iter()
                        .filter_map(|q| text[..offset].rfind(q.as_str()));
                    offset = starts.max().map_or(offset, |at| at + 1);
                }
                let (line, column) = line_col(&text, offset);
                Err(LoadError::new(
                    &label,
                    &text,
                    line,
                    column,
                    describe(&e.code),
                ))
            }
        }
    }

    /// An error pointing at the value at `path` (or its nearest existing ancestor).
    pub fn error_at(&self, path: &[Seg], message: impl Into<String>) -> LoadError {
        self.error_at_offset(self.map.offset(path), message)
    }

    /// An error pointing at character `index` of the string literal at `path`.
    pub fn error_in(&self, path: &[Seg], index: usize, message: impl Into<String>) -> LoadError {
        let offset = offset_in_literal(&self.text, self.map.offset(path), index);
        self.error_at_offset(offset, message)
    }

    fn error_at_offset(&self, offset: usize, message: impl Into<String>) -> LoadError {
        let (line, column) = line_col(&self.text, offset);
        LoadError::new(&self.label, &self.text, line, column, message.into())
    }
}

/// The text of a piece ID the schema refused, from its message.
fn refused_id(code: &ron::Error) -> Option<&str> {
    let ron::Error::Message(message) = code else {
        return None;
    };
    let (shown, _) = message.strip_prefix('`')?.split_once(NOT_AN_ID)?;
    shown.strip_suffix('`')
}

/// RON's message, reworded for the keys and values of a variant file.
fn describe(code: &ron::Error) -> String {
    let list = |names: &[&str]| {
        names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match code {
        ron::Error::NoSuchStructField {
            expected,
            found,
            outer,
        } => format!(
            "unknown key `{found}` in {}; {}expected one of {}",
            part(outer.as_deref()),
            did_you_mean(found, expected),
            list(expected)
        ),
        ron::Error::MissingStructField { field, outer } => {
            format!("missing `{field}` in {}", part(outer.as_deref()))
        }
        ron::Error::DuplicateStructField { field, outer } => {
            format!("`{field}` is given twice in {}", part(outer.as_deref()))
        }
        ron::Error::NoSuchEnumVariant {
            expected, found, ..
        } => format!(
            "unknown value `{found}`; {}expected one of {}",
            did_you_mean(found, expected),
            list(expected)
        ),
        ron::Error::ExpectedIdentifier => {
            "expected a name here, written bare (a value such as `Draw` or `Win` is not \
             quoted)"
                .to_string()
        }
        other => other.to_string(),
    }
}

/// `did you mean `NAME`? ` for the expected name nearest to `found`, or nothing.
fn did_you_mean(found: &str, expected: &[&str]) -> String {
    let names: Vec<String> = expected.iter().map(|n| n.to_string()).collect();
    // A name with a word too many or too few (`checkmate_value`) is a slip for it too.
    let part_of = || {
        names
            .iter()
            .filter(|n| n.len() >= 4 && (found.starts_with(n.as_str()) || n.starts_with(found)))
            .max_by_key(|n| n.len())
            .cloned()
    };
    super::nearest::closest(found, &names)
        .or_else(part_of)
        .map(|near| format!("did you mean `{near}`? "))
        .unwrap_or_default()
}

/// The part of a variant file that a schema type describes.
fn part(type_name: Option<&str>) -> &'static str {
    match type_name {
        Some("PieceDef") => "a piece",
        Some("PromotionDef") => "a promotion",
        Some("CastlingDef") => "castling",
        Some("RulesDef") => "rules",
        Some("Board") => "board",
        _ => "the variant",
    }
}
