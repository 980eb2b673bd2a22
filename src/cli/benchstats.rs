//! The table `alfil bench --search --stats` prints before the signature: for each variant,
//! summed over its positions, the nodes of the main search, of quiescence and in check, the
//! check extensions, the share of cutoffs made by the first move searched, the share of table
//! probes that found their position, and the effective branching factor.

use crate::search::{Info, Stats};

/// Plies the effective branching factor is measured over (fewer where a search is shallower).
const EBF_PLIES: usize = 3;

/// What the signature's searches of one variant did.
struct VariantStats {
    variant: &'static str,
    stats: Stats,
    /// For each position, the nodes searched when each depth was completed (depth 1 first).
    completed: Vec<Vec<u64>>,
}

/// The nodes searched when each iteration was completed, gathered from a search's reports.
#[derive(Default)]
pub struct Completed(Vec<u64>);

impl Completed {
    /// Take a progress report: an iteration's first line without an aspiration bound.
    pub fn report(&mut self, info: &Info) {
        if info.bound.is_none() && info.multipv == 1 {
            let depth = info.depth as usize;
            self.0.resize(depth, info.nodes);
            self.0[depth - 1] = info.nodes;
        }
    }
}

/// The rows of the table, one per variant in the order the variants are first searched.
#[derive(Default)]
pub struct Table(Vec<VariantStats>);

impl Table {
    /// Add a search of a position of `variant`.
    pub fn add(&mut self, variant: &'static str, stats: Stats, completed: Completed) {
        let at = match self.0.iter().position(|row| row.variant == variant) {
            Some(at) => at,
            None => {
                self.0.push(VariantStats {
                    variant,
                    stats: Stats::default(),
                    completed: Vec::new(),
                });
                self.0.len() - 1
            }
        };
        let row = &mut self.0[at];
        row.stats += stats;
        row.completed.push(completed.0);
    }

    /// The table's lines: a header, a row per variant, and what the columns mean.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "{:<12} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>5}",
            "variant",
            "nodes",
            "main",
            "quiesce",
            "in check",
            "check ext",
            "1st cut",
            "hash hit",
            "EBF"
        )];
        for row in &self.0 {
            let s = &row.stats;
            lines.push(format!(
                "{:<12} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>5}",
                row.variant,
                s.nodes(),
                s.main_nodes,
                s.quiescence_nodes,
                s.in_check_nodes,
                s.check_extensions,
                percent(s.first_move_cutoffs, s.cutoffs),
                percent(s.hash_hits, s.hash_probes),
                row.ebf().map_or("-".into(), |b| format!("{b:.2}")),
            ));
        }
        lines.extend(
            [
                "main, quiesce: nodes of the main search and of quiescence; in check: nodes of",
                "either in check; check ext: checks searched a ply deeper; 1st cut: cutoffs of the",
                "main search made by the first move searched; hash hit: table probes that found",
                "the position; EBF: (nodes to complete depth d / nodes to complete d-3)^(1/3), d",
                "each position's depth, nodes summed over the variant's positions",
            ]
            .map(String::from),
        );
        lines
    }
}

impl VariantStats {
    /// The effective branching factor: the growth per ply of the nodes needed to complete an
    /// iteration over the last [`EBF_PLIES`] plies of every position's search (fewer if a
    /// search is shallower), nodes summed over the positions; `None` below two depths.
    fn ebf(&self) -> Option<f64> {
        let plies = self
            .completed
            .iter()
            .map(|c| c.len().saturating_sub(1))
            .min()?
            .min(EBF_PLIES);
        if plies == 0 {
            return None;
        }
        let last: u64 = self.completed.iter().map(|c| c[c.len() - 1]).sum();
        let before: u64 = self.completed.iter().map(|c| c[c.len() - 1 - plies]).sum();
        (before > 0).then(|| (last as f64 / before as f64).powf(1.0 / plies as f64))
    }
}

/// `part` as a percentage of `whole` (`-` when there is nothing to divide).
fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        "-".into()
    } else {
        format!("{:.1}%", 100.0 * part as f64 / whole as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::{percent, Completed, Table};
    use crate::search::{Info, Stats};
    use std::time::Duration;

    fn info(depth: u32, nodes: u64, bound: Option<bool>) -> Info {
        Info {
            depth,
            seldepth: depth,
            multipv: 1,
            score: 0,
            bound,
            nodes,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
            hashfull: 0,
        }
    }

    /// Two positions whose searches need 8 and 27 times the nodes for three more plies, and
    /// 1 and 8 before: (8 + 216) / (1 + 8) = 24.9, whose cube root is 2.92. A bound report
    /// does not count as a completed depth.
    #[test]
    fn the_branching_factor_is_the_growth_per_ply_of_the_summed_nodes() {
        let mut table = Table::default();
        let mut first = Completed::default();
        for (depth, nodes) in [(1, 1), (2, 2), (3, 4), (4, 8)] {
            first.report(&info(depth, nodes, None));
        }
        let mut second = Completed::default();
        second.report(&info(1, 3, None));
        second.report(&info(2, 8, None));
        second.report(&info(3, 20, Some(true)));
        second.report(&info(3, 30, None));
        second.report(&info(4, 72, None));
        second.report(&info(5, 216, None));
        table.add("chess", Stats::default(), first);
        table.add("chess", Stats::default(), second);
        let ebf = table.0[0].ebf().expect("four depths");
        assert!((ebf - (224.0f64 / 9.0).cbrt()).abs() < 1e-9, "{ebf}");
    }

    #[test]
    fn rows_sum_the_positions_of_a_variant_in_order() {
        let mut table = Table::default();
        let stats = |main, cutoffs, first| Stats {
            main_nodes: main,
            cutoffs,
            first_move_cutoffs: first,
            ..Stats::default()
        };
        table.add("xiangqi", stats(10, 4, 3), Completed::default());
        table.add("chess", stats(5, 1, 0), Completed::default());
        table.add("xiangqi", stats(20, 4, 3), Completed::default());
        let lines = table.lines();
        let words: Vec<Vec<&str>> = lines[1..3]
            .iter()
            .map(|l| l.split_whitespace().collect())
            .collect();
        assert_eq!(words[0][..3], ["xiangqi", "30", "30"]);
        assert_eq!(words[0][6], "75.0%");
        assert_eq!(words[0][8], "-", "no depth completed: no branching factor");
        assert_eq!(words[1][..3], ["chess", "5", "5"]);
        assert_eq!(percent(1, 0), "-");
    }
}
