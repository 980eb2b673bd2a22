//! A per-thread cache of the evaluation's costly terms (mobility and royal safety, which walk
//! every piece's moves), keyed by the position's Zobrist key. Those terms are a function of
//! what the key covers (board, unmoved pieces, en-passant squares, hands, side to move), so a
//! hit returns exactly what the pass would compute: the cache saves time and changes no score.

use super::pair::Pair;

/// Entries in one thread's cache (a power of two): 256 KB, which stays in the core's cache; a
/// larger one missed it often enough to cost more than its extra hits saved.
const ENTRIES: usize = 1 << 14;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    activity: Pair,
}

/// Mobility plus royal safety of recently evaluated positions, from White's view.
pub struct ActivityCache {
    entries: Box<[Entry]>,
}

impl Default for ActivityCache {
    fn default() -> Self {
        ActivityCache {
            entries: vec![Entry::default(); ENTRIES].into_boxed_slice(),
        }
    }
}

impl ActivityCache {
    /// The terms stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Pair> {
        let e = self.entries[slot(key)];
        (e.key == key && key != 0).then_some(e.activity)
    }

    /// Start fetching the entry of `key`, which [`ActivityCache::get`] will soon read.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::search::prefetch::prefetch(&self.entries[slot(key)]);
    }

    /// Keep `activity` for `key`, replacing what shared its slot.
    #[inline]
    pub fn put(&mut self, key: u64, activity: Pair) {
        self.entries[slot(key)] = Entry { key, activity };
    }
}

#[inline]
fn slot(key: u64) -> usize {
    (key as usize) & (ENTRIES - 1)
}

#[cfg(test)]
mod tests {
    use super::ActivityCache;
    use crate::movegen::playout::{playout_move, shipped};
    use crate::movegen::{legal_moves, make_move};
    use crate::position::Position;
    use crate::search::eval::{activity, evaluate, tables::EvalTables};
    use crate::search::MATE_BOUND;

    /// Plies of each playout.
    const PLIES: usize = 30;
    /// Replies tried after each move of each ply.
    const REPLIES: usize = 6;

    /// Along playouts of every shipped variant, with every move and a few replies tried at
    /// each ply (so that positions come back by other move orders), what the cache returns for
    /// a key is what the position with that key computes: nothing the terms read escapes the
    /// key.
    #[test]
    fn a_cached_activity_is_the_activity_of_every_position_with_its_key() {
        let mut hits = 0;
        for (n, name, tables) in shipped() {
            let et = EvalTables::new(&tables);
            let mut cache = ActivityCache::default();
            let mut pos = Position::start(tables);
            let (mut legal, mut replies) = (Vec::new(), Vec::new());
            for ply in 0..PLIES {
                legal_moves(&mut pos, &mut legal);
                if legal.is_empty() {
                    break;
                }
                for &mv in &legal {
                    make_move(&mut pos, mv);
                    legal_moves(&mut pos, &mut replies);
                    for &reply in replies.iter().take(REPLIES) {
                        make_move(&mut pos, reply);
                        if let Some(kept) = cache.get(pos.hash()) {
                            hits += 1;
                            assert_eq!(kept, activity(&pos, &et), "{name} at {}", pos.to_fen());
                        }
                        evaluate(&pos, &et, &mut cache, -MATE_BOUND, MATE_BOUND);
                        pos.unmake();
                    }
                    pos.unmake();
                }
                make_move(&mut pos, playout_move(&legal, ply, n));
            }
        }
        assert!(hits > 1000, "only {hits} positions came back");
    }
}
