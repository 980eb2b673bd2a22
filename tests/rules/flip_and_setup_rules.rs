//! Rules that perft counts alone do not pin down: the move text and board effect of flipping
//! pieces (kyoto and micro shogi), drops of a promoted form, sittuyin's promotions, the setup
//! phase of placement and sittuyin (drops only, castling rights from drops, bishops on both
//! colours), koedem's king that must be dropped first, dobutsu's lion that must arrive
//! safely, gethenian's pieces flipping back to their own first form and chennis' kings kept to
//! their half, and werewolf chess's captors that become werewolves. Expected moves and positions
//! are Fairy-Stockfish's (pyffish 0.0.90) for the same positions, and HaChu 0.21's for werewolf
//! chess (its source and its `lift`).

use crate::game_support;

use std::collections::BTreeSet;

use alfil::game::Game;
use alfil::position::RankStyle;
use game_support::{board, game, play};

fn moves(g: &mut Game) -> BTreeSet<String> {
    g.legal_moves()
        .into_iter()
        .map(|m| g.move_text(m, RankStyle::FromOne))
        .collect()
}

fn set(texts: &str) -> BTreeSet<String> {
    texts.split_whitespace().map(str::to_string).collect()
}

#[test]
fn kyoto_pieces_flip_on_every_move() {
    let mut g = game("kyotoshogi", "p+nks+l/5/5/5/+LSK+NP[] w - - 0 1");
    let expected = "a1a2- a1b2- b1a2+ b1b2+ b1c2+ c1b2 c1c2 c1d2 d1c2- d1d2- d1e2- e1e2+";
    assert_eq!(moves(&mut g), set(expected));
    play(&mut g, "e1e2+");
    assert_eq!(board(&g), "p+nks+l/5/5/4+P/+LSK+N1[]");
    play(&mut g, "a5a4+ e2e3-");
    assert_eq!(board(&g), "1+nks+l/+p4/4P/5/+LSK+N1[]");
}

#[test]
fn gethenian_pieces_flip_back_to_what_they_were() {
    // Both one-way bishops turn into the same sideways rook; each rook turns back into the
    // bishop it was (Fairy-Stockfish writes them `+B` and `+I`), and the resting king (`+K`,
    // mW) steps without capturing and wakes as a king.
    // The rooks move sideways (lrR).
    let mut g = game("gethenian", "2k4/7/7/7/7/+I6/1+B1+K3[] w - - 0 1");
    play(&mut g, "a2b2-");
    assert_eq!(board(&g), "2k4/7/7/7/7/1I5/1+B1+K3[]");
    let mut g = game("gethenian", "2k4/7/7/7/7/+I6/1+B1+K3[] w - - 0 1");
    play(&mut g, "b1c1-");
    assert_eq!(board(&g), "2k4/7/7/7/7/+I6/2B+K3[]");
    // The black sideways rook on d2 does not attack d1; the resting king may not take it.
    let mut g = game("gethenian", "2k4/7/7/7/7/3+b3/+I+B1+K3[] w - - 0 1");
    assert!(!moves(&mut g).contains("d1d2-"));
    play(&mut g, "d1e1-");
    assert_eq!(board(&g), "2k4/7/7/7/7/3+b3/+I+B2K2[]");
}

#[test]
fn chennis_kings_keep_to_their_half_of_the_court() {
    // White's king may not leave files b-f and ranks 1-4: from e4 it has d4, f4, d3, e3, f3.
    let mut g = game("chennis", "2k4/7/7/4K2/7/7/7[] w - - 0 1");
    let king: BTreeSet<String> = moves(&mut g)
        .into_iter()
        .filter(|m| m.starts_with("e4"))
        .collect();
    assert_eq!(king, set("e4d4 e4f4 e4d3 e4e3 e4f3"));
}

#[test]
fn kyoto_drops_either_side_up() {
    let mut g = game("kyotoshogi", "k4/5/5/5/4K[P] w - - 0 1");
    let drops: Vec<String> = moves(&mut g)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(drops.len(), 46, "{drops:?}");
    assert!(drops.contains(&"+P@c3".to_string()) && drops.contains(&"P@e5".to_string()));
    play(&mut g, "+P@c3");
    assert_eq!(board(&g), "k4/5/2+P2/5/4K[]");
}

