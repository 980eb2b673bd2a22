//! `alfil bench`: single-threaded perft speed on fixed positions, median of several runs.

use std::time::Instant;

use super::{load_variant, setup_position};
use crate::perft::perft;

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
];

/// Run the benchmark and print one line per position and the overall rate.
pub fn run(runs: usize, chess_depth: u32) -> Result<(), String> {
    let runs = runs.max(1);
    let (mut all_nodes, mut all_secs) = (0u64, 0f64);
    for &(name, fen, depth) in POSITIONS {
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
        println!(
            "{name:<12} {:<10} depth {depth}  {nodes:>12} nodes  {:>7.2} M nodes/s (median of {runs})",
            if fen.is_some() { "kiwipete" } else { "start" },
            median / 1e6
        );
    }
    println!("overall {:.2} M nodes/s", all_nodes as f64 / all_secs / 1e6);
    Ok(())
}
