//! A Fairy-Stockfish `variants.ini` section: `[NAME:chess]` with the board, the start, each
//! piece as one of Fairy-Stockfish 11.1's built-in piece types (by its moves), confinement as
//! mobility regions, castling, the pawn's and the pieces' promotions, drops and the rules it has
//! options for; chess's piece types the variant lacks are switched off.

use super::{
    piece_properties, promotion_properties, ranks_from, rules_missing, squares_of, Exported,
    Feature, PieceType, Variant,
};
use crate::types::Colour;
use crate::variant::images::same_moves;

/// Fairy-Stockfish 11.1's piece types that a variant can name, with their XBetza.
const TYPES: [(&str, &str); 28] = [
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
    ("euroshogiKnight", "ffNsW"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("cannon", "mRcpR"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    ("immobile", ""),
];

/// Chess's own piece types, switched off when the variant does not use them.
const CHESS_TYPES: [&str; 6] = ["knight", "bishop", "rook", "queen", "pawn", "king"];

/// The options a promotion sets, gathered over the pieces; differing zones cannot be said.
#[derive(Default)]
struct Promotions {
    rank: Option<u8>,
    pawn_choices: Option<String>,
    promoted: Vec<String>,
    mandatory_piece: Option<bool>,
}

pub fn export(v: &Variant, name: &str) -> Exported {
    let mut lines = vec![format!("[{name}:chess]")];
    let mut missing = rules_missing(
        v,
        &[Feature::Drops, Feature::FlyingGeneral, Feature::MustCapture],
    );
    lines.push(format!("maxRank = {}", v.ranks));
    lines.push(format!("maxFile = {}", char::from(b'a' + v.files - 1)));
    // Fairy-Stockfish's type of each piece, base pieces first so a promoted piece can share
    // its base's type (Fairy-Stockfish tells them apart by a promoted flag).
    let mut kinds: Vec<Option<&str>> = vec![None; v.pieces.len()];
    let mut letters: Vec<(&str, String)> = Vec::new();
    let mut order: Vec<usize> = (0..v.pieces.len()).collect();
    order.sort_by_key(|&i| v.pieces[i].promoted_of.is_some());
    let mut double_step = false;
    let mut soldier_rank = None;
    let header = lines.len();
    let mut king_types = Vec::new();
    for i in order {
        let p = &v.pieces[i];
        let letter = p.id.to_string().to_ascii_lowercase();
        let (kind, king_type) = kind_of(p);
        let Some(kind) = kind else {
            missing.push(format!(
                "the {} ({}, `{}`): no built-in piece type of Fairy-Stockfish 11.1 moves so",
                p.name, p.id, p.moves_text
            ));
            continue;
        };
        if letter.len() != 1 {
            missing.push(format!(
                "the {} ({}): Fairy-Stockfish's pieces have one letter",
                p.name, p.id
            ));
            continue;
        }
        let shared = letters.iter().find(|(k, _)| *k == kind);
        match shared {
            Some(_) if p.promoted_of.is_some() => {}
            Some((_, other)) => {
                missing.push(format!(
                    "the {} ({}): it moves as `{other}`, and Fairy-Stockfish has one piece per type",
                    p.name, p.id
                ));
                continue;
            }
            None => {
                letters.push((kind, letter.clone()));
                lines.push(format!("{kind} = {letter}"));
                if let Some(king_type) = king_type {
                    king_types.push(king_type);
                }
            }
        }
        kinds[i] = Some(kind);
        double_step |= kind == "pawn" && p.moves_text.contains('i');
        let mut unsaid = piece_properties(p);
        if let Some(confine) = &p.confine {
            unsaid.retain(|&w| w != "its confinement");
            let mut capital = kind.to_string();
            capital[..1].make_ascii_uppercase();
            for (colour, side) in [(Colour::White, "White"), (Colour::Black, "Black")] {
                lines.push(format!(
                    "mobilityRegion{side}{capital} = {}",
                    squares_of(v, &confine[colour]).join(" ")
                ));
            }
        }
        if kind == "soldier" {
            unsaid.retain(|&w| w != "its moves in a zone");
            soldier_rank = p
                .zone_moves
                .as_ref()
                .and_then(|z| ranks_from(v, &z.zone[Colour::White]));
        }
        if kind == "shogiPawn" && p.drop_file_limit == 1 {
            unsaid.retain(|&w| w != "its drop file limit");
        }
        if kind == "pawn" && p.drop_zone.as_ref().is_some_and(|z| pawn_drops(v, p, z)) {
            unsaid.retain(|&w| w != "its drop zone");
        }
        if p.initial_zone.is_some() && kind != "pawn" {
            unsaid.push("its initial-move zone");
        }
        missing.extend(unsaid.into_iter().map(|w| format!("the {}: {w}", p.name)));
    }
    // Fairy-Stockfish 11.1 reads `kingType` as the letter of one of the variant's types: one
    // the variant lacks is declared under a letter no piece uses.
    for king_type in king_types {
        if !letters.iter().any(|(k, _)| *k == king_type) {
            let free = (b'a'..=b'z')
                .map(char::from)
                .find(|c| !letters.iter().any(|(_, l)| l.starts_with(*c)));
            if let Some(free) = free {
                lines.push(format!("{king_type} = {free}"));
                letters.push((king_type, free.to_string()));
            }
        }
        if let Some((_, letter)) = letters.iter().find(|(k, _)| *k == king_type) {
            lines.push(format!("kingType = {letter}"));
        }
    }
    // Chess's types go first, so no letter is ever taken twice.
    let unused = CHESS_TYPES
        .iter()
        .filter(|kind| !letters.iter().any(|(k, _)| k == *kind))
        .map(|kind| format!("{kind} = -"));
    lines.splice(header..header, unused.collect::<Vec<_>>());
    lines.push(format!("startFen = {}", v.start_fen));
    lines.push(format!("doubleStep = {double_step}"));
    if double_step {
        let rank = v
            .pieces
            .iter()
            .zip(&kinds)
            .filter(|(_, k)| **k == Some("pawn"))
            .find_map(|(p, _)| p.initial_zone.as_ref())
            .map_or(Some(1), |zone| lowest_full_rank(v, &zone[Colour::White]));
        match rank {
            Some(rank) => lines.push(format!("doubleStepRank = {}", rank + 1)),
            None => missing.push("the pawn's double-step zone (not one rank)".into()),
        }
    }
    if let Some(rank) = soldier_rank {
        lines.push(format!("soldierPromotionRank = {}", rank + 1));
    }
    castling(v, &mut lines);
    let promotions = promotions(v, &kinds, &letters, &mut missing);
    if let Some(rank) = promotions.rank {
        lines.push(format!("promotionRank = {}", rank + 1));
    }
    lines.push(format!(
        "promotionPieceTypes = {}",
        promotions.pawn_choices.unwrap_or_default()
    ));
    if !promotions.promoted.is_empty() {
        lines.push(format!(
            "promotedPieceType = {}",
            promotions.promoted.join(" ")
        ));
    }
    if let Some(mandatory) = promotions.mandatory_piece {
        lines.push(format!("mandatoryPiecePromotion = {mandatory}"));
    }
    hand(v, &kinds, &mut lines);
    rules(v, &mut lines);
    Exported::commented(&lines, missing)
}

/// Fairy-Stockfish's type for `p`, and for a royal piece that is not a king the type it moves
/// as (`kingType`).
fn kind_of(p: &PieceType) -> (Option<&'static str>, Option<&'static str>) {
    let typed = |moves: &str| {
        TYPES
            .iter()
            .find(|(_, betza)| same_moves(moves, betza))
            .map(|(kind, _)| *kind)
    };
    if p.royal {
        return if same_moves(&p.moves_text, "K") {
            (Some("king"), None)
        } else {
            match typed(&p.moves_text) {
                Some(t) => (Some("king"), Some(t)),
                None => (None, None),
            }
        };
    }
    if same_moves(&p.moves_text, "fmWfceFifmnD") || same_moves(&p.moves_text, "fmWfcF") {
        return (Some("pawn"), None);
    }
    if let Some(z) = &p.zone_moves {
        if same_moves(&p.moves_text, "fW") && same_moves(&z.moves_text, "sW") {
            return (Some("soldier"), None);
        }
    }
    (typed(&p.moves_text), None)
}

/// The lowest rank (0-based) of White's `zone` when it is that one whole rank.
fn lowest_full_rank(v: &Variant, zone: &crate::variant::region::SquareSet) -> Option<u8> {
    let full = |r: u8| (0..v.files).all(|f| zone.contains(f, r));
    let any = |r: u8| (0..v.files).any(|f| zone.contains(f, r));
    let ranks: Vec<u8> = (0..v.ranks).filter(|&r| any(r)).collect();
    match ranks.as_slice() {
        [r] if full(*r) => Some(*r),
        _ => None,
    }
}

/// Whether a pawn's drop zone is Fairy-Stockfish's for pawns: not the first rank, not the
/// promotion zone.
fn pawn_drops(
    v: &Variant,
    p: &PieceType,
    zone: &crate::types::ByColour<crate::variant::region::SquareSet>,
) -> bool {
    let top = p
        .promotion
        .as_ref()
        .and_then(|pr| ranks_from(v, &pr.zone[Colour::White]))
        .unwrap_or(v.ranks);
    (0..v.ranks).all(|r| {
        let inside = r >= 1 && r < top;
        (0..v.files).all(|f| zone[Colour::White].contains(f, r) == inside)
    })
}

fn castling(v: &Variant, lines: &mut Vec<String>) {
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
}

/// The pawn's promotion choices and the pieces' promoted types; a promotion Fairy-Stockfish
/// cannot say goes to `missing`.
fn promotions(
    v: &Variant,
    kinds: &[Option<&str>],
    letters: &[(&str, String)],
    missing: &mut Vec<String>,
) -> Promotions {
    let mut out = Promotions::default();
    let letter_of = |i: usize| {
        kinds[i].and_then(|k| {
            letters
                .iter()
                .find(|(kind, _)| *kind == k)
                .map(|(_, l)| l.clone())
        })
    };
    for (i, p) in v.pieces.iter().enumerate() {
        let (Some(promotion), Some(kind)) = (&p.promotion, kinds[i]) else {
            continue;
        };
        let mut unsaid = Vec::new();
        let zone = ranks_from(v, &promotion.zone[Colour::White]);
        if zone.is_none() || out.rank.is_some_and(|r| Some(r) != zone) {
            unsaid.push("its zone");
        }
        out.rank = out.rank.or(zone);
        unsaid.extend(promotion_properties(promotion));
        let choices: Option<String> = promotion.choices.iter().map(|&c| letter_of(c)).collect();
        match (kind, choices) {
            (_, None) => unsaid.push("a choice Fairy-Stockfish has no piece for"),
            ("pawn", Some(choices)) => {
                if !promotion.mandatory {
                    unsaid.push("optional promotion");
                }
                if promotion.from_zone {
                    unsaid.push("promotion from the zone");
                }
                out.pawn_choices = Some(choices);
            }
            (_, Some(choice)) => {
                let promoted_form = promotion.choices.len() == 1
                    && v.pieces[promotion.choices[0]].promoted_of == Some(i);
                if !promoted_form {
                    unsaid.push("a choice other than its own promoted form");
                }
                if !promotion.from_zone {
                    unsaid.push("promotion only on entering the zone");
                }
                if out
                    .mandatory_piece
                    .is_some_and(|m| m != promotion.mandatory)
                {
                    unsaid.push("mandatory for some pieces, optional for others");
                }
                out.mandatory_piece = Some(promotion.mandatory);
                let own = letter_of(i).unwrap_or_default();
                out.promoted.push(format!("{own}:{choice}"));
            }
        }
        missing.extend(
            unsaid
                .into_iter()
                .map(|w| format!("the {}'s promotion: {w}", p.name)),
        );
    }
    out
}

fn hand(v: &Variant, kinds: &[Option<&str>], lines: &mut Vec<String>) {
    let h = &v.hand;
    if !(h.drops || h.captures_to_hand) {
        return;
    }
    lines.push(format!("pieceDrops = {}", h.drops));
    lines.push(format!("capturesToHand = {}", h.captures_to_hand));
    lines.push(format!("immobilityIllegal = {}", h.immobility_illegal));
    lines.push(format!("dropChecks = {}", h.drop_checks));
    let shogi_pawn = |i: usize| kinds[i] == Some("shogiPawn");
    if let Some(i) = v.pieces.iter().position(|p| p.drop_file_limit == 1) {
        if shogi_pawn(i) {
            lines.push("shogiDoubledPawn = false".into());
        }
    }
    if h.drop_mate_forbidden.is_some_and(shogi_pawn) {
        lines.push("shogiPawnDropMateIllegal = true".into());
    }
}

fn rules(v: &Variant, lines: &mut Vec<String>) {
    let r = &v.rules;
    let value = |g: crate::variant::GameValue| match g {
        crate::variant::GameValue::Win => "win",
        crate::variant::GameValue::Loss => "loss",
        crate::variant::GameValue::Draw => "draw",
    };
    lines.push(format!("stalemateValue = {}", value(r.stalemate)));
    lines.push(format!("checkmateValue = {}", value(r.checkmate)));
    lines.push(format!("nMoveRule = {}", r.move_rule / 2));
    if r.flying_general {
        lines.push("flyingGeneral = true".into());
    }
    if r.must_capture {
        lines.push("mustCapture = true".into());
    }
}
