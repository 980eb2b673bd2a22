//! Pseudo-legal move generation from the compiled tables: single-leg rays walked with mailbox
//! offsets (leapers, sliders, riders, hoppers, lame and must-jump leaps, en passant,
//! initial-only moves), wrapping rays, and the hand-off to the multi-leg walker, castling and
//! drops. [`emit`] turns a reached square into moves: promotions (on reaching a zone, only on
//! capture), a promoted piece's reversion, and sittuyin's promotion in place or by a step.

use super::{castling, drops, multileg, Sink};
use crate::betza::compile::flags;
use crate::position::moves::{Move, NO_SQUARE};
use crate::position::piece::code;
use crate::position::ruleset::{ColourMoves, InPlaceT, PieceInfo, PromotionT, RayT, SqBits};
use crate::position::Position;
use crate::types::Colour;
use crate::variant::schema::Demotion;

/// All pseudo-legal moves of the side to move (only drops while it must drop).
pub fn generate<S: Sink>(pos: &Position, sink: &mut S) {
    let side = pos.side();
    let tables = &pos.tables;
    let must_drop = tables.hand.must_drop && !pos.hand_is_empty(side);
    if !must_drop {
        for i in 0..pos.pieces(side).len() {
            let from = pos.pieces(side)[i];
            if !piece_moves(pos, from, sink) {
                return;
            }
        }
        if !castling::generate(pos, sink) {
            return;
        }
    }
    if tables.hand.drops {
        drops::drops(pos, sink);
    }
}

/// Moves of the piece on `from` (of either colour). Returns false if the sink asked to stop.
pub fn piece_moves<S: Sink>(pos: &Position, from: u16, sink: &mut S) -> bool {
    let piece = pos.at(from);
    let kind = code::kind(piece);
    let colour = code::colour(piece);
    let tables = &pos.tables;
    let info = &tables.pieces[kind];
    let mark = sink.mark();
    if !moves_of(pos, from, colour, info, &info.moves[colour], None, sink) {
        return false;
    }
    if let Some((zone, extra, stay)) = &info.zone_moves {
        let stay = stay.then_some(&zone[colour]);
        if zone[colour].has(from) && !moves_of(pos, from, colour, info, &extra[colour], stay, sink)
        {
            return false;
        }
    }
    if info.needs_dedup || info.zone_moves.is_some() {
        sink.dedup_since(mark);
    }
    match info.promotion.as_ref() {
        Some(
            promo @ PromotionT {
                in_place: Some(rule),
                ..
            },
        ) => in_place_promotions(pos, from, colour, kind, promo, rule, sink),
        _ => true,
    }
}

/// Sittuyin-style promotions of the piece on `from`: where it stands (in the zone, or anywhere
/// if it is the side's last of its kind and the rule allows), into each choice within the
/// limits, in place or with one of the promotion steps onto an empty square.
fn in_place_promotions<S: Sink>(
    pos: &Position,
    from: u16,
    colour: Colour,
    kind: usize,
    promo: &PromotionT,
    rule: &InPlaceT,
    sink: &mut S,
) -> bool {
    let anywhere = rule.last_anywhere && pos.count(colour, kind) == 1;
    if !anywhere && !promo.zone[colour].has(from) {
        return true;
    }
    for &choice in &promo.choices[colour] {
        if pos.count(colour, choice as usize - 1) >= promo.limits[choice as usize - 1] {
            continue;
        }
        let promote = |to: u16| Move {
            promotion: choice,
            ..Move::new(from, to)
        };
        if !sink.push(promote(from)) {
            return false;
        }
        for &off in &rule.steps[colour] {
            let to = (from as i16 + off) as u16;
            if pos.at(to) == code::EMPTY && !sink.push(promote(to)) {
                return false;
            }
        }
    }
    true
}

