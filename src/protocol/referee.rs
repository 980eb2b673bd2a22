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
//! the mates they make. So are range jumping and burning (tenjiku): XBoard's lines slide
//! plainly, and its board keeps the pieces a move burns, so a move that burns is not played.
//! A contagious capture (the captor becomes its victim's type) reaches XBoard as a `+`
//! promotion only where the captor has a partner slot moving as that type
//! ([`super::xboard_contagion`]); any other is written `b1b2u`, which XBoard refuses, so it is
//! not played either.

use std::collections::HashSet;
use std::sync::Arc;

use super::xboard::{needs_setup, piece_moves, piece_to_char, unheld_types};
use super::xboard_check::{self, XboardCheck};
use super::xboard_contagion;
use super::xboard_legality::{self, XboardLegality};
use super::xboard_stalemate;
use super::xboard_unreadable::{self, unreadable};
use crate::game::Game;
use crate::movegen::attack::in_check;
use crate::movegen::{build_ruleset, Move};
use crate::position::ruleset::Ruleset;
use crate::position::RankStyle;
use crate::types::ByColour;
use crate::variant::piece_to_char::{white_images, SlotContent};
use crate::variant::{LionTrading, SquareSet, Variant};

/// The variant as XBoard's legality test knows it, where that differs from its rules: `None`
/// for XBoard's own variants and where the piece lines say every move exactly.
pub fn referee_view(tables: &Ruleset) -> Option<Arc<Ruleset>> {
    let v = &tables.variant;
    if untold_rules(v).is_empty() && xboard_unreadable::words(v).is_empty() {
        return None;
    }
    let mut view = (**v).clone();
    view.rules.lion_trading = view.rules.lion_trading.take().or(xboards_lion_trading(v));
    if !needs_setup(v) {
        return build_ruleset(Arc::new(view)).ok();
    }
    for kind in unheld_types(v) {
        view.pieces[kind].drop_zone = Some(ByColour::new(SquareSet::EMPTY, SquareSet::EMPTY));
    }
    for (p, real) in view.pieces.iter_mut().zip(&v.pieces) {
        p.moves = crate::betza::read(&piece_moves(v, real)).ok()?;
        p.zone_moves = None;
        p.confine = None;
        p.no_screen.clear();
        p.no_capture.clear();
        p.initial_not_in_check = false;
        p.range_jump = false;
        p.burns = false;
        p.burns_passively = false;
    }
    view.rules.bikjang = false;
    view.rules.flying_general = false;
    view.rules.royal_frozen_in_check = false;
    view.rules.initial_lost_when_aimed_by.clear();
    build_ruleset(Arc::new(view)).ok()
}

/// The rules of `v` that XBoard's piece lines cannot say, in words for the user: a piece's
/// moves in a zone, its confinement, the pieces it may not hop over or take, range jumping and
/// burning, and rules XBoard does not apply (a king that may not step out of check, initial
/// moves barred in check or lost to an aimed piece: XBoard allows more moves, and a mate by
/// them is not one it sees), drops of the types XBoard's hand has no place for, and the
/// promotions and moves XBoard's legality test refuses ([`xboard_legality`]). Empty for XBoard's own variants.
pub fn untold_rules(v: &Variant) -> Vec<String> {
    let mut untold = Vec::new();
    if xboards_lion_trading(v).is_some() {
        untold.push(
            "that its Lions trade freely (XBoard forbids a Lion's capture of a protected Lion \
             from a distance, and the capture of a Lion just after a Lion was taken by another \
             piece)"
                .to_string(),
        );
    }
    if !needs_setup(v) {
        return untold;
    }
    for p in &v.pieces {
        let name = &p.name;
        if p.zone_moves.is_some() {
            untold.push(format!("the {name}'s moves in its zone"));
        }
        if p.confine.is_some() {
            untold.push(format!("the {name} kept to its area"));
        }
        if !p.no_screen.is_empty() {
            untold.push(format!("the pieces a {name} may not hop over"));
        }
        if !p.no_capture.is_empty() {
            untold.push(format!("the pieces a {name} may not take"));
        }
        if p.initial_not_in_check {
            untold.push(format!("the {name}'s first move barred in check"));
        }
        if p.range_jump {
            untold.push(format!("the {name}'s captures past the pieces it jumps"));
        }
        if p.burns {
            untold.push(format!("the pieces a {name} burns around where it stops"));
        }
        if p.burns_passively {
            untold.push(format!("a piece burned next to a {name}"));
        }
    }
    let unheld: Vec<&str> = unheld_types(v)
        .into_iter()
        .map(|kind| v.pieces[kind].name.as_str())
        .collect();
    if !unheld.is_empty() {
        untold.push(format!(
            "drops of the {}, for which XBoard's hand has no place",
            unheld.join(" and the ")
        ));
    }
    if v.rules.royal_frozen_in_check {
        untold.push("a king that may not step out of check".to_string());
    }
    if !v.rules.initial_lost_when_aimed_by.is_empty() {
        untold.push("first moves lost to a piece aimed at the king".to_string());
    }
    let untold_captors = captors_without_partner(v);
    if !untold_captors.is_empty() {
        let names: Vec<&str> = v
            .rules
            .contagious
            .iter()
            .map(|&kind| v.pieces[kind].name.as_str())
            .collect();
        untold.push(format!(
            "a piece that takes a {} turning into it",
            names.join(" or a ")
        ));
    }
    untold.extend(xboard_legality::untold(v));
    untold.extend(xboard_check::words(v));
    untold.extend(xboard_stalemate::words(v));
    untold
}

