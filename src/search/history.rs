//! Move history: how often a piece moving to a square caused a cutoff, on its own (the plain
//! table) and after a given move one and two plies before (continuation history); how often a
//! capture of a piece type by a piece on a square did (capture history); the quiet move that
//! last refuted each move (counter-moves). Kept between the searches of one game; what a node
//! orders its moves by.

use super::see::mover;
use crate::movegen::{arriving, Move};
use crate::position::ruleset::Ruleset;
use crate::position::Position;
use crate::types::Piece;

/// History scores stay within ±this.
pub const HISTORY_MAX: i32 = 1 << 14;

/// Continuation history keeps at most this many entries; past it, moves before share rows.
const CONTINUATION_ENTRIES: usize = 1 << 22;

/// `score` moved towards ±[`HISTORY_MAX`] by `bonus` (negative for a malus).
fn nudged(score: i32, bonus: i32) -> i32 {
    let b = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    score + b - score * b.abs() / HISTORY_MAX
}

/// A move as continuation history knows it: the piece standing on its destination after it
/// (promoted, if it promotes) and that square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveKey(u32);

impl MoveKey {
    /// The key of `mv`, about to be played in `pos`.
    #[inline]
    pub fn of(pos: &Position, mv: Move) -> MoveKey {
        let piece = arriving(pos, mv);
        MoveKey((piece.index() * pos.tables.geo.size + mv.to.index()) as u32)
    }

    fn index(self) -> usize {
        self.0 as usize
    }
}

/// Quiet-move history by moving piece and destination.
pub struct History {
    table: Vec<i32>,
    size: usize,
}

impl History {
    pub fn new(codes: usize, size: usize) -> History {
        History {
            table: vec![0; codes * size],
            size,
        }
    }

    #[inline]
    fn index(&self, pos: &Position, mv: Move) -> usize {
        mover(pos, mv).index() * self.size + mv.to.index()
    }

    #[inline]
    pub fn get(&self, pos: &Position, mv: Move) -> i32 {
        self.table[self.index(pos, mv)]
    }

    /// Move the score towards ±[`HISTORY_MAX`] by `bonus` (negative for a malus).
    pub fn update(&mut self, pos: &Position, mv: Move, bonus: i32) {
        let i = self.index(pos, mv);
        self.table[i] = nudged(self.table[i], bonus);
    }
}

/// Quiet-move history by the move before and the move now, both as [`MoveKey`]s.
pub struct ContinuationHistory {
    table: Vec<i16>,
    /// Per key of the move before, where its row starts in `table`: the key's row number
    /// modulo the rows kept, times the row's width (looked up, not divided, per move scored).
    row_start: Vec<u32>,
}

impl ContinuationHistory {
    /// A table for `codes` piece codes on a board of `size` squares.
    pub fn new(codes: usize, size: usize) -> ContinuationHistory {
        let width = codes * size;
        let rows = width.min((CONTINUATION_ENTRIES / width).max(1));
        // A zeroed allocation this large is fresh memory the kernel has not backed yet.
        let table = vec![0; rows * width];
        super::memory::advise_huge_pages(&table);
        // Rows start below CONTINUATION_ENTRIES (or one row's width), far inside a u32.
        let row_start = (0..width)
            .map(|key| u32::try_from(key % rows * width).expect("a row start fits in u32"))
            .collect();
        ContinuationHistory { table, row_start }
    }

    #[inline]
    fn index(&self, before: MoveKey, now: MoveKey) -> usize {
        self.row_start[before.index()] as usize + now.index()
    }

    #[inline]
    pub fn get(&self, before: MoveKey, now: MoveKey) -> i32 {
        i32::from(self.table[self.index(before, now)])
    }

    /// Move the score towards ±[`HISTORY_MAX`] by `bonus` (negative for a malus).
    pub fn update(&mut self, before: MoveKey, now: MoveKey, bonus: i32) {
        let i = self.index(before, now);
        let score = nudged(i32::from(self.table[i]), bonus);
        self.table[i] = score as i16;
    }
}

/// Capture history by moving piece, destination and the type taken (a slot past the types
/// for a promotion that takes nothing).
pub struct CaptureHistory {
    table: Vec<i16>,
    size: usize,
    /// Victim slots per (piece, square): the piece types and the slot for none.
    slots: usize,
}

impl CaptureHistory {
    /// A table for `codes` piece codes and `kinds` piece types on a board of `size` squares.
    pub fn new(codes: usize, kinds: usize, size: usize) -> CaptureHistory {
        let slots = kinds + 1;
        CaptureHistory {
            table: vec![0; codes * size * slots],
            size,
            slots,
        }
    }

