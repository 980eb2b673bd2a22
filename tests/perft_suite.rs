//! The perft suite of `tests/data/perft/*.txt` (a copy of `../shared/perft`, computed with
//! Fairy-Stockfish): every case of every variant Alfil ships must give the same node count.
//! Cases above [`LARGE`] nodes run only with `cargo test --release -- --ignored`. Variants of the
//! suite that Alfil does not ship are listed in the output, so the gap stays visible.
//! Run in release mode: `cargo test --release`.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use rayon::prelude::*;

use alfil::perft::perft;
use alfil::position::ruleset::Ruleset;
use alfil::variant::load_by_name;

/// Cases with more nodes than this are left to the ignored test: with 191 variants, the cases
/// up to 20M nodes take about five minutes on two cores, which keeps CI well under 20 minutes;
/// the larger ones (up to a few hundred million nodes) run with `--ignored`.
const LARGE: u64 = 20_000_000;

struct Case {
    file: String,
    line: usize,
    variant: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn cases() -> Vec<Case> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/data/perft")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("readable");
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        for (i, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 4, "{file}:{}: malformed case", i + 1);
            out.push(Case {
                file: file.clone(),
                line: i + 1,
                variant: f[0].to_string(),
                fen: f[1].to_string(),
                depth: f[2].parse().expect("depth"),
                nodes: f[3].parse().expect("nodes"),
            });
        }
    }
    out
}