/// XBoard's Lion image slot: XBoard 4.9.1 gives its piece chu's Lion-capture rules in every
/// variant (moves.c: `CheckTest` takes a distant Lion-takes-Lion whose victim is protected for
/// a move into check; `GenLegalCallback` drops every capture of a Lion just after a piece other
/// than a Lion took one).
const LION_SLOT: usize = 21;
/// XBoard's Pawn and Cobra (go-between) slots: a Lion's capture of such a piece on its way
/// does not allow the distant capture of a protected Lion.
const WORTHLESS_SLOTS: [usize; 2] = [0, 19];

/// The Lion-capture rules XBoard applies to `v` where `v` has none of its own: its piece in
/// XBoard's Lion slot is the Lion (lion chess's Lion in XBoard's `lion`). XBoard lets a king's
/// protection pass in `lion` and forbids a Lion's counterstrike too; Alfil's rule counts the
/// king and allows the Lion's, so a Lion taking a Lion just after a Lion was taken by another
/// piece is still one XBoard would refuse.
fn xboards_lion_trading(v: &Variant) -> Option<LionTrading> {
    if v.rules.lion_trading.is_some() {
        return None;
    }
    let images = white_images(&piece_to_char(v));
    let kind_at = |image: usize| match images.get(image) {
        Some(&SlotContent::Piece(id, _)) => v.pieces.iter().position(|p| p.id == id),
        _ => None,
    };
    let lion = kind_at(LION_SLOT)?;
    Some(LionTrading {
        lions: vec![lion],
        worthless: WORTHLESS_SLOTS.iter().filter_map(|&s| kind_at(s)).collect(),
        counterstrike: true,
    })
}

/// The types of `v` whose contagious captures XBoard is not told: every piece that can take a
/// contagious piece of another type and become it, but those given a `+` partner moving as
/// the one contagious type.
fn captors_without_partner(v: &Variant) -> Vec<usize> {
    let told = xboard_contagion::partners(v, &piece_to_char(v))
        .map(|(captors, _)| captors)
        .unwrap_or_default();
    (0..v.pieces.len())
        .filter(|&kind| {
            let p = &v.pieces[kind];
            !p.royal
                && !p.royal_when_last
                && v.rules.contagious.iter().any(|&c| c != kind)
                && !told.contains(&p.id.letter())
        })
        .collect()
}

/// Which of a position's legal moves XBoard would accept.
#[derive(Debug)]
pub enum Accepted {
    /// Every one (or the position has none).
    All,
    /// Only these, some of the legal moves.
    Only(Vec<Move>),
    /// None: XBoard would forfeit any move played. The rules have not ended the game, so no
    /// result is claimed; the engine waits for the user ([`crate::protocol::cecp`]). Where
    /// XBoard sees the game over (a mate by its piece lines), it has already ended it itself.
    None,
}

/// The legal moves of `game` that XBoard, knowing the game as `view`, would accept.
pub fn accepted_moves(game: &mut Game, view: &Arc<Ruleset>) -> Accepted {
    let style = RankStyle::FromOne;
    let legal = game.legal_moves();
    let Some(mut seen) = as_seen(game, view) else {
        return Accepted::All;
    };
    let known: HashSet<String> = seen
        .legal_moves()
        .into_iter()
        .map(|m| seen.move_text(m, style))
        .collect();
    // A move that burns is one XBoard would take for a plain move, its board keeping the
    // burned pieces: not played, so that the two boards stay the same.
    let legality = XboardLegality::of(&game.tables().variant);
    let check = XboardCheck::of(&game.tables().variant);
    let check = check.as_ref().map(|x| x.at(&game.pos));
    let untold_captors = captors_without_partner(&game.tables().variant);
    let untold_contagion = |m: Move| {
        let side = game.pos.side();
        game.pos.contagion(m, side).is_some()
            && untold_captors.contains(&game.pos.at(m.from).kind())
    };
    let accepted: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| known.contains(&game.move_text(m, style)) && !game.pos.burns_something(m))
        .filter(|&m| !untold_contagion(m) && !unreadable(&game.pos, m))
        .filter(|&m| !legality.as_ref().is_some_and(|x| x.refuses(&game.pos, m)))
        .filter(|&m| !check.as_ref().is_some_and(|c| c.refuses(m)))
        .collect();
    let accepted = without_misscored_stalemates(game, accepted);
    if accepted.len() == legal.len() {
        Accepted::All
    } else if !accepted.is_empty() {
        Accepted::Only(accepted)
    } else {
        Accepted::None
    }
}

