//! Where generated moves go, below every walker: the [`Sink`] a generation fills (a move list,
//! a counter, a filter that may decline quiet moves or stop the generation), [`emit`], which
//! turns a square a walker reached into the moves made there (promotion choices, a promoted
//! piece's reversion, en passant), and the predicates the walkers ask before reaching a square
//! (may the piece make its initial moves, capture that piece, make quiet moves, stop there).
//! The walkers (`walker`, `shapes`, `multileg`, `castling`, `drops`, `walls`) call it; it calls
//! none of them.

use crate::betza::compile::flags;
use crate::position::moves::Move;
use crate::position::ruleset::{PieceInfo, PromotionT};
use crate::position::Position;
use crate::types::{Colour, Kind, Piece, Square};
use crate::variant::schema::Demotion;

/// Where generated moves go. `push` returns false to stop the generation early.
pub trait Sink {
    /// Whether the sink wants moves that neither capture nor promote (quiet moves to empty
    /// squares, drops, castling, walls). A sink that would drop them all says false, and the
    /// generator does not make them: what the sink keeps is the same, in the same order.
    const QUIETS: bool = true;
    fn push(&mut self, mv: Move) -> bool;
    /// A marker for [`Sink::dedup_since`].
    fn mark(&self) -> usize {
        0
    }
    /// Remove duplicates among the moves pushed since `mark`.
    fn dedup_since(&mut self, _mark: usize) {}
}

impl Sink for Vec<Move> {
    #[inline]
    fn push(&mut self, mv: Move) -> bool {
        Vec::push(self, mv);
        true
    }
    fn mark(&self) -> usize {
        self.len()
    }
    fn dedup_since(&mut self, mark: usize) {
        let mut end = self.len();
        let mut i = mark;
        while i < end {
            if self[mark..i].contains(&self[i]) {
                self.swap_remove(i);
                end -= 1;
            } else {
                i += 1;
            }
        }
    }
}

/// Whether a move with `initial` (1 = `i`, 2 = `ii`) may be made by the piece on `from`.
pub fn initial_ok(
    pos: &Position,
    from: Square,
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
        from.offset(-stride)
    } else {
        from.offset(stride)
    };
    pos.tables.start_board[behind] == pos.at(from)
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
    from: Square,
    to: Square,
    kills: [Square; 2],
    sink: &mut S,
) -> bool {
    if confined_away(info, colour, to) {
        return true;
    }
    if plain_outside(info, colour, from, to, kills) {
        return sink.push(Move::new(from, to));
    }
    let victim = pos.at(to);
    if info.no_capture != 0 && victim.is_piece() && info.no_capture >> victim.kind() & 1 != 0 {
        return true;
    }
    let mv = Move::with_kills(from, to, kills);
    // A move back to its own square (a Lion's pass) takes nothing there.
    let captures = (to != from && victim.is_piece())
        || kills.iter().any(|&k| k.is_some() && pos.at(k).is_piece());
    if let (Some(demotion), Some(base)) = (info.demotes, info.promoted_of) {
        if demotion == Demotion::OnMove || captures {
            return sink.push(Move {
                promotion: Some(Kind::new(base)),
                ..mv
            });
        }
    }
    let dead_end = pos.tables.hand.immobility_illegal && info.dead[colour].has(to);
    let en_passant = kills[0].is_some() && kills[0] == pos.ep_victim() && victim == Piece::EMPTY;
    let promotes =
        |p: &&PromotionT| !en_passant && p.in_place.is_none() && (captures || !p.on_capture);
    if let Some(promo) = info.promotion.as_ref().filter(promotes) {
        let zone = &promo.zone[colour];
        let may = if promo.within_zone_by_capture && zone.has(from) {
            captures
        } else {
            zone.has(to) || (promo.from_zone && zone.has(from))
        };
        if may {
            for &choice in &promo.choices[colour] {
                let kind = choice.index();
                if pos.count(colour, kind) >= pos.tables.promotion_cap(promo, colour, kind) {
                    continue;
                }
                if !sink.push(Move {
                    promotion: Some(choice),
                    ..mv
                }) {
                    return false;
                }
            }
            if promo.mandatory
                || dead_end
                || (promo.mandatory_where_stuck && info.dead[colour].has(to))
            {
                return true;
            }
        }
    }
    if dead_end {
        return true;
    }
    sink.push(mv)
}

/// The en passant capture by the piece on `from` of `colour` from the empty square `to`, if
/// `to` is an en passant square. Returns false if the sink asked to stop.
#[inline(always)]
pub fn en_passant<S: Sink>(
    pos: &Position,
    colour: Colour,
    info: &PieceInfo,
    from: Square,
    to: Square,
    sink: &mut S,
) -> bool {
    let victims = [pos.ep_victim(), Square::NONE];
    !pos.ep_squares().contains(&to) || emit(pos, colour, info, from, to, victims, sink)
}

/// Whether a move from `from` to `to` removing `kills` is one move as it stands for a piece
/// that would emit plainly but that it promotes: neither square in its promotion zone.
#[inline(always)]
pub fn plain_outside(
    info: &PieceInfo,
    colour: Colour,
    from: Square,
    to: Square,
    kills: [Square; 2],
) -> bool {
    info.plain_outside.as_ref().is_some_and(|zone| {
        kills == [Square::NONE; 2] && !zone[colour].has(to) && !zone[colour].has(from)
    })
}

/// Whether `to` lies outside the zone the piece is confined to.
#[inline(always)]
pub fn confined_away(info: &PieceInfo, colour: Colour, to: Square) -> bool {
    info.confine.as_ref().is_some_and(|c| !c[colour].has(to))
}

/// Whether the quiet steps of a ray with flags `f` are worth emitting into `S`: the sink takes
/// quiet moves, or the step may promote or demote (a tactical move).
#[inline(always)]
pub fn wants_quiet<S: Sink>(info: &PieceInfo, f: u16) -> bool {
    f & flags::QUIET != 0 && (S::QUIETS || info.promotion.is_some() || info.demotes.is_some())
}

/// Whether a final leg with flags `f` of a piece of `colour` may capture the piece `p`.
#[inline]
pub fn capturable(pos: &Position, p: Piece, colour: Colour, f: u16) -> bool {
    if p.colour() == colour {
        f & flags::DESTROY != 0
    } else {
        f & flags::CAPTURE != 0 && (f & flags::TAME == 0 || !pos.tables.pieces[p.kind()].royal)
    }
}
