//! An HTML page with H. G. Muller's Interactive Diagram (chessvariants.com's `betzaNew.js`):
//! the board size, each piece as `name:ID:XBetza:image:White's squares,,Black's squares`
//! (`symmetry=none`, so an asymmetric start such as shogi's is placed as it is), the royal
//! pieces by their number (`royal=N`; without it the Diagram takes the last piece listed), the
//! promotion (the Diagram promotes its first `maxPromote` pieces in the last `promoZone` ranks
//! to the IDs of `promoChoice`; the promoting pieces are listed first) and castling as the
//! king's `isO` move, a stalemate that loses. What the page cannot say is listed in HTML
//! comments.

use super::{
    fen_cells, piece_properties, promotion_properties, ranks_from, rules_missing, square, Exported,
    Variant,
};
use crate::variant::{Colour, GameValue, PieceType};

/// The start squares of piece `id` (White's form) for each side, from the start FEN.
fn start_squares(v: &Variant, id: &str) -> [Vec<String>; 2] {
    start_coords(v, id).map(|side| side.into_iter().map(|(f, r)| square(f, r)).collect())
}

/// The same as 0-based (file, rank) pairs.
fn start_coords(v: &Variant, id: &str) -> [Vec<(u8, u8)>; 2] {
    let mut out = [Vec::new(), Vec::new()];
    for (r, row) in fen_cells(&v.start_fen).iter().enumerate() {
        let Some(rank) = (v.ranks as usize).checked_sub(r + 1) else {
            continue;
        };
        for (f, cell) in row.iter().enumerate().take(usize::from(v.files)) {
            if let Some(cell) = cell {
                let white = !cell.starts_with(|c: char| c.is_ascii_lowercase());
                if cell.to_ascii_uppercase() == id {
                    out[usize::from(!white)].push((f as u8, rank as u8));
                }
            }
        }
    }
    out
}

/// Whether the initial-move zone of `p` says what the Diagram's `i` (not moved yet) says: on
/// each side it is the squares where the piece starts, and every move of the piece goes
/// forward (one leg, direction letters `f` only), so the piece never comes back into it (the
/// chess and grand pawns).
fn zone_is_unmoved(v: &Variant, p: &PieceType) -> bool {
    let Some(zone) = &p.initial_zone else {
        return true;
    };
    let starts = start_coords(v, &p.id.to_string());
    let same = |colour: Colour, squares: &[(u8, u8)]| {
        (0..v.ranks)
            .flat_map(|r| (0..v.files).map(move |f| (f, r)))
            .all(|(f, r)| zone[colour].contains(f, r) == squares.contains(&(f, r)))
    };
    let forward = p.moves.parsed.components.iter().all(|c| {
        c.legs.len() == 1
            && !c.legs[0].directions.is_empty()
            && c.legs[0].directions.chars().all(|d| d == 'f')
    });
    forward && same(Colour::White, &starts[0]) && same(Colour::Black, &starts[1])
}

/// The promotion as the Diagram reads it, `(promoting pieces, zone depth, choice IDs)`, when
/// every promoting piece promotes alike (compulsorily, on reaching the last ranks, to the same
/// choices for both sides); `None` when there is no promotion or it cannot be said.
fn promotion(v: &Variant) -> Result<Option<(Vec<usize>, u8, String)>, String> {
    let promoting: Vec<usize> = (0..v.pieces.len())
        .filter(|&i| v.pieces[i].promotion.is_some())
        .collect();
    let Some(&first) = promoting.first() else {
        return Ok(None);
    };
    let reference = v.pieces[first].promotion.as_ref().expect("promotes");
    let alike = promoting.iter().all(|&i| {
        let p = v.pieces[i].promotion.as_ref().expect("promotes");
        p.zone[Colour::White] == reference.zone[Colour::White] && p.choices == reference.choices
    });
    let depth = ranks_from(v, &reference.zone[Colour::White]).map(|lowest| v.ranks - lowest);
    let plain = promoting.iter().all(|&i| {
        let p = v.pieces[i].promotion.as_ref().expect("promotes");
        p.mandatory && promotion_properties(p).is_empty()
    });
    match depth {
        Some(depth) if alike && plain => {
            let choices: String = reference
                .choices
                .iter()
                .map(|&c| v.pieces[c].id.to_string())
                .collect();
            Ok(Some((promoting, depth, choices)))
        }
        _ => Err(
            "promotions (the Diagram promotes its first pieces on reaching the last ranks, \
             compulsorily, all to the same choices)"
                .into(),
        ),
    }
}

