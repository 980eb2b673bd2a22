//! The variant files of a folder, indexed once: each file's `name` and aliases, or why it
//! cannot be read, kept until the file changes (its modification time or length). Looking a
//! name up then reads one file, not every file of the folder.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use super::embedded::{answers_to, embedded_names, embedded_text};
use super::source::Source;
use super::weights::is_weights_file;
use super::LoadError;

/// One `.ron` file of the folder.
#[derive(Clone, Debug)]
pub struct IndexedFile {
    pub path: PathBuf,
    /// When it was last changed, and its length: the index reads it again when these change.
    stamp: (Option<SystemTime>, u64),
    pub name: Option<String>,
    pub aliases: Vec<String>,
    /// Why it cannot be read or parsed.
    pub error: Option<LoadError>,
    /// The file is a copy of the built-in file of its name (as in Alfil's own `variants`
    /// folder): nothing to warn about.
    pub copy_of_built_in: bool,
}

/// A folder's files, sorted by path.
#[derive(Debug, Default)]
pub struct FolderIndex {
    folder: PathBuf,
    /// Why the folder itself cannot be read.
    unreadable: Option<String>,
    pub files: Vec<IndexedFile>,
}

impl FolderIndex {
    /// Each file's path, modification time and length: what changes when a file is edited,
    /// added or removed.
    pub fn stamps(&self) -> Vec<(PathBuf, Option<SystemTime>, u64)> {
        self.files
            .iter()
            .map(|f| (f.path.clone(), f.stamp.0, f.stamp.1))
            .collect()
    }

    /// Messages for the user about the folder and its files.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(why) = &self.unreadable {
            out.push(format!(
                "variant folder {}: {why}; only the built-in variants are offered",
                self.folder.display()
            ));
        }
        for f in &self.files {
            match (&f.error, &f.name) {
                (Some(e), _) => out.push(e.to_string()),
                (None, None) => out.push(format!(
                    "{}: missing `name`; the file is not offered",
                    f.path.display()
                )),
                (None, Some(_)) => {}
            }
        }
        let built_in = embedded_names();
        for (i, f) in self.files.iter().enumerate() {
            let Some(name) = &f.name else { continue };
            let earlier = self.files[..i]
                .iter()
                .find(|g| answers_to(g.name.as_deref(), Some(&g.aliases), name));
            if let Some(first) = earlier {
                out.push(format!(
                    "{} and {} are both named `{name}`; {} is used",
                    first.path.display(),
                    f.path.display(),
                    first.path.display()
                ));
            } else if !f.copy_of_built_in && built_in.iter().any(|b| b.eq_ignore_ascii_case(name)) {
                out.push(format!(
                    "{} is named `{name}` like a built-in variant; the file is used instead",
                    f.path.display()
                ));
            }
        }
        out
    }
}

/// The index of `folder`, brought up to date: files added, removed or changed since the last
/// call are read again, the others are not.
pub fn index(folder: &Path) -> Arc<FolderIndex> {
    static CACHE: OnceLock<Mutex<HashMap<PathBuf, Arc<FolderIndex>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let previous = cache
        .lock()
        .ok()
        .and_then(|c| c.get(folder).cloned())
        .unwrap_or_default();
    let fresh = Arc::new(refresh(folder, &previous));
    if let Ok(mut c) = cache.lock() {
        c.insert(folder.to_path_buf(), fresh.clone());
    }
    fresh
}

fn refresh(folder: &Path, previous: &FolderIndex) -> FolderIndex {
    let entries = match fs::read_dir(folder) {
        Ok(entries) => entries,
        Err(e) => {
            let why = if folder.exists() {
                format!("cannot be read ({e})")
            } else {
                "does not exist".to_string()
            };
            return FolderIndex {
                folder: folder.to_path_buf(),
                unreadable: Some(why),
                files: Vec::new(),
            };
        }
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron") && !is_weights_file(p))
        .collect();
    paths.sort();
    let files = paths
        .into_iter()
        .map(|path| {
            let stamp = fs::metadata(&path)
                .map(|m| (m.modified().ok(), m.len()))
                .unwrap_or((None, 0));
            // Both lists are sorted by path.
            let known = previous
                .files
                .binary_search_by(|f| f.path.cmp(&path))
                .ok()
                .map(|i| &previous.files[i]);
            match known {
                Some(known) if known.stamp == stamp && stamp.0.is_some() => known.clone(),
                _ => read(path, stamp),
            }
        })
        .collect();
    FolderIndex {
        folder: folder.to_path_buf(),
        unreadable: None,
        files,
    }
}

fn read(path: PathBuf, stamp: (Option<SystemTime>, u64)) -> IndexedFile {
    let (name, aliases, error, copy_of_built_in) = match Source::read(&path) {
        Ok(source) => {
            let copy = source
                .file
                .name
                .as_deref()
                .and_then(embedded_text)
                .is_some_and(|text| text.trim_start_matches('\u{feff}') == source.text);
            (
                source.file.name,
                source.file.aliases.unwrap_or_default(),
                None,
                copy,
            )
        }
        Err(e) => (None, Vec::new(), Some(e), false),
    };
    IndexedFile {
        path,
        stamp,
        name,
        aliases,
        error,
        copy_of_built_in,
    }
}
