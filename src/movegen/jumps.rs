//! Range-jumping captures (`range_jump`, tenjiku's generals as HaChu plays them): along each of
//! its unlimited capturing slides, a piece goes on past the first piece it meets when that
//! piece ranks lower than itself, jumping it, and captures every enemy piece of a lower rank
//! it reaches that way until a piece of its own rank or higher, or the board's edge, ends the
//! line. The slide itself (its quiet moves and the capture of the first piece met) is the
//! moves table's; this walker adds only the captures after a jump, so the two never make the
//! same move.

use crate::betza::compile::flags;
use crate::position::ruleset::{ColourMoves, UNLIMITED_STEPS};
use crate::position::Position;
use crate::types::{Colour, Piece, Square};

/// The lines of a moves table along which a range jumper captures: its plain slides and its
/// other unlimited capturing slides (not hoppers, not ones that skip or need a first move).
pub fn lines(moves: &ColourMoves) -> impl Iterator<Item = i16> + '_ {
    let rays = moves.rays.iter().filter(|r| {
        r.range == UNLIMITED_STEPS
            && r.flags & flags::CAPTURE != 0
            && r.flags & (flags::HOPPING | flags::LAME | flags::MUST_JUMP) == 0
            && r.skip == 0
            && r.initial == 0
    });
    moves.slides.iter().copied().chain(rays.map(|r| r.off))
}

/// The squares the range jumper of `colour` and `rank` on `from`, with `moves`, captures on
/// after jumping one piece or more: `reach` is called with each until it returns false, and
/// then so does this.
pub fn captures(
    pos: &Position,
    from: Square,
    colour: Colour,
    rank: u8,
    moves: &ColourMoves,
    mut reach: impl FnMut(Square) -> bool,
) -> bool {
    let board = pos.board();
    let ranks_lower = |p: Piece| pos.tables.pieces[p.kind()].rank < rank;
    for off in lines(moves) {
        let mut to = from.offset(off);
        while board[to] == Piece::EMPTY {
            to = to.offset(off);
        }
        // The first piece met is the slide's to take; a jump needs it to rank lower.
        if !board[to].is_piece() || !ranks_lower(board[to]) {
            continue;
        }
        loop {
            to = to.offset(off);
            let p = board[to];
            if p == Piece::EMPTY {
                continue;
            }
            if !p.is_piece() || !ranks_lower(p) {
                break;
            }
            if p.colour() != colour && !reach(to) {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::movegen::{build_ruleset, make_move, position_from_fen, walker, Move};
    use crate::position::{Position, RankStyle};
    use crate::types::Square;
    use crate::variant::load_by_name;

    fn tenjiku(fen: &str) -> Position {
        let variant = load_by_name("tenjiku").expect("tenjiku loads");
        let ruleset = build_ruleset(Arc::new(variant)).expect("its ruleset builds");
        position_from_fen(ruleset, fen).expect("a legal tenjiku position")
    }

    fn square(pos: &Position, name: &str) -> Square {
        pos.geo()
            .parse_square(name, RankStyle::FromOne)
            .expect("a square")
            .0
    }

    /// The destinations of the piece on `from`, by name, sorted.
    fn targets(pos: &Position, from: &str) -> Vec<String> {
        let mut moves: Vec<Move> = Vec::new();
        walker::piece_moves(pos, square(pos, from), &mut moves);
        let mut names: Vec<String> = moves
            .iter()
            .map(|m| pos.geo().name(m.to, RankStyle::FromOne))
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// A great general (rank 3) on h8 takes past lower-ranked pieces of either side (its own
    /// pawn on h10, the black pawn on e8, the vice general on c8) but not the great general on
    /// h14 (its own rank) after a jump, nor anything behind it; its quiet moves never jump.
    #[test]
    fn a_great_general_jumps_lower_ranks_to_capture() {
        let pos =
            tenjiku("14k1/7p8/7q!8/16/7p8/16/7P8/16/1d'v!1p2Q!8/16/16/16/16/16/16/K15 w - - 0 1");
        let found = targets(&pos, "h8");
        for taken in ["h12", "e8", "c8", "b8"] {
            assert!(found.contains(&taken.to_string()), "{taken}: {found:?}");
        }
        for refused in ["h14", "h15", "h11", "h13", "d8", "a8", "a1"] {
            assert!(
                !found.contains(&refused.to_string()),
                "{refused}: {found:?}"
            );
        }
        assert_eq!(found.len(), 50, "{found:?}");
    }

    /// A rook general (rank 1) may take a bishop general (rank 1) as the first piece it meets,
    /// but neither jump it nor take one after jumping its own dog.
    #[test]
    fn a_rook_general_neither_jumps_nor_takes_its_own_rank_after_a_jump() {
        let pos =
            tenjiku("15k/16/16/16/7b!8/16/7D'8/16/5pQ!R!b!p6/16/16/16/16/16/16/K15 w - - 0 1");
        let found = targets(&pos, "h8");
        assert!(found.contains(&"i8".to_string()), "{found:?}");
        for refused in ["j8", "h12", "f8", "h11"] {
            assert!(
                !found.contains(&refused.to_string()),
                "{refused}: {found:?}"
            );
        }
    }

    /// The fire demon stopping on c3 burns the black pawns on b3 and c4 next to it and spares
    /// its own pawn on d4; stopping on b2 it burns only b3. Unmaking restores them.
    #[test]
    fn a_fire_demon_burns_the_enemy_pieces_around_where_it_stops() {
        let fen = "15k/16/16/16/16/16/16/16/16/16/16/16/2pP12/1p14/P15/D!14K w - - 0 1";
        let mut pos = tenjiku(fen);
        let (a1, b2, c3) = (square(&pos, "a1"), square(&pos, "b2"), square(&pos, "c3"));
        let (b3, c4, d4) = (square(&pos, "b3"), square(&pos, "c4"), square(&pos, "d4"));
        make_move(&mut pos, Move::new(a1, c3));
        assert!(!pos.at(b3).is_piece() && !pos.at(c4).is_piece());
        assert!(pos.at(d4).is_piece());
        assert_eq!(pos.halfmove(), 0);
        pos.unmake();
        assert_eq!(pos.to_fen(), fen);
        make_move(&mut pos, Move::new(a1, b2));
        assert!(!pos.at(b3).is_piece() && pos.at(c4).is_piece());
        pos.unmake();
        assert_eq!(pos.to_fen(), fen);
    }
}
