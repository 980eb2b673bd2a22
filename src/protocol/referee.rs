//! The game as XBoard's legality test sees it. An engine-defined variant reaches XBoard as the
//! `setup` and `piece` lines of [`super::xboard`]; XBoard 4.9.1's Betza has no zones, no
//! confinement and no limits on what a cannon may hop over or take, so the piece lines give
//! supersets of the real moves (a janggi cannon hopping over a cannon, a guard leaving the
//! palace), and where they would show checks that are not there, zone captures as plain moves.
//! XBoard then refuses a legal move that leaves the king "attacked" by such a move, or that
//! captures the way the lines do not say, and forfeits the engine that played it. The referee
//! view is the variant rebuilt from those piece lines; a move Alfil plays in XBoard must be a
//! legal move of it too. Rules XBoard does not apply (a king frozen in check, initial moves
//! barred in check) are left out of the view: XBoard allows more moves there, and does not see
//! the mates they make.

use std::collections::HashSet;
use std::sync::Arc;

use super::xboard::{needs_setup, piece_moves};
use crate::game::Game;
use crate::movegen::attack::in_check;
use crate::movegen::{build_ruleset, Move};
use crate::position::ruleset::Ruleset;
use crate::position::RankStyle;

/// The variant as XBoard's legality test knows it, where that differs from its rules: `None`
/// for XBoard's own variants and where the piece lines say every move exactly.
pub fn referee_view(tables: &Ruleset) -> Option<Arc<Ruleset>> {
    let v = &tables.variant;
    let inexact = |p: &crate::variant::PieceType| {
        p.zone_moves.is_some()
            || p.confine.is_some()
            || !p.no_screen.is_empty()
            || !p.no_capture.is_empty()
    };
    // Rules XBoard does not apply: a king that may not step out of check, initial moves
    // barred in check or lost to an aimed rook. XBoard allows more moves, and a mate by them
    // is not one it sees.
    let unknown_rules = v.rules.royal_frozen_in_check
        || !v.rules.initial_lost_when_aimed_by.is_empty()
        || v.pieces.iter().any(|p| p.initial_not_in_check);
    if !needs_setup(v) || !(unknown_rules || v.pieces.iter().any(inexact)) {
        return None;
    }
    let mut view = (**v).clone();
    for (p, real) in view.pieces.iter_mut().zip(&v.pieces) {
        p.moves = crate::betza::read(&piece_moves(v, real)).ok()?;
        p.zone_moves = None;
        p.confine = None;
        p.no_screen.clear();
        p.no_capture.clear();
        p.initial_not_in_check = false;
    }
    view.rules.bikjang = false;
    view.rules.flying_general = false;
    view.rules.royal_frozen_in_check = false;
    view.rules.initial_lost_when_aimed_by.clear();
    build_ruleset(Arc::new(view)).ok()
}

/// The legal moves of `game` that XBoard, knowing the game as `view`, would accept; `None`
/// when it would accept them all (or none, where nothing can be done about it).
pub fn accepted_moves(game: &mut Game, view: &Arc<Ruleset>) -> Option<Vec<Move>> {
    let style = RankStyle::FromOne;
    let legal = game.legal_moves();
    let mut seen = as_seen(game, view)?;
    let known: HashSet<String> = seen
        .legal_moves()
        .into_iter()
        .map(|m| seen.move_text(m, style))
        .collect();
    let accepted: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| known.contains(&game.move_text(m, style)))
        .collect();
    (!accepted.is_empty() && accepted.len() < legal.len()).then_some(accepted)
}

/// Whether XBoard, knowing the game as `view`, sees the side to move mated.
pub fn sees_mate(game: &Game, view: &Arc<Ruleset>) -> bool {
    as_seen(game, view).is_some_and(|mut seen| {
        let side = seen.pos.side();
        seen.legal_moves().is_empty() && in_check(&seen.pos, side)
    })
}

/// The current position of `game` in the rules of `view`.
fn as_seen(game: &Game, view: &Arc<Ruleset>) -> Option<Game> {
    Game::from_fen(view.clone(), &game.pos.to_fen()).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::load_by_name;

    fn game(variant: &str, moves: &str) -> Game {
        let v = load_by_name(variant).expect("shipped variant");
        let mut game = Game::new(build_ruleset(Arc::new(v)).expect("rules"));
        for text in moves.split_whitespace() {
            let mv = game.parse_move(text, RankStyle::FromOne).expect(text);
            game.play(mv);
        }
        game
    }

    /// From a game under real XBoard against Fairy-Stockfish: Black's soldier e7-f7 opens the
    /// e-file between White's cannon on e3 and Black's general on e9, with Black's own cannon
    /// on e8 between them. A janggi cannon cannot hop over a cannon, so the move is legal; the
    /// piece line `pRmpB` cannot say so, and XBoard refused the move as leaving the general in
    /// check ("Forfeit due to invalid move: e6f6", XBoard's ranks from 0).
    #[test]
    fn a_move_exposing_the_general_to_a_cannon_over_a_cannon_is_not_played_under_xboard() {
        let mut game = game(
            "janggi",
            "h1g3 b10c8 i4h4 b8e8 e2d2 h10g8 b1c3 h8f8 h3e3 d10d9 e4d4",
        );
        let view = referee_view(game.tables()).expect("janggi's pieces are not exact in XBoard");
        let legal = game.legal_moves();
        let exposing = game.parse_move("e7f7", RankStyle::FromOne).expect("legal");
        assert!(legal.contains(&exposing));
        let accepted = accepted_moves(&mut game, &view).expect("some are refused");
        assert!(!accepted.contains(&exposing));
        assert!(accepted.len() < legal.len());
    }

    #[test]
    fn xboards_own_variants_and_exact_piece_lines_need_no_view() {
        for name in ["chess", "xiangqi", "shogi", "tencubed"] {
            let game = game(name, "");
            assert!(referee_view(game.tables()).is_none(), "{name}");
        }
    }

    /// Makpong's mate: the king on e1, checked by the rook on d1 (defended from d8), may not
    /// step to e2 or f2. XBoard plays makruk's rules, where those steps answer the check, so the
    /// mate is not one it sees (and the side mated must claim it).
    #[test]
    fn a_mate_by_a_rule_xboard_does_not_apply_is_not_one_it_sees() {
        let v = load_by_name("makpong").expect("makpong");
        let tables = build_ruleset(Arc::new(v)).expect("rules");
        let mut game = Game::from_fen(tables, "3rk3/8/8/8/8/8/8/3rK3 w - - 0 1").expect("fen");
        assert!(game.legal_moves().is_empty());
        let view = referee_view(game.tables()).expect("makpong's rule is not XBoard's");
        assert!(!sees_mate(&game, &view));
    }
}
