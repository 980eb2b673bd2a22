//! The warnings of `alfil check` about a variant that loads: what the file says that it
//! probably does not mean (a piece that can never appear, a piece stuck where it can stand, a
//! game without a royal piece or another end) and what XBoard 4.9.1 would show otherwise than
//! Alfil plays (its Pawn and Lance image slots, its own variant names, XBetza it reads
//! otherwise, boards wider than it draws, rules it cannot referee).

use std::sync::Arc;

use crate::movegen::setup::{no_royal_message, sides_without_royal as sides_without_royal_in};
use crate::movegen::targets::{targets, Coord, Query};
use crate::position::ruleset::Ruleset;
use crate::position::Position;
use crate::protocol::xboard::{self, Reading};
use crate::protocol::xboard_betza::misreadings;
use crate::variant::images;
use crate::variant::piece_to_char::{self, SlotContent};
use crate::variant::schema::Demotion;
use crate::variant::{Colour, LoadedFile, PieceField, PieceToCharOrigin, PieceType, Variant};

use super::diagnostic::Diagnostic;
use crate::movegen::jumps;

/// Every finding about the loaded file, in the order of the checks.
pub fn findings(file: &LoadedFile, tables: &Arc<Ruleset>) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    found.extend(sides_without_royal(file, tables));
    found.extend(unreachable_pieces(file, tables));
    found.extend(never_moving(file));
    found.extend(stuck_pieces(file));
    found.extend(no_end(file));
    found.extend(pawn_slots(file));
    found.extend(completed_piece_to_char(file));
    found.extend(other_images(file));
    found.extend(xboard_name(file));
    found.extend(xboard_betza(file));
    found.extend(wide_board(file));
    found.extend(xboard_rules(file));
    found.extend(jumpers_without_lines(file, tables));
    found
}

/// Range jumpers with no unlimited capturing slide to jump along: `range_jump` does nothing.
fn jumpers_without_lines(file: &LoadedFile, tables: &Arc<Ruleset>) -> Vec<Diagnostic> {
    let v = &file.variant;
    v.pieces
        .iter()
        .zip(&tables.pieces)
        .filter(|(p, info)| {
            p.range_jump && jumps::lines(&info.moves[Colour::White]).next().is_none()
        })
        .map(|(p, _)| {
            Diagnostic::warning(
                "jump-without-line",
                file.at_piece(
                    p.id,
                    PieceField::Moves,
                    None,
                    format!(
                        "the {} ({}) has `range_jump` but no unlimited capturing slide (`R`, \
                         `B`, `Q` and their parts) to jump along: it never jumps",
                        p.name, p.id
                    ),
                ),
            )
        })
        .collect()
}

/// Pieces that can never appear: not in the start position (board or hand), and no promotion,
/// demotion or capture into a hand leads to them from one that can.
fn unreachable_pieces(file: &LoadedFile, tables: &Arc<Ruleset>) -> Vec<Diagnostic> {
    let v = &file.variant;
    let start = Position::start(tables.clone());
    let mut reached: Vec<bool> = (0..v.pieces.len())
        .map(|kind| {
            [Colour::White, Colour::Black]
                .iter()
                .any(|&c| start.count(c, kind) > 0 || start.in_hand(c, kind) > 0)
        })
        .collect();
    loop {
        let mut grew = false;
        for (kind, piece) in v.pieces.iter().enumerate() {
            if !reached[kind] {
                continue;
            }
            let mut next: Vec<usize> = Vec::new();
            if let Some(promotion) = &piece.promotion {
                next.extend(promotion.choices_for(Colour::White));
                next.extend(promotion.choices_for(Colour::Black));
            }
            next.extend(piece.promoted_of);
            if v.hand.drop_promoted {
                next.extend(
                    v.pieces
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| p.promoted_of == Some(kind))
                        .map(|(i, _)| i),
                );
            }
            for target in next {
                if !reached[target] {
                    reached[target] = true;
                    grew = true;
                }
            }
        }
        if !grew {
            break;
        }
    }
    v.pieces
        .iter()
        .zip(reached)
        .filter(|(_, reached)| !reached)
        .map(|(p, _)| {
            Diagnostic::warning(
                "unreachable-piece",
                file.at_piece(
                    p.id,
                    PieceField::Entry,
                    None,
                    format!(
                        "the {} ({}) can never appear: it is not in the start position, and no \
                         promotion, demotion or drop leads to it",
                        p.name, p.id
                    ),
                ),
            )
        })
        .collect()
}

