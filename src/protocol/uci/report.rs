//! The text of what the UCI engine reports: scores (`cp 13`, `mate 3`, `mate -2`), `info` lines
//! for a search's progress, and the divide output of `go perft`.

use crate::protocol::writer::nodes_per_second;
use crate::search::{Info, MATE, MATE_BOUND};

/// A score as UCI writes it: centipawns, or mate in moves (negative when being mated).
pub fn score(score: i32) -> String {
    match mate_in(score) {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {score}"),
    }
}

/// Moves to mate for a mate score (negative when the side to move is mated), else `None`.
pub fn mate_in(score: i32) -> Option<i32> {
    if score.abs() < MATE_BOUND {
        return None;
    }
    let moves = (MATE - score.abs() + 1) / 2;
    Some(if score > 0 { moves } else { -moves })
}

/// An `info` line for one principal variation, its moves already in text.
pub fn info_line(info: &Info, pv: &[String]) -> String {
    let bound = match info.bound {
        Some(true) => " lowerbound",
        Some(false) => " upperbound",
        None => "",
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}{} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth.max(info.depth),
        info.multipv.max(1),
        score(info.score),
        bound,
        info.nodes,
        nodes_per_second(info.nodes, info.elapsed),
        info.hashfull,
        info.elapsed.as_millis()
    );
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// Stockfish's `go perft` output: `MOVE: COUNT` a root move in text order, a blank line,
/// `Nodes searched: TOTAL` and a blank line.
pub fn divide_lines(mut counts: Vec<(String, u64)>, depth: u32) -> Vec<String> {
    counts.sort();
    let total: u64 = if depth == 0 {
        1
    } else {
        counts.iter().map(|(_, n)| n).sum()
    };
    let mut lines: Vec<String> = counts.iter().map(|(m, n)| format!("{m}: {n}")).collect();
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    lines.push(String::new());
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn scores() {
        assert_eq!(score(35), "cp 35");
        assert_eq!(score(-MATE_BOUND + 1), "cp -989999");
        assert_eq!(score(MATE - 1), "mate 1");
        assert_eq!(score(MATE - 3), "mate 2");
        assert_eq!(score(-(MATE - 2)), "mate -1");
        assert_eq!(score(-MATE), "mate 0");
    }

    #[test]
    fn info_fields() {
        let mut info = Info {
            depth: 7,
            seldepth: 12,
            multipv: 2,
            score: 40,
            bound: Some(true),
            nodes: 30_000,
            elapsed: Duration::from_millis(150),
            pv: Vec::new(),
            hashfull: 3,
        };
        let pv = vec!["e2e4".to_string(), "e7e5".to_string()];
        assert_eq!(
            info_line(&info, &pv),
            "info depth 7 seldepth 12 multipv 2 score cp 40 lowerbound nodes 30000 nps 200000 \
             hashfull 3 time 150 pv e2e4 e7e5"
        );
        info.bound = Some(false);
        assert!(info_line(&info, &pv).contains("score cp 40 upperbound nodes"));
        info.bound = None;
        assert!(info_line(&info, &[]).ends_with("time 150"));
    }

    #[test]
    fn divide_output() {
        let lines = divide_lines(vec![("b1c3".into(), 20), ("a2a3".into(), 20)], 2);
        assert_eq!(
            lines,
            ["a2a3: 20", "b1c3: 20", "", "Nodes searched: 40", ""]
        );
        assert_eq!(divide_lines(Vec::new(), 0)[1], "Nodes searched: 1");
    }
}