#[test]
fn micro_pieces_flip_when_they_capture() {
    let mut g = game("micro", "kb+r+l/p3/4/3P/+L+RBK[] w - - 0 1");
    play(&mut g, "d2d3 a4a3");
    let expected = "a1a2 a1b2 b1a2 b1b2 b1c2 c1a3+ c1b2 c1d2 d1c2 d1d2 d3d4";
    assert_eq!(moves(&mut g), set(expected));
    play(&mut g, "c1a3+");
    assert_eq!(board(&g), "kb+r+l/4/+B2P/4/+L+R1K[P]");
    let mut knight = game("micro", "k3/4/1p2/1+P2/3K[] w - - 0 1");
    assert_eq!(moves(&mut knight), set("b2a4 b2c4 d1c1 d1c2 d1d2"));
}

#[test]
fn sittuyin_promotes_in_place_or_by_a_free_diagonal_step() {
    let cases = [
        (
            "k7/8/8/3P4/8/8/P7/K7[] w - - 0 1",
            "d5c4f d5c6f d5d5f d5e4f d5e6f",
        ),
        // The last pawn promotes anywhere.
        (
            "k7/8/8/8/8/2P5/8/K7[] w - - 0 1",
            "c3b2f c3b4f c3c3f c3d2f c3d4f",
        ),
        // Not when the side has a ferz.
        ("k7/8/8/3P4/8/8/P7/KF6[] w - - 0 1", ""),
        // The new ferz may not attack an enemy piece.
        ("8/k7/8/3P4/2r5/8/P7/K7[] w - - 0 1", "d5c6f d5e4f d5e6f"),
        // Nor may the promotion give check, even a discovered one.
        ("3k4/8/8/3P4/8/8/P7/K2R4[] w - - 0 1", "d5d5f"),
        (
            "8/6k1/8/4P3/8/8/P7/K7[] w - - 0 1",
            "e5d4f e5d6f e5e5f e5f4f",
        ),
    ];
    for (fen, expected) in cases {
        let mut g = game("sittuyin", fen);
        let promotions: BTreeSet<String> = moves(&mut g)
            .into_iter()
            .filter(|m| m.ends_with('f'))
            .collect();
        assert_eq!(promotions, set(expected), "{fen}");
    }
    let mut g = game("sittuyin", "k7/8/8/3P4/8/8/P7/K7[] w - - 0 1");
    play(&mut g, "d5d5f");
    assert_eq!(board(&g), "k7/8/8/3F4/8/8/P7/K7[]");
}

#[test]
fn the_setup_phase_allows_only_drops() {
    let mut g = game(
        "sittuyin",
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1",
    );
    let all = moves(&mut g);
    assert_eq!(all.len(), 88);
    assert!(all.iter().all(|m| m.contains('@')));
    let rooks: BTreeSet<String> = all.into_iter().filter(|m| m.starts_with("R@")).collect();
    assert_eq!(rooks, set("R@a1 R@b1 R@c1 R@d1 R@e1 R@f1 R@g1 R@h1"));
}

#[test]
fn koedem_king_in_hand_must_be_dropped_first() {
    // Fairy-Stockfish's mustDropType: with a king in hand the only moves are its drops, one on
    // each empty square (64 squares less the 30 pieces standing); the queen waits.
    let mut g = game(
        "koedem",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB2BNR[KQ] w kq - 0 1",
    );
    let all = moves(&mut g);
    assert_eq!(all.len(), 34);
    assert!(all.iter().all(|m| m.starts_with("K@")), "{all:?}");
    // Once the king stands, the queen may be dropped or a piece moved.
    play(&mut g, "K@e1 e7e6");
    let all = moves(&mut g);
    assert!(all.contains("Q@d1") && all.contains("e2e4") && all.contains("g1f3"));
}

