//! Legal moves as if the game had not ended: pseudo-legal moves (with gating variants added)
//! filtered by royal safety, then by the variant's special rules (no checking drops, no
//! checking moves or promotions, explosions, compulsory capture).
//!
//! With one royal piece not in check, a move of another piece is legal without a test unless
//! that piece is pinned to the royal by a slider, or its squares can open or fill a hopper's
//! line or a lame leaper's path onto the royal: then only those lines and paths are looked
//! along, with the move's two squares changed, without making the move. A royal move is tested
//! on its destination with its own square treated as empty. Every other move (pinned pieces,
//! moves with more changes than two squares, any move in check) is made, tested and unmade.
//! The search applies the same test one move at a time ([`RoyalSafety`]).

use crate::types::{Kind, Piece, Square};
use arrayvec::ArrayVec;

use super::attack::{
    adjacent, attacked_after, attacked_ignoring, in_check, in_check_opening, pinned,
    scan_attackers, ScanOrder,
};
use super::Sink;
use super::{arriving, lion_trading, pseudo, walker};
use crate::position::moves::Move;
use crate::position::ruleset::Ruleset;
use crate::position::{Position, BIKJANG};
use smallvec::SmallVec;

/// Whether legality under `tables`' rules is royal safety alone: no explosions, no ban on
/// checking, no duple check, no Lion-trading rules.
pub fn plain_legality(tables: &Ruleset) -> bool {
    let r = &tables.variant.rules;
    r.blast.is_none() && r.checking && !r.duple_check && r.lion_trading.is_none()
}

/// Whether the legal moves under `tables`' rules are the pseudo-legal moves that keep the
/// royal pieces safe and nothing else (no rule adds, removes or filters moves; a pass where
/// the rules allow one aside), outside bikjang.
pub fn royal_safety_alone(tables: &Ruleset) -> bool {
    let r = &tables.variant.rules;
    let hand = &tables.hand;
    plain_legality(tables)
        && !tables.explodes
        && hand.drop_checks
        && !hand.gating
        && !r.royal_frozen_in_check
        && !tables.initial_not_in_check
        && !tables.restricted_promotions
        && !r.must_capture
        && !r.pass_on_stalemate
}

/// Whether [`count_legal`] counts the legal moves of positions under `tables`' rules: legality
/// is royal safety alone and no piece's moves need their duplicates removed.
pub fn countable(tables: &Ruleset) -> bool {
    royal_safety_alone(tables)
        && tables
            .pieces
            .iter()
            .all(|p| !p.needs_dedup && p.zone_moves.is_none())
}

/// The number of legal moves of `pos` as if no immediate game end held, where
/// [`countable`] holds for its rules and it is not in bikjang; `checked` says whether the side
/// to move is in check. Moves the royal-safety test answers without looking at the board are
/// counted as they are generated, the others are kept in `tested` and tested after.
pub fn count_legal(pos: &mut Position, checked: bool, tested: &mut Vec<Move>) -> u64 {
    tested.clear();
    let pass = u64::from(pass_move(pos).is_some() && !checked);
    if pos.royals(pos.side()).is_empty() {
        let mut counter = Counted { count: 0 };
        pseudo::generate(pos, &mut counter);
        return counter.count + pass;
    }
    let safety = RoyalSafety::new(pos, checked);
    let mut counter = SafeCounter {
        pos,
        safety: &safety,
        count: 0,
        tested,
    };
    pseudo::generate(pos, &mut counter);
    let count = counter.count;
    let kept = tested.iter().filter(|&&mv| safety.keeps(pos, mv)).count();
    count + kept as u64 + pass
}

/// Counts the moves it is given.
struct Counted {
    count: u64,
}

impl Sink for Counted {
    #[inline]
    fn push(&mut self, _mv: Move) -> bool {
        self.count += 1;
        true
    }
}

/// Counts the moves the royal-safety test keeps without a look at the board, and keeps the
/// others for the test.
struct SafeCounter<'a> {
    pos: &'a Position,
    safety: &'a RoyalSafety,
    count: u64,
    tested: &'a mut Vec<Move>,
}

impl Sink for SafeCounter<'_> {
    // Inlined into the generator with the test it calls: left to the compiler, either became
    // a call per move and chess perft 5 took 2-3% more instructions (callgrind).
    #[inline(always)]
    fn push(&mut self, mv: Move) -> bool {
        if self.safety.keeps_untested(self.pos, mv) {
            self.count += 1;
        } else {
            self.tested.push(mv);
        }
        true
    }
}