/// Errors: a side without a royal piece in the start position (on the board or in hand) where
/// the variant has royal pieces and no extinction rule: that side could never be mated, and
/// the other side's king would be alone in check. The loader refuses such a file too
/// ([`crate::movegen::setup::check_start_royals`]); `check` loads it without that test, so that
/// this comes with the file's other findings.
fn sides_without_royal(file: &LoadedFile, tables: &Arc<Ruleset>) -> Vec<Diagnostic> {
    let v = &file.variant;
    let start = Position::start(tables.clone());
    let letters: String = v
        .pieces
        .iter()
        .filter(|p| p.royal)
        .map(|p| p.id.to_string())
        .collect();
    sides_without_royal_in(&start)
        .into_iter()
        .map(|c| {
            let message = format!(
                "{}; put one ({letters}) on the board, or end the game by an `extinction` rule",
                no_royal_message(&start, c)
            );
            Diagnostic::error(
                "no-royal-side",
                file.in_key("start", 0, message.clone()).unwrap_or_else(|| {
                    file.at_key("inherits", format!("{message} (the start is inherited)"))
                }),
            )
        })
        .collect()
}

/// Whether a rule other than checkmate ends the game.
fn other_end(v: &Variant) -> bool {
    let rules = &v.rules;
    rules.extinction.is_some()
        || rules.flag.is_some()
        || rules.check_count > 0
        || rules.blast.is_some()
        || rules.connect > 0
        || rules.wins_by_castling()
}

/// Pieces that can never move, from any square (`moves: ""`).
fn never_moving(file: &LoadedFile) -> Vec<Diagnostic> {
    let v = &file.variant;
    v.pieces
        .iter()
        .filter(|p| {
            squares(v).all(|sq| {
                [Colour::White, Colour::Black]
                    .iter()
                    .all(|&c| !has_move(v, p, c, sq))
            })
        })
        .map(|p| {
            Diagnostic::warning(
                "never-moves",
                file.at_piece(
                    p.id,
                    PieceField::Moves,
                    None,
                    format!(
                        "the {} ({}) can never move: {} from any square; if that is meant (a \
                         blocker), ignore this",
                        p.name,
                        p.id,
                        if p.moves_text.trim().is_empty() {
                            "its `moves` is empty, so it has no move".to_string()
                        } else {
                            format!("its moves `{}` give no move", p.moves_text)
                        }
                    ),
                ),
            )
        })
        .collect()
}

/// Pieces with no move at all from some square where they can stand, unless a rule deals with
/// it: a promotion that is mandatory there, or `immobility_illegal` (no move or drop may leave
/// a piece without moves). Pieces that never move anywhere are left alone (walls, stones).
fn stuck_pieces(file: &LoadedFile) -> Vec<Diagnostic> {
    let v = &file.variant;
    if v.hand.immobility_illegal {
        return Vec::new();
    }
    let mut found = Vec::new();
    for p in &v.pieces {
        let mut stuck: Vec<String> = Vec::new();
        let mut moves_somewhere = false;
        for colour in [Colour::White, Colour::Black] {
            for (f, r) in squares(v) {
                if !may_stand(p, colour, (f, r)) {
                    continue;
                }
                if has_move(v, p, colour, (f, r)) {
                    moves_somewhere = true;
                } else {
                    let name = format!("{}{}", char::from(b'a' + f), u32::from(r) + 1);
                    let who = if colour == Colour::White {
                        "White's"
                    } else {
                        "Black's"
                    };
                    stuck.push(format!("{name} ({who})"));
                }
            }
        }
        if stuck.is_empty() || !moves_somewhere {
            continue;
        }
        let shown = stuck.len().min(8);
        let more = if stuck.len() > shown {
            format!(" and {} more squares", stuck.len() - shown)
        } else {
            String::new()
        };
        found.push(Diagnostic::warning(
            "stuck-piece",
            file.at_piece(
                p.id,
                PieceField::Moves,
                None,
                format!(
                    "the {} ({}) has no move from {}{more}, and no rule deals with it (a \
                     promotion mandatory there, or `immobility_illegal: true` in `hand`)",
                    p.name,
                    p.id,
                    stuck[..shown].join(", ")
                ),
            ),
        ));
    }
    found
}

