//! What XBoard knows about variants, and how to describe any other variant to it.
//!
//! XBoard 4.9 maps a variant name to one of its built-in variants by substring rules
//! ([`reading`], a port of its `StringToVariant`): `normal`, `suicide`, `atomic` … anywhere in
//! the name, `shogi`, `grand`, `xiangqi` … at the start followed by a non-letter, `frc`/`960`,
//! and `w` followed by a number (ICS wild types). A name it does not map is an engine-defined
//! variant, which the engine must describe with `setup (PIECETOCHAR) WxH+S_PARENT FEN` and
//! `piece` commands. [`xboard_name`] picks for each variant a name XBoard reads the intended way,
//! and [`setup_lines`] writes the description, generated from the loaded variant so that GUI and
//! engine agree, and avoiding XBoard's pitfalls: the FEN always has every field (a short one makes
//! XBoard drop the last piece of rank 1), only pawns occupy the Pawn (1st) and Lance (19th)
//! image slots (XBoard makes those promote on the last rank), and boards are at most 16 columns
//! wide including the holdings.

use crate::types::{Colour, Dress, Piece};
use std::sync::Arc;

use super::xboard_contagion;
use super::xboard_promotion;
use super::xboard_promotion::PAIRING;
use crate::betza::ast::{MODE_C, MODE_M};
use crate::betza::canonical::canonical;
use crate::betza::parse;
use crate::movegen::targets::{targets, Coord, Query};
use crate::position::ruleset::Ruleset;
use crate::position::Position;
use crate::variant::piece_to_char::{self, white_images, SlotContent};
use crate::variant::{PieceType, SquareSet, Variant, ZoneMoves};

/// XBoard 4.9.1's variant names, in its `VariantClass` order; names from `shogi` on are only
/// recognised at the start of a name followed by a non-letter.
const NAMES: [&str; 47] = [
    "normal",
    "normal",
    "wildcastle",
    "nocastle",
    "fischerandom",
    "bughouse",
    "crazyhouse",
    "losers",
    "suicide",
    "giveaway",
    "twokings",
    "kriegspiel",
    "atomic",
    "3check",
    "shatranj",
    "wild29",
    "wild30",
    "wild31",
    "wild32",
    "wild33",
    "wild34",
    "wild35",
    "wild36",
    "shogi",
    "chu",
    "courier",
    "gothic",
    "capablanca",
    "knightmate",
    "fairy",
    "cylinder",
    "falcon",
    "caparandom",
    "berolina",
    "janus",
    "super",
    "great",
    "twilight",
    "makruk",
    "seirawan",
    "grand",
    "spartan",
    "xiangqi",
    "asean",
    "lion",
    "elven",
    "unknown",
];

/// Index of `shogi` in [`NAMES`]: from here on, names match only as a prefix.
const PREFIX_MATCHED_FROM: usize = 23;

/// The variants ICS "wild N" numbers select (index = N; `None`: no variant).
const WILD: [Option<&str>; 51] = [
    Some("wildcastle"),
    Some("wildcastle"),
    Some("nocastle"),
    Some("nocastle"),
    Some("nocastle"),
    Some("normal"),
    None,
    Some("normal"),
    Some("normal"),
    Some("twokings"),
    Some("normal"),
    Some("normal"),
    Some("normal"),
    Some("normal"),
    Some("normal"),
    Some("normal"),
    Some("kriegspiel"),
    Some("losers"),
    Some("normal"),
    Some("normal"),
    None,
    None,
    Some("fischerandom"),
    Some("crazyhouse"),
    Some("bughouse"),
    Some("3check"),
    Some("giveaway"),
    Some("atomic"),
    Some("shatranj"),
    Some("wild29"),
    Some("wild30"),
    Some("wild31"),
    Some("wild32"),
    Some("wild33"),
    Some("wild34"),
    Some("wild35"),
    Some("wild36"),
    Some("shogi"),
    Some("xiangqi"),
    Some("courier"),
    Some("gothic"),
    Some("capablanca"),
    Some("knightmate"),
    Some("fairy"),
    Some("cylinder"),
    Some("falcon"),
    Some("caparandom"),
    Some("berolina"),
    Some("janus"),
    Some("super"),
    Some("great"),
];

/// How XBoard reads a variant name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// One of its built-in variants.
    BuiltIn(&'static str),
    /// An engine-defined variant (the engine must send `setup`).
    EngineDefined,
    /// A name XBoard rejects (an unknown wild number).
    Rejected,
}

/// How XBoard 4.9.1 reads `name` as given to `-variant` or in the engine's `variants` feature.
pub fn reading(name: &str) -> Reading {
    let lower = name.to_ascii_lowercase();
    let body = strip_size_prefix(&lower).map_or(lower.as_str(), |(_, rest)| rest);
    if body.contains("misc/") {
        return engine_defined_unless_normal(name);
    }
    for (i, &known) in NAMES.iter().enumerate() {
        if let Some(at) = body.find(known) {
            let next = body[at + known.len()..].chars().next();
            if i >= PREFIX_MATCHED_FROM
                && (at != 0 || next.is_some_and(|c| c.is_ascii_alphabetic()))
            {
                continue;
            }
            return if known == "normal" {
                engine_defined_unless_normal(name)
            } else {
                Reading::BuiltIn(known)
            };
        }
    }
    if (body.contains("fischer") && body.contains("random"))
        || body.contains("wild/fr")
        || body.contains("frc")
        || body.contains("960")
    {
        return Reading::BuiltIn("fischerandom");
    }
    let wild = body
        .find("wild")
        .map(|at| at + 4)
        .or_else(|| body.find('w').map(|at| at + 1));
    if let Some(after) = wild {
        let rest = body[after..].trim_start_matches([' ', '\t', '(', '/']);
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if !digits.is_empty() {
            return match digits
                .parse::<usize>()
                .ok()
                .and_then(|n| WILD.get(n).copied().flatten())
            {
                Some("normal") => engine_defined_unless_normal(name),
                Some(v) => Reading::BuiltIn(v),
                None => Reading::Rejected,
            };
        }
    }
    engine_defined_unless_normal(name)
}

