//! The variants folder as the page sees it: the list of its files, a file's text, `alfil
//! check`'s findings on a text as if saved under a name, and saving — only to a plain file
//! name ending in `.ron` directly inside the folder, so nothing is written anywhere else.

use std::fs;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::cli::check::{check_text, Diagnostic};
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
        .filter(|e| e.path().is_file())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| file_path(folder, n).is_ok() && !is_weights_file(Path::new(n)))
        .collect();
    names.sort();
    names
}

/// The text of the folder's file `name`.
pub fn read(folder: &Path, name: &str) -> Result<String, ApiError> {
    let path = file_path(folder, name)?;
    fs::read_to_string(&path)
        .map_err(|e| ApiError::not_found(format!("cannot read {}: {e}", path.display())))
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
/// findings.
pub fn save(folder: &Path, name: &str, text: &str) -> Result<Vec<Finding>, ApiError> {
    let path = file_path(folder, name)?;
    if text.len() > MAX_FILE {
        return Err(ApiError::bad_request(format!(
            "a variant file of more than {MAX_FILE} bytes is not saved"
        )));
    }
    let written = fs::create_dir_all(folder).and_then(|()| fs::write(&path, text));
    written.map_err(|e| ApiError {
        status: 500,
        message: format!("cannot write {}: {e}", path.display()),
    })?;
    check(folder, name, text)
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
