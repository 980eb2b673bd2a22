//! The page `alfil serve` shows, shipped inside the binary: its HTML, script and style, and
//! the project's own piece images (SVG shapes without colours: the page colours them per side).

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

/// Piece images by the piece name they draw.
const PIECES: &[(&str, &str)] = &[
    ("king", include_str!("page/pieces/king.svg")),
    ("queen", include_str!("page/pieces/queen.svg")),
    ("rook", include_str!("page/pieces/rook.svg")),
    ("bishop", include_str!("page/pieces/bishop.svg")),
    ("knight", include_str!("page/pieces/knight.svg")),
    ("pawn", include_str!("page/pieces/pawn.svg")),
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

/// The image of a piece: `/pieces/NAME.svg`.
pub fn piece(file: &str) -> Result<Reply, ApiError> {
    file.strip_suffix(".svg")
        .and_then(|name| PIECES.iter().find(|(n, _)| *n == name))
        .map(|(_, svg)| http::bytes(200, "image/svg+xml", svg.as_bytes().to_vec()))
        .ok_or_else(|| ApiError::not_found(format!("no piece image {file}")))
}

/// The image a piece of this name is drawn with, if there is one.
pub fn image_for(name: &str) -> Option<&'static str> {
    let name = name.to_ascii_lowercase();
    PIECES.iter().map(|(n, _)| *n).find(|n| *n == name)
}