/// The legal moves of `game` XBoard can read, legality testing aside
/// ([`xboard_unreadable`]): what Alfil plays when told to play the moves XBoard refuses.
pub fn readable_moves(game: &mut Game) -> Accepted {
    let legal = game.legal_moves();
    let readable: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| !unreadable(&game.pos, m))
        .collect();
    let readable = without_misscored_stalemates(game, readable);
    if readable.len() == legal.len() {
        Accepted::All
    } else if readable.is_empty() {
        Accepted::None
    } else {
        Accepted::Only(readable)
    }
}

/// `moves` without those that stalemate where XBoard scores a stalemate otherwise than the
/// rules ([`xboard_stalemate`]).
fn without_misscored_stalemates(game: &mut Game, moves: Vec<Move>) -> Vec<Move> {
    if xboard_stalemate::misscored(&game.tables().variant).is_none() {
        return moves;
    }
    moves
        .into_iter()
        .filter(|&m| !xboard_stalemate::stalemates(game, m))
        .collect()
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
        let Accepted::Only(accepted) = accepted_moves(&mut game, &view) else {
            panic!("some moves are refused, others accepted");
        };
        assert!(!accepted.contains(&exposing));
        assert!(accepted.len() < legal.len());
    }

    /// From a game of two Alfils under real XBoard: Black's chariot on g2 checks White's
    /// general on f2, and the only legal move (Fairy-Stockfish 11.1's `go perft 1` lists f2f1
    /// alone) steps to f1, on the rank of Black's cannon on a1 with White's cannon on e1
    /// between them. A janggi cannon cannot hop over a cannon; XBoard's `pRmpB` can, so XBoard
    /// refused f1f0 (its ranks from 0) and forfeited White. Its pieces are not confined to the
    /// palace, so it does not see mate either (the general or the guard on f3 could take the
    /// chariot): every legal move is refused.
    #[test]
    fn a_general_whose_only_escape_xboard_refuses_has_no_accepted_move() {
        let v = load_by_name("janggi").expect("janggi");
        let tables = build_ruleset(Arc::new(v)).expect("rules");
        let fen = "9/4a4/3k5/9/9/9/9/3A1A3/5Kr2/c3C4 w - - 16 117";
        let mut game = Game::from_fen(tables, fen).expect("fen");
        let escape = game.parse_move("f2f1", RankStyle::FromOne).expect("legal");
        assert_eq!(game.legal_moves(), vec![escape]);
        let view = referee_view(game.tables()).expect("janggi's pieces are not exact in XBoard");
        assert!(matches!(accepted_moves(&mut game, &view), Accepted::None));
    }

    /// What the user is told about janggi: its palace moves, its cannons' screens and
    /// victims, the generals and guards kept to the palace.
    #[test]
    fn the_rules_xboard_cannot_be_told_are_named() {
        let v = load_by_name("janggi").expect("janggi");
        let untold = untold_rules(&v);
        for part in [
            "the guard kept to its area",
            "the cannon's moves in its zone",
            "the pieces a cannon may not hop over",
            "the pieces a cannon may not take",
        ] {
            assert!(untold.iter().any(|u| u == part), "{part}: {untold:?}");
        }
        let werewolf = load_by_name("werewolf").expect("werewolf");
        assert!(untold_rules(&werewolf).is_empty());
    }

    #[test]
    fn xboards_own_variants_and_exact_piece_lines_need_no_view() {
        for name in ["chess", "xiangqi", "shogi", "tencubed"] {
            let game = game(name, "");
            assert!(referee_view(game.tables()).is_none(), "{name}");
        }
    }

    /// Tenjiku under XBoard: its range jumping and both burnings are named, and a fire demon's
    /// move that burns is not played (XBoard would take it for a plain move and keep the burned
    /// pieces on its board). White's demon on a1: a1b2 burns the pawn on b3, a1c3 those on b3
    /// and c4; the pawn moves a2a3 and d4d5 and the king's three burn nothing.
    #[test]
    fn a_move_that_burns_is_not_played_under_xboard() {
        let v = load_by_name("tenjiku").expect("tenjiku");
        let untold = untold_rules(&v);
        for part in [
            "the great general's captures past the pieces it jumps",
            "the pieces a fire demon burns around where it stops",
            "a piece burned next to a fire demon",
        ] {
            assert!(untold.iter().any(|u| u == part), "{part}: {untold:?}");
        }
        let tables = build_ruleset(Arc::new(v)).expect("rules");
        let fen = "15k/16/16/16/16/16/16/16/16/16/16/16/2pP12/1p14/P15/D!14K w - - 0 1";
        let mut game = Game::from_fen(tables, fen).expect("fen");
        let view = referee_view(game.tables()).expect("tenjiku's rules are not all told");
        let Accepted::Only(accepted) = accepted_moves(&mut game, &view) else {
            panic!("the burning moves are left out, the others played");
        };
        let mut texts: Vec<String> = accepted
            .iter()
            .map(|&m| game.move_text(m, RankStyle::FromOne))
            .collect();
        texts.sort();
        assert_eq!(texts, ["a2a3", "d4d5", "p1o1", "p1o2", "p1p2"]);
    }

    /// Macadamia shogi: a piece that takes a teaching king or a buddhist spirit turns into it,
    /// which XBoard cannot be told (two such types; a piece has one `+` partner at most), so it
    /// would refuse the rook's capture c3a3 of the teaching king checking White's king on a1,
    /// White's one legal move (promoting or not). Werewolf's captures are told as `+`
    /// promotions.
    #[test]
    fn a_contagious_capture_xboard_cannot_be_told_is_not_played() {
        let v = load_by_name("macadamia-shogi").expect("macadamia");
        let untold = untold_rules(&v);
        let part = "a piece that takes a teaching king or a buddhist spirit turning into it";
        assert!(untold.iter().any(|u| u == part), "{untold:?}");
        let tables = build_ruleset(Arc::new(v)).expect("rules");
        let fen = "12k/13/13/13/13/13/13/13/13/13/u1R10/1P11/KP11 w - - 0 1";
        let mut game = Game::from_fen(tables, fen).expect("fen");
        let take = game.parse_move("c3a3", RankStyle::FromOne).expect("legal");
        let legal = game.legal_moves();
        let side = game.pos.side();
        assert!(legal.contains(&take));
        assert!(legal.iter().all(|&m| {
            (m.from, m.to) == (take.from, take.to) && game.pos.contagion(m, side).is_some()
        }));
        let view = referee_view(game.tables()).expect("macadamia's contagion is untold");
        assert!(matches!(accepted_moves(&mut game, &view), Accepted::None));
        let werewolf = load_by_name("werewolf").expect("werewolf");
        assert!(captors_without_partner(&werewolf).is_empty());
    }

    /// Lion chess under real XBoard: White's Lion on c4, protected by the queen on d3, was taken
    /// from c6 by Black's Lion ("Forfeit due to invalid move: c6c4"): XBoard gives the piece of
    /// its Lion slot chu's Lion-capture rules, which lion does not have. The capture is legal
    /// and not played under XBoard; the Lion's other moves are.
    #[test]
    fn a_distant_capture_of_a_protected_lion_is_not_played_under_xboards_lion() {
        let mut game = game("lion", "b1c3 b8c6 d2d4 d7d6 d1d3 g8f6 g1f3 f6d5 c3c4");
        let untold = untold_rules(&game.tables().variant);
        assert!(
            untold.iter().any(|u| u.contains("Lions trade freely")),
            "{untold:?}"
        );
        let take = game.parse_move("c6c4", RankStyle::FromOne).expect("legal");
        let view = referee_view(game.tables()).expect("XBoard's Lion rules");
        let Accepted::Only(accepted) = accepted_moves(&mut game, &view) else {
            panic!("the capture is left out, the other moves played");
        };
        assert!(!accepted.contains(&take));
        let step = game.parse_move("c6b4", RankStyle::FromOne).expect("legal");
        assert!(accepted.contains(&step));
    }

    /// Macadamia shogi under real XBoard: after White's free king took Black's Lion on h10,
    /// Black's lion dog took White's Lion on e6 and XBoard forfeited it (`g8e6`, "invalid
    /// move"): its Lion slot holds macadamia's Lion (`L!`, slot 21 of a PIECETOCHAR with `^`
    /// partners), and its counterstrike rule applies.
    #[test]
    fn xboards_lion_slot_is_found_in_a_hachu_style_piece_to_char() {
        let v = load_by_name("macadamia-shogi").expect("macadamia");
        let trading = xboards_lion_trading(&v).expect("a Lion in XBoard's Lion slot");
        assert_eq!(v.pieces[trading.lions[0]].name, "lion");
        let worthless: Vec<&str> = trading
            .worthless
            .iter()
            .map(|&k| v.pieces[k].name.as_str())
            .collect();
        assert_eq!(worthless, ["pawn", "go-between"]);
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
