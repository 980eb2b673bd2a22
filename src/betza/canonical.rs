//! The canonical printer: it owns the [`Betza`] → text step, writing every leg in the order
//! XBoard 4.9.1 understands (`i`/`ii`, direction run, `m c d e t p g o y n j`, then `a`) and
//! every atom in the one spelling the parser reads back to the same tree.
//!
//! Atoms: `W`, `F` and `K` with unlimited range print as `R`, `B` and `Q` (as `W0`, `F0`, `K0`
//! right after the same letter, which would double it); other unlimited atoms as letter + `0`
//! (`N0`); a limited range as letter + digits (`W4`, `O2`); a leaper as the
//! bare letter. `L`, `J` and doubled letters are never emitted.

use super::ast::{
    Atom, Betza, Leg, Range, MODE_C, MODE_D, MODE_E, MODE_G, MODE_M, MODE_O, MODE_P, MODE_T, MODE_Y,
};

/// Mode bits with their letters, in canonical order (`n` and `j` follow them).
const MODE_ORDER: [(u16, char); 9] = [
    (MODE_M, 'm'),
    (MODE_C, 'c'),
    (MODE_D, 'd'),
    (MODE_E, 'e'),
    (MODE_T, 't'),
    (MODE_P, 'p'),
    (MODE_G, 'g'),
    (MODE_O, 'o'),
    (MODE_Y, 'y'),
];

/// Print a description in canonical XBetza form.
pub fn canonical(b: &Betza) -> String {
    let mut out = String::new();
    for component in &b.components {
        for (k, leg) in component.legs.iter().enumerate() {
            if k > 0 {
                out.push('a');
            }
            push_leg(&mut out, leg);
        }
        push_atom(&mut out, component.atom, component.range);
    }
    out
}

fn push_leg(out: &mut String, leg: &Leg) {
    push_repeated(out, 'i', leg.initial);
    out.push_str(&leg.directions);
    for (bit, letter) in MODE_ORDER {
        if leg.modes & bit != 0 {
            out.push(letter);
        }
    }
    push_repeated(out, 'n', leg.lame);
    push_repeated(out, 'j', leg.jumps);
}

fn push_repeated(out: &mut String, letter: char, count: u8) {
    out.extend(std::iter::repeat_n(letter, usize::from(count)));
}

/// An atom's letter must differ from the letter it follows (`RR` would read as one doubled
/// `R`): an unlimited `W` right after `R` prints as `W0`.
fn push_atom(out: &mut String, atom: Atom, range: Range) {
    let slider = match atom {
        Atom::W => Some('R'),
        Atom::F => Some('B'),
        Atom::K => Some('Q'),
        _ => None,
    };
    match (slider, range) {
        (Some(letter), Range::Unlimited) if !out.ends_with(letter) => out.push(letter),
        _ => push_spelled(out, atom, range),
    }
}

/// The atom's own letter with its range.
fn push_spelled(out: &mut String, atom: Atom, range: Range) {
    match (atom, range) {
        (_, Range::Unlimited) => {
            out.push(atom.letter());
            out.push('0');
        }
        (_, Range::Limited(k)) => {
            out.push(atom.letter());
            out.push_str(&k.to_string());
        }
        (_, Range::Leap) => out.push(atom.letter()),
    }
}
