//! The first layer's sums for the positions along a search path, one level per ply: a move
//! adds and takes away the rows of the features it changed (read from the position's record
//! of the move's changes, so every kind of move the generator makes is covered: captures,
//! promotions, drops, castling, multi-leg and locust captures, explosions, walls, gating),
//! and a move that changes more than [`MAX_CHANGED`] squares or hand slots is summed afresh.
//! Unmaking a move only steps back a level.

use arrayvec::ArrayVec;

use super::layout::Feature;
use super::Nnue;
use crate::position::{Changed, Position};
use crate::types::{Colour, Piece, Square};

/// Squares and hand slots a move may change and still be updated rather than summed afresh.
pub const MAX_CHANGED: usize = 8;

/// One perspective's features added and taken away by a move.
type Delta = ArrayVec<Feature, { 2 * MAX_CHANGED + 2 * 32 }>;

/// A stack of accumulators, both perspectives at each level.
#[derive(Clone, Debug)]
pub struct Accumulators {
    hidden: usize,
    /// `levels × 2 × hidden`: at each level White's view, then Black's.
    sums: Vec<i16>,
    /// `levels × 2`: the piece-square sums of both views at each level.
    psqt: Vec<i32>,
    top: usize,
    features: Vec<Feature>,
}

impl Accumulators {
    /// Accumulators for `levels` plies, summed for `pos` at the first.
    pub fn new(nnue: &Nnue, pos: &Position, levels: usize) -> Accumulators {
        let mut acc = Accumulators {
            hidden: nnue.net.hidden,
            sums: vec![0; levels.max(1) * 2 * nnue.net.hidden],
            psqt: vec![0; levels.max(1) * 2],
            top: 0,
            features: Vec::with_capacity(nnue.layout.max_active),
        };
        acc.refresh(nnue, pos);
        acc
    }

    /// Sum the current level afresh from `pos`.
    pub fn refresh(&mut self, nnue: &Nnue, pos: &Position) {
        for view in Colour::BOTH {
            nnue.layout.active(pos, view, &mut self.features);
            let start = (2 * self.top + view.index()) * self.hidden;
            let sums = &mut self.sums[start..start + self.hidden];
            sums.copy_from_slice(&nnue.net.l1_biases);
            let mut psqt = 0;
            for &f in &self.features {
                add(sums, nnue.net.row(f));
                psqt += nnue.net.psqt[f as usize];
            }
            self.psqt[2 * self.top + view.index()] = psqt;
        }
    }

    /// Step up a level for the move just made in `pos`.
    pub fn push(&mut self, nnue: &Nnue, pos: &Position) {
        self.top += 1;
        self.grow();
        let Some(deltas) = deltas(nnue, pos) else {
            self.refresh(nnue, pos);
            return;
        };
        let size = 2 * self.hidden;
        let (below, above) = self.sums.split_at_mut(self.top * size);
        let parent = &below[(self.top - 1) * size..];
        for view in Colour::BOTH {
            let range = view.index() * self.hidden..(view.index() + 1) * self.hidden;
            let sums = &mut above[range.clone()];
            sums.copy_from_slice(&parent[range]);
            let (added, removed) = &deltas[view.index()];
            let mut psqt = self.psqt[2 * (self.top - 1) + view.index()];
            for &f in added {
                add(sums, nnue.net.row(f));
                psqt += nnue.net.psqt[f as usize];
            }
            for &f in removed {
                subtract(sums, nnue.net.row(f));
                psqt -= nnue.net.psqt[f as usize];
            }
            self.psqt[2 * self.top + view.index()] = psqt;
        }
    }

    /// Make room for the current level.
    fn grow(&mut self) {
        if (self.top + 1) * 2 * self.hidden > self.sums.len() {
            self.sums.resize((self.top + 1) * 2 * self.hidden, 0);
            self.psqt.resize((self.top + 1) * 2, 0);
        }
    }

