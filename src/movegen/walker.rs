//! The moves of one piece from the compiled tables: its leaps and slides, its single-leg rays
//! walked with mailbox offsets (riders, hoppers, lame and must-jump leaps, en passant,
//! initial-only moves; the common shapes by `shapes`), wrapping rays, its zone moves, and the
//! hand-off to the multi-leg walker, the range jumpers' captures and `O` castling, then
//! sittuyin's promotions in place or by a step. The squares reached become moves through
//! `sink` ([`emit`]), which lies below every walker.

use super::ray::{Cylinder, Mailbox, RayCourse};
use super::sink::{capturable, emit, en_passant, initial_ok, wants_quiet, Sink};
use super::{castling, jumps, multileg, shapes};
use crate::betza::compile::flags;
use crate::position::moves::Move;
use crate::position::ruleset::{
    ColourMoves, InPlaceT, PieceInfo, PromotionT, RayShape, RayT, SqBits,
};
use crate::position::Position;
use crate::types::{Colour, Piece, Square};

/// Moves of the piece on `from` (of either colour). Returns false if the sink asked to stop.
pub fn piece_moves<S: Sink>(pos: &Position, from: Square, sink: &mut S) -> bool {
    let piece = pos.at(from);
    let kind = piece.kind();
    let colour = piece.colour();
    let tables = &pos.tables;
    let info = &tables.pieces[kind];
    let mark = sink.mark();
    if !moves_of(pos, from, colour, info, &info.moves[colour], None, sink) {
        return false;
    }
    if info.range_jump {
        let moves = &info.moves[colour];
        let reach = |to: Square| emit(pos, colour, info, from, to, [Square::NONE; 2], sink);
        if !jumps::captures(pos, from, colour, info.rank, moves, reach) {
            return false;
        }
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
    from: Square,
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
        if pos.count(colour, choice.index()) >= promo.limits[choice.index()] {
            continue;
        }
        let promote = |to: Square| Move {
            promotion: Some(choice),
            ..Move::new(from, to)
        };
        if !sink.push(promote(from)) {
            return false;
        }
        for &off in &rule.steps[colour] {
            let to = from.offset(off);
            if pos.at(to) == Piece::EMPTY && !sink.push(promote(to)) {
                return false;
            }
        }
    }
    true
}

/// Walk one move table of the piece on `from`.
fn moves_of<S: Sink>(
    pos: &Position,
    from: Square,
    colour: Colour,
    info: &PieceInfo,
    moves: &ColourMoves,
    stay: Option<&SqBits>,
    sink: &mut S,
) -> bool {
    let board = pos.board();
    for &off in &moves.leaps {
        let to = from.offset(off);
        let p = board[to];
        if ((S::QUIETS && p == Piece::EMPTY) || (p.is_piece() && p.colour() != colour))
            && !sink.push(Move::new(from, to))
        {
            return false;
        }
    }
    for &off in &moves.slides {
        let mut to = from;
        loop {
            to = to.offset(off);
            let p = board[to];
            if p == Piece::EMPTY {
                if S::QUIETS && !sink.push(Move::new(from, to)) {
                    return false;
                }
                continue;
            }
            if p.is_piece() && p.colour() != colour && !sink.push(Move::new(from, to)) {
                return false;
            }
            break;
        }
    }
    for ray in &moves.rays {
        if ray.initial != 0 && !initial_ok(pos, from, colour, info, ray.initial) {
            continue;
        }
        let going_on = match (ray.shape, stay) {
            (RayShape::Steps, None) => shapes::steps(pos, from, colour, info, ray, sink),
            (RayShape::LameStep, None) => shapes::lame_step(pos, from, colour, info, ray, sink),
            (RayShape::Hop, None) => shapes::hop(pos, from, colour, info, ray, sink),
            _ => walk_ray(pos, from, colour, info, ray, stay, Mailbox::new(from), sink),
        };
        if !going_on {
            return false;
        }
    }
    for ray in &moves.wrap_rays {
        if ray.initial != 0 && !initial_ok(pos, from, colour, info, ray.initial) {
            continue;
        }
        let course = Cylinder::new(pos.geo(), from);
        if !walk_ray(pos, from, colour, info, ray, stay, course, sink) {
            return false;
        }
    }
    for m in &moves.multi {
        if !multileg::walk(pos, from, colour, info, m, sink) {
            return false;
        }
    }
    for c in moves.castles.iter().filter(|_| S::QUIETS) {
        if !castling::xbetza(pos, from, colour, info, c, sink) {
            return false;
        }
    }
    true
}

