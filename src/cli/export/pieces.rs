//! A piece's XBetza read as the simple moves other formats describe: slides along lines,
//! leaps, a pawn's steps, a cannon's hop; each component either moves, captures or both.

use crate::betza::ast::{MODE_C, MODE_E, MODE_M, MODE_P};
use crate::betza::{parse, Atom, Range};

/// Whether a move part moves, captures or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Both,
    Move,
    Capture,
}

/// One simple move part.
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
    /// A cannon's capture: hop over one piece along orthogonal and/or diagonal lines.
    Hop { orthogonal: bool, diagonal: bool },
    /// A forward step of this length (a pawn's), `initial` only from its first square.
    StepForward {
        length: u8,
        mode: Mode,
        initial: bool,
    },
    /// The two forward diagonal steps.
    StepForwardDiagonal(Mode),
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
        if leg.jumps > 0 || leg.lame > 0 && !(c.atom == Atom::D && leg.initial > 0) {
            return Err(format!("`{shown}` (a lame or jumping move)"));
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
        let lines = |atom: Atom| match atom {
            Atom::W => Some((true, false)),
            Atom::F => Some((false, true)),
            Atom::K => Some((true, true)),
            _ => None,
        };
        let part = match (c.atom, c.range, leg.directions.as_str(), leg.initial) {
            (atom, Range::Unlimited, "", 0) if leg.modes & MODE_P != 0 && mode == Mode::Capture => {
                let (orthogonal, diagonal) =
                    lines(atom).ok_or_else(|| format!("`{shown}` (a hopping leaper)"))?;
                Part::Hop {
                    orthogonal,
                    diagonal,
                }
            }
            _ if leg.modes & MODE_P != 0 => return Err(format!("`{shown}` (a hop)")),
            (atom, Range::Unlimited, "", 0) => {
                let (orthogonal, diagonal) =
                    lines(atom).ok_or_else(|| format!("`{shown}` (a rider)"))?;
                Part::Slide {
                    orthogonal,
                    diagonal,
                    mode,
                }
            }
            (Atom::K, Range::Leap, "", 0) => {
                out.push(Part::Leap((0, 1), mode));
                Part::Leap((1, 1), mode)
            }
            (atom, Range::Leap, "", 0) => Part::Leap(atom.step(), mode),
            (Atom::W, Range::Leap, "f", 0) => Part::StepForward {
                length: 1,
                mode,
                initial: false,
            },
            (Atom::D, Range::Leap, "f", 1) if leg.lame > 0 => Part::StepForward {
                length: 2,
                mode,
                initial: true,
            },
            (Atom::F, Range::Leap, "f", 0) => Part::StepForwardDiagonal(mode),
            _ => return Err(format!("`{shown}`")),
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
                Part::StepForward {
                    length: 1,
                    mode: Mode::Move,
                    initial: false
                },
                Part::StepForwardDiagonal(Mode::Capture),
                Part::StepForward {
                    length: 2,
                    mode: Mode::Move,
                    initial: true
                },
            ]
        );
        assert_eq!(parts("N").unwrap(), [Part::Leap((1, 2), Mode::Both)]);
        assert!(parts("nN").unwrap_err().contains("lame"));
    }
}
