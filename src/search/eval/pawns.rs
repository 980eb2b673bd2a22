//! Pawn structure for pawn-like pieces (those that promote and never move backwards):
//! doubled and isolated ones, and passed ones (no pawn-like foe ahead on its own or a
//! neighbouring file), whose bonus grows with their progress towards the promotion zone and
//! with what promoting gains.

use crate::types::{ByColour, Colour, Square};
use arrayvec::ArrayVec;

use super::pair::Pair;
use super::tables::{EvalTables, PROGRESS_ONE};
use crate::position::{Geometry, Position};

/// The passed-pawn progress term's divisor: progress in 64ths squared, gain in hundredths.
pub const PASSED_SCALE: i32 = PROGRESS_ONE * PROGRESS_ONE * 100;

/// One feature of a colour's pawn structure.
#[derive(Clone, Copy, Debug)]
pub enum PawnFeature {
    /// Pawns beyond the first on one file.
    Doubled(i32),
    /// A pawn with no own pawn on a neighbouring file.
    Isolated,
    /// A passed pawn: its progress squared times what promoting gains.
    Passed(i32),
}

/// The pawn structure's score from White's view, and whether either side has a passed pawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PawnTerms {
    pub score: Pair,
    pub passers: bool,
}

/// Most files a board has.
const MAX_FILES: usize = 16;
/// Promoting pieces per side the structure looks at (any beyond are ignored).
const MAX_PAWNS: usize = 128;

/// A promoting piece: padded square, type, file and rank.
#[derive(Clone, Copy)]
struct Pawn {
    sq: Square,
    kind: usize,
    file: u8,
    rank: u8,
}

/// Where the promoting pieces of one colour stand.
struct Files {
    count: [u8; MAX_FILES],
    lowest: [u8; MAX_FILES],
    highest: [u8; MAX_FILES],
    pawns: ArrayVec<Pawn, MAX_PAWNS>,
}

impl Files {
    fn new() -> Files {
        Files {
            count: [0; MAX_FILES],
            lowest: [u8::MAX; MAX_FILES],
            highest: [0; MAX_FILES],
            pawns: ArrayVec::new(),
        }
    }

    /// Whether this colour has a promoting piece on `file` strictly beyond `rank` in the
    /// direction `dir` (+1: higher ranks).
    #[inline]
    fn ahead(&self, file: i32, rank: u8, dir: i8) -> bool {
        let Some(f) = self.occupied_slot(file) else {
            return false;
        };
        if dir > 0 {
            self.highest[f] > rank
        } else {
            self.lowest[f] < rank
        }
    }

    #[inline]
    fn occupied(&self, file: i32) -> bool {
        self.occupied_slot(file).is_some()
    }

    /// The place of `file` in the per-file arrays, if it has one and a piece stands there.
    #[inline]
    fn occupied_slot(&self, file: i32) -> Option<usize> {
        usize::try_from(file)
            .ok()
            .filter(|&f| f < MAX_FILES && self.count[f] > 0)
    }
}

/// The promoting pieces of both sides, collected while the evaluation walks the pieces.
pub struct Structure {
    sides: ByColour<Files>,
}

impl Structure {
    pub fn new() -> Structure {
        Structure {
            sides: ByColour::from_fn(|_| Files::new()),
        }
    }

    /// The pawn-like pieces of `pos`.
    pub fn of(pos: &Position, et: &EvalTables) -> Structure {
        let geo = pos.geo();
        let mut structure = Structure::new();
        for colour in Colour::BOTH {
            for &sq in pos.pieces(colour) {
                let kind = pos.at(sq).kind();
                if et.kinds[kind].pawn_like {
                    structure.add(geo, colour, sq, kind);
                }
            }
        }
        structure
    }

    /// Note a promoting piece of `kind` and `colour` on `sq`.
    #[inline]
    fn add(&mut self, geo: &Geometry, colour: Colour, sq: Square, kind: usize) {
        let (file, rank) = geo.coords(sq);
        let side = &mut self.sides[colour];
        if side.pawns.is_full() {
            return;
        }
        side.pawns.push(Pawn {
            sq,
            kind,
            file,
            rank,
        });
        let f = usize::from(file);
        side.count[f] += 1;
        side.lowest[f] = side.lowest[f].min(rank);
        side.highest[f] = side.highest[f].max(rank);
    }

    /// Pawn-structure score from White's view, and whether there is a passed pawn.
    pub fn evaluate(&self, et: &EvalTables, files: u8) -> PawnTerms {
        let mut score = ByColour([Pair::default(); 2]);
        let mut passers = false;
        self.visit(et, files, |colour, feature| {
            passers |= matches!(feature, PawnFeature::Passed(_));
            score[colour] += match feature {
                PawnFeature::Doubled(extra) => et.pawns.doubled * extra,
                PawnFeature::Isolated => et.pawns.isolated,
                PawnFeature::Passed(k) => {
                    let w = et.pawns.passed_progress;
                    et.pawns.passed + Pair::new(k * w.mg / PASSED_SCALE, k * w.eg / PASSED_SCALE)
                }
            }
        });
        PawnTerms {
            score: score[Colour::White] - score[Colour::Black],
            passers,
        }
    }

    /// Every feature of the structure, with the colour it is of.
    pub fn visit(&self, et: &EvalTables, files: u8, mut f: impl FnMut(Colour, PawnFeature)) {
        for colour in Colour::BOTH {
            let own = &self.sides[colour];
            if own.pawns.is_empty() {
                continue;
            }
            let foe = &self.sides[!colour];
            for &count in &own.count[..usize::from(files)] {
                if count > 1 {
                    f(colour, PawnFeature::Doubled(i32::from(count) - 1));
                }
            }
            for p in &own.pawns {
                let fi = i32::from(p.file);
                if !own.occupied(fi - 1) && !own.occupied(fi + 1) {
                    f(colour, PawnFeature::Isolated);
                }
                if is_passed(et, colour, p, foe) {
                    let progress = i32::from(et.progress[p.kind][colour][p.sq.index()]);
                    let gain = et.kinds[p.kind].promotion_gain;
                    f(colour, PawnFeature::Passed(progress * progress * gain));
                }
            }
        }
    }

    /// Every passed pawn-like piece, with its colour, square and type.
    pub fn passed(&self, et: &EvalTables, mut f: impl FnMut(Colour, Square, usize)) {
        for colour in Colour::BOTH {
            let foe = &self.sides[!colour];
            for p in &self.sides[colour].pawns {
                if is_passed(et, colour, p, foe) {
                    f(colour, p.sq, p.kind);
                }
            }
        }
    }
}

/// Whether pawn `p` of `colour` has no pawn-like foe ahead of it on its own or a neighbouring
/// file.
#[inline]
fn is_passed(et: &EvalTables, colour: Colour, p: &Pawn, foe: &Files) -> bool {
    let fi = i32::from(p.file);
    let dir = et.forward[p.kind][colour];
    !(fi - 1..=fi + 1).any(|n| foe.ahead(n, p.rank, dir))
}