/// The king's castling as a Diagram move (`isO2`: the king moves two squares each way, with
/// the outermost piece of its rank), when the variant's castling is that.
fn castling_move(v: &Variant, king: usize) -> Option<String> {
    let c = v.castling.as_ref().filter(|c| c.king == king)?;
    let [white, _] = start_squares(v, &v.pieces[king].id.to_string());
    let from = white.first()?;
    let file = from.as_bytes()[0] - b'a';
    let right = c.kingside_file.checked_sub(file)?;
    let left = file.checked_sub(c.queenside_file)?;
    let corners = c.kingside_partner_file == v.files - 1 && c.queenside_partner_file == 0;
    (right == left && right > 0 && c.rank == 0 && corners && c.dropped_king_file.is_none())
        .then(|| format!("isO{right}"))
}

pub fn export(v: &Variant, name: &str) -> Exported {
    let mut missing = rules_missing(v, &[]);
    let promotion = promotion(v).unwrap_or_else(|what| {
        missing.push(what);
        None
    });
    // The promoting pieces first: the Diagram promotes its first `maxPromote` pieces.
    let first: Vec<usize> = promotion.as_ref().map_or(Vec::new(), |p| p.0.clone());
    let order: Vec<usize> = first
        .iter()
        .copied()
        .chain((0..v.pieces.len()).filter(|i| !first.contains(i)))
        .collect();
    let mut lines = vec![
        "<!DOCTYPE html>".to_string(),
        format!("<html><head><meta charset=\"utf-8\"><title>{name}</title></head><body>"),
        format!("<h1>{name}</h1>"),
    ];
    let mut body = vec![
        "<div class=\"idiagram\">".to_string(),
        format!("files={}", v.files),
        format!("ranks={}", v.ranks),
        "graphicsDir=https://www.chessvariants.com/graphics.dir/alfaerie/".into(),
        "squareSize=50".into(),
        "graphicsType=gif".into(),
        "symmetry=none".into(),
    ];
    // The Diagram draws a stalemate (its default) or has the stalemated side lose.
    match v.rules.stalemate {
        GameValue::Draw => {}
        GameValue::Loss => body.push("stalemate=loss".into()),
        GameValue::Win => missing.push("a stalemate that wins".into()),
    }
    match &promotion {
        Some((promoting, depth, choices)) => {
            body.push(format!("maxPromote={}", promoting.len()));
            body.push(format!("promoZone={depth}"));
            body.push(format!("promoChoice={choices}"));
        }
        None => body.push("maxPromote=0".into()),
    }
    for (number, &i) in order.iter().enumerate() {
        if v.pieces[i].royal {
            body.push(format!("royal={}", number + 1));
        }
    }
    let mut castles = false;
    for &i in &order {
        let p = &v.pieces[i];
        let id = p.id.to_string();
        let [white, black] = start_squares(v, &id);
        let squares = if black.is_empty() {
            white.join(",")
        } else {
            format!("{},,{}", white.join(","), black.join(","))
        };
        let mut moves = p.moves_text.clone();
        if let Some(castle) = castling_move(v, i) {
            moves.push_str(&castle);
            castles = true;
        }
        let image = p.name.to_ascii_lowercase().replace(' ', "");
        body.push(format!("{}:{id}:{moves}:{image}:{squares}", p.name));
        let mut unsaid = piece_properties(p);
        if p.royal_when_last {
            unsaid.retain(|&w| w != "royal only when last");
            unsaid.push("royal only when last (the Diagram makes it royal always)");
        }
        if !zone_is_unmoved(v, p) {
            unsaid.push("its initial-move zone");
        }
        missing.extend(unsaid.into_iter().map(|w| format!("the {}: {w}", p.name)));
    }
    if v.castling.is_some() && !castles {
        missing.push("castling".into());
    }
    body.push("</div>".into());
    for m in &missing {
        lines.push(format!("<!-- not expressed: {m} -->"));
    }
    lines.extend(body);
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
