//! Static exchange evaluation: the material a move wins or loses once every capture back and
//! forth on its destination has been played out, cheapest attacker first, either side free
//! to stop when going on would lose. Attackers come from the variant's attack table with the
//! pieces already used taken off the board, so a slider behind another (an x-ray) and a hopper
//! whose screen leaves or arrives join the exchange as they would in play. Royal pieces count
//! above everything, so one only captures last. Pieces whose captures the attack table does not
//! describe (multi-leg and other exotic movers) are left out of the exchange.

use crate::types::{Colour, Piece, Square};
use arrayvec::ArrayVec;

use super::eval::tables::EvalTables;
use crate::movegen::attack::{scan_attackers, ScanOrder};
use crate::movegen::{arriving, Move};
use crate::position::ruleset::MAX_PADDED;
use crate::position::Position;

/// The piece code that moves (for a drop, the dropped piece).
#[inline]
pub fn mover(pos: &Position, mv: Move) -> Piece {
    match mv.drop_type() {
        Some(kind) => Piece::new(kind, pos.side()),
        None => pos.at(mv.from),
    }
}

/// The type that stands on the destination after the move (promoted, if it promotes).
#[inline]
fn landed(pos: &Position, mv: Move) -> usize {
    arriving(pos, mv).kind()
}

/// Material the move wins at once: the enemy pieces it removes and what a promotion (or a
/// `contagious` victim's type) adds.
pub fn gain(pos: &Position, et: &EvalTables, mv: Move) -> i32 {
    if mv.is_castle() || mv.is_wall() {
        return 0;
    }
    let them = !pos.side();
    let value = |sq: Square| {
        let p = pos.at(sq);
        if p.is_of(them) {
            et.kinds[p.kind()].value
        } else {
            0
        }
    };
    let mut total = if mv.to != mv.from { value(mv.to) } else { 0 };
    for &k in &mv.kills {
        if k.is_some() && k != mv.to {
            total += value(k);
        }
    }
    if !mv.is_drop() {
        // A promotion, or a captor turned into its `contagious` victim's type.
        total += et.kinds[landed(pos, mv)].value - et.kinds[pos.at(mv.from).kind()].value;
    }
    total
}

/// Captures followed at most, per exchange.
const MAX_EXCHANGE: usize = 32;

/// The exchange's outcome for the side making `mv`, in centipawns.
pub fn see(pos: &Position, et: &EvalTables, mv: Move) -> i32 {
    if mv.is_castle() || mv.is_wall() {
        return 0;
    }
    let target = mv.to;
    let us = pos.side();
    let landed = landed(pos, mv);
    // The board the exchange is played out on, each capture emptying the square it leaves (a
    // copy, so that the scans read it as directly as the position's own), and the number of
    // squares emptied so far, which bounds the exchange.
    let mut board = ExchangeBoard::of(pos);
    let mut vacated = 0;
    if !mv.is_drop() {
        board.empty(mv.from);
        vacated += 1;
    }
    for &k in &mv.kills {
        if k.is_some() && k != target && vacated < MAX_EXCHANGE {
            board.empty(k);
            vacated += 1;
        }
    }
    // swap[d]: what the side making capture d has won if the exchange stops after it.
    let mut swap: ArrayVec<i32, MAX_EXCHANGE> = ArrayVec::new();
    swap.push(gain(pos, et, mv));
    let mut on_target = et.kinds[landed].order_value;
    let mut side = !us;
    while !swap.is_full() && vacated < MAX_EXCHANGE {
        let Some((square, value)) = cheapest_attacker(pos, et, target, side, &board) else {
            break;
        };
        let last = *swap.last().expect("the first capture is in");
        swap.push(on_target - last);
        // Neither side goes on when both stopping now and the best reply lose for it.
        if (-last).max(on_target - last) < 0 {
            break;
        }
        on_target = value;
        board.empty(square);
        vacated += 1;
        side = !side;
    }
    while swap.len() > 1 {
        let last = swap.pop().expect("more than one");
        let before = swap.last_mut().expect("at least one");
        *before = -(-*before).max(last);
    }
    swap[0]
}

/// Whether the exchange of `mv` ends below `threshold` (`see(pos, et, mv) < threshold`),
/// looking for attackers only where the exchange's bounds leave it open: it never ends above
/// what the move wins at once, nor below that less the moving piece (taken back at once).
pub fn see_below(pos: &Position, et: &EvalTables, mv: Move, threshold: i32) -> bool {
    if mv.is_castle() || mv.is_wall() {
        return 0 < threshold;
    }
    let won = gain(pos, et, mv);
    let at_stake = et.kinds[landed(pos, mv)].order_value;
    if won < threshold {
        return true;
    }
    if won.min(won - at_stake) >= threshold {
        return false;
    }
    see(pos, et, mv) < threshold
}

/// A copy of a position's board on which an exchange empties squares one by one.
struct ExchangeBoard {
    squares: ArrayVec<Piece, MAX_PADDED>,
}

impl ExchangeBoard {
    /// The board of `pos` as it stands (a ruleset's board has at most [`MAX_PADDED`] places).
    #[inline]
    fn of(pos: &Position) -> ExchangeBoard {
        let mut squares = ArrayVec::new();
        squares
            .try_extend_from_slice(pos.board().as_slice())
            .expect("a ruleset's padded board fits MAX_PADDED places");
        ExchangeBoard { squares }
    }

