//! Game ends that perft cannot show: for each rule, a position where the game has just ended
//! (or a short sequence of moves leading there), checked against the result and the reason
//! text the CECP layer prints.

use crate::game_support;

use game_support::{board, game, play};

fn result(variant: &str, fen: &str) -> Option<String> {
    game(variant, fen).result().map(|r| r.cecp())
}

#[test]
fn checkmate() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    assert_eq!(result("chess", fen).as_deref(), Some("0-1 {Black mates}"));
}

#[test]
fn stalemate_is_a_draw_in_chess() {
    let fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    assert_eq!(result("chess", fen).as_deref(), Some("1/2-1/2 {Stalemate}"));
}

#[test]
fn stalemate_loses_in_xiangqi() {
    let fen = "3k5/R8/9/9/9/9/9/9/4R4/5K3 b - - 0 1";
    assert_eq!(
        result("xiangqi", fen).as_deref(),
        Some("1-0 {Black is stalemated and loses}")
    );
}

#[test]
fn a_game_in_progress_has_no_result() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(result("chess", fen), None);
}

#[test]
fn fifty_move_rule() {
    let fen = "8/8/4k3/8/8/4K3/8/7R w - - 100 80";
    assert_eq!(
        result("chess", fen).as_deref(),
        Some("1/2-1/2 {50-move rule}")
    );
}

#[test]
fn threefold_repetition() {
    let mut g = game(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    play(&mut g, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    assert_eq!(g.result(), None, "two occurrences only");
    play(&mut g, "f6g8");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1/2-1/2 {3-fold repetition}")
    );
}

/// Every move of the cycle captures or drops, so a repetition window that restarts at captures
/// (as chess's does) never sees it. The position after 15. L@d2 stands for the fourth time
/// after 21. d6d7+. In a match, Sjaak II claimed this draw a move later and Alfil's referee
/// called the claim false.
#[test]
fn fourfold_repetition_through_captures_and_drops_in_shogi() {
    let mut g = game(
        "shogi",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
    );
    play(
        &mut g,
        "h3h4 i9i8 e1f2 f9f8 h4h5 f8g8 h5h6 h7h6 h2h6 P@h7 h6h5 i7i6 c3c4 g7g6 b2h8+ g9h8 \
         B@e4 B@g7 d3d4 g7d4 h5d5 d4a1 d5d7+ L@d8 P@d6 d8d7 d6d7+ a1f6+ L@d2 P@d8",
    );
    play(
        &mut g,
        "P@d6 d8d7 d6d7+ P@d8 P@d6 d8d7 d6d7+ P@d8 P@d6 d8d7",
    );
    assert_eq!(g.result(), None, "three occurrences only");
    play(&mut g, "d6d7+");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1/2-1/2 {4-fold repetition}")
    );
}

/// Both gold generals step out and back: nothing is captured and no piece that only moves
/// forward moves, so the start stands a fourth time after 12 plies, a draw by chu's rule.
/// Every chu piece but the king may promote, which restarts the move counter; the
/// repetition rule must still look back past those moves (the game and the search once saw
/// no repetition here, and a perpetual check went unpunished under XBoard).
#[test]
fn fourfold_repetition_of_pieces_that_may_promote_in_chu() {
    let mut g = game("chu", "5k6/12/2g9/12/12/12/12/12/12/2G9/12/5K6 w - - 0 1");
    let cycle = "c3c4 c10c9 c4c3 c9c10";
    play(&mut g, &[cycle, cycle].join(" "));
    play(&mut g, "c3c4 c10c9 c4c3");
    assert_eq!(g.result(), None, "three occurrences only");
    play(&mut g, "c9c10");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1/2-1/2 {4-fold repetition}")
    );
}

/// The two black ferzes (one a promoted pawn, `~`) trade squares and back. Which of them is
/// the promoted one changes nothing in shatranj, so the start position stands a third time
/// after 24 plies, as Fairy-Stockfish counts it (Fairy-Max claimed such a draw in a match).
#[test]
fn threefold_repetition_ignores_which_ferz_was_a_pawn_in_shatranj() {
    let mut g = game("shatranj", "4k3/8/8/2q~1q3/8/8/P7/4K3 b - - 0 1");
    let cycle = "e5f4 e1d1 c5d4 d1e1 d4e5 e1d1 f4e3 d1e1 e3d4 e1d1 d4c5 d1e1";
    play(&mut g, cycle);
    assert_eq!(g.result(), None, "two occurrences");
    play(&mut g, cycle);
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1/2-1/2 {3-fold repetition}")
    );
}