fn run(large: bool) {
    let all = cases();
    assert_eq!(all.len(), 3810, "the suite has 3810 cases");
    let mut tables: BTreeMap<String, Option<Arc<Ruleset>>> = BTreeMap::new();
    for c in &all {
        tables.entry(c.variant.clone()).or_insert_with(|| {
            let v = load_by_name(&c.variant).ok()?;
            Some(alfil::movegen::build_ruleset(Arc::new(v)).expect("tables of a shipped variant"))
        });
    }
    let selected: Vec<&Case> = all
        .iter()
        .filter(|c| (c.nodes > LARGE) == large)
        .filter(|c| tables[&c.variant].is_some())
        .collect();
    let done = AtomicUsize::new(0);
    let results: Vec<(&Case, Result<u64, String>)> = selected
        .par_iter()
        .map(|c| {
            let t = tables[&c.variant].clone().expect("selected");
            let r = alfil::movegen::position_from_fen(t, &c.fen)
                .map_err(|e| format!("FEN rejected: {e}"))
                .map(|mut pos| perft(&mut pos, c.depth));
            // Progress on standard error: the worker threads' output is not captured by the
            // test harness, so a long run shows where it is.
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            if n.is_multiple_of(500) || n == selected.len() {
                eprintln!("perft suite: {n}/{} cases", selected.len());
            }
            (*c, r)
        })
        .collect();
    let mut per_variant: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    let mut failures = Vec::new();
    for (c, r) in &results {
        let entry = per_variant.entry(&c.variant).or_default();
        entry.1 += 1;
        match r {
            Ok(n) if *n == c.nodes => entry.0 += 1,
            Ok(n) => failures.push(format!(
                "{}:{} {} depth {} `{}`: expected {}, got {n}",
                c.file, c.line, c.variant, c.depth, c.fen, c.nodes
            )),
            Err(e) => failures.push(format!("{}:{} {}: {e}", c.file, c.line, c.variant)),
        }
    }
    println!("cases passed per variant:");
    for (v, (pass, total)) in &per_variant {
        println!("  {v}: {pass}/{total}");
    }
    let passed: usize = per_variant.values().map(|p| p.0).sum();
    println!(
        "total: {passed}/{} cases over {} variants",
        results.len(),
        per_variant.len()
    );
    let missing: Vec<&String> = tables
        .iter()
        .filter(|(_, t)| t.is_none())
        .map(|(v, _)| v)
        .collect();
    println!(
        "variants of the suite not shipped ({}): {missing:?}",
        missing.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn perft_suite() {
    run(false);
}

#[test]
#[ignore = "cases above 20M nodes; run with --ignored"]
fn perft_suite_large() {
    run(true);
}

/// Random playouts over every shipped variant: after every move the incremental key equals
/// the key computed from scratch, and unmaking the moves restores each earlier position's FEN
/// and key exactly.
mod playouts {
    use std::sync::Arc;

    use alfil::movegen::{build_ruleset, legal_moves, make_move};
    use alfil::position::ruleset::Ruleset;
    use alfil::position::square_sums::{Lanes, SquareValue, SquareValues};
    use alfil::position::Position;
    use alfil::types::Piece;
    use alfil::variant::{embedded_names, load_by_name};
    use proptest::prelude::*;

    /// Arbitrary values for every piece on every square of `ruleset`'s board, twice: one
    /// table to attach to a position, whose sums make and unmake keep, and an equal one, whose
    /// sums the position counts afresh when asked.
    fn square_values(ruleset: &Ruleset) -> (Arc<SquareValues>, Arc<SquareValues>) {
        let size = ruleset.geo.size;
        let entries = Piece::table_size(ruleset.pieces.len()) * size;
        let values: Vec<SquareValue> = (0..entries as u64)
            .map(|i| {
                let mixed = (i + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                SquareValue {
                    lanes: Lanes(std::array::from_fn(|lane| {
                        (mixed >> (lane * 7)) as i32 & 0x3FF
                    })),
                    key: mixed.rotate_left(17),
                }
            })
            .collect();
        (
            Arc::new(SquareValues::new(values.clone(), size)),
            Arc::new(SquareValues::new(values, size)),
        )
    }

    fn rulesets() -> &'static [Arc<Ruleset>] {
        static ALL: std::sync::OnceLock<Vec<Arc<Ruleset>>> = std::sync::OnceLock::new();
        ALL.get_or_init(|| {
            embedded_names()
                .iter()
                .map(|n| {
                    build_ruleset(Arc::new(load_by_name(n).expect("shipped"))).expect("builds")
                })
                .collect()
        })
    }

    /// Play the moves `choices` pick (each modulo the number of legal moves), then take them
    /// all back, checking keys, FENs and the sums of attached square values on the way.
    fn playout(ruleset: &Arc<Ruleset>, choices: &[u16]) -> Result<(), String> {
        let name = &ruleset.variant.name;
        let mut pos = Position::start(ruleset.clone());
        let (attached, counted) = square_values(ruleset);
        pos.attach(attached.clone());
        let sums_drift = |pos: &Position| pos.sums(&attached) != pos.sums(&counted);
        let mut before = Vec::new();
        let mut moves = Vec::new();
        for &choice in choices {
            legal_moves(&mut pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[choice as usize % moves.len()];
            before.push((pos.to_fen(), pos.hash()));
            make_move(&mut pos, mv);
            if pos.hash() != pos.compute_hash() {
                return Err(format!(
                    "{name}: key drifts after {mv:?} from {}",
                    before.last().expect("pushed").0
                ));
            }
            if sums_drift(&pos) {
                return Err(format!(
                    "{name}: square sums drift after {mv:?} from {}",
                    before.last().expect("pushed").0
                ));
            }
        }
        while let Some((fen, key)) = before.pop() {
            pos.unmake();
            if pos.to_fen() != fen || pos.hash() != key || sums_drift(&pos) {
                return Err(format!(
                    "{name}: unmake gives {} instead of {fen}",
                    pos.to_fen()
                ));
            }
        }
        Ok(())
    }

    #[test]
    fn every_shipped_variant_keeps_its_key_and_unmakes_exactly() {
        for (i, ruleset) in rulesets().iter().enumerate() {
            let choices: Vec<u16> = (0..60u16)
                .map(|n| n.wrapping_mul(7919).wrapping_add(i as u16))
                .collect();
            if let Err(e) = playout(ruleset, &choices) {
                panic!("{e}");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 400, failure_persistence: None, ..ProptestConfig::default() })]
        #[test]
        fn random_playouts_keep_the_key_and_unmake_exactly(
            variant in 0usize..1000,
            choices in proptest::collection::vec(any::<u16>(), 1..80),
        ) {
            let all = rulesets();
            let result = playout(&all[variant % all.len()], &choices);
            prop_assert!(result.is_ok(), "{}", result.unwrap_err());
        }
    }
}
