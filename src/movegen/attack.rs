//! The check test: is a square attacked by a colour? Simple capture patterns are looked up in
//! reverse from the target through the variant's attack table (leapers with their lame paths,
//! sliders, cannons, grasshoppers); pieces with exotic captures generate their moves. Only the
//! table's structures that can reach the target at all are looked at, and after a move
//! (whether it gives check) only those through its two squares.

use super::walker::piece_moves;
use super::{arriving_for, Sink};
use crate::position::moves::{Move, MoveKind};
use crate::position::ruleset::{AttackEntry, AttackKind, AttackLine, AttackTable, UNLIMITED_STEPS};
use crate::position::Position;
use crate::types::{Colour, Piece, Square};
use arrayvec::ArrayVec;

/// Whether a piece of colour `by` could capture on `target`.
pub fn attacked(pos: &Position, target: Square, by: Colour) -> bool {
    attacked_ignoring(pos, target, by, Square::NONE)
}

/// Whether a piece of colour `by` could capture on `target` if `ignore` were empty (the square
/// a royal piece is leaving, so it does not shield its own destination from a slider).
/// With an ignored square, pieces with exotic captures are not consulted: callers only ignore a
/// square when the attack table has none.
pub fn attacked_ignoring(pos: &Position, target: Square, by: Colour, ignore: Square) -> bool {
    let ignore = emptiable(ignore);
    // The piece that would be captured: the one moving away from `ignore` (a royal piece
    // testing its destination), else whatever stands on the target.
    let victim = if ignore == Square::OUTSIDE {
        pos.at(target)
    } else {
        pos.at(ignore)
    };
    let table = &pos.tables.attack[by];
    let view = vacated_view(pos, |sq| sq == ignore);
    let (lines, rest) = (&table.lines, &table.unmerged);
    let only = Some(table.candidates[target]);
    if scan(pos, lines, rest, target, by, victim, view, only, |_| true) {
        return true;
    }
    if table.complex != 0 {
        for &sq in pos.pieces(by) {
            let p = pos.at(sq);
            if table.complex >> p.kind() & 1 == 0 {
                continue;
            }
            let found = if pos.tables.pieces[p.kind()].burns {
                let mut finder = BurnFinder {
                    pos,
                    target,
                    found: false,
                };
                piece_moves(pos, sq, &mut finder);
                finder.found
            } else {
                let mut finder = CaptureFinder {
                    pos,
                    target,
                    found: false,
                };
                piece_moves(pos, sq, &mut finder);
                finder.found
            };
            if found {
                return true;
            }
        }
    }
    false
}

/// The order in which [`scan_attackers`] visits the attackers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanOrder {
    /// The order of the attack table's entries (the exchange evaluation's tie-break).
    Entries,
    /// Along the merged lines (one walk per direction for sliders and hoppers), then the
    /// other entries: cheaper, and a piece may be visited more than once.
    Lines,
}

/// The pieces of colour `by` whose capture patterns in the attack table reach `target`, on the
/// board as `at` reads it (the position's, or one with squares emptied; pieces with exotic
/// captures are not consulted):
/// `visit` is called with each one's square, in `order`, until it returns true, and then so
/// does this. `victim` is the piece that would be captured, for the pieces that may not take
/// it.
pub fn scan_attackers(
    pos: &Position,
    target: Square,
    by: Colour,
    victim: Piece,
    order: ScanOrder,
    at: impl Fn(Square) -> Piece,
    visit: impl FnMut(Square) -> bool,
) -> bool {
    let table = &pos.tables.attack[by];
    // The candidates number the lines and the other entries, not the entries in order.
    let (lines, entries, only) = match order {
        ScanOrder::Entries => (&[][..], &table.entries, None),
        ScanOrder::Lines => (
            &table.lines[..],
            &table.unmerged,
            Some(table.candidates[target]),
        ),
    };
    scan(pos, lines, entries, target, by, victim, at, only, visit)
}

/// `sq` as a square a scan may read as emptied: `Square::NONE` is a wall corner, never emptied.
#[inline(always)]
fn emptiable(sq: Square) -> Square {
    if sq.is_none() {
        Square::OUTSIDE
    } else {
        sq
    }
}

