//! A Sjaak II variant definition (its `variants.txt` format): board, start, each piece's moves
//! as slides, leaps, rides, lame leaps, hops and steps, royalty, confinement (prisons),
//! castling, promotion zones (a promoted form is Sjaak's `+` piece), drops and the rules Sjaak
//! has words for.

use super::pieces::{parts, Mode, Part};
use super::{
    fen_cells, piece_properties, promotion_properties, rules_missing, square, squares_of, Exported,
    Feature, PieceType, Variant,
};
use crate::types::{ByColour, Colour};
use crate::variant::region::SquareSet;
use crate::variant::GameValue;

pub fn export(v: &Variant, name: &str) -> Exported {
    let mut missing = rules_missing(
        v,
        &[Feature::Drops, Feature::FlyingGeneral, Feature::MustCapture],
    );
    let mut lines = vec![
        format!("Variant: {name} ({}x{})", v.files, v.ranks),
        format!("Board: {}x{}", v.files, v.ranks),
        format!("FEN: \"{}\"", v.start_fen),
    ];
    let mut zones: Vec<String> = Vec::new();
    let mut zone = |label: String, sets: &ByColour<SquareSet>| -> String {
        for (colour, side) in [(Colour::White, "w"), (Colour::Black, "b")] {
            zones.push(format!(
                "Zone: {label}{side} = {}",
                squares_of(v, &sets[colour]).join(",")
            ));
        }
        format!("{label}w, {label}b")
    };
    let mut pieces: Vec<String> = Vec::new();
    let longest = v.files.max(v.ranks) - 1;
    let mut immobile_drops = false;
    for (index, p) in v.pieces.iter().enumerate() {
        let found = match parts(&p.moves_text) {
            Ok(found) => found,
            Err(part) => {
                missing.push(format!("the {} ({}): {part}", p.name, p.id));
                continue;
            }
        };
        let movers: Vec<&Part> = found
            .iter()
            .filter(|x| x.mode() != Mode::Capture && !initial(x))
            .collect();
        let capturers: Vec<&Part> = found
            .iter()
            .filter(|x| x.mode() != Mode::Move && !initial(x))
            .collect();
        let starters: Vec<&Part> = found.iter().filter(|x| initial(x)).collect();
        let split = found.iter().any(|x| x.mode() != Mode::Both);
        let described = describe(&movers, longest).and_then(|moves| {
            let captures = if split {
                describe(&capturers, longest)?
            } else {
                Vec::new()
            };
            let starts = describe(&starters, longest)?;
            if starters.iter().any(|x| x.mode() != Mode::Move) {
                return Err("an initial move that captures".to_string());
            }
            Ok((moves, captures, starts))
        });
        let (moves, captures, starts) = match described {
            Ok(d) => d,
            Err(why) => {
                missing.push(format!("the {} ({}): {why}", p.name, p.id));
                continue;
            }
        };
        // Sjaak drops a piece only where it can move, unless a drop zone says where.
        immobile_drops |=
            p.drop_zone.is_none() && found.iter().any(|x| matches!(x, Part::Directed { .. }));
        let mut block = vec![format!("Piece: {}", p.name)];
        block.extend(moves.into_iter().map(|d| format!("Move: {d}")));
        if split {
            if captures.is_empty() {
                block.push("Capture: none".into());
            }
            block.extend(captures.into_iter().map(|d| format!("Capture: {d}")));
        }
        match &p.initial_zone {
            // Sjaak's special moves are made where the zone says, moved or not, as Alfil's.
            Some(initial_zone) => {
                let label = zone(format!("initial{index}"), initial_zone);
                block.extend(starts.into_iter().map(|d| format!("Special: {label}, {d}")));
            }
            None => block.extend(starts.into_iter().map(|d| format!("Initial: {d}"))),
        }
        let mut unsaid = piece_properties(p);
        let pawn = is_pawn(&found);
        block.push(symbol(v, p, pawn));
        let mut flags = Vec::new();
        if p.royal {
            flags.push("royal");
        }
        if pawn && (v.rules.en_passant_zone.is_some() || p.moves_text.contains('e')) {
            flags.extend(["set_ep", "take_ep"]);
        }
        if p.drop_file_limit == 1 {
            unsaid.retain(|&w| w != "its drop file limit");
            flags.push("drop_one_file");
        }
        if v.hand.drop_mate_forbidden == Some(index) {
            flags.push("drop_no_mate");
        }
        if !flags.is_empty() {
            block.push(format!("Flags: {}", flags.join(",")));
        }
        if let Some(confine) = &p.confine {
            unsaid.retain(|&w| w != "its confinement");
            block.push(format!(
                "Prison: {}",
                zone(format!("prison{index}"), confine)
            ));
        }
        if let Some(drops) = &p.drop_zone {
            unsaid.retain(|&w| w != "its drop zone");
            block.push(format!(
                "Drop zone: {}",
                zone(format!("drop{index}"), drops)
            ));
        }
        if let Some(promotion) = &p.promotion {
            let promoted_form = promotion.choices.len() == 1
                && v.pieces[promotion.choices[0]].promoted_of == Some(index);
            let choices: String = if promoted_form {
                "+".into()
            } else {
                promotion
                    .choices
                    .iter()
                    .map(|&i| v.pieces[i].id.to_string())
                    .collect()
            };
            let label = zone(format!("promotion{index}"), &promotion.zone);
            block.push(format!("Promotion: {label}, \"{choices}\""));
            if promotion.mandatory {
                block.push("Optional promotion: empty, empty".into());
            }
            unsaid.extend(promotion_properties(promotion));
        }
        if let Some(c) = v.castling.as_ref().filter(|c| c.king == index) {
            let id = p.id.to_string();
            let king_file = fen_cells(&v.start_fen)
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
        missing.extend(unsaid.into_iter().map(|w| format!("the {}: {w}", p.name)));
        pieces.push(block.join("\n"));
    }
    if v.hand.drops && !v.hand.immobility_illegal && immobile_drops {
        missing.push("drops where the piece can never move".into());
    }
    lines.extend(zones);
    lines.push(String::new());
    lines.push(pieces.join("\n\n"));
    lines.push(String::new());
    // Sjaak scores the end for the side that brought it about.
    let value = |g: GameValue| match g {
        GameValue::Win => "loss",
        GameValue::Loss => "win",
        GameValue::Draw => "draw",
    };
    lines.push(format!("Rule: checkmate = {}", value(v.rules.checkmate)));
    lines.push(format!("Rule: stalemate = {}", value(v.rules.stalemate)));
    let mut special = Vec::new();
    if v.hand.captures_to_hand {
        special.push("keep capture");
    }
    if v.hand.drops {
        special.push("allow drops");
    }
    if v.rules.flying_general {
        special.push("taboo");
    }
    if v.rules.must_capture {
        special.push("forced capture");
    }
    if !special.is_empty() {
        lines.push(format!("Rule: {}", special.join(", ")));
    }
    Exported::commented(&lines, missing)
}

fn initial(part: &Part) -> bool {
    matches!(part, Part::Directed { initial: true, .. })
}

/// A piece whose moves are forward steps (Sjaak's pawn: its symbol in the FEN is blank in
/// move text, and it may take en passant).
fn is_pawn(found: &[Part]) -> bool {
    found.iter().any(|x| {
        matches!(x, Part::Directed { offsets, range: 1, mode: Mode::Move, initial: false }
            if offsets == &[(0, 1)])
    })
}

/// Sjaak's symbol line: a promoted form is `+` and its base's letter.
fn symbol(v: &Variant, p: &PieceType, pawn: bool) -> String {
    let id = match p.promoted_of {
        Some(base) => format!("+{}", v.pieces[base].id),
        None => p.id.to_string(),
    };
    let lower = id.to_ascii_lowercase();
    let shown = if pawn && p.promoted_of.is_none() {
        " ".to_string()
    } else {
        id.clone()
    };
    format!("Symbol: \"{shown}\", \"{id},{lower}\"")
}

/// Sjaak's direction name of a unit step.
fn compass((x, y): (i8, i8)) -> &'static str {
    match (x, y) {
        (0, 1) => "N",
        (1, 1) => "NE",
        (1, 0) => "E",
        (1, -1) => "SE",
        (0, -1) => "S",
        (-1, -1) => "SW",
        (-1, 0) => "W",
        _ => "NW",
    }
}