/// XBoard treats a name it reads as normal chess as engine-defined unless it is `normal` itself.
fn engine_defined_unless_normal(name: &str) -> Reading {
    if name == "normal" {
        Reading::BuiltIn("normal")
    } else {
        Reading::EngineDefined
    }
}

/// `WxH_rest` or `WxH+S_rest`: ((W, H, S), rest).
pub fn strip_size_prefix(name: &str) -> Option<((u32, u32, u32), &str)> {
    let (size, rest) = name.split_once('_')?;
    let (dims, holdings) = match size.split_once('+') {
        Some((d, h)) => (d, h.parse().ok()?),
        None => (size, 0),
    };
    let (w, h) = dims.split_once('x')?;
    if rest.is_empty() {
        return None;
    }
    Some(((w.parse().ok()?, h.parse().ok()?, holdings), rest))
}

/// Whether XBoard knows `name` as a built-in variant, under exactly that name.
pub fn is_builtin(name: &str) -> bool {
    name != "unknown"
        && NAMES.contains(&name)
        && reading(name) == Reading::BuiltIn(name_static(name))
}

fn name_static(name: &str) -> &'static str {
    NAMES
        .iter()
        .find(|&&n| n == name)
        .copied()
        .unwrap_or("unknown")
}

/// The name XBoard should know the variant by: its name or an alias that is one of XBoard's
/// built-in variants, else its name or an alias that XBoard reads as engine-defined, else its
/// name with `-` inserted where XBoard would read it as a built-in one.
pub fn xboard_name(v: &Variant) -> String {
    let candidates = std::iter::once(&v.name).chain(&v.aliases);
    for c in candidates {
        let lower = c.to_ascii_lowercase();
        if is_builtin(&lower) {
            return lower;
        }
    }
    let clean = std::iter::once(&v.name)
        .chain(&v.aliases)
        .map(|c| c.to_ascii_lowercase())
        .find(|c| reading(c) == Reading::EngineDefined);
    if let Some(name) = clean {
        return name;
    }
    let mut name = v.name.to_ascii_lowercase();
    for _ in 0..16 {
        if reading(&name) == Reading::EngineDefined {
            break;
        }
        name = break_builtin_match(&name);
    }
    name
}

/// Insert `-` into the part of `name` that makes XBoard read a built-in variant: the first
/// place where breaking a matched word changes how XBoard reads the name.
fn break_builtin_match(name: &str) -> String {
    let before = reading(name);
    let body_start = strip_size_prefix(name).map_or(0, |(_, rest)| name.len() - rest.len());
    let body = &name[body_start..];
    let mut places: Vec<usize> = NAMES
        .iter()
        .chain(["frc", "960", "fischer", "random", "wild", "w"].iter())
        .flat_map(|n| body.match_indices(n).map(|(at, _)| at))
        .collect();
    places.sort_unstable();
    places.dedup();
    for at in places {
        let at = body_start + at;
        let split = at + name[at..].chars().next().map_or(0, char::len_utf8);
        let candidate = format!("{}-{}", &name[..split], &name[split..]);
        if reading(&candidate) != before {
            return candidate;
        }
    }
    format!("alfil-{name}")
}

/// Whether the engine must describe the variant with `setup` and `piece` commands: every
/// variant except those XBoard knows by the same name with the same rules (all built-in ones
/// but `fairy`, which has no fixed pieces).
pub fn needs_setup(v: &Variant) -> bool {
    let name = xboard_name(v);
    !is_builtin(&name) || name == "fairy"
}

/// Board columns XBoard draws: the files plus two columns of holdings on each side.
pub fn columns(v: &Variant) -> u32 {
    u32::from(v.files) + if v.holdings > 0 { 4 } else { 0 }
}

/// XBoard's widest board, holdings included.
pub const MAX_COLUMNS: u32 = 16;

/// The `setup` line and one `piece` line per piece type, for a variant that needs them.
pub fn setup_lines(tables: &Arc<Ruleset>) -> Result<Vec<String>, String> {
    let v = &tables.variant;
    if columns(v) > MAX_COLUMNS {
        return Err(format!(
            "{} needs {} board columns, XBoard shows at most {}",
            v.name,
            columns(v),
            MAX_COLUMNS
        ));
    }
    let fen = Position::start(tables.clone()).to_fen();
    let parent = setup_parent(v);
    let slots = piece_to_char(v);
    let mut lines = vec![format!(
        "setup ({}) {}x{}+{}_{} {}",
        slots,
        v.files,
        v.ranks,
        holdings_size(v, &slots),
        parent,
        fen
    )];
    for p in &v.pieces {
        // A promoted piece in a `+` slot is known to XBoard as `+X` (X the piece it promotes
        // from), as the FEN writes it; a letter not in the PIECETOCHAR would be ignored and
        // XBoard would move the piece by its own idea of the promoted form.
        let in_slots = piece_to_char::piece_ids(&slots).any(|(_, id, _)| id == p.id);
        let id = match p.promoted_of {
            Some(base) if !in_slots => format!("+{}", v.pieces[base].id),
            _ => p.id.to_string(),
        };
        let mut moves = piece_moves(v, p);
        if is_parents_pawn(v, p, &slots, parent, &moves) {
            continue;
        }
        if tables
            .castling
            .as_ref()
            .is_some_and(|c| v.pieces[c.king].id == p.id)
        {
            moves.push_str(&castling_betza(tables));
        }
        lines.push(format!("piece {id}& {moves}"));
    }
    if let Some((captors, contagious)) = xboard_contagion::partners(v, &slots) {
        let moves = v
            .piece_index(contagious)
            .map(|kind| piece_moves(v, &v.pieces[kind]))
            .unwrap_or_default();
        for captor in captors {
            lines.push(format!("piece +{captor}& {moves}"));
        }
    }
    Ok(lines)
}

