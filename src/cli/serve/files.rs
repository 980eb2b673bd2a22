//! The variants folder as the page sees it: the list of its files, a file's text, `alfil
//! check`'s findings on a text as if saved under a name, and saving — only to a plain file
//! name ending in `.ron` directly inside the folder, so nothing is written anywhere else.
//! No symbolic link is followed: a name that is a link (to a file, a folder or nothing) is
//! neither read nor written, and a save goes to a new temporary file renamed into place once
//! its text has been checked.

use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use serde::Serialize;

use crate::cli::check::{check_text, Diagnostic, Severity};
use crate::variant::weights::is_weights_file;

use super::http::ApiError;

/// The largest variant file the page may save.
const MAX_FILE: usize = 256 * 1024;

/// The path of the file `name` in `folder`, if `name` is a plain `.ron` file name.
pub fn file_path(folder: &Path, name: &str) -> Result<PathBuf, ApiError> {
    let plain = name.len() <= 100
        && name.ends_with(".ron")
        && name.len() > ".ron".len()
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && !name.contains("..");
    if !plain {
        return Err(ApiError {
            status: 403,
            message: format!(
                "'{name}' is not a file name in the variants folder: letters, digits, '-', '_' \
                 and '.', ending in .ron, no folders"
            ),
        });
    }
    Ok(folder.join(name))
}

/// The `.ron` files of the folder, sorted.
pub fn list(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| file_path(folder, n).is_ok() && !is_weights_file(Path::new(n)))
        .collect();
    names.sort();
    names
}

/// The text of the folder's file `name`: a regular file, not a link.
pub fn read(folder: &Path, name: &str) -> Result<String, ApiError> {
    let path = inside(folder, name)?;
    let unreadable = |e: std::io::Error| ApiError::not_found(format!("cannot read {name}: {e}"));
    if !fs::symlink_metadata(&path).map_err(unreadable)?.is_file() {
        return Err(not_plain(name));
    }
    let mut text = String::new();
    open_no_follow(&path, OpenOptions::new().read(true))
        .and_then(|f| f.take(MAX_FILE as u64 + 1).read_to_string(&mut text))
        .map_err(unreadable)?;
    if text.len() > MAX_FILE {
        return Err(ApiError::bad_request(format!(
            "{name} is larger than {MAX_FILE} bytes"
        )));
    }
    Ok(text)
}

/// The refusal of a name that is not a regular file (a link, a folder, a device).
fn not_plain(name: &str) -> ApiError {
    ApiError {
        status: 403,
        message: format!(
            "{name} is not a regular file of the variants folder (links are not followed)"
        ),
    }
}

/// The path of `name` in `folder` (see `file_path`), once the folder is known to be the
/// canonical parent of that path: the name is neither a link nor anything else leading out.
fn inside(folder: &Path, name: &str) -> Result<PathBuf, ApiError> {
    let path = file_path(folder, name)?;
    let canonical = |p: &Path| fs::canonicalize(p).ok();
    let parent = path.parent().and_then(canonical);
    if parent.is_none() || parent != canonical(folder) {
        return Err(not_plain(name));
    }
    Ok(path)
}

/// Opens `path` without following a link at its last component (on Linux, `O_NOFOLLOW`; the
/// `symlink_metadata` checks before it guard the other systems).
fn open_no_follow(path: &Path, options: &mut OpenOptions) -> std::io::Result<File> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW);
    }
    options.open(path)
}

/// A finding as the page lists it.
#[derive(Serialize)]
pub struct Finding {
    #[serde(flatten)]
    pub diagnostic: Diagnostic,
    /// The human form, with the line and a caret.
    pub text: String,
}

/// `alfil check` on `text` as the folder's file `name`.
pub fn check(folder: &Path, name: &str, text: &str) -> Result<Vec<Finding>, ApiError> {
    let path = file_path(folder, name)?;
    Ok(check_text(text, &path)
        .into_iter()
        .map(|d| Finding {
            text: d.to_text(),
            diagnostic: d,
        })
        .collect())
}

/// Saves `text` as the folder's file `name` (creating the folder if needed) and gives its
/// findings. The text is checked first, and one with an error is not saved; it is written to a new temporary file beside the
/// target and renamed over it, so the target is replaced, never written through (a link in
/// its place is refused before anything is written).
pub fn save(folder: &Path, name: &str, text: &str) -> Result<Vec<Finding>, ApiError> {
    file_path(folder, name)?;
    if text.len() > MAX_FILE {
        return Err(ApiError::bad_request(format!(
            "a variant file of more than {MAX_FILE} bytes is not saved"
        )));
    }
    let findings = check(folder, name, text)?;
    if let Some(error) = findings
        .iter()
        .find(|f| f.diagnostic.severity == Severity::Error)
    {
        return Err(ApiError {
            status: 422,
            message: format!("not saved: {}", error.text),
        });
    }
    let cannot = |e: std::io::Error| ApiError {
        status: 500,
        message: format!("cannot write {name}: {e}"),
    };
    fs::create_dir_all(folder).map_err(cannot)?;
    let path = inside(folder, name)?;
    match fs::symlink_metadata(&path) {
        Ok(meta) if !meta.is_file() => return Err(not_plain(name)),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(cannot(e)),
    }
    static SAVES: AtomicU64 = AtomicU64::new(0);
    let temporary = folder.join(format!(
        ".{name}.{}-{}.tmp",
        std::process::id(),
        SAVES.fetch_add(1, Ordering::Relaxed)
    ));
    let written = open_no_follow(&temporary, OpenOptions::new().write(true).create_new(true))
        .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.sync_all()))
        .and_then(|()| fs::rename(&temporary, &path));
    if let Err(e) = written {
        let _ = fs::remove_file(&temporary);
        return Err(cannot(e));
    }
    Ok(findings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_ron_names_inside_the_folder() {
        let folder = Path::new("/tmp/variants");
        assert_eq!(
            file_path(folder, "my-chess_2.ron").expect("plain"),
            folder.join("my-chess_2.ron")
        );
        for bad in [
            "../x.ron",
            "/etc/passwd",
            "sub/x.ron",
            "x.txt",
            ".ron",
            ".hidden.ron",
            "a..b.ron",
            "x.ron/",
            "c:\\x.ron",
            "",
        ] {
            let e = file_path(folder, bad).expect_err(bad);
            assert_eq!(e.status, 403, "{bad}");
        }
    }
}
