//! The variants the engine offers to the GUI: every variant of the library (the variant folder
//! first, then the ones built into the binary). For CECP each goes under the name XBoard should
//! use, with the size-prefixed names (`8x8+0_capablanca`) XBoard sends when a built-in variant is
//! played on another board; for UCI under its own name (the `UCI_Variant` combo). Loaded tables
//! are kept, so choosing a variant is instant after the first time; when a file of the folder
//! changes, [`Catalogue::refresh`] reads the folder again and rebuilds what changed.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use crate::game::Game;
use crate::position::ruleset::Ruleset;
use crate::protocol::xboard::{self, strip_size_prefix};
use crate::variant::{Library, Variant};

/// Why a requested variant cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unavailable {
    /// No variant has that name; the nearest name, if it looks like a slip.
    Unknown(Option<String>),
    /// A file of that name does not load: the located message.
    Broken(String),
}

/// One offered variant.
struct Entry {
    /// The library's name for it.
    name: String,
    /// What XBoard calls it.
    xboard: String,
    /// `WxH+S_PARENT`, when the variant is its parent played on another board.
    sized: Option<String>,
}

/// The offered variants and the tables built so far.
pub struct Catalogue {
    library: Library,
    entries: Vec<Entry>,
    /// The library's name of every variant that loads, in the library's order.
    pub names: Vec<String>,
    /// Files that failed to load, with the reason (for `tellusererror`).
    pub problems: Vec<String>,
    tables: HashMap<String, Arc<Ruleset>>,
    /// The folder given to [`Catalogue::scan`].
    folder: String,
    /// The folder's files as they were when it was read.
    stamp: Vec<(PathBuf, Option<SystemTime>, u64)>,
}

/// What [`Catalogue::refresh`] found after a change in the variant folder.
pub struct Refresh {
    /// Files that do not load (located), and for each variant in use that no longer loads,
    /// that its last version that loaded stays in use.
    pub messages: Vec<String>,
}

/// The orders in which the variants can be announced, from `variants/menu.txt`: each set's
/// name and the XBoard names it puts first, the default set first.
pub fn menu_sets() -> Vec<(&'static str, Vec<&'static str>)> {
    let mut sets: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in include_str!("../../variants/menu.txt").lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            Some(set) => sets.push((set, Vec::new())),
            None => {
                if let Some((_, names)) = sets.last_mut() {
                    names.push(line);
                }
            }
        }
    }
    sets
}

/// Board size XBoard gives its built-in parent variants (files, ranks, holdings).
fn default_size(parent: &str) -> (u32, u32, u32) {
    match parent {
        "capablanca" | "gothic" | "janus" | "caparandom" | "falcon" => (10, 8, 0),
        "great" => (10, 8, 8),
        "grand" => (10, 10, 0),
        "courier" => (12, 8, 0),
        "shogi" => (9, 9, 7),
        "xiangqi" => (9, 10, 0),
        "chu" => (12, 12, 0),
        "crazyhouse" | "bughouse" => (8, 8, 5),
        "seirawan" => (8, 8, 7),
        "super" => (8, 8, 8),
        _ => (8, 8, 0),
    }
}

impl Catalogue {
    /// Read the variants of `folder` (empty: none) and the built-in ones.
    pub fn scan(folder: &str) -> Catalogue {
        let library = if folder.is_empty() || !Path::new(folder).is_dir() {
            Library::embedded()
        } else {
            Library::with_folder(folder)
        };
        let mut catalogue = Catalogue {
            library,
            entries: Vec::new(),
            names: Vec::new(),
            problems: Vec::new(),
            tables: HashMap::new(),
            folder: folder.to_string(),
            stamp: Vec::new(),
        };
        catalogue.stamp = catalogue.library.folder_stamp();
        catalogue.problems = catalogue.library.problems();
        let mut sized_count: HashMap<String, usize> = HashMap::new();
        for name in catalogue.library.names() {
            match catalogue.library.load(&name) {
                Ok(v) => {
                    let sized = sized_name(&v);
                    if let Some(s) = &sized {
                        *sized_count.entry(s.clone()).or_default() += 1;
                    }
                    let xboard = xboard::xboard_name(&v);
                    catalogue.names.push(name.clone());
                    if catalogue.entries.iter().all(|e| e.xboard != xboard) {
                        catalogue.entries.push(Entry {
                            name,
                            xboard,
                            sized,
                        });
                    }
                }
                Err(e) => catalogue.problems.push(e.to_string().replace('\n', " ")),
            }
        }
        for e in &mut catalogue.entries {
            if e.sized.as_ref().is_some_and(|s| sized_count[s] > 1) {
                e.sized = None;
            }
        }
        catalogue
    }