/// The parent variant the `setup` line names, whose rules XBoard applies where the piece lines
/// say nothing: the variant's own where XBoard knows it (`normal` aside), else `fairy`.
pub fn setup_parent(v: &Variant) -> &str {
    if v.parent == "shogi" && !xboard_promotion::shogi_promotes_all(v) {
        "fairy"
    } else if is_builtin(&v.parent) && v.parent != "normal" {
        v.parent.as_str()
    } else {
        "fairy"
    }
}

/// The ranks of XBoard's board: the variant's, and the "dead" ones XBoard adds above them for
/// a hand with more types than ranks.
pub fn board_height(v: &Variant) -> u8 {
    v.ranks.max(holdings_size(v, &piece_to_char(v)))
}

/// Whether XBoard moves and promotes the piece `p` as its parent's own pawn: it gets no
/// `piece` line (the makruk pawn of makpong and cambodian).
pub fn keeps_parents_pawn(v: &Variant, p: &PieceType) -> bool {
    is_parents_pawn(v, p, &piece_to_char(v), setup_parent(v), &piece_moves(v, p))
}

/// XBoard's own pawn of a parent variant whose pawn promotes short of the last rank: its
/// moves, and on how many ranks at the far end it promotes (`GenPseudoLegal`'s `promoRank`).
fn parent_pawn(parent: &str) -> Option<(&'static str, u8)> {
    match parent {
        "makruk" => Some(("fmWfcF", 3)),
        _ => None,
    }
}

/// Whether `p`, in the Pawn slot, is the parent's own pawn: same moves, promoting on the same
/// ranks. Its `piece` line is then left out, so that XBoard keeps its pawn and the parent's
/// promotion zone: a `piece` line for the Pawn slot makes XBoard promote on the last rank only,
/// and it refused makruk-style promotions on the sixth (`e5e6m`) as illegal moves.
fn is_parents_pawn(v: &Variant, p: &PieceType, slots: &str, parent: &str, moves: &str) -> bool {
    let Some((pawn_moves, ranks)) = parent_pawn(parent) else {
        return false;
    };
    let far_end = |colour: Colour| {
        (0..ranks).fold(SquareSet::EMPTY, |set, i| {
            let rank = match colour {
                Colour::White => v.ranks - 1 - i,
                Colour::Black => i,
            };
            set.union(&SquareSet::rank(v.files, rank))
        })
    };
    piece_to_char::piece_ids(slots)
        .next()
        .is_some_and(|(at, id, _)| at == 0 && id == p.id)
        && moves == pawn_moves
        && p.promotion
            .as_ref()
            .is_some_and(|pr| Colour::BOTH.iter().all(|&c| pr.zone[c] == far_end(c)))
}

/// A piece's moves as its `piece` line gives them (castling aside): its XBetza, and its zone
/// moves as moves everywhere.
pub fn piece_moves(v: &Variant, p: &PieceType) -> String {
    let mut moves = canonical(&p.moves.parsed);
    if let Some(zone) = &p.zone_moves {
        moves.push_str(&zone_moves_for_xboard(v, p, zone));
    }
    moves
}

/// The holdings size to announce: XBoard holds only the first S piece types of the PIECETOCHAR
/// (skipping `.` and `+` slots), so S reaches the last type that can be in hand, even where the
/// variant's own count is smaller because a royal piece comes before it. For a larger hand
/// than ranks XBoard 4.9.1 adds "dead" ranks above the board, which count where it measures
/// from the board's height: the shogi promotion zone (a third of the ranks: with cannon shogi's
/// 11 types on 9 ranks it missed White's seventh rank, and XBoard refused `e2e7+`), the last
/// rank of the pieces in the Pawn and Lance slots, the rank numbers of a board 10 high (from
/// 0). So the hand is no larger than the ranks except under the `fairy` parent with those two
/// slots unused and a height other than 10 (and XBoard's at most 17). Types past the size
/// have no place in XBoard's hand ([`unheld_types`]).
fn holdings_size(v: &Variant, slots: &str) -> u8 {
    let size = uncapped_holdings_size(v, slots);
    let white = white_images(slots);
    let pawn_slots_unused = [0, LANCE_SLOT]
        .iter()
        .all(|&i| white.get(i).is_none_or(|&c| c == SlotContent::Unused));
    let dead_ranks_harmless =
        setup_parent(v) == "fairy" && pawn_slots_unused && size != 10 && size <= MAX_RANKS;
    if dead_ranks_harmless {
        size
    } else {
        size.min(v.ranks)
    }
}

