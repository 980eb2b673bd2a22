//! Chu shogi's Lion-trading rules (`rules.lion_trading`), counted by hand: a Lion's distant
//! capture of a protected Lion is refused unless it takes a bridge worth more than a pawn, an
//! adjacent one is not, and after a non-Lion takes a Lion the other side's non-Lions may not
//! take a Lion at once; as XBoard referees them, only the Lion itself is a Lion here.

use std::sync::Arc;

use alfil::game::Game;
use alfil::position::RankStyle;
use alfil::variant::load_by_name;

fn chu(fen: &str) -> Game {
    let tables =
        alfil::movegen::build_ruleset(Arc::new(load_by_name("chu").expect("chu"))).expect("tables");
    Game::from_fen(tables, fen).expect("a chu position")
}

fn move_texts(game: &mut Game) -> Vec<String> {
    let legal = game.legal_moves();
    legal
        .iter()
        .map(|&mv| game.move_text(mv, RankStyle::FromOne))
        .collect()
}

#[test]
fn a_lion_may_not_take_a_protected_lion_from_two_squares_away_over_a_pawn() {
    // White Lion f5, black pawn f6, black Lion f7 protected by the black gold on f8.
    let mut game = chu("11k/12/12/12/5g6/5n6/5p6/5N6/12/12/12/K11 w - - 0 1");
    let moves = move_texts(&mut game);
    // The leap to f7 and the double move taking the pawn, then the Lion, are refused: the
    // pawn is no bridge. Taking the pawn and stopping there or going on elsewhere is not.
    for refused in ["f5f7", "f5f6,f6f7"] {
        assert!(
            !moves.contains(&refused.to_string()),
            "{refused} in {moves:?}"
        );
    }
    for allowed in ["f5f6", "f5f6,f6f5", "f5f6,f6g7", "f5e7"] {
        assert!(moves.contains(&allowed.to_string()), "{allowed} missing");
    }
    // The Lion's 24 squares within two steps but f7 (23), the pawn taken and a second step to
    // 7 of its 8 neighbours (not f7), one pass, and the white king's 3: 34.
    assert_eq!(moves.len(), 34);
}

#[test]
fn a_bridge_worth_more_than_a_pawn_or_an_unprotected_lion_may_be_taken_from_afar() {
    // A black silver in place of the pawn: taking it first makes the Lion on f7 fair game.
    let mut game = chu("11k/12/12/12/5g6/5n6/5s6/5N6/12/12/12/K11 w - - 0 1");
    let moves = move_texts(&mut game);
    assert!(moves.contains(&"f5f6,f6f7".to_string()));
    assert!(!moves.contains(&"f5f7".to_string()));
    // Without the gold on f8 the Lion on f7 is unprotected: the leap takes it.
    let mut game = chu("11k/12/12/12/12/5n6/5p6/5N6/12/12/12/K11 w - - 0 1");
    let moves = move_texts(&mut game);
    assert!(moves.contains(&"f5f7".to_string()));
    assert!(moves.contains(&"f5f6,f6f7".to_string()));
}

#[test]
fn after_a_non_lion_takes_a_lion_no_non_lion_takes_one_at_once() {
    // White's gold on f5 takes the black Lion on f6; Black's gold on d4 may then not take the
    // white Lion on c3, though it could before. Its other moves (c4, d3, d5, e3, e4) and the
    // black king's 3 remain: 8.
    let mut game = chu("11k/12/12/12/12/12/5n6/5G6/3g8/2N9/12/K11 w - - 0 1");
    let take = game
        .parse_move("f5f6", RankStyle::FromOne)
        .expect("the gold takes the Lion");
    game.play(take);
    let after = move_texts(&mut game);
    assert!(!after.contains(&"d4c3".to_string()), "{after:?}");
    assert_eq!(after.len(), 8, "{after:?}");
    // The same position with the Lion taken earlier (a FEN does not carry the rule's state):
    // the gold may take the white Lion.
    let mut fresh = chu("11k/12/12/12/12/12/5G6/12/3g8/2N9/12/K11 b - - 0 1");
    assert!(move_texts(&mut fresh).contains(&"d4c3".to_string()));
}

#[test]
fn a_promoted_kirin_is_no_lion_for_the_trading_rules_as_xboard_referees() {
    // XBoard 4.9.1 applies the distant-capture rule only when both pieces are its Lion type
    // (moves.c, CheckTest: `captured == WhiteLion || captured == BlackLion`); the promoted
    // kirin is another type there. A protected +O on f7, a white Lion on f5: the leap takes it.
    let mut game = chu("11k/12/12/12/5g6/5+o6/12/5N6/12/12/12/K11 w - - 0 1");
    assert!(move_texts(&mut game).contains(&"f5f7".to_string()));
}
