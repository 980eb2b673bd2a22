//! Mobility and attacks near the royal pieces, from one pass of the move generator over the
//! pieces that are neither royal nor pawn-like: each piece scores its number of destinations
//! against the typical number for its type, and counts the destinations next to the enemy's
//! royal pieces for the royal-safety term.

use super::pair::Pair;
use super::tables::EvalTables;
use crate::movegen::pseudo::piece_moves;
use crate::movegen::{Move, Sink};
use crate::position::ruleset::SqBits;
use crate::position::Position;
use crate::types::{ByColour, Colour};

/// Attacks on one colour's royal pieces.
#[derive(Clone, Copy, Debug, Default)]
pub struct Attacks {
    /// Enemy pieces with at least one destination next to a royal piece.
    pub attackers: i32,
    /// Their weight: material and number of such destinations.
    pub units: i32,
}

/// The result of the pass.
#[derive(Clone, Copy, Debug, Default)]
pub struct Activity {
    /// Mobility score from White's view.
    pub mobility: Pair,
    /// Attacks on White's and on Black's royal pieces.
    pub attacks: ByColour<Attacks>,
}

/// Counts the moves of one piece and those that land in a zone.
struct Counter<'a> {
    zone: &'a SqBits,
    moves: i32,
    hits: i32,
}

impl Sink for Counter<'_> {
    #[inline]
    fn push(&mut self, mv: Move) -> bool {
        self.moves += 1;
        self.hits += i32::from(self.zone.has(mv.to));
        true
    }
}

/// The squares next to (and under) the royal pieces of `colour`.
pub fn royal_zone(pos: &Position, colour: Colour) -> SqBits {
    let geo = pos.geo();
    let mut zone = SqBits::default();
    for &r in pos.royals(colour) {
        let (f, rank) = geo.coords(r);
        for dy in -1..=1 {
            for dx in -1..=1 {
                if let Some(s) = geo.checked_square(i16::from(f) + dx, i16::from(rank) + dy) {
                    zone.add(s);
                }
            }
        }
    }
    zone
}

pub fn evaluate(pos: &Position, et: &EvalTables) -> Activity {
    let zones = ByColour::from_fn(|colour| royal_zone(pos, colour));
    let mut out = Activity::default();
    for colour in Colour::BOTH {
        let them = !colour;
        let mut mobility = Pair::default();
        for &sq in pos.pieces(colour) {
            let kind = pos.at(sq).kind();
            let m = et.kinds[kind].mobility;
            if m.weight == Pair::default() {
                continue;
            }
            let mut counter = Counter {
                zone: &zones[them],
                moves: 0,
                hits: 0,
            };
            piece_moves(pos, sq, &mut counter);
            mobility += m.weight * (counter.moves - m.mean);
            if counter.hits > 0 {
                let a = &mut out.attacks[them];
                a.attackers += 1;
                a.units += et.kinds[kind].value / 50 + 2 * counter.hits;
            }
        }
        let signed = Pair::new(mobility.mg / 16, mobility.eg / 16);
        out.mobility += if colour == Colour::White {
            signed
        } else {
            -signed
        };
    }
    out
}