    /// Step up a level for a null move: the sums are the same.
    pub fn push_same(&mut self) {
        self.top += 1;
        self.grow();
        let size = 2 * self.hidden;
        self.sums
            .copy_within((self.top - 1) * size..self.top * size, self.top * size);
        self.psqt
            .copy_within(2 * (self.top - 1)..2 * self.top, 2 * self.top);
    }

    /// Step back a level (the move is unmade).
    pub fn pop(&mut self) {
        self.top = self.top.saturating_sub(1);
    }

    /// The sums of the current level seen from `view`.
    pub fn view(&self, view: Colour) -> &[i16] {
        let start = (2 * self.top + view.index()) * self.hidden;
        &self.sums[start..start + self.hidden]
    }

    /// The evaluation of `pos` (whose sums are the current level's) for the side to move.
    pub fn evaluate(&self, nnue: &Nnue, pos: &Position) -> i32 {
        let us = pos.side();
        let pieces = pos.pieces(Colour::White).len() + pos.pieces(Colour::Black).len();
        let bucket = nnue.net.bucket(pieces, nnue.layout.max_active);
        let psqt = [
            self.psqt[2 * self.top + us.index()],
            self.psqt[2 * self.top + (!us).index()],
        ];
        nnue.net
            .evaluate(self.view(us), self.view(!us), psqt, bucket)
    }
}

/// Per perspective, the features the last move made in `pos` set and cleared; `None` when it
/// changed too much to be worth updating.
fn deltas(nnue: &Nnue, pos: &Position) -> Option<[(Delta, Delta); 2]> {
    let mut squares: ArrayVec<(Square, Piece), MAX_CHANGED> = ArrayVec::new();
    let mut slots: ArrayVec<(Colour, usize, u8), MAX_CHANGED> = ArrayVec::new();
    for change in pos.last_changes() {
        match change {
            Changed::Square { sq, old } => {
                if !squares.iter().any(|&(s, _)| s == sq) {
                    squares.try_push((sq, old)).ok()?;
                }
            }
            Changed::Hand { colour, kind, old } => {
                if !slots.iter().any(|&(c, k, _)| c == colour && k == kind) {
                    slots.try_push((colour, kind, old)).ok()?;
                }
            }
        }
    }
    let layout = &nnue.layout;
    let mut out: [(Delta, Delta); 2] = Default::default();
    for view in Colour::BOTH {
        let (added, removed) = &mut out[view.index()];
        for &(sq, old) in &squares {
            let new = pos.at(sq);
            if new == old {
                continue;
            }
            if let Some(f) = layout.board_feature(view, old, sq) {
                removed.try_push(f).ok()?;
            }
            if let Some(f) = layout.board_feature(view, new, sq) {
                added.try_push(f).ok()?;
            }
        }
        for &(owner, kind, old) in &slots {
            let new = pos.in_hand(owner, kind);
            let (from, to, list) = if new > old {
                (old, new, &mut *added)
            } else {
                (new, old, &mut *removed)
            };
            for n in from..to {
                if let Some(f) = layout.hand_feature(view, owner, kind, n) {
                    list.try_push(f).ok()?;
                }
            }
        }
    }
    Some(out)
}

/// `sums += row`, lane by lane.
#[inline]
fn add(sums: &mut [i16], row: &[i16]) {
    for (s, &w) in sums.iter_mut().zip(row) {
        *s = s.wrapping_add(w);
    }
}

/// `sums -= row`, lane by lane.
#[inline]
fn subtract(sums: &mut [i16], row: &[i16]) {
    for (s, &w) in sums.iter_mut().zip(row) {
        *s = s.wrapping_sub(w);
    }
}

#[cfg(test)]
mod tests {
    use super::Accumulators;
    use crate::movegen::playout::{playout_move, shipped};
    use crate::movegen::{legal_moves, make_move};
    use crate::nnue::layout::Layout;
    use crate::nnue::network::Network;
    use crate::nnue::Nnue;
    use crate::position::Position;
    use crate::types::Colour;

