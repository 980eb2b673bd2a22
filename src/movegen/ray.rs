//! The squares a ray passes, one step at a time: on the padded mailbox by adding the ray's
//! offset, or, for rays whose files wrap around (XBetza `o`), by coordinates. Either way the
//! ray ends where it would leave the board or enter a wall, and the squares a step passes over
//! can stop it (a lame leap's, a must-jump leap's). The single-leg walker (`walker`) and
//! each leg of the multi-leg walker (`multileg`) go through these, reading the board through
//! a function so that a multi-leg move sees its own start and its victims as empty.

use crate::betza::compile::flags;
use crate::position::ruleset::RayT;
use crate::position::Geometry;
use crate::types::{Piece, Square};

/// A way of walking a ray; `at` tells what stands on a square.
pub trait RayCourse {
    /// The next square and what stands on it, or `None` where the ray ends.
    fn advance(&mut self, at: &impl Fn(Square) -> Piece, ray: &RayT) -> Option<(Square, Piece)>;
    /// Whether the squares the next step passes over stop it: any of them occupied for a lame
    /// leap, or the first without a piece for a leap that must jump (`j`).
    fn path_blocked(&self, at: &impl Fn(Square) -> Piece, ray: &RayT) -> bool;
}

/// A ray on the padded mailbox.
pub struct Mailbox {
    at: Square,
}

impl Mailbox {
    pub fn new(from: Square) -> Mailbox {
        Mailbox { at: from }
    }
}

impl RayCourse for Mailbox {
    #[inline(always)]
    fn advance(&mut self, at: &impl Fn(Square) -> Piece, ray: &RayT) -> Option<(Square, Piece)> {
        self.at = self.at.offset(ray.off);
        let p = at(self.at);
        (p != Piece::WALL).then_some((self.at, p))
    }

    #[inline(always)]
    fn path_blocked(&self, at: &impl Fn(Square) -> Piece, ray: &RayT) -> bool {
        let path = &ray.path[..usize::from(ray.path_len)];
        blocked(ray, path.iter().map(|&p| at(self.at.offset(p))))
    }
}

/// A ray whose files wrap around (a cylinder board); it ends when it comes back to its start.
pub struct Cylinder {
    geo: Geometry,
    x: i16,
    y: i16,
    from: Square,
}

impl Cylinder {
    pub fn new(geo: &Geometry, from: Square) -> Cylinder {
        let (x, y) = geo.coords(from);
        Cylinder {
            geo: *geo,
            x: i16::from(x),
            y: i16::from(y),
            from,
        }
    }

    /// The square `dx`, `dy` away from the current one, files wrapping around.
    fn square(&self, dx: i16, dy: i16) -> Option<Square> {
        let x = (self.x + dx).rem_euclid(i16::from(self.geo.files));
        self.geo.checked_square(x, self.y + dy)
    }
}

impl RayCourse for Cylinder {
    fn advance(&mut self, at: &impl Fn(Square) -> Piece, ray: &RayT) -> Option<(Square, Piece)> {
        let to = self.square(i16::from(ray.dx), i16::from(ray.dy))?;
        let (x, y) = self.geo.coords(to);
        (self.x, self.y) = (i16::from(x), i16::from(y));
        let p = at(to);
        (to != self.from && p != Piece::WALL).then_some((to, p))
    }

    fn path_blocked(&self, at: &impl Fn(Square) -> Piece, ray: &RayT) -> bool {
        let path = &ray.path[..usize::from(ray.path_len)];
        let passed = |p: i16| {
            let (dx, dy) = self.geo.offset_delta(p);
            self.square(dx, dy).map_or(Piece::WALL, at)
        };
        blocked(ray, path.iter().map(|&p| passed(p)))
    }
}

/// Whether the contents of a step's pass-over squares stop it (see [`RayCourse::path_blocked`]).
#[inline(always)]
fn blocked(ray: &RayT, mut passed: impl Iterator<Item = Piece>) -> bool {
    if ray.flags & flags::LAME != 0 {
        passed.any(|p| p != Piece::EMPTY)
    } else {
        passed.next().is_some_and(|p| !p.is_piece())
    }
}
