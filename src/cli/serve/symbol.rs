//! The symbol of a piece that Alfil's set does not draw: a diagram of its moves on a token,
//! drawn from its compiled move table (White's view, forward up): a dot where it leaps, a line
//! where it slides (an arrowhead: on to the edge), each marked as a move, a capture or both;
//! dashed where it hops over a screen; the last stop of each multi-leg move. Moves allowed only
//! from the start square are left out.

use std::collections::BTreeMap;

use crate::betza::compile::{flags, MultiLeg, Ray, UNLIMITED};
use crate::betza::directions::slot_vector;
use crate::betza::Range;
use crate::types::Colour;
use crate::variant::PieceType;

/// Squares shown each way from the piece.
const REACH: i32 = 3;
/// Size of one square of the diagram (the token is 100 across).
const CELL: i32 = 13;

/// What a move does where it ends.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Move,
    Capture,
    Both,
}

impl Kind {
    fn of(f: u16) -> Option<Kind> {
        let quiet = f & flags::QUIET != 0;
        let capture = f & (flags::CAPTURE | flags::EN_PASSANT) != 0;
        match (quiet, capture) {
            (true, true) => Some(Kind::Both),
            (true, false) => Some(Kind::Move),
            (false, true) => Some(Kind::Capture),
            (false, false) => None,
        }
    }

    fn merge(self, other: Kind) -> Kind {
        if self == other {
            self
        } else {
            Kind::Both
        }
    }

    fn class(self) -> &'static str {
        match self {
            Kind::Move => "move",
            Kind::Capture => "capture",
            Kind::Both => "both",
        }
    }
}

/// A square of the diagram, in squares from the piece (forward is +y).
type Offset = (i32, i32);

fn xy((dx, dy): Offset) -> (i32, i32) {
    (50 + CELL * dx, 50 - CELL * dy)
}

fn within((dx, dy): Offset) -> bool {
    dx.abs() <= REACH && dy.abs() <= REACH
}

/// The symbol's parts: spots where moves end, and lines of slides.
#[derive(Default)]
struct Parts {
    spots: BTreeMap<Offset, Kind>,
    /// From the piece to the offset, the kind, dashed (a hop), open-ended (to the edge).
    lines: Vec<(Offset, Kind, bool, bool)>,
}

impl Parts {
    fn spot(&mut self, at: Offset, kind: Kind) {
        if within(at) && at != (0, 0) {
            let merged = self.spots.get(&at).map_or(kind, |k| k.merge(kind));
            self.spots.insert(at, merged);
        }
    }

    fn ray(&mut self, r: &Ray) {
        let Some(kind) = Kind::of(r.flags) else {
            return;
        };
        if r.initial != 0 || r.flags & flags::WRAP != 0 {
            return;
        }
        let (dx, dy) = (i32::from(r.dx), i32::from(r.dy));
        let hop = r.flags & flags::HOPPING != 0;
        if r.range == 1 && !hop {
            self.spot((dx, dy), kind);
            return;
        }
        let longest = dx.abs().max(dy.abs()).max(1);
        let fits = REACH / longest;
        if fits == 0 {
            return;
        }
        let steps = if r.range == UNLIMITED {
            fits
        } else {
            fits.min(i32::from(r.range))
        };
        let open = r.range == UNLIMITED || i32::from(r.range) > fits;
        self.lines.push(((dx * steps, dy * steps), kind, hop, open));
        if !open && !hop {
            self.spot((dx * steps, dy * steps), kind);
        }
    }

    /// The last stops of a multi-leg move of single steps; a sliding one shows its first leg.
    fn multi(&mut self, m: &MultiLeg) {
        if m.initial != 0 {
            return;
        }
        let slots = (0..8u8).filter(|s| m.first_slots >> s & 1 != 0);
        if m.range != Range::Leap {
            for slot in slots {
                let (dx, dy) = slot_vector(m.atom, slot);
                let end = (i32::from(dx) * REACH, i32::from(dy) * REACH);
                if within(end) {
                    self.lines.push((end, Kind::Both, true, true));
                }
            }
            return;
        }
        for slot in slots {
            let (dx, dy) = slot_vector(m.atom, slot);
            self.legs(m, 0, slot, (i32::from(dx), i32::from(dy)));
        }
    }