/// Walk one move table of the piece on `from`.
fn moves_of<S: Sink>(
    pos: &Position,
    from: u16,
    colour: Colour,
    info: &PieceInfo,
    moves: &ColourMoves,
    stay: Option<&SqBits>,
    sink: &mut S,
) -> bool {
    let board = pos.board();
    for &off in &moves.leaps {
        let to = (from as i16 + off) as u16;
        let p = board[to as usize];
        if (p == code::EMPTY || (code::is_piece(p) && code::colour(p) != colour))
            && !sink.push(Move::new(from, to))
        {
            return false;
        }
    }
    for &off in &moves.slides {
        let mut to = from as i16;
        loop {
            to += off;
            let p = board[to as usize];
            if p == code::EMPTY {
                if !sink.push(Move::new(from, to as u16)) {
                    return false;
                }
                continue;
            }
            if code::is_piece(p)
                && code::colour(p) != colour
                && !sink.push(Move::new(from, to as u16))
            {
                return false;
            }
            break;
        }
    }
    for ray in &moves.rays {
        if !walk_ray(pos, from, colour, info, ray, stay, sink) {
            return false;
        }
    }
    for ray in &moves.wrap_rays {
        if !walk_wrap_ray(pos, from, colour, info, ray, sink) {
            return false;
        }
    }
    for m in &moves.multi {
        if !multileg::walk(pos, from, colour, info, m, sink) {
            return false;
        }
    }
    for c in &moves.castles {
        if !castling::xbetza(pos, from, colour, info, c, sink) {
            return false;
        }
    }
    true
}

/// Whether a move with `initial` (1 = `i`, 2 = `ii`) may be made by the piece on `from`.
pub fn initial_ok(
    pos: &Position,
    from: u16,
    colour: Colour,
    info: &PieceInfo,
    initial: u8,
) -> bool {
    let zone = if initial == 1 {
        &info.initial_zone
    } else {
        &info.initial_zone_ii
    };
    if let Some(zone) = zone {
        return zone[colour].has(from);
    }
    if initial == 1 {
        return pos.is_virgin(from);
    }
    let stride = pos.geo().stride;
    let behind = if colour == Colour::White {
        from as i16 - stride
    } else {
        from as i16 + stride
    };
    pos.tables.start_board[behind as usize] == pos.at(from)
}

/// Emit a move, expanded into its promotion choices where the piece promotes: a move ending
/// in the zone (or starting there, for shogi-style zones). The unpromoted move is kept when
/// promotion is optional, unless the piece could never move again from `to` in a variant that
/// forbids that; choices limited to captured types drop the others.
#[inline]
#[allow(clippy::too_many_arguments)]
pub fn emit<S: Sink>(
    pos: &Position,
    colour: Colour,
    info: &PieceInfo,
    from: u16,
    to: u16,
    kills: [u16; 2],
    sink: &mut S,
) -> bool {
    if info.confine.as_ref().is_some_and(|c| !c[colour].has(to)) {
        return true;
    }
    let victim = pos.at(to);
    if info.no_capture != 0
        && code::is_piece(victim)
        && info.no_capture >> code::kind(victim) & 1 != 0
    {
        return true;
    }
    let mv = Move::with_kills(from, to, kills);
    let captures = code::is_piece(victim)
        || kills
            .iter()
            .any(|&k| k != NO_SQUARE && code::is_piece(pos.at(k)));
    if let (Some(demotion), Some(base)) = (info.demotes, info.promoted_of) {
        if demotion == Demotion::OnMove || captures {
            return sink.push(Move {
                promotion: base as u8 + 1,
                ..mv
            });
        }
    }
    let dead_end = pos.tables.hand.immobility_illegal && info.dead[colour].has(to);
    let en_passant = kills[0] != NO_SQUARE && kills[0] == pos.ep_victim() && victim == code::EMPTY;
    let promotes =
        |p: &&PromotionT| !en_passant && p.in_place.is_none() && (captures || !p.on_capture);
    if let Some(promo) = info.promotion.as_ref().filter(promotes) {
        if promo.zone[colour].has(to) || (promo.from_zone && promo.zone[colour].has(from)) {
            let types = pos.tables.pieces.len();
            for &choice in &promo.choices[colour] {
                let kind = choice as usize - 1;
                let have = pos.count(colour, kind);
                if (promo.only_captured
                    && have >= pos.tables.start_counts[colour.index() * types + kind])
                    || have >= promo.limits[kind]
                {
                    continue;
                }
                if !sink.push(Move {
                    promotion: choice,
                    ..mv
                }) {
                    return false;
                }
            }
            if promo.mandatory || dead_end {
                return true;
            }
        }
    }
    if dead_end {
        return true;
    }
    sink.push(mv)
}

#[inline]
fn lame_blocked(board: &[u8], at: i16, ray: &RayT) -> bool {
    let path = &ray.path[..ray.path_len as usize];
    if ray.flags & flags::LAME != 0 {
        path.iter()
            .any(|&p| board[(at + p) as usize] != code::EMPTY)
    } else {
        path.first()
            .is_some_and(|&p| !code::is_piece(board[(at + p) as usize]))
    }
}

