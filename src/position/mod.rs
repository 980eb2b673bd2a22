//! A game position on a padded mailbox board: pieces, side to move, unmoved ("virgin") pieces,
//! en-passant state, counters and an incrementally updated Zobrist key, with make and unmake.
//!
//! Every board change goes through one function that also keeps the piece lists, the royal
//! squares and the key in step, and records the old contents so unmake restores them exactly.
//! The change and undo stacks are allocated once, so make/unmake allocate nothing per node.

mod burning;
pub mod fen;
pub mod fen_board;
pub mod geometry;
pub mod moves;
pub mod ruleset;
pub mod square_sums;

use crate::types::{ByColour, BySquare, Colour, Kind, Piece, Square};
use std::sync::Arc;

use arrayvec::ArrayVec;

use crate::betza::compile::pass_over;
use crate::position::moves::{Move, MoveKind};
use crate::position::ruleset::Ruleset;
pub use geometry::{Geometry, RankStyle};
use square_sums::{Attached, SquareValues, Sums};

/// What one change overwrote, for unmake.
#[derive(Clone, Copy, Debug)]
enum Change {
    Square {
        sq: Square,
        old: Piece,
        /// Where `old` stood in its colour's piece list (if it is a piece), so that unmake
        /// puts it back there and the list's order does not depend on the moves tried.
        old_index: u16,
        old_virgin: bool,
        old_promoted: Option<Kind>,
    },
    Hand {
        slot: u16,
        old: u8,
    },
}

/// A change the last move made, as [`Position::last_changes`] reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    /// A square and what it held before.
    Square { sq: Square, old: Piece },
    /// A hand slot and its count before.
    Hand {
        colour: Colour,
        kind: usize,
        old: u8,
    },
}

/// State restored by unmake that is not a square's contents.
#[derive(Clone, Copy, Debug)]
struct Undo {
    changes: u32,
    checks: ByColour<u8>,
    state: u8,
    ep: [Square; 2],
    ep_victim: Square,
    halfmove: u32,
    repeatable: u32,
    hash: u64,
}

/// State flag: the move that led here was a pass.
pub const PASSED: u8 = 1;
/// State flag: the royal pieces face each other on an open file (janggi's bikjang).
pub const BIKJANG: u8 = 2;
/// State flags: the move that led here castled on the king side, on the queen side.
pub const CASTLED: [u8; 2] = [4, 8];
/// State flag: the move that led here captured a Lion with a piece that is not one (chu's
/// counterstrike rule). Like the other flags it is not part of the hash key.
pub const LION_TAKEN: u8 = 16;

/// The side a castling move castles on: 0 the king side (the partner beyond the king towards
/// the last file), 1 the queen side.
fn castled_side(mv: Move) -> usize {
    usize::from(mv.kills[0] < mv.from)
}

/// The key of a counter (hand size, promoted-from type) with value `n`; 0 for `n == 0`.
#[inline]
fn count_key(key: u64, n: u8) -> u64 {
    if n == 0 {
        0
    } else {
        (key ^ u64::from(n))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(23)
    }
}

/// A position of one variant.
#[derive(Clone, Debug)]
pub struct Position {
    pub tables: Arc<Ruleset>,
    board: BySquare<Piece>,
    virgin: BySquare<bool>,
    /// For a promoted piece, the type it promoted from.
    promoted: BySquare<Option<Kind>>,
    /// Pieces in hand: slot `colour.index() * types + kind`.
    hand: Vec<u8>,
    /// Pieces on the board: slot `colour.index() * types + kind`.
    counts: Vec<u16>,
    side: Colour,
    /// Squares a piece may move to to capture en passant (up to two after a triple step).
    ep: [Square; 2],
    /// The piece an en-passant capture removes.
    ep_victim: Square,
    halfmove: u32,
    /// Plies since the last move no later position can undo (a capture, a drop, a step of a
    /// piece that only moves forward): how far back a repetition may be found.
    repeatable: u32,
    fullmove: u32,
    /// Checks given so far by each colour (n-check variants).
    checks: ByColour<u8>,
    /// [`PASSED`] and [`BIKJANG`] flags of this position.
    state: u8,
    hash: u64,
    lists: ByColour<Vec<Square>>,
    list_index: BySquare<u16>,
    royals: ByColour<Vec<Square>>,
    /// A piece of a `royal_when_last` type was put or taken away since the royals were last
    /// recounted.
    royals_stale: bool,
    /// Values per piece and square whose sums make and unmake keep, if an owner attached
    /// some.
    attached: Option<Attached>,
    changes: Vec<Change>,
    undos: Vec<Undo>,
}

