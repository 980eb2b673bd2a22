//! The single-leg rays of the common shapes (see
//! [`RayShape`](crate::position::ruleset::RayShape)), each walked by a loop of its own on the
//! padded mailbox: a leaper's or slider's steps, a lame leaper's one step, a cannon's hop.
//! They make the same moves in the same order as the general walker in `walker`, with fewer
//! tests per square, and a piece that emits plainly makes its moves without [`emit`]'s
//! promotion tests; rays in a zone a piece must stay in, and every other shape, go to the
//! general walker.

use super::sink::{confined_away, emit, en_passant, plain_outside, wants_quiet, Sink};
use crate::betza::compile::flags;
use crate::position::moves::Move;
use crate::position::ruleset::{PieceInfo, RayT, UNLIMITED_STEPS};
use crate::position::Position;
use crate::types::{Colour, Piece, Square};

/// No locust victims.
const NO_KILLS: [Square; 2] = [Square::NONE; 2];

/// A [`RayShape::Steps`](crate::position::ruleset::RayShape::Steps) ray. Returns false if
/// the sink asked to stop.
#[inline]
pub fn steps<S: Sink>(
    pos: &Position,
    from: Square,
    colour: Colour,
    info: &PieceInfo,
    ray: &RayT,
    sink: &mut S,
) -> bool {
    run(pos, from, from, colour, info, ray, ray.range, sink)
}

/// A [`RayShape::LameStep`](crate::position::ruleset::RayShape::LameStep) ray.
#[inline]
pub fn lame_step<S: Sink>(
    pos: &Position,
    from: Square,
    colour: Colour,
    info: &PieceInfo,
    ray: &RayT,
    sink: &mut S,
) -> bool {
    let board = pos.board();
    let path = &ray.path[..usize::from(ray.path_len)];
    if path.iter().any(|&p| board[from.offset(p)] != Piece::EMPTY) {
        return true;
    }
    let to = from.offset(ray.off);
    let p = board[to];
    let reached = if p == Piece::EMPTY {
        wants_quiet::<S>(info, ray.flags)
    } else {
        captures(ray, p, colour)
    };
    !reached || reach(pos, colour, info, from, to, sink)
}

/// A [`RayShape::Hop`](crate::position::ruleset::RayShape::Hop) ray.
#[inline]
pub fn hop<S: Sink>(
    pos: &Position,
    from: Square,
    colour: Colour,
    info: &PieceInfo,
    ray: &RayT,
    sink: &mut S,
) -> bool {
    let board = pos.board();
    let mut to = from.offset(ray.off);
    while board[to] == Piece::EMPTY {
        to = to.offset(ray.off);
    }
    let screen = board[to];
    if screen == Piece::WALL || info.no_screen >> screen.kind() & 1 != 0 {
        return true;
    }
    run(pos, from, to, colour, info, ray, UNLIMITED_STEPS, sink)
}

/// From `start` on (not included), up to `range` steps along the ray for the piece on `from`:
/// a quiet move to each empty square where the ray moves (else an en passant capture where it
/// takes en passant and the square is an en passant square), then the capture of the first
/// piece where it captures.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn run<S: Sink>(
    pos: &Position,
    from: Square,
    start: Square,
    colour: Colour,
    info: &PieceInfo,
    ray: &RayT,
    range: u8,
    sink: &mut S,
) -> bool {
    let board = pos.board();
    let quiet = wants_quiet::<S>(info, ray.flags);
    let takes_en_passant = ray.flags & (flags::QUIET | flags::EN_PASSANT) == flags::EN_PASSANT;
    let mut to = start;
    for _ in 0..range {
        to = to.offset(ray.off);
        let p = board[to];
        if p == Piece::EMPTY {
            if quiet {
                if !reach(pos, colour, info, from, to, sink) {
                    return false;
                }
            } else if takes_en_passant && !en_passant(pos, colour, info, from, to, sink) {
                return false;
            }
            continue;
        }
        return !captures(ray, p, colour) || reach(pos, colour, info, from, to, sink);
    }
    true
}