/// The board of `pos` with the squares `vacated` picks read as empty.
#[inline(always)]
fn vacated_view<'a>(
    pos: &'a Position,
    vacated: impl Fn(Square) -> bool + 'a,
) -> impl Fn(Square) -> Piece + 'a {
    let board = pos.board();
    move |sq| {
        if vacated(sq) {
            Piece::EMPTY
        } else {
            board[sq]
        }
    }
}

/// Whether a piece of colour `by` would attack `target` once a move has emptied `from` and put
/// `placed` on `to` (`from` may be `Square::NONE` for a drop), read from the board as it stands.
/// Only where `target` is not attacked now, so that only the lines and entries through `from`
/// or `to` need a look, and only for an attack table without exotic captures
/// (`complex == 0`), whose attacks the table's lines and entries cover.
// Kept out of line: inlined into the legality filter it slowed chess perft by 3%.
#[inline(never)]
pub fn attacked_after(
    pos: &Position,
    target: Square,
    by: Colour,
    from: Square,
    to: Square,
    placed: Piece,
) -> bool {
    let table = &pos.tables.attack[by];
    debug_assert_eq!(table.complex, 0);
    let from = emptiable(from);
    let emptied = vacated_view(pos, |sq| sq == from);
    let view = |sq: Square| if sq == to { placed } else { emptied(sq) };
    let touched = touched(table, target, from, to, Arrives::Ally);
    let victim = pos.at(target);
    scan(
        pos,
        &table.lines,
        &table.unmerged,
        target,
        by,
        victim,
        view,
        Some(touched),
        |_| true,
    )
}

/// Whether a check made by `mv` must come through one of its two squares and `table` (the
/// moving side's) describes every attack: a move or drop that changes no other square, under
/// rules where a check comes only from an attack on a royal piece that was not attacked
/// before and the mover stays where it stops (no explosions, petrification, passive burning,
/// royalty by count or duple check).
fn two_squares_tell(pos: &Position, mv: Move, table: &AttackTable) -> bool {
    let tables = &pos.tables;
    let simple = matches!(mv.kind, MoveKind::Normal | MoveKind::Drop)
        && mv.kills_nothing()
        && mv.gate.is_none();
    let premise = !tables.explodes
        && !tables.petrifies
        && !tables.burns_passively
        && !tables.royal_by_count
        && !tables.variant.rules.duple_check;
    simple && premise && table.complex == 0
}

/// Whether pseudo-legal move `mv` of the side to move would attack an enemy royal piece,
/// told without making it where [`in_check_after`] would look only along the lines and
/// entries through the move's two squares (the same moves, tables and rules); `None`
/// elsewhere, where the move must be made to tell.
pub fn gives_check_unmade(pos: &Position, mv: Move) -> Option<bool> {
    check_unmade(pos, pos.side(), mv, true, u64::MAX)
}

/// Whether the piece pseudo-legal move `mv` of colour `by` (the side to move or not) puts on
/// its destination would attack an enemy royal piece from there (a direct check: not one the
/// move uncovers), told as [`gives_check_unmade`] tells it: `None` where the move must be
/// made to tell. For the side not to move, the premise that the royal pieces are not
/// attacked before the move is the caller's to keep.
pub fn checks_directly_unmade(pos: &Position, by: Colour, mv: Move) -> Option<bool> {
    let kind = arriving_for(pos, mv, by).kind();
    let structures = pos.tables.attack[by].by_type[kind];
    check_unmade(pos, by, mv, false, structures)
}

/// [`gives_check_unmade`] for a move of colour `by`, with checks the move uncovers
/// (`uncovered`) or without, along only the `structures` of the attack table whose bits are
/// set (and every structure past the 64th).
#[inline(always)]
fn check_unmade(
    pos: &Position,
    by: Colour,
    mv: Move,
    uncovered: bool,
    structures: u64,
) -> Option<bool> {
    let table = &pos.tables.attack[by];
    if !two_squares_tell(pos, mv, table) {
        return None;
    }
    let placed = arriving_for(pos, mv, by);
    // A drop's `from` is `Square::NONE`, which nothing emptied.
    let from = emptiable(mv.from);
    let emptied = vacated_view(pos, |sq| sq == from);
    let view = |sq: Square| if sq == mv.to { placed } else { emptied(sq) };
    let opened = if uncovered { from } else { Square::OUTSIDE };
    Some(attacked_through(
        pos,
        by,
        pos.royals(!by),
        opened,
        mv.to,
        view,
        structures,
    ))
}

