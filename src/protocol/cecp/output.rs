//! The text of thinking output (`ply score time nodes seldepth nps tbhits<TAB>pv`, mates as
//! ±(100000 + moves)).

use crate::protocol::writer::nodes_per_second;
use crate::search::{Info, MATE, MATE_BOUND};

/// A search score in CECP's convention: centipawns, mates as ±(100000 + moves).
pub fn cecp_score(score: i32) -> i64 {
    if score >= MATE_BOUND {
        100_000 + (i64::from(MATE - score) + 1) / 2
    } else if score <= -MATE_BOUND {
        -100_000 - (i64::from(MATE + score) + 1) / 2
    } else {
        i64::from(score)
    }
}

/// One line of thinking output for `info` with its principal variation already in text.
pub fn thinking_line(info: &Info, pv: &str) -> String {
    let centis = info.elapsed.as_millis() / 10;
    let nps = nodes_per_second(info.nodes, info.elapsed);
    let mark = match info.bound {
        Some(true) => "!",
        Some(false) => "?",
        None => "",
    };
    format!(
        "{} {} {} {} {} {} 0\t{}{}",
        info.depth,
        cecp_score(info.score),
        centis,
        info.nodes,
        info.seldepth,
        nps,
        pv,
        mark
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores() {
        assert_eq!(cecp_score(MATE - 1), 100_001);
        assert_eq!(cecp_score(MATE - 3), 100_002);
        assert_eq!(cecp_score(-(MATE - 2)), -100_001);
        assert_eq!(cecp_score(35), 35);
    }
}