    #[inline]
    fn index(&self, pos: &Position, mv: Move) -> usize {
        let victim = pos.at(mv.to);
        let them = !pos.side();
        let slot = if mv.to != mv.from && victim.is_of(them) {
            victim.kind()
        } else {
            // A locust capture or a promotion that takes nothing on its destination.
            mv.kills
                .iter()
                .find(|&&k| k.is_some() && pos.at(k).is_of(them))
                .map_or(self.slots - 1, |&k| pos.at(k).kind())
        };
        (mover(pos, mv).index() * self.size + mv.to.index()) * self.slots + slot
    }

    #[inline]
    pub fn get(&self, pos: &Position, mv: Move) -> i32 {
        i32::from(self.table[self.index(pos, mv)])
    }

    /// Move the score towards ±[`HISTORY_MAX`] by `bonus` (negative for a malus).
    pub fn update(&mut self, pos: &Position, mv: Move, bonus: i32) {
        let i = self.index(pos, mv);
        self.table[i] = nudged(i32::from(self.table[i]), bonus) as i16;
    }
}

/// The quiet move that last made a cutoff after each move (by its [`MoveKey`]).
pub struct CounterMoves {
    table: Vec<Option<Move>>,
}

impl CounterMoves {
    pub fn new(codes: usize, size: usize) -> CounterMoves {
        CounterMoves {
            table: vec![None; codes * size],
        }
    }

    #[inline]
    pub fn get(&self, before: MoveKey) -> Option<Move> {
        self.table[before.index()]
    }

    pub fn set(&mut self, before: MoveKey, mv: Move) {
        self.table[before.index()] = Some(mv);
    }
}

/// What one thread's searches learn about moves, kept from one search of a game to the next
/// (the positions of a game's moves are alike) and forgotten with a new game or variant.
pub struct Learnt {
    pub plain: History,
    pub continuation: ContinuationHistory,
    pub capture: CaptureHistory,
    pub counter: CounterMoves,
}

impl Learnt {
    /// Empty tables for the pieces and board of `tables`.
    pub fn new(tables: &Ruleset) -> Learnt {
        let (codes, size) = (Piece::table_size(tables.pieces.len()), tables.geo.size);
        Learnt {
            plain: History::new(codes, size),
            continuation: ContinuationHistory::new(codes, size),
            capture: CaptureHistory::new(codes, tables.pieces.len(), size),
            counter: CounterMoves::new(codes, size),
        }
    }
}

/// What a node orders its moves by: for quiet moves the plain history, the continuation
/// history after the moves one and two plies before (where there were such moves) and the
/// counter-move of the move before; for captures and promotions the capture history.
pub struct NodeHistory<'a> {
    pub plain: &'a History,
    pub continuation: &'a ContinuationHistory,
    pub capture: &'a CaptureHistory,
    pub before: [Option<MoveKey>; 2],
    pub counter_moves: &'a CounterMoves,
}

impl NodeHistory<'_> {
    /// The quiet move that last refuted the move before, if there was a move before and it
    /// has been refuted. Looked up where a node orders its moves, not for every move scored.
    #[inline]
    pub fn counter(&self) -> Option<Move> {
        self.before[0].and_then(|key| self.counter_moves.get(key))
    }

    /// The ordering score of quiet move `mv` in `pos`.
    #[inline]
    pub fn score(&self, pos: &Position, mv: Move) -> i32 {
        let mut score = self.plain.get(pos, mv);
        if self.before.iter().any(Option::is_some) {
            let now = MoveKey::of(pos, mv);
            for before in self.before.iter().flatten() {
                score += self.continuation.get(*before, now);
            }
        }
        score
    }

    /// Whether quiet move `mv` has a negative continuation history after both of the last two
    /// moves (false where either is missing): it has failed to refute what came before.
    #[inline]
    pub fn continuation_bad(&self, pos: &Position, mv: Move) -> bool {
        if self.before.iter().any(Option::is_none) {
            return false;
        }
        let now = MoveKey::of(pos, mv);
        self.before
            .iter()
            .flatten()
            .all(|&before| self.continuation.get(before, now) < 0)
    }
}

/// The history bonus of a cutoff at `depth` (and the malus of the quiet moves tried before
/// it): a few percent of [`HISTORY_MAX`] from the shallowest depths, a quarter at most.
pub fn history_bonus(depth: i32) -> i32 {
    (32 * depth * depth + 128 * depth - 128).clamp(0, HISTORY_MAX / 4)
}
