//! What promoting gains in a given position. Where a side may promote only to a type it has
//! fewer of than at the start, or to at most so many of a type, the best choice still open
//! is worth less than the best of all, and nothing while every choice is closed; elsewhere
//! the gain is the type's fixed one.

use super::values::Profile;
use crate::position::ruleset::Ruleset;
use crate::position::Position;
use crate::types::{ByColour, Colour};

/// One promotion choice of a type whose choices are limited.
#[derive(Clone, Copy, Debug)]
struct Choice {
    kind: usize,
    /// The choice's value less the promoting piece's (at least 0).
    gain: i32,
    /// Open while the side has fewer than this many of the choice's type on the board.
    cap: u16,
}

/// Per piece type: `None` where its promotion gain never changes, else each colour's
/// choices, best first.
#[derive(Clone, Debug, Default)]
pub struct PromotionGains {
    limited: Vec<Option<ByColour<Vec<Choice>>>>,
}

impl PromotionGains {
    /// The limited choices of the variant's promoting types, valued by `profiles`.
    pub fn new(tables: &Ruleset, profiles: &[Profile]) -> PromotionGains {
        let limited = tables
            .pieces
            .iter()
            .enumerate()
            .map(|(kind, piece)| {
                let pr = piece.promotion.as_ref()?;
                let limits_any = pr.only_captured
                    || Colour::BOTH.iter().any(|&colour| {
                        pr.choices[colour]
                            .iter()
                            .any(|c| pr.limits[c.index()] != u16::MAX)
                    });
                if !limits_any {
                    return None;
                }
                Some(ByColour::from_fn(|colour| {
                    let mut choices: Vec<Choice> = pr.choices[colour]
                        .iter()
                        .map(|c| {
                            let choice = c.index();
                            Choice {
                                kind: choice,
                                gain: (profiles[choice].value - profiles[kind].value).max(0),
                                cap: tables.promotion_cap(pr, colour, choice),
                            }
                        })
                        .collect();
                    choices.sort_by_key(|c| -c.gain);
                    choices
                }))
            })
            .collect();
        PromotionGains { limited }
    }

    /// What promoting a `kind` of `colour` gains in `pos`: `fixed` (the type's gain over all
    /// its choices) unless its choices are limited, else the best one still open, or 0.
    pub fn now(&self, pos: &Position, kind: usize, colour: Colour, fixed: i32) -> i32 {
        match &self.limited[kind] {
            None => fixed,
            Some(choices) => choices[colour]
                .iter()
                .find(|c| pos.count(colour, c.kind) < c.cap)
                .map_or(0, |c| c.gain),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::position::Position;
    use crate::search::eval::tables::EvalTables;
    use crate::search::eval::testing::setup;
    use crate::types::Colour;

    /// The index of the type lettered `letter`.
    fn kind(pos: &Position, letter: char) -> usize {
        pos.tables
            .variant
            .pieces
            .iter()
            .position(|p| p.id.letter() == letter)
            .expect("the variant has the type")
    }

    /// The gain of a white pawn in `fen` of `variant`.
    fn white_pawn_gain(variant: &str, fen: &str) -> (i32, EvalTables, Position) {
        let (pos, et) = setup(variant, fen);
        let pawn = kind(&pos, 'P');
        let gain = et
            .promotion_gains
            .now(&pos, pawn, Colour::White, et.kinds[pawn].promotion_gain);
        (gain, et, pos)
    }

    /// Grand chess promotes only to a type the side has lost: with every piece on the board a
    /// pawn gains nothing; without its queen, the queen's value less its own; with the queen
    /// and without a knight, the knight's. Chess's pawn gains its queen's whatever is on the
    /// board.
    #[test]
    fn a_pawn_gains_the_best_type_it_may_still_promote_to() {
        let full = "r8r/1nbqkcabn1/10/P9/10/10/10/10/1NBQKCABN1/R8R w - - 0 1";
        let (gain, _, _) = white_pawn_gain("grand", full);
        assert_eq!(gain, 0);
        let no_queen = "r8r/1nbqkcabn1/10/P9/10/10/10/10/1NB1KCABN1/R8R w - - 0 1";
        let (gain, et, pos) = white_pawn_gain("grand", no_queen);
        let value = |letter| et.kinds[kind(&pos, letter)].value;
        assert_eq!(gain, value('Q') - value('P'));
        let no_knight = "r8r/1nbqkcabn1/10/P9/10/10/10/10/1NBQKCAB2/R8R w - - 0 1";
        let (gain, _, _) = white_pawn_gain("grand", no_knight);
        assert_eq!(gain, value('N') - value('P'));
        let (gain, et, pos) = white_pawn_gain("chess", "4k3/8/P7/8/8/8/8/4K3 w - - 0 1");
        let value = |letter| et.kinds[kind(&pos, letter)].value;
        assert_eq!(gain, value('Q') - value('P'));
    }
}