/// Sjaak II claimed this draw (bare kings) in a match, and Alfil's referee called it false.
#[test]
fn bare_kings_are_a_draw_in_chess() {
    assert_eq!(
        result("chess", "8/8/8/2k5/8/3K4/8/8 w - - 1 101").as_deref(),
        Some("1/2-1/2 {insufficient material}")
    );
    assert_eq!(
        result("capablanca", "10/10/10/3k6/10/4K5/10/10 b - - 0 60").as_deref(),
        Some("1/2-1/2 {insufficient material}")
    );
}

/// Where a bare king is not a dead draw (stalemate loses in xiangqi; a king and a pawn can
/// still win in chess), the game goes on.
#[test]
fn bare_kings_end_nothing_where_the_rules_differ() {
    assert_eq!(result("xiangqi", "3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1"), None);
    assert_eq!(result("chess", "8/8/8/2k5/8/3K4/4P3/8 w - - 0 1"), None);
}

#[test]
fn perpetual_check_loses_in_xiangqi() {
    let mut g = game("xiangqi", "3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1");
    play(&mut g, "e2d2 d10e10 d2e2 e10d10 e2d2 d10e10 d2e2 e10d10");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("0-1 {White gives perpetual check}")
    );
}

#[test]
fn perpetual_check_loses_in_minishogi_before_the_repetition_rule_applies() {
    // Shogi's rule, kept by minishogi (Fairy-Stockfish: perpetualCheckIllegal in every shogi
    // variant): the fourth occurrence of a position reached by checking on every move loses
    // for the checking side, whatever the repetition rule says.
    let mut g = game("minishogi", "4k/5/5/5/K2R1[] w - - 0 1");
    let cycle = "d1e1 e5d5 e1d1 d5e5";
    play(&mut g, &[cycle, cycle, cycle].join(" "));
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("0-1 {White gives perpetual check}")
    );
}

#[test]
fn bare_king_loses_in_shatranj() {
    let fen = "8/8/4k3/8/8/3QK3/3R4/8 b - - 0 1";
    assert_eq!(
        result("shatranj", fen).as_deref(),
        Some("1-0 {White wins by bare king}")
    );
}

#[test]
fn king_of_the_hill() {
    let fen = "rnbq1bnr/pppp1ppp/8/4k3/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 4";
    assert_eq!(
        result("kingofthehill", fen).as_deref(),
        Some("0-1 {Black's king reached the goal}")
    );
}

#[test]
fn third_check_wins() {
    let fen = "rnbqkbnr/ppp2ppp/8/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3 1+3";
    let mut g = game("3check", fen);
    assert_eq!(g.result(), None);
    play(&mut g, "c7c6 b5c6");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1-0 {White wins by giving 3 checks}")
    );
}

#[test]
fn exploding_the_king_wins_in_atomic() {
    let mut g = game(
        "atomic",
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
    );
    play(&mut g, "f3e5 a7a6 e5d7");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1-0 {Black has lost all its kings}"),
        "the king exploded with the pawn on d7"
    );
}

#[test]
fn losing_everything_wins_in_antichess() {
    let fen = "8/8/8/8/8/8/8/1Q6 b - - 0 1";
    assert_eq!(
        result("antichess", fen).as_deref(),
        Some("0-1 {Black wins by losing all its pieces}")
    );
}

#[test]
fn stalemate_wins_in_antichess() {
    let fen = "8/8/8/8/8/p7/P7/8 w - - 0 1";
    assert_eq!(
        result("antichess", fen).as_deref(),
        Some("1-0 {White wins by stalemate}")
    );
}

#[test]
fn the_horde_loses_when_gone() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/8/8 w kq - 0 1";
    assert_eq!(
        result("horde", fen).as_deref(),
        Some("0-1 {White has lost all its pieces}")
    );
}