/// Whether the side to move is in check after `mv`, the move just made, given that it was
/// not in check before that move — as in every position a legal move reaches, and every
/// position a FEN sets up ([`check_not_left_in_check`](super::setup::check_not_left_in_check)).
/// Then only the lines and entries through the move's two squares can have made an attack,
/// and only those are looked along. Moves that change more than two squares, attack tables
/// with exotic captures, and rules under which the premise or the two squares fail
/// (explosions, petrification, royalty by count, duple check) take the full test.
pub fn in_check_after(pos: &Position, mv: Move) -> bool {
    let us = pos.side();
    let by = !us;
    let table = &pos.tables.attack[by];
    if !two_squares_tell(pos, mv, table) {
        return in_check(pos, us);
    }
    // A drop's `from` is `Square::NONE`, which nothing emptied.
    let from = emptiable(mv.from);
    let board = pos.board();
    attacked_through(
        pos,
        by,
        pos.royals(us),
        from,
        mv.to,
        |sq| board[sq],
        u64::MAX,
    )
}

/// Whether a piece of colour `by` attacks one of `royals` along the lines and entries of its
/// attack table that a move emptying `from` and filling `to` touches, the board read through
/// `at` (the check tests that look only through a move's two squares), of those only the
/// `structures` whose bits are set (and every one past the 64th).
#[inline(always)]
fn attacked_through(
    pos: &Position,
    by: Colour,
    royals: &[Square],
    from: Square,
    to: Square,
    at: impl Fn(Square) -> Piece + Copy,
    structures: u64,
) -> bool {
    let table = &pos.tables.attack[by];
    royals.iter().any(|&royal| {
        let touched = touched(table, royal, from, to, Arrives::Attacker) & structures;
        let (lines, entries) = (&table.lines, &table.unmerged);
        scan(
            pos,
            lines,
            entries,
            royal,
            by,
            pos.at(royal),
            at,
            Some(touched),
            |_| true,
        )
    })
}

/// Whose piece a move puts on its destination, for [`touched`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Arrives {
    /// A piece of the table's colour: it may attack from there.
    Attacker,
    /// A piece of the other colour: it only blocks or screens.
    Ally,
}

/// The structures of `table` (numbered as
/// [`AttackTable::relevance`](crate::position::ruleset::AttackTable::relevance) does) through
/// which a move emptying `from` (`Square::OUTSIDE`: nothing) and filling `to` can make an
/// attack on `target` appear, among those that can reach `target` at all.
#[inline(always)]
fn touched(table: &AttackTable, target: Square, from: Square, to: Square, arrives: Arrives) -> u64 {
    let filled = match arrives {
        Arrives::Attacker => table.arrival(target, to),
        Arrives::Ally => table.relevant(target, to),
    };
    let emptied = if from == Square::OUTSIDE {
        0
    } else {
        table.relevant(target, from)
    };
    (filled | emptied) & table.candidates[target]
}

/// [`scan_attackers`] over `lines` (each walked once for its slider and its hopper) and then
/// `entries`, reading each square's contents through `at` (the board with a move's changes);
/// with `only`, just the structures whose bits it sets (numbered as
/// [`AttackTable::relevance`](crate::position::ruleset::AttackTable::relevance) does: lines,
/// then entries) and every structure past the 64th.
// Inlined into the check test, its hottest caller: without it xiangqi perft 5 took 11% longer
// (30.7 s against 27.4 s, side by side).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn scan(
    pos: &Position,
    lines: &[AttackLine],
    entries: &[AttackEntry],
    target: Square,
    by: Colour,
    victim: Piece,
    at: impl Fn(Square) -> Piece,
    only: Option<u64>,
    mut visit: impl FnMut(Square) -> bool,
) -> bool {
    let scanner = Scanner {
        pos,
        target,
        by,
        victim,
        at,
    };
    if let Some(mask) = only {
        let mut bits = mask;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let hit = match lines.get(i) {
                Some(line) => scanner.line(line, &mut visit),
                None => scanner.entry(&entries[i - lines.len()], &mut visit),
            };
            if hit {
                return true;
            }
        }
    }
    // Every structure without, or past the 64th with, a mask.
    let skip = if only.is_some() { 64 } else { 0 };
    lines
        .iter()
        .skip(skip)
        .any(|line| scanner.line(line, &mut visit))
        || entries
            .iter()
            .skip(skip.saturating_sub(lines.len()))
            .any(|e| scanner.entry(e, &mut visit))
}

