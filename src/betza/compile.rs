//! Compile a parsed XBetza description into per-colour move tables.
//!
//! The tables are independent of the board: vectors are (dx, dy) in squares, already rotated
//! for the colour (Black's first-leg vectors are White's negated). A single-leg component
//! becomes one [`Ray`] per direction, which the generator walks with plain offsets; a multi-leg
//! component becomes a [`MultiLeg`] (first-leg vectors per colour plus relative later legs); an
//! `O` component becomes a [`Castle`]. Nothing here is re-read from text at move time.

use crate::types::{ByColour, Colour};
use arrayvec::ArrayVec;

use super::ast::{self, Atom, Betza, Component, Range};
use super::directions::{
    absolute_slots, default_relative_slots, relative_slots, slot_vector, SlotSet,
};
use super::BetzaError;

/// Range value meaning "unlimited" in compiled rays.
pub const UNLIMITED: u8 = u8::MAX;

/// Destination and relay conditions, and other per-leg properties.
pub mod flags {
    /// May end on (or relay through) an empty square.
    pub const QUIET: u16 = 1 << 0;
    /// May capture a foe (replacement, or locust on a relay square).
    pub const CAPTURE: u16 = 1 << 1;
    /// May capture a friend.
    pub const DESTROY: u16 = 1 << 2;
    /// May move to the en-passant square, removing the e.p. victim.
    pub const EN_PASSANT: u16 = 1 << 3;
    /// May not capture a royal piece; with HOP/GRASS: only friends serve as screens.
    pub const TAME: u16 = 1 << 4;
    /// Cannon-style hop over the first occupied square.
    pub const HOP: u16 = 1 << 5;
    /// Grasshopper: only the square right behind the screen.
    pub const GRASS: u16 = 1 << 6;
    /// Cylinder: files wrap around.
    pub const WRAP: u16 = 1 << 7;
    /// Lame: every pass-over square of a step must be empty.
    pub const LAME: u16 = 1 << 8;
    /// Must jump: a leaper's pass-over square must be occupied.
    pub const MUST_JUMP: u16 = 1 << 9;
    /// This move gives the opponent en-passant rights on the squares it passed.
    pub const CREATES_EP: u16 = 1 << 10;
    /// Relay leg (non-final): an occupied square is passed untouched (hop platform).
    pub const PLATFORM: u16 = 1 << 11;
    /// Relay leg (non-final): later legs toggle their range.
    pub const TOGGLE: u16 = 1 << 12;
    /// Later leg: exactly as many steps as the last earlier leg with range other than 1.
    pub const ISO: u16 = 1 << 13;
    /// A hop over a screen of either kind (cannon or grasshopper).
    pub const HOPPING: u16 = HOP | GRASS;
}

/// One direction of a single-leg component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ray {
    pub dx: i8,
    pub dy: i8,
    /// Maximum number of steps: 1 for a leaper, [`UNLIMITED`] for an unlimited slider.
    pub range: u8,
    /// Squares one step passes over, relative to the step's start (for lameness, must-jump
    /// and e.p. rights).
    pub path: ArrayVec<(i8, i8), 3>,
    pub flags: u16,
    /// Squares skipped at the start of a slider ray (`j` on W/F-step sliders).
    pub skip: u8,
    /// 0: always; 1: only initial (`i`); 2: only one step from the initial square (`ii`).
    pub initial: u8,
}

/// One leg of a multi-leg component after the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaterLeg {
    /// Relative slots: 0 = straight on, 4 = back, 2/6 = right/left turns.
    pub slots: SlotSet,
    pub flags: u16,
    pub jumps: u8,
}

/// A multi-leg component, walked by the generic generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiLeg {
    pub atom: Atom,
    pub range: Range,
    /// Absolute slots of the first leg, for this colour (already rotated for Black).
    pub first_slots: SlotSet,
    pub first_flags: u16,
    pub first_jumps: u8,
    pub initial: u8,
    pub later: Vec<LaterLeg>,
}

