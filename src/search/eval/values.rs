//! Piece values computed from the pieces' own moves, so that every variant gets sensible
//! material values without hand-made tables.
//!
//! Each piece type is probed with the engine's real move generator: on the empty board and on
//! a few crowded boards (30 % of the squares filled at random with friends and foes of the
//! types the start position has, in its proportions, the same boards every time) it is placed
//! on every square it may stand on and its destinations are counted. The
//! average number of destinations on the crowded boards is the main measure: it already prices
//! the difference between leapers and sliders (a crowded board shortens a slider's lines but
//! not a leaper's jumps) and counts hoppers' moves, which need screens; quiet moves and
//! captures are weighed so that a piece capturing differently from how it moves is priced by
//! both. Corrections follow:
//! pieces that move backwards less than forwards are worth less (they cannot come back), and
//! colour-bound pieces (those that cannot reach every square, like the bishop, the ferz or the
//! alfil) a little less (the evaluation pays a pair bonus instead). Pieces that promote get a
//! pawn's base value on top of their mobility; royal pieces are not material and get 0.
//! A value given in the variant file (`PieceType::value`) overrides the automatic one.
//!
//! The scale is fixed once for all variants so that chess comes out as P 100, N 305, B 350,
//! R 520, Q 955.

use crate::types::{ByColour, Colour, Piece, Square};
use std::sync::Arc;

use crate::movegen::walker::piece_moves;
use crate::movegen::{Move, Sink};
use crate::position::ruleset::{Ruleset, SqBits};
use crate::position::Position;

/// Centipawns per destination on the crowded boards.
const PER_MOVE: f64 = 85.0;
/// Centipawns added to that (negative: a piece with few moves is worth little).
const OFFSET: f64 = -65.0;
/// Base value of a piece that promotes (a pawn's worth beyond its own mobility).
const PROMOTABLE_BASE: f64 = 80.0;
/// Least value of a piece that is not royal: even a piece that hardly moves blocks and guards.
const LEAST: f64 = 30.0;
/// Share of the squares occupied on a crowded board, in permille.
const DENSITY_PERMILLE: u64 = 300;
/// Crowded boards per square.
const BOARDS: usize = 8;
/// Captures per quiet move of a piece that captures as it moves, on a crowded board: foes
/// (half the occupied squares) per empty square.
const CAPTURE_RATIO: f64 = DENSITY_PERMILLE as f64 / 2.0 / (1000 - DENSITY_PERMILLE) as f64;

/// What the probes measured about one piece type.
#[derive(Clone, Debug)]
pub struct Profile {
    /// Destinations on the empty board per colour and padded square.
    pub empty_targets: ByColour<Vec<u8>>,
    /// Average destinations on the empty board (White).
    pub empty_mean: f64,
    /// Average destinations on the crowded boards (White), quiet moves and captures balanced.
    pub crowded_mean: f64,
    /// It has forward moves but never moves backwards.
    pub forward_only: bool,
    /// The value the evaluation uses: the variant file's, else the automatic one.
    pub value: i32,
    /// Centipawns the pair bonus gives back to two colour-bound pieces of this type.
    pub pair_bonus: i32,
}

/// Piece values in centipawns, indexed like `tables.pieces` (royal pieces: 0).
pub fn piece_values(tables: &Ruleset) -> Vec<i32> {
    let rebuilt = Ruleset::new(tables.variant.clone())
        .expect("tables that were built once from this variant build again");
    profiles(&rebuilt).iter().map(|p| p.value).collect()
}

/// Probe every piece type of the variant.
pub fn profiles(tables: &Arc<Ruleset>) -> Vec<Profile> {
    let mut probe = Probe::new(tables.clone());
    (0..tables.pieces.len())
        .map(|kind| probe.profile(kind))
        .collect()
}

/// Destination squares of one piece, deduplicated.
struct Targets {
    seen: Vec<bool>,
    list: Vec<Square>,
}

impl Sink for Targets {
    fn push(&mut self, mv: Move) -> bool {
        if !mv.is_castle() && !self.seen[mv.to.index()] {
            self.seen[mv.to.index()] = true;
            self.list.push(mv.to);
        }
        true
    }
}

/// A board to probe pieces on, with the scratch space for the counts.
struct Probe {
    tables: Arc<Ruleset>,
    pos: Position,
    targets: Targets,
    /// The types a crowded board is filled with: one entry per piece of the start position
    /// that is not royal (a hopper's screens and a piece's victims are what the game has).
    crowd: Vec<usize>,
}

impl Probe {
    fn new(tables: Arc<Ruleset>) -> Probe {
        let size = tables.geo.size;
        let start = Position::start(tables.clone());
        let crowd = tables
            .geo
            .squares()
            .map(|sq| start.at(sq))
            .filter(|p| p.is_piece() && !tables.variant.pieces[p.kind()].always_royal())
            .map(|p| p.kind())
            .collect();
        Probe {
            pos: Position::empty(tables.clone()),
            crowd,
            tables,
            targets: Targets {
                seen: vec![false; size],
                list: Vec::with_capacity(size),
            },
        }
    }

    /// Destinations of a piece of `kind` and `colour` on `sq` with the current blockers.
    fn destinations(&mut self, kind: usize, colour: Colour, sq: Square) -> &[Square] {
        for &t in &self.targets.list {
            self.targets.seen[t.index()] = false;
        }
        self.targets.list.clear();
        self.pos.set_piece(sq, Piece::new(kind, colour));
        piece_moves(&self.pos, sq, &mut self.targets);
        self.pos.set_piece(sq, Piece::EMPTY);
        &self.targets.list
    }

    fn clear_board(&mut self) {
        let geo = self.tables.geo;
        for sq in geo.squares() {
            self.pos.set_piece(sq, Piece::EMPTY);
        }
    }

