//! Direction letters to direction slots (spec section 4): the 8 slots numbered clockwise from
//! "forward", the step vector of each slot for every atom, and the tokenising of a run of
//! direction letters on the first leg (absolute) and on later legs (relative, K-style).
//!
//! Decisions (spec section 13): the 8-fold reading of K/Q (`fK` is one step); `fh` on K means
//! the three forward slots (the documented meaning, not XBoard 4.9.1's bug); on diagonal atoms a
//! letter pair with `v`/`s` follows Fairy-Stockfish (`fsF` = `fF`), because XBoard's reading (all
//! four diagonals) contradicts what the letters say; non-canonical pairs such as `sfN` are read
//! as XBoard does (the union of the single letters); a run that selects no slot of the atom
//! means every direction, as in XBoard.

use super::ast::Atom;

/// A set of direction slots, bit k = slot k.
pub type SlotSet = u8;

pub const ALL_SLOTS: SlotSet = 0xFF;

/// Unit vector of slot k for K-type (8-fold single step) atoms.
const KING_VECTORS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Slots an atom actually has: 4 orthogonal, 4 diagonal or all 8.
pub fn atom_slots(atom: Atom) -> SlotSet {
    let (m, n) = atom.step();
    if atom.is_eightfold() {
        ALL_SLOTS
    } else if m == 0 {
        0b0101_0101
    } else {
        debug_assert_eq!(m, n);
        0b1010_1010
    }
}

/// The step vector of `atom` in slot `slot` (White's view; Black negates it).
///
/// For W/F-type atoms (and K) an even slot gives the orthogonal step of the atom's length and
/// an odd slot the diagonal one, which is also how later legs convert between them.
pub fn slot_vector(atom: Atom, slot: u8) -> (i8, i8) {
    let slot = slot & 7;
    let (m, n) = atom.step();
    if atom.is_oblique() {
        let table = [
            (m, n),
            (n, m),
            (n, -m),
            (m, -n),
            (-m, -n),
            (-n, -m),
            (-n, m),
            (-m, n),
        ];
        table[usize::from(slot)]
    } else {
        let len = n;
        let (ux, uy) = KING_VECTORS[usize::from(slot)];
        (ux * len, uy * len)
    }
}

fn unit(letter: char) -> (i8, i8) {
    match letter {
        'f' => (0, 1),
        'b' => (0, -1),
        'r' => (1, 0),
        'l' => (-1, 0),
        _ => (0, 0),
    }
}

fn dot(a: (i8, i8), b: (i8, i8)) -> i32 {
    i32::from(a.0) * i32::from(b.0) + i32::from(a.1) * i32::from(b.1)
}

fn is_vertical(c: char) -> bool {
    matches!(c, 'f' | 'b' | 'v')
}

fn is_horizontal(c: char) -> bool {
    matches!(c, 'l' | 'r' | 's')
}

fn perpendicular(a: char, b: char) -> bool {
    (is_vertical(a) && is_horizontal(b)) || (is_horizontal(a) && is_vertical(b))
}

/// The members of a family letter: `v` = f b, `s` = l r.
fn expand(c: char) -> &'static [char] {
    match c {
        'v' => &['f', 'b'],
        's' => &['l', 'r'],
        'f' => &['f'],
        'b' => &['b'],
        'l' => &['l'],
        'r' => &['r'],
        _ => &[],
    }
}

/// Slots of `atom` whose vector satisfies `pred`.
fn slots_where(atom: Atom, pred: impl Fn((i8, i8)) -> bool) -> SlotSet {
    let mut set = 0;
    for k in 0..8u8 {
        if atom_slots(atom) >> k & 1 != 0 && pred(slot_vector(atom, k)) {
            set |= 1 << k;
        }
    }
    set
}

/// Slots selected by a single letter (f b l r v s): the step straight that way for W/K, the
/// pair leaning that way for F, the narrow pair (long component that way) for oblique atoms.
fn single(atom: Atom, letter: char) -> SlotSet {
    let mut set = 0;
    for &c in expand(letter) {
        let u = unit(c);
        set |= slots_where(atom, |v| {
            let along = dot(v, u);
            let across = dot(v, (u.1, -u.0)).abs();
            if atom.is_oblique() {
                along > 0 && along > across
            } else if atom == Atom::K || v.0 == 0 || v.1 == 0 {
                along > 0 && across == 0
            } else {
                along > 0
            }
        });
    }
    set
}