#[test]
fn racing_kings_reply_draws() {
    let fen = "K7/6k1/8/8/8/8/8/8 b - - 0 1";
    let mut g = game("racingkings", fen);
    assert_eq!(g.result(), None, "Black may still reach the last rank");
    play(&mut g, "g7g8");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1/2-1/2 {Both sides reached the goal}")
    );
}

#[test]
fn pawn_drop_mate_loses_in_shogi() {
    let fen = "3nkn3/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1";
    let mut g = game("shogi", fen);
    play(&mut g, "P@e8");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("0-1 {White mates by pawn drop, which is illegal}")
    );
}

/// Janggi's tournament rule (Fairy-Stockfish's `janggi`, its material_counting_result): when
/// bikjang persists after the reply, the game goes to the side with more points: chariot 13,
/// cannon 7, horse 5, elephant and guard 3, soldier 2, and 1.5 for Han (Black), who moves
/// second. White's pass (`@@@@`) keeps the generals facing on the open e-file. A bare White general
/// has 0 points to Black's 1.5; a White chariot makes it 13 to 1.5.
#[test]
fn persisting_bikjang_goes_to_the_side_with_more_points_in_janggi() {
    let mut g = game("janggi", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(g.result(), None, "bikjang on one move only");
    play(&mut g, "@@@@");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("0-1 {Bikjang, Black wins on points 0 to 1.5}")
    );
    let mut g = game("janggi", "4k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    play(&mut g, "@@@@");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1-0 {Bikjang, White wins on points 13 to 1.5}")
    );
}

/// Fairy-Stockfish's `janggitraditional` counts nothing: persisting bikjang draws.
#[test]
fn persisting_bikjang_draws_in_traditional_janggi() {
    let mut g = game("janggitraditional", "4k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    play(&mut g, "@@@@");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1/2-1/2 {Bikjang}")
    );
}

/// Two passes in a row are counted like bikjang in janggimodern (no bikjang rule, counting
/// kept); here the generals do not face each other. White: chariot 13 and soldier 2 = 15;
/// Black: horse 5, elephant 3, guard 3 and 1.5 = 12.5.
#[test]
fn two_passes_are_counted_in_modern_janggi() {
    let mut g = game("janggimodern", "3k5/3a5/4n4/9/4b4/9/4P4/9/9/R3K4 w - - 0 1");
    play(&mut g, "@@@@ @@@@");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1-0 {Both sides passed, White wins on points 15 to 12.5}")
    );
}

/// The legal moves' texts, sorted.
fn legal_texts(g: &mut alfil::game::Game) -> Vec<String> {
    let mut texts: Vec<String> = g
        .legal_moves()
        .into_iter()
        .map(|mv| g.move_text(mv, alfil::position::RankStyle::FromOne))
        .collect();
    texts.sort();
    texts
}

#[test]
fn four_in_a_row_wins_for_the_side_that_makes_it() {
    // `connect: 4`: White's queens on a5, b4, c3 and the one coming to d2 make a diagonal of
    // four; before the move there are three.
    let mut g = game("allqueenschess", "Q2Qq/1Q2q/2Q2/5/qq3 w - - 0 1");
    assert_eq!(g.result(), None);
    play(&mut g, "d5d2");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1-0 {White has 4 in a row}")
    );
}

#[test]
fn a_side_without_a_move_passes_and_two_passes_draw() {
    // `pass_on_stalemate`: White's pawn is blocked and White has nothing else; in antichess
    // that stalemate would win, in andersanti White passes.
    let mut g = game("andersanti", "7k/8/8/8/8/p7/P7/8 w - - 0 1");
    assert_eq!(legal_texts(&mut g), ["@@@@"]);
    let antichess = result("antichess", "7k/8/8/8/8/p7/P7/8 w - - 0 1");
    assert!(
        antichess.as_deref().is_some_and(|r| r.starts_with("1-0")),
        "{antichess:?}"
    );
    // Both pawns blocked and nothing else: a pass each, and the game is drawn.
    let mut g = game("andersanti", "8/8/8/8/8/p7/P7/8 w - - 0 1");
    play(&mut g, "@@@@");
    assert_eq!(g.result(), None, "one pass");
    assert_eq!(legal_texts(&mut g), ["@@@@"]);
    play(&mut g, "@@@@");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1/2-1/2 {Both sides passed}")
    );
}