    /// Fill the board with friends and foes at random (deterministically), of the start
    /// position's types, or of `kind` where it has none.
    fn crowd(&mut self, kind: usize, seed: &mut u64, except: Square) {
        let geo = self.tables.geo;
        for sq in geo.squares() {
            let r = next_random(seed);
            let piece = if sq != except && r % 1000 < DENSITY_PERMILLE {
                let colour = if (r >> 20) & 1 == 0 {
                    Colour::White
                } else {
                    Colour::Black
                };
                let crowd_kind = match self.crowd.len() {
                    0 => kind,
                    n => self.crowd[(r >> 32) as usize % n],
                };
                Piece::new(crowd_kind, colour)
            } else {
                Piece::EMPTY
            };
            self.pos.set_piece(sq, piece);
        }
    }

    fn profile(&mut self, kind: usize) -> Profile {
        let tables = self.tables.clone();
        let geo = tables.geo;
        let info = &tables.pieces[kind];
        let squares: Vec<Square> = geo.squares().collect();
        let home: Vec<Square> = squares
            .iter()
            .copied()
            .filter(|&s| {
                info.confine
                    .as_ref()
                    .is_none_or(|c| c[Colour::White].has(s))
            })
            .collect();
        let n = home.len().max(1) as f64;
        let mut edges = vec![SqBits::default(); geo.size];
        let mut empty_targets = ByColour::from_fn(|_| vec![0u8; geo.size]);
        let (mut forward, mut backward) = (0usize, 0usize);
        self.clear_board();
        for colour in Colour::BOTH {
            for &sq in &squares {
                let targets = &mut empty_targets[colour];
                let count = self.destinations(kind, colour, sq).len();
                targets[sq.index()] = count.min(u8::MAX as usize) as u8;
            }
        }
        let mut empty_total = 0usize;
        let mut note = |from: Square, found: &[Square], edges: &mut [SqBits]| {
            let rank = geo.coords(from).1;
            for &t in found {
                edges[from.index()].add(t);
                edges[t.index()].add(from);
                let to_rank = geo.coords(t).1;
                forward += usize::from(to_rank > rank);
                backward += usize::from(to_rank < rank);
            }
        };
        for &sq in &home {
            empty_total += empty_targets[Colour::White][sq.index()] as usize;
            let found = self.destinations(kind, Colour::White, sq).to_vec();
            note(sq, &found, &mut edges);
        }
        let (mut quiet, mut captures) = (0usize, 0usize);
        let mut seed = 0x2545_F491_4F6C_DD1D_u64;
        for &sq in &home {
            for _ in 0..BOARDS {
                self.crowd(kind, &mut seed, sq);
                let found = self.destinations(kind, Colour::White, sq).to_vec();
                for &t in &found {
                    if self.pos.at(t) == Piece::EMPTY {
                        quiet += 1;
                    } else {
                        captures += 1;
                    }
                }
                note(sq, &found, &mut edges);
            }
        }
        self.clear_board();
        let empty_mean = empty_total as f64 / n;
        let probes = n * BOARDS as f64;
        let crowded_mean = balanced(quiet as f64 / probes, captures as f64 / probes);
        let reach = reach(&home, &edges);
        let colour_bound = reach > 0.0 && reach < 0.99;
        let raw = PER_MOVE * crowded_mean + OFFSET;
        let retreat = if forward > backward {
            0.85 + 0.15 * backward as f64 / forward as f64
        } else {
            1.0
        };
        let promotes = info.promotion.is_some();
        let bound = if colour_bound && !promotes {
            0.9 + 0.1 * reach
        } else {
            1.0
        };
        // A type royal only when it is the last (two maharajahs) can be taken: it has a value.
        let royal = info.always_royal();
        let automatic = if royal {
            0.0
        } else if promotes {
            (raw * retreat).max(0.0) + PROMOTABLE_BASE
        } else {
            (raw * retreat * bound).max(LEAST)
        };
        let value = tables.variant.pieces[kind]
            .value
            .unwrap_or(automatic.round() as i32);
        let pair_bonus = if colour_bound && !promotes && !royal {
            (raw * retreat / 10.0).round() as i32
        } else {
            0
        };
        Profile {
            empty_targets,
            empty_mean,
            crowded_mean,
            forward_only: forward > 0 && backward == 0,
            value,
            pair_bonus,
        }
    }
}

/// Destinations on a crowded board, with quiet moves and captures weighed alike: a piece
/// that moves and captures the same way has [`CAPTURE_RATIO`] captures per quiet move, and
/// counts as its total; one that captures differently (the Empire's queen-moving knights)
/// counts as the mean of the totals its quiet moves and its captures each imply.
fn balanced(quiet: f64, captures: f64) -> f64 {
    (quiet * (1.0 + CAPTURE_RATIO) + captures * (1.0 + 1.0 / CAPTURE_RATIO)) / 2.0
}

/// Share of `squares` reachable from one of them in the undirected move graph.
fn reach(squares: &[Square], edges: &[SqBits]) -> f64 {
    let Some(&start) = squares.get(squares.len() / 2) else {
        return 0.0;
    };
    let mut seen = SqBits::default();
    seen.add(start);
    let mut queue = vec![start];
    while let Some(sq) = queue.pop() {
        for &t in squares {
            if edges[sq.index()].has(t) && !seen.has(t) {
                seen.add(t);
                queue.push(t);
            }
        }
    }
    let found = squares.iter().filter(|&&s| seen.has(s)).count();
    if found <= 1 {
        return 0.0;
    }
    found as f64 / squares.len() as f64
}

/// A splitmix64 step: the same boards on every run and platform.
fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