#[test]
fn placement_castling_rights_come_from_the_drops() {
    let fen = "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1";
    let mut g = game("placement", fen);
    play(&mut g, "K@e1 R@h8");
    let fen_after = g.pos.to_fen();
    let fields: Vec<&str> = fen_after.split_whitespace().take(3).collect();
    assert_eq!(
        fields,
        ["r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[]", "w", "KQkq"]
    );
    let mut off_file = game("placement", fen);
    play(&mut off_file, "K@d1 R@h8");
    let fen_after = off_file.pos.to_fen();
    assert_eq!(fen_after.split_whitespace().nth(2), Some("kq"));
}

#[test]
fn placement_keeps_a_square_for_the_second_bishop() {
    // Black's only dark square left on the back rank is h8: it is kept for a bishop.
    let mut g = game(
        "placement",
        "1n1r1q2/pppppppp/8/8/8/8/PPPPPPPP/1N1B1R1N[KQRBkrbbn] b - - 0 4",
    );
    let all = moves(&mut g);
    assert_eq!(all.len(), 17);
    let on_h8: BTreeSet<String> = all.into_iter().filter(|m| m.ends_with("h8")).collect();
    assert_eq!(on_h8, set("B@h8"));
}

#[test]
fn dobutsu_lion_wins_on_the_last_rank_only_if_safe() {
    let safe = game("dobutsu", "L2/3/1l1/3[] b - - 0 1").result();
    assert_eq!(
        safe.map(|r| r.cecp()).as_deref(),
        Some("1-0 {White's lion reached the goal}")
    );
    assert!(game("dobutsu", "Ll1/3/3/3[] b - - 0 1").result().is_none());
    // The lion is not royal: it may step next to the enemy lion.
    let mut g = game("dobutsu", "1l1/3/1L1/3[] w - - 0 1");
    assert_eq!(
        moves(&mut g),
        set("b2a1 b2a2 b2a3 b2b1 b2b3 b2c1 b2c2 b2c3")
    );
}

#[test]
fn a_double_step_that_promotes_leaves_no_en_passant_square() {
    // Epicatomic's black pawns promote on rank 5, so e7e5 is a promotion to a bishop; as
    // Fairy-Stockfish makes it (the suite's depth-5 count needs it) it leaves no e.p. square,
    // and the white pawn on d5 may not take on e6.
    let mut g = game(
        "epicatomic",
        "rnnbqkbnnr/pppppppppp/10/3P6/10/10/PPP1PPPPPP/RNNBQKBNNR b - - 0 1",
    );
    play(&mut g, "e7e5b");
    assert_eq!(g.pos.to_fen().split_whitespace().nth(3), Some("-"));
    assert!(!moves(&mut g).contains("d5e6"));
}

#[test]
fn a_werewolfs_captor_becomes_a_werewolf_and_a_king_stays_a_king() {
    // `contagious`: the knight that takes the werewolf on d5 is White's werewolf now, a key
    // that agrees with the position's, and unmade it is the knight again. The capture is
    // written as HaChu writes it, `c3d5w`, and read bare too.
    let start = "7k/8/8/3w4/8/2N5/8/K7 w - - 0 1";
    let mut g = game("werewolf", start);
    assert!(moves(&mut g).contains("c3d5w"));
    play(&mut g, "c3d5");
    assert_eq!(board(&g), "7k/8/8/3W4/8/8/8/K7");
    assert_eq!(g.pos.hash(), g.pos.compute_hash());
    assert!(g.undo());
    assert_eq!(g.pos.to_fen(), start);
    play(&mut g, "c3d5w");
    assert_eq!(board(&g), "7k/8/8/3W4/8/8/8/K7");
    // A pawn that takes a werewolf on the last rank becomes a werewolf, not the rook it would
    // promote to; the move named by its promotion is read as the same move.
    let mut g = game("werewolf", "3w4/4P2k/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(moves(&mut g), set("a1a2 a1b1 a1b2 e7d8w e7e8r"));
    play(&mut g, "e7d8r");
    assert_eq!(board(&g), "3W4/7k/8/8/8/8/8/K7");
    // The king takes the werewolf and stays a king (HaChu: no royal piece changes).
    let mut g = game("werewolf", "7k/8/8/8/8/8/1w6/K7 w - - 0 1");
    assert_eq!(moves(&mut g), set("a1b2"));
    play(&mut g, "a1b2");
    assert_eq!(board(&g), "7k/8/8/8/8/8/1K6/8");
}
