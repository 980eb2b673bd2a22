//! Per-thread caches of evaluation terms keyed by 64-bit keys: the costly terms (mobility,
//! royal safety and the escort of passed pawns, which walk every piece's moves) by the
//! position's Zobrist key, and the pawn structure (with whether it has a passed pawn) by the
//! key of the pawn-like pieces alone. Each term is a function of what its key covers (for the
//! costly terms: board, unmoved pieces, en-passant squares, hands, side to move), so a hit
//! returns exactly what the term would compute: the caches save time and change no score.

use super::pair::Pair;
use super::pawns::PawnTerms;

/// Entries in one thread's cache of the costly terms (a power of two): 256 KB, which stays in
/// the core's cache; a larger one missed it often enough to cost more than its extra hits
/// saved.
const ACTIVITY_ENTRIES: usize = 1 << 14;
/// Entries in the pawn-structure cache: a search meets far fewer pawn structures than
/// positions.
const STRUCTURE_ENTRIES: usize = 1 << 12;

#[derive(Clone, Copy, Default)]
struct Entry<T> {
    key: u64,
    term: T,
}

/// One term of recently evaluated positions, from White's view.
pub struct TermCache<T> {
    entries: Box<[Entry<T>]>,
}

impl<T: Copy + Default> TermCache<T> {
    /// A cache of `entries` entries (a power of two).
    fn new(entries: usize) -> TermCache<T> {
        debug_assert!(entries.is_power_of_two());
        TermCache {
            entries: vec![Entry::default(); entries].into_boxed_slice(),
        }
    }

    /// The term stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<T> {
        let e = self.entries[self.slot(key)];
        (e.key == key && key != 0).then_some(e.term)
    }

    /// Start fetching the entry of `key`, which [`TermCache::get`] will soon read.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::search::memory::prefetch(&self.entries[self.slot(key)]);
    }

    /// Keep `term` for `key`, replacing what shared its slot.
    #[inline]
    pub fn put(&mut self, key: u64, term: T) {
        let slot = self.slot(key);
        self.entries[slot] = Entry { key, term };
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }
}

/// A thread's evaluation caches.
pub struct EvalCache {
    /// Mobility, royal safety and the escort of passed pawns, by the position's key.
    pub activity: TermCache<Pair>,
    /// The pawn structure, by the key of the pawn-like pieces.
    pub structure: TermCache<PawnTerms>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            activity: TermCache::new(ACTIVITY_ENTRIES),
            structure: TermCache::new(STRUCTURE_ENTRIES),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::EvalCache;
    use crate::movegen::playout::{playout_move, shipped};
    use crate::movegen::{legal_moves, make_move};
    use crate::position::Position;
    use crate::search::eval::{activity, evaluate, pawn_structure, tables::EvalTables};

    /// Plies of each playout.
    const PLIES: usize = 30;
    /// Replies tried after each move of each ply.
    const REPLIES: usize = 6;

    /// Along playouts of every shipped variant, with every move and a few replies tried at
    /// each ply (so that positions come back by other move orders), what a cache returns for
    /// a key is what the position with that key computes: nothing the terms read escapes the
    /// key (the position's for the costly terms, the pawn-like pieces' for the structure, as
    /// the sums attached to the position keep it).
    #[test]
    fn a_cached_term_is_the_term_of_every_position_with_its_key() {
        let (mut hits, mut structure_hits) = (0, 0);
        for (n, name, tables) in shipped() {
            let et = EvalTables::new(&tables);
            let mut cache = EvalCache::default();
            let mut pos = Position::start(tables);
            pos.attach(et.square_values.clone());
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
                        if let Some(kept) = cache.activity.get(pos.hash()) {
                            hits += 1;
                            let passers = pawn_structure(&pos, &et).passers;
                            let counted = activity(&pos, &et, passers);
                            assert_eq!(kept, counted, "{name} at {}", pos.to_fen());
                        }
                        let pawns = pos.sums(&et.square_values).key;
                        if let Some(kept) = cache.structure.get(pawns) {
                            structure_hits += 1;
                            let counted = pawn_structure(&pos, &et);
                            assert_eq!(kept, counted, "{name} at {}", pos.to_fen());
                        }
                        evaluate(&pos, &et, &mut cache);
                        pos.unmake();
                    }
                    pos.unmake();
                }
                make_move(&mut pos, playout_move(&legal, ply, n));
            }
        }
        assert!(hits > 1000, "only {hits} positions came back");
        assert!(
            structure_hits > 1000,
            "only {structure_hits} pawn structures came back"
        );
    }
}
