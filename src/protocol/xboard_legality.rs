//! What XBoard 4.9.1's legality test refuses whatever the `piece` lines say: promotions it has
//! no notation or no slot for, and every move of a side whose king is not on the board. From
//! its sources (moves.c `LegalityTest`, `CheckTest`, `MovesFromString`; backend.c
//! `ApplyMove`):
//!
//! * a shogi-style `+` promotes only a piece whose PIECETOCHAR slot has a `+` partner eleven
//!   slots on (else XBoard turns it into the piece of that slot, and puts that piece in the
//!   hand when it is taken); under the shogi parent only the first nine slots (`piece < WhiteWazir`), and
//!   only where the move starts or ends in XBoard's zone, the last third of the ranks (one more
//!   on 8 ranks); under the other parents (chu aside) the first eleven, anywhere;
//! * a promotion to a named piece (`e7e8q`) is a pawn's: the Pawn or Lance slot reaching the
//!   last rank (XBoard's own pawn of a parent without a `piece` line: its parent's ranks), and
//!   never under the shogi and chu parents;
//! * a piece turning back (`a1a2-`) and the drop of a promoted piece (`+P@c3`) are no moves
//!   it reads;
//! * `CheckTest` finds no king of the side to move on the board and counts that as check, so
//!   while the piece of the King slot is in hand every move but its drop is refused (unless
//!   the parent ignores check).
//!
//! [`super::referee`] leaves such moves out; [`untold`] names them for the user.

use super::xboard::{board_height, keeps_parents_pawn, needs_setup, piece_to_char, setup_parent};
use super::xboard_promotion::{PAIRING, SHOGI_PROMOTING};
use crate::movegen::Move;
use crate::position::Position;
use crate::types::{Colour, Dress, Piece, PieceId};
use crate::variant::piece_to_char::{slots, SlotContent};
use crate::variant::Variant;

/// The Pawn and Lance slots, whose pieces XBoard promotes on the last rank like pawns.
const PAWN_SLOTS: [usize; 2] = [0, 18];

/// How XBoard reads a variant's promotions and its king.
#[derive(Clone, Debug)]
pub struct XboardLegality {
    /// White's PIECETOCHAR slots as XBoard reads them, upper case (`+` for a `^X` partner),
    /// the King slot last.
    slots: Vec<char>,
    /// The slots given a partner of their own (`^X`): the slot of X and the partner's.
    married: Vec<(usize, usize)>,
    parent: String,
    /// XBoard's ranks, with those it adds for a hand larger than the board.
    height: u8,
}

/// How a move promotes, as its text says it.
enum Suffix {
    None,
    Plus,
    Minus,
    Letter,
}

impl XboardLegality {
    /// The rules for an engine-defined variant (`None` for XBoard's own variants, and where
    /// the PIECETOCHAR has a dressed ID or a `/`: slots of one letter, `.`, `+`, `~` and `^X`
    /// only).
    pub fn of(v: &Variant) -> Option<XboardLegality> {
        if !needs_setup(v) {
            return None;
        }
        let read = slots(&piece_to_char(v)).ok()?;
        let plain = |id: PieceId| id.dress() == Dress::Plain;
        let simple = read.iter().all(|slot| {
            !slot.after_jump
                && match slot.content {
                    SlotContent::Piece(id, _) | SlotContent::PromotedOf(id, _) => plain(id),
                    _ => true,
                }
        });
        if !simple || !read.len().is_multiple_of(2) {
            return None;
        }
        let white = &read[..read.len() / 2];
        let slots: Vec<char> = white
            .iter()
            .map(|slot| match slot.content {
                SlotContent::Unused => '.',
                SlotContent::ShogiPromoted | SlotContent::PromotedOf(..) => '+',
                SlotContent::CrazyhousePromoted => '~',
                SlotContent::Piece(id, _) => id.letter(),
            })
            .collect();
        let married = white
            .iter()
            .enumerate()
            .filter_map(|(at, slot)| match slot.content {
                SlotContent::PromotedOf(id, _) => {
                    let of = white
                        .iter()
                        .position(|s| s.content == SlotContent::Piece(id, Colour::White))?;
                    Some((of, at))
                }
                _ => None,
            })
            .collect();
        Some(XboardLegality {
            slots,
            married,
            parent: setup_parent(v).to_string(),
            height: board_height(v),
        })
    }