/// XBoard's highest board, dead ranks included (common.h `BOARD_RANKS`).
const MAX_RANKS: u8 = 17;

/// The piece types that can be in hand but have no place in XBoard's: XBoard puts a pawn in
/// the hand when one is captured and refuses its drops.
pub fn unheld_types(v: &Variant) -> Vec<usize> {
    if v.holdings == 0 || !needs_setup(v) {
        return Vec::new();
    }
    let slots = piece_to_char(v);
    let size = usize::from(holdings_size(v, &slots));
    holdings_order(v, &slots)
        .into_iter()
        .skip(size)
        .flatten()
        .filter(|&i| !v.pieces[i].royal && v.pieces[i].promoted_of.is_none())
        .collect()
}

fn uncapped_holdings_size(v: &Variant, slots: &str) -> u8 {
    if v.holdings == 0 {
        return 0;
    }
    let held = |kind: Option<usize>| {
        kind.is_some_and(|i| !v.pieces[i].royal && v.pieces[i].promoted_of.is_none())
    };
    let last_held = holdings_order(v, slots)
        .into_iter()
        .enumerate()
        .filter(|&(_, kind)| held(kind))
        .map(|(i, _)| i as u8 + 1)
        .max()
        .unwrap_or(0);
    v.holdings.max(last_held)
}

/// A piece's extra moves in a zone, for its `piece` line. XBoard's Betza has no zones, so they
/// are given as moves the piece has everywhere, and XBoard's legality test accepts every move
/// the piece makes (a xiangqi soldier's sideways step across the river, a janggi guard's palace
/// diagonals). Where that would let the piece attack, from a square it may stand on but outside
/// the zone, a square the enemy king can stand on (a janggi chariot's diagonals reaching the
/// palace), XBoard would see checks that are not there and refuse the moves that answer them;
/// those moves are then given as non-capturing, and XBoard refuses their captures instead
/// (Alfil does not play them under XBoard: [`super::referee`]). Given with their captures,
/// janggi's chariot diagonals let XBoard see a chariot next to the palace attack the squares
/// inside it; under real XBoard three games of four were then lost on moves XBoard refused,
/// some in positions where it refused every legal move.
fn zone_moves_for_xboard(v: &Variant, p: &PieceType, zone: &ZoneMoves) -> String {
    let text = canonical(&zone.moves.parsed);
    let squares = || (0..v.ranks).flat_map(|r| (0..v.files).map(move |f| (f, r)));
    let mut royal_area = SquareSet::EMPTY;
    for royal in v.pieces.iter().filter(|q| q.royal) {
        match &royal.confine {
            Some(c) => royal_area = royal_area.union(&c[Colour::Black]),
            None => squares().for_each(|(f, r)| royal_area.insert(f, r)),
        }
    }
    let foes: Vec<Coord> = squares()
        .filter(|&(f, r)| royal_area.contains(f, r))
        .collect();
    let in_zone = |(f, r): Coord| zone.zone[Colour::White].contains(f, r);
    let may_stand = |(f, r): Coord| {
        p.confine
            .as_ref()
            .is_none_or(|c| c[Colour::White].contains(f, r))
    };
    let false_attack = squares().filter(|&c| may_stand(c)).any(|from| {
        let mut query = Query::new(&text, v.files, v.ranks, from);
        query.foes = foes.iter().copied().filter(|&c| c != from).collect();
        query.moved = true;
        targets(&query).is_ok_and(|found| {
            found.iter().any(|t| {
                royal_area.contains(t.to.0, t.to.1)
                    && (!in_zone(from) || (zone.stay && !in_zone(t.to)))
            })
        })
    });
    if !false_attack {
        return text;
    }
    let mut moves_only = zone.moves.parsed.clone();
    moves_only.components.retain_mut(|c| {
        let single = c.legs.len() == 1;
        match c.legs.last_mut() {
            Some(leg) if single && leg.modes & MODE_C == 0 => {
                leg.modes |= MODE_M;
                true
            }
            _ => false,
        }
    });
    canonical(&moves_only)
}

/// The XBetza `O` components of the castling king: `isO2` for FIDE castling, `ilO2irO3` when
/// the two sides differ, with `j` when the partner starts inside the edge (Shako).
pub fn castling_betza(tables: &Ruleset) -> String {
    let (Some(c), Some(rule)) = (&tables.castling, &tables.variant.castling) else {
        return String::new();
    };
    let geo = tables.geo;
    let home = |colour: Colour| {
        let king = Piece::new(c.king, colour);
        (0..geo.files).find(|&f| tables.start_board[geo.square(f, c.rank[colour])] == king)
    };
    let Some(king_file) = home(Colour::White).or_else(|| home(Colour::Black)) else {
        return String::new();
    };
    let right = rule.kingside_file.saturating_sub(king_file);
    let left = king_file.saturating_sub(rule.queenside_file);
    let right_in = (geo.files - 1).saturating_sub(rule.kingside_partner_file);
    let left_in = rule.queenside_partner_file;
    let part = |dir: &str, dist: u8, inside: u8| {
        format!("i{dir}{}O{dist}", "j".repeat(usize::from(inside)))
    };
    let text = if right == left && right_in == left_in && right > 0 {
        part("s", right, right_in)
    } else {
        let mut t = String::new();
        if left > 0 {
            t.push_str(&part("l", left, left_in));
        }
        if right > 0 {
            t.push_str(&part("r", right, right_in));
        }
        t
    };
    parse(&text).map(|b| canonical(&b)).unwrap_or_default()
}

