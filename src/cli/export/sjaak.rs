//! A Sjaak II variant definition (its `variants.txt` format): board, start, each piece's moves
//! as slides, leaps, hops and a pawn's steps, royalty, castling and promotion zones.

use super::pieces::{parts, Mode, Part};
use super::{board_rows, rules_missing, square, Exported, Variant};
use crate::types::Colour;

pub fn export(v: &Variant, name: &str) -> Exported {
    let mut missing = rules_missing(v);
    let mut lines = vec![
        format!("Variant: {name} ({}x{})", v.files, v.ranks),
        format!("Board: {}x{}", v.files, v.ranks),
        format!("FEN: \"{}\"", v.start_fen),
    ];
    let mut zones: Vec<String> = Vec::new();
    let mut pieces: Vec<String> = Vec::new();
    for (index, p) in v.pieces.iter().enumerate() {
        let id = p.id.to_string();
        let found = match parts(&p.moves_text) {
            Ok(found) => found,
            Err(part) => {
                missing.push(format!("the {} ({}): {part}", p.name, p.id));
                continue;
            }
        };
        let mut block = vec![format!("Piece: {}", p.name)];
        let movers: Vec<&Part> = found
            .iter()
            .filter(|x| mode_of(x) != Mode::Capture)
            .collect();
        let capturers: Vec<&Part> = found.iter().filter(|x| mode_of(x) != Mode::Move).collect();
        let split = found.iter().any(|x| mode_of(x) != Mode::Both);
        block.extend(describe(&movers).into_iter().map(|d| format!("Move: {d}")));
        if split {
            let captures = describe(&capturers);
            if captures.is_empty() {
                block.push("Capture: none".into());
            }
            block.extend(captures.into_iter().map(|d| format!("Capture: {d}")));
        }
        if found
            .iter()
            .any(|x| matches!(x, Part::StepForward { initial: true, .. }))
        {
            block.push("Initial: step 2N".into());
        }
        let lower = id.to_ascii_lowercase();
        let pawn = found.iter().any(|x| matches!(x, Part::StepForward { .. }));
        block.push(format!(
            "Symbol: \"{}\", \"{id},{lower}\"",
            if pawn { " ".to_string() } else { id.clone() }
        ));
        let mut flags = Vec::new();
        if p.royal {
            flags.push("royal");
        }
        if pawn && (v.rules.en_passant_zone.is_some() || p.moves_text.contains('e')) {
            flags.extend(["set_ep", "take_ep"]);
        }
        if !flags.is_empty() {
            block.push(format!("Flags: {}", flags.join(",")));
        }
        if let Some(promotion) = &p.promotion {
            let zone = |c: Colour| -> String {
                (0..v.ranks)
                    .flat_map(|r| (0..v.files).map(move |f| (f, r)))
                    .filter(|&(f, r)| promotion.zone[c].contains(f, r))
                    .map(|(f, r)| square(f, r))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            zones.push(format!("Zone: promotion{index}w = {}", zone(Colour::White)));
            zones.push(format!("Zone: promotion{index}b = {}", zone(Colour::Black)));
            let choices: String = promotion
                .choices
                .iter()
                .map(|&i| v.pieces[i].id.to_string())
                .collect();
            block.push(format!(
                "Promotion: promotion{index}w, promotion{index}b, \"{choices}\""
            ));
        }
        if let Some(c) = v.castling.as_ref().filter(|c| c.king == index) {
            let king_file = board_rows(&v.start_fen, v.files)
                .last()
                .and_then(|row| row.iter().position(|cell| cell.as_deref() == Some(&id)))
                .map_or(4, |file| file as u8);
            let last = v.files - 1;
            for (colour, rank) in [("white", c.rank), ("black", v.ranks - 1 - c.rank)] {
                block.push(format!(
                    "Castle: {colour} {}-{} with {}",
                    square(king_file, rank),
                    square(c.kingside_file, rank),
                    square(last, rank)
                ));
                block.push(format!(
                    "Castle: {colour} {}-{} with {}",
                    square(king_file, rank),
                    square(c.queenside_file, rank),
                    square(0, rank)
                ));
            }
        }
        pieces.push(block.join("\n"));
    }
    lines.extend(zones);
    lines.push(String::new());
    lines.push(pieces.join("\n\n"));
    lines.push(String::new());
    lines.push("Rule: checkmate = win".into());
    lines.push("Rule: stalemate = draw".into());
    Exported::commented(&lines, missing)
}

fn mode_of(part: &Part) -> Mode {
    match part {
        Part::Leap(_, mode)
        | Part::Slide { mode, .. }
        | Part::StepForward { mode, .. }
        | Part::StepForwardDiagonal(mode) => *mode,
        Part::Hop { .. } => Mode::Capture,
    }
}

/// Sjaak's move lines for `parts` (one line per kind; the initial double step is apart).
fn describe(parts: &[&Part]) -> Vec<String> {
    let lines_of = |orthogonal: bool, diagonal: bool| -> Vec<&str> {
        let mut l = Vec::new();
        if orthogonal {
            l.extend(["H", "V"]);
        }
        if diagonal {
            l.extend(["A", "D"]);
        }
        l
    };
    let mut slides = Vec::new();
    let mut hops = Vec::new();
    let mut leaps = Vec::new();
    let mut steps = Vec::new();
    for part in parts {
        match part {
            Part::Slide {
                orthogonal,
                diagonal,
                ..
            } => slides.extend(lines_of(*orthogonal, *diagonal)),
            Part::Hop {
                orthogonal,
                diagonal,
            } => hops.extend(lines_of(*orthogonal, *diagonal)),
            Part::Leap((m, n), _) => leaps.push(format!("({m},{n})")),
            Part::StepForward { initial: false, .. } => steps.push("N"),
            Part::StepForward { initial: true, .. } => {}
            Part::StepForwardDiagonal(_) => steps.extend(["NE", "NW"]),
        }
    }
    let mut out = Vec::new();
    if !slides.is_empty() {
        out.push(format!("slide ({})", slides.join(",")));
    }
    if !hops.is_empty() {
        out.push(format!("hop ({})", hops.join(",")));
    }
    if !leaps.is_empty() {
        out.push(format!("leap {}", leaps.join("|")));
    }
    if !steps.is_empty() {
        out.push(format!("step {}", steps.join(",")));
    }
    out
}
