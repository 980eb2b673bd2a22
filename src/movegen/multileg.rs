//! The generic walker for multi-leg XBetza moves (spec 6.7): each leg walks its ray square by
//! square along the same courses as single-leg rays (`ray`), so it ends at walls and board
//! edges as they do; every square that satisfies the leg's relay condition starts the next leg
//! in the directions relative to this one; the final leg emits moves. Locust victims are
//! collected on the way; the start square counts as empty once the piece has left it.

use crate::types::{Colour, Piece, Square};
use arrayvec::ArrayVec;

use super::ray::{Cylinder, Mailbox, RayCourse};
use super::sink::{capturable, emit, initial_ok, Sink};
use crate::betza::ast::Range;
use crate::betza::compile::{flags, pass_over, MultiLeg};
use crate::betza::directions::slot_vector;
use crate::position::ruleset::{PieceInfo, RayShape, RayT, MAX_PASSED};
use crate::position::Geometry;
use crate::position::Position;

/// XBoard transmits at most two locust victims per move; longer chains are not generated.
const MAX_KILLS: usize = 2;

struct Walk<'a, S: Sink> {
    pos: &'a Position,
    from: Square,
    colour: Colour,
    info: &'a PieceInfo,
    comp: &'a MultiLeg,
    kills: ArrayVec<Square, MAX_KILLS>,
    sink: &'a mut S,
}

/// Generate the moves of one multi-leg component. Returns false if the sink asked to stop.
pub fn walk<S: Sink>(
    pos: &Position,
    from: Square,
    colour: Colour,
    info: &PieceInfo,
    comp: &MultiLeg,
    sink: &mut S,
) -> bool {
    if comp.initial != 0 && !initial_ok(pos, from, colour, info, comp.initial) {
        return true;
    }
    let mut w = Walk {
        pos,
        from,
        colour,
        info,
        comp,
        kills: ArrayVec::new(),
        sink,
    };
    for slot in 0..8u8 {
        if comp.first_slots >> slot & 1 != 0 && !w.leg(0, from, slot, comp.range, None) {
            return false;
        }
    }
    true
}

fn steps_of(range: Range) -> u8 {
    match range {
        Range::Leap => 1,
        Range::Limited(k) => k,
        Range::Unlimited => u8::MAX,
    }
}

fn toggled(range: Range) -> Range {
    match range {
        Range::Leap => Range::Unlimited,
        _ => Range::Leap,
    }
}

/// One step of a leg as a ray: its offset and vector, the squares it passes over, and the
/// leg's flags, with must-jump set where the leg jumps over a piece (`j` on a leaper whose
/// step passes a square) and the squares skipped where it jumps them (`j` on a slider).
fn leg_step(geo: &Geometry, (dx, dy): (i8, i8), f: u16, jumps: u8) -> RayT {
    let jump_atom = dx.unsigned_abs().max(dy.unsigned_abs()) >= 2;
    let passed = pass_over(dx, dy);
    let mut path = [0i16; MAX_PASSED];
    for (slot, &(x, y)) in path.iter_mut().zip(&passed) {
        *slot = geo.offset(x, y);
    }
    let must_jump = if jumps > 0 && jump_atom {
        flags::MUST_JUMP
    } else {
        0
    };
    RayT {
        off: geo.offset(dx, dy),
        dx,
        dy,
        range: 0,
        path,
        path_len: u8::try_from(passed.len()).unwrap_or(0),
        flags: f & !flags::MUST_JUMP | must_jump,
        skip: if jump_atom { 0 } else { jumps },
        shape: RayShape::General,
        initial: 0,
    }
}

enum Occupant {
    Empty,
    Friend,
    Foe(Piece),
}

