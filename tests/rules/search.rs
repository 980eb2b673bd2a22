//! Search and evaluation: mates found with the right score in chess and Capablanca chess,
//! repetitions scored by the variant's rule (taken when losing, avoided when winning), no
//! legal moves, obvious captures, MultiPV and root move restrictions, the piece values, and
//! the move history kept through a game.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use alfil::game::Game;
use alfil::position::ruleset::Ruleset;
use alfil::position::RankStyle;
use alfil::search::{piece_values, Info, Limits, Outcome, Searcher, MATE, MATE_BOUND};

fn tables(variant: &str) -> Arc<Ruleset> {
    let v = alfil::variant::load_by_name(variant).expect("variant loads");
    alfil::movegen::build_ruleset(Arc::new(v)).expect("tables build")
}

fn game(variant: &str, fen: &str) -> Game {
    Game::from_fen(tables(variant), fen).expect("valid FEN")
}

fn search_with(game: &Game, limits: &Limits) -> (Outcome, Vec<Info>) {
    let mut searcher = Searcher::new(4, 1);
    let stop = Arc::new(AtomicBool::new(false));
    let mut infos = Vec::new();
    let out = searcher.search(game, limits, &stop, &mut |i| infos.push(i.clone()));
    (out, infos)
}

fn to_depth(game: &Game, depth: u32) -> Outcome {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    search_with(game, &limits).0
}

fn text(game: &Game, out: &Outcome) -> String {
    game.move_text(out.best.expect("a move"), RankStyle::FromOne)
}

/// Play moves given in coordinate notation.
fn play(game: &mut Game, moves: &[&str]) {
    for m in moves {
        let mv = game.parse_move(m, RankStyle::FromOne).expect("legal move");
        game.play(mv);
    }
}

#[test]
fn mate_in_two_in_chess() {
    let g = game(
        "chess",
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
    );
    let out = to_depth(&g, 5);
    assert_eq!(text(&g, &out), "d5f6");
    assert_eq!(out.score, MATE - 3);
}

#[test]
fn mated_side_sees_its_mate() {
    let g = game(
        "chess",
        "r2qkb1r/pp2nppp/3N4/2p1N1B1/2BnP3/3P4/PPP2PPP/R2bK2R b KQkq - 0 1",
    );
    let out = to_depth(&g, 6);
    assert!(out.best.is_some());
    assert!(out.score < MATE_BOUND, "black is not mating: {}", out.score);
}

#[test]
fn mate_in_one_in_chess() {
    let g = game(
        "chess",
        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1",
    );
    let out = to_depth(&g, 3);
    assert_eq!(text(&g, &out), "f3f7");
    assert_eq!(out.score, MATE - 1);
}

#[test]
fn mate_in_two_in_capablanca() {
    // 1. Cc8+ Rxc8 2. Rxc8#.
    let g = game("capablanca", "r8k/7ppp/10/10/10/10/2C7/2R1K5 w - - 0 1");
    let out = to_depth(&g, 5);
    assert_eq!(text(&g, &out), "c2c8");
    assert_eq!(out.score, MATE - 3);
}

#[test]
fn archbishop_mates_in_one_in_capablanca() {
    // Ah7: the bishop move lands on a knight's jump from the cornered king, whose last
    // flight square i8 the archbishop's diagonal covers.
    let g = game("capablanca", "9k/8pp/10/10/4A5/10/10/K9 w - - 0 1");
    let out = to_depth(&g, 4);
    assert_eq!(text(&g, &out), "e4h7");
    assert_eq!(out.score, MATE - 1);
}