impl MultiLeg {
    /// The squares, relative to the start, where this component may capture (a locust victim
    /// on the way or the final square), when every leg is one step of its atom and nothing
    /// else decides where a capture falls (no slides, range toggles, hops, wrapping, e.p. or
    /// friendly captures). `None` otherwise.
    pub fn capture_offsets(&self) -> Option<Vec<(i8, i8)>> {
        const UNUSUAL: u16 = flags::WRAP
            | flags::HOPPING
            | flags::EN_PASSANT
            | flags::TOGGLE
            | flags::ISO
            | flags::DESTROY;
        if self.range != Range::Leap
            || self.first_flags & UNUSUAL != 0
            || self.later.iter().any(|l| l.flags & UNUSUAL != 0)
        {
            return None;
        }
        let mut out = Vec::new();
        for slot in (0..8u8).filter(|s| self.first_slots >> s & 1 != 0) {
            self.collect_captures(0, slot, slot_vector(self.atom, slot), &mut out);
        }
        Some(out)
    }

    /// Leg `k` ends at `at`, reached in absolute slot `slot`: add where it may capture, and
    /// follow the next legs.
    fn collect_captures(&self, k: usize, slot: u8, at: (i8, i8), out: &mut Vec<(i8, i8)>) {
        let f = if k == 0 {
            self.first_flags
        } else {
            self.later[k - 1].flags
        };
        // The start square counts as empty once the piece has left it: nothing to take there.
        if f & flags::CAPTURE != 0 && at != (0, 0) && !out.contains(&at) {
            out.push(at);
        }
        let Some(next) = self.later.get(k) else {
            return;
        };
        for rel in (0..8u8).filter(|r| next.slots >> r & 1 != 0) {
            let s = (slot + rel) & 7;
            let v = slot_vector(self.atom, s);
            self.collect_captures(k + 1, s, (at.0 + v.0, at.1 + v.1), out);
        }
    }
}

/// An `O` castling component: the piece moves `distance` squares towards a partner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castle {
    pub distance: u8,
    /// Towards the h-side (dx > 0 for White's view of the board).
    pub right: bool,
    pub left: bool,
    /// The partner stands this many squares in from the edge.
    pub partner_inset: u8,
    pub initial: u8,
}

/// All moves of a piece for one colour.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceMoves {
    pub rays: Vec<Ray>,
    pub multi: Vec<MultiLeg>,
    pub castles: Vec<Castle>,
}

impl PieceMoves {
    /// The largest coordinate of any single step, for the board border width.
    pub fn max_step(&self) -> u8 {
        let rays = self
            .rays
            .iter()
            .map(|r| r.dx.unsigned_abs().max(r.dy.unsigned_abs()));
        let multi = self.multi.iter().map(|m| m.atom.step().1 as u8);
        rays.chain(multi).max().unwrap_or(1).max(1)
    }
}

/// A compiled piece: its moves for White (index 0) and Black (index 1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompiledPiece {
    pub colours: ByColour<PieceMoves>,
}

/// The most legs one move may have.
pub const MAX_LEGS: usize = 6;
/// The most paths a piece's moves may expand to (see `paths`): the generator follows each
/// one from every square, so a description past it would take minutes and gigabytes.
pub const MAX_PATHS: u64 = 20_000;
/// The steps an unlimited leg counts for in [`paths`] (about a board's width).
const SLIDE_STEPS: u64 = 10;

/// The paths a component expands to: for each leg, its directions times its steps (a slide
/// counts for [`SLIDE_STEPS`]), multiplied over the legs. Saturating: any overflow is past
/// the limit anyway.
fn paths(c: &Component) -> u64 {
    let steps = match c.range {
        Range::Leap => 1,
        Range::Limited(k) => u64::from(k),
        Range::Unlimited => SLIDE_STEPS,
    };
    let slots = u64::from(absolute_slots(c.atom, &c.legs[0].directions).count_ones());
    c.legs[1..].iter().fold(slots * steps, |n, leg| {
        let later =
            relative_slots(&leg.directions).unwrap_or_else(|| default_relative_slots(c.atom));
        n.saturating_mul(u64::from(later.count_ones()) * steps)
    })
}