    /// Whether the slot XBoard promotes `slot` into with `+` is a promoted slot: its partner
    /// named by `^X`, else the slot `PAIRING` on (backend.c `SetCharTableEsc`).
    fn has_plus_partner(&self, slot: usize) -> bool {
        let partner = self
            .married
            .iter()
            .find(|&&(of, _)| of == slot)
            .map_or(slot + PAIRING, |&(_, at)| at);
        self.slots.get(partner) == Some(&'+')
    }

    /// The image slot of `kind`'s letter (none for the King slot, which never promotes).
    fn slot_of(&self, v: &Variant, kind: usize) -> Option<usize> {
        let letter = v.pieces[kind].id.letter();
        let body = &self.slots[..self.slots.len() - 1];
        body.iter().position(|&c| c == letter)
    }

    fn is_shogi(&self) -> bool {
        self.parent == "shogi"
    }

    /// The rows of XBoard's shogi zone for `colour` (rank 0 is White's first).
    fn in_shogi_zone(&self, colour: Colour, rank: u8) -> bool {
        let zone = self.height / 3 + u8::from(self.height == 8);
        match colour {
            Colour::White => rank >= self.height - zone,
            Colour::Black => rank < zone,
        }
    }

    /// Whether a `+` promotion of `kind` is one XBoard can make, where the move starts or
    /// ends on these ranks (`None`: anywhere in the rules' zone).
    fn plus_accepted(
        &self,
        v: &Variant,
        kind: usize,
        colour: Colour,
        ranks: Option<(u8, u8)>,
    ) -> bool {
        let Some(slot) = self.slot_of(v, kind) else {
            return false;
        };
        match self.parent.as_str() {
            "chu" => true,
            "shogi" => {
                slot < SHOGI_PROMOTING
                    && self.has_plus_partner(slot)
                    && ranks.is_none_or(|(from, to)| {
                        self.in_shogi_zone(colour, from) || self.in_shogi_zone(colour, to)
                    })
            }
            _ => slot < PAIRING && self.has_plus_partner(slot),
        }
    }

    /// Whether a promotion of `kind` to a named piece from rank `from` to rank `to` is one
    /// XBoard's pawn rules make.
    fn letter_accepted(&self, v: &Variant, kind: usize, colour: Colour, from: u8, to: u8) -> bool {
        if self.is_shogi() || self.parent == "chu" {
            return false;
        }
        let Some(slot) = self.slot_of(v, kind) else {
            return false;
        };
        if !PAWN_SLOTS.contains(&slot) {
            return false;
        }
        let relative = |rank: u8| match colour {
            Colour::White => rank,
            Colour::Black => self.height - 1 - rank,
        };
        if slot == 0 && keeps_parents_pawn(v, &v.pieces[kind]) {
            let promo_ranks = if self.parent == "makruk" { 3 } else { 1 };
            relative(from) + 1 + promo_ranks >= self.height
        } else {
            relative(to) + 1 == self.height
        }
    }

    /// Whether XBoard's legality test refuses `mv`, a legal move in `pos`.
    pub fn refuses(&self, pos: &Position, mv: Move) -> bool {
        let v = &pos.tables.variant;
        let side = pos.side();
        if let Some(kind) = mv.drop_type() {
            if v.pieces[kind].promoted_of.is_some() && pos.tables.hand.drop_promoted {
                return true;
            }
            if self.drop_refused(pos, kind, mv) {
                return true;
            }
        }
        if self.without_king(pos, side, mv) {
            return true;
        }
        if mv.is_drop() || mv.gate_type().is_some() || pos.contagion(mv, side).is_some() {
            return false;
        }
        let Some(target) = mv.promotion_type() else {
            return false;
        };
        let mover = pos.at(mv.from).kind();
        let geo = pos.geo();
        let (from, to) = (geo.coords(mv.from).1, geo.coords(mv.to).1);
        match suffix(v, mover, target) {
            Suffix::None => false,
            Suffix::Minus => true,
            Suffix::Plus => !self.plus_accepted(v, mover, side, Some((from, to))),
            Suffix::Letter => !self.letter_accepted(v, mover, side, from, to),
        }
    }

