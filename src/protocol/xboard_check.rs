//! XBoard 4.9.1's check test as its legality test applies it to an engine's move (moves.c
//! `CheckTest`), where it differs from the rules: XBoard guards one royal piece, the first
//! piece of its King slot (the PIECETOCHAR's last of each colour) in its scan order a1, a2, …,
//! b1, …; under the chu and shogi parents a prince (the piece of image 50, `WhiteMonarch`;
//! 39 under shogi) counts as a royal too, and a side with two royals on the board before the
//! move is never in check. XBoard tries the move without its promotion, so a promotion that
//! makes a second royal (macadamia's drunk elephant becoming a crown prince) does not lift the
//! check it sees: out of a rook's check, XBoard refused `f5e6+` as an invalid move and forfeited
//! the engine. Parents whose XBoard ignores check (suicide, giveaway, atomic) are left alone.

use super::xboard::{needs_setup, piece_to_char, setup_parent};
use crate::movegen::attack::attacked;
use crate::movegen::Move;
use crate::position::Position;
use crate::types::{Colour, PieceId, Square};
use crate::variant::piece_to_char::{slots, white_images, SlotContent};
use crate::variant::Variant;

/// The image of chu's prince, `WhiteMonarch` (common.h).
const CHU_PRINCE_IMAGE: usize = 50;
/// The image of the prince under the shogi parent: eleven before chu's (`prince -= 11`).
const SHOGI_PRINCE_IMAGE: usize = CHU_PRINCE_IMAGE - 11;

/// The royal pieces XBoard's check test guards in an engine-defined variant.
#[derive(Clone, Debug)]
pub struct XboardCheck {
    /// The piece type of the King slot.
    king: usize,
    /// The prince's type, under the parents that count two royals.
    prince: Option<usize>,
}

impl XboardCheck {
    /// The check XBoard tests in `v` (`None` for XBoard's own variants, parents that ignore
    /// check and a King slot without a piece of the variant).
    pub fn of(v: &Variant) -> Option<XboardCheck> {
        let parent = setup_parent(v);
        if !needs_setup(v) || matches!(parent, "suicide" | "giveaway" | "atomic") {
            return None;
        }
        let text = piece_to_char(v);
        let found = slots(&text).ok()?;
        let king_slot = found.get((found.len() / 2).checked_sub(1)?)?;
        let king = kind_in(v, king_slot.content)?;
        let prince_image = match parent {
            "chu" => Some(CHU_PRINCE_IMAGE),
            "shogi" => Some(SHOGI_PRINCE_IMAGE),
            _ => None,
        };
        let prince = prince_image
            .and_then(|image| white_images(&text).get(image).copied())
            .and_then(|content| kind_in(v, content));
        Some(XboardCheck { king, prince })
    }

    /// XBoard's check test on the moves of `pos`: the royal it guards found once for all of
    /// them.
    pub fn at<'p>(&self, pos: &'p Position) -> CheckAt<'p> {
        let side = pos.side();
        let guarded = self.guarded(pos, side);
        let lone_royal = guarded.is_some_and(|royal| pos.royals(side) == [royal]);
        CheckAt {
            pos,
            guarded,
            lone_royal,
        }
    }

    /// The square of the royal piece XBoard tests for `side` before its move (`None` where it
    /// sees two royals, or none).
    fn guarded(&self, pos: &Position, side: Colour) -> Option<Square> {
        let geo = pos.geo();
        let royal = |kind: usize| kind == self.king || Some(kind) == self.prince;
        let mut royals: Vec<Square> = pos
            .pieces(side)
            .iter()
            .copied()
            .filter(|&sq| royal(pos.at(sq).kind()))
            .collect();
        if self.prince.is_some() && royals.len() > 1 {
            return None;
        }
        royals.sort_by_key(|&sq| geo.coords(sq));
        royals.first().copied()
    }
}

/// XBoard's check test in one position.
pub struct CheckAt<'p> {
    pos: &'p Position,
    /// The royal XBoard tests for the side to move (`None` where it sees two, or none).
    guarded: Option<Square>,
    /// Whether that royal is the side's only one under the rules, which already keep it safe.
    lone_royal: bool,
}

