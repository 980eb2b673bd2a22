//! Stalemate as XBoard 4.9.1 scores it. XBoard adjudicates a stalemate itself, before either
//! engine can claim (backend.c, `MT_STALEMATE`): a loss for the side stalemated under its
//! shatranj, xiangqi and shogi, a win under losers and giveaway, and a draw under every other
//! parent, whatever the variant's rules. Where the rules score it otherwise (macadamia shogi,
//! under the chu parent, makes it a loss: XBoard gave a stalemating move a draw), a move that
//! stalemates would end the game with a result the rules did not give, so Alfil does not play
//! it under XBoard.

use super::xboard::{needs_setup, setup_parent};
use crate::game::Game;
use crate::movegen::attack::in_check;
use crate::movegen::{has_legal_move, make_move, Move};
use crate::variant::{GameValue, Variant};

/// How XBoard scores a stalemate under `parent`, for the side stalemated (none where it
/// depends on the material: suicide).
fn xboards_value(parent: &str) -> Option<GameValue> {
    match parent {
        "shatranj" | "xiangqi" | "shogi" => Some(GameValue::Loss),
        "losers" | "giveaway" => Some(GameValue::Win),
        "suicide" => None,
        _ => Some(GameValue::Draw),
    }
}

/// XBoard's score of a stalemate in `v` where it is not the rules' (engine-defined variants).
pub fn misscored(v: &Variant) -> Option<GameValue> {
    if !needs_setup(v) {
        return None;
    }
    xboards_value(setup_parent(v)).filter(|&x| x != v.rules.stalemate)
}

/// Whether `mv`, a legal move of `game`, leaves the opponent stalemated: no legal move, not in
/// check. The test stops at the opponent's first legal reply (every root move is tested
/// before each search: on a 13x13 board a full move list per move took hundreds of ms).
pub fn stalemates(game: &mut Game, mv: Move) -> bool {
    let pos = &mut game.pos;
    make_move(pos, mv);
    let side = pos.side();
    let stalemated = !has_legal_move(pos) && !in_check(pos, side);
    pos.unmake();
    stalemated
}

/// The rule in words for the user, where XBoard scores a stalemate otherwise.
pub fn words(v: &Variant) -> Option<String> {
    let xboards = misscored(v)?;
    let name = |value: GameValue| match value {
        GameValue::Win => "a win",
        GameValue::Loss => "a loss",
        GameValue::Draw => "a draw",
    };
    Some(format!(
        "a stalemate, which is {} for the side stalemated and which XBoard scores as {} (Alfil \
         does not stalemate under XBoard)",
        name(v.rules.stalemate),
        name(xboards)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::RankStyle;
    use crate::protocol::test_games::game;
    use crate::variant::load_by_name;

    /// Macadamia shogi under real XBoard: a game ended `{Xboard adjudication: Stalemate}
    /// 1/2-1/2`, where its rules make a stalemate a loss. Black's lone king on a13, White's
    /// rook on b1 holding the b-file: the gold's step a10a11 takes a12 too and stalemates;
    /// a10b10 does not.
    #[test]
    fn macadamia_stalemates_are_misscored_by_xboard() {
        let v = load_by_name("macadamia-shogi").expect("macadamia");
        assert_eq!(misscored(&v), Some(GameValue::Draw));
        assert!(words(&v).is_some_and(|w| w.contains("a loss for the side stalemated")));
        let mut g = game(
            "macadamia-shogi",
            Some("k12/13/13/G12/13/13/13/13/13/13/13/13/1R10K w - - 0 1"),
        );
        let legal = g.legal_moves();
        let text = |g: &Game, m: Move| g.move_text(m, RankStyle::FromOne);
        let stalemating: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| stalemates(&mut g, m))
            .collect();
        let stalemating: Vec<String> = stalemating.iter().map(|&m| text(&g, m)).collect();
        assert_eq!(stalemating, ["a10a11"]);
        for name in ["chu", "shogi", "xiangqi", "werewolf"] {
            let v = load_by_name(name).expect("shipped");
            assert_eq!(misscored(&v), None, "{name}");
        }
        // Torishogi's file leaves a stalemate a draw; XBoard's shogi parent makes it a loss.
        let tori = load_by_name("torishogi").expect("shipped");
        assert_eq!(tori.rules.stalemate, GameValue::Draw);
        assert_eq!(misscored(&tori), Some(GameValue::Loss));
    }
}