/// Refuses a description past [`MAX_LEGS`] or [`MAX_PATHS`], at the component that passes it.
fn check_size(betza: &Betza) -> Result<(), BetzaError> {
    let mut total: u64 = 0;
    for c in &betza.components {
        if c.atom == Atom::O {
            continue;
        }
        if c.legs.len() > MAX_LEGS {
            return Err(BetzaError::new(
                c.span.0,
                format!(
                    "too many legs: this move has {} legs, at most {MAX_LEGS} are allowed",
                    c.legs.len()
                ),
            ));
        }
        total = total.saturating_add(paths(c));
        if total > MAX_PATHS {
            return Err(BetzaError::new(
                c.span.0,
                format!(
                    "too many legs: the moves expand to {} paths or more, at most {MAX_PATHS} are \
                     allowed (each leg's directions times its steps, multiplied over the legs; a \
                     slide counts {SLIDE_STEPS} steps)",
                    total
                ),
            ));
        }
    }
    Ok(())
}

/// Compile a parsed description (refused past [`MAX_LEGS`] or [`MAX_PATHS`]).
pub fn compile(betza: &Betza) -> Result<CompiledPiece, BetzaError> {
    check_size(betza)?;
    let mut piece = CompiledPiece::default();
    for component in &betza.components {
        for colour in Colour::BOTH {
            compile_component(component, colour, &mut piece.colours[colour])?;
        }
    }
    Ok(piece)
}

fn range_steps(range: Range) -> u8 {
    match range {
        Range::Leap => 1,
        Range::Limited(k) => k,
        Range::Unlimited => UNLIMITED,
    }
}

fn leg_flags(leg: &ast::Leg, final_leg: bool) -> u16 {
    let m = leg.modes;
    let mut f = 0;
    if m & ast::MODE_M != 0 {
        f |= flags::QUIET;
    }
    if m & ast::MODE_C != 0 {
        f |= flags::CAPTURE;
    }
    if m & ast::MODE_D != 0 {
        f |= flags::DESTROY;
    }
    if m & ast::MODE_E != 0 {
        f |= flags::EN_PASSANT;
    }
    if m & ast::MODE_T != 0 {
        f |= flags::TAME;
    }
    if m & ast::MODE_O != 0 {
        f |= flags::WRAP;
    }
    if final_leg {
        if m & ast::MODE_P != 0 {
            f |= flags::HOP;
        }
        if m & ast::MODE_G != 0 {
            f |= flags::GRASS;
        }
        if f & (flags::QUIET | flags::CAPTURE | flags::DESTROY | flags::EN_PASSANT) == 0 {
            f |= flags::QUIET | flags::CAPTURE;
        }
    } else {
        if m & (ast::MODE_P | ast::MODE_G) != 0 {
            f |= flags::PLATFORM;
        }
        if m & (ast::MODE_G | ast::MODE_Y) != 0 {
            f |= flags::TOGGLE;
        }
        if m & (ast::MODE_C | ast::MODE_D | ast::MODE_P | ast::MODE_G) == 0 {
            f |= flags::QUIET;
        }
    }
    if leg.lame > 0 {
        f |= flags::LAME;
    }
    f
}

/// Pass-over squares of one leap (lame paths, spec 7.3): the straight line for orthogonal and
/// diagonal leaps; for oblique leaps orthogonal steps along the long axis until the rest is
/// diagonal, then diagonal steps (Fairy-Stockfish's convention; `nN` = the xiangqi horse).
pub fn pass_over(dx: i8, dy: i8) -> ArrayVec<(i8, i8), 3> {
    let mut path = ArrayVec::new();
    let (mut x, mut y) = (0i8, 0i8);
    loop {
        let (rx, ry) = (dx - x, dy - y);
        let (ax, ay) = (rx.abs(), ry.abs());
        if ax <= 1 && ay <= 1 {
            break;
        }
        if ax == ay || ax == 0 || ay == 0 {
            x += rx.signum();
            y += ry.signum();
        } else if ax > ay {
            x += rx.signum();
        } else {
            y += ry.signum();
        }
        if (x, y) == (dx, dy) || path.is_full() {
            break;
        }
        path.push((x, y));
    }
    path
}

fn rotate(v: (i8, i8), colour: Colour) -> (i8, i8) {
    if colour == Colour::White {
        v
    } else {
        (-v.0, -v.1)
    }
}

fn rotate_slots(slots: SlotSet, colour: Colour) -> SlotSet {
    if colour == Colour::White {
        slots
    } else {
        slots.rotate_left(4)
    }
}