/// The legal moves as if no immediate game end held (for rules that look one move ahead).
pub fn generate_ignoring_ends(pos: &mut Position, out: &mut Vec<Move>) {
    generate_knowing_check(pos, None, out);
}

/// [`generate_ignoring_ends`] where the caller may already know whether the side to move is
/// in check (`checked`), as the search and perft do from the move that led here.
pub fn generate_knowing_check(pos: &mut Position, checked: Option<bool>, out: &mut Vec<Move>) {
    out.clear();
    pseudo::generate(pos, out);
    keep_legal(pos, checked, out);
}

/// Whether the side to move has a legal move, as if no immediate game end held: whether
/// [`generate_ignoring_ends`] would give any. Where the rules judge each pseudo-legal move
/// alone (no gating, pass or bikjang, which add moves), the moves are tested one at a time and
/// the first legal one ends the test, instead of testing them all.
pub fn has_legal_move_ignoring_ends(pos: &mut Position) -> bool {
    let rules = &pos.tables.variant.rules;
    let adds_moves =
        pos.tables.hand.gating || rules.pass || rules.bikjang || rules.pass_on_stalemate;
    let mut moves = Vec::new();
    if adds_moves {
        generate_knowing_check(pos, None, &mut moves);
        return !moves.is_empty();
    }
    pseudo::generate(pos, &mut moves);
    let us = pos.side();
    let checked = !pos.royals(us).is_empty() && in_check(pos, us);
    let mut one = Vec::with_capacity(1);
    moves.into_iter().any(|mv| {
        one.clear();
        one.push(mv);
        keep_legal(pos, Some(checked), &mut one);
        !one.is_empty()
    })
}

/// Keep the legal moves of the pseudo-legal moves in `out`, and add the moves the rules add
/// (gated moves, a pass); `checked` as in [`generate_knowing_check`]. A compulsory capture
/// aside (it never empties the list), every filter judges each move alone.
fn keep_legal(pos: &mut Position, checked: Option<bool>, out: &mut Vec<Move>) {
    if !pos.tables.hand.drop_checks {
        out.retain(|&mv| !mv.is_drop() || !gives_check(pos, mv));
    }
    let us = pos.side();
    if pos.tables.explodes {
        out.retain(|&mv| special_legal(pos, mv));
    } else if !pos.royals(us).is_empty() {
        let checked = checked.unwrap_or_else(|| in_check(pos, us));
        filter_royal_safety(pos, checked, out);
    }
    if pos.tables.variant.rules.lion_trading.is_some() {
        lion_trading::retain_allowed(pos, out);
    }
    if pos.tables.variant.rules.royal_frozen_in_check {
        royal_frozen_in_check(pos, out);
    }
    if pos.tables.initial_not_in_check {
        initial_moves_not_in_check(pos, out);
    }
    if !pos.tables.variant.rules.checking {
        out.retain(|&mv| !gives_check(pos, mv));
    }
    if pos.tables.restricted_promotions {
        out.retain(|&mv| promotion_allowed(pos, mv));
    }
    if pos.tables.variant.rules.pass || pos.tables.variant.rules.bikjang {
        passes_and_bikjang(pos, out);
    }
    if pos.tables.hand.gating {
        add_gating(pos, out);
    }
    if pos.tables.variant.rules.must_capture && out.iter().any(|&m| is_capture(pos, m)) {
        out.retain(|&m| is_capture(pos, m));
    }
    if out.is_empty() && pos.tables.variant.rules.pass_on_stalemate && !in_check(pos, us) {
        // A pass: a piece of the side to move "moves" to its own square.
        if let Some(&sq) = pos.pieces(us).first() {
            out.push(Move::new(sq, sq));
        }
    }
}

/// `initial_not_in_check`: in check, an unmoved piece of such a type keeps only the moves it
/// would have if it had moved.
#[cold]
fn initial_moves_not_in_check(pos: &mut Position, out: &mut Vec<Move>) {
    let us = pos.side();
    if !in_check(pos, us) {
        return;
    }
    let tables = pos.tables.clone();
    let squares: ArrayVec<Square, 8> = pos
        .pieces(us)
        .iter()
        .copied()
        .filter(|&sq| pos.is_virgin(sq) && tables.pieces[pos.at(sq).kind()].initial_not_in_check)
        .take(8)
        .collect();
    for sq in squares {
        let mut moved_moves = Vec::new();
        pos.set_unmoved(sq, false);
        walker::piece_moves(pos, sq, &mut moved_moves);
        pos.set_unmoved(sq, true);
        out.retain(|m| m.from != sq || moved_moves.contains(m));
    }
}