    #[inline(always)]
    fn at(&self, sq: Square) -> Piece {
        self.squares[sq.index()]
    }

    /// Take the piece off `sq` (a wall corner, `Square::NONE`, is never emptied).
    #[inline]
    fn empty(&mut self, sq: Square) {
        if sq.is_some() {
            self.squares[sq.index()] = Piece::EMPTY;
        }
    }
}

/// The square and ordering value of the cheapest piece of `side` that captures on `target`
/// on the exchange's `board`; of several equally cheap, the first in the attack table's order
/// of entries.
fn cheapest_attacker(
    pos: &Position,
    et: &EvalTables,
    target: Square,
    side: Colour,
    board: &ExchangeBoard,
) -> Option<(Square, i32)> {
    // The merged scan finds the cheapest quickly; only a tie between two squares needs the
    // order of the entries.
    let mut best: Option<(Square, i32)> = None;
    let mut tied = false;
    let victim = pos.at(target);
    let at = |sq: Square| board.at(sq);
    let value_of = |sq: Square| et.kinds[pos.at(sq).kind()].order_value;
    scan_attackers(pos, target, side, victim, ScanOrder::Lines, at, |sq| {
        let value = value_of(sq);
        match best {
            Some((s, v)) if value == v => tied |= s != sq,
            Some((_, v)) if value > v => {}
            _ => {
                best = Some((sq, value));
                tied = false;
            }
        }
        false
    });
    if !tied {
        return best;
    }
    let mut first: Option<(Square, i32)> = None;
    scan_attackers(pos, target, side, victim, ScanOrder::Entries, at, |sq| {
        let value = value_of(sq);
        if first.is_none_or(|(_, v)| value < v) {
            first = Some((sq, value));
        }
        false
    });
    first
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::see;
    use crate::movegen::legal_moves;
    use crate::movegen::notation::parse_move;

    use crate::position::geometry::RankStyle;

    use crate::search::eval::tables::EvalTables;
    use crate::variant::load_by_name;

    /// The exchange value of `text` in `fen`, and the piece values the expectation is written in.
    fn exchange(variant: &str, fen: &str, text: &str) -> (i32, impl Fn(char) -> i32) {
        let tables =
            crate::movegen::build_ruleset(Arc::new(load_by_name(variant).expect("shipped")))
                .expect("tables");
        let et = EvalTables::new(&tables);
        let mut pos = crate::movegen::position_from_fen(tables.clone(), fen).expect("valid FEN");
        let mut legal = Vec::new();
        legal_moves(&mut pos, &mut legal);
        let mv = parse_move(&pos, &legal, text, RankStyle::FromOne).expect("legal move");
        let score = see(&pos, &et, mv);
        let value = move |letter: char| {
            let kind = tables
                .variant
                .pieces
                .iter()
                .position(|p| p.id.letter() == letter)
                .expect("piece of the variant");
            et.kinds[kind].value
        };
        (score, value)
    }

    #[test]
    fn a_rook_taking_a_pawn_guarded_by_a_pawn_loses_the_rook_for_the_pawn() {
        // Rxe5 dxe5: white wins the pawn and loses the rook.
        let (score, v) = exchange("chess", "4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", "e1e5");
        assert_eq!(score, v('P') - v('R'));
    }

    #[test]
    fn a_rook_behind_the_capturer_joins_the_exchange() {
        // Rxe5 Rxe5 Rxe5: the e1 rook x-rays through e2. Black's best is not to recapture
        // (it would lose its rook for one), so white keeps the pawn.
        let (score, v) = exchange("chess", "4r1k1/8/8/4p3/8/8/4R3/4RK2 w - - 0 1", "e2e5");
        assert_eq!(score, v('P'));
        // With one rook, black recaptures: pawn for rook.
        let (alone, v) = exchange("chess", "4r1k1/8/8/4p3/8/8/4R3/5K2 w - - 0 1", "e2e5");
        assert_eq!(alone, v('P') - v('R'));
    }

    #[test]
    fn a_capture_nobody_answers_wins_the_victim() {
        let (score, v) = exchange("chess", "4k3/8/8/4n3/8/8/8/4RK2 w - - 0 1", "e1e5");
        assert_eq!(score, v('N'));
    }

    #[test]
    fn a_cannon_recaptures_over_a_screen_but_not_over_the_square_the_capturer_left() {
        // Black cannon a10, horse a8 as its screen, soldier a6: Rxa6 is answered by Cxa6.
        let (guarded, v) = exchange("xiangqi", "c2k5/9/n8/9/p8/9/9/9/9/R3K4 w - - 0 1", "a1a6");
        assert_eq!(guarded, v('P') - v('R'));
        // The rook on a7 was the cannon's only screen: once it has taken on a6, the cannon
        // has nothing to jump over, and the soldier is won.
        let (won, v) = exchange("xiangqi", "c2k5/9/9/R8/p8/9/9/9/9/4K4 w - - 0 1", "a7a6");
        assert_eq!(won, v('P'));
    }
}
