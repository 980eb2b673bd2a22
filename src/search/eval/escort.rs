//! Passed pawns and the royal pieces in the endgame: a passed pawn-like piece is worth more
//! the farther the enemy's royal piece stands from the square in front of it and the nearer
//! its own, the more so the closer it is to promoting (Stockfish's king proximity term).
//! Only where pieces are not dropped, and only between sides that both have a royal piece.

use super::pair::Pair;
use super::pawns::Structure;
use super::tables::{EvalTables, PROGRESS_ONE};
use crate::position::Position;
use crate::types::{ByColour, Colour, Square};

/// The escort term's divisor: progress weight in [`PROGRESS_ONE`]ths, promotion gain in
/// hundredths (of a pawn), weight in thousandths.
pub const ESCORT_SCALE: i64 = PROGRESS_ONE as i64 * 100 * 1000;

/// Distances beyond this count as this.
const FAR: i32 = 5;

/// How much a passed pawn's escort counts by its progress, in [`PROGRESS_ONE`]ths: nothing
/// up to 13/30 of the way, then rising to 17 one step from promotion (Stockfish's
/// `5 * rank - 13`, ranks counted from 0, on the chess board, whose pawns progress a sixth a
/// rank).
fn progress_weight(progress: i32) -> i32 {
    (30 * progress - 13 * PROGRESS_ONE).max(0)
}

/// The king-move distance from `sq` to the nearest of `royals`, at most [`FAR`].
fn distance(pos: &Position, royals: &[Square], sq: Square) -> i32 {
    royals
        .iter()
        .map(|&k| i32::from(pos.geo().king_distance(k, sq)))
        .min()
        .unwrap_or(FAR)
        .min(FAR)
}

/// Whether the term applies to `pos`: pieces are not dropped and both sides have a royal
/// piece.
pub fn applies(pos: &Position, et: &EvalTables) -> bool {
    !et.hand && Colour::BOTH.iter().all(|&c| !pos.royals(c).is_empty())
}

/// The escort units of each side (before the weight and [`ESCORT_SCALE`]), where the term
/// [`applies`]: for every passed pawn-like piece, its progress weight times five times the
/// enemy royal piece's distance from the square in front of it less twice its own, times
/// what promoting gains there and then.
pub fn units(pos: &Position, et: &EvalTables, structure: &Structure) -> ByColour<i64> {
    let mut units = ByColour([0; 2]);
    let geo = pos.geo();
    structure.passed(et, |colour, sq, kind| {
        let weight = progress_weight(i32::from(et.progress[kind][colour][sq.index()]));
        if weight == 0 {
            return;
        }
        let (file, rank) = geo.coords(sq);
        let ahead = i16::from(rank) + i16::from(et.forward[kind][colour]);
        let Some(front) = geo.checked_square(i16::from(file), ahead) else {
            return;
        };
        let proximity = 5 * distance(pos, pos.royals(!colour), front)
            - 2 * distance(pos, pos.royals(colour), front);
        let gain = et
            .promotion_gains
            .now(pos, kind, colour, et.kinds[kind].promotion_gain);
        units[colour] += i64::from(weight * proximity) * i64::from(gain);
    });
    units
}

/// The escort score from White's view (endgame only).
pub fn evaluate(pos: &Position, et: &EvalTables) -> Pair {
    if !applies(pos, et) {
        return Pair::default();
    }
    let u = units(pos, et, &Structure::of(pos, et));
    let lead = u[Colour::White] - u[Colour::Black];
    let eg = lead * i64::from(et.passed_escort) / ESCORT_SCALE;
    Pair::new(0, eg as i32)
}

#[cfg(test)]
mod tests {
    use super::{applies, progress_weight, units};
    use crate::search::eval::pawns::Structure;
    use crate::search::eval::tables::PROGRESS_ONE;
    use crate::search::eval::testing::setup;
    use crate::types::Colour;

