//! A piece's `image` field read: the name of a piece of Alfil's set, or an SVG file beside the
//! variant file, read and checked now so that a missing or broken file is an error of the
//! variant at the field's place, not a blank square in the browser.

use std::path::Path;

use super::error::LoadError;
use super::locate::Seg;
use super::source::{Home, Source};
use super::svg_text;

/// How a piece is drawn, as its file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceImage {
    /// A piece of Alfil's set, by name.
    Set(String),
    /// An SVG file's text, and its name as the variant file gives it.
    File { name: String, svg: String },
}

/// The image `text` (the value of the `image` field at `path` of `source`) names.
pub fn resolve(source: &Source, path: &[Seg], text: &str) -> Result<PieceImage, LoadError> {
    if !text.to_ascii_lowercase().ends_with(".svg") {
        if crate::pieceset::has(text) {
            return Ok(PieceImage::Set(text.to_string()));
        }
        let names: Vec<String> = crate::pieceset::names()
            .into_iter()
            .map(String::from)
            .collect();
        let hint = super::nearest::closest(text, &names)
            .map(|near| format!("did you mean `{near}`? "))
            .unwrap_or_default();
        return Err(source.error_at(
            path,
            format!(
                "`image: \"{text}\"` names no piece of Alfil's set; {hint}give a set piece ({}) \
                 or an `.svg` file beside the variant file",
                names.join(", ")
            ),
        ));
    }
    let Home::Folder(folder) = &source.home else {
        return Err(source.error_at(
            path,
            format!(
                "`image: \"{text}\"`: a built-in variant has no folder to read an SVG file \
                 from; name a piece of Alfil's set"
            ),
        ));
    };
    let relative = Path::new(text);
    if relative.is_absolute()
        || relative
            .components()
            .any(|c| !matches!(c, std::path::Component::Normal(_)))
    {
        return Err(source.error_at(
            path,
            format!("`image: \"{text}\"`: give the SVG file's path inside the variant file's folder, without `..`"),
        ));
    }
    let file = folder.join(relative);
    let svg = std::fs::read_to_string(&file).map_err(|e| {
        source.error_at(
            path,
            format!("`image`: cannot read the SVG file {}: {e}", file.display()),
        )
    })?;
    svg_text::check(&svg).map_err(|fault| {
        source.error_at(
            path,
            format!(
                "`image`: {}:{}:{}: {} (not an SVG image the page can draw)",
                file.display(),
                fault.line,
                fault.column,
                fault.message
            ),
        )
    })?;
    Ok(PieceImage::File {
        name: text.to_string(),
        svg,
    })
}
