//! A Fairy-Stockfish `variants.ini` section: `[NAME:chess]` with the board, the start, each
//! piece as one of Fairy-Stockfish's built-in piece types (by its moves), castling and the
//! pawn's promotion; chess's piece types the variant lacks are switched off.

use super::{rules_missing, Exported, Variant};
use crate::variant::images::same_moves;

/// Fairy-Stockfish 11.1's piece types that a variant can name, with their XBetza.
const TYPES: [(&str, &str); 24] = [
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "ffN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("wazir", "W"),
    ("commoner", "K"),
];

/// Chess's own piece types, switched off when the variant does not use them.
const CHESS_TYPES: [&str; 5] = ["knight", "bishop", "rook", "queen", "pawn"];

pub fn export(v: &Variant, name: &str) -> Exported {
    let mut lines = vec![format!("[{name}:chess]")];
    let mut missing = rules_missing(v);
    lines.push(format!("maxRank = {}", v.ranks));
    lines.push(format!("maxFile = {}", char::from(b'a' + v.files - 1)));
    let mut used: Vec<&str> = Vec::new();
    let mut double_step = false;
    for p in &v.pieces {
        let letter = p.id.to_string().to_ascii_lowercase();
        let kind = if p.royal {
            same_moves(&p.moves_text, "K").then_some("king")
        } else if same_moves(&p.moves_text, "fmWfceFifmnD") {
            double_step = true;
            Some("pawn")
        } else if same_moves(&p.moves_text, "fmWfcF") {
            Some("pawn")
        } else {
            TYPES
                .iter()
                .find(|(_, betza)| same_moves(&p.moves_text, betza))
                .map(|(kind, _)| *kind)
        };
        match kind {
            Some(kind) if p.id.to_string().len() == 1 && !used.contains(&kind) => {
                used.push(kind);
                lines.push(format!("{kind} = {letter}"));
            }
            _ => missing.push(format!(
                "the {} ({}, `{}`): no built-in piece type of Fairy-Stockfish 11.1 moves so",
                p.name, p.id, p.moves_text
            )),
        }
    }
    for kind in CHESS_TYPES {
        if !used.contains(&kind) {
            lines.push(format!("{kind} = -"));
        }
    }
    lines.push(format!("startFen = {}", v.start_fen));
    lines.push(format!("doubleStep = {double_step}"));
    if double_step {
        lines.push("doubleStepRank = 2".into());
    }
    match &v.castling {
        Some(c) => {
            lines.push("castling = true".into());
            lines.push(format!(
                "castlingKingsideFile = {}",
                char::from(b'a' + c.kingside_file)
            ));
            lines.push(format!(
                "castlingQueensideFile = {}",
                char::from(b'a' + c.queenside_file)
            ));
        }
        None => lines.push("castling = false".into()),
    }
    if let Some(promotion) = v.pieces.iter().find_map(|p| p.promotion.as_ref()) {
        let choices: String = promotion
            .choices
            .iter()
            .map(|&i| v.pieces[i].id.to_string().to_ascii_lowercase())
            .collect();
        lines.push(format!("promotionRank = {}", v.ranks));
        lines.push(format!("promotionPieceTypes = {choices}"));
    }
    Exported::commented(&lines, missing)
}