    /// Whether XBoard's `LegalDrop` refuses the drop of `kind`: under its shogi rules a piece
    /// of the Pawn or Queen slot on the last rank, of the Knight slot on the last two, of the
    /// Pawn slot on a file holding one already (two on 7 ranks); under the other parents a
    /// piece of the Pawn slot on the first or last rank.
    fn drop_refused(&self, pos: &Position, kind: usize, mv: Move) -> bool {
        let v = &pos.tables.variant;
        let Some(slot) = self.slot_of(v, kind) else {
            return false;
        };
        let side = pos.side();
        let geo = pos.geo();
        let (file, rank) = geo.coords(mv.to);
        let from_far_end = match side {
            Colour::White => self.height - 1 - rank,
            Colour::Black => rank,
        };
        if !self.is_shogi() {
            return slot == 0 && (rank == 0 || rank + 1 == self.height);
        }
        let on_file = (1..self.height.saturating_sub(1))
            .filter(|&r| r < v.ranks && pos.at(geo.square(file, r)) == Piece::new(kind, side))
            .count();
        let per_file = 1 + usize::from(self.height == 7);
        ((slot == 0 || slot == 4) && from_far_end == 0)
            || (slot == 1 && from_far_end < 2)
            || (slot == 0 && on_file >= per_file)
    }

    /// Whether the side moving leaves no piece of XBoard's King slot on the board.
    fn without_king(&self, pos: &Position, side: Colour, mv: Move) -> bool {
        let v = &pos.tables.variant;
        let Some(&king) = self.slots.last().filter(|&&c| c != '.') else {
            return false;
        };
        if matches!(self.parent.as_str(), "suicide" | "giveaway" | "atomic") {
            return false;
        }
        let Some(kind) = v.piece_index(king) else {
            return false;
        };
        pos.count(side, kind) == 0 && mv.drop_type() != Some(kind)
    }
}

/// How the promotion of `mover` to `target` is written.
fn suffix(v: &Variant, mover: usize, target: usize) -> Suffix {
    if v.pieces[target].promoted_of == Some(mover) {
        Suffix::Plus
    } else if v.pieces[mover].promoted_of == Some(target) {
        Suffix::Minus
    } else if mover == target {
        Suffix::None
    } else {
        Suffix::Letter
    }
}