    fn legs(&mut self, m: &MultiLeg, k: usize, slot: u8, at: Offset) {
        let Some(next) = m.later.get(k) else {
            let last = m.later.last().map_or(m.first_flags, |l| l.flags);
            if let Some(kind) = Kind::of(last) {
                self.spot(at, kind);
            }
            return;
        };
        for rel in (0..8u8).filter(|r| next.slots >> r & 1 != 0) {
            let s = (slot + rel) & 7;
            let (dx, dy) = slot_vector(m.atom, s);
            self.legs(m, k + 1, s, (at.0 + i32::from(dx), at.1 + i32::from(dy)));
        }
    }
}

/// The symbol's SVG markup (inside a 100 by 100 view box).
pub fn symbol(piece: &PieceType) -> String {
    let moves = &piece.moves.compiled.colours[Colour::White];
    let mut parts = Parts::default();
    for r in &moves.rays {
        parts.ray(r);
    }
    for m in &moves.multi {
        parts.multi(m);
    }
    let mut out = String::from(
        "<g class=\"symbol\"><rect class=\"token\" x=\"4\" y=\"4\" width=\"92\" height=\"92\" rx=\"16\"/>",
    );
    for &(end, kind, hop, open) in &parts.lines {
        let (x1, y1) = xy((0, 0));
        let (x2, y2) = xy(end);
        let dash = if hop { " hop" } else { "" };
        out += &format!(
            "<line class=\"ray {}{dash}\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>",
            kind.class()
        );
        if open {
            out += &format!(
                "<circle class=\"end {}\" cx=\"{x2}\" cy=\"{y2}\" r=\"4\"/>",
                kind.class()
            );
        }
    }
    for (&at, &kind) in &parts.spots {
        let (x, y) = xy(at);
        out += &format!(
            "<circle class=\"spot {}\" cx=\"{x}\" cy=\"{y}\" r=\"5\"/>",
            kind.class()
        );
    }
    out += "<rect class=\"self\" x=\"44\" y=\"44\" width=\"12\" height=\"12\" rx=\"2\"/></g>";
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::betza;
    use crate::types::PieceId;

    fn drawn(moves: &str) -> String {
        let id = PieceId::plain('X').expect("an ID");
        symbol(&PieceType::new(
            id,
            "x",
            moves,
            betza::read(moves).expect("XBetza"),
        ))
    }

    fn spots(svg: &str, class: &str) -> Vec<(i32, i32)> {
        let marker = format!("class=\"spot {class}\" cx=\"");
        svg.split(marker.as_str())
            .skip(1)
            .map(|rest| {
                let x: i32 = rest.split('"').next().unwrap().parse().unwrap();
                let y: i32 = rest
                    .split("cy=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                ((x - 50) / CELL, (50 - y) / CELL)
            })
            .collect()
    }

    #[test]
    fn a_knight_is_eight_spots_of_moves_and_captures() {
        let svg = drawn("N");
        let mut got = spots(&svg, "both");
        got.sort();
        assert_eq!(
            got,
            [
                (-2, -1),
                (-2, 1),
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (2, -1),
                (2, 1)
            ]
        );
        assert!(!svg.contains("<line"));
    }

    #[test]
    fn a_pawn_like_piece_moves_forward_and_captures_diagonally() {
        let svg = drawn("fmWfcF");
        assert_eq!(spots(&svg, "move"), [(0, 1)]);
        let mut captures = spots(&svg, "capture");
        captures.sort();
        assert_eq!(captures, [(-1, 1), (1, 1)]);
    }

    #[test]
    fn slides_are_open_lines_and_hops_dashed() {
        let rook = drawn("R");
        assert_eq!(rook.matches("class=\"ray both\"").count(), 4);
        assert_eq!(rook.matches("class=\"end both\"").count(), 4);
        let cannon = drawn("mRcpR");
        assert_eq!(cannon.matches("class=\"ray move\"").count(), 4);
        assert_eq!(cannon.matches("class=\"ray capture hop\"").count(), 4);
    }

    #[test]
    fn a_multi_leg_move_shows_where_it_ends() {
        // mFcafmF: a diagonal step, or a capture continued one more step to an empty square.
        let svg = drawn("mFcafmF");
        let mut moves = spots(&svg, "move");
        moves.sort();
        assert_eq!(
            moves,
            [
                (-2, -2),
                (-2, 2),
                (-1, -1),
                (-1, 1),
                (1, -1),
                (1, 1),
                (2, -2),
                (2, 2)
            ]
        );
    }
}
