//! Which game ends Alfil claims, and how, so that XBoard accepts them. In an engine-engine game
//! XBoard (with its default `-testClaims`) takes a claim of the claimer's own loss as it
//! stands; it checks a draw claim against the draws it sees itself (repetition, the 50-move
//! rule, stalemate, too little material) and, in games without holdings, a claim of the
//! claimer's own win against checkmate. Any other claim loses the game for the claimer
//! (`False win claim`, `False draw claim`). So an end by a rule XBoard does not know (a flag
//! zone, extinction, bikjang, two passes, material counting) is claimed by the side that lost
//! it; a side that won it waits for that claim while it is not to move, and a draw XBoard
//! cannot see is offered (two Alfils agree on it at once). XBoard tests claims only between two
//! engines: against a person (no `computer`) the winner claims when it is to move; against an
//! engine it plays on instead, for the claim would forfeit a won game, and XBoard ends the game
//! by its own rules (xiangqi's and shogi's perpetual checks at its own count of repetitions).

use crate::game::{EndCause, GameEnd};
use crate::types::Colour;

/// What to tell the GUI about a game that has ended by rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// `RESULT {reason}`.
    Result,
    /// `offer draw`: a draw the GUI would take for a false claim.
    OfferDraw,
    /// Nothing: a win the GUI cannot see, left to the loser's claim (or, when we are to move
    /// against an engine, to the game played on).
    Wait,
}

/// What the game's referee can see of a game.
#[derive(Clone, Copy, Debug)]
pub struct Referee {
    /// The variant has holdings (XBoard checks no win claim there).
    pub holdings: bool,
    /// Plies of the n-move rule (XBoard sees the 50-move rule only: 100 plies or more).
    pub move_rule: u32,
    /// XBoard's legality test, knowing the game from the piece lines, sees the mate too (it
    /// may not: a janggi general that cannot leave the palace can in XBoard's eyes).
    pub sees_mate: bool,
    /// The opponent is an engine (`computer`): XBoard tests our claims and takes one of our
    /// own win it cannot see for a false claim, which loses the game.
    pub tests_claims: bool,
}

/// How the engine playing `ours` reports `end`; `to_move` is whether it is to move.
pub fn claim(end: &GameEnd, ours: Colour, to_move: bool, referee: Referee) -> Claim {
    let seen = match end.cause {
        EndCause::Checkmate => referee.sees_mate,
        // XBoard checks a win claim against checkmate only: a stalemate that wins (xiangqi) is
        // claimed by the side that lost it.
        EndCause::Stalemate | EndCause::DeadPosition => end.winner.is_none(),
        EndCause::Repetition => end.winner.is_none(),
        EndCause::MoveRule => end.winner.is_none() && referee.move_rule >= 100,
        _ => false,
    };
    match end.winner {
        Some(winner) if winner != ours => Claim::Result,
        Some(_) if seen || referee.holdings || (to_move && !referee.tests_claims) => Claim::Result,
        Some(_) => Claim::Wait,
        None if seen => Claim::Result,
        None => Claim::OfferDraw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end(winner: Option<Colour>, cause: EndCause) -> GameEnd {
        GameEnd {
            winner,
            cause,
            reason: String::new(),
        }
    }

    const PLAIN: Referee = Referee {
        holdings: false,
        move_rule: 100,
        sees_mate: true,
        tests_claims: false,
    };

    #[test]
    fn a_stalemate_that_wins_waits_for_the_losers_claim() {
        // XBoard took Black's claim of "White is stalemated and loses" in manchu for a false
        // win claim; it checks win claims against checkmate only.
        let won = end(Some(Colour::Black), EndCause::Stalemate);
        assert_eq!(claim(&won, Colour::Black, false, PLAIN), Claim::Wait);
        assert_eq!(claim(&won, Colour::White, true, PLAIN), Claim::Result);
        let drawn = end(None, EndCause::Stalemate);
        assert_eq!(claim(&drawn, Colour::Black, false, PLAIN), Claim::Result);
    }

    #[test]
    fn a_loss_is_always_claimed() {
        let lost = end(Some(Colour::Black), EndCause::Bikjang);
        assert_eq!(claim(&lost, Colour::White, false, PLAIN), Claim::Result);
    }

    #[test]
    fn a_win_xboard_cannot_see_waits_for_the_losers_claim_until_we_are_to_move() {
        let won = end(Some(Colour::White), EndCause::FlagReached);
        assert_eq!(claim(&won, Colour::White, false, PLAIN), Claim::Wait);
        assert_eq!(claim(&won, Colour::White, true, PLAIN), Claim::Result);
        let drops = Referee {
            holdings: true,
            ..PLAIN
        };
        assert_eq!(claim(&won, Colour::White, false, drops), Claim::Result);
        let mate = end(Some(Colour::White), EndCause::Checkmate);
        assert_eq!(claim(&mate, Colour::White, false, PLAIN), Claim::Result);
        let blind = Referee {
            sees_mate: false,
            ..PLAIN
        };
        assert_eq!(claim(&mate, Colour::White, false, blind), Claim::Wait);
        assert_eq!(claim(&mate, Colour::Black, true, blind), Claim::Result);
    }

    #[test]
    fn against_an_engine_a_win_xboard_cannot_see_is_never_claimed_by_the_winner() {
        // Under real XBoard, Alfil (Black) claimed "White gives perpetual check" in xiangqi
        // against Fairy-Stockfish when it was to move and lost the game for a false win claim
        // (CI on 95ad83b): XBoard adjudicates perpetual checks itself, at its own count.
        let tested = Referee {
            tests_claims: true,
            ..PLAIN
        };
        let won = end(Some(Colour::Black), EndCause::PerpetualCheck);
        assert_eq!(claim(&won, Colour::Black, true, tested), Claim::Wait);
        assert_eq!(claim(&won, Colour::Black, true, PLAIN), Claim::Result);
        assert_eq!(claim(&won, Colour::White, false, tested), Claim::Result);
        let drops = Referee {
            holdings: true,
            ..tested
        };
        assert_eq!(claim(&won, Colour::Black, true, drops), Claim::Result);
    }

    #[test]
    fn a_draw_xboard_cannot_see_is_offered() {
        let bikjang = end(None, EndCause::Bikjang);
        assert_eq!(
            claim(&bikjang, Colour::White, true, PLAIN),
            Claim::OfferDraw
        );
        let repetition = end(None, EndCause::Repetition);
        assert_eq!(
            claim(&repetition, Colour::White, false, PLAIN),
            Claim::Result
        );
        let short_rule = Referee {
            move_rule: 60,
            ..PLAIN
        };
        let moves = end(None, EndCause::MoveRule);
        assert_eq!(
            claim(&moves, Colour::White, false, short_rule),
            Claim::OfferDraw
        );
        assert_eq!(claim(&moves, Colour::White, false, PLAIN), Claim::Result);
    }
}