    /// On the chess board a pawn's progress rises a sixth a rank from its second rank, and
    /// the weight, rounded to whole [`PROGRESS_ONE`]ths, is Stockfish 11's `5 * r - 13` (r
    /// the rank counted from 0) from the fourth rank on: 2, 7, 12, 17; nothing before.
    #[test]
    fn the_progress_weight_is_stockfish_s_on_the_chess_board() {
        let (pos, et) = setup("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let pawn = pos
            .tables
            .variant
            .pieces
            .iter()
            .position(|p| p.id.letter() == 'P')
            .expect("chess has a pawn");
        let geo = pos.geo();
        let weights: Vec<i32> = (1..7)
            .map(|rank| {
                let sq = geo.square(0, rank);
                let progress = i32::from(et.progress[pawn][Colour::White][sq.index()]);
                (progress_weight(progress) + PROGRESS_ONE / 2) / PROGRESS_ONE
            })
            .collect();
        assert_eq!(weights, [0, 0, 2, 7, 12, 17]);
    }

    /// A passed pawn on a6: with the black king on e8 (four king moves from a7) and the white
    /// one on e1 (six, counted as five) it scores 5 × 4 − 2 × 5 = 10 proximity units for
    /// White; with the black king on a8 (next to a7) 5 × 1 − 2 × 5 = −5, half as much against
    /// it. Black's mirrored pawn scores the same for Black.
    #[test]
    fn a_passed_pawn_scores_for_the_enemy_royal_far_and_its_own_near() {
        let units_of = |fen: &str| {
            let (pos, et) = setup("chess", fen);
            assert!(applies(&pos, &et));
            units(&pos, &et, &Structure::of(&pos, &et))
        };
        let far = units_of("4k3/8/P7/8/8/8/8/4K3 w - - 0 1");
        let near = units_of("k7/8/P7/8/8/8/8/4K3 w - - 0 1");
        assert!(far[Colour::White] > 0);
        assert_eq!(far[Colour::Black], 0);
        assert_eq!(near[Colour::White] * 2, -far[Colour::White]);
        let mirrored = units_of("4k3/8/8/8/8/p7/8/4K3 b - - 0 1");
        assert_eq!(mirrored[Colour::Black], far[Colour::White]);
        assert_eq!(mirrored[Colour::White], 0);
    }

    /// The size of the term in chess: about half of Stockfish 11's, whose pawn is worth 213 in
    /// the endgame against 100 here. For the a6 pawn above Stockfish counts a weight of 12
    /// (`5 * 5 - 13`) times 10 proximity units, 120 (56 of our centipawns); ours is the
    /// weight, 50 thousandths, times 11.8 (the progress weight in [`PROGRESS_ONE`]ths), 10
    /// units and 8.54 pawns of promotion gain (queen 954 less pawn 100): 50 cp.
    #[test]
    fn in_chess_the_term_is_about_half_of_stockfish_s() {
        let (pos, et) = setup("chess", "4k3/8/P7/8/8/8/8/4K3 w - - 0 1");
        let score = super::evaluate(&pos, &et);
        assert_eq!(score.mg, 0);
        assert!((45..=56).contains(&score.eg), "{score:?}");
    }

    /// A pawn on its third rank (progress 2/6, short of 13/30), or one that is not passed,
    /// scores nothing; nor does any where pieces are dropped.
    #[test]
    fn only_advanced_passed_pawns_score_and_only_without_drops() {
        let (pos, et) = setup("chess", "4k3/8/8/8/8/P7/8/4K3 w - - 0 1");
        assert_eq!(units(&pos, &et, &Structure::of(&pos, &et)).0, [0, 0]);
        let (pos, et) = setup("chess", "4k3/1p6/P7/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(
            units(&pos, &et, &Structure::of(&pos, &et))[Colour::White],
            0
        );
        let (pos, et) = setup(
            "shogi",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        );
        assert!(!applies(&pos, &et));
    }
}