/// The variant's PIECETOCHAR with non-pawns moved out of the Pawn (1st) and Lance (19th)
/// slots, where XBoard would make them promote on the last rank like pawns, every piece the
/// string leaves out given a free image slot, and a lone royal piece in the last slot, where
/// XBoard looks for the king. Where a captured promoted piece goes to the hand
/// as itself (loop, chessgi), the `~` slots are left out: with them XBoard marks promoted
/// pieces and puts a pawn in the hand when one is captured, then refuses the drop.
pub fn piece_to_char(v: &Variant) -> String {
    let text = xboard_contagion::with_partner_slots(v, &image_slots(v));
    with_lance_partner_named(v, &text)
}

/// XBoard's Lance image, which it moves and promotes like a pawn (and whose use keeps a hand
/// larger than the board from its dead ranks: [`holdings_size`]).
const LANCE_SLOT: usize = 18;

/// `text` with the `+` partner in XBoard's Lance slot named where it stands in the way of the
/// hand: under the `fairy` parent, with the Pawn slot unused, a hand of more types than ranks
/// fits in dead ranks only while the Lance slot is unused too, and a `+` there (the partner of
/// slot 7 in XBoard's pairing of the first eleven) is the one use left. That partner is then
/// written `^X` (X the piece of slot 7) in the first free slot past the paired ones, which
/// XBoard marries to X (backend.c `SetCharTableEsc`), and the Lance slot is left empty. Cannon
/// shogi's ten promoting types fill slots 1 to 10; with the copper cannon's partner in slot 18
/// XBoard's hand held nine of its eleven types, and a captured cannon went to the hand as a
/// pawn over the iron cannon held there (`I@f4` then forfeited). A variant with a contagious
/// type keeps its text ([`xboard_contagion`] reads one character a slot).
fn with_lance_partner_named(v: &Variant, text: &str) -> String {
    let simple = text
        .chars()
        .all(|c| matches!(c, '.' | '+') || c.is_ascii_alphabetic());
    if !simple || !text.len().is_multiple_of(2) || !v.rules.contagious.is_empty() {
        return text.to_string();
    }
    let white: Vec<char> = text[..text.len() / 2].chars().collect();
    let size = uncapped_holdings_size(v, text);
    let in_the_way = setup_parent(v) == "fairy"
        && white.first() == Some(&'.')
        && white.len() > LANCE_SLOT + 1
        && white[LANCE_SLOT] == '+'
        && white[LANCE_SLOT - PAIRING].is_ascii_alphabetic()
        && size > v.ranks
        && size != 10
        && size <= MAX_RANKS;
    if !in_the_way {
        return text.to_string();
    }
    let fix = |side: &str, _black: bool| -> String {
        let mut slots: Vec<String> = side.chars().map(String::from).collect();
        let king = slots.pop().unwrap_or_default();
        let partner = format!("^{}", slots[LANCE_SLOT - PAIRING]);
        slots[LANCE_SLOT] = ".".to_string();
        match (2 * PAIRING..slots.len()).find(|&i| slots[i] == ".") {
            Some(i) => slots[i] = partner,
            None => slots.push(partner),
        }
        slots.concat() + &king
    };
    each_half(text, fix)
}

/// [`fn@piece_to_char`] before the partner slots of a contagious variant's captors.
fn image_slots(v: &Variant) -> String {
    let marks_promotions = !v.hand.captures_to_hand || v.hand.demote_on_capture;
    let text = &if marks_promotions {
        v.piece_to_char.clone()
    } else {
        v.piece_to_char.replace('~', ".")
    };
    let text = &shogi_rule_slots(v, text);
    let text = &if v.parent == "shogi" {
        xboard_promotion::with_plus_pairs(v, text, setup_parent(v) == "shogi")
    } else {
        text.clone()
    };
    let simple = text.chars().all(|c| c == '.' || c.is_ascii_alphabetic());
    if !simple || !text.len().is_multiple_of(2) {
        return text.clone();
    }
    let promotes = |c: char| {
        v.piece_index(c)
            .is_some_and(|i| v.pieces[i].promotion.is_some())
    };
    let place = |slots: &mut Vec<char>, c: char| {
        let free = (5..slots.len() - 1).find(|&i| i != 18 && slots[i] == '.');
        match free {
            Some(i) => slots[i] = c,
            None => {
                let king = slots.len() - 1;
                if king == 18 {
                    slots.insert(king, '.');
                }
                slots.insert(slots.len() - 1, c);
            }
        }
    };
    let fix = |side: &str, black: bool| -> String {
        let mut slots: Vec<char> = side.chars().collect();
        for pawn_slot in [0usize, 18] {
            if pawn_slot + 1 >= slots.len() {
                continue;
            }
            let c = slots[pawn_slot];
            if c == '.' || promotes(c) {
                continue;
            }
            slots[pawn_slot] = '.';
            place(&mut slots, c);
        }
        let colour = if black { Colour::Black } else { Colour::White };
        // A simple PIECETOCHAR has plain letters only; a dressed ID (of a promoted piece, the
        // one kind a PIECETOCHAR may leave out) is named `+X` in its `piece` line instead.
        for p in v.pieces.iter().filter(|p| p.id.dress() == Dress::Plain) {
            let letter = p.id.letter_for(colour);
            if !slots.contains(&letter) {
                place(&mut slots, letter);
            }
        }
        // XBoard takes the last letter of each half for the king: a lone royal piece goes there
        // (except under XBoard's xiangqi, whose general is in the Wazir slot).
        let mut royals = v.pieces.iter().filter(|p| p.royal);
        let xiangqi_parent = v.parent == "xiangqi";
        if let (Some(royal), None, false) = (royals.next(), royals.next(), xiangqi_parent) {
            let letter = royal.id.letter_for(colour);
            let last = slots.len() - 1;
            if let Some(at) = slots.iter().position(|&c| c == letter) {
                if slots[last] == '.' {
                    slots.swap(at, last);
                }
            }
        }
        slots.into_iter().collect()
    };
    each_half(text, fix)
}

