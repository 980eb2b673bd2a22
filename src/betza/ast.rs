//! The typed syntax tree of an XBetza description: components, legs, atoms and ranges.
//!
//! The parser (`parse.rs`) builds it, the compiler (`compile.rs`) turns it into move tables and
//! `canonical.rs` prints it back in the canonical modifier order.

/// A whole piece description: the union of its components' moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Betza {
    pub components: Vec<Component>,
}

/// One move component: one or more legs sharing one atom and range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// Leg 1 first; a component without `a` has exactly one leg.
    pub legs: Vec<Leg>,
    pub atom: Atom,
    pub range: Range,
    /// Byte offsets of the component in the source string (start inclusive, end exclusive).
    pub span: (usize, usize),
}

/// The modifiers of one leg.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Leg {
    /// The contiguous run of direction letters (`f b l r v s h`) exactly as written.
    pub directions: String,
    /// Mode letters (`m c d e t p g o y n`), as a bit set of the `MODE_*` constants.
    pub modes: u16,
    /// Number of `j` letters (0, 1, 2 …).
    pub jumps: u8,
    /// Number of `i` letters: 0, 1 (`i`) or 2 (`ii`).
    pub initial: u8,
    /// Number of `n` letters (0, 1 or 2; `nn` also creates en-passant rights without `i`).
    pub lame: u8,
}

pub const MODE_M: u16 = 1 << 0;
pub const MODE_C: u16 = 1 << 1;
pub const MODE_D: u16 = 1 << 2;
pub const MODE_E: u16 = 1 << 3;
pub const MODE_T: u16 = 1 << 4;
pub const MODE_P: u16 = 1 << 5;
pub const MODE_G: u16 = 1 << 6;
pub const MODE_O: u16 = 1 << 7;
pub const MODE_Y: u16 = 1 << 8;

/// The atoms. `L` and `J` are read as their synonyms `C` and `Z` (ID/FSF meaning, spec 2.1);
/// `R`, `B` and `Q` are read as `W`, `F` and `K` with unlimited range unless a range is written
/// (`R4` = `W4`), so the compiler sees one representation per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Atom {
    W,
    F,
    D,
    N,
    A,
    H,
    C,
    Z,
    G,
    /// The 8-fold single step (W + F); with unlimited range it is the queen.
    K,
    /// Castling towards a partner piece (`O`*n*).
    O,
}

impl Atom {
    /// The letter this atom is written with in canonical form.
    pub fn letter(self) -> char {
        match self {
            Atom::W => 'W',
            Atom::F => 'F',
            Atom::D => 'D',
            Atom::N => 'N',
            Atom::A => 'A',
            Atom::H => 'H',
            Atom::C => 'C',
            Atom::Z => 'Z',
            Atom::G => 'G',
            Atom::K => 'K',
            Atom::O => 'O',
        }
    }

    /// The step (m, n), 0 <= m <= n, of the atom's basic leap.
    pub fn step(self) -> (i8, i8) {
        match self {
            Atom::W | Atom::O | Atom::K => (0, 1),
            Atom::F => (1, 1),
            Atom::D => (0, 2),
            Atom::N => (1, 2),
            Atom::A => (2, 2),
            Atom::H => (0, 3),
            Atom::C => (1, 3),
            Atom::Z => (2, 3),
            Atom::G => (3, 3),
        }
    }

    /// K (and Q) and the oblique atoms have 8 direction slots; the rest have 4.
    pub fn is_eightfold(self) -> bool {
        matches!(self, Atom::K | Atom::N | Atom::C | Atom::Z)
    }

    /// Oblique atoms: (m, n) with 0 < m < n.
    pub fn is_oblique(self) -> bool {
        matches!(self, Atom::N | Atom::C | Atom::Z)
    }
}

/// How far a component may repeat its step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Range {
    /// One step (a leaper). `O` always carries `Limited(n)`, its castling distance.
    Leap,
    /// At most this many steps (>= 1).
    Limited(u8),
    /// Until the edge or the first occupied square (`0`, a doubled letter, or R/B/Q).
    Unlimited,
}
