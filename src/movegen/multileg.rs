//! The generic walker for multi-leg XBetza moves (spec 6.7): each leg walks its ray square by
//! square; every square that satisfies the leg's relay condition starts the next leg in the
//! directions relative to this one; the final leg emits moves. Locust victims are collected on
//! the way; the start square counts as empty once the piece has left it.

use crate::types::{Colour, Piece, Square};
use arrayvec::ArrayVec;

use super::pseudo::{capturable, emit, initial_ok};
use super::Sink;
use crate::betza::ast::Range;
use crate::betza::compile::{flags, pass_over, MultiLeg};
use crate::betza::directions::slot_vector;
use crate::position::ruleset::PieceInfo;
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

enum Occupant {
    Empty,
    Friend,
    Foe(Piece),
}

impl<S: Sink> Walk<'_, S> {
    fn occupant(&self, sq: Square) -> Occupant {
        if sq == self.from || self.kills.contains(&sq) {
            return Occupant::Empty;
        }
        let p = self.pos.at(sq);
        if p == Piece::EMPTY {
            Occupant::Empty
        } else if p.colour() == self.colour {
            Occupant::Friend
        } else {
            Occupant::Foe(p)
        }
    }

    fn path_ok(&self, x: i16, y: i16, v: (i8, i8), f: u16, jumps: u8) -> bool {
        let geo = self.pos.geo();
        let jump_atom = v.0.unsigned_abs().max(v.1.unsigned_abs()) >= 2;
        if f & flags::LAME != 0 {
            for (px, py) in pass_over(v.0, v.1) {
                match geo.checked_square(x + i16::from(px), y + i16::from(py)) {
                    Some(sq) if matches!(self.occupant(sq), Occupant::Empty) => {}
                    _ => return false,
                }
            }
        }
        if jumps > 0 && jump_atom {
            let (px, py) = pass_over(v.0, v.1).first().copied().unwrap_or((0, 0));
            match geo.checked_square(x + i16::from(px), y + i16::from(py)) {
                Some(sq) if !matches!(self.occupant(sq), Occupant::Empty) => {}
                _ => return false,
            }
        }
        true
    }

    /// Walk leg `k` from `at` in absolute slot `slot`.
    fn leg(&mut self, k: usize, at: Square, slot: u8, range: Range, iso: Option<u8>) -> bool {
        let comp = self.comp;
        let last = k == comp.later.len();
        let (f, jumps) = if k == 0 {
            (comp.first_flags, comp.first_jumps)
        } else {
            (comp.later[k - 1].flags, comp.later[k - 1].jumps)
        };
        let v = slot_vector(comp.atom, slot);
        let geo = *self.pos.geo();
        let (sx, sy) = geo.coords(at);
        let (mut x, mut y) = (i16::from(sx), i16::from(sy));
        let jump_atom = v.0.unsigned_abs().max(v.1.unsigned_abs()) >= 2;
        let skip = if jump_atom { 0 } else { jumps };
        let mut limit = steps_of(range);
        let mut steps = 0u8;
        let mut hopped = false;
        while steps < limit {
            if !self.path_ok(x, y, v, f, jumps) {
                break;
            }
            x += i16::from(v.0);
            y += i16::from(v.1);
            if f & flags::WRAP != 0 {
                x = x.rem_euclid(i16::from(geo.files));
            }
            steps += 1;
            let Some(sq) = geo.checked_square(x, y) else {
                break;
            };
            if steps <= skip {
                continue;
            }
            let occ = self.occupant(sq);
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
                if f & (flags::HOP | flags::GRASS) != 0 && !hopped {
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
        let (ok, kill) = match occ {
            Occupant::Empty => (f & flags::QUIET != 0, false),
            Occupant::Foe(p) => {
                if capturable(self.pos, *p, self.colour, f & !flags::DESTROY) {
                    (true, true)
                } else {
                    (platform && f & flags::TAME == 0, false)
                }
            }
            Occupant::Friend => {
                if f & flags::DESTROY != 0 {
                    (true, true)
                } else {
                    (platform, false)
                }
            }
        };
        if !ok || (kill && self.kills.is_full()) {
            return true;
        }
        if kill {
            self.kills.push(sq);
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
        let rel = self.comp.later[k].slots;
        let mut go_on = true;
        for r in 0..8u8 {
            if rel >> r & 1 != 0 && !self.leg(k + 1, sq, (slot + r) & 7, next_range, next_iso) {
                go_on = false;
                break;
            }
        }
        if kill {
            self.kills.pop();
        }
        go_on
    }
}