/// One look at the attack table from a target, for [`scan`].
struct Scanner<'a, At> {
    pos: &'a Position,
    target: Square,
    by: Colour,
    victim: Piece,
    at: At,
}

impl<At: Fn(Square) -> Piece> Scanner<'_, At> {
    /// Whether a piece of ours of `types` (`royal_line`: on the flying-general line, not
    /// bound by confinement) stands on `p` and may capture the victim.
    #[inline(always)]
    fn is_attacker(&self, p: Piece, types: u128, royal_line: bool) -> bool {
        let tables = &self.pos.tables;
        let table = &tables.attack[self.by];
        let confined_ok = |kind: usize| {
            table.confined >> kind & 1 == 0
                || tables.pieces[kind]
                    .confine
                    .as_ref()
                    .is_some_and(|c| c[self.by].has(self.target))
        };
        let victim = self.victim;
        p.is_of(self.by)
            && types >> p.kind() & 1 != 0
            && (royal_line || confined_ok(p.kind()))
            && !(victim.is_piece() && tables.pieces[p.kind()].no_capture >> victim.kind() & 1 != 0)
    }

    /// The slider (first piece) and the hopper (second, over the first) of one line.
    #[inline(always)]
    fn line(&self, line: &AttackLine, visit: &mut impl FnMut(Square) -> bool) -> bool {
        let at = &self.at;
        let mut sq = self.target;
        let mut screen: Option<Piece> = None;
        loop {
            sq = sq.offset(-line.off);
            let p = at(sq);
            if p == Piece::EMPTY {
                continue;
            }
            if p == Piece::WALL {
                return false;
            }
            if let Some(s) = screen {
                let screen_ok = line.no_screen >> s.kind() & 1 == 0;
                return screen_ok && self.is_attacker(p, line.hop, false) && visit(sq);
            }
            let slides = self.is_attacker(p, line.slide, false)
                || self.is_attacker(p, line.royal_slide, true);
            if slides && visit(sq) {
                return true;
            }
            if line.hop == 0 {
                // No hopper uses the line: nothing behind the first piece attacks along it.
                return false;
            }
            screen = Some(p);
        }
    }

    /// The attacker of one entry.
    #[inline(always)]
    fn entry(&self, e: &AttackEntry, visit: &mut impl FnMut(Square) -> bool) -> bool {
        let (at, t) = (&self.at, self.target);
        let inside = |sq: Square| e.stay.as_deref().is_none_or(|z| z.has(sq));
        if !inside(t) {
            return false;
        }
        let from_ok = |sq: Square| e.from_zone.as_deref().is_none_or(|z| z.has(sq)) && inside(sq);
        match e.kind {
            AttackKind::Leap => {
                let origin = t.offset(-e.off);
                if origin.is_none() || origin.index() >= self.pos.board().len() {
                    return false;
                }
                self.is_attacker(at(origin), e.types, false)
                    && from_ok(origin)
                    && e.path[..usize::from(e.path_len)]
                        .iter()
                        .all(|&p| at(origin.offset(p)) == Piece::EMPTY)
                    && visit(origin)
            }
            AttackKind::Slide => {
                let mut sq = t;
                let limit = if e.range == UNLIMITED_STEPS {
                    u8::MAX
                } else {
                    e.range
                };
                for _ in 0..limit {
                    sq = sq.offset(-e.off);
                    if !inside(sq) {
                        return false;
                    }
                    let p = at(sq);
                    if p != Piece::EMPTY {
                        return self.is_attacker(p, e.types, e.royal_line)
                            && from_ok(sq)
                            && visit(sq);
                    }
                }
                false
            }
            AttackKind::Hop | AttackKind::Grass => {
                let Some((origin, screen)) = hopper_origin(at, t, e, &inside) else {
                    return false;
                };
                let screen_ok = e.no_screen >> screen.kind() & 1 == 0;
                screen_ok
                    && self.is_attacker(at(origin), e.types, false)
                    && from_ok(origin)
                    && visit(origin)
            }
        }
    }
}