/// Walk one single-leg ray. Returns false if the sink asked to stop.
#[inline]
fn walk_ray<S: Sink>(
    pos: &Position,
    from: u16,
    colour: Colour,
    info: &PieceInfo,
    ray: &RayT,
    stay: Option<&SqBits>,
    sink: &mut S,
) -> bool {
    if ray.initial != 0 && !initial_ok(pos, from, colour, info, ray.initial) {
        return true;
    }
    let board = pos.board();
    let f = ray.flags;
    let mut at = from as i16;
    let mut steps = 0u8;
    let mut limit = ray.range;
    let mut hopped = false;
    let checks_path = f & (flags::LAME | flags::MUST_JUMP) != 0 && ray.path_len > 0;
    while steps < limit {
        if checks_path && lame_blocked(board, at, ray) {
            break;
        }
        at += ray.off;
        steps += 1;
        let p = board[at as usize];
        if p == code::WALL || stay.is_some_and(|z| !z.has(at as u16)) {
            break;
        }
        if steps <= ray.skip {
            continue;
        }
        if f & (flags::HOP | flags::GRASS) != 0 && !hopped {
            if p != code::EMPTY {
                let excluded = info.no_screen >> code::kind(p) & 1 != 0;
                if excluded || (f & flags::TAME != 0 && code::colour(p) != colour) {
                    break;
                }
                hopped = true;
                if f & flags::GRASS != 0 {
                    limit = steps.saturating_add(1);
                }
            }
            continue;
        }
        let to = at as u16;
        if p == code::EMPTY {
            if f & flags::QUIET != 0 {
                if !emit(pos, colour, info, from, to, [NO_SQUARE; 2], sink) {
                    return false;
                }
            } else if f & flags::EN_PASSANT != 0
                && pos.ep_squares().contains(&to)
                && !emit(
                    pos,
                    colour,
                    info,
                    from,
                    to,
                    [pos.ep_victim(), NO_SQUARE],
                    sink,
                )
            {
                return false;
            }
            continue;
        }
        if capturable(pos, p, colour, f) && !emit(pos, colour, info, from, to, [NO_SQUARE; 2], sink)
        {
            return false;
        }
        break;
    }
    true
}

/// Whether a final leg with flags `f` of a piece of `colour` may capture the piece `p`.
#[inline]
pub fn capturable(pos: &Position, p: u8, colour: Colour, f: u16) -> bool {
    if code::colour(p) == colour {
        f & flags::DESTROY != 0
    } else {
        f & flags::CAPTURE != 0 && (f & flags::TAME == 0 || !pos.tables.pieces[code::kind(p)].royal)
    }
}

/// Walk a ray whose files wrap around (cylinder), with coordinates.
fn walk_wrap_ray<S: Sink>(
    pos: &Position,
    from: u16,
    colour: Colour,
    info: &PieceInfo,
    ray: &RayT,
    sink: &mut S,
) -> bool {
    if ray.initial != 0 && !initial_ok(pos, from, colour, info, ray.initial) {
        return true;
    }
    let geo = *pos.geo();
    let files = geo.files as i16;
    let (fx, fy) = geo.coords(from);
    let (mut x, mut y) = (fx as i16, fy as i16);
    let f = ray.flags;
    let mut steps = 0u8;
    let mut limit = ray.range;
    let mut hopped = false;
    while steps < limit {
        x = (x + ray.dx as i16).rem_euclid(files);
        y += ray.dy as i16;
        steps += 1;
        let Some(to) = geo.checked_square(x, y) else {
            break;
        };
        if to == from {
            break;
        }
        let p = pos.at(to);
        if steps <= ray.skip {
            continue;
        }
        if f & (flags::HOP | flags::GRASS) != 0 && !hopped {
            if p != code::EMPTY {
                hopped = true;
                if f & flags::GRASS != 0 {
                    limit = steps.saturating_add(1);
                }
            }
            continue;
        }
        if p == code::EMPTY {
            if f & flags::QUIET != 0 && !emit(pos, colour, info, from, to, [NO_SQUARE; 2], sink) {
                return false;
            }
            continue;
        }
        if capturable(pos, p, colour, f) && !emit(pos, colour, info, from, to, [NO_SQUARE; 2], sink)
        {
            return false;
        }
        break;
    }
    true
}
