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
                "`image: \"{text}\"`: this variant (built in, or given as text) has no folder \
                 to read an SVG file from; name a piece of Alfil's set"
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::{load_by_name, load_file, load_str};

    /// A fresh folder of this test's own.
    fn folder(test: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("alfil-image-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a folder");
        dir
    }

    /// A variant with an archbishop drawn as `image`, written in `dir`.
    fn variant_with(dir: &Path, image: &str) -> std::path::PathBuf {
        let path = dir.join("hawk.ron");
        let text = format!(
            "(\n    name: \"hawk\",\n    inherits: \"chess\",\n    pieces: [\n        (letter: 'A', name: \"hawk\", moves: \"BN\", image: \"{image}\"),\n    ],\n)\n"
        );
        std::fs::write(&path, text).expect("a variant file");
        path
    }

    /// The column where the `image` value starts on line 5.
    const COLUMN: usize = "        (letter: 'A', name: \"hawk\", moves: \"BN\", image: ".len() + 1;

    #[test]
    fn a_set_piece_or_a_good_svg_file_is_read() {
        let dir = folder("good");
        let hawk_image = |image: &str| {
            load_file(&variant_with(dir.as_path(), image))
                .expect("loads")
                .pieces
                .iter()
                .find(|p| p.name == "hawk")
                .and_then(|p| p.image.clone())
        };
        assert_eq!(
            hawk_image("archbishop"),
            Some(PieceImage::Set("archbishop".to_string()))
        );
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"><circle r=\"3\"/></svg>";
        std::fs::write(dir.as_path().join("hawk.svg"), svg).expect("an SVG file");
        assert_eq!(
            hawk_image("hawk.svg"),
            Some(PieceImage::File {
                name: "hawk.svg".to_string(),
                svg: svg.to_string()
            })
        );
        // The shipped oriental files name their set pieces.
        let xiangqi = load_by_name("xiangqi").expect("xiangqi");
        assert!(xiangqi
            .pieces
            .iter()
            .all(|p| matches!(&p.image, Some(PieceImage::Set(n)) if n.starts_with("xiangqi-"))));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn bad_images_are_errors_at_the_field() {
        let dir = folder("bad");
        let at = |image: &str| {
            let e = load_file(&variant_with(dir.as_path(), image)).expect_err("an error");
            assert_eq!((e.line, e.column), (5, COLUMN), "{e:?}");
            e.message
        };
        let message = at("archbishp");
        assert!(
            message.contains("names no piece of Alfil's set; did you mean `archbishop`?"),
            "{message}"
        );
        let message = at("missing.svg");
        assert!(
            message.contains("cannot read the SVG file") && message.contains("missing.svg"),
            "{message}"
        );
        std::fs::write(
            dir.as_path().join("broken.svg"),
            "<svg viewBox=\"0 0 1 1\">\n<g>\n</svg>\n",
        )
        .expect("an SVG file");
        let message = at("broken.svg");
        assert!(
            message.contains("broken.svg:3:1: `</svg>` closes `<g>`"),
            "{message}"
        );
        let message = at("../outside.svg");
        assert!(message.contains("without `..`"), "{message}");
        // A variant without a folder cannot read a file.
        let text = "(name: \"x\", inherits: \"chess\", pieces: [(letter: 'A', name: \"a\", moves: \"BN\", image: \"a.svg\")])";
        let e = load_str(text, "x").expect_err("an error");
        assert!(e.message.contains("has no folder"), "{e:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