/// Walk one single-leg ray. Returns false if the sink asked to stop.
#[inline]
#[allow(clippy::too_many_arguments)]
fn walk_ray<S: Sink, C: RayCourse>(
    pos: &Position,
    from: Square,
    colour: Colour,
    info: &PieceInfo,
    ray: &RayT,
    stay: Option<&SqBits>,
    mut course: C,
    sink: &mut S,
) -> bool {
    let board = pos.board();
    let at = |sq: Square| board[sq];
    let f = ray.flags;
    let mut steps = 0u8;
    let mut limit = ray.range;
    let mut hopped = false;
    let checks_path = f & (flags::LAME | flags::MUST_JUMP) != 0 && ray.path_len > 0;
    let quiet = wants_quiet::<S>(info, f);
    while steps < limit {
        if checks_path && course.path_blocked(&at, ray) {
            break;
        }
        let Some((to, p)) = course.advance(&at, ray) else {
            break;
        };
        steps += 1;
        if stay.is_some_and(|z| !z.has(to)) {
            break;
        }
        if steps <= ray.skip {
            continue;
        }
        if f & flags::HOPPING != 0 && !hopped {
            if p != Piece::EMPTY {
                let excluded = info.no_screen >> p.kind() & 1 != 0;
                if excluded || (f & flags::TAME != 0 && p.colour() != colour) {
                    break;
                }
                hopped = true;
                if f & flags::GRASS != 0 {
                    limit = steps.saturating_add(1);
                }
            }
            continue;
        }
        if p == Piece::EMPTY {
            if f & flags::QUIET != 0 {
                if quiet && !emit(pos, colour, info, from, to, [Square::NONE; 2], sink) {
                    return false;
                }
            } else if f & flags::EN_PASSANT != 0 && !en_passant(pos, colour, info, from, to, sink) {
                return false;
            }
            continue;
        }
        if capturable(pos, p, colour, f)
            && !emit(pos, colour, info, from, to, [Square::NONE; 2], sink)
        {
            return false;
        }
        break;
    }
    true
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::piece_moves;
    use crate::movegen::{build_ruleset, position_from_fen, Move};
    use crate::position::{Geometry, RankStyle};
    use crate::types::Square;
    use crate::variant::load_str;

    /// The moves of the piece on `from`, and the board's geometry.
    fn moves_from(file: &str, fen: &str, from: &str) -> (Geometry, Vec<Move>) {
        let variant = load_str(file, "test.ron").expect("the test variant loads");
        let ruleset = build_ruleset(Arc::new(variant)).expect("its ruleset builds");
        let pos = position_from_fen(ruleset, fen).expect("a legal FEN");
        let geo = *pos.geo();
        let mut moves: Vec<Move> = Vec::new();
        piece_moves(&pos, square(&geo, from), &mut moves);
        (geo, moves)
    }

    fn square(geo: &Geometry, name: &str) -> Square {
        geo.parse_square(name, RankStyle::FromOne)
            .expect("a square")
            .0
    }

    /// The destinations of the piece on `from`, sorted, by square name.
    fn targets(file: &str, fen: &str, from: &str) -> Vec<String> {
        let (geo, moves) = moves_from(file, fen, from);
        let mut names: Vec<String> = moves
            .iter()
            .map(|m| geo.name(m.to, RankStyle::FromOne))
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// A rook and a cannon on a cylinder (`oR`, `poR`) meet a wall square on their first rank.
    /// The rook on a1 goes up the a-file to a8 (ranks do not wrap), right to b1 and c1 (d1 is
    /// the wall), and left across the seam to h1, g1 and f1 (e1 holds its own king). The wall
    /// is no screen, so the cannon finds one only going left (the king on e1), and beyond it
    /// lies the wall: it adds nothing. The walker that wrapped rays once had of their own took
    /// the wall for a piece: the rook captured it (a1d1) and the cannon hopped it.
    #[test]
    fn a_wrapping_ray_ends_at_a_wall_as_any_ray_does() {
        let file = r#"(
            name: "cylinder-wall",
            inherits: "chess",
            pieces: [(letter: 'R', name: "rook", moves: "oRpoR")],
        )"#;
        let found = targets(file, "4k3/8/8/8/8/8/8/R2*K3 w - - 0 1", "a1");
        let expected = [
            "a2", "a3", "a4", "a5", "a6", "a7", "a8", "b1", "c1", "f1", "g1", "h1",
        ];
        assert_eq!(found, expected);
    }

    /// A hopper on a cylinder (`poR`: it moves or captures only after hopping one piece) finds
    /// its screen across the seam.
    #[test]
    fn a_wrapping_hopper_hops_a_piece_across_the_seam() {
        let file = r#"(
            name: "cylinder-cannon",
            inherits: "chess",
            pieces: [(letter: 'R', name: "rook", moves: "poR")],
        )"#;
        let found = targets(file, "4k3/8/8/8/8/8/8/1R2K2n w - - 0 1", "b1");
        // Right: c1, d1 empty, e1 (its own king) is the screen, then f1, g1 empty and h1 a
        // black knight to capture. Left: a1 empty, across the seam h1 (the knight) is the
        // screen, then g1, f1 empty, and e1 is its own king. Up the b-file: no screen at all.
        assert_eq!(found, ["f1", "g1", "h1"]);
    }

    /// A multi-leg piece next to a wall square (b2): a locust (`caW`: capture a step away,
    /// then step on) finds no victim there, and a leg that needs a platform (`pafsW`: a step
    /// onto an occupied square, then a diagonal step on) finds none. The multi-leg walker once
    /// read the wall as a piece: the locust captured it and the other used it as a platform.
    #[test]
    fn a_multi_leg_move_neither_captures_nor_uses_a_wall() {
        for moves in ["caW", "pafsW"] {
            let file = format!(
                r#"(name: "wall-legs", inherits: "chess",
                    pieces: [(letter: 'N', name: "knight", moves: "{moves}")])"#
            );
            let found = targets(&file, "4k3/8/8/8/8/8/1*6/1N2K3 w - - 0 1", "b1");
            assert!(found.is_empty(), "{moves}: {found:?}");
        }
    }

    /// The same locust with an enemy pawn on b2 instead of the wall: its first leg must
    /// capture, so every move it has takes the pawn.
    #[test]
    fn a_multi_leg_locust_captures_a_piece_where_the_wall_stood() {
        let file = r#"(name: "locust", inherits: "chess",
            pieces: [(letter: 'N', name: "knight", moves: "caW")])"#;
        let (geo, moves) = moves_from(file, "4k3/8/8/8/8/8/1p6/1N2K3 w - - 0 1", "b1");
        assert!(!moves.is_empty());
        assert!(
            moves.iter().all(|m| m.kills[0] == square(&geo, "b2")),
            "{moves:?}"
        );
    }
}