/// The move to `to`: made here for a piece that emits plainly, else by [`emit`].
#[inline(always)]
fn reach<S: Sink>(
    pos: &Position,
    colour: Colour,
    info: &PieceInfo,
    from: Square,
    to: Square,
    sink: &mut S,
) -> bool {
    if !info.emits_plainly && !plain_outside(info, colour, from, to, NO_KILLS) {
        return emit(pos, colour, info, from, to, NO_KILLS, sink);
    }
    confined_away(info, colour, to) || sink.push(Move::new(from, to))
}

/// Whether the ray, ending on `p` (a piece or a wall), captures it.
#[inline(always)]
fn captures(ray: &RayT, p: Piece, colour: Colour) -> bool {
    ray.flags & flags::CAPTURE != 0 && p.is_piece() && p.colour() != colour
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::movegen::playout::{playout_move, shipped};
    use crate::movegen::{build_ruleset, legal_moves, make_move, pseudo, Move, Sink};
    use crate::position::ruleset::{RayShape, Ruleset};
    use crate::position::Position;
    use crate::types::Colour;
    use crate::variant::load_by_name;

    /// The variant's tables with every single-leg ray sent to the general walker.
    fn general_only(name: &str) -> Arc<Ruleset> {
        let variant = load_by_name(name).expect("a shipped variant loads");
        let mut tables = build_ruleset(Arc::new(variant)).expect("its ruleset builds");
        let owned = Arc::get_mut(&mut tables).expect("a fresh ruleset");
        for info in &mut owned.pieces {
            for colour in Colour::BOTH {
                let zone = info.zone_moves.as_mut().map(|z| &mut z.1[colour]);
                for moves in std::iter::once(&mut info.moves[colour]).chain(zone) {
                    for ray in &mut moves.rays {
                        ray.shape = RayShape::General;
                    }
                }
            }
        }
        tables
    }

    /// A sink that keeps the captures (of any piece) and promotions it is given, taking quiet
    /// moves or not.
    struct Tactical<'a, const QUIETS: bool> {
        pos: &'a Position,
        out: Vec<Move>,
    }

    impl<const Q: bool> Sink for Tactical<'_, Q> {
        const QUIETS: bool = Q;

        fn push(&mut self, mv: Move) -> bool {
            let on_to = mv.to != mv.from && self.pos.at(mv.to).is_piece();
            let takes = on_to || mv.kills.iter().any(|k| k.is_some());
            if !mv.is_castle() && !mv.is_drop() && (mv.promotion.is_some() || takes) {
                self.out.push(mv);
            }
            true
        }

        fn mark(&self) -> usize {
            self.out.len()
        }

        fn dedup_since(&mut self, mark: usize) {
            self.out.dedup_since(mark);
        }
    }

    /// Along playouts of every shipped variant, the shaped walkers make the moves the general
    /// walker makes, in its order, and a sink that keeps only captures and promotions keeps
    /// the same ones, in the same order, whether it declines quiet moves or not.
    #[test]
    fn the_shaped_walkers_and_the_capture_generation_agree_with_the_general_walker() {
        for (n, name, shaped) in shipped() {
            let mut pos = Position::start(shaped);
            let mut general = Position::start(general_only(&name));
            let mut legal = Vec::new();
            for ply in 0..60usize {
                let mut fast: Vec<Move> = Vec::new();
                pseudo::generate(&pos, &mut fast);
                let mut slow: Vec<Move> = Vec::new();
                pseudo::generate(&general, &mut slow);
                assert_eq!(fast, slow, "{name} at {}", pos.to_fen());
                let mut offered = Tactical::<true> {
                    pos: &pos,
                    out: Vec::new(),
                };
                pseudo::generate(&pos, &mut offered);
                let mut declined = Tactical::<false> {
                    pos: &pos,
                    out: Vec::new(),
                };
                pseudo::generate(&pos, &mut declined);
                assert_eq!(offered.out, declined.out, "{name} at {}", pos.to_fen());
                // The same trial moves on both boards keep their piece lists in one order.
                legal_moves(&mut general, &mut legal);
                legal_moves(&mut pos, &mut legal);
                if legal.is_empty() {
                    break;
                }
                let pick = playout_move(&legal, ply, n);
                make_move(&mut pos, pick);
                make_move(&mut general, pick);
            }
        }
    }
}