/// The PIECETOCHAR with `fix` applied to White's half and to Black's (`true`), or unchanged
/// when the halves would no longer be as long as each other.
fn each_half(text: &str, fix: impl Fn(&str, bool) -> String) -> String {
    let half = text.len() / 2;
    let white = fix(&text[..half], false);
    let black = fix(&text[half..], true);
    if white.len() != black.len() {
        return text.to_string();
    }
    white + &black
}

/// Under XBoard's shogi rules the Pawn, Queen and Lance slots (1st, 5th and 19th: XBoard's
/// shogi shows its lance in the Queen slot, moves.c LegalDrop) may not be dropped on the last
/// rank nor stay there unpromoted, the Knight slot (2nd) not on the last two ranks (okisaki
/// shogi's queen, in the 5th slot, had `Q@b0` refused under real XBoard). A
/// piece that can move from there (euroshogi's knight steps sideways, yarishogi's knight goes
/// straight ahead) would have legal drops and moves refused: it moves to a free slot, its `+`
/// partner 11 slots after it along with it (XBoard pairs only the first 11 slots so).
fn shogi_rule_slots(v: &Variant, text: &str) -> String {
    let tokens_are_simple = text
        .chars()
        .all(|c| matches!(c, '.' | '+') || c.is_ascii_alphabetic());
    if setup_parent(v) != "shogi" || !tokens_are_simple || !text.len().is_multiple_of(2) {
        return text.to_string();
    }
    let moves_from_ranks = |letter: char, ranks_from_end: u8| {
        v.piece_index(letter).is_some_and(|i| {
            let betza = canonical(&v.pieces[i].moves.parsed);
            (v.ranks.saturating_sub(ranks_from_end)..v.ranks).any(|r| {
                (0..v.files).any(|f| {
                    let query = Query::new(&betza, v.files, v.ranks, (f, r));
                    targets(&query).is_ok_and(|t| !t.is_empty())
                })
            })
        })
    };
    let fix = |side: &str| -> String {
        let king = side.chars().last().unwrap_or('.');
        let mut slots: Vec<char> = side.chars().take(side.len() - 1).collect();
        for (slot, ranks) in [(0usize, 1u8), (1, 2), (4, 1), (18, 1)] {
            let Some(&c) = slots.get(slot) else { continue };
            if !c.is_ascii_alphabetic() || !moves_from_ranks(c.to_ascii_uppercase(), ranks) {
                continue;
            }
            let partner = slots.get(slot + 11) == Some(&'+');
            let free = |slots: &Vec<char>, j: usize| {
                ![0, 1, 4, 18].contains(&j)
                    && (!partner || j <= 10)
                    && slots
                        .get(j)
                        .is_none_or(|&x| x == '.' || (j == slot + 11 && partner))
                    && (!partner || slots.get(j + 11).is_none_or(|&x| x == '.'))
            };
            slots[slot] = '.';
            if partner {
                slots[slot + 11] = '.';
            }
            let Some(j) = (5..64).find(|&j| free(&slots, j)) else {
                return side.to_string();
            };
            let end = if partner { j + 12 } else { j + 1 };
            if slots.len() < end {
                slots.resize(end, '.');
            }
            slots[j] = c;
            if partner {
                slots[j + 11] = '+';
            }
        }
        slots.push(king);
        slots.into_iter().collect()
    };
    each_half(text, |side, _| fix(side))
}

/// The piece of a holdings square as XBoard names it in `lift`: White's holdings are the column
/// right of the board and one beyond its count column (file letter `a` + files + 1), Black's the
/// column two left of `a` (`_`); White's first piece type is on the lowest rank, Black's on the
/// highest, and the types are those of the PIECETOCHAR [`fn@piece_to_char`] sends, in
/// `holdings_order`, as many as the holdings size `setup` announces. Returns the colour and
/// the piece type.
pub fn holdings_piece(v: &Variant, square: &str) -> Option<(Colour, usize)> {
    if v.holdings == 0 {
        return None;
    }
    let mut chars = square.chars();
    let file = chars.next()?;
    let rank: u32 = chars.as_str().parse().ok()?;
    let height = u32::from(board_height(v));
    let y = if height == 10 {
        rank
    } else {
        rank.checked_sub(1)?
    };
    if y >= height {
        return None;
    }
    let white_file = char::from_u32('a' as u32 + u32::from(v.files) + 1)?;
    let (colour, index) = if file == white_file {
        (Colour::White, y)
    } else if file == char::from_u32('a' as u32 - 2)? {
        (Colour::Black, height - 1 - y)
    } else {
        return None;
    };
    let slots = piece_to_char(v);
    if index >= u32::from(holdings_size(v, &slots)) {
        return None;
    }
    let kind = holdings_order(v, &slots).get(index as usize).copied()??;
    Some((colour, kind))
}

