//! A game position on a padded mailbox board: pieces, side to move, unmoved ("virgin") pieces,
//! en-passant state, counters and an incrementally updated Zobrist key, with make and unmake.
//!
//! Every board change goes through one function that also keeps the piece lists, the royal
//! squares and the key in step, and records the old contents so unmake restores them exactly.
//! The change and undo stacks are allocated once, so make/unmake allocate nothing per node.

pub mod fen;
pub mod fen_board;
pub mod geometry;
pub mod moves;
pub mod piece;
pub mod ruleset;

use crate::types::{ByColour, Colour};
use std::sync::Arc;

use arrayvec::ArrayVec;

use crate::betza::compile::pass_over;
use crate::position::moves::{Move, MoveKind, GATE_ON_PARTNER, NO_SQUARE};
use crate::position::piece::code;
use crate::position::ruleset::Ruleset;
pub use geometry::{Geometry, RankStyle};

/// What one change overwrote, for unmake.
#[derive(Clone, Copy, Debug)]
enum Change {
    Square {
        sq: u16,
        old: u8,
        old_virgin: bool,
        old_promoted: u8,
    },
    Hand {
        slot: u16,
        old: u8,
    },
}

/// State restored by unmake that is not a square's contents.
#[derive(Clone, Copy, Debug)]
struct Undo {
    changes: u32,
    checks: ByColour<u8>,
    state: u8,
    ep: [u16; 2],
    ep_victim: u16,
    halfmove: u32,
    hash: u64,
}

/// State flag: the move that led here was a pass.
pub const PASSED: u8 = 1;
/// State flag: the royal pieces face each other on an open file (janggi's bikjang).
pub const BIKJANG: u8 = 2;

/// The key of a counter (hand size, promoted-from type) with value `n`; 0 for `n == 0`.
#[inline]
fn count_key(key: u64, n: u8) -> u64 {
    if n == 0 {
        0
    } else {
        (key ^ n as u64)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(23)
    }
}

/// A position of one variant.
#[derive(Clone, Debug)]
pub struct Position {
    pub tables: Arc<Ruleset>,
    board: Vec<u8>,
    virgin: Vec<bool>,
    /// For a promoted piece, the type it promoted from + 1 (0 = not promoted).
    promoted: Vec<u8>,
    /// Pieces in hand: slot `colour.index() * types + kind`.
    hand: Vec<u8>,
    /// Pieces on the board: slot `colour.index() * types + kind`.
    counts: Vec<u16>,
    side: Colour,
    /// Squares a piece may move to to capture en passant (up to two after a triple step).
    ep: [u16; 2],
    /// The piece an en-passant capture removes.
    ep_victim: u16,
    halfmove: u32,
    fullmove: u32,
    /// Checks given so far by each colour (n-check variants).
    checks: ByColour<u8>,
    /// [`PASSED`] and [`BIKJANG`] flags of this position.
    state: u8,
    hash: u64,
    lists: ByColour<Vec<u16>>,
    list_index: Vec<u16>,
    royals: ByColour<Vec<u16>>,
    changes: Vec<Change>,
    undos: Vec<Undo>,
}