impl Position {
    /// An empty board of the variant, White to move.
    pub fn empty(tables: Arc<Ruleset>) -> Position {
        let geo = tables.geo;
        let mut board = BySquare::new(geo.size, Piece::WALL);
        for sq in geo.squares() {
            board[sq] = Piece::EMPTY;
        }
        let squares = usize::from(geo.files) * usize::from(geo.ranks);
        let types = tables.pieces.len();
        Position {
            board,
            virgin: BySquare::new(geo.size, false),
            promoted: BySquare::new(geo.size, None),
            hand: vec![0; 2 * types],
            counts: vec![0; 2 * types],
            side: Colour::White,
            ep: [Square::NONE; 2],
            ep_victim: Square::NONE,
            halfmove: 0,
            repeatable: 0,
            fullmove: 1,
            checks: ByColour::default(),
            state: 0,
            hash: 0,
            lists: ByColour::from_fn(|_| Vec::with_capacity(squares)),
            list_index: BySquare::new(geo.size, 0),
            royals: ByColour::from_fn(|_| Vec::with_capacity(squares)),
            royals_stale: false,
            attached: None,
            changes: Vec::with_capacity(4096),
            undos: Vec::with_capacity(1024),
            tables,
        }
    }

    #[inline]
    pub fn geo(&self) -> &Geometry {
        &self.tables.geo
    }
    #[inline]
    pub fn at(&self, sq: Square) -> Piece {
        self.board[sq]
    }
    #[inline]
    pub fn board(&self) -> &BySquare<Piece> {
        &self.board
    }
    /// Number of pieces of type `kind` in the hand of `colour`.
    #[inline]
    pub fn in_hand(&self, colour: Colour, kind: usize) -> u8 {
        self.hand[colour.index() * self.tables.pieces.len() + kind]
    }
    /// Whether `colour` has nothing in hand.
    #[inline]
    pub fn hand_is_empty(&self, colour: Colour) -> bool {
        let types = self.tables.pieces.len();
        self.hand[colour.index() * types..(colour.index() + 1) * types]
            .iter()
            .all(|&n| n == 0)
    }
    /// Number of pieces of type `kind` of `colour` on the board.
    #[inline]
    pub fn count(&self, colour: Colour, kind: usize) -> u16 {
        self.counts[colour.index() * self.tables.pieces.len() + kind]
    }
    /// The type the mover of `mv`, a move of colour `by`, becomes by taking a piece of a
    /// `contagious` type: the victim's on the destination, else the first one's on the way.
    /// `None` where the move takes none, the mover may be royal or is of that type already.
    #[inline]
    pub fn contagion(&self, mv: Move, by: Colour) -> Option<usize> {
        if !self.tables.contagion || mv.kind != MoveKind::Normal {
            return None;
        }
        let mover = self.board[mv.from];
        let info = |p: Piece| &self.tables.pieces[p.kind()];
        if !mover.is_piece() || info(mover).royal || info(mover).royal_when_last {
            return None;
        }
        let catching = |sq: Square| {
            let p = self.board[sq];
            (sq.is_some() && p.is_piece() && p.colour() != by && info(p).contagious)
                .then(|| p.kind())
        };
        let on_to = if mv.to == mv.from {
            None
        } else {
            catching(mv.to)
        };
        let kind = on_to.or_else(|| mv.kills.iter().find_map(|&k| catching(k)))?;
        (kind != mover.kind()).then_some(kind)
    }
    /// For a promoted piece on `sq`, the type it promoted from.
    #[inline]
    pub fn promoted_from(&self, sq: Square) -> Option<usize> {
        self.promoted[sq].map(Kind::index)
    }
    #[inline]
    pub fn side(&self) -> Colour {
        self.side
    }
    #[inline]
    pub fn is_virgin(&self, sq: Square) -> bool {
        self.virgin[sq]
    }
    #[inline]
    pub fn ep_squares(&self) -> [Square; 2] {
        self.ep
    }
    #[inline]
    pub fn ep_victim(&self) -> Square {
        self.ep_victim
    }
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// [`PASSED`] and [`BIKJANG`] flags of this position.
    #[inline]
    pub fn state(&self) -> u8 {
        self.state
    }
    /// The flags of the position before the last move, if a move was made.
    pub fn previous_state(&self) -> Option<u8> {
        self.undos.last().map(|u| u.state)
    }
    /// Whether the two sides' single royal pieces stand on one file with nothing between.
    pub fn royals_facing(&self) -> bool {
        let (w, b) = (&self.royals[Colour::White], &self.royals[Colour::Black]);
        if w.len() != 1 || b.len() != 1 {
            return false;
        }
        let geo = &self.tables.geo;
        let ((wf, wr), (bf, br)) = (geo.coords(w[0]), geo.coords(b[0]));
        wf == bf
            && (wr.min(br) + 1..wr.max(br)).all(|r| self.board[geo.square(wf, r)] == Piece::EMPTY)
    }
    pub(crate) fn refresh_state(&mut self, passed: bool) {
        let mut state = if passed { PASSED } else { 0 };
        if self.tables.variant.rules.bikjang && self.royals_facing() {
            state |= BIKJANG;
        }
        self.state = state;
    }
    /// Checks given so far by `colour` (n-check variants).
    #[inline]
    pub fn checks_given(&self, colour: Colour) -> u8 {
        self.checks[colour]
    }
    pub fn set_checks_given(&mut self, colour: Colour, n: u8) {
        self.checks[colour] = n;
    }
    /// Count a check given by the move just made (n-check variants). [`Position::make`] cannot
    /// tell a check itself: the check test belongs to the generator, a layer above.
    pub fn record_check_given(&mut self) {
        let mover = !self.side;
        self.checks[mover] = self.checks[mover].saturating_add(1);
    }
    #[inline]
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }
    /// How many of the latest positions this one could repeat: those since the last capture,
    /// drop or move of a piece that only moves forward, or all of them where captured pieces
    /// go to the hand and can come back. (Not the n-move counter: that one also restarts
    /// when a piece that may promote moves, and in chu almost every piece may, though it can
    /// go back where it was.)
    #[inline]
    pub fn repetition_window(&self) -> usize {
        if self.tables.hand.captures_to_hand {
            usize::MAX
        } else {
            self.repeatable as usize
        }
    }
    #[inline]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }
    /// Squares of the pieces of `colour`.
    #[inline]
    pub fn pieces(&self, colour: Colour) -> &[Square] {
        &self.lists[colour]
    }
    /// Squares of the royal pieces of `colour`.
    #[inline]
    pub fn royals(&self, colour: Colour) -> &[Square] {
        &self.royals[colour]
    }
    /// Keep the sums of `values` over the board from now on, through every make and unmake.
    pub fn attach(&mut self, values: Arc<SquareValues>) {
        let sums = self.sums_of(&values);
        self.attached = Some(Attached { values, sums });
    }

    /// The sums of `values` over the board: kept ones if `values` is what is attached,
    /// else counted now.
    #[inline]
    pub fn sums(&self, values: &Arc<SquareValues>) -> Sums {
        match &self.attached {
            Some(a) if Arc::ptr_eq(&a.values, values) => a.sums,
            _ => self.sums_of(values),
        }
    }

    /// The sums of `values` over the pieces on the board, counted one by one.
    fn sums_of(&self, values: &SquareValues) -> Sums {
        let mut sums = Sums::default();
        for colour in Colour::BOTH {
            for &sq in self.pieces(colour) {
                sums.add(values.get(self.board[sq], sq), colour);
            }
        }
        sums
    }

    /// What the last move (or null move) changed, in the order it changed it: squares with
    /// their content before the change, hand slots with their count before. A square changed
    /// twice appears twice; its first appearance holds what it held before the move.
    pub fn last_changes(&self) -> impl Iterator<Item = Changed> + '_ {
        let from = self
            .undos
            .last()
            .map_or(self.changes.len(), |u| u.changes as usize);
        let types = self.tables.pieces.len();
        self.changes[from..].iter().map(move |c| match *c {
            Change::Square { sq, old, .. } => Changed::Square { sq, old },
            Change::Hand { slot, old } => {
                let slot = usize::from(slot);
                Changed::Hand {
                    colour: if slot < types {
                        Colour::White
                    } else {
                        Colour::Black
                    },
                    kind: slot % types,
                    old,
                }
            }
        })
    }

    /// Number of moves made since the position was set up.
    pub fn ply_count(&self) -> usize {
        self.undos.len()
    }

    /// Put `new` on `sq` (`Piece::EMPTY` to clear), keeping lists, royals and the key in step
    /// (a wall's key is the caller's: [`Position::set_wall`], petrification).
    fn put(&mut self, sq: Square, new: Piece) {
        self.put_at::<true>(sq, new, usize::MAX);
    }

    /// [`Position::put`] that places a new piece at `index` of its colour's piece list (the
    /// piece there moves to the end), or at the end where the list is not that long. With
    /// `KEYED` false the key is left as it was: unmake puts back the key it saved.
    fn put_at<const KEYED: bool>(&mut self, sq: Square, new: Piece, index: usize) {
        let old = self.board[sq];
        if old == new {
            return;
        }
        let size = self.tables.geo.size;
        if old.is_piece() {
            if KEYED {
                self.hash ^= self.tables.zobrist.piece(old, sq, size);
            }
            if let Some(a) = &mut self.attached {
                a.change(old, sq, false);
            }
            let c = old.colour();
            self.counts[c.index() * self.tables.pieces.len() + old.kind()] -= 1;
            let i = self.list_index[sq] as usize;
            let last = self.lists[c].pop().expect("piece list out of step");
            if last != sq {
                self.lists[c][i] = last;
                self.list_index[last] = i as u16;
            }
            let piece = &self.tables.pieces[old.kind()];
            if piece.royal {
                self.royals_stale |= piece.royal_when_last;
                let r = &mut self.royals[c];
                if let Some(j) = r.iter().position(|&s| s == sq) {
                    r.swap_remove(j);
                }
            }
        }
        if new.is_piece() {
            if KEYED {
                self.hash ^= self.tables.zobrist.piece(new, sq, size);
            }
            if let Some(a) = &mut self.attached {
                a.change(new, sq, true);
            }
            let c = new.colour();
            self.counts[c.index() * self.tables.pieces.len() + new.kind()] += 1;
            let list = &mut self.lists[c];
            if index < list.len() {
                let displaced = list[index];
                self.list_index[displaced] = list.len() as u16;
                list.push(displaced);
                list[index] = sq;
                self.list_index[sq] = index as u16;
            } else {
                self.list_index[sq] = list.len() as u16;
                list.push(sq);
            }
            let piece = &self.tables.pieces[new.kind()];
            if piece.royal {
                self.royals_stale |= piece.royal_when_last;
                self.royals[c].push(sq);
            }
        }
        self.board[sq] = new;
    }

    /// `royal_when_last`: after a change of the board, a side's pieces of such types are royal
    /// only where one of them is left (of all those types together). Nothing to do unless such
    /// a piece was put or taken away.
    fn recount_royals(&mut self) {
        if !std::mem::take(&mut self.royals_stale) {
            return;
        }
        self.recount_royals_now();
    }

    #[cold]
    fn recount_royals_now(&mut self) {
        let pieces = &self.tables.pieces;
        for colour in Colour::BOTH {
            let board = &self.board;
            self.royals[colour].retain(|&s| !pieces[board[s].kind()].royal_when_last);
            let left: u16 = (0..pieces.len())
                .filter(|&kind| pieces[kind].royal_when_last)
                .map(|kind| self.count(colour, kind))
                .sum();
            if left == 1 {
                if let Some(&sq) = self.lists[colour]
                    .iter()
                    .find(|&&s| pieces[board[s].kind()].royal_when_last)
                {
                    self.royals[colour].push(sq);
                }
            }
        }
    }

    fn set_virgin(&mut self, sq: Square, v: bool) {
        if self.virgin[sq] != v {
            self.virgin[sq] = v;
            self.hash ^= self.tables.zobrist.virgin[sq];
        }
    }

    fn set_promoted(&mut self, sq: Square, from: Option<Kind>) {
        let old = self.promoted[sq];
        if old != from {
            if self.tables.marks_matter {
                let key = self.tables.zobrist.promoted[sq];
                self.hash ^= count_key(key, Kind::code(old)) ^ count_key(key, Kind::code(from));
            }
            self.promoted[sq] = from;
        }
    }

    fn set_hand(&mut self, slot: usize, count: u8) {
        let old = self.hand[slot];
        let key = self.tables.zobrist.hand[slot];
        self.hash ^= count_key(key, old) ^ count_key(key, count);
        self.hand[slot] = count;
    }

    /// Take away the `i` moves of the piece on `sq` (recorded for unmake): a rule of the move
    /// just made that [`Position::make`] cannot see (`initial_lost_when_aimed_by`).
    pub fn revoke_initial(&mut self, sq: Square) {
        if self.virgin[sq] {
            self.change(sq, self.board[sq], false, self.promoted[sq]);
        }
    }

    /// Change a square, recording its old contents for unmake.
    fn change(&mut self, sq: Square, new: Piece, virgin: bool, promoted: Option<Kind>) {
        self.changes.push(Change::Square {
            sq,
            old: self.board[sq],
            old_index: self.list_index[sq],
            old_virgin: self.virgin[sq],
            old_promoted: self.promoted[sq],
        });
        self.put(sq, new);
        self.set_virgin(sq, virgin);
        self.set_promoted(sq, promoted);
    }

    /// Turn `sq` into a wall during a move (a wall put, a petrified capturer), recording it for
    /// unmake; the wall's key joins the position's.
    fn change_to_wall(&mut self, sq: Square) {
        self.change(sq, Piece::WALL, false, None);
        self.hash ^= self
            .tables
            .zobrist
            .piece(Piece::WALL, sq, self.tables.geo.size);
    }

    /// Add `delta` pieces of `kind` to the hand of `colour`, recording it for unmake.
    fn change_hand(&mut self, colour: Colour, kind: usize, delta: i8) {
        let slot = colour.index() * self.tables.pieces.len() + kind;
        let old = self.hand[slot];
        self.changes.push(Change::Hand {
            slot: slot as u16,
            old,
        });
        self.set_hand(
            slot,
            (i16::from(old) + i16::from(delta)).clamp(0, 255) as u8,
        );
    }

    /// Remove the piece on `sq` as a capture by `capturer`, sending it to the capturer's hand
    /// when the variant says so.
    fn capture(&mut self, sq: Square, capturer: Colour) {
        let victim = self.board[sq];
        let t = &self.tables;
        if t.hand.captures_to_hand {
            let kind = match self.promoted_from(sq) {
                Some(base) if t.hand.demote_on_capture => base,
                _ => t.pieces[victim.kind()].hand_type,
            };
            if t.pieces[kind].royal {
                self.change(sq, Piece::EMPTY, false, None);
                return;
            }
            self.change_hand(capturer, kind, 1);
        }
        self.change(sq, Piece::EMPTY, false, None);
    }

    fn set_ep(&mut self, squares: [Square; 2], victim: Square) {
        for s in self.ep {
            if s != Square::NONE {
                self.hash ^= self.tables.zobrist.ep[s];
            }
        }
        for s in squares {
            if s != Square::NONE {
                self.hash ^= self.tables.zobrist.ep[s];
            }
        }
        self.ep = squares;
        self.ep_victim = victim;
    }

    /// Record what unmake restores, and clear the en-passant rights of the previous move.
    fn begin_move(&mut self) {
        self.undos.push(Undo {
            changes: self.changes.len() as u32,
            checks: self.checks,
            state: self.state,
            ep: self.ep,
            ep_victim: self.ep_victim,
            halfmove: self.halfmove,
            repeatable: self.repeatable,
            hash: self.hash,
        });
        self.set_ep([Square::NONE; 2], Square::NONE);
    }

    /// Make a move the generator produced for this position.
    pub fn make(&mut self, mv: Move) {
        self.begin_move();
        let piece = self.board[mv.from];
        let mut lion_taken = false;
        self.halfmove += 1;
        self.repeatable += 1;
        let us = self.side;
        match mv.kind {
            MoveKind::Castle => {
                let partner = self.board[mv.kills[0]];
                let partner_promoted = self.promoted[mv.kills[0]];
                self.change(mv.from, Piece::EMPTY, false, None);
                self.change(mv.kills[0], Piece::EMPTY, false, None);
                self.change(mv.to, piece, false, None);
                self.change(mv.kills[1], partner, false, partner_promoted);
                if let Some(g) = mv.gate_type() {
                    let at = if mv.gate_on_partner {
                        mv.kills[0]
                    } else {
                        mv.from
                    };
                    self.change_hand(us, g, -1);
                    self.change(at, Piece::new(g, us), false, None);
                }
                if self.tables.castling.as_ref().is_some_and(|c| c.opposite) {
                    self.take_castling_side(!us, castled_side(mv));
                }
            }
            MoveKind::Wall => self.change_to_wall(mv.to),
            MoveKind::Drop => {
                // Every drop the generator makes names its type (`Move::drop`).
                if let Some(kind) = mv.drop_type() {
                    self.drop_piece(kind, mv.to);
                }
            }
            MoveKind::Normal => {
                let caught = self.contagion(mv, us);
                let info = &self.tables.pieces[piece.kind()];
                let reset = info.resets_counter;
                let mut captured = false;
                if info.only_forward {
                    self.repeatable = 0;
                }
                let burns = info.burns;
                let burnt = self.tables.burns_passively && self.burnt_on_arrival(mv);
                let captures = mv.kills.iter().any(|&k| k != Square::NONE)
                    || (mv.to != mv.from && self.board[mv.to].is_piece());
                let is_lion = |p: Piece| p.is_piece() && self.tables.pieces[p.kind()].lion;
                lion_taken = self.tables.counterstrike
                    && captures
                    && !is_lion(piece)
                    && (mv
                        .kills
                        .iter()
                        .any(|&k| k != Square::NONE && is_lion(self.board[k]))
                        || (mv.to != mv.from && is_lion(self.board[mv.to])));
                for k in mv.kills {
                    if k != Square::NONE && self.board[k].is_piece() {
                        captured = true;
                        self.capture(k, us);
                    }
                }
                if self.board[mv.to].is_piece() && mv.to != mv.from {
                    captured = true;
                    self.capture(mv.to, us);
                }
                let mover_promoted = self.promoted[mv.from];
                let base = self.tables.pieces[piece.kind()].promoted_of;
                let (placed, promoted) = match (caught, mv.promotion_type()) {
                    (Some(t), _) => (Piece::new(t, us), None),
                    (None, Some(t)) if base == Some(t) => (Piece::new(t, us), None),
                    (None, Some(t)) => (Piece::new(t, us), Some(Kind::new(piece.kind()))),
                    (None, None) => (piece, mover_promoted),
                };
                self.change(mv.from, Piece::EMPTY, false, None);
                self.change(mv.to, placed, false, promoted);
                if let Some(g) = mv.gate_type() {
                    self.change_hand(us, g, -1);
                    self.change(mv.from, Piece::new(g, us), false, None);
                }
                if burnt {
                    self.capture(mv.to, !us);
                    captured = true;
                } else if burns && self.burn_around(mv.to, us) {
                    captured = true;
                }
                if reset || captured {
                    self.halfmove = 0;
                }
                if captured {
                    self.repeatable = 0;
                }
                let petrified = captures
                    && self.tables.petrifies
                    && self.tables.pieces[piece.kind()].petrifies
                    && self.tables.pieces[placed.kind()].petrifies;
                if captures && self.tables.explodes {
                    self.explode(mv.to);
                } else if mv.promotion.is_none() && self.creates_ep(mv, piece) {
                    // A double step that promotes leaves no en-passant square (as
                    // Fairy-Stockfish makes it: epicatomic's pawns promote on rank 5).
                    self.set_ep_after(mv);
                }
                if petrified {
                    self.change_to_wall(mv.to);
                }
            }
        }
        if self.side == Colour::Black {
            self.fullmove += 1;
        }
        self.side = !self.side;
        self.hash ^= self.tables.zobrist.side;
        if self.tables.royal_by_count {
            self.recount_royals();
        }
        if self.tables.keeps_state {
            let passed = mv.kind == MoveKind::Normal
                && mv.to == mv.from
                && mv.kills[0] == Square::NONE
                && mv.promotion.is_none();
            let castled = if mv.kind == MoveKind::Castle {
                CASTLED[castled_side(mv)]
            } else {
                0
            };
            self.refresh_state(passed);
            self.state |= castled;
            if lion_taken {
                self.state |= LION_TAKEN;
            }
        }
    }

    /// `colour` may no longer castle on `side` (0 king side, 1 queen side): its partners
    /// there count as moved.
    fn take_castling_side(&mut self, colour: Colour, side: usize) {
        let Some((rank, files)) = self.castling_partners(colour) else {
            return;
        };
        for f in &files[side] {
            let sq = self.tables.geo.square(*f, rank);
            if self.virgin[sq] {
                self.change(sq, self.board[sq], false, self.promoted[sq]);
            }
        }
    }

    /// Put a piece of type `kind` from the hand of the side to move on `to`.
    fn drop_piece(&mut self, kind: usize, to: Square) {
        let us = self.side;
        let info = &self.tables.pieces[kind];
        let resets = info.resets_counter;
        let from_hand = match info.promoted_of {
            Some(base) if self.tables.hand.drop_promoted => base,
            _ => kind,
        };
        let mark = (from_hand != kind).then(|| Kind::new(from_hand));
        self.change_hand(us, from_hand, -1);
        self.change(to, Piece::new(kind, us), false, mark);
        self.castling_rights_from_drop(kind, to);
        if resets {
            self.halfmove = 0;
        }
        self.repeatable = 0;
    }

    /// Castling rights that a drop creates where the variant takes them from drops: a king
    /// dropped on its file of the castling rank, with partners on that rank's corners, or a
    /// partner dropped on a corner next to such a king, is unmoved.
    fn castling_rights_from_drop(&mut self, kind: usize, to: Square) {
        let Some(rule) = self.tables.castling.as_ref() else {
            return;
        };
        let Some(king_file) = rule.dropped_king_file else {
            return;
        };
        let us = self.side;
        let geo = self.tables.geo;
        let (file, rank) = geo.coords(to);
        if rank != rule.rank[us] {
            return;
        }
        let (king, partners) = (rule.king, rule.partners);
        let corners = [geo.square(0, rank), geo.square(geo.files - 1, rank)];
        let is_partner = |p: Piece| p.is_of(us) && partners >> p.kind() & 1 != 0;
        let mut unmoved: ArrayVec<Square, 3> = ArrayVec::new();
        if kind == king && file == king_file {
            unmoved.push(to);
            unmoved.extend(corners.into_iter().filter(|&c| is_partner(self.board[c])));
        } else if partners >> kind & 1 != 0
            && corners.contains(&to)
            && self.board[geo.square(king_file, rank)] == Piece::new(king, us)
        {
            unmoved.push(to);
        }
        for sq in unmoved {
            let (piece, promoted) = (self.board[sq], self.promoted[sq]);
            self.change(sq, piece, true, promoted);
        }
    }

    /// An explosion on `at`: the piece there and every piece around it that is not immune.
    fn explode(&mut self, at: Square) {
        let geo = self.tables.geo;
        let (x, y) = geo.coords(at);
        for dy in -1i16..=1 {
            for dx in -1i16..=1 {
                let Some(sq) = geo.checked_square(i16::from(x) + dx, i16::from(y) + dy) else {
                    continue;
                };
                let p = self.board[sq];
                if !p.is_piece() {
                    continue;
                }
                let info = &self.tables.pieces[p.kind()];
                let spared = (sq != at && info.blast_immune) || info.blast_unharmed;
                if !spared {
                    self.capture(sq, !p.colour());
                }
            }
        }
    }

    /// Whether a plain move of `piece` is one of its e.p.-creating moves.
    fn creates_ep(&self, mv: Move, piece: Piece) -> bool {
        use crate::betza::compile::flags;
        let moves = &self.tables.pieces[piece.kind()].moves[piece.colour()];
        let diff = mv.to.delta_from(mv.from);
        moves.rays.iter().any(|r| {
            r.flags & flags::CREATES_EP != 0
                && r.range == 1
                && r.off == diff
                && mv.kills[0].is_none()
        })
    }

    fn set_ep_after(&mut self, mv: Move) {
        let geo = self.tables.geo;
        let (ff, fr) = geo.coords(mv.from);
        let (tf, tr) = geo.coords(mv.to);
        let path = pass_over(tf as i8 - ff as i8, tr as i8 - fr as i8);
        let capturer = !self.side;
        let zone = self.tables.ep_zone.as_ref().map(|z| z[capturer]);
        let mut squares = [Square::NONE; 2];
        let mut n = 0;
        for &(x, y) in path.iter().take(2) {
            let sq = geo.square((ff as i8 + x) as u8, (fr as i8 + y) as u8);
            if zone.is_none_or(|z| z.has(sq)) {
                squares[n] = sq;
                n += 1;
            }
        }
        if n > 0 {
            self.set_ep(squares, mv.to);
        }
    }

    /// Take back the last move made.
    pub fn unmake(&mut self) {
        let undo = self.undos.pop().expect("unmake without make");
        while self.changes.len() > undo.changes as usize {
            match self.changes.pop().expect("change stack out of step") {
                Change::Square {
                    sq,
                    old,
                    old_index,
                    old_virgin,
                    old_promoted,
                } => {
                    // The key comes back whole from the undo record below.
                    self.put_at::<false>(sq, old, usize::from(old_index));
                    self.virgin[sq] = old_virgin;
                    self.promoted[sq] = old_promoted;
                }
                Change::Hand { slot, old } => self.hand[usize::from(slot)] = old,
            }
        }
        if self.tables.royal_by_count {
            self.recount_royals();
        }
        self.ep = undo.ep;
        self.ep_victim = undo.ep_victim;
        self.checks = undo.checks;
        self.state = undo.state;
        self.halfmove = undo.halfmove;
        self.repeatable = undo.repeatable;
        self.hash = undo.hash;
        self.side = !self.side;
        if self.side == Colour::Black {
            self.fullmove -= 1;
        }
    }

    /// Make a null move (for search): only the side to move changes.
    pub fn make_null(&mut self) {
        self.begin_move();
        if self.side == Colour::Black {
            self.fullmove += 1;
        }
        self.side = !self.side;
        self.hash ^= self.tables.zobrist.side;
    }

    /// The key computed from scratch (tests compare it with the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let t = &self.tables;
        let mut h = 0;
        for sq in t.geo.squares() {
            let c = self.board[sq];
            if c.is_piece() || c == Piece::WALL {
                h ^= t.zobrist.piece(c, sq, t.geo.size);
            }
            if self.virgin[sq] {
                h ^= t.zobrist.virgin[sq];
            }
        }
        for s in self.ep {
            if s != Square::NONE {
                h ^= t.zobrist.ep[s];
            }
        }
        if t.marks_matter {
            for (sq, &p) in self.promoted.iter() {
                h ^= count_key(t.zobrist.promoted[sq], Kind::code(p));
            }
        }
        for (slot, &n) in self.hand.iter().enumerate() {
            h ^= count_key(t.zobrist.hand[slot], n);
        }
        if self.side == Colour::Black {
            h ^= t.zobrist.side;
        }
        h
    }
}