fn compile_component(
    c: &Component,
    colour: Colour,
    out: &mut PieceMoves,
) -> Result<(), BetzaError> {
    let first = &c.legs[0];
    if c.atom == Atom::O {
        return compile_castle(c, colour, out);
    }
    if c.legs.len() == 1 {
        let mut f = leg_flags(first, true);
        let range = range_steps(c.range);
        let jump_atom = c.atom.step().1 >= 2;
        if first.jumps > 0 && jump_atom {
            f |= flags::MUST_JUMP;
        }
        let creates_ep = (first.initial > 0 && first.lame > 0) || first.lame >= 2;
        if creates_ep {
            f |= flags::CREATES_EP;
        }
        let skip = if jump_atom { 0 } else { first.jumps };
        let slots = absolute_slots(c.atom, &first.directions);
        for k in 0..8u8 {
            if slots >> k & 1 == 0 {
                continue;
            }
            let (dx, dy) = rotate(slot_vector(c.atom, k), colour);
            out.rays.push(Ray {
                dx,
                dy,
                range,
                path: pass_over(dx, dy),
                flags: f,
                skip,
                initial: first.initial,
            });
        }
        return Ok(());
    }
    let later = c.legs[1..]
        .iter()
        .enumerate()
        .map(|(i, leg)| {
            let last = i + 2 == c.legs.len();
            let mut f = leg_flags(leg, last);
            if leg.initial > 0 {
                f |= flags::ISO;
            }
            LaterLeg {
                slots: relative_slots(&leg.directions)
                    .unwrap_or_else(|| default_relative_slots(c.atom)),
                flags: f,
                jumps: leg.jumps,
            }
        })
        .collect();
    let multi = MultiLeg {
        atom: c.atom,
        range: c.range,
        first_slots: rotate_slots(absolute_slots(c.atom, &first.directions), colour),
        first_flags: leg_flags(first, false),
        first_jumps: first.jumps,
        initial: first.initial,
        later,
    };
    match as_lame_leaps(&multi) {
        Some(rays) => out.rays.extend(rays),
        None => out.multi.push(multi),
    }
    Ok(())
}

/// A multi-leg move whose legs are single steps and whose relays only need an empty square
/// (`mafsW`, janggi's `mafsmafW`) is a set of lame leaps: one ray per path, its relay squares
/// as the path that must be empty. Such moves are walked and attack-tested like any leaper.
fn as_lame_leaps(m: &MultiLeg) -> Option<Vec<Ray>> {
    let simple = |f: u16| f & !flags::QUIET == 0;
    let final_flags = m.later.last()?.flags;
    if m.range != Range::Leap
        || !simple(m.first_flags)
        || m.first_jumps != 0
        || m.later[..m.later.len() - 1]
            .iter()
            .any(|l| !simple(l.flags) || l.jumps != 0)
        || m.later.last()?.jumps != 0
        || final_flags & (flags::HOPPING | flags::WRAP | flags::ISO | flags::LAME) != 0
    {
        return None;
    }
    let mut rays = Vec::new();
    let mut path = Vec::new();
    for slot in (0..8u8).filter(|s| m.first_slots >> s & 1 != 0) {
        let v = slot_vector(m.atom, slot);
        path.push(v);
        let ok = extend_path(m, 0, slot, v, &mut path, final_flags, &mut rays);
        path.pop();
        if !ok {
            return None;
        }
    }
    Some(rays)
}

/// Follow later leg `k` from the relay at `at` (reached in `slot`); false if a path cannot be
/// a plain leap (it comes back to the start or needs more than two relays).
fn extend_path(
    m: &MultiLeg,
    k: usize,
    slot: u8,
    at: (i8, i8),
    path: &mut Vec<(i8, i8)>,
    final_flags: u16,
    rays: &mut Vec<Ray>,
) -> bool {
    let leg = &m.later[k];
    for rel in (0..8u8).filter(|r| leg.slots >> r & 1 != 0) {
        let s = (slot + rel) & 7;
        let v = slot_vector(m.atom, s);
        let to = (at.0 + v.0, at.1 + v.1);
        if to == (0, 0) || path.contains(&to) {
            return false;
        }
        if k + 1 == m.later.len() {
            if path.len() > 2 {
                return false;
            }
            rays.push(Ray {
                dx: to.0,
                dy: to.1,
                range: 1,
                path: path.iter().copied().collect(),
                flags: final_flags | flags::LAME,
                skip: 0,
                initial: m.initial,
            });
        } else {
            path.push(to);
            let ok = extend_path(m, k + 1, s, to, path, final_flags, rays);
            path.pop();
            if !ok {
                return false;
            }
        }
    }
    true
}

