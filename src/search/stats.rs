//! What a search did, counted per thread and summed in the outcome: nodes by kind (main
//! search, quiescence, in check), check extensions, beta cutoffs of the main search and how
//! many came from the first move searched, and transposition-table probes and hits. Plain
//! integers each thread adds to in its own [`Worker`](super::worker::Worker): a few register
//! additions a node, read only by `alfil bench --search --stats`.

use std::ops::AddAssign;

/// Counters of one search (all threads once summed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes of the main (alpha-beta) search below the root.
    pub main_nodes: u64,
    /// Nodes of the quiescence search.
    pub quiescence_nodes: u64,
    /// Nodes (of either kind) where the side to move is in check.
    pub in_check_nodes: u64,
    /// Checking moves searched a ply deeper.
    pub check_extensions: u64,
    /// Main-search nodes a move's score ended at beta or above.
    pub cutoffs: u64,
    /// Those cutoffs that came from the first move searched.
    pub first_move_cutoffs: u64,
    /// Transposition-table probes (main search and quiescence).
    pub hash_probes: u64,
    /// Probes that found an entry for the position.
    pub hash_hits: u64,
}

impl Stats {
    /// Count a node of the main search (`quiescence` false) or of quiescence.
    #[inline]
    pub fn node(&mut self, quiescence: bool, checked: bool) {
        if quiescence {
            self.quiescence_nodes += 1;
        } else {
            self.main_nodes += 1;
        }
        self.in_check_nodes += u64::from(checked);
    }

    /// Count a table probe and whether it found the position.
    #[inline]
    pub fn probe(&mut self, hit: bool) {
        self.hash_probes += 1;
        self.hash_hits += u64::from(hit);
    }

    /// Count a cutoff by the `searched`-th move searched at a node.
    #[inline]
    pub fn cutoff(&mut self, searched: usize) {
        self.cutoffs += 1;
        self.first_move_cutoffs += u64::from(searched == 1);
    }

    /// All nodes counted.
    pub fn nodes(&self) -> u64 {
        self.main_nodes + self.quiescence_nodes
    }
}

impl AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.main_nodes += other.main_nodes;
        self.quiescence_nodes += other.quiescence_nodes;
        self.in_check_nodes += other.in_check_nodes;
        self.check_extensions += other.check_extensions;
        self.cutoffs += other.cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        self.hash_probes += other.hash_probes;
        self.hash_hits += other.hash_hits;
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use crate::movegen::build_ruleset;
    use crate::search::{Limits, Searcher};
    use crate::variant::load_by_name;
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    /// In a position full of checks and captures, on one thread and on two, every node the
    /// search counts is a main-search or a quiescence node, checks are extended, and the
    /// cutoff and table counts are within their totals.
    #[test]
    fn the_counters_account_for_every_node() {
        let tables = build_ruleset(Arc::new(load_by_name("chess").expect("chess"))).expect("rules");
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let game = Game::from_fen(tables, fen).expect("kiwipete");
        for threads in [1, 2] {
            let mut searcher = Searcher::new(16, threads);
            let limits = Limits {
                depth: Some(6),
                ..Limits::default()
            };
            let stop = Arc::new(AtomicBool::new(false));
            let outcome = searcher.search(&game, &limits, &stop, &mut |_| {});
            let s = outcome.stats;
            assert_eq!(s.nodes(), outcome.nodes, "{threads} threads: {s:?}");
            assert!(s.main_nodes > 0 && s.quiescence_nodes > 0, "{s:?}");
            assert!(
                0 < s.in_check_nodes && s.in_check_nodes < s.nodes(),
                "{s:?}"
            );
            assert!(s.check_extensions > 0, "{s:?}");
            assert!(
                0 < s.first_move_cutoffs && s.first_move_cutoffs <= s.cutoffs,
                "{s:?}"
            );
            assert!(0 < s.hash_hits && s.hash_hits <= s.hash_probes, "{s:?}");
            assert!(s.hash_probes <= s.nodes(), "{s:?}");
        }
    }
}
