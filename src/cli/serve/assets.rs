//! The page `alfil serve` shows, shipped inside the binary: its HTML, script and style, and
//! the pieces of Alfil's own set (`crate::pieceset`: shapes without colours, the page colours
//! them per side).

use super::http::{self, ApiError, Reply};

/// The page's files: name, content type, text.
const PAGE: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("page/index.html"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("page/app.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("page/style.css"),
    ),
];

/// Whether the page has a file of this name.
pub fn has(file: &str) -> bool {
    PAGE.iter().any(|(name, _, _)| *name == file)
}

/// One of the page's files.
pub fn page(file: &str) -> Reply {
    match PAGE.iter().find(|(name, _, _)| *name == file) {
        Some((_, kind, text)) => http::bytes(200, kind, text.as_bytes().to_vec()),
        None => ApiError::not_found(format!("no page file {file}")).reply(),
    }
}

/// The image of a piece of Alfil's set: `/pieces/NAME.svg`.
pub fn piece(file: &str) -> Result<Reply, ApiError> {
    file.strip_suffix(".svg")
        .and_then(crate::pieceset::svg)
        .map(|svg| http::bytes(200, "image/svg+xml", svg.into_bytes()))
        .ok_or_else(|| ApiError::not_found(format!("no piece image {file}")))
}