/// White's slots in the order XBoard gives them holdings places, each as the type of its
/// piece (none for a `~` slot): those of the PIECETOCHAR that XBoard counts (moves.c
/// `PieceToNumber` skips only `.` and `+`, and a `^X` partner is a `+`), the King slot last.
fn holdings_order(v: &Variant, slots: &str) -> Vec<Option<usize>> {
    let read = piece_to_char::slots(slots).unwrap_or_default();
    read[..read.len() / 2]
        .iter()
        .filter_map(|slot| match slot.content {
            SlotContent::Unused | SlotContent::ShogiPromoted | SlotContent::PromotedOf(..) => None,
            SlotContent::CrazyhousePromoted => Some(None),
            SlotContent::Piece(id, _) => Some(v.pieces.iter().position(|p| p.id == id)),
        })
        .collect()
}

/// XBoard 4.9.1's own PIECETOCHAR for the built-in variants whose letters are not the usual
/// ones. XBoard writes FENs and moves of a variant it knows with these, not with the engine's.
/// (Run under XBoard, every other built-in variant Alfil ships took Alfil's start FEN as it is.)
const BUILTIN_LETTERS: [(&str, &str); 1] = [("xiangqi", "PH.R.AE..K.C.ph.r.ae..k.c.")];

/// The letters XBoard uses for a variant's pieces where they differ from the variant file's:
/// slot by slot, XBoard's letter for a built-in variant against the file's `piece_to_char`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dialect {
    /// (XBoard's letter, the file's letter), both cases.
    pairs: Vec<(char, char)>,
    /// Captors of a contagious type XBoard knows as promoting to a `+` partner that moves as
    /// that type (upper-case letters), and the type's letter ([`xboard_contagion`]).
    partners: Option<(Vec<char>, char)>,
}

impl Dialect {
    /// The dialect XBoard speaks for `v` (empty where XBoard uses the file's letters).
    pub fn of(v: &Variant) -> Dialect {
        let name = xboard_name(v);
        let theirs = BUILTIN_LETTERS
            .iter()
            .find(|(n, _)| !needs_setup(v) && *n == name)
            .map(|(_, letters)| *letters);
        let pairs = theirs
            .map(|theirs| {
                theirs
                    .chars()
                    .zip(v.piece_to_char.chars())
                    .filter(|&(x, a)| x != a && x.is_ascii_alphabetic() && a.is_ascii_alphabetic())
                    .collect()
            })
            .unwrap_or_default();
        let partners = if needs_setup(v) {
            xboard_contagion::partners(v, &piece_to_char(v))
        } else {
            None
        };
        Dialect { pairs, partners }
    }

    /// Whether XBoard is told the contagious capture of the piece with this letter as a
    /// promotion to its `+` partner (`d6f4+`).
    pub fn contagion_as_promotion(&self, captor: char) -> bool {
        self.partners
            .as_ref()
            .is_some_and(|(captors, _)| captors.contains(&captor.to_ascii_uppercase()))
    }

    /// A FEN board field with XBoard's `+X` partners of contagious captors written as the
    /// contagious type.
    fn partners_in(&self, board: &str) -> String {
        let Some((captors, contagious)) = &self.partners else {
            return board.to_string();
        };
        let mut out = String::with_capacity(board.len());
        let mut chars = board.chars().peekable();
        while let Some(c) = chars.next() {
            let next = chars.peek().copied();
            match next.filter(|n| c == '+' && captors.contains(&n.to_ascii_uppercase())) {
                Some(n) => {
                    chars.next();
                    out.push(if n.is_ascii_uppercase() {
                        *contagious
                    } else {
                        contagious.to_ascii_lowercase()
                    });
                }
                None => out.push(c),
            }
        }
        out
    }

    fn to_file(&self, c: char) -> char {
        self.pairs.iter().find(|p| p.0 == c).map_or(c, |p| p.1)
    }

    fn to_xboard(&self, c: char) -> char {
        self.pairs.iter().find(|p| p.1 == c).map_or(c, |p| p.0)
    }

    /// A FEN from XBoard in the file's letters (the board and holdings field only), a `+X`
    /// partner of a contagious captor as the contagious type.
    pub fn fen_in(&self, fen: &str) -> String {
        if self.pairs.is_empty() && self.partners.is_none() {
            return fen.to_string();
        }
        let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
        let board: String = self
            .partners_in(board)
            .chars()
            .map(|c| self.to_file(c))
            .collect();
        if rest.is_empty() {
            board
        } else {
            format!("{board} {rest}")
        }
    }

    /// Move text from XBoard in the file's letters: the dropped piece and the promotion piece.
    pub fn move_in(&self, text: &str) -> String {
        self.translate_move(text, |c| self.to_file(c))
    }

    /// Move text for XBoard in its letters.
    pub fn move_out(&self, text: &str) -> String {
        self.translate_move(text, |c| self.to_xboard(c))
    }