impl CheckAt<'_> {
    /// Whether XBoard refuses `mv`, a legal move of the position, as leaving its royal piece
    /// attacked.
    pub fn refuses(&self, mv: Move) -> bool {
        let Some(royal) = self.guarded else {
            return false;
        };
        let pos = self.pos;
        let makes_royal = mv
            .promotion_type()
            .is_some_and(|kind| pos.tables.variant.pieces[kind].royal);
        // The rules already kept their one royal out of attack, unless a promotion made another.
        if self.lone_royal && !makes_royal {
            return false;
        }
        let mut after = pos.clone();
        after.make(mv);
        let at = if mv.from == royal { mv.to } else { royal };
        attacked(&after, at, !pos.side())
    }
}

/// The moves XBoard refuses for its check test in `v`, in words for the user: promotions to a
/// royal piece out of check (empty where there are none).
pub fn words(v: &Variant) -> Vec<String> {
    if XboardCheck::of(v).is_none() {
        return Vec::new();
    }
    let royal_promotions: Vec<&str> = v
        .pieces
        .iter()
        .filter(|p| {
            p.promotion.as_ref().is_some_and(|promotion| {
                Colour::BOTH.iter().any(|&colour| {
                    promotion
                        .choices_for(colour)
                        .iter()
                        .any(|&target| v.pieces[target].royal)
                })
            })
        })
        .map(|p| p.name.as_str())
        .collect();
    if royal_promotions.is_empty() {
        return Vec::new();
    }
    vec![format!(
        "the promotion of the {} to a second royal piece while the king stays attacked \
         (XBoard tests the move without its promotion)",
        royal_promotions.join(", the ")
    )]
}

/// The piece type an image slot holds: its own piece, or for `^X` the promoted form of X.
fn kind_in(v: &Variant, content: SlotContent) -> Option<usize> {
    let of_id = |id: PieceId| v.pieces.iter().position(|p| p.id == id);
    match content {
        SlotContent::Piece(id, _) => of_id(id),
        SlotContent::PromotedOf(id, _) => {
            let base = of_id(id)?;
            v.pieces.iter().position(|p| p.promoted_of == Some(base))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::RankStyle;
    use crate::protocol::test_games::game;

    /// The position of the forfeit under real XBoard (Alfil against Alfil, macadamia, move
    /// 108): Black's rook on h6 checks White's king on h3; the drunk elephant on f5 may take
    /// the phoenix on e6 and become a crown prince, a second royal, which the rules allow and
    /// XBoard refuses.
    const ROOK_CHECKS: &str = "l1c1g1k1gscol/4s1e1j'4/1r'f'1t1t1d1f'l'r/p2p2pp1pp1p/\
        1pp5p2p1/13/13/4x2r5/1D3E7/P4R2J'1PPP/5I'TKTS3/9R'1+i'1/8G3L w - - 0 108";

    #[test]
    fn a_promotion_to_a_second_royal_does_not_lift_xboards_check() {
        let mut g = game("macadamia-shogi", Some(ROOK_CHECKS));
        let x = XboardCheck::of(&g.tables().variant).expect("engine-defined");
        let legal = g.legal_moves();
        let text = |m: Move| g.move_text(m, RankStyle::FromOne);
        let promotion = legal
            .iter()
            .copied()
            .find(|&m| text(m) == "f5e6+")
            .expect("the rules allow it");
        let check = x.at(&g.pos);
        assert!(check.refuses(promotion));
        let refused: Vec<String> = legal
            .iter()
            .copied()
            .filter(|&m| check.refuses(m))
            .map(text)
            .collect();
        assert_eq!(refused, vec!["f5e6+"]);
    }

    #[test]
    fn two_royals_on_the_board_lift_xboards_check_under_chu() {
        let crown_prince_too = ROOK_CHECKS.replace("5I'TKTS3", "4+EI'TKTS3");
        let mut g = game("macadamia-shogi", Some(&crown_prince_too));
        let x = XboardCheck::of(&g.tables().variant).expect("engine-defined");
        let legal = g.legal_moves();
        let check = x.at(&g.pos);
        assert!(legal.iter().all(|&m| !check.refuses(m)));
    }

    #[test]
    fn xboards_own_variants_are_left_to_it() {
        for name in ["chess", "shogi", "chu", "xiangqi"] {
            let g = game(name, None);
            assert!(XboardCheck::of(&g.tables().variant).is_none(), "{name}");
        }
    }
}