fn squares(v: &Variant) -> impl Iterator<Item = Coord> + '_ {
    (0..v.ranks).flat_map(move |r| (0..v.files).map(move |f| (f, r)))
}

/// Whether a piece of `colour` can stand on the square: inside its confinement, and not where
/// a mandatory promotion turns it into another piece on arrival.
fn may_stand(p: &PieceType, colour: Colour, (f, r): Coord) -> bool {
    let confined_out = p
        .confine
        .as_ref()
        .is_some_and(|c| !c[colour].contains(f, r));
    let promoted_away = p
        .promotion
        .as_ref()
        .is_some_and(|pr| pr.mandatory && pr.in_place.is_none() && pr.zone[colour].contains(f, r));
    !confined_out && !promoted_away
}

/// Whether the piece has a move from the square, on an empty board or on one full of foes
/// (its capture-only moves), counting its zone moves where they apply.
fn has_move(v: &Variant, p: &PieceType, colour: Colour, square: Coord) -> bool {
    let mut texts = vec![p.moves_text.as_str()];
    if let Some(zone) = &p.zone_moves {
        if zone.zone[colour].contains(square.0, square.1) {
            texts.push(zone.moves_text.as_str());
        }
    }
    texts.into_iter().any(|text| {
        let mut query = Query::new(text, v.files, v.ranks, square);
        query.black = colour == Colour::Black;
        query.moved = true;
        let empty = targets(&query).is_ok_and(|t| !t.is_empty());
        query.foes = squares(v).filter(|&c| c != square).collect();
        empty || targets(&query).is_ok_and(|t| !t.is_empty())
    })
}

/// A variant without a royal piece and without any other rule that ends a game: checkmate
/// never happens, and only stalemate, repetition or the move rule end it.
fn no_end(file: &LoadedFile) -> Option<Diagnostic> {
    let v = &file.variant;
    if v.pieces.iter().any(|p| p.royal) || other_end(v) {
        return None;
    }
    Some(Diagnostic::warning(
        "no-royal",
        file.at_key(
            "rules",
            "no piece is royal, so the rules' checkmate never happens, and no other rule \
             (extinction, flag, check count, blast, connect, castling wins) ends the game: only stalemate, repetition \
             or the move rule can; make a piece `royal: true` or add such a rule"
                .into(),
        ),
    ))
}

