//! The transposition table, shared lock-free by all search threads.
//!
//! Buckets of four entries fill one cache line. An entry is two 64-bit words: the data (move
//! fingerprint, score, depth, bound, generation) and the position key XOR-ed with the data, so
//! a torn write by two threads at once reads back as a miss instead of a wrong hit. Moves are
//! stored as fingerprints (the from-square and a hash of the move) and matched against
//! generated moves (all of a node's, or those of the piece on the square a fingerprint names),
//! so the table can never hand the search a move that is not legal. Replacement prefers the
//! entry of the same position, then the shallowest or oldest one.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::movegen::Move;
use crate::types::Square;

const ENTRIES: usize = 4;
const SCORE_BITS: u32 = 22;
const SCORE_BIAS: i64 = 1 << (SCORE_BITS - 1);
const GENERATIONS: u8 = 64;

/// The largest table asked for is clamped to this many megabytes (1 TiB): beyond any machine
/// the engine runs on, and far inside what the index arithmetic can address.
pub const MAX_MB: usize = 1 << 20;

/// The hash size to use when `requested` megabytes are asked for: `requested`, or, where this
/// machine has less memory available than that (half of Linux's `MemAvailable`, leaving room
/// for the rest of the system), the largest power of two that fits, with the reason.
pub fn affordable_mb(requested: usize) -> (usize, Option<String>) {
    let requested = requested.max(1);
    let Some(available) = available_mb() else {
        return (requested.min(MAX_MB), None);
    };
    let limit = (available / 2).max(1);
    if requested <= limit {
        return (requested, None);
    }
    let used = 1usize << limit.ilog2();
    let reason = format!(
        "hash of {requested} MB is more than this machine can give ({available} MB available); using {used} MB"
    );
    (used, Some(reason))
}

/// Megabytes of memory available now, where the system says (Linux's `/proc/meminfo`).
fn available_mb() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb >> 10)
}

/// What a stored score means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// At most this (every move failed low).
    Upper,
    Exact,
}

/// A table hit.
#[derive(Clone, Copy, Debug)]
pub struct Hit {
    /// Score as stored (mate scores relative to the stored node; see [`to_tt`]).
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    /// Fingerprint of the best move, 0 if none.
    pub fingerprint: u32,
}

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket([Entry; ENTRIES]);

/// The table.
pub struct Table {
    buckets: Vec<Bucket>,
    generation: u8,
}

impl Table {
    /// A table of about `mb` megabytes (at least one bucket). Where the memory cannot be had,
    /// the largest half, quarter … of it that can: asking never aborts the engine.
    pub fn new(mb: usize) -> Table {
        let mut count = (mb.clamp(1, MAX_MB) << 20) / std::mem::size_of::<Bucket>();
        let mut buckets = Vec::new();
        while count > 1 && buckets.try_reserve_exact(count).is_err() {
            count /= 2;
        }
        super::memory::advise_huge_pages(&buckets);
        buckets.extend(std::iter::repeat_with(Bucket::default).take(count.max(1)));
        Table {
            buckets,
            generation: 0,
        }
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        for b in &mut self.buckets {
            for e in &mut b.0 {
                *e.check.get_mut() = 0;
                *e.data.get_mut() = 0;
            }
        }
        self.generation = 0;
    }