/// Slots of a perpendicular pair `xy`: of the moves named by `y` the ones leaning towards `x`.
fn pair(atom: Atom, x: char, y: char) -> SlotSet {
    let ux = unit(x);
    let mut set = 0;
    for &c in expand(y) {
        let uy = unit(c);
        set |= slots_where(atom, |v| {
            if atom.is_oblique() {
                let along_y = dot(v, uy);
                let across = dot(v, ux);
                along_y > 0 && along_y > across.abs() && across > 0
            } else {
                dot(v, uy) > 0 && dot(v, ux) > 0
            }
        });
    }
    set
}

/// Slots with a positive component towards `x`: the half-plane (`fh`).
fn half(atom: Atom, x: char) -> SlotSet {
    let u = unit(x);
    slots_where(atom, |v| dot(v, u) > 0)
}

/// Absolute slots selected by a first-leg direction run on `atom` (White's view).
pub fn absolute_slots(atom: Atom, run: &str) -> SlotSet {
    let letters: Vec<char> = run.chars().collect();
    if letters.is_empty() {
        return atom_slots(atom);
    }
    let mut set: SlotSet = 0;
    let mut i = 0;
    if atom.is_oblique() && letters.len() >= 2 && letters[0] == 'h' {
        match letters[1] {
            'r' => {
                set |= 0b0101_0101;
                i = 2;
            }
            'l' => {
                set |= 0b1010_1010;
                i = 2;
            }
            _ => {}
        }
    }
    let orthogonal = !atom.is_eightfold() && atom.step().0 == 0;
    while i < letters.len() {
        let x = letters[i];
        let next = letters.get(i + 1).copied();
        let primary = matches!(x, 'f' | 'b' | 'l' | 'r');
        if let (false, true, Some(y)) = (orthogonal, primary, next) {
            let eightfold = atom.is_eightfold();
            if y == 'h' && eightfold {
                set |= half(atom, x);
                i += 2;
                continue;
            }
            if y == x && eightfold {
                set |= single(atom, x);
                i += 2;
                continue;
            }
            if perpendicular(x, y) {
                set |= pair(atom, x, y);
                i += 2;
                continue;
            }
        }
        set |= match x {
            'h' if atom.is_eightfold() => ALL_SLOTS,
            'h' => 0,
            c => single(atom, c),
        };
        i += 1;
    }
    if set == 0 {
        atom_slots(atom)
    } else {
        set
    }
}

/// Relative slots selected by a later-leg direction run (K-style tokens); `None` when the run
/// is empty, so the caller applies the atom's default.
pub fn relative_slots(run: &str) -> Option<SlotSet> {
    if run.is_empty() {
        None
    } else {
        Some(absolute_slots(Atom::K, run))
    }
}

/// Default relative slots of a later leg with no direction letters: all but straight back for
/// 8-fold atoms, forward and the two 90-degree turns for 4-fold ones.
pub fn default_relative_slots(atom: Atom) -> SlotSet {
    if atom.is_eightfold() {
        ALL_SLOTS & !(1 << 4)
    } else {
        0b0100_0101
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vectors(atom: Atom, run: &str) -> Vec<(i8, i8)> {
        let set = absolute_slots(atom, run);
        (0..8)
            .filter(|k| set >> k & 1 != 0)
            .map(|k| slot_vector(atom, k))
            .collect()
    }

    #[test]
    fn knight_pairs_pick_the_member_towards_the_first_letter() {
        assert_eq!(vectors(Atom::N, "fr"), vec![(2, 1)]);
        assert_eq!(vectors(Atom::N, "rf"), vec![(1, 2)]);
        assert_eq!(vectors(Atom::N, "f"), vec![(1, 2), (-1, 2)]);
        assert_eq!(vectors(Atom::N, "fs").len(), 2);
        assert_eq!(vectors(Atom::N, "sf").len(), 6);
    }

    #[test]
    fn king_tokens_are_eightfold() {
        assert_eq!(vectors(Atom::K, "f"), vec![(0, 1)]);
        assert_eq!(vectors(Atom::K, "fs"), vec![(1, 1), (-1, 1)]);
        assert_eq!(vectors(Atom::K, "fh"), vec![(0, 1), (1, 1), (-1, 1)]);
    }
}