/// The eight mirror images of a step.
fn mirrored((m, n): (i8, i8)) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for (a, b) in [(m, n), (n, m)] {
        for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let v = (a * sa, b * sb);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// Sjaak's move lines for `parts`, one line per kind of move (Sjaak takes one line of each).
fn describe(parts: &[&Part], longest: u8) -> Result<Vec<String>, String> {
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
    let mut leaps: Vec<(i8, i8)> = Vec::new();
    let mut aleaps: Vec<(i8, i8)> = Vec::new();
    let mut rides = Vec::new();
    let mut lame = Vec::new();
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
            Part::Leap(step, _) => leaps.push(*step),
            Part::Ride((m, n), _) => rides.push(format!("({m},{n})")),
            Part::Lame { via, to, .. } => {
                let (a, b) = via;
                let (c, d) = (to.0 - a, to.1 - b);
                lame.push(format!("({a},{b})+({c},{d})&({},{})", to.0, to.1));
            }
            Part::Directed { offsets, range, .. } => {
                let unit = offsets.iter().all(|(x, y)| x.abs() <= 1 && y.abs() <= 1);
                if unit {
                    let count = if *range == 0 { longest } else { *range };
                    for &o in offsets {
                        let prefix = if count == 1 {
                            String::new()
                        } else {
                            count.to_string()
                        };
                        steps.push(format!("{prefix}{}", compass(o)));
                    }
                } else {
                    aleaps.extend(offsets);
                }
            }
        }
    }
    let lame_beside_leaps = !lame.is_empty() && (!leaps.is_empty() || !aleaps.is_empty());
    if lame_beside_leaps || lame.len() > 1 {
        return Err("a lame leap beside other leaps".into());
    }
    let mut out = Vec::new();
    if !slides.is_empty() {
        out.push(format!("slide ({})", slides.join(",")));
    }
    if !hops.is_empty() {
        out.push(format!("hop ({})", hops.join(",")));
    }
    if !rides.is_empty() {
        out.push(format!("ride {}", rides.join("|")));
    }
    if let Some(l) = lame.first() {
        out.push(format!("leap {l}"));
    }
    let show = |v: &[(i8, i8)]| {
        v.iter()
            .map(|(x, y)| format!("({x},{y})"))
            .collect::<Vec<_>>()
            .join("|")
    };
    if !aleaps.is_empty() {
        for &l in &leaps {
            aleaps.extend(mirrored(l));
        }
        out.push(format!("aleap {}", show(&aleaps)));
    } else if !leaps.is_empty() {
        out.push(format!("leap {}", show(&leaps)));
    }
    if !steps.is_empty() {
        out.push(format!("step {}", steps.join(",")));
    }
    Ok(out)
}