/// The moves of `v` that XBoard refuses for these reasons, in words for the user (empty for
/// XBoard's own variants).
pub fn untold(v: &Variant) -> Vec<String> {
    let Some(x) = XboardLegality::of(v) else {
        return Vec::new();
    };
    let mut plus_refused = Vec::new();
    let mut plus_outside = Vec::new();
    let mut letter_refused = Vec::new();
    let mut turning_back = Vec::new();
    for (kind, p) in v.pieces.iter().enumerate() {
        if p.demotes == Some(crate::variant::schema::Demotion::OnMove) {
            turning_back.push(p.name.as_str());
        }
        let Some(promotion) = &p.promotion else {
            continue;
        };
        let mut plus = false;
        let mut letter = false;
        for colour in Colour::BOTH {
            for &target in promotion.choices_for(colour) {
                match suffix(v, kind, target) {
                    Suffix::Plus => plus = true,
                    Suffix::Letter => letter = true,
                    Suffix::None | Suffix::Minus => {}
                }
            }
        }
        if plus && !x.plus_accepted(v, kind, Colour::White, None) {
            plus_refused.push(p.name.as_str());
        } else if plus && x.is_shogi() && !zone_within_xboards(v, &x, kind) {
            plus_outside.push(p.name.as_str());
        }
        let last_rank_only = promotion.in_place.is_none()
            && Colour::BOTH.iter().all(|&colour| {
                (0..v.ranks).all(|rank| {
                    (0..v.files).all(|file| {
                        !promotion.zone[colour].contains(file, rank)
                            || x.letter_accepted(v, kind, colour, rank.saturating_sub(1), rank)
                    })
                })
            });
        if letter && !last_rank_only {
            letter_refused.push(p.name.as_str());
        }
    }
    let mut words = Vec::new();
    if !plus_refused.is_empty() {
        words.push(format!(
            "promotions of the {} (XBoard's {} parent promotes only the pieces of its first {} \
             image slots)",
            plus_refused.join(", the "),
            x.parent,
            if x.is_shogi() {
                SHOGI_PROMOTING
            } else {
                PAIRING
            }
        ));
    }
    if !plus_outside.is_empty() {
        words.push(format!(
            "promotions of the {} outside XBoard's shogi zone",
            plus_outside.join(", the ")
        ));
    }
    if !letter_refused.is_empty() {
        words.push(format!(
            "promotions of the {} anywhere but XBoard's last rank",
            letter_refused.join(", the ")
        ));
    }
    if !turning_back.is_empty() {
        words.push(format!(
            "the {} turning back when it moves",
            turning_back.join(", the ")
        ));
    }
    if v.hand.drop_promoted {
        words.push("drops of promoted pieces".to_string());
    }
    if x.is_shogi() && v.holdings > 0 {
        let in_slot = |slot: usize| {
            x.slots
                .get(slot)
                .and_then(|&c| v.piece_index(c))
                .filter(|_| slot + 1 < x.slots.len())
        };
        if !v.hand.immobility_illegal && [0, 1, 4].iter().any(|&s| in_slot(s).is_some()) {
            words.push("drops on the last ranks, where XBoard's shogi forbids them".to_string());
        }
        if in_slot(0).is_some_and(|kind| v.pieces[kind].drop_file_limit == 0) {
            words.push("a second pawn dropped on a file".to_string());
        }
    }
    if king_starts_in_hand(v, &x) {
        words.push(
            "moves while the king is in hand (XBoard takes a side without its king on the \
             board for one in check: the king is placed first)"
                .to_string(),
        );
    }
    words
}

/// Whether the rules' promotion zone of `kind` lies within XBoard's shogi zone.
fn zone_within_xboards(v: &Variant, x: &XboardLegality, kind: usize) -> bool {
    let Some(promotion) = &v.pieces[kind].promotion else {
        return true;
    };
    Colour::BOTH.iter().all(|&colour| {
        (0..v.ranks).all(|rank| {
            (0..v.files).all(|file| {
                !promotion.zone[colour].contains(file, rank) || x.in_shogi_zone(colour, rank)
            })
        })
    })
}

