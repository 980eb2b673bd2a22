//! Loading variants: from text, from a file, or by name from the variants built into the binary
//! (optionally searching a folder first), with `inherits` chains followed and every error
//! reported as `FILE:LINE:COL: message` plus the offending line.

use std::path::{Path, PathBuf};

use super::assemble::{assemble, flatten};
use super::embedded::{answers_to, embedded_names, find_embedded};
use super::error::LoadError;
use super::folder;
use super::locate::Seg;
use super::located::LoadedFile;
use super::nearest;
use super::schema::VariantFile;
use super::source::{Home, Source};
use super::{Kin, PieceType, Variant};

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
    finish(Source::read(path)?)
}

/// Loads an embedded variant by file stem, `name` or alias (case-insensitive).
pub fn load_by_name(name: &str) -> Result<Variant, LoadError> {
    Library::embedded().load(name)
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
                let place = match &self.folder {
                    Some(folder) => format!("{} or the built-in variants", folder.display()),
                    None => "the built-in variants".to_string(),
                };
                let hint = match self.suggest(name) {
                    Some(near) => format!("did you mean `{near}`? "),
                    None => String::new(),
                };
                Err(LoadError::without_position(
                    &format!("variant `{name}`"),
                    format!(
                        "no variant of that name in {place}; {hint}`alfil variants` lists the \
                         built-in ones"
                    ),
                ))
            }
        }
    }

    /// Every variant name the library offers, sorted (a folder file shadows an embedded
    /// variant of the same name).
    pub fn names(&self) -> Vec<String> {
        let mut names = embedded_names();
        if let Some(folder) = &self.folder {
            names.extend(
                folder::index(folder)
                    .files
                    .iter()
                    .filter_map(|f| f.name.clone()),
            );
        }
        names.sort();
        names.dedup();
        names
    }

    /// The offered name nearest to `name`, if `name` looks like a slip for it.
    pub fn suggest(&self, name: &str) -> Option<String> {
        nearest::closest(name, &self.names())
    }

    /// The folder's files with their modification times and lengths (empty without a
    /// folder): two stamps differ when a file was edited, added or removed in between.
    pub fn folder_stamp(&self) -> Vec<(PathBuf, Option<std::time::SystemTime>, u64)> {
        match &self.folder {
            Some(folder) => folder::index(folder).stamps(),
            None => Vec::new(),
        }
    }

    /// Whether `name` names a file of the folder or a built-in variant (loadable or not).
    pub fn knows(&self, name: &str) -> bool {
        let in_folder = self
            .folder
            .as_ref()
            .is_some_and(|folder| folder_file(folder, name).is_some());
        in_folder || find_embedded(name).is_some()
    }

    /// What is wrong with the folder, for the user: a folder that cannot be read, each file
    /// that cannot be read or parsed (located), and files whose names clash with each other or
    /// shadow a built-in variant. Files that parse but fail to load show up when loaded.
    pub fn problems(&self) -> Vec<String> {
        match &self.folder {
            Some(folder) => folder::index(folder).problems(),
            None => Vec::new(),
        }
    }
}

/// Loads a variant file and keeps its text, for diagnostics that point into it.
pub fn load_file_kept(path: &Path) -> Result<LoadedFile, LoadError> {
    let (variant, leaf, flat) = finish_keeping_leaf(Source::read(path)?)?;
    Ok(LoadedFile::new(variant, leaf, flat))
}

/// Loads `text` as if it were the file at `path` (which need not exist): messages name `path`
/// and `inherits` is resolved in its folder, then against the embedded variants. Keeps the text.
pub fn load_text_kept(text: &str, path: &Path) -> Result<LoadedFile, LoadError> {
    let label = path.display().to_string();
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let key =
        std::fs::canonicalize(path).map_or_else(|_| label.clone(), |p| p.display().to_string());
    let leaf = Source::parse(label, key, text.to_string(), Home::Folder(folder))?;
    let (variant, leaf, flat) = finish_keeping_leaf(leaf)?;
    Ok(LoadedFile::new(variant, leaf, flat))
}

/// Loads a built-in variant by name and keeps its text (`<embedded>/NAME.ron`).
pub fn load_embedded_kept(name: &str) -> Result<LoadedFile, LoadError> {
    let Some(found) = find_embedded(name) else {
        return Err(LoadError::without_position(
            &format!("variant `{name}`"),
            "no built-in variant of that name; `alfil variants` lists them",
        ));
    };
    let (variant, leaf, flat) = finish_keeping_leaf(found?)?;
    Ok(LoadedFile::new(variant, leaf, flat))
}

/// Follows the `inherits` chain from `leaf` and builds the variant.
fn finish(leaf: Source) -> Result<Variant, LoadError> {
    finish_keeping_leaf(leaf).map(|(variant, _, _)| variant)
}