/// Reverse walk for a cannon (`Hop`: any number of empties, a screen, any number of empties,
/// the attacker) or a grasshopper (`Grass`: the screen right behind the target), staying where
/// `inside` allows, reading the board through `at`. Returns the attacker's square and the
/// screen piece.
fn hopper_origin(
    at: &impl Fn(Square) -> Piece,
    target: Square,
    e: &AttackEntry,
    inside: &impl Fn(Square) -> bool,
) -> Option<(Square, Piece)> {
    let limit = if e.range == UNLIMITED_STEPS {
        u32::MAX
    } else {
        u32::from(e.range)
    };
    let mut sq = target;
    let mut steps = 0u32;
    let mut screen = None;
    loop {
        sq = sq.offset(-e.off);
        steps += 1;
        if steps > limit || !inside(sq) {
            return None;
        }
        let p = at(sq);
        if p == Piece::WALL {
            return None;
        }
        match screen {
            None if p == Piece::EMPTY => {
                if e.kind == AttackKind::Grass {
                    return None;
                }
            }
            None => screen = Some(p),
            Some(_) if p == Piece::EMPTY => {}
            Some(s) => return Some((sq, s)),
        }
    }
}

/// A sink that looks for a capture of one square (as destination or locust victim).
struct CaptureFinder<'a> {
    pos: &'a Position,
    target: Square,
    found: bool,
}

impl Sink for CaptureFinder<'_> {
    const QUIETS: bool = false;

    fn push(&mut self, mv: Move) -> bool {
        let hit = (mv.to == self.target
            && mv.to != mv.from
            && !mv.is_castle()
            && self.pos.at(self.target).is_piece())
            || (!mv.is_castle() && mv.kills.contains(&self.target));
        if hit {
            self.found = true;
        }
        !hit
    }
}

/// A sink that notes whether a burner's move captures the piece on `target` or stops next
/// to it and burns it (the target holding a piece of the other side); a burner burned where
/// it stops (next to a passive burner of the target's side) burns nothing.
struct BurnFinder<'a> {
    pos: &'a Position,
    target: Square,
    found: bool,
}

impl Sink for BurnFinder<'_> {
    fn push(&mut self, mv: Move) -> bool {
        let victim = self.pos.at(self.target);
        let mover = self.pos.at(mv.from);
        let burns_it = || adjacent(self.pos, mv.to, self.target) && !self.pos.burnt_on_arrival(mv);
        let hit = !mv.is_castle()
            && !mv.is_drop()
            && victim.is_piece()
            && victim.colour() != mover.colour()
            && (mv.to == self.target || mv.kills.contains(&self.target) || burns_it());
        if hit {
            self.found = true;
        }
        !hit
    }
}

/// Own pieces of `us` pinned to the royal on `ksq` by sliders of `them`: the only own piece
/// between the royal and an enemy slider that would attack the royal without it.
pub fn pinned(pos: &Position, ksq: Square, us: Colour) -> ArrayVec<Square, 16> {
    let them = !us;
    let board = pos.board();
    let mut out = ArrayVec::new();
    for e in &pos.tables.attack[them].entries {
        if e.kind != AttackKind::Slide {
            continue;
        }
        let limit = if e.range == UNLIMITED_STEPS {
            u8::MAX
        } else {
            e.range
        };
        let mut sq = ksq;
        let mut shield = Square::NONE;
        for _ in 0..limit {
            sq = sq.offset(-e.off);
            let p = board[sq];
            if p == Piece::EMPTY {
                continue;
            }
            if p == Piece::WALL {
                break;
            }
            if p.colour() == us {
                if shield.is_some() {
                    break;
                }
                shield = sq;
                continue;
            }
            if shield.is_some() && e.types >> p.kind() & 1 != 0 && !out.is_full() {
                out.push(shield);
            }
            break;
        }
    }
    out
}

