//! Moves XBoard 4.9.1 cannot read at all, whatever its legality testing (from its sources,
//! parser.c and backend.c, and games under it):
//!
//! * a piece turning back, `a1a2-`: `-` names no piece, so the parser gives `ImpossibleMove`,
//!   which `ParseOneMove` refuses with legality testing off too;
//! * the drop of a promoted piece, `+P@c3`: the parser reads no `+` before a drop;
//! * a contagious capture whose captor becomes a type with no plain letter in the PIECETOCHAR
//!   (macadamia's teaching king is `^I'`): written `c3a3u`, and with legality testing off
//!   XBoard puts the piece of the suffix letter on the square (backend.c `ApplyMove`), none
//!   here, so its board would lose the captor;
//! * on a board of 16 ranks, a move from the 16th: XBoard keeps a move's ranks as the
//!   characters `'0' + rank` (parser.c), and rank 16 is `@`, its drop mark, so `h16h15` was
//!   taken for the drop `H@h15` and `j16i15` for a pass (tenjiku, Alfil against Alfil).
//!
//! Alfil never plays them under XBoard, even with the option that plays the moves its
//! legality test refuses, and tells the user that the full game cannot be played in it.

use super::xboard::{needs_setup, piece_to_char};
use crate::movegen::Move;
use crate::position::Position;
use crate::variant::piece_to_char::{slots, SlotContent};
use crate::variant::schema::Demotion;
use crate::variant::Variant;

/// The rank whose number XBoard 4.9.1 writes as its drop mark `@` (`'0' + 16`).
const DROP_MARK_RANK: u8 = 16;

/// Whether XBoard 4.9.1 cannot read `mv`, a legal move in `pos`.
pub fn unreadable(pos: &Position, mv: Move) -> bool {
    let v = &pos.tables.variant;
    if !needs_setup(v) {
        return false;
    }
    if let Some(kind) = mv.drop_type() {
        return pos.tables.hand.drop_promoted && v.pieces[kind].promoted_of.is_some();
    }
    if v.ranks == DROP_MARK_RANK && pos.geo().coords(mv.from).1 + 1 == DROP_MARK_RANK {
        return true;
    }
    if pos
        .contagion(mv, pos.side())
        .is_some_and(|kind| !has_plain_letter(v, kind))
    {
        return true;
    }
    let mover = pos.at(mv.from).kind();
    mv.promotion_type()
        .is_some_and(|target| v.pieces[mover].promoted_of == Some(target))
}

/// Whether XBoard can name `kind` by one letter, as a promotion suffix does: its ID is a bare
/// letter with a slot of its own in the PIECETOCHAR (not a dressed `N'`, nor only a promoted
/// partner `^X`).
fn has_plain_letter(v: &Variant, kind: usize) -> bool {
    let id = v.pieces[kind].id;
    id.dress().mark().is_none()
        && slots(&piece_to_char(v))
            .unwrap_or_default()
            .iter()
            .any(|slot| matches!(slot.content, SlotContent::Piece(own, _) if own == id))
}

/// The moves of `v` XBoard 4.9.1 cannot read, in words for the user (empty where it reads
/// them all).
pub fn words(v: &Variant) -> Vec<String> {
    if !needs_setup(v) {
        return Vec::new();
    }
    let mut words = Vec::new();
    if v.pieces.iter().any(|p| p.demotes == Some(Demotion::OnMove)) {
        words.push("a piece turning back (written `a1a2-`)".to_string());
    }
    if v.hand.drop_promoted && v.holdings > 0 {
        words.push("the drop of a promoted piece (written `+P@c3`)".to_string());
    }
    let contagious: Vec<&str> = v
        .rules
        .contagious
        .iter()
        .filter(|&&kind| !has_plain_letter(v, kind))
        .map(|&kind| v.pieces[kind].name.as_str())
        .collect();
    if !contagious.is_empty() {
        words.push(format!(
            "a capture that turns the captor into a {} (XBoard has no letter to name it by)",
            contagious.join(" or a ")
        ));
    }
    if v.ranks == DROP_MARK_RANK {
        words.push(
            "a move from the 16th rank (XBoard takes the rank for its drop mark, and the move \
             for a drop or a pass)"
                .to_string(),
        );
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::RankStyle;
    use crate::protocol::test_games::game;
    use crate::variant::load_by_name;

    /// Tenjiku under real XBoard: Black's `h16h15` reached White as `H@h15` (a drop, in a
    /// variant without drops) and `j16i15` as the pass `@@@@`. Moves from rank 15 are read.
    #[test]
    fn in_tenjiku_moves_from_the_16th_rank_are_unreadable() {
        let mut g = game(
            "tenjiku",
            Some("15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 0 1"),
        );
        let from_16: Vec<Move> = g.legal_moves();
        assert!(from_16.iter().all(|&m| unreadable(&g.pos, m)));
        let mut g = game(
            "tenjiku",
            Some("16/15k/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 0 1"),
        );
        let from_15 = g.legal_moves();
        let texts: Vec<String> = from_15
            .iter()
            .map(|&m| g.move_text(m, RankStyle::FromOne))
            .collect();
        assert!(texts.contains(&"p15p16".to_string()), "{texts:?}");
        assert!(from_15.iter().all(|&m| !unreadable(&g.pos, m)));
        let said = words(&g.tables().variant);
        assert!(said.iter().any(|w| w.contains("16th rank")), "{said:?}");
    }

    /// Kyoto shogi: `a1a2-` (the tokin turning back into a lance) was an "invalid move" under
    /// real XBoard with legality testing off too; the king's steps are read.
    #[test]
    fn kyoto_turning_back_is_unreadable() {
        let mut g = game("kyotoshogi", None);
        let legal = g.legal_moves();
        let text = |m: Move| g.move_text(m, RankStyle::FromOne);
        let back = legal.iter().find(|&&m| text(m) == "a1a2-").copied();
        let back = back.expect("the tokin turns back");
        assert!(unreadable(&g.pos, back));
        assert!(legal
            .iter()
            .filter(|&&m| text(m).starts_with("c1"))
            .all(|&m| !unreadable(&g.pos, m)));
        let said = words(&g.tables().variant);
        assert!(said.iter().any(|w| w.contains("turning back")), "{said:?}");
        assert!(words(&load_by_name("chu").expect("chu")).is_empty());
    }

    /// Macadamia shogi: the rook's capture of the teaching king on a3 (which makes the rook a
    /// teaching king) is written `c3a3u`, and the teaching king has no plain letter in
    /// XBoard's PIECETOCHAR (it is `^I'`). Werewolf's werewolf has one (`W`).
    #[test]
    fn a_contagious_capture_into_a_type_without_a_letter_is_unreadable() {
        let mut g = game(
            "macadamia-shogi",
            Some("12k/13/13/13/13/13/13/13/13/13/u1R10/1P11/KP11 w - - 0 1"),
        );
        let legal = g.legal_moves();
        assert!(!legal.is_empty());
        assert!(legal.iter().all(|&m| unreadable(&g.pos, m)));
        let said = words(&g.tables().variant);
        assert!(
            said.iter()
                .any(|w| w.contains("teaching king or a buddhist spirit")),
            "{said:?}"
        );
        assert!(words(&load_by_name("werewolf").expect("werewolf")).is_empty());
    }
}
