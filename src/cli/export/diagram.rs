//! An HTML page with H. G. Muller's Interactive Diagram (chessvariants.com's `betzaNew.js`):
//! the board size, and each piece as `name:ID:XBetza:image:White's start squares`; the
//! Diagram mirrors them for Black.

use super::{board_rows, rules_missing, square, Exported, Variant};

pub fn export(v: &Variant, name: &str) -> Exported {
    let missing = rules_missing(v, &[]);
    let board: Vec<Vec<Option<String>>> = board_rows(&v.start_fen, v.files);
    let mut lines = vec![
        "<!DOCTYPE html>".to_string(),
        format!("<html><head><meta charset=\"utf-8\"><title>{name}</title></head><body>"),
        format!("<h1>{name}</h1>"),
    ];
    for m in &missing {
        lines.push(format!("<!-- not expressed: {m} -->"));
    }
    lines.push("<div class=\"idiagram\">".into());
    lines.push(format!("files={}", v.files));
    lines.push(format!("ranks={}", v.ranks));
    lines.push("graphicsDir=https://www.chessvariants.com/graphics.dir/alfaerie/".into());
    lines.push("squareSize=50".into());
    lines.push("graphicsType=gif".into());
    lines.push("symmetry=mirror".into());
    for p in &v.pieces {
        let id = p.id.to_string();
        let mut squares: Vec<String> = Vec::new();
        for (r, row) in board.iter().enumerate() {
            let rank = v.ranks - 1 - r as u8;
            for (f, cell) in row.iter().enumerate() {
                if cell.as_deref() == Some(id.as_str()) {
                    squares.push(square(f as u8, rank));
                }
            }
        }
        let image = p.name.to_ascii_lowercase().replace(' ', "");
        lines.push(format!(
            "{}:{}:{}:{image}:{}",
            p.name,
            id,
            p.moves_text,
            squares.join(",")
        ));
    }
    lines.push("</div>".into());
    lines.push(
        "<script type=\"text/javascript\" \
         src=\"https://www.chessvariants.com/membergraphics/MSjocly/betzaNew.js\"></script>"
            .into(),
    );
    lines.push("</body></html>".into());
    Exported {
        text: lines.join("\n") + "\n",
        missing,
    }
}
