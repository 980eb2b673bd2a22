//! `alfil bench`: single-threaded perft speed on fixed positions, median of several runs; and
//! `alfil bench --search`, the search signature: the total nodes of fixed-depth searches of
//! fixed positions in several variants, which a change that should not alter the search (a
//! refactor, a faster generator) must leave as it was, and with `--stats` what those searches
//! did ([`benchstats`]).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use super::{benchstats, load_variant, setup_position};
use crate::game::Game;
use crate::perft::perft;
use crate::search::{Limits, Searcher};

/// (variant, FEN or start position, depth; `None` depth = the chess depth option).
const POSITIONS: &[(&str, Option<&str>, Option<u32>)] = &[
    ("chess", None, None),
    (
        "chess",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        Some(4),
    ),
    ("capablanca", None, Some(5)),
    ("shako", None, Some(4)),
    ("xiangqi", None, Some(4)),
    ("janggi", None, Some(4)),
    ("shogi", None, Some(5)),
    ("crazyhouse", None, Some(5)),
];

/// Run the benchmark and print one line per position and the overall rate.
pub fn run(runs: usize, chess_depth: u32) -> Result<(), String> {
    let runs = runs.max(1);
    let (mut all_nodes, mut all_secs) = (0u64, 0f64);
    for &(name, fen, depth) in POSITIONS {
        eprintln!("bench: {name} …");
        let tables = load_variant(name)?;
        let depth = depth.unwrap_or(chess_depth);
        let mut rates = Vec::with_capacity(runs);
        let mut nodes = 0;
        for _ in 0..runs {
            let mut pos = setup_position(tables.clone(), fen)?;
            let start = Instant::now();
            nodes = perft(&mut pos, depth);
            let secs = start.elapsed().as_secs_f64().max(1e-9);
            rates.push(nodes as f64 / secs);
            all_nodes += nodes;
            all_secs += secs;
        }
        rates.sort_by(|a, b| a.total_cmp(b));
        let median = rates[rates.len() / 2];
        crate::outln!(
            "{name:<12} {:<10} depth {depth}  {nodes:>12} nodes  {:>7.2} M nodes/s (median of {runs})",
            if fen.is_some() { "kiwipete" } else { "start" },
            median / 1e6
        );
    }
    crate::outln!("overall {:.2} M nodes/s", all_nodes as f64 / all_secs / 1e6);
    Ok(())
}

/// Positions of the search signature: (variant, FEN or the start position), each searched to
/// the signature depth plus the given extra plies.
const SEARCH_POSITIONS: &[(&str, Option<&str>, u32)] = &[
    ("chess", None, 2),
    (
        "chess",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        0,
    ),
    (
        "chess",
        Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        4,
    ),
    ("capablanca", None, 1),
    ("xiangqi", None, 1),
    (
        "xiangqi",
        Some("r1bakab1r/9/1cn4c1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b - - 0 1"),
        0,
    ),
    ("shogi", None, 1),
    ("crazyhouse", None, 0),
    (
        "crazyhouse",
        Some("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[] w KQkq - 4 4"),
        0,
    ),
    ("janggi", None, 0),
    ("grand", None, 0),
    ("makruk", None, 1),
    ("shatranj", None, 1),
    ("minishogi", None, 1),
];

/// Run the search signature at `depth` and print nodes per position and `Bench signature: N`
/// (with `stats`, the table of [`benchstats`] before it). Each search is single-threaded from
/// an empty hash table, so the count is the same on every run and machine for one build.
pub fn search_signature(depth: u32, stats: bool) -> Result<u64, String> {
    let depth = depth.max(1);
    let mut total = 0u64;
    let mut table = benchstats::Table::default();
    let start = Instant::now();
    for &(name, fen, extra) in SEARCH_POSITIONS {
        eprintln!("bench: searching {name} …");
        let tables = load_variant(name)?;
        let game = match fen {
            Some(fen) => Game::from_fen(tables, fen).map_err(|e| format!("{name} `{fen}`: {e}"))?,
            None => Game::new(tables),
        };
        let mut searcher = Searcher::new(16, 1);
        let limits = Limits {
            depth: Some(depth + extra),
            ..Limits::default()
        };
        let stop = Arc::new(AtomicBool::new(false));
        let mut completed = benchstats::Completed::default();
        let outcome = searcher.search(&game, &limits, &stop, &mut |info| completed.report(info));
        total += outcome.nodes;
        table.add(name, outcome.stats, completed);
        crate::outln!(
            "{name:<12} {:<8} depth {:>2}  {:>10} nodes",
            if fen.is_some() { "fen" } else { "start" },
            depth + extra,
            outcome.nodes
        );
    }
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    if stats {
        for line in table.lines() {
            crate::outln!("{line}");
        }
    }
    crate::outln!("Total time (ms) : {:.0}", secs * 1000.0);
    crate::outln!("Nodes/second    : {:.0}", total as f64 / secs);
    crate::outln!("Bench signature: {total}");
    Ok(total)
}
