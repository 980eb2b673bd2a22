//! The check test: is a square attacked by a colour? Simple capture patterns are looked up in
//! reverse from the target through the variant's attack table (leapers with their lame paths,
//! sliders, cannons, grasshoppers); pieces with exotic captures generate their moves.

use super::pseudo::piece_moves;
use super::Sink;
use crate::position::moves::Move;
use crate::position::ruleset::{AttackEntry, AttackKind, AttackLine, UNLIMITED_STEPS};
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
    // Square::NONE is a wall corner: never treat it as an emptied square.
    let ignore = if ignore.is_none() {
        Square::OUTSIDE
    } else {
        ignore
    };
    // The piece that would be captured: the one moving away from `ignore` (a royal piece
    // testing its destination), else whatever stands on the target.
    let victim = if ignore == Square::OUTSIDE {
        pos.at(target)
    } else {
        pos.at(ignore)
    };
    let table = &pos.tables.attack[by];
    let vacated = |sq: Square| sq == ignore;
    let (lines, rest) = (&table.lines, &table.unmerged);
    if scan(pos, lines, rest, target, by, victim, vacated, |_| true) {
        return true;
    }
    if table.complex != 0 {
        for &sq in pos.pieces(by) {
            let p = pos.at(sq);
            if table.complex >> p.kind() & 1 != 0 {
                let mut finder = CaptureFinder {
                    pos,
                    target,
                    found: false,
                };
                piece_moves(pos, sq, &mut finder);
                if finder.found {
                    return true;
                }
            }
        }
    }
    false
}

/// The pieces of colour `by` whose capture patterns in the attack table reach `target`, on the
/// board with the `vacated` squares emptied (pieces with exotic captures are not consulted):
/// `visit` is called with each one's square until it returns true, and then so does this.
/// `victim` is the piece that would be captured, for the pieces that may not take it.
/// Every attacker is visited in the order of the table's entries (the exchange evaluation
/// relies on it).
pub fn scan_attackers(
    pos: &Position,
    target: Square,
    by: Colour,
    victim: Piece,
    vacated: impl Fn(Square) -> bool,
    visit: impl FnMut(Square) -> bool,
) -> bool {
    let entries = &pos.tables.attack[by].entries;
    scan(pos, &[], entries, target, by, victim, vacated, visit)
}

/// [`scan_attackers`] over `lines` (each walked once for its slider and its hopper) and then
/// `entries`.
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
    vacated: impl Fn(Square) -> bool,
    mut visit: impl FnMut(Square) -> bool,
) -> bool {
    let tables = &pos.tables;
    let table = &tables.attack[by];
    let board = pos.board();
    let at = |sq: Square| {
        if vacated(sq) {
            Piece::EMPTY
        } else {
            board[sq]
        }
    };
    let t = target;
    let confined_ok = |kind: usize| {
        table.confined >> kind & 1 == 0
            || tables.pieces[kind]
                .confine
                .as_ref()
                .is_some_and(|c| c[by].has(target))
    };
    let is_attacker = |p: Piece, types: u128, royal_line: bool| -> bool {
        p.is_of(by)
            && types >> p.kind() & 1 != 0
            && (royal_line || confined_ok(p.kind()))
            && !(victim.is_piece() && tables.pieces[p.kind()].no_capture >> victim.kind() & 1 != 0)
    };
    for line in lines {
        let mut sq = t;
        let mut screen: Option<Piece> = None;
        loop {
            sq = sq.offset(-line.off);
            let p = at(sq);
            if p == Piece::EMPTY {
                continue;
            }
            if p == Piece::WALL {
                break;
            }
            if let Some(s) = screen {
                let screen_ok = line.no_screen >> s.kind() & 1 == 0;
                if screen_ok && is_attacker(p, line.hop, false) && visit(sq) {
                    return true;
                }
                break;
            }
            let slides =
                is_attacker(p, line.slide, false) || is_attacker(p, line.royal_slide, true);
            if slides && visit(sq) {
                return true;
            }
            screen = Some(p);
        }
    }
    for e in entries {
        let inside = |sq: Square| e.stay.is_none_or(|z| z.has(sq));
        if !inside(t) {
            continue;
        }
        let from_ok = |sq: Square| e.from_zone.is_none_or(|z| z.has(sq)) && inside(sq);
        match e.kind {
            AttackKind::Leap => {
                let origin = t.offset(-e.off);
                if origin.is_none() || origin.index() >= board.len() {
                    continue;
                }
                if is_attacker(at(origin), e.types, false)
                    && from_ok(origin)
                    && e.path[..usize::from(e.path_len)]
                        .iter()
                        .all(|&p| at(origin.offset(p)) == Piece::EMPTY)
                    && visit(origin)
                {
                    return true;
                }
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
                        break;
                    }
                    let p = at(sq);
                    if p == Piece::EMPTY {
                        continue;
                    }
                    if is_attacker(p, e.types, e.royal_line) && from_ok(sq) && visit(sq) {
                        return true;
                    }
                    break;
                }
            }
            AttackKind::Hop | AttackKind::Grass => {
                let found = hopper_origin(&at, t, e, &inside);
                if let Some((origin, screen)) = found {
                    let screen_ok = e.no_screen >> screen.kind() & 1 == 0;
                    if screen_ok
                        && is_attacker(at(origin), e.types, false)
                        && from_ok(origin)
                        && visit(origin)
                    {
                        return true;
                    }
                }
            }
        }
    }
    false
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
    let geo = pos.geo();
    let (ax, ay) = geo.coords(a);
    let (bx, by) = geo.coords(b);
    ax.abs_diff(bx) <= 1 && ay.abs_diff(by) <= 1
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use crate::movegen::build_ruleset;
    use crate::types::Colour;
    use crate::variant::load_by_name;

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
                    .position(|p| p.letter == letter)
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
}