    /// Translate the piece letters of a move (before `@`, and after a leg's last digit),
    /// leaving square names alone.
    fn translate_move(&self, text: &str, map: impl Fn(char) -> char) -> String {
        if self.pairs.is_empty() {
            return text.to_string();
        }
        let legs: Vec<String> = text
            .split(',')
            .map(|leg| {
                let mut chars: Vec<char> = leg.chars().collect();
                if chars.get(1) == Some(&'@') {
                    chars[0] = map(chars[0]);
                }
                if let Some(last_digit) = chars.iter().rposition(|c| c.is_ascii_digit()) {
                    for c in &mut chars[last_digit + 1..] {
                        *c = map(*c);
                    }
                }
                chars.into_iter().collect()
            })
            .collect();
        legs.join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pawn_xboards_parent_already_has_gets_no_piece_line() {
        // XBoard's makruk pawn (moves.c: fmWfcF, promoting on the last three ranks) is
        // makpong's and cambodian's: their pawns get no `piece` line, so that XBoard keeps its
        // own promotion zone; a `piece` line for the Pawn slot would move it to the last rank.
        let lines = |name: &str| {
            let v = crate::variant::load_by_name(name).expect("shipped");
            setup_lines(&crate::movegen::build_ruleset(Arc::new(v)).expect("tables"))
                .expect("setup lines")
        };
        for name in ["makpong", "cambodian"] {
            let lines = lines(name);
            assert!(lines[0].contains("8x8+0_makruk"), "{}", lines[0]);
            assert!(
                !lines.iter().any(|l| l.starts_with("piece P&")),
                "{lines:?}"
            );
            assert!(lines.iter().any(|l| l == "piece R& R"), "{lines:?}");
        }
        // Sittuyin's pawn promotes elsewhere (on the diagonals): it keeps its line.
        assert!(lines("sittuyin").iter().any(|l| l.starts_with("piece P&")));
    }

    #[test]
    fn holdings_squares_are_named_as_xboard_names_them() {
        // XBoard 4.9.1 (shared/xboard/README.md §5.4, from its source): on an 8-file board
        // White's holdings are file `j`, Black's `_`; White's first type on rank 1, Black's on
        // the top rank; types in PIECETOCHAR order (crazyhouse: P N B R Q).
        let v = crate::variant::load_by_name("crazyhouse").expect("shipped");
        let kind = |letter: char| v.piece_index(letter).expect("a crazyhouse piece");
        assert_eq!(holdings_piece(&v, "j1"), Some((Colour::White, kind('P'))));
        assert_eq!(holdings_piece(&v, "j5"), Some((Colour::White, kind('Q'))));
        assert_eq!(holdings_piece(&v, "_8"), Some((Colour::Black, kind('P'))));
        assert_eq!(holdings_piece(&v, "_6"), Some((Colour::Black, kind('B'))));
        assert_eq!(holdings_piece(&v, "k1"), None);
        assert_eq!(holdings_piece(&v, "j9"), None);
        // Shogi has 9 files: White's holdings are file `k`.
        let shogi = crate::variant::load_by_name("shogi").expect("shipped");
        let first = shogi.piece_index('P').expect("pawn");
        assert_eq!(holdings_piece(&shogi, "k1"), Some((Colour::White, first)));
        assert_eq!(holdings_piece(&shogi, "_9"), Some((Colour::Black, first)));
        let chess = crate::variant::load_by_name("chess").expect("shipped");
        assert_eq!(holdings_piece(&chess, "j1"), None);
    }

    #[test]
    fn xiangqi_is_read_and_written_in_xboards_letters() {
        let v = crate::variant::load_by_name("xiangqi").expect("shipped");
        let d = Dialect::of(&v);
        // XBoard's xiangqi PIECETOCHAR has H and E where the file has N and B.
        assert_eq!(
            d.fen_in("rheakaehr/9/9/9/9/9/9/9/9/RHEAKAEHR w 0 1"),
            "rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w 0 1"
        );
        assert_eq!(d.move_in("H@e4"), "N@e4");
        assert_eq!(d.move_in("e6e7h"), "e6e7n");
        assert_eq!(d.move_out("b@c4"), "e@c4");
        assert_eq!(d.move_out("h0h9"), "h0h9");
        let chess = crate::variant::load_by_name("chess").expect("shipped");
        assert_eq!(Dialect::of(&chess), Dialect::default());
    }

    #[test]
    fn xboard_reads_names_like_xboard() {
        assert_eq!(reading("normal"), Reading::BuiltIn("normal"));
        assert_eq!(reading("capablanca"), Reading::BuiltIn("capablanca"));
        assert_eq!(reading("10x8+0_capablanca"), Reading::BuiltIn("capablanca"));
        assert_eq!(reading("grasshopper"), Reading::EngineDefined);
        assert_eq!(reading("superchess"), Reading::EngineDefined);
        assert_eq!(reading("super-chess"), Reading::BuiltIn("super"));
        assert_eq!(reading("shogi"), Reading::BuiltIn("shogi"));
        assert_eq!(reading("minishogi"), Reading::EngineDefined);
        assert_eq!(reading("atomic-lite"), Reading::BuiltIn("atomic"));
        assert_eq!(reading("anti-suicide"), Reading::BuiltIn("suicide"));
        assert_eq!(reading("chess960"), Reading::BuiltIn("fischerandom"));
        assert_eq!(reading("wildebeest"), Reading::EngineDefined);
        assert_eq!(reading("w22"), Reading::BuiltIn("fischerandom"));
        assert_eq!(reading("newzealand"), Reading::EngineDefined);
        assert_eq!(reading("w6"), Reading::Rejected);
        assert_eq!(reading("unknown"), Reading::BuiltIn("unknown"));
    }

    #[test]
    fn broken_names_read_as_engine_defined() {
        for name in [
            "atomic-lite",
            "grand-chess",
            "my960",
            "w3chess",
            "suicidenormal",
        ] {
            let mut n = name.to_string();
            while reading(&n) != Reading::EngineDefined {
                n = break_builtin_match(&n);
            }
            assert!(n.len() <= name.len() + 3, "{name} became {n}");
        }
    }
}
