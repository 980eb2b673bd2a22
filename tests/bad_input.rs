//! Bad positions and moves give a clear error and leave the game as it was: FENs that do not
//! fit the variant, move text that is not a legal move, drops that cannot be made.

use std::sync::Arc;

use alfil::game::Game;
use alfil::movegen::tables::Tables;
use alfil::position::{Position, RankStyle};
use alfil::variant::load_by_name;

fn tables(variant: &str) -> Arc<Tables> {
    Tables::new(Arc::new(load_by_name(variant).expect("shipped"))).expect("tables")
}

fn fen_error(variant: &str, fen: &str) -> String {
    Position::from_fen(tables(variant), fen)
        .expect_err("the FEN should be refused")
        .to_string()
}

#[test]
fn fens_that_do_not_fit_are_refused() {
    let cases = [
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8 ranks but the FEN gives 7",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "'X' in rank 1 is not a piece",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w - - 0 1",
            "more than 8 files",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "rank 6 has 9 files",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1",
            "White has 2 royal pieces",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w KQkq - 0 1",
            "castling right 'Q' but no castling partner",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x - - 0 1",
            "side to move 'x'",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - z9 0 1",
            "en-passant field 'z9'",
        ),
        (
            "crazyhouse",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qx] w - - 0 1",
            "'x' in the holdings",
        ),
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Q] w - - 0 1",
            "has no holdings",
        ),
        (
            "3check",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 9+3 0 1",
            "not a check count",
        ),
    ];
    for (variant, fen, expected) in cases {
        let e = fen_error(variant, fen);
        assert!(
            e.contains(expected),
            "{variant} `{fen}`: `{e}` lacks `{expected}`"
        );
    }
}

/// Play `text`, expect it to be refused with `reason`, and the game to be unchanged.
fn refused(variant: &str, fen: &str, text: &str, reason: &str) {
    let mut g = Game::from_fen(tables(variant), fen).expect("valid FEN");
    let before = (g.pos.to_fen(), g.pos.hash(), g.moves().len());
    let e = g
        .parse_move_explained(text, RankStyle::FromOne)
        .expect_err("not a legal move");
    assert!(e.contains(reason), "{text}: `{e}` lacks `{reason}`");
    assert_eq!(
        before,
        (g.pos.to_fen(), g.pos.hash(), g.moves().len()),
        "{text} changed the game"
    );
}

#[test]
fn illegal_moves_are_explained() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    refused("chess", start, "e2e5", "cannot move like that");
    refused("chess", start, "e3e4", "no piece on e3");
    refused("chess", start, "e7e5", "belongs to the other side");
    refused("chess", start, "hello", "not a move");
    refused("chess", start, "", "empty move");
    refused("chess", start, "P@e4", "no drops");
    let pinned = "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1";
    refused("chess", pinned, "e1g1", "cannot move like that");
}

#[test]
fn impossible_drops_are_explained() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1";
    refused("crazyhouse", fen, "N@e2", "e2 is occupied");
    refused("crazyhouse", fen, "Q@e4", "no queen in hand");
    refused("crazyhouse", fen, "X@e4", "'X' is not a piece");
    refused(
        "crazyhouse",
        "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1",
        "P@a8",
        "may not be dropped there",
    );
}

#[test]
fn a_legal_drop_is_accepted() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1";
    let mut g = Game::from_fen(tables("crazyhouse"), fen).expect("valid");
    let mv = g
        .parse_move_explained("N@e4", RankStyle::FromOne)
        .expect("legal");
    g.play(mv);
    assert_eq!(
        g.pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR[n] b KQkq - 1 1"
    );
}