impl<S: Sink> Walk<'_, S> {
    /// What stands on `sq` as this move sees it: its start square and its victims are empty.
    fn content(&self, sq: Square) -> Piece {
        if sq == self.from || self.kills.contains(&sq) {
            Piece::EMPTY
        } else {
            self.pos.at(sq)
        }
    }

    fn occupant(&self, p: Piece) -> Occupant {
        if p == Piece::EMPTY {
            Occupant::Empty
        } else if p.colour() == self.colour {
            Occupant::Friend
        } else {
            Occupant::Foe(p)
        }
    }

    /// Walk leg `k` from `at` in absolute slot `slot`.
    fn leg(&mut self, k: usize, at: Square, slot: u8, range: Range, iso: Option<u8>) -> bool {
        let comp = self.comp;
        let (f, jumps) = if k == 0 {
            (comp.first_flags, comp.first_jumps)
        } else {
            (comp.later[k - 1].flags, comp.later[k - 1].jumps)
        };
        let geo = *self.pos.geo();
        let step = leg_step(&geo, slot_vector(comp.atom, slot), f, jumps);
        if f & flags::WRAP != 0 {
            self.walk_leg(k, Cylinder::new(&geo, at), &step, slot, range, iso)
        } else {
            self.walk_leg(k, Mailbox::new(at), &step, slot, range, iso)
        }
    }

    /// Walk the squares of leg `k` along `course`, one `step` at a time.
    fn walk_leg<C: RayCourse>(
        &mut self,
        k: usize,
        mut course: C,
        step: &RayT,
        slot: u8,
        range: Range,
        iso: Option<u8>,
    ) -> bool {
        let last = k == self.comp.later.len();
        let f = step.flags;
        let mut limit = steps_of(range);
        let mut steps = 0u8;
        let mut hopped = false;
        let checks_path = f & (flags::LAME | flags::MUST_JUMP) != 0 && step.path_len > 0;
        while steps < limit {
            let at = |sq: Square| self.content(sq);
            if checks_path && course.path_blocked(&at, step) {
                break;
            }
            let Some((sq, p)) = course.advance(&at, step) else {
                break;
            };
            steps += 1;
            if steps <= step.skip {
                continue;
            }
            let occ = self.occupant(p);
            let empty = matches!(occ, Occupant::Empty);
            if f & flags::ISO != 0 {
                if let Some(len) = iso {
                    if steps != len {
                        if empty {
                            continue;
                        }
                        break;
                    }
                }
            }
            if last {
                if f & flags::HOPPING != 0 && !hopped {
                    if !empty {
                        hopped = true;
                        if f & flags::GRASS != 0 {
                            limit = steps.saturating_add(1);
                        }
                    }
                    continue;
                }
                if !self.final_square(sq, &occ, f) {
                    return false;
                }
            } else if !self.relay(k, sq, slot, &occ, f, range, steps, iso) {
                return false;
            }
            if !empty {
                break;
            }
        }
        true
    }

    fn final_square(&mut self, sq: Square, occ: &Occupant, f: u16) -> bool {
        let mut kills = [Square::NONE; 2];
        for (i, &s) in self.kills.iter().enumerate() {
            kills[i] = s;
        }
        let ok = match occ {
            Occupant::Empty => {
                if f & flags::QUIET != 0 {
                    true
                } else if f & flags::EN_PASSANT != 0
                    && self.pos.ep_squares().contains(&sq)
                    && self.kills.len() < MAX_KILLS
                {
                    kills[self.kills.len()] = self.pos.ep_victim();
                    true
                } else {
                    false
                }
            }
            Occupant::Friend => f & flags::DESTROY != 0,
            Occupant::Foe(p) => capturable(self.pos, *p, self.colour, f),
        };
        if !ok {
            return true;
        }
        emit(
            self.pos,
            self.colour,
            self.info,
            self.from,
            sq,
            kills,
            self.sink,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn relay(
        &mut self,
        k: usize,
        sq: Square,
        slot: u8,
        occ: &Occupant,
        f: u16,
        range: Range,
        steps: u8,
        iso: Option<u8>,
    ) -> bool {
        let platform = f & flags::PLATFORM != 0;
        // A foe may be taken (`c`) or hopped over (`p`): with both, the leg goes on either way.
        let (ok, kill, hop_too) = match occ {
            Occupant::Empty => (f & flags::QUIET != 0, false, false),
            Occupant::Foe(p) => {
                let hop = platform && f & flags::TAME == 0;
                if capturable(self.pos, *p, self.colour, f & !flags::DESTROY) {
                    (true, true, hop)
                } else {
                    (hop, false, false)
                }
            }
            Occupant::Friend => {
                if f & flags::DESTROY != 0 {
                    (true, true, false)
                } else {
                    (platform, false, false)
                }
            }
        };
        if !ok {
            return true;
        }
        let next_range = if f & flags::TOGGLE != 0 {
            toggled(range)
        } else {
            range
        };
        let next_iso = if range != Range::Leap {
            Some(steps)
        } else {
            iso
        };
        if kill && !self.kills.is_full() {
            self.kills.push(sq);
            let go_on = self.next_legs(k, sq, slot, next_range, next_iso);
            self.kills.pop();
            if !go_on {
                return false;
            }
        }
        if kill && !hop_too {
            return true;
        }
        self.next_legs(k, sq, slot, next_range, next_iso)
    }

    /// The legs after leg `k`, which stopped on `sq` heading `slot`.
    fn next_legs(&mut self, k: usize, sq: Square, slot: u8, range: Range, iso: Option<u8>) -> bool {
        let rel = self.comp.later[k].slots;
        for r in 0..8u8 {
            if rel >> r & 1 != 0 && !self.leg(k + 1, sq, (slot + r) & 7, range, iso) {
                return false;
            }
        }
        true
    }
}