/// Makpong's rule: in check, the royal piece moves only to capture the one piece that gives
/// check.
fn royal_frozen_in_check(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side();
    let &[royal] = pos.royals(us) else {
        return;
    };
    // The checkers, up to two (a second one already rules out every royal move).
    let mut checkers: ArrayVec<Square, 2> = ArrayVec::new();
    scan_attackers(
        pos,
        royal,
        !us,
        pos.at(royal),
        ScanOrder::Entries,
        |sq| pos.at(sq),
        |sq| {
            if !checkers.contains(&sq) {
                checkers.push(sq);
            }
            checkers.is_full()
        },
    );
    if checkers.is_empty() {
        return;
    }
    out.retain(|&mv| {
        mv.from != royal || mv.is_drop() || mv.is_wall() || checkers.as_slice() == [mv.to]
    });
}

/// Janggi's rules: the side to move may pass when not in check (always in bikjang), and in
/// bikjang every other move must break the facing of the royal pieces.
fn passes_and_bikjang(pos: &mut Position, out: &mut Vec<Move>) {
    let us = pos.side();
    let bikjang = pos.state() & BIKJANG != 0;
    if bikjang {
        out.retain(|&mv| {
            pos.make(mv);
            let broken = !pos.royals_facing();
            pos.unmake();
            broken
        });
    }
    if let Some(pass) = pass_move(pos) {
        if bikjang || !in_check(pos, us) {
            out.push(pass);
        }
    }
}

/// The pass of the side to move where the rules allow one and it has one royal piece (in
/// check it may pass only in bikjang).
pub fn pass_move(pos: &Position) -> Option<Move> {
    match pos.royals(pos.side()) {
        &[royal] if pos.tables.variant.rules.pass => Some(Move::new(royal, royal)),
        _ => None,
    }
}

/// Sittuyin's limits on a promotion: it may not give check, and the promoted piece may not
/// attack an enemy piece where it lands (where the variant says so).
fn promotion_allowed(pos: &mut Position, mv: Move) -> bool {
    if mv.promotion_type().is_none() {
        return true;
    }
    let tables = pos.tables.clone();
    let rule = tables.pieces[pos.at(mv.from).kind()]
        .promotion
        .as_ref()
        .and_then(|p| p.in_place.as_ref());
    let Some(rule) = rule else {
        return true;
    };
    pos.make(mv);
    let checks = rule.no_check && in_check(pos, pos.side());
    let attacks = rule.no_attack && {
        let mut finder = EnemyFinder { pos, found: false };
        walker::piece_moves(pos, mv.to, &mut finder);
        finder.found
    };
    pos.unmake();
    !checks && !attacks
}

/// A sink that notes whether any move lands on a piece of the side to move.
struct EnemyFinder<'a> {
    pos: &'a Position,
    found: bool,
}

impl Sink for EnemyFinder<'_> {
    const QUIETS: bool = false;

    fn push(&mut self, mv: Move) -> bool {
        let p = self.pos.at(mv.to);
        self.found = p.is_of(self.pos.side());
        !self.found
    }
}

/// Whether a move captures something (on its destination or as a side effect).
pub fn is_capture(pos: &Position, mv: Move) -> bool {
    if mv.is_drop() || mv.is_castle() {
        return false;
    }
    mv.kills.iter().any(|&k| k.is_some()) || (mv.to != mv.from && pos.at(mv.to).is_piece())
}

/// Legality where explosions apply: the move is made and the position examined. An exploded
/// own royal makes the move illegal; exploding the enemy royal makes it legal whatever else
/// holds.
fn special_legal(pos: &mut Position, mv: Move) -> bool {
    let us = pos.side();
    let mine = pos.royals(us).len();
    let theirs = pos.royals(!us).len();
    let checked = in_check(pos, us);
    if mv.is_castle() && !is_legal_slow(pos, mv, checked) {
        return false;
    }
    let was_wall = pos.at(mv.to) == Piece::WALL;
    pos.make(mv);
    // A capturer petrified at the heart of its blast leaves a wall that, as in Fairy-Stockfish,
    // shields nothing in this test: the blast is taken to have emptied the square.
    let petrified = !mv.is_drop() && !was_wall && pos.at(mv.to) == Piece::WALL;
    let open = if petrified { mv.to } else { Square::NONE };
    let ok = if pos.royals(us).len() < mine {
        false
    } else if pos.royals(!us).len() < theirs && pos.tables.explodes {
        true
    } else {
        !in_check_opening(pos, us, open)
    };
    pos.unmake();
    ok
}