#[test]
fn castling_that_wins_and_a_lost_right_that_loses() {
    // `castling_wins: "q"`: Black castling queen-side wins; Black's king moving loses it the
    // right, and the game; White's king moving changes nothing.
    let mut g = game("castle", "r3k3/8/8/8/8/8/8/4K3 b q - 0 1");
    play(&mut g, "e8c8");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("0-1 {Black castled on the queen side}")
    );
    let mut g = game(
        "castle",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    play(&mut g, "e2e4 e7e5 e1e2");
    assert_eq!(g.result(), None);
    play(&mut g, "e8e7");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1-0 {Black can no longer castle on the queen side}")
    );
}

#[test]
fn castling_on_one_wing_leaves_the_opponent_only_the_other() {
    // `castling: (…, opposite: true)`: after White castles king-side, Black may castle only
    // queen-side; in chess both remain (the f-pawns keep the castled rook off f8).
    let fen = "r3k2r/5p2/8/8/8/8/5P2/R3K2R w KQkq - 0 1";
    for (variant, black_castles) in [
        ("opposite-castling", vec!["e8c8"]),
        ("chess", vec!["e8c8", "e8g8"]),
    ] {
        let mut g = game(variant, fen);
        play(&mut g, "e1g1");
        let castles: Vec<String> = legal_texts(&mut g)
            .into_iter()
            .filter(|t| t == "e8c8" || t == "e8g8")
            .collect();
        assert_eq!(castles, black_castles, "{variant}");
    }
}

#[test]
fn a_king_in_check_moves_only_to_take_its_one_checker() {
    // `royal_frozen_in_check`: the rook on d1 checks the king on e1. In makruk the king may take
    // it or step to e2 or f2 (d2 and f1 stay on the rook's lines); in makpong only the capture.
    let fen = "4k3/8/8/8/8/8/8/3rK3 w - - 0 1";
    let mut makruk = game("makruk", fen);
    assert_eq!(legal_texts(&mut makruk), ["e1d1", "e1e2", "e1f2"]);
    let mut makpong = game("makpong", fen);
    assert_eq!(legal_texts(&mut makpong), ["e1d1"]);
    // With the rook defended the capture is illegal too: mate.
    assert_eq!(
        result("makpong", "3rk3/8/8/8/8/8/8/3rK3 w - - 0 1").as_deref(),
        Some("0-1 {Black mates}")
    );
}

#[test]
fn unharmed_kings_survive_their_own_captures_and_may_not_take_each_other() {
    // `blast: (unharmed: "K")` and `no_capture: "K"`: White's king takes the pawn on d4; in
    // nocheckatomic the explosion takes the capturing king too, and White has lost it; in
    // atomar both kings stand next to each other afterwards, and Black's may not take White's.
    let fen = "8/8/8/3k4/3p4/3K4/8/8 w - - 0 1";
    let mut plain = game("nocheckatomic", fen);
    play(&mut plain, "d3d4");
    let over = plain.result().map(|r| r.cecp());
    assert!(
        over.as_deref().is_some_and(|r| r.starts_with("0-1")),
        "{over:?}"
    );
    let mut atomar = game("atomar", fen);
    play(&mut atomar, "d3d4");
    assert_eq!(atomar.result(), None);
    let black = legal_texts(&mut atomar);
    assert!(!black.contains(&"d5d4".to_string()), "{black:?}");
    assert!(black.contains(&"d5c6".to_string()), "{black:?}");
}

#[test]
fn a_knight_on_the_centre_wins_only_if_it_is_still_there_at_its_next_turn() {
    // `flag: (…, stay: true)`: White's knight jumps to e5; Black may still take it, and only
    // if it stands there when White is to move again does White win.
    let fen = "4n4/9/9/9/9/9/5N3/9/8N w - - 0 1";
    let mut g = game("jesonmor", fen);
    play(&mut g, "f3e5");
    assert_eq!(g.result(), None, "Black has a move to answer");
    play(&mut g, "e9d7");
    let won = g.result().map(|r| r.cecp());
    assert!(
        won.as_deref().is_some_and(|r| r.starts_with("1-0")),
        "{won:?}"
    );
    // Black takes it instead: no win.
    let mut g = game("jesonmor", "9/9/9/6n2/9/9/5N3/9/8N w - - 0 1");
    play(&mut g, "f3e5 g6e5");
    assert_eq!(g.result(), None);
}