/// Direct board editing, for setting up test boards and the GUI's edit mode. The position is
/// left consistent (lists, royals, key), but nothing checks that it is reachable.
impl Position {
    /// Put a piece code (or `Piece::EMPTY`) on a square.
    pub fn set_piece(&mut self, sq: Square, piece: Piece) {
        self.put(sq, piece);
        if self.tables.royal_by_count {
            self.recount_royals();
        }
    }

    /// Set the number of pieces of `kind` in the hand of `colour`.
    pub fn set_in_hand(&mut self, colour: Colour, kind: usize, count: u8) {
        let slot = colour.index() * self.tables.pieces.len() + kind;
        self.set_hand(slot, count);
    }

    /// Make a board square a wall: no piece may enter or pass it.
    pub fn set_wall(&mut self, sq: Square) {
        self.put(sq, Piece::EMPTY);
        self.board[sq] = Piece::WALL;
        self.hash ^= self
            .tables
            .zobrist
            .piece(Piece::WALL, sq, self.tables.geo.size);
    }

    /// Mark the piece on `sq` as promoted from `base` (or not promoted).
    pub fn set_promoted_from(&mut self, sq: Square, base: Option<usize>) {
        self.set_promoted(sq, base.map(Kind::new));
    }

    /// Mark the piece on `sq` as unmoved or moved.
    pub fn set_unmoved(&mut self, sq: Square, unmoved: bool) {
        self.set_virgin(sq, unmoved);
    }

    pub fn set_side(&mut self, side: Colour) {
        if self.side != side {
            self.side = side;
            self.hash ^= self.tables.zobrist.side;
        }
    }

    /// Set the en-passant square and the piece an e.p. capture there removes.
    pub fn set_en_passant(&mut self, target: Square, victim: Square) {
        self.set_ep([target, Square::NONE], victim);
    }
}