    /// Start a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let i = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[i]
    }

    /// Start fetching the bucket of `key`, which a probe will soon read.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        super::memory::prefetch(self.bucket(key));
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        for e in &self.bucket(key).0 {
            let data = e.data.load(Ordering::Relaxed);
            let check = e.check.load(Ordering::Relaxed);
            if check ^ data == key {
                if let Some(hit) = unpack(data) {
                    return Some(hit);
                }
            }
        }
        None
    }

    /// Store a result; `fingerprint` 0 keeps the move already stored for the position.
    pub fn store(&self, key: u64, score: i32, depth: i32, bound: Bound, fingerprint: u32) {
        let bucket = self.bucket(key);
        let mut victim = &bucket.0[0];
        let mut worst = i32::MAX;
        for e in &bucket.0 {
            let data = e.data.load(Ordering::Relaxed);
            let check = e.check.load(Ordering::Relaxed);
            if check ^ data == key && data != 0 {
                victim = e;
                break;
            }
            let merit = match unpack(data) {
                None => i32::MIN,
                Some(hit) => hit.depth - 8 * i32::from(self.age(data)),
            };
            if merit < worst {
                worst = merit;
                victim = e;
            }
        }
        let old = victim.data.load(Ordering::Relaxed);
        let mut fp = fingerprint;
        if victim.check.load(Ordering::Relaxed) ^ old == key {
            if let Some(hit) = unpack(old) {
                if fp == 0 {
                    fp = hit.fingerprint;
                }
                if bound != Bound::Exact && hit.depth > depth + 2 && self.age(old) == 0 {
                    return;
                }
            }
        }
        let data = pack(score, depth, bound, fp, self.generation);
        victim.data.store(data, Ordering::Relaxed);
        victim.check.store(key ^ data, Ordering::Relaxed);
    }

    fn age(&self, data: u64) -> u8 {
        let stored = (data >> 32) as u8 & (GENERATIONS - 1);
        (self.generation + GENERATIONS - stored) % GENERATIONS
    }

    /// Permille of the entries written by the current search (from a sample).
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(250);
        let mut used = 0;
        for b in &self.buckets[..sample] {
            for e in &b.0 {
                let data = e.data.load(Ordering::Relaxed);
                if unpack(data).is_some() && self.age(data) == 0 {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * ENTRIES).max(1)) as u32
    }
}

/// Bits of a fingerprint that hold the move's from-square.
const FROM_BITS: u32 = 9;
/// Those bits.
const FROM_MASK: u32 = (1 << FROM_BITS) - 1;

/// A 26-bit fingerprint of a move (never 0): its from-square (the low 9 bits of its place) and
/// a 17-bit hash of the whole move, so a hit names the square whose moves to look among.
pub fn fingerprint(mv: Move) -> u32 {
    let h = (mv.packed().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 47) as u32;
    u32::from(mv.from.raw()) & FROM_MASK | h.max(1) << FROM_BITS
}

/// The from-square a fingerprint names (its place's low 9 bits).
pub fn fingerprint_from(fingerprint: u32) -> Square {
    Square::from_index((fingerprint & FROM_MASK) as usize)
}

/// Mate scores are stored relative to the node (distance from it), not to the root.
pub fn to_tt(score: i32, ply: usize) -> i32 {
    use super::MATE_BOUND;
    if score >= MATE_BOUND {
        score + super::plies(ply)
    } else if score <= -MATE_BOUND {
        score - super::plies(ply)
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
pub fn from_tt(score: i32, ply: usize) -> i32 {
    use super::MATE_BOUND;
    if score >= MATE_BOUND {
        score - super::plies(ply)
    } else if score <= -MATE_BOUND {
        score + super::plies(ply)
    } else {
        score
    }
}

fn pack(score: i32, depth: i32, bound: Bound, fingerprint: u32, generation: u8) -> u64 {
    let s = (i64::from(score) + SCORE_BIAS) as u64 & ((1 << SCORE_BITS) - 1);
    let d = depth.clamp(0, 255) as u64;
    let b = match bound {
        Bound::Lower => 1u64,
        Bound::Upper => 2,
        Bound::Exact => 3,
    };
    s | d << 22
        | b << 30
        | u64::from(generation) << 32
        | (u64::from(fingerprint) & 0x3FF_FFFF) << 38
}

fn unpack(data: u64) -> Option<Hit> {
    let bound = match (data >> 30) & 3 {
        1 => Bound::Lower,
        2 => Bound::Upper,
        3 => Bound::Exact,
        _ => return None,
    };
    Some(Hit {
        score: ((data & ((1 << SCORE_BITS) - 1)) as i64 - SCORE_BIAS) as i32,
        depth: ((data >> 22) & 0xFF) as i32,
        bound,
        fingerprint: (data >> 38) as u32,
    })
}