/// Non-pawns in XBoard's Pawn (first) and Lance (19th) image slots, which XBoard makes promote
/// on the last rank like pawns: the slots where the `piece_to_char` Alfil sends differs from
/// the file's, because Alfil had to move the piece elsewhere.
fn pawn_slots(file: &LoadedFile) -> Vec<Diagnostic> {
    let v = &file.variant;
    let written: Vec<char> = v.piece_to_char.chars().collect();
    let sent: Vec<char> = xboard::piece_to_char(v).chars().collect();
    let simple = |s: &[char]| s.iter().all(|&c| c == '.' || c.is_ascii_alphabetic());
    if !simple(&written) || written.len() != sent.len() {
        return Vec::new();
    }
    let king_slot = written.len() / 2 - 1;
    [(0, "Pawn"), (18, "Lance")]
        .into_iter()
        .filter(|&(slot, _)| slot < king_slot && written[slot] != sent[slot])
        .filter_map(|(slot, image)| {
            let letter = written[slot];
            let piece = &v.pieces[v.piece_index(letter)?];
            let message = format!(
                "the {} ({letter}) is in XBoard's {image} slot (slot {slot} of `piece_to_char`), \
                 where XBoard makes a piece promote on the last rank like a pawn; Alfil moves it \
                 to a free slot when it sends `setup`, but other programs reading this string \
                 do not",
                piece.name
            );
            let at = file
                .in_key("piece_to_char", slot, message.clone())
                .unwrap_or_else(|| file.at_key("inherits", format!("{message} (inherited)")));
            Some(Diagnostic::warning("xboard-pawn-slot", at))
        })
        .collect()
}

/// Pieces the file defines that XBoard would draw with the image of another piece (a slot of
/// `piece_to_char` whose image shows other moves), with the slot to choose instead: the image
/// of the piece's moves, or one of no common piece.
fn other_images(file: &LoadedFile) -> Vec<Diagnostic> {
    let v = &file.variant;
    let text = &v.piece_to_char;
    let king_slot = piece_to_char::slots(text).map_or(0, |s| s.len() / 2 - 1);
    let taken = |slot: usize| {
        v.pieces
            .iter()
            .any(|p| images::slot_of(text, p.id) == Some(slot))
    };
    let mut found = Vec::new();
    for p in v.pieces.iter().filter(|p| !p.royal) {
        if file.piece_text(p.id, PieceField::Moves).is_none() {
            continue;
        }
        let Some(slot) = images::slot_of(text, p.id).filter(|&s| s > 0 && s < king_slot) else {
            continue;
        };
        let Some((image, Some(_))) = images::IMAGES.get(slot) else {
            continue;
        };
        let own = images::image_for(&p.moves_text);
        let shown = images::IMAGES[slot].1.unwrap_or_default();
        if own.is_some_and(|o| images::IMAGES[o].0 == *image) || related(&p.moves_text, shown) {
            continue;
        }
        let choice = own
            .filter(|&o| !taken(o))
            .or_else(|| [17, 19, 20].into_iter().find(|&s| !taken(s)));
        let advice = match choice {
            Some(s) => format!(
                "; put it in slot {s} (XBoard's {} image{})",
                images::IMAGES[s].0,
                if own == Some(s) {
                    ", its moves"
                } else {
                    ", of no common piece"
                }
            ),
            None => String::new(),
        };
        let message = format!(
            "XBoard draws the {} ({}) with its {image} image (slot {slot} of `piece_to_char`), \
             though it does not move as one{advice}",
            p.name, p.id
        );
        let at = images::slot_char(text, slot)
            .and_then(|index| file.in_key("piece_to_char", index, message.clone()))
            .unwrap_or_else(|| file.at_piece(p.id, PieceField::Entry, None, message));
        found.push(Diagnostic::warning("xboard-image", at));
    }
    found
}

/// A `piece_to_char` inherited without a slot for some of the pieces, which Alfil completes:
/// the string inherited, the pieces it lacks and the completed one to write.
fn completed_piece_to_char(file: &LoadedFile) -> Option<Diagnostic> {
    let PieceToCharOrigin::Completed(inherited) = &file.piece_to_char_origin else {
        return None;
    };
    let v = &file.variant;
    let lacking: Vec<&PieceType> = v
        .pieces
        .iter()
        .filter(|p| p.promoted_of.is_none())
        .filter(|p| !piece_to_char::piece_ids(inherited).any(|(_, id, _)| id == p.id))
        .collect();
    let first = lacking.first()?;
    let names: Vec<String> = lacking
        .iter()
        .map(|p| format!("the {} ({})", p.name, p.id))
        .collect();
    let message = format!(
        "`piece_to_char` is inherited as `{inherited}`, without a slot for {}; Alfil completes \
         it as `{}` (a piece in the slot of XBoard's image of its moves, else in one of no \
         common piece): write `piece_to_char: \"{}\"` to keep these slots, or choose others",
        names.join(", "),
        v.piece_to_char,
        v.piece_to_char
    );
    Some(Diagnostic::warning(
        "piece-to-char-completed",
        file.at_piece(first.id, PieceField::Entry, None, message),
    ))
}