/// Remove the moves that leave a royal piece attacked.
fn filter_royal_safety(pos: &mut Position, checked: bool, out: &mut Vec<Move>) {
    let safety = RoyalSafety::new(pos, checked);
    let mut kept = 0;
    for i in 0..out.len() {
        let mv = out[i];
        if safety.keeps(pos, mv) {
            out[kept] = mv;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// The royal-safety test of one position's pseudo-legal moves, one move at a time: what it
/// needs to know of the position (check, pins, the lines a move can open or fill onto the
/// royal piece) is found once.
pub struct RoyalSafety {
    checked: bool,
    /// One royal piece, not in check, no attacker the check test cannot handle by tables and
    /// no duple check: moves other than the royal's need a test only when pinned or sensitive.
    quick: bool,
    /// Some squares' emptying or filling can open a hopper's line or a lame leaper's path onto
    /// the royal piece: moves from or to them are looked at.
    sensitive: bool,
    royal: Square,
    pins: ArrayVec<Square, 16>,
}

impl RoyalSafety {
    /// The test for the side to move of `pos` (which must have a royal piece), `checked`
    /// telling whether it is in check.
    pub fn new(pos: &Position, checked: bool) -> RoyalSafety {
        let us = pos.side();
        let table = &pos.tables.attack[!us];
        let single = pos.royals(us).len() == 1;
        let royal = pos.royals(us)[0];
        // A burner's move removes more than its destination's piece, and a royal piece
        // moving next to an enemy passive burner is burned: never quick.
        let quick = single
            && !checked
            && table.complex == 0
            && !pos.tables.burns
            && !pos.tables.burns_passively
            && !pos.tables.variant.rules.duple_check;
        let pins = if quick {
            pinned(pos, royal, us)
        } else {
            ArrayVec::new()
        };
        RoyalSafety {
            checked,
            quick,
            sensitive: !table.open_sensitive[royal].is_empty()
                || !table.fill_sensitive[royal].is_empty(),
            royal,
            pins,
        }
    }

    /// Whether pseudo-legal move `mv` leaves every royal piece of the side to move unattacked.
    /// The common case, a plain move of an unpinned piece other than the royal one through
    /// no sensitive square, is answered here without a call.
    #[inline]
    pub fn keeps(&self, pos: &mut Position, mv: Move) -> bool {
        if self.quick_applies(mv) {
            return !self.sensitive || self.keeps_unpinned(pos, mv);
        }
        self.tested(pos, mv)
    }

    /// Whether [`RoyalSafety::keeps`] says yes to `mv` without making it or looking along a
    /// line: a plain move of an unpinned piece other than the royal one through no
    /// sensitive square. False does not make a move illegal.
    #[inline(always)]
    pub fn keeps_untested(&self, pos: &Position, mv: Move) -> bool {
        self.quick_applies(mv) && (!self.sensitive || mv.is_pass() || !self.is_sensitive(pos, mv))
    }

    /// Whether the quick test answers for `mv`: a plain move (no castling, wall or extra
    /// victim) of an unpinned piece other than the royal one, where the quick test applies
    /// at all.
    #[inline(always)]
    fn quick_applies(&self, mv: Move) -> bool {
        self.quick
            && !mv.is_castle()
            && !mv.is_wall()
            && mv.kills_nothing()
            && mv.from != self.royal
            && (self.pins.is_empty() || !self.pins.contains(&mv.from))
    }

    /// [`RoyalSafety::keeps`] for a plain move of an unpinned piece other than the royal one
    /// where some lines onto the royal are sensitive.
    #[inline]
    fn keeps_unpinned(&self, pos: &mut Position, mv: Move) -> bool {
        if mv.is_pass() || !self.is_sensitive(pos, mv) {
            return true;
        }
        // A hopper line or a lame leaper's path through the royal piece: looked along with
        // the move's two squares changed, instead of making the move.
        match placed_simply(pos, mv) {
            Some(placed) => !attacked_after(pos, self.royal, !pos.side(), mv.from, mv.to, placed),
            None => is_legal_slow(pos, mv, self.checked),
        }
    }

    /// Whether `mv` leaves or enters a square that can open or fill a line onto the royal.
    #[inline]
    fn is_sensitive(&self, pos: &Position, mv: Move) -> bool {
        let table = &pos.tables.attack[!pos.side()];
        table.open_sensitive[self.royal].has(mv.from) || table.fill_sensitive[self.royal].has(mv.to)
    }

    /// [`RoyalSafety::keeps`] for the other moves: any move when the quick test does not
    /// apply, castling, walls, moves that remove more than their destination's piece, and
    /// the royal piece's and pinned pieces' plain moves.
    fn tested(&self, pos: &mut Position, mv: Move) -> bool {
        if mv.is_pass() {
            // A pass leaves the position as it is.
            return !self.checked;
        }
        let plain = !mv.is_castle() && !mv.is_wall() && mv.kills_nothing();
        if self.quick && plain && mv.from == self.royal {
            return !attacked_ignoring(pos, mv.to, !pos.side(), self.royal);
        }
        is_legal_slow(pos, mv, self.checked)
    }
}

/// What a plain move or drop leaves on its destination, where nothing else changes: `None`
/// for gating, petrification and the moves the quick test already sends elsewhere.
fn placed_simply(pos: &Position, mv: Move) -> Option<Piece> {
    if mv.gate.is_some() || pos.tables.petrifies || mv.is_castle() || mv.is_wall() {
        return None;
    }
    Some(arriving(pos, mv))
}

/// Whether making `mv` attacks a royal piece of the opponent.
fn gives_check(pos: &mut Position, mv: Move) -> bool {
    pos.make(mv);
    let check = in_check(pos, pos.side());
    pos.unmake();
    check
}

/// Seirawan gating: every legal move of an unmoved piece from the gating rank may also bring a
/// piece from the hand onto the square it leaves (for castling: the king's or the partner's
/// square, if that square is empty afterwards), where that piece could be dropped. A gated move
/// is legal exactly when the move without the gate is.
fn add_gating(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side();
    let tables = &pos.tables;
    let rank = tables.gating_rank[us];
    let gates: SmallVec<[Kind; 8]> = (0..tables.pieces.len())
        .filter(|&k| pos.in_hand(us, k) > 0)
        .map(Kind::new)
        .collect();
    if gates.is_empty() {
        return;
    }
    let geo = *pos.geo();
    for i in 0..out.len() {
        let mv = out[i];
        if mv.is_drop() || !pos.is_virgin(mv.from) || geo.coords(mv.from).1 != rank {
            continue;
        }
        let free = |sq: Square| !mv.is_castle() || (sq != mv.to && sq != mv.kills[1]);
        for &g in &gates {
            let zone = &tables.pieces[g.index()].drop_zone[us];
            if mv.to != mv.from && free(mv.from) && zone.has(mv.from) {
                out.push(Move {
                    gate: Some(g),
                    ..mv
                });
            }
            if mv.is_castle() && free(mv.kills[0]) && zone.has(mv.kills[0]) {
                out.push(Move {
                    gate: Some(g),
                    gate_on_partner: true,
                    ..mv
                });
            }
        }
    }
}

/// Full legality test of a pseudo-legal move.
pub fn is_legal_slow(pos: &mut Position, mv: Move, checked: bool) -> bool {
    let us = pos.side();
    let them = !us;
    if mv.is_castle() && pos.tables.pieces[pos.at(mv.from).kind()].royal {
        if checked {
            return false;
        }
        let geo = *pos.geo();
        let (ff, rank) = geo.coords(mv.from);
        let (tf, _) = geo.coords(mv.to);
        let (lo, hi) = (ff.min(tf), ff.max(tf));
        let blast = pos.tables.explodes;
        for f in lo..=hi {
            let sq = geo.square(f, rank);
            let shielded = blast && pos.royals(them).iter().any(|&e| adjacent(pos, sq, e));
            let hit = attacked_ignoring(pos, sq, them, mv.from);
            if sq != mv.from && sq != mv.to && !shielded && hit {
                return false;
            }
        }
    }
    // A royal piece burned where it stops is as lost as one taken there.
    if pos.royals(us).contains(&mv.from) && pos.burnt_on_arrival(mv) {
        return false;
    }
    pos.make(mv);
    let ok = !in_check(pos, us);
    pos.unmake();
    ok
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::{count_legal, countable, filter_royal_safety, generate_knowing_check};
    use super::{is_legal_slow, RoyalSafety};
    use crate::movegen::attack::in_check;
    use crate::movegen::playout::{playout_move, shipped};
    use crate::movegen::{build_ruleset, legal_moves, make_move, position_from_fen, pseudo, Move};
    use crate::position::Position;
    use crate::variant::load_by_name;

    /// Along playouts of every shipped variant whose moves may be counted without listing them,
    /// the count is the length of the legal move list, whether in check or not.
    #[test]
    fn counting_the_legal_moves_agrees_with_listing_them() {
        let mut counted_variants = 0;
        for (n, name, ruleset) in shipped() {
            if !countable(&ruleset) {
                continue;
            }
            counted_variants += 1;
            let mut pos = Position::start(ruleset);
            let (mut legal, mut tested) = (Vec::new(), Vec::new());
            for ply in 0..120usize {
                let checked = in_check(&pos, pos.side());
                generate_knowing_check(&mut pos, Some(checked), &mut legal);
                if pos.state() & crate::position::BIKJANG == 0 {
                    let count = count_legal(&mut pos, checked, &mut tested);
                    assert_eq!(count, legal.len() as u64, "{name} at {}", pos.to_fen());
                }
                if legal.is_empty() {
                    break;
                }
                make_move(&mut pos, playout_move(&legal, ply, n));
            }
        }
        assert!(
            counted_variants > 100,
            "{counted_variants} variants counted"
        );
    }

    /// Along playouts of every shipped variant with royal pieces, the royal-safety filter keeps
    /// exactly the moves the full test (make, look for check, unmake) keeps: its shortcuts
    /// (pins, lame-leaper paths, hopper lines) only ever skip the full test where it would
    /// say yes. Moves that bring a new royal piece onto the board are left out: the full test
    /// would also refuse to leave that one attacked, where the reference counts (backrank's
    /// promotion to a king on the flag rank, which wins at once) say it may be.
    #[test]
    fn the_quick_royal_safety_filter_agrees_with_the_full_test() {
        for (n, name, ruleset) in shipped() {
            if ruleset.explodes {
                continue;
            }
            let mut pos = Position::start(ruleset);
            let mut legal = Vec::new();
            for ply in 0..80usize {
                let us = pos.side();
                if !pos.royals(us).is_empty() {
                    let mut quick: Vec<Move> = Vec::new();
                    pseudo::generate(&pos, &mut quick);
                    let mut full = quick.clone();
                    let checked = in_check(&pos, us);
                    filter_royal_safety(&mut pos, checked, &mut quick);
                    full.retain(|&mv| is_legal_slow(&mut pos, mv, checked));
                    let tables = pos.tables.clone();
                    let old_royal =
                        |mv: &Move| mv.promotion.is_none_or(|k| !tables.pieces[k.index()].royal);
                    quick.retain(old_royal);
                    full.retain(old_royal);
                    assert_eq!(quick, full, "{name} at {}", pos.to_fen());
                }
                legal_moves(&mut pos, &mut legal);
                if legal.is_empty() {
                    break;
                }
                make_move(&mut pos, playout_move(&legal, ply, n));
            }
        }
    }

    /// A Lion's igui (it takes a neighbour and stays where it stands) also returns to its own
    /// square, but it is no pass: in dai shogi, taking the black silver on c1 that shields the
    /// white king on a1 from the rook on e1 leaves the king attacked, and the one-move test
    /// refuses it as the full test does.
    #[test]
    fn an_igui_that_opens_a_line_onto_the_royal_is_refused() {
        let variant = load_by_name("dai").expect("dai loads");
        let ruleset = build_ruleset(Arc::new(variant)).expect("its ruleset builds");
        let fen = "14k/15/15/15/15/15/15/15/15/15/15/15/15/2L!12/K1s1r10 w - - 0 1";
        let mut pos = position_from_fen(ruleset, fen).expect("a legal dai position");
        let mut moves = Vec::new();
        pseudo::generate(&pos, &mut moves);
        let igui = moves
            .iter()
            .copied()
            .find(|m| m.from == m.to && m.kills[0].is_some())
            .expect("the Lion's igui on c1");
        assert!(!igui.is_pass());
        assert!(!is_legal_slow(&mut pos, igui, false));
        let safety = RoyalSafety::new(&pos, false);
        assert!(!safety.keeps(&mut pos, igui));
    }
}
