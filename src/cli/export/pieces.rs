//! A piece's XBetza read as the simple moves other formats describe: slides along lines,
//! leaps, rides, lame leaps, a cannon's hop, and moves in some directions only (a pawn's
//! steps, a lance, a gold); each component either moves, captures or both.

use crate::betza::ast::{MODE_C, MODE_E, MODE_M, MODE_P};
use crate::betza::directions::{absolute_slots, atom_slots, slot_vector};
use crate::betza::{parse, Atom, Range};

/// Whether a move part moves, captures or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Both,
    Move,
    Capture,
}

/// One simple move part. Steps are (file, rank) offsets from White's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// A leap of this step (m, n), in all directions.
    Leap((i8, i8), Mode),
    /// A slide: orthogonal and/or diagonal lines.
    Slide {
        orthogonal: bool,
        diagonal: bool,
        mode: Mode,
    },
    /// A rider of a step longer than one square (the nightrider's (1, 2)), in all directions.
    Ride((i8, i8), Mode),
    /// A leap of step `to` in all directions, blocked by a piece on the square a first step
    /// of `via` reaches (the xiangqi horse and elephant).
    Lame {
        via: (i8, i8),
        to: (i8, i8),
        mode: Mode,
    },
    /// A cannon's capture: hop over one piece along orthogonal and/or diagonal lines.
    Hop { orthogonal: bool, diagonal: bool },
    /// Moves along these offsets only: a leap (`range` 1, any offset), or up to `range`
    /// single-square steps (0: to the edge) along these unit offsets; `initial` only from
    /// the piece's first square.
    Directed {
        offsets: Vec<(i8, i8)>,
        range: u8,
        mode: Mode,
        initial: bool,
    },
}

impl Part {
    pub fn mode(&self) -> Mode {
        match self {
            Part::Leap(_, mode)
            | Part::Ride(_, mode)
            | Part::Slide { mode, .. }
            | Part::Lame { mode, .. }
            | Part::Directed { mode, .. } => *mode,
            Part::Hop { .. } => Mode::Capture,
        }
    }
}

/// The lines (orthogonal, diagonal) of a one-square atom.
fn lines(atom: Atom) -> Option<(bool, bool)> {
    match atom {
        Atom::W => Some((true, false)),
        Atom::F => Some((false, true)),
        Atom::K => Some((true, true)),
        _ => None,
    }
}