#[test]
fn stalemate_has_no_move_and_scores_a_draw() {
    let g = game("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let out = to_depth(&g, 4);
    assert_eq!(out.best, None);
    assert_eq!(out.score, 0);
}

#[test]
fn checkmated_side_has_no_move_and_scores_a_loss() {
    let g = game("chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    let out = to_depth(&g, 4);
    assert_eq!(out.best, None);
    assert_eq!(out.score, -MATE);
}

#[test]
fn stalemating_is_avoided_when_winning() {
    // Qf7 would stalemate; anything sensible keeps a winning score.
    let g = game("chess", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    let out = to_depth(&g, 6);
    assert_ne!(text(&g, &out), "f1f7");
    assert!(out.score > 500, "{}", out.score);
}

/// Black to move with the queen shuffling h5-h4 while the white knight shuffles c3-e4 (no
/// piece leaves its start square, so every position repeats exactly); after seven plies,
/// Ne4-c3 repeats the first position a third time.
const SHUFFLE: [&str; 7] = ["h5h4", "c3e4", "h4h5", "e4c3", "h5h4", "c3e4", "h4h5"];

#[test]
fn losing_side_takes_a_draw_by_repetition() {
    let mut g = game("chess", "1r3rk1/5ppp/8/7q/8/2N5/6PP/7K b - - 0 1");
    play(&mut g, &SHUFFLE);
    let out = to_depth(&g, 6);
    assert_eq!(text(&g, &out), "e4c3");
    assert_eq!(out.score, 0);
}

#[test]
fn winning_side_avoids_a_draw_by_repetition() {
    let mut g = game("chess", "6k1/5ppp/8/7q/8/2N5/6PP/1R3Q1K b - - 0 1");
    play(&mut g, &SHUFFLE);
    let out = to_depth(&g, 6);
    assert_ne!(text(&g, &out), "e4c3");
    assert!(out.score > 300, "{}", out.score);
}

#[test]
fn walks_the_king_onto_the_hill() {
    let g = game("kingofthehill", "8/8/8/8/8/4K3/8/k7 w - - 0 1");
    let out = to_depth(&g, 3);
    assert!(["e3d4", "e3e4"].contains(&text(&g, &out).as_str()));
    assert_eq!(out.score, MATE - 1);
}

#[test]
fn gives_the_third_check() {
    let fen = "rnbqkbnr/pp3ppp/2p5/1B1pp3/4P3/8/PPPP1PPP/RNBQK1NR w KQkq - 0 4 1+3";
    let g = game("3check", fen);
    let out = to_depth(&g, 3);
    assert_eq!(out.score, MATE - 1, "{}", text(&g, &out));
}

#[test]
fn does_not_mate_by_a_pawn_drop_in_shogi() {
    let g = game("shogi", "3nkn3/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1");
    let out = to_depth(&g, 3);
    assert_ne!(text(&g, &out), "P@e8");
    assert!(out.score < MATE_BOUND, "{}", out.score);
}

#[test]
fn takes_a_hanging_queen() {
    let g = game(
        "chess",
        "rnb1kbnr/pppp1ppp/8/4p1q1/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1",
    );
    let out = to_depth(&g, 5);
    assert_eq!(text(&g, &out), "c1g5");
    assert!(out.score > 600, "{}", out.score);
}

#[test]
fn multipv_reports_distinct_lines_in_order() {
    let g = Game::new(tables("chess"));
    let limits = Limits {
        depth: Some(4),
        multi_pv: 3,
        ..Limits::default()
    };
    let (out, infos) = search_with(&g, &limits);
    let last: Vec<&Info> = infos
        .iter()
        .filter(|i| i.depth == 4 && i.bound.is_none())
        .collect();
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    assert!(last[0].score >= last[1].score && last[1].score >= last[2].score);
    assert_ne!(last[0].pv[0], last[1].pv[0]);
    assert_ne!(last[1].pv[0], last[2].pv[0]);
    assert_eq!(out.best, Some(last[0].pv[0]));
}

#[test]
fn root_moves_can_be_excluded_or_restricted() {
    let mut g = game(
        "chess",
        "rnb1kbnr/pppp1ppp/8/4p1q1/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1",
    );
    let capture = g.parse_move("c1g5", RankStyle::FromOne).unwrap();
    let pawn = g.parse_move("a2a3", RankStyle::FromOne).unwrap();
    let excluded = Limits {
        depth: Some(3),
        exclude: vec![capture],
        ..Limits::default()
    };
    assert_ne!(search_with(&g, &excluded).0.best, Some(capture));
    let only = Limits {
        depth: Some(3),
        only: vec![pawn],
        ..Limits::default()
    };
    assert_eq!(search_with(&g, &only).0.best, Some(pawn));
}

#[test]
fn piece_values_follow_the_chess_scale() {
    let t = tables("chess");
    let v = piece_values(&t);
    let value = |letter| v[t.variant.piece_index(letter).unwrap()];
    assert!((90..=110).contains(&value('P')), "P {}", value('P'));
    assert!((290..=340).contains(&value('N')), "N {}", value('N'));
    assert!((310..=360).contains(&value('B')), "B {}", value('B'));
    assert!((470..=530).contains(&value('R')), "R {}", value('R'));
    assert!((880..=1000).contains(&value('Q')), "Q {}", value('Q'));
    assert_eq!(value('K'), 0);
}

#[test]
fn piece_values_rank_fairy_pieces_sensibly() {
    let t = tables("capablanca");
    let v = piece_values(&t);
    let value = |letter| v[t.variant.piece_index(letter).unwrap()];
    assert!(value('R') < value('A') && value('A') < value('Q'));
    assert!(value('R') < value('C') && value('C') <= value('Q'));
    let t = tables("makruk");
    let v = piece_values(&t);
    let value = |letter| v[t.variant.piece_index(letter).unwrap()];
    assert!(value('M') < value('S') && value('S') < value('N'));
}

/// Synochess's cannon hops like the janggi cannon, over any piece but a cannon, and cannot take
/// a cannon: on boards crowded with its own type it would never move, but the game has 30
/// other pieces to hop over and take. Players rate the janggi cannon above the horse (7 to 5 in
/// janggi's material count); it must at least not fall to the floor value of a piece that
/// hardly moves, and sit near the horse, which moves as the janggi horse does.
#[test]
fn a_cannon_that_cannot_hop_over_cannons_is_valued_by_the_games_screens() {
    let t = tables("synochess");
    let v = piece_values(&t);
    let value = |letter| v[t.variant.piece_index(letter).unwrap()];
    assert!(
        value('C') * 10 >= value('H') * 9,
        "cannon {} horse {}",
        value('C'),
        value('H')
    );
}

#[test]
fn every_shipped_variant_plays_a_move() {
    let names = alfil::variant::embedded_names();
    let chunk = names.len().div_ceil(4).max(1);
    std::thread::scope(|scope| {
        for part in names.chunks(chunk) {
            scope.spawn(move || {
                for name in part {
                    let g = Game::new(tables(name));
                    let out = to_depth(&g, 2);
                    assert!(
                        out.best.is_some(),
                        "{name}: no move from the start position"
                    );
                }
            });
        }
    });
}

/// Nodes of a search of `game` to depth 8 by `searcher`.
fn nodes_to_depth_8(searcher: &mut Searcher, game: &Game) -> u64 {
    let limits = Limits {
        depth: Some(8),
        ..Limits::default()
    };
    let stop = Arc::new(AtomicBool::new(false));
    searcher.search(game, &limits, &stop, &mut |_| {}).nodes
}

/// The quiet-move history a search learns is kept for the game's next search, and a new game
/// forgets it: with the table emptied in between (a new hash size), searching the same
/// position again orders moves by what the first search learnt and takes a different number
/// of nodes, while after `clear` (a new game) it takes exactly as many as a fresh searcher.
#[test]
fn the_move_history_lasts_through_a_game_and_a_new_game_forgets_it() {
    let g = game(
        "chess",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    );
    let mut searcher = Searcher::new(4, 1);
    let fresh = nodes_to_depth_8(&mut searcher, &g);
    searcher.set_hash(4);
    let kept = nodes_to_depth_8(&mut searcher, &g);
    assert_ne!(
        kept, fresh,
        "the second search starts from the first one's history"
    );
    searcher.clear();
    assert_eq!(nodes_to_depth_8(&mut searcher, &g), fresh);
}