/// Whether one of two XBetza texts does all the other does (an amazon and the queen image, a
/// silver general and the ferz): then the image is a fair likeness.
fn related(a: &str, b: &str) -> bool {
    let (a, b) = (reach(a), reach(b));
    let within = |x: &[(u8, u8, bool)], y: &[(u8, u8, bool)]| x.iter().all(|t| y.contains(t));
    within(&a, &b) || within(&b, &a)
}

/// Where XBetza goes from the centre of an empty 15x15 board (moves) and of a board full of
/// foes (captures, `true`).
fn reach(text: &str) -> Vec<(u8, u8, bool)> {
    let mut query = Query::new(text, 15, 15, (7, 7));
    query.moved = true;
    let mut found: Vec<(u8, u8, bool)> = targets(&query)
        .unwrap_or_default()
        .iter()
        .map(|t| (t.to.0, t.to.1, false))
        .collect();
    query.foes = (0..15u8)
        .flat_map(|f| (0..15u8).map(move |r| (f, r)))
        .filter(|&c| c != (7, 7))
        .collect();
    found.extend(
        targets(&query)
            .unwrap_or_default()
            .iter()
            .map(|t| (t.to.0, t.to.1, true)),
    );
    found
}

/// A name XBoard reads as one of its own variants (or refuses).
fn xboard_name(file: &LoadedFile) -> Option<Diagnostic> {
    let v = &file.variant;
    let lower = v.name.to_ascii_lowercase();
    let claims = |builtin: &str| {
        lower == builtin
            || v.aliases.iter().any(|a| a.eq_ignore_ascii_case(builtin))
            || v.parent == builtin
    };
    let message = match xboard::reading(&lower) {
        Reading::BuiltIn(builtin) if !claims(builtin) => format!(
            "XBoard reads the name `{}` as its own variant `{builtin}`; Alfil announces this \
             variant to XBoard as `{}`",
            v.name,
            xboard::xboard_name(v)
        ),
        Reading::Rejected => format!(
            "XBoard refuses the name `{}` (a wild number it does not have); Alfil announces \
             this variant to XBoard as `{}`",
            v.name,
            xboard::xboard_name(v)
        ),
        _ => return None,
    };
    Some(Diagnostic::warning(
        "xboard-name",
        file.in_key("name", 0, message.clone())
            .unwrap_or_else(|| file.at_key("name", message)),
    ))
}

/// XBetza that XBoard 4.9.1 reads otherwise, in the `piece` lines Alfil sends: the GUI would
/// show and accept other moves than Alfil plays.
fn xboard_betza(file: &LoadedFile) -> Vec<Diagnostic> {
    let v = &file.variant;
    let mut found = Vec::new();
    for p in &v.pieces {
        let mut parts = vec![(PieceField::Moves, &p.moves)];
        if let Some(zone) = &p.zone_moves {
            parts.push((PieceField::ZoneMoves, &zone.moves));
        }
        for (field, moves) in parts {
            let text = crate::betza::canonical::canonical(&moves.parsed);
            for m in misreadings(&text) {
                let index = file
                    .piece_text(p.id, field)
                    .and_then(|_| moves.parsed.components.get(m.index))
                    .map(|c| c.span.0);
                found.push(Diagnostic::warning(
                    "xboard-betza",
                    file.at_piece(
                        p.id,
                        field,
                        index,
                        format!(
                            "the {} ({})'s `{}`: {}",
                            p.name, p.id, m.component, m.reason
                        ),
                    ),
                ));
            }
        }
    }
    found
}