#[test]
fn two_pieces_on_the_goal_win_though_each_is_attacked() {
    // `flag: (…, safe: true)`: one attacked piece on the far rank does not win, but one move
    // can take only one of two, so two win (Fairy-Stockfish's flagPieceSafe).
    let one = "2r1k3/R7/8/8/8/8/8/4K3 w - - 0 1";
    let mut g = game("squatter", one);
    play(&mut g, "a7a8");
    assert_eq!(g.result(), None, "the rook on a8 is attacked by c8");
    let two = "2r1k3/R7/8/8/8/8/8/1R2K3 w - - 0 1";
    let mut g = game("squatter", two);
    play(&mut g, "a7a8 e8e7 b1b8");
    let won = g.result().map(|r| r.cecp());
    assert!(
        won.as_deref().is_some_and(|r| r.starts_with("1-0")),
        "{won:?}"
    );
}

/// Whether the legal moves of `g` include each of `moves`.
fn has_moves(g: &mut alfil::game::Game, moves: &[&str]) -> Vec<bool> {
    let legal = legal_texts(g);
    moves
        .iter()
        .map(|m| legal.contains(&m.to_string()))
        .collect()
}

#[test]
fn the_fen_names_the_pieces_that_keep_their_initial_moves() {
    // `initial_rights_in_fen`: `DEde` names White's king (d1) and met (e1) and Black's met
    // (d8) and king (e8). The king's leap (`ifsmN`) goes to b2 or f2; once it has leapt, the
    // field keeps only the other three. Without `D` the king on d1 has no leap.
    let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";
    let mut g = game("cambodian", start);
    assert_eq!(g.pos.to_fen(), start);
    assert_eq!(has_moves(&mut g, &["d1b2", "d1f2"]), [true, true]);
    play(&mut g, "d1b2");
    assert_eq!(
        g.pos.to_fen(),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/1K6/RNS1MSNR b Ede - 1 1"
    );
    let mut without = game(
        "cambodian",
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w Ede - 0 1",
    );
    assert_eq!(has_moves(&mut without, &["d1b2", "d1f2"]), [false, false]);
    // The rook on a1 has no initial moves to keep.
    let v = alfil::variant::load_by_name("cambodian").expect("cambodian");
    let tables = alfil::movegen::build_ruleset(std::sync::Arc::new(v)).expect("tables");
    let refused = alfil::game::Game::from_fen(
        tables,
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w ADEde - 0 1",
    )
    .expect_err("a right on the rook");
    assert!(
        refused
            .to_string()
            .contains("initial right 'A' but no piece of that side with initial moves there"),
        "{refused}"
    );
}

#[test]
fn a_king_in_check_does_not_make_its_initial_leap() {
    // `initial_not_in_check`: the knight on e3 checks the king on d1; b2 and f2, where the
    // leap would go, are not attacked by it, so only the rule keeps the king from leaping
    // there. With the knight on a5 (no check) both leaps are legal.
    let mut checked = game("cambodian", "4k3/8/8/8/8/4n3/8/3K4 w D - 0 1");
    assert_eq!(has_moves(&mut checked, &["d1b2", "d1f2"]), [false, false]);
    let mut free = game("cambodian", "4k3/8/8/n7/8/8/8/3K4 w D - 0 1");
    assert_eq!(has_moves(&mut free, &["d1b2", "d1f2"]), [true, true]);
}

#[test]
fn a_rook_on_the_kings_file_takes_its_leap_away() {
    // `initial_lost_when_aimed_by: "R"`: the rook going to e1 stands on the e-file of
    // Black's king, with the pawn on e7 between: the king loses its leaps (e8c7, e8g7) and
    // the FEN its `e`. The rook going to b1 aims at nothing, and the leaps stay.
    let fen = "4k3/4p3/8/8/8/8/7K/R7 w e - 0 1";
    let mut aimed = game("cambodian", fen);
    play(&mut aimed, "a1e1");
    assert_eq!(has_moves(&mut aimed, &["e8c7", "e8g7"]), [false, false]);
    assert_eq!(aimed.pos.to_fen(), "4k3/4p3/8/8/8/8/7K/4R3 b - - 1 1");
    let mut elsewhere = game("cambodian", fen);
    play(&mut elsewhere, "a1b1");
    assert_eq!(has_moves(&mut elsewhere, &["e8c7", "e8g7"]), [true, true]);
}