    /// Reads the variant folder again if a file in it was edited, added or removed since it was
    /// last read (`None`: nothing changed). Variants whose tables were built are rebuilt from
    /// the new files on their next use; one whose file no longer loads keeps the tables of its
    /// last version that loaded (and its place in the list), and the messages say why.
    pub fn refresh(&mut self) -> Option<Refresh> {
        if self.library.folder_stamp() == self.stamp {
            return None;
        }
        let mut fresh = Catalogue::scan(&self.folder);
        let mut messages = fresh.problems.clone();
        for (name, tables) in std::mem::take(&mut self.tables) {
            if let Err(why) = fresh.tables(&name) {
                if fresh.library.knows(&name) {
                    let why = why.replace('\n', " ");
                    if !fresh.problems.contains(&why) {
                        messages.push(why);
                    }
                    messages.push(format!(
                        "{name} no longer loads; the last version of it that loaded stays in use"
                    ));
                    fresh.tables.insert(name.clone(), tables);
                    if !fresh.names.contains(&name) {
                        fresh.names.push(name.clone());
                    }
                    let old = self.entries.iter().position(|e| e.name == name);
                    if let Some(i) = old {
                        let at = i.min(fresh.entries.len());
                        fresh.entries.insert(at, self.entries.remove(i));
                    }
                }
            }
        }
        *self = fresh;
        Some(Refresh { messages })
    }

    /// The value of the `variants` feature, in the order of the menu set `menu` (see
    /// [`menu_sets`]): the set's variants first, then the others as the library lists them.
    pub fn feature_list(&self, menu: &str) -> String {
        let order = menu_sets()
            .into_iter()
            .find(|(set, _)| *set == menu)
            .map(|(_, names)| names)
            .unwrap_or_default();
        let rank = |name: &str| order.iter().position(|&n| n == name).unwrap_or(usize::MAX);
        let mut names: Vec<&str> = self.entries.iter().map(|e| e.xboard.as_str()).collect();
        names.sort_by_key(|n| rank(n));
        names.extend(self.entries.iter().filter_map(|e| e.sized.as_deref()));
        names.join(",")
    }

    /// The library name of the variant a GUI's `variant` argument selects.
    pub fn resolve(&self, requested: &str) -> Option<String> {
        let lower = requested.to_ascii_lowercase();
        let by =
            |f: &dyn Fn(&Entry) -> bool| self.entries.iter().find(|e| f(e)).map(|e| e.name.clone());
        by(&|e| e.xboard == lower || e.name.eq_ignore_ascii_case(&lower))
            .or_else(|| by(&|e| e.sized.as_deref() == Some(lower.as_str())))
            .or_else(|| {
                let (_, rest) = strip_size_prefix(&lower)?;
                by(&|e| e.xboard == rest)
            })
            .or_else(|| self.library.load(requested).ok().map(|v| v.name))
    }

    /// Why `requested` selects no variant: the located error of a file or built-in variant
    /// of that name that does not load, or that no variant has the name (with the nearest name
    /// offered, if it looks like a slip).
    pub fn why_not(&self, requested: &str) -> Unavailable {
        if self.library.knows(requested) {
            if let Err(e) = self.library.load(requested) {
                return Unavailable::Broken(e.to_string());
            }
        }
        Unavailable::Unknown(self.library.suggest(requested))
    }

    /// The library name of the variant a UCI `UCI_Variant` value selects: a library name in any
    /// case, else whatever [`Catalogue::resolve`] accepts (aliases, XBoard's names).
    pub fn resolve_uci(&self, requested: &str) -> Option<String> {
        self.names
            .iter()
            .find(|n| n.eq_ignore_ascii_case(requested))
            .cloned()
            .or_else(|| self.resolve(requested))
    }

    /// The variant an engine starts with: chess, by its library name, from the start position.
    pub fn chess(&mut self) -> (String, Game) {
        let name = self
            .resolve("normal")
            .unwrap_or_else(|| "chess".to_string());
        match self.tables(&name) {
            Ok(tables) => (name, Game::new(tables)),
            // A broken file of the folder may shadow chess; the built-in one always loads (the
            // embedded-variant tests prove it).
            Err(_) => {
                let variant = crate::variant::load_by_name("chess")
                    .expect("the built-in chess variant loads");
                let tables = crate::movegen::build_ruleset(Arc::new(variant))
                    .expect("the built-in chess tables build");
                ("chess".to_string(), Game::new(tables))
            }
        }
    }

    /// The tables of a variant by library name, built on first use.
    pub fn tables(&mut self, name: &str) -> Result<Arc<Ruleset>, String> {
        if let Some(t) = self.tables.get(name) {
            return Ok(t.clone());
        }
        let variant = self.library.load(name).map_err(|e| e.to_string())?;
        let tables =
            crate::movegen::build_ruleset(Arc::new(variant)).map_err(|e| e.message_for(name))?;
        self.tables.insert(name.to_string(), tables.clone());
        Ok(tables)
    }
}

/// `WxH+S_PARENT` for a variant that is a built-in parent on a board of another size.
fn sized_name(v: &Variant) -> Option<String> {
    let parent = v.parent.as_str();
    if !xboard::is_builtin(parent) || parent == "fairy" {
        return None;
    }
    let size = (
        u32::from(v.files),
        u32::from(v.ranks),
        u32::from(v.holdings),
    );
    (size != default_size(parent)).then(|| format!("{}x{}+{}_{}", size.0, size.1, size.2, parent))
}