/// [`finish`], giving back the leaf file and the chain flattened into one file too.
fn finish_keeping_leaf(leaf: Source) -> Result<(Variant, Source, VariantFile), LoadError> {
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
    let mut variant = assemble(&chain)?;
    variant.kin = kin(&chain, &variant);
    let flat = flatten(&chain)?;
    let leaf = chain.pop().expect("the chain starts with the leaf");
    Ok((variant, leaf, flat))
}

/// The variants of `chain` (the leaf, `variant`, last) that the leaf inherits with its own
/// board and pieces (each letter with the same moves, royalty and promotion), nearest first.
/// An ancestor that does not load alone (a partial file meant only to be inherited) is none.
fn kin(chain: &[Source], variant: &Variant) -> Vec<Kin> {
    let same_piece = |a: &PieceType, b: &PieceType| {
        a.id == b.id
            && a.moves_text == b.moves_text
            && a.royal == b.royal
            && a.royal_when_last == b.royal_when_last
            && a.promoted_of == b.promoted_of
            && a.promotion.as_ref().map(|p| &p.choices) == b.promotion.as_ref().map(|p| &p.choices)
    };
    (1..chain.len())
        .rev()
        .filter_map(|end| assemble(&chain[..end]).ok())
        .filter(|a| {
            a.files == variant.files
                && a.ranks == variant.ranks
                && a.pieces.len() == variant.pieces.len()
                && a.pieces
                    .iter()
                    .zip(&variant.pieces)
                    .all(|(x, y)| same_piece(x, y))
        })
        .map(|a| Kin {
            same_game: same_game(&a, variant),
            name: a.name,
            source: a.source,
        })
        .collect()
}

/// Whether `variant` plays the game of `ancestor` (same pieces given): the same rules, hand
/// and start board, where a Chess960 variant's shuffled start counts as the same.
fn same_game(ancestor: &Variant, variant: &Variant) -> bool {
    let board = |v: &Variant| v.start_fen.split(' ').next().unwrap_or("").to_string();
    ancestor.rules == variant.rules
        && ancestor.hand == variant.hand
        && (variant.chess960 || board(ancestor) == board(variant))
}

/// The file of the folder of `path` that the `inherits` of `text` (the file at `path`) names,
/// where a built-in variant answers to the same name, which it shadows: the name and the file.
pub fn shadowed_parent(text: &str, path: &Path) -> Option<(String, PathBuf)> {
    let label = path.display().to_string();
    let leaf = Source::parse(label.clone(), label, text.to_string(), Home::Embedded).ok()?;
    let name = leaf.file.inherits?;
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let file = folder_file(&folder, &name)?;
    let itself = std::fs::canonicalize(&file).ok() == std::fs::canonicalize(path).ok();
    (!itself && find_embedded(&name).is_some()).then_some((name, file))
}

/// The file that `child` inherits from: in the child's folder, then embedded.
fn find_parent(child: &Source, name: &str) -> Result<Source, LoadError> {
    // A file that inherits its own name (`chess.ron` changing the built-in chess) means the
    // variant it shadows, not itself.
    let in_folder = match &child.home {
        Home::Folder(folder) => find_in_folder(folder, name)
            .filter(|found| found.as_ref().map_or(true, |s| s.key != child.key)),
        Home::Embedded => None,
    };
    if let Some(found) = in_folder.or_else(|| find_embedded(name)) {
        return found;
    }
    let searched = match &child.home {
        Home::Folder(folder) => format!("{} and the embedded variants", folder.display()),
        Home::Embedded => "the embedded variants".to_string(),
    };
    let library = match &child.home {
        Home::Folder(folder) => Library::with_folder(folder),
        Home::Embedded => Library::embedded(),
    };
    let hint = library
        .suggest(name)
        .map(|near| format!("; did you mean `{near}`?"))
        .unwrap_or_default();
    Err(child.error_at(
        &[Seg::Key("inherits")],
        format!(
            "{} inherits `{name}`, but no variant file `{name}` was found in {searched}{hint}",
            child.label
        ),
    ))
}

/// A file of `folder` whose stem, `name` or alias is `name` (found in the folder's index, so
/// only that one file is read).
fn find_in_folder(folder: &Path, name: &str) -> Option<Result<Source, LoadError>> {
    folder_file(folder, name).map(|path| Source::read(&path))
}

/// The path of the folder's file that answers to `name` (file stem first, then `name` and
/// aliases), from the folder's index: nothing is read.
fn folder_file(folder: &Path, name: &str) -> Option<PathBuf> {
    let index = folder::index(folder);
    let stem_is = |f: &&folder::IndexedFile| {
        f.path
            .file_stem()
            .is_some_and(|s| s.to_string_lossy().eq_ignore_ascii_case(name))
    };
    let found = index.files.iter().find(stem_is).or_else(|| {
        index
            .files
            .iter()
            .find(|f| answers_to(f.name.as_deref(), Some(&f.aliases), name))
    })?;
    Some(found.path.clone())
}