impl Position {
    /// An empty board of the variant, White to move.
    pub fn empty(tables: Arc<Ruleset>) -> Position {
        let geo = tables.geo;
        let mut board = vec![code::WALL; geo.size];
        for sq in geo.squares() {
            board[sq as usize] = code::EMPTY;
        }
        let squares = geo.files as usize * geo.ranks as usize;
        let types = tables.pieces.len();
        Position {
            board,
            virgin: vec![false; geo.size],
            promoted: vec![0; geo.size],
            hand: vec![0; 2 * types],
            counts: vec![0; 2 * types],
            side: Colour::White,
            ep: [NO_SQUARE; 2],
            ep_victim: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
            checks: ByColour::default(),
            state: 0,
            hash: 0,
            lists: ByColour::from_fn(|_| Vec::with_capacity(squares)),
            list_index: vec![0; geo.size],
            royals: ByColour::from_fn(|_| Vec::with_capacity(squares)),
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
    pub fn at(&self, sq: u16) -> u8 {
        self.board[sq as usize]
    }
    #[inline]
    pub fn board(&self) -> &[u8] {
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
    /// For a promoted piece on `sq`, the type it promoted from.
    #[inline]
    pub fn promoted_from(&self, sq: u16) -> Option<usize> {
        let p = self.promoted[sq as usize];
        (p != 0).then(|| p as usize - 1)
    }
    #[inline]
    pub fn side(&self) -> Colour {
        self.side
    }
    #[inline]
    pub fn is_virgin(&self, sq: u16) -> bool {
        self.virgin[sq as usize]
    }
    #[inline]
    pub fn ep_squares(&self) -> [u16; 2] {
        self.ep
    }
    #[inline]
    pub fn ep_victim(&self) -> u16 {
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
            && (wr.min(br) + 1..wr.max(br))
                .all(|r| self.board[geo.square(wf, r) as usize] == code::EMPTY)
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
    /// How many of the latest positions this one could repeat: those since the last capture or
    /// pawn move, or all of them where captured pieces go to the hand and can come back.
    #[inline]
    pub fn repetition_window(&self) -> usize {
        if self.tables.hand.captures_to_hand {
            usize::MAX
        } else {
            self.halfmove as usize
        }
    }
    #[inline]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }
    /// Squares of the pieces of `colour`.
    #[inline]
    pub fn pieces(&self, colour: Colour) -> &[u16] {
        &self.lists[colour]
    }
    /// Squares of the royal pieces of `colour`.
    #[inline]
    pub fn royals(&self, colour: Colour) -> &[u16] {
        &self.royals[colour]
    }
    /// Number of moves made since the position was set up.
    pub fn ply_count(&self) -> usize {
        self.undos.len()
    }

    /// Put `code` on `sq` (EMPTY to clear), keeping lists, royals and the key in step.
    fn put(&mut self, sq: u16, new: u8) {
        let old = self.board[sq as usize];
        if old == new {
            return;
        }
        let size = self.tables.geo.size;
        if code::is_piece(old) {
            self.hash ^= self.tables.zobrist.piece(old, sq, size);
            let c = code::colour(old);
            self.counts[c.index() * self.tables.pieces.len() + code::kind(old)] -= 1;
            let i = self.list_index[sq as usize] as usize;
            let last = self.lists[c].pop().expect("piece list out of step");
            if last != sq {
                self.lists[c][i] = last;
                self.list_index[last as usize] = i as u16;
            }
            if self.tables.pieces[code::kind(old)].royal {
                let r = &mut self.royals[c];
                if let Some(j) = r.iter().position(|&s| s == sq) {
                    r.swap_remove(j);
                }
            }
        }
        if code::is_piece(new) {
            self.hash ^= self.tables.zobrist.piece(new, sq, size);
            let c = code::colour(new);
            self.counts[c.index() * self.tables.pieces.len() + code::kind(new)] += 1;
            self.list_index[sq as usize] = self.lists[c].len() as u16;
            self.lists[c].push(sq);
            if self.tables.pieces[code::kind(new)].royal {
                self.royals[c].push(sq);
            }
        }
        self.board[sq as usize] = new;
    }

    fn set_virgin(&mut self, sq: u16, v: bool) {
        if self.virgin[sq as usize] != v {
            self.virgin[sq as usize] = v;
            self.hash ^= self.tables.zobrist.virgin[sq as usize];
        }
    }

    fn set_promoted(&mut self, sq: u16, from: u8) {
        let old = self.promoted[sq as usize];
        if old != from {
            if self.tables.marks_matter {
                let key = self.tables.zobrist.promoted[sq as usize];
                self.hash ^= count_key(key, old) ^ count_key(key, from);
            }
            self.promoted[sq as usize] = from;
        }
    }

    fn set_hand(&mut self, slot: usize, count: u8) {
        let old = self.hand[slot];
        let key = self.tables.zobrist.hand[slot];
        self.hash ^= count_key(key, old) ^ count_key(key, count);
        self.hand[slot] = count;
    }

    /// Change a square, recording its old contents for unmake.
    fn change(&mut self, sq: u16, new: u8, virgin: bool, promoted: u8) {
        self.changes.push(Change::Square {
            sq,
            old: self.board[sq as usize],
            old_virgin: self.virgin[sq as usize],
            old_promoted: self.promoted[sq as usize],
        });
        self.put(sq, new);
        self.set_virgin(sq, virgin);
        self.set_promoted(sq, promoted);
    }

    /// Add `delta` pieces of `kind` to the hand of `colour`, recording it for unmake.
    fn change_hand(&mut self, colour: Colour, kind: usize, delta: i8) {
        let slot = colour.index() * self.tables.pieces.len() + kind;
        let old = self.hand[slot];
        self.changes.push(Change::Hand {
            slot: slot as u16,
            old,
        });
        self.set_hand(slot, (old as i16 + delta as i16).clamp(0, 255) as u8);
    }

    /// Remove the piece on `sq` as a capture by `capturer`, sending it to the capturer's hand
    /// when the variant says so.
    fn capture(&mut self, sq: u16, capturer: Colour) {
        let victim = self.board[sq as usize];
        let t = &self.tables;
        if t.hand.captures_to_hand {
            let kind = match self.promoted_from(sq) {
                Some(base) if t.hand.demote_on_capture => base,
                _ => t.pieces[code::kind(victim)].hand_type,
            };
            if t.pieces[kind].royal {
                self.change(sq, code::EMPTY, false, 0);
                return;
            }
            self.change_hand(capturer, kind, 1);
        }
        self.change(sq, code::EMPTY, false, 0);
    }

    fn set_ep(&mut self, squares: [u16; 2], victim: u16) {
        for s in self.ep {
            if s != NO_SQUARE {
                self.hash ^= self.tables.zobrist.ep[s as usize];
            }
        }
        for s in squares {
            if s != NO_SQUARE {
                self.hash ^= self.tables.zobrist.ep[s as usize];
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
            hash: self.hash,
        });
        self.set_ep([NO_SQUARE; 2], NO_SQUARE);
    }

    /// Make a move the generator produced for this position.
    pub fn make(&mut self, mv: Move) {
        self.begin_move();
        let piece = self.board[mv.from as usize];
        self.halfmove += 1;
        let us = self.side;
        match mv.kind {
            MoveKind::Castle => {
                let partner = self.board[mv.kills[0] as usize];
                let partner_promoted = self.promoted[mv.kills[0] as usize];
                self.change(mv.from, code::EMPTY, false, 0);
                self.change(mv.kills[0], code::EMPTY, false, 0);
                self.change(mv.to, piece, false, 0);
                self.change(mv.kills[1], partner, false, partner_promoted);
                if let Some(g) = mv.gate_type() {
                    let at = if mv.gate & GATE_ON_PARTNER != 0 {
                        mv.kills[0]
                    } else {
                        mv.from
                    };
                    self.change_hand(us, g, -1);
                    self.change(at, code::piece(g, us), false, 0);
                }
            }
            MoveKind::Drop => {
                let kind = mv.promotion as usize - 1;
                let info = &self.tables.pieces[kind];
                let resets = info.resets_counter;
                let from_hand = match info.promoted_of {
                    Some(base) if self.tables.hand.drop_promoted => base,
                    _ => kind,
                };
                let mark = if from_hand == kind {
                    0
                } else {
                    from_hand as u8 + 1
                };
                self.change_hand(us, from_hand, -1);
                self.change(mv.to, code::piece(kind, us), false, mark);
                self.castling_rights_from_drop(kind, mv.to);
                if resets {
                    self.halfmove = 0;
                }
            }
            MoveKind::Normal => {
                let info = &self.tables.pieces[code::kind(piece)];
                let mut reset = info.resets_counter;
                let captures = mv.kills.iter().any(|&k| k != NO_SQUARE)
                    || (mv.to != mv.from && code::is_piece(self.board[mv.to as usize]));
                for k in mv.kills {
                    if k != NO_SQUARE && code::is_piece(self.board[k as usize]) {
                        reset = true;
                        self.capture(k, us);
                    }
                }
                if code::is_piece(self.board[mv.to as usize]) && mv.to != mv.from {
                    reset = true;
                    self.capture(mv.to, us);
                }
                let mover_promoted = self.promoted[mv.from as usize];
                let base = self.tables.pieces[code::kind(piece)].promoted_of;
                let (placed, promoted) = match mv.promotion_type() {
                    Some(t) if base == Some(t) => (code::piece(t, us), 0),
                    Some(t) => (code::piece(t, us), code::kind(piece) as u8 + 1),
                    None => (piece, mover_promoted),
                };
                self.change(mv.from, code::EMPTY, false, 0);
                self.change(mv.to, placed, false, promoted);
                if let Some(g) = mv.gate_type() {
                    self.change_hand(us, g, -1);
                    self.change(mv.from, code::piece(g, us), false, 0);
                }
                if reset {
                    self.halfmove = 0;
                }
                if captures && self.tables.explodes {
                    self.explode(mv.to);
                } else if self.creates_ep(mv, piece) {
                    self.set_ep_after(mv);
                }
            }
        }
        if self.side == Colour::Black {
            self.fullmove += 1;
        }
        self.side = !self.side;
        self.hash ^= self.tables.zobrist.side;
        if self.tables.variant.rules.pass || self.tables.variant.rules.bikjang {
            let passed = mv.kind == MoveKind::Normal
                && mv.to == mv.from
                && mv.kills[0] == NO_SQUARE
                && mv.promotion == 0;
            self.refresh_state(passed);
        }
    }

    /// Castling rights that a drop creates where the variant takes them from drops: a king
    /// dropped on its file of the castling rank, with partners on that rank's corners, or a
    /// partner dropped on a corner next to such a king, is unmoved.
    fn castling_rights_from_drop(&mut self, kind: usize, to: u16) {
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
        let is_partner = |p: u8| {
            code::is_piece(p) && code::colour(p) == us && partners >> code::kind(p) & 1 != 0
        };
        let mut unmoved: ArrayVec<u16, 3> = ArrayVec::new();
        if kind == king && file == king_file {
            unmoved.push(to);
            unmoved.extend(
                corners
                    .into_iter()
                    .filter(|&c| is_partner(self.board[c as usize])),
            );
        } else if partners >> kind & 1 != 0
            && corners.contains(&to)
            && self.board[geo.square(king_file, rank) as usize] == code::piece(king, us)
        {
            unmoved.push(to);
        }
        for sq in unmoved {
            let (piece, promoted) = (self.board[sq as usize], self.promoted[sq as usize]);
            self.change(sq, piece, true, promoted);
        }
    }

    /// An explosion on `at`: the piece there and every piece around it that is not immune.
    fn explode(&mut self, at: u16) {
        let geo = self.tables.geo;
        let (x, y) = geo.coords(at);
        for dy in -1i16..=1 {
            for dx in -1i16..=1 {
                let Some(sq) = geo.checked_square(x as i16 + dx, y as i16 + dy) else {
                    continue;
                };
                let p = self.board[sq as usize];
                if !code::is_piece(p) {
                    continue;
                }
                let spared = sq != at && self.tables.pieces[code::kind(p)].blast_immune;
                if !spared {
                    self.capture(sq, !code::colour(p));
                }
            }
        }
    }

    /// Whether a plain move of `piece` is one of its e.p.-creating moves.
    fn creates_ep(&self, mv: Move, piece: u8) -> bool {
        use crate::betza::compile::flags;
        let moves = &self.tables.pieces[code::kind(piece)].moves[code::colour(piece)];
        let diff = mv.to as i16 - mv.from as i16;
        moves.rays.iter().any(|r| {
            r.flags & flags::CREATES_EP != 0 && r.range == 1 && r.off == diff && mv.kills[0] == 0
        })
    }

    fn set_ep_after(&mut self, mv: Move) {
        let geo = self.tables.geo;
        let (ff, fr) = geo.coords(mv.from);
        let (tf, tr) = geo.coords(mv.to);
        let path = pass_over(tf as i8 - ff as i8, tr as i8 - fr as i8);
        let capturer = !self.side;
        let zone = self.tables.ep_zone.as_ref().map(|z| z[capturer]);
        let mut squares = [NO_SQUARE; 2];
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
                    old_virgin,
                    old_promoted,
                } => {
                    self.put(sq, old);
                    self.virgin[sq as usize] = old_virgin;
                    self.promoted[sq as usize] = old_promoted;
                }
                Change::Hand { slot, old } => self.hand[slot as usize] = old,
            }
        }
        self.ep = undo.ep;
        self.ep_victim = undo.ep_victim;
        self.checks = undo.checks;
        self.state = undo.state;
        self.halfmove = undo.halfmove;
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
            let c = self.board[sq as usize];
            if code::is_piece(c) {
                h ^= t.zobrist.piece(c, sq, t.geo.size);
            }
            if self.virgin[sq as usize] {
                h ^= t.zobrist.virgin[sq as usize];
            }
        }
        for s in self.ep {
            if s != NO_SQUARE {
                h ^= t.zobrist.ep[s as usize];
            }
        }
        if t.marks_matter {
            for (sq, &p) in self.promoted.iter().enumerate() {
                h ^= count_key(t.zobrist.promoted[sq], p);
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
    /// Put a piece code (or `code::EMPTY`) on a square.
    pub fn set_piece(&mut self, sq: u16, piece: u8) {
        self.put(sq, piece);
    }

    /// Set the number of pieces of `kind` in the hand of `colour`.
    pub fn set_in_hand(&mut self, colour: Colour, kind: usize, count: u8) {
        let slot = colour.index() * self.tables.pieces.len() + kind;
        self.set_hand(slot, count);
    }

    /// Make a board square a wall: no piece may enter or pass it.
    pub fn set_wall(&mut self, sq: u16) {
        self.put(sq, code::EMPTY);
        self.board[sq as usize] = code::WALL;
    }

    /// Mark the piece on `sq` as promoted from `base` (or not promoted).
    pub fn set_promoted_from(&mut self, sq: u16, base: Option<usize>) {
        self.set_promoted(sq, base.map_or(0, |b| b as u8 + 1));
    }

    /// Mark the piece on `sq` as unmoved or moved.
    pub fn set_unmoved(&mut self, sq: u16, unmoved: bool) {
        self.set_virgin(sq, unmoved);
    }

    pub fn set_side(&mut self, side: Colour) {
        if self.side != side {
            self.side = side;
            self.hash ^= self.tables.zobrist.side;
        }
    }

    /// Set the en-passant square and the piece an e.p. capture there removes.
    pub fn set_en_passant(&mut self, target: u16, victim: u16) {
        self.set_ep([target, NO_SQUARE], victim);
    }
}