/// A board XBoard cannot draw: more columns, holdings included, than it has.
fn wide_board(file: &LoadedFile) -> Option<Diagnostic> {
    let v = &file.variant;
    let columns = xboard::columns(v);
    (columns > xboard::MAX_COLUMNS).then(|| {
        Diagnostic::warning(
            "xboard-board",
            file.at_key(
                "board",
                format!(
                    "XBoard draws at most {} columns, holdings included; {} files{} need {columns}",
                    xboard::MAX_COLUMNS,
                    v.files,
                    if v.holdings > 0 {
                        " and the holdings' 4 columns"
                    } else {
                        ""
                    }
                ),
            ),
        )
    })
}

/// Parents under which XBoard tests no check, so a piece in its King slot need not be royal.
const XBOARD_PARENTS_WITHOUT_CHECK: [&str; 3] = ["giveaway", "suicide", "atomic"];

/// Rules XBoard 4.9.1 cannot referee, so that under its legality testing it refuses moves
/// Alfil plays: walls that appear during a game, pieces that turn into another by themselves
/// or by what they take, range jumping and burning, and a piece in its King slot that is not
/// royal (XBoard keeps it out of check).
fn xboard_rules(file: &LoadedFile) -> Vec<Diagnostic> {
    let v = &file.variant;
    let mut found = Vec::new();
    let warn = |message: String| Diagnostic::warning("xboard-rules", file.at_key("rules", message));
    if !v.rules.petrify_on_capture.is_empty() || v.rules.wall_instead_of_move.is_some() {
        found.push(warn(
            "XBoard has no walls that appear during a game (petrified pieces, walls put instead \
             of a move): its board parts from Alfil's and it refuses the next move through a \
             wall it does not show; play this variant in a UCI GUI or `alfil serve`"
                .to_string(),
        ));
    }
    if let Some(&kind) = v.rules.contagious.first() {
        let p = &v.pieces[kind];
        found.push(warn(format!(
            "XBoard has no rule by which a piece that takes the {} ({}) becomes one: Alfil \
             writes such a capture as a promotion to it (`c3d5{}`, as HaChu does), which \
             XBoard's legality testing may refuse; play with it off, in a UCI GUI or \
             `alfil serve`",
            p.name,
            p.id,
            p.id.letter_for(Colour::Black)
        )));
    }
    if let Some(p) = v
        .pieces
        .iter()
        .find(|p| p.demotes == Some(Demotion::OnMove))
    {
        found.push(warn(format!(
            "XBoard never turns a piece back by itself: it refuses the move by which the {} \
             ({}) becomes its first form again",
            p.name, p.id
        )));
    }
    if let Some(p) = v
        .pieces
        .iter()
        .find(|p| p.range_jump || p.burns || p.burns_passively)
    {
        found.push(warn(format!(
            "XBoard knows no range jumping or burning: its legality testing refuses a capture \
             past a jumped piece, and its board keeps the pieces a move burns (the {}, {}); \
             play with legality testing off, in a UCI GUI or `alfil serve`",
            p.name, p.id
        )));
    }
    // The last letter of the string is Black's king's.
    let king_slot = piece_to_char::slots(&xboard::piece_to_char(v))
        .ok()
        .and_then(|slots| slots.last().map(|slot| slot.content));
    let king = match king_slot {
        Some(SlotContent::Piece(id, _)) => v.pieces.iter().find(|p| p.id == id),
        _ => None,
    };
    if let Some(p) = king.filter(|p| !p.royal) {
        if !XBOARD_PARENTS_WITHOUT_CHECK.contains(&v.parent.as_str()) {
            found.push(warn(format!(
                "the {} ({}) stands in XBoard's King slot but is not royal: under parent `{}` \
                 XBoard keeps it out of check and refuses a move that leaves it attacked",
                p.name, p.id, v.parent
            )));
        }
    }
    found
}
