//! Move generation: one generic generator driven by the compiled tables (`pseudo` for the
//! side to move, `walker` for one piece, with `shapes`, `multileg`, `castling`, `drops`,
//! `walls`, the range jumpers' captures in `jumps`) filling a `sink` below them all (the move
//! list, and the moves a reached square makes), the check test (`attack`), the legality
//! filter (`legal`), the game ends that stop generation (`ends`),
//! legal positions from FENs (`setup`), what a lone piece moves to and captures on (`targets`,
//! `reach`) and move texts (`notation`, `san`).

pub mod attack;
pub mod castling;
pub mod drops;
pub mod ends;
pub mod jumps;
pub mod legal;
pub mod lion_trading;
pub mod multileg;
pub mod notation;
#[cfg(test)]
pub mod playout;
pub mod pseudo;
pub mod ray;
pub mod reach;
pub mod san;
pub mod setup;
pub mod shapes;
pub mod sink;
pub mod targets;
pub mod walker;
pub mod walls;

pub use crate::position::moves::{Move, MoveKind};
pub use setup::{build_ruleset, build_ruleset_royals_unchecked, position_from_fen};
pub use sink::Sink;

use arrayvec::ArrayVec;

use crate::position::Position;
use crate::types::{Colour, Piece, Square};

/// The legal moves of the side to move, into `out` (cleared first).
pub fn legal_moves(pos: &mut Position, out: &mut Vec<Move>) {
    legal_moves_knowing_check(pos, None, out);
}

/// [`legal_moves`] where the caller may know whether the side to move is in check (as found
/// by [`attack::in_check`] or [`attack::in_check_after`]), saving the generator that test.
pub fn legal_moves_knowing_check(pos: &mut Position, checked: Option<bool>, out: &mut Vec<Move>) {
    out.clear();
    if pos.tables.may_end && ends::immediate_end(pos).is_some() {
        return;
    }
    legal::generate_knowing_check(pos, checked, out);
}

/// The piece that stands on the destination of `mv` (a move of the side to move, not castling
/// or a wall) once it is made: the moving piece, promoted if it promotes (or turned by a
/// `contagious` victim), or the dropped one.
#[inline]
pub fn arriving(pos: &Position, mv: Move) -> Piece {
    arriving_for(pos, mv, pos.side())
}

/// The piece move `mv` of a piece of colour `by` (not necessarily the side to move) puts on
/// its destination (a captor of a `contagious` piece: one of that piece's type).
pub fn arriving_for(pos: &Position, mv: Move, by: Colour) -> Piece {
    if let Some(kind) = pos.contagion(mv, by) {
        return Piece::new(kind, by);
    }
    match (mv.drop_type(), mv.promotion_type()) {
        (Some(kind), _) | (None, Some(kind)) => Piece::new(kind, by),
        (None, None) => pos.at(mv.from),
    }
}

/// Play `mv` on `pos`: the position's own make, in n-check variants the check it gives
/// counted, and a royal piece's `i` moves taken away by a piece aimed at it where a rule says
/// so. Every game, search and perft move goes through here; the legality filter's trial moves
/// use the bare [`Position::make`], which does neither.
#[inline]
pub fn make_move(pos: &mut Position, mv: Move) {
    pos.make(mv);
    let rules = &pos.tables.variant.rules;
    let aimed_rule = !rules.initial_lost_when_aimed_by.is_empty();
    if rules.check_count > 0 && attack::in_check(pos, pos.side()) {
        pos.record_check_given();
    }
    if aimed_rule {
        revoke_initial_moves(pos, mv.to);
    }
}

/// `initial_lost_when_aimed_by`: a piece of those types that moved to `to` and from there
/// aims at a royal piece — reaches it on an empty board, whatever stands between — takes that
/// royal piece's `i` moves away.
#[cold]
fn revoke_initial_moves(pos: &mut Position, to: Square) {
    let mover = pos.at(to);
    let rules = &pos.tables.variant.rules;
    if !mover.is_piece() || !rules.initial_lost_when_aimed_by.contains(&mover.kind()) {
        return;
    }
    let royals: ArrayVec<Square, 8> = pos.royals(pos.side()).iter().copied().take(8).collect();
    for royal in royals {
        if pos.is_virgin(royal) && aims_at(pos, mover, to, royal) {
            pos.revoke_initial(royal);
        }
    }
}

/// Whether `piece` on `from` reaches `target` by its leaps, slides and single-leg rays on an
/// empty board.
fn aims_at(pos: &Position, piece: Piece, from: Square, target: Square) -> bool {
    let geo = pos.geo();
    let moves = &pos.tables.pieces[piece.kind()].moves[piece.colour()];
    let reaches = |offset: i16, range: u8| {
        let mut at = from;
        for _ in 0..range {
            match geo.step(at, offset) {
                Some(next) if geo.on_board(next) => at = next,
                _ => return false,
            }
            if at == target {
                return true;
            }
        }
        false
    };
    moves.leaps.iter().any(|&o| reaches(o, 1))
        || moves.slides.iter().any(|&o| reaches(o, u8::MAX))
        || moves.rays.iter().any(|r| reaches(r.off, r.range))
}

#[cfg(test)]
mod tests {
    use super::playout::{playout_move, shipped};
    use super::{legal_moves, make_move, pseudo, Move};
    use crate::position::Position;
    use crate::types::{Colour, Square};

    /// The piece lists of both sides, in order, and the position's key.
    fn snapshot(pos: &Position) -> (Vec<Square>, Vec<Square>, u64) {
        let list = |c: Colour| pos.pieces(c).to_vec();
        (list(Colour::White), list(Colour::Black), pos.hash())
    }

    /// Along playouts of every shipped variant, making and unmaking any pseudo-legal move
    /// leaves the piece lists in the order they were in, so the order in which the search
    /// meets pieces (and breaks ties between equal moves) never depends on the moves it has
    /// tried and taken back (the test fails where unmake puts a piece back at a list's end).
    #[test]
    fn unmake_puts_the_pieces_back_in_their_lists_order() {
        let mut tried = 0;
        for (n, name, ruleset) in shipped() {
            let mut pos = Position::start(ruleset);
            let mut legal = Vec::new();
            let mut moves: Vec<Move> = Vec::new();
            for ply in 0..60usize {
                legal_moves(&mut pos, &mut legal);
                if legal.is_empty() {
                    break;
                }
                moves.clear();
                pseudo::generate(&pos, &mut moves);
                let before = snapshot(&pos);
                for &mv in &moves {
                    make_move(&mut pos, mv);
                    pos.unmake();
                    tried += 1;
                    assert_eq!(snapshot(&pos), before, "{name}: {mv:?} in {}", pos.to_fen());
                }
                make_move(&mut pos, playout_move(&legal, ply, n));
            }
        }
        assert!(tried > 100_000, "only {tried} moves tried");
    }
}