/// Whether `colour` is in check: a royal piece is attacked (with duple check: all of them
/// are). In variants with explosions a royal piece next to the enemy royal is never in check,
/// as capturing it would blow up the capturer's own royal.
pub fn in_check(pos: &Position, colour: Colour) -> bool {
    in_check_opening(pos, colour, Square::NONE)
}

/// [`in_check`] as if the square `open` were empty (`Square::NONE`: as the board stands).
pub fn in_check_opening(pos: &Position, colour: Colour, open: Square) -> bool {
    let royals = pos.royals(colour);
    let explodes = pos.tables.explodes;
    let checked = |&r: &Square| {
        if explodes && pos.royals(!colour).iter().any(|&e| adjacent(pos, r, e)) {
            return false;
        }
        attacked_ignoring(pos, r, !colour, open)
    };
    if pos.tables.variant.rules.duple_check && royals.len() > 1 {
        royals.iter().all(checked)
    } else {
        royals.iter().any(checked)
    }
}

/// Whether two squares touch (including diagonally).
pub fn adjacent(pos: &Position, a: Square, b: Square) -> bool {
    pos.geo().king_distance(a, b) <= 1
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::{gives_check_unmade, in_check, in_check_after, scan};
    use crate::movegen::playout::{playout_move, shipped};
    use crate::movegen::{build_ruleset, legal_moves, make_move, pseudo, Move};
    use crate::position::{Position, RankStyle};
    use crate::types::{Colour, Square};
    use crate::variant::load_by_name;

    /// Along playouts of every shipped variant, after every legal move, the check test that
    /// looks only through the move's squares answers as the full test does (the test fails
    /// when a leaper's arrival on its checking square is not looked at); so does the test that
    /// tells before a pseudo-legal move is made whether it would check, wherever it answers.
    #[test]
    fn the_check_test_after_a_move_agrees_with_the_full_test() {
        let mut checks = 0;
        let mut unmade = 0;
        for (n, name, ruleset) in shipped() {
            let mut pos = Position::start(ruleset);
            let mut legal = Vec::new();
            let mut pseudo_legal: Vec<Move> = Vec::new();
            for ply in 0..80usize {
                legal_moves(&mut pos, &mut legal);
                if legal.is_empty() {
                    break;
                }
                pseudo_legal.clear();
                pseudo::generate(&pos, &mut pseudo_legal);
                for &mv in &pseudo_legal {
                    let Some(check) = gives_check_unmade(&pos, mv) else {
                        continue;
                    };
                    unmade += 1;
                    make_move(&mut pos, mv);
                    let full = in_check(&pos, pos.side());
                    pos.unmake();
                    assert_eq!(check, full, "{name}: {mv:?} in {}", pos.to_fen());
                }
                let mut checking = Vec::new();
                for &mv in &legal {
                    make_move(&mut pos, mv);
                    let full = in_check(&pos, pos.side());
                    assert_eq!(
                        in_check_after(&pos, mv),
                        full,
                        "{name}: {mv:?} to {}",
                        pos.to_fen()
                    );
                    if full {
                        checking.push(mv);
                    }
                    pos.unmake();
                }
                checks += checking.len();
                // Checks half the time, where there are some, for positions in and near check.
                let pool = if ply % 2 == 0 && !checking.is_empty() {
                    &checking
                } else {
                    &legal
                };
                make_move(&mut pos, playout_move(pool, ply, n));
            }
        }
        assert!(checks > 1000, "only {checks} checking moves");
        assert!(
            unmade > 100_000,
            "only {unmade} moves told before they were made"
        );
    }

    /// Along playouts of every shipped variant, on every square, for both colours: the check
    /// test, which looks only at the structures that can attack the square at all
    /// (`AttackTable::candidates`), finds an attack exactly where a look at every structure
    /// does (the test fails when the attackers of leaps are looked for on the wrong side).
    #[test]
    fn the_candidate_structures_of_a_square_hold_every_attack_on_it() {
        let mut attacks = 0;
        for (n, name, ruleset) in shipped() {
            let mut pos = Position::start(ruleset.clone());
            let mut legal = Vec::new();
            for ply in 0..40usize {
                for target in ruleset.geo.squares() {
                    for by in Colour::BOTH {
                        let table = &ruleset.attack[by];
                        let (lines, entries) = (&table.lines, &table.unmerged);
                        let board = pos.board();
                        let at = |sq: Square| board[sq];
                        let victim = pos.at(target);
                        let every =
                            scan(&pos, lines, entries, target, by, victim, at, None, |_| true);
                        let candidates = Some(table.candidates[target]);
                        let masked = scan(
                            &pos,
                            lines,
                            entries,
                            target,
                            by,
                            victim,
                            at,
                            candidates,
                            |_| true,
                        );
                        assert_eq!(
                            masked,
                            every,
                            "{name}: {target:?} by {by:?} at {}",
                            pos.to_fen()
                        );
                        attacks += usize::from(every);
                    }
                }
                legal_moves(&mut pos, &mut legal);
                if legal.is_empty() {
                    break;
                }
                make_move(&mut pos, playout_move(&legal, ply, n));
            }
        }
        assert!(attacks > 100_000, "only {attacks} attacks");
    }

    /// The check test walks each orthogonal line of xiangqi once for the chariot and the
    /// cannon; janggi's cannon, which may not use a cannon as its screen, keeps that limit on
    /// its lines; chess has no hopper, so its slides stay entries.
    #[test]
    fn hoppers_share_one_walk_with_the_sliders_of_their_line() {
        let table = |name: &str| {
            let variant = load_by_name(name).expect("a shipped variant loads");
            let ruleset = build_ruleset(Arc::new(variant)).expect("its ruleset builds");
            let kind = |letter: char| {
                ruleset
                    .pieces
                    .iter()
                    .position(|p| p.id.letter() == letter)
                    .expect("the piece exists")
            };
            let (chariot, cannon) = (kind('R'), kind('C'));
            let lines = ruleset.attack[Colour::White].lines.clone();
            (lines, chariot, cannon)
        };
        for name in ["xiangqi", "janggi"] {
            let (lines, chariot, cannon) = table(name);
            assert_eq!(lines.len(), 4, "{name}");
            for line in &lines {
                assert_eq!(line.slide, 1 << chariot, "{name}");
                assert_eq!(line.hop, 1 << cannon, "{name}");
                let screens_barred = if name == "janggi" { 1 << cannon } else { 0 };
                assert_eq!(line.no_screen, screens_barred, "{name}");
            }
        }
        let variant = load_by_name("chess").expect("chess loads");
        let ruleset = build_ruleset(Arc::new(variant)).expect("its ruleset builds");
        assert!(ruleset.attack[Colour::White].lines.is_empty());
    }

    /// Which of Black's attacks on e1 a change of one square can create, by xiangqi's rules:
    /// along the e-file and the first rank (a chariot's or a cannon's lines), and through d2
    /// or f2, the legs of a horse checking from c2 or d3 (over d2) and from f3 or g2 (over f2).
    /// A square from which a horse would check (c2, d3) holds no leg, and squares on no line
    /// through e1 (a9, i10) can create no attack on it.
    #[test]
    fn only_the_lines_and_legs_through_a_square_are_relevant_to_a_target() {
        let variant = load_by_name("xiangqi").expect("xiangqi loads");
        let ruleset = build_ruleset(Arc::new(variant)).expect("its ruleset builds");
        let geo = ruleset.geo;
        let sq = |name: &str| {
            geo.parse_square(name, RankStyle::FromOne)
                .expect("a square")
                .0
        };
        let table = &ruleset.attack[Colour::Black];
        let e1 = sq("e1");
        let line_bits = (1u64 << table.lines.len()) - 1;
        for on_line in ["e2", "e5", "e10", "a1", "i1"] {
            assert_ne!(table.relevant(e1, sq(on_line)) & line_bits, 0, "{on_line}");
        }
        for leg in ["d2", "f2"] {
            let bits = table.relevant(e1, sq(leg));
            assert_eq!(bits & line_bits, 0, "{leg}");
            assert_ne!(bits, 0, "{leg}");
        }
        for none in ["c2", "a9", "d3", "i10"] {
            assert_eq!(table.relevant(e1, sq(none)), 0, "{none}");
        }
    }
}