/// The parts of `text`, or the first component they cannot say.
pub fn parts(text: &str) -> Result<Vec<Part>, String> {
    let parsed = parse(text).map_err(|e| format!("`{text}` does not read: {e}"))?;
    let mut out = Vec::new();
    for c in &parsed.components {
        let shown = text.get(c.span.0..c.span.1).unwrap_or(text).to_string();
        let [leg] = c.legs.as_slice() else {
            return Err(format!("`{shown}` (a move of several legs)"));
        };
        if leg.jumps > 0 {
            return Err(format!("`{shown}` (a jumping move)"));
        }
        let other_modes = leg.modes & !(MODE_M | MODE_C | MODE_P | MODE_E);
        if other_modes != 0 {
            return Err(format!("`{shown}` (its modifiers)"));
        }
        let mode = match (leg.modes & MODE_M != 0, leg.modes & MODE_C != 0) {
            (true, false) => Mode::Move,
            (false, true) => Mode::Capture,
            _ => Mode::Both,
        };
        let slots = absolute_slots(c.atom, &leg.directions);
        let everywhere = slots == atom_slots(c.atom);
        if leg.modes & MODE_P != 0 {
            let lined = lines(c.atom).filter(|_| everywhere && leg.initial == 0);
            let (Some((orthogonal, diagonal)), Range::Unlimited, Mode::Capture) =
                (lined, c.range, mode)
            else {
                return Err(format!("`{shown}` (a hop)"));
            };
            out.push(Part::Hop {
                orthogonal,
                diagonal,
            });
            continue;
        }
        let offsets: Vec<(i8, i8)> = (0..8)
            .filter(|s| slots >> s & 1 != 0)
            .map(|s| slot_vector(c.atom, s))
            .collect();
        let initial = leg.initial > 0;
        if leg.lame > 0 {
            let (m, n) = c.atom.step();
            let via = match (m, n) {
                (0, _) => (0, 1),
                (a, b) if a == b => (1, 1),
                (1, 2) => (0, 1),
                _ => return Err(format!("`{shown}` (a lame leap)")),
            };
            if c.range != Range::Leap {
                return Err(format!("`{shown}` (a lame rider)"));
            }
            // A lame leap along a line is a step of two squares.
            let straight = m == 0 || m == n;
            if straight && (n == 2 && !everywhere || initial) {
                let unit = |(x, y): (i8, i8)| (x.signum(), y.signum());
                out.push(Part::Directed {
                    offsets: offsets.into_iter().map(unit).collect(),
                    range: 2,
                    mode,
                    initial,
                });
                continue;
            }
            if !everywhere || initial {
                return Err(format!("`{shown}` (a lame leap in some directions)"));
            }
            out.push(Part::Lame {
                via,
                to: (m, n),
                mode,
            });
            continue;
        }
        let range = match c.range {
            Range::Leap => 1,
            Range::Limited(n) => n,
            Range::Unlimited => 0,
        };
        let unit = lines(c.atom).is_some();
        let part = match (everywhere && !initial, range, lines(c.atom)) {
            (true, 1, _) if c.atom == Atom::K => {
                out.push(Part::Leap((0, 1), mode));
                Part::Leap((1, 1), mode)
            }
            (true, 1, _) => Part::Leap(c.atom.step(), mode),
            (true, 0, Some((orthogonal, diagonal))) => Part::Slide {
                orthogonal,
                diagonal,
                mode,
            },
            (true, 0, None) => Part::Ride(c.atom.step(), mode),
            _ if range == 1 || unit => Part::Directed {
                offsets,
                range,
                mode,
                initial,
            },
            _ => return Err(format!("`{shown}` (a rider in some directions)")),
        };
        out.push(part);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_pieces_read_as_simple_parts() {
        assert_eq!(
            parts("mRcpR").unwrap(),
            [
                Part::Slide {
                    orthogonal: true,
                    diagonal: false,
                    mode: Mode::Move
                },
                Part::Hop {
                    orthogonal: true,
                    diagonal: false
                }
            ]
        );
        assert_eq!(
            parts("fmWfceFifmnD").unwrap(),
            [
                Part::Directed {
                    offsets: vec![(0, 1)],
                    range: 1,
                    mode: Mode::Move,
                    initial: false
                },
                Part::Directed {
                    offsets: vec![(1, 1), (-1, 1)],
                    range: 1,
                    mode: Mode::Capture,
                    initial: false
                },
                Part::Directed {
                    offsets: vec![(0, 1)],
                    range: 2,
                    mode: Mode::Move,
                    initial: true
                },
            ]
        );
        assert_eq!(parts("N").unwrap(), [Part::Leap((1, 2), Mode::Both)]);
        assert_eq!(
            parts("nN").unwrap(),
            [Part::Lame {
                via: (0, 1),
                to: (1, 2),
                mode: Mode::Both
            }]
        );
        assert_eq!(parts("NN").unwrap(), [Part::Ride((1, 2), Mode::Both)]);
        assert_eq!(
            parts("fR").unwrap(),
            [Part::Directed {
                offsets: vec![(0, 1)],
                range: 0,
                mode: Mode::Both,
                initial: false
            }]
        );
        assert_eq!(
            parts("ffN").unwrap(),
            [Part::Directed {
                offsets: vec![(1, 2), (-1, 2)],
                range: 1,
                mode: Mode::Both,
                initial: false
            }]
        );
        assert!(parts("fNN")
            .unwrap_err()
            .contains("rider in some directions"));
        assert!(parts("gQ").unwrap_err().contains("modifiers"));
    }
}
