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

/// Whether the side to move has a legal move: whether [`legal_moves`] would give any. Stops at
/// the first legal move found where the rules allow ([`legal::has_legal_move_ignoring_ends`]).
pub fn has_legal_move(pos: &mut Position) -> bool {
    if pos.tables.may_end && ends::immediate_end(pos).is_some() {
        return false;
    }
    legal::has_legal_move_ignoring_ends(pos)
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
    use super::{build_ruleset, has_legal_move, legal_moves, make_move, position_from_fen};
    use super::{pseudo, Move};
    use crate::position::Position;
    use crate::types::{Colour, Square};
    use crate::variant::load_by_name;
    use std::sync::Arc;

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

    /// Along playouts of every shipped variant, in every position after each legal move of
    /// every tenth ply, the early-stopping test for a legal move says what the full list says.
    #[test]
    fn has_legal_move_agrees_with_the_legal_move_list() {
        let (mut with, mut without) = (0, 0);
        for (n, name, ruleset) in shipped() {
            let mut pos = Position::start(ruleset);
            let (mut legal, mut replies) = (Vec::new(), Vec::new());
            for ply in 0..60usize {
                legal_moves(&mut pos, &mut legal);
                if ply % 10 == 0 || legal.is_empty() {
                    for &mv in &legal {
                        make_move(&mut pos, mv);
                        legal_moves(&mut pos, &mut replies);
                        let any = has_legal_move(&mut pos);
                        assert_eq!(any, !replies.is_empty(), "{name} at {}", pos.to_fen());
                        if any {
                            with += 1;
                        } else {
                            without += 1;
                        }
                        pos.unmake();
                    }
                    assert_eq!(has_legal_move(&mut pos), !legal.is_empty(), "{name}");
                }
                if legal.is_empty() {
                    break;
                }
                make_move(&mut pos, playout_move(&legal, ply, n));
            }
        }
        assert!(with > 10_000, "{with} positions with a legal move");
        assert!(without > 0, "no position without a legal move met");
    }

    /// Positions without a legal move: stalemates and mates in chess, macadamia shogi (a lone
    /// king on a13 with the gold on a11 and the rook holding the b-file) and shogi (the
    /// king on a1 mated by the gold on a2 protected by the pawn on a3, no hand), against one
    /// move later where the side has a move.
    #[test]
    fn has_legal_move_says_no_where_there_is_none() {
        let cases = [
            ("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false),
            ("chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", false),
            ("chess", "7k/8/5QK1/8/8/8/8/8 b - - 0 1", true),
            (
                "macadamia-shogi",
                "k12/13/G12/13/13/13/13/13/13/13/13/13/1R10K b - - 0 1",
                false,
            ),
            (
                "macadamia-shogi",
                "k12/13/13/G12/13/13/13/13/13/13/13/13/1R10K b - - 0 1",
                true,
            ),
            ("shogi", "4k4/9/9/9/9/9/p8/g8/K8[] w - - 0 1", false),
        ];
        for (variant, fen, any) in cases {
            let v = load_by_name(variant).expect("shipped");
            let tables = build_ruleset(Arc::new(v)).expect("rules");
            let mut pos = position_from_fen(tables, fen).expect(fen);
            let mut legal = Vec::new();
            legal_moves(&mut pos, &mut legal);
            assert_eq!(legal.is_empty(), !any, "{variant} {fen}: {legal:?}");
            assert_eq!(has_legal_move(&mut pos), any, "{variant} {fen}");
        }
    }
}