/// Whether the piece of XBoard's King slot starts in the hand of a side with none on the board.
fn king_starts_in_hand(v: &Variant, x: &XboardLegality) -> bool {
    let Some(&king) = x.slots.last().filter(|&&c| c != '.') else {
        return false;
    };
    let (board, rest) = v.start_fen.split_once(' ').unwrap_or((&v.start_fen, ""));
    let (placed, hand) = match board.split_once('[') {
        Some((placed, hand)) => (placed, hand),
        None => (board, rest.split(' ').next().unwrap_or("")),
    };
    let on_board = placed.contains(king);
    !on_board && hand.contains(king)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::position::RankStyle;
    use crate::protocol::test_games::game;
    use crate::variant::load_by_name;

    fn refused(game: &mut Game) -> Vec<String> {
        let x = XboardLegality::of(&game.tables().variant).expect("engine-defined");
        let legal = game.legal_moves();
        legal
            .into_iter()
            .filter(|&m| x.refuses(&game.pos, m))
            .map(|m| game.move_text(m, RankStyle::FromOne))
            .collect()
    }

    /// Kyoto shogi under real XBoard: `a1a2-` (the tokin turning back into a lance) was an
    /// "invalid move" and forfeited the game. XBoard's 5-rank shogi zone is the last rank only,
    /// so the flips into `+` pieces elsewhere are refused too; the king's steps are not.
    #[test]
    fn kyoto_flips_are_refused_but_the_kings_steps_are_not() {
        let mut g = game("kyotoshogi", None);
        let refused = refused(&mut g);
        assert!(refused.contains(&"a1a2-".to_string()), "{refused:?}");
        assert!(refused.contains(&"e1e2+".to_string()), "{refused:?}");
        assert!(!refused.iter().any(|m| m.starts_with("c1")), "{refused:?}");
        let words = untold(&g.tables().variant);
        assert!(
            words.iter().any(|w| w.contains("turning back")),
            "{words:?}"
        );
    }

    /// Sittuyin under real XBoard: `R@d1` as the first move was refused ("Forfeit due to
    /// illegal move"): with no king on the board, XBoard's `CheckTest` answers "in check".
    #[test]
    fn in_sittuyin_the_king_is_dropped_first() {
        let mut g = game("sittuyin", None);
        let refused = refused(&mut g);
        assert!(refused.contains(&"R@d1".to_string()), "{refused:?}");
        assert!(!refused.iter().any(|m| m.starts_with("K@")), "{refused:?}");
        let words = untold(&g.tables().variant);
        assert!(
            words.iter().any(|w| w.contains("king is in hand")),
            "{words:?}"
        );
        assert!(
            words.iter().any(|w| w.contains("promotions of the pawn")),
            "{words:?}"
        );
    }

    /// A sittuyin pawn on d5 (a square of the long diagonal in Black's half) may turn into a
    /// ferz in place or by a diagonal step; XBoard's pawn promotes on the last rank only.
    #[test]
    fn sittuyin_promotions_off_the_last_rank_are_refused() {
        let mut g = game("sittuyin", Some("k7/8/8/3P4/8/8/8/K7 w - - 0 1"));
        let legal = g.legal_moves();
        let promotions: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.promotion_type().is_some())
            .collect();
        assert!(!promotions.is_empty());
        let x = XboardLegality::of(&g.tables().variant).expect("engine-defined");
        assert!(promotions.iter().all(|&m| x.refuses(&g.pos, m)));
        assert!(legal
            .iter()
            .any(|&m| m.promotion_type().is_none() && !x.refuses(&g.pos, m)));
    }

    #[test]
    fn xboards_own_variants_have_no_such_rules() {
        for name in ["chess", "shogi", "xiangqi", "crazyhouse"] {
            let v = load_by_name(name).expect("shipped");
            assert!(XboardLegality::of(&v).is_none(), "{name}");
            assert!(untold(&v).is_empty(), "{name}");
        }
    }

    /// Cannon shogi's copper cannon (slot 7) has its `+` partner named `^A` past the paired
    /// slots, not in slot 18: XBoard marries the two, so its promotion is one XBoard makes
    /// (a1a7+, hopping the pawn on a5), as the rook's (slot 11 on) is.
    #[test]
    fn a_named_partner_promotes_as_a_paired_slot_does() {
        let mut g = game("cannonshogi", Some("4k4/9/9/9/P8/9/9/9/A3K3R[] w - - 0 1"));
        let x = XboardLegality::of(&g.tables().variant).expect("engine-defined");
        let legal = g.legal_moves();
        let promotions: Vec<String> = legal
            .iter()
            .filter(|m| m.promotion_type().is_some())
            .map(|&m| g.move_text(m, RankStyle::FromOne))
            .collect();
        for m in ["a1a7+", "i1i7+"] {
            assert!(promotions.contains(&m.to_string()), "{m}: {promotions:?}");
        }
        assert!(legal.iter().all(|&m| !x.refuses(&g.pos, m)));
    }

    /// Minishogi and torishogi are told exactly: every promotion is one XBoard makes.
    #[test]
    fn small_shogis_promote_as_xboard_does() {
        for name in ["minishogi", "torishogi", "werewolf"] {
            let v = load_by_name(name).expect("shipped");
            assert!(untold(&v).is_empty(), "{name}: {:?}", untold(&v));
        }
    }
}