#[test]
fn the_first_check_wins_kar_ouk() {
    // `check_count: 1` (karouk's `1+1`): the rook's move to a8 checks the king on e8 along the
    // empty eighth rank, and that one check wins.
    let mut g = game("karouk", "4k3/8/8/8/8/8/8/R2K4 w - - 1+1 0 1");
    play(&mut g, "a1a8");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1-0 {White wins by giving a check}")
    );
}

#[test]
fn a_piece_royal_when_last_may_be_left_attacked_while_another_stands() {
    // `royal_when_last`: with two maharajahs Black may leave the one on d8 to the queen on d1;
    // once it is taken the last one is royal, and the queen on d8 checks it on h4 along the
    // diagonal d8-h4.
    let mut g = game("maharajah2", "3m3m/8/8/8/8/8/8/1K1Q4 b - - 0 1");
    assert!(legal_texts(&mut g).contains(&"h8h4".to_string()));
    play(&mut g, "h8h4 d1d8");
    assert!(alfil::movegen::attack::in_check(
        &g.pos,
        alfil::types::Colour::Black
    ));
    // Stepping to g5, still on the queen's diagonal, is no longer allowed.
    assert!(!legal_texts(&mut g).contains(&"h4g5".to_string()));
}

#[test]
fn sho_shogi_king_and_crown_prince_are_royal_only_alone() {
    // `royal_when_last` over two types: with a crown prince (+E) beside him, White's king may
    // step onto e2, where the rook on e9 attacks him, and be taken; the crown prince left is
    // then royal, so the rook that took checks him on a2 along the second rank (b2-d2 empty).
    let mut g = game("shoshogi", "4r3k/9/9/9/9/9/9/+E8/4K4 w - - 0 1");
    assert!(legal_texts(&mut g).contains(&"e1e2".to_string()));
    play(&mut g, "e1e2 e9e2");
    assert!(alfil::movegen::attack::in_check(
        &g.pos,
        alfil::types::Colour::White
    ));
    // Without the crown prince the king is royal from the start: e2 is refused.
    let mut g = game("shoshogi", "4r3k/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert!(!legal_texts(&mut g).contains(&"e1e2".to_string()));
}

#[test]
fn the_drunk_elephant_promotes_to_crown_prince() {
    // FsfW: in the zone (ranks 7 to 9) it may promote to the crown prince, written +E.
    let mut g = game("shoshogi", "8k/9/4E4/9/9/9/9/9/4K4 w - - 0 1");
    let texts = legal_texts(&mut g);
    assert!(texts.contains(&"e7e8+".to_string()) && texts.contains(&"e7e8".to_string()));
    play(&mut g, "e7e8+");
    assert!(
        g.pos.to_fen().starts_with("8k/4+E4/9/"),
        "{}",
        g.pos.to_fen()
    );
}

#[test]
fn a_petrified_capturer_becomes_a_wall() {
    // `petrify_on_capture`: the rook that takes on a8 leaves the game and a8 turns to a wall
    // (`*`).
    let mut g = game("petrified", "n3k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    play(&mut g, "a1a8");
    assert_eq!(board(&g), "*3k3/8/8/8/8/8/8/4K3");
    assert_eq!(g.pos.hash(), g.pos.compute_hash());
    // A pawn is not petrified: it takes and stays.
    let mut g = game("petrified", "4k3/8/8/8/8/3n4/4P3/4K3 w - - 0 1");
    play(&mut g, "e2d3");
    assert_eq!(board(&g), "4k3/8/8/8/8/3P4/8/4K3");
}

#[test]
fn a_wall_blocks_lines_and_squares() {
    // The wall on d4 stands between the rook on d1 and the king on d8, so the king is not in
    // check, and the rook cannot go past or onto it (d2 and d3 only, up the file).
    let mut g = game("petrified", "3k4/8/8/8/3*4/8/8/3RK3 b - - 0 1");
    assert!(!alfil::movegen::attack::in_check(
        &g.pos,
        alfil::types::Colour::Black
    ));
    play(&mut g, "d8c8");
    let up_the_file: Vec<String> = legal_texts(&mut g)
        .into_iter()
        .filter(|m| m.starts_with("d1d"))
        .collect();
    assert_eq!(up_the_file, ["d1d2", "d1d3"]);
}

#[test]
fn the_petrified_king_never_captures() {
    // Fairy-Stockfish: a petrifiable royal piece may not capture (it would turn to stone); the
    // king on e1 may not take the knight on d2, and kings may stand side by side.
    let mut g = game("petrified", "8/8/8/8/8/8/3n4/3kK3 w - - 0 1");
    let texts = legal_texts(&mut g);
    assert!(!texts.contains(&"e1d2".to_string()), "{texts:?}");
    assert!(!alfil::movegen::attack::in_check(
        &g.pos,
        alfil::types::Colour::White
    ));
}

#[test]
fn nuclear_capture_leaves_a_wall_at_the_heart_of_the_blast() {
    // The pawn on c3 takes on d4: the blast removes the black pawn, the capturer and the white
    // pawn on e3 beside it (pawns are not spared), and d4 becomes a wall.
    let mut g = game("nuclear", "4k3/8/8/8/3p4/2P1P3/8/4K3 w - - 0 1");
    play(&mut g, "c3d4");
    assert_eq!(board(&g), "4k3/8/8/8/3*4/8/8/4K3");
    assert_eq!(g.pos.hash(), g.pos.compute_hash());
}

#[test]
fn alapo_arrival_wins_at_once_when_safe_else_if_it_stays() {
    // flag with `safe` and `stay`: the rook reaching a6 where nothing attacks it wins at once.
    let mut g = game("alapo", "6/5k/6/6/R5/5K w - - 0 1");
    play(&mut g, "a2a6");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1-0 {White's piece reached the goal}")
    );
    // Attacked there by the rook on f6 (b6-e6 empty), it has not won yet...
    let mut g = game("alapo", "5r/6/6/6/R5/5K w - - 0 1");
    play(&mut g, "a2a6");
    assert!(g.result().is_none());
    // ...and wins when Black lets it stand until White's turn,
    play(&mut g, "f6f5");
    assert_eq!(
        g.result().map(|r| r.cecp()).as_deref(),
        Some("1-0 {White's piece reached the goal}")
    );
    // but not when Black takes it.
    let mut g = game("alapo", "5r/6/6/6/R5/5K w - - 0 1");
    play(&mut g, "a2a6 f6a6");
    assert!(g.result().is_none());
}

#[test]
fn atlantis_walls_go_on_the_edge_or_beside_a_wall() {
    // At the start the empty edge squares are a3-a6 and h3-h6: eight walls beside 20 moves.
    let mut g = game(
        "atlantis",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    let walls: Vec<String> = legal_texts(&mut g)
        .into_iter()
        .filter(|m| m.starts_with("@@@@,"))
        .collect();
    assert_eq!(
        walls,
        ["@@@@,a3", "@@@@,a4", "@@@@,a5", "@@@@,a6", "@@@@,h3", "@@@@,h4", "@@@@,h5", "@@@@,h6"]
    );
    // A wall on a4 opens b4 beside it; the wall stands, and the a-pawn cannot pass it.
    play(&mut g, "@@@@,a4");
    assert_eq!(board(&g), "rnbqkbnr/pppppppp/8/8/*7/8/PPPPPPPP/RNBQKBNR");
    assert_eq!(g.pos.hash(), g.pos.compute_hash());
    let texts = legal_texts(&mut g);
    assert!(texts.contains(&"@@@@,b4".to_string()));
    play(&mut g, "e7e6");
    let texts = legal_texts(&mut g);
    assert!(texts.contains(&"a2a3".to_string()) && !texts.contains(&"a2a4".to_string()));
}

#[test]
fn atlantis_no_wall_in_check() {
    // Fairy-Stockfish generates no wall for a side in check, even one that would block it: the
    // rook on a8 checks the king on h8 along the rank, and b8-g8 are empty edge squares.
    let mut g = game("atlantis", "R6k/8/8/8/8/8/8/K7 b - - 0 1");
    assert!(legal_texts(&mut g).iter().all(|m| !m.starts_with("@@@@")));
}