fn compile_castle(c: &Component, colour: Colour, out: &mut PieceMoves) -> Result<(), BetzaError> {
    if c.legs.len() > 1 {
        return Err(BetzaError::new(
            c.span.0,
            "castling (O) cannot be part of a multi-leg move",
        ));
    }
    let leg = &c.legs[0];
    let distance = range_steps(c.range);
    if distance == UNLIMITED || distance == 0 {
        return Err(BetzaError::new(
            c.span.0,
            "castling (O) needs a distance of 1 or more",
        ));
    }
    let dirs = &leg.directions;
    let (mut right, mut left) = (dirs.contains('r'), dirs.contains('l'));
    if dirs.contains('s') || dirs.is_empty() {
        right = true;
        left = true;
    }
    if colour == Colour::Black {
        std::mem::swap(&mut right, &mut left);
    }
    out.castles.push(Castle {
        distance,
        right,
        left,
        partner_inset: leg.jumps,
        initial: leg.initial,
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza::parse;

    /// The capture offsets of each multi-leg component of `text` for White, sorted.
    fn capture_offsets(text: &str) -> Vec<Option<Vec<(i8, i8)>>> {
        let compiled = compile(&parse(text).expect("valid XBetza")).expect("compiles");
        compiled.colours[Colour::White]
            .multi
            .iter()
            .map(|m| {
                m.capture_offsets().map(|mut v| {
                    v.sort_unstable();
                    v
                })
            })
            .collect()
    }

    #[test]
    fn the_lions_double_steps_capture_within_two_squares() {
        // caK: a capture on one of the 8 neighbours, then a second step that may capture:
        // every square within two steps (24); mcabK: a step that may capture and a step
        // back to the start, where nothing can be taken (8).
        let all = capture_offsets("caKmcabK");
        assert_eq!(all.len(), 2);
        let double = all[0].as_ref().expect("single steps");
        let within_two: Vec<(i8, i8)> = (-2..=2)
            .flat_map(|x| (-2..=2).map(move |y| (x, y)))
            .filter(|&o| o != (0, 0))
            .collect();
        assert_eq!(double, &within_two);
        let igui = all[1].as_ref().expect("single steps");
        let neighbours: Vec<(i8, i8)> = within_two
            .iter()
            .copied()
            .filter(|&(x, y)| x.abs() <= 1 && y.abs() <= 1)
            .collect();
        assert_eq!(igui, &neighbours);
    }

    #[test]
    fn the_falcons_forward_double_step_captures_one_and_two_ahead() {
        assert_eq!(
            capture_offsets("fcafWfmcabW"),
            vec![Some(vec![(0, 1), (0, 2)]), Some(vec![(0, 1)])]
        );
    }

    #[test]
    fn a_slide_has_no_fixed_capture_squares() {
        assert_eq!(capture_offsets("caR"), vec![None]);
        assert_eq!(capture_offsets("cabR"), vec![None]);
    }

    #[test]
    fn too_many_legs_are_refused_at_their_component() {
        let e = crate::betza::read("WmamamamamamamamaK").expect_err("nine legs");
        assert_eq!(e.position, 1);
        assert!(
            e.message.starts_with("too many legs: this move has 9 legs"),
            "{e}"
        );
        // K's first leg has 8 directions and each later one 7: 8 x 7^4 = 19,208 paths.
        assert!(crate::betza::read("mamamamaK").is_ok());
        let e = crate::betza::read("mamamamamaK").expect_err("134,456 paths");
        assert!(e.message.contains("expand to 134456 paths"), "{e}");
        // Castling components count for nothing; slides count ten steps a leg.
        assert!(crate::betza::read("QO2").is_ok());
        // 8 x 10 then 7 x 10 a leg: two legs are 5,600 paths, three 392,000.
        assert!(crate::betza::read("maQ").is_ok());
        assert!(crate::betza::read("mamaQ").is_err());
    }
}