    /// A network of random weights for `pos`'s variant.
    fn random_nnue(pos: &Position, seed: u64) -> Nnue {
        let layout = Layout::new(&pos.tables);
        Nnue {
            net: Network::random(&pos.tables.variant.name, &layout, 16, 2, seed),
            layout,
            source: "test".into(),
        }
    }

    /// In every shipped variant (captures, promotions, drops, castling, multi-leg and locust
    /// captures, explosions, walls, gating, flips), along a playout, the accumulators updated
    /// move by move equal those summed afresh at every ply, and unmaking the moves one by one
    /// brings back each level's sums.
    #[test]
    fn updated_accumulators_equal_those_summed_afresh_in_every_shipped_variant() {
        let mut variants = 0;
        for (n, name, ruleset) in shipped() {
            variants += 1;
            let mut pos = Position::start(ruleset);
            let nnue = random_nnue(&pos, n as u64 + 1);
            let mut acc = Accumulators::new(&nnue, &pos, 4);
            let mut moves = Vec::new();
            let mut seen = Vec::new();
            for ply in 0..40 {
                legal_moves(&mut pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = playout_move(&moves, ply, n);
                make_move(&mut pos, mv);
                acc.push(&nnue, &pos);
                let fresh = Accumulators::new(&nnue, &pos, 1);
                for view in Colour::BOTH {
                    assert_eq!(
                        acc.view(view),
                        fresh.view(view),
                        "{name}, ply {ply}, {view:?}'s view, after {}",
                        pos.to_fen()
                    );
                }
                assert_eq!(
                    acc.evaluate(&nnue, &pos),
                    fresh.evaluate(&nnue, &pos),
                    "{name}"
                );
                seen.push((acc.view(Colour::White).to_vec(), acc.evaluate(&nnue, &pos)));
            }
            while let Some((sums, score)) = seen.pop() {
                assert_eq!(acc.view(Colour::White), sums, "{name}: unmade");
                assert_eq!(acc.evaluate(&nnue, &pos), score, "{name}: unmade");
                pos.unmake();
                acc.pop();
            }
        }
        assert!(variants > 200, "{variants} variants");
    }

    /// A captor that becomes its victim's type (`contagious`, werewolf chess): the knight that
    /// takes the werewolf on d5 leaves the accumulators as a werewolf there summed afresh
    /// would, and unmade, as they were.
    #[test]
    fn a_captor_turned_werewolf_updates_as_summed_afresh() {
        let variant = crate::variant::load_by_name("werewolf").expect("werewolf ships");
        let ruleset = crate::movegen::build_ruleset(std::sync::Arc::new(variant)).expect("builds");
        let mut pos = Position::from_fen(ruleset, "7k/8/8/3w4/8/2N5/8/K7 w - - 0 1").expect("FEN");
        let nnue = random_nnue(&pos, 7);
        let mut acc = Accumulators::new(&nnue, &pos, 2);
        let before = acc.view(Colour::White).to_vec();
        let mut moves = Vec::new();
        legal_moves(&mut pos, &mut moves);
        let takes = |m: &&crate::movegen::Move| pos.contagion(**m, Colour::White).is_some();
        let mv = *moves
            .iter()
            .find(takes)
            .expect("the knight takes the werewolf");
        make_move(&mut pos, mv);
        assert!(
            pos.to_fen().starts_with("7k/8/8/3W4/8/8/8/K7 "),
            "{}",
            pos.to_fen()
        );
        acc.push(&nnue, &pos);
        let fresh = Accumulators::new(&nnue, &pos, 1);
        for view in Colour::BOTH {
            assert_eq!(acc.view(view), fresh.view(view), "{view:?}'s view");
        }
        pos.unmake();
        acc.pop();
        assert_eq!(acc.view(Colour::White), before);
    }
}
