//! Reading `go`: its parameters in any order, unknown tokens skipped, and the search limits
//! they make: the side to move's clock from `wtime`/`btime`/`winc`/`binc`/`movestogo`, `depth`,
//! `nodes`, `movetime`, `infinite`, `searchmoves`, `mate` (a depth bound of 2N+1 plies; the
//! engine stops the search once it sees a mate in N), `ponder`, and `perft N`.

use crate::types::{ByColour, Colour};
use std::time::Duration;

use crate::movegen::Move;
use crate::search::{Clock, Limits};

const KEYWORDS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

/// A `go` command, read.
#[derive(Clone, Debug, Default)]
pub struct Go {
    pub searchmoves: Vec<Move>,
    pub ponder: bool,
    /// Time left and increment per colour.
    pub time: ByColour<Option<Duration>>,
    pub increment: ByColour<Option<Duration>>,
    pub moves_to_go: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub mate: Option<u32>,
    pub move_time: Option<Duration>,
    pub infinite: bool,
    pub perft: Option<u32>,
    /// Tokens that were skipped: unknown words and moves that are not legal.
    pub skipped: Vec<String>,
    /// Limits whose value is missing or not a number they take (`depth abc`, `perft -1`): the
    /// command cannot be carried out as meant, so it is refused.
    pub bad: Vec<String>,
}

impl Go {
    /// Read the arguments of `go`; `read_move` finds the legal move a `searchmoves` word names.
    pub fn parse(args: &[&str], mut read_move: impl FnMut(&str) -> Option<Move>) -> Go {
        let mut go = Go::default();
        let mut i = 0;
        while i < args.len() {
            let word = args[i];
            i += 1;
            let value = args.get(i).copied().filter(|v| !KEYWORDS.contains(v));
            let ms = || value.and_then(|v| v.parse::<i64>().ok()).map(millis);
            let count = || value.and_then(|v| v.parse::<u32>().ok());
            let read = match word {
                "searchmoves" => {
                    while let Some(&text) = args.get(i).filter(|t| !KEYWORDS.contains(t)) {
                        match read_move(text) {
                            Some(mv) if !go.searchmoves.contains(&mv) => go.searchmoves.push(mv),
                            Some(_) => {}
                            None => go.skipped.push(format!("searchmoves {text}")),
                        }
                        i += 1;
                    }
                    None
                }
                "ponder" => {
                    go.ponder = true;
                    None
                }
                "infinite" => {
                    go.infinite = true;
                    None
                }
                "wtime" | "btime" => {
                    go.time[if word == "btime" {
                        Colour::Black
                    } else {
                        Colour::White
                    }] = ms();
                    Some(ms().is_some())
                }
                "winc" | "binc" => {
                    go.increment[if word == "binc" {
                        Colour::Black
                    } else {
                        Colour::White
                    }] = ms();
                    Some(ms().is_some())
                }
                "movetime" => {
                    go.move_time = ms();
                    Some(ms().is_some())
                }
                "movestogo" => {
                    go.moves_to_go = count();
                    Some(count().is_some())
                }
                "depth" => {
                    go.depth = count();
                    Some(count().is_some())
                }
                "mate" => {
                    go.mate = count().filter(|&n| n > 0);
                    Some(go.mate.is_some())
                }
                "perft" => {
                    go.perft = count();
                    Some(count().is_some())
                }
                "nodes" => {
                    go.nodes = value.and_then(|v| v.parse::<u64>().ok());
                    Some(go.nodes.is_some())
                }
                _ => {
                    go.skipped.push(word.to_string());
                    None
                }
            };
            if let Some(ok) = read {
                if value.is_some() {
                    i += 1;
                }
                if !ok {
                    go.bad
                        .push(format!("{word} {}", value.unwrap_or("(no value)")));
                }
            }
        }
        go
    }

    /// The limits of the search for `side` to move, as if not pondering.
    pub fn limits(&self, side: Colour, multi_pv: usize) -> Limits {
        let clock = self.time[side].map(|time| Clock {
            time,
            opponent_time: self.time[!side].unwrap_or_default(),
            increment: self.increment[side].unwrap_or_default(),
            moves_to_go: self.moves_to_go.unwrap_or(0),
        });
        let mate_depth = self.mate.map(|n| 2 * n + 1);
        let depth = match (self.depth, mate_depth) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Limits {
            depth,
            nodes: self.nodes,
            move_time: self.move_time,
            clock,
            infinite: self.infinite,
            multi_pv,
            only: self.searchmoves.clone(),
            ..Limits::default()
        }
    }
}

/// Milliseconds as GUIs send them (a flagged clock may be negative).
fn millis(ms: i64) -> Duration {
    Duration::from_millis(ms.max(0) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Square;

    fn go(text: &str) -> Go {
        let words: Vec<&str> = text.split_whitespace().collect();
        Go::parse(&words, |w| {
            (w == "e2e4").then(|| Move::new(Square::from_index(1), Square::from_index(2)))
        })
    }

    #[test]
    fn parameters() {
        let g = go("wtime 1000 btime -20 winc 10 binc 0 movestogo 5 ponder");
        let limits = g.limits(Colour::Black, 1);
        let clock = limits.clock.expect("clock");
        assert_eq!(clock.time, Duration::ZERO);
        assert_eq!(clock.opponent_time, Duration::from_millis(1000));
        assert_eq!(clock.moves_to_go, 5);
        assert!(g.ponder && !limits.infinite);
        let g = go("joho depth 4 mate 1 nodes 900 searchmoves e2e4 a7a8 infinite");
        assert_eq!(g.depth, Some(4));
        assert_eq!(g.limits(Colour::White, 2).depth, Some(3));
        assert_eq!(g.nodes, Some(900));
        assert_eq!(
            g.searchmoves,
            vec![Move::new(Square::from_index(1), Square::from_index(2))]
        );
        assert!(g.infinite);
        assert_eq!(g.skipped, ["joho", "searchmoves a7a8"]);
        assert!(g.bad.is_empty());
        let g = go("depth movetime 300 perft x");
        assert_eq!(
            (g.depth, g.move_time),
            (None, Some(Duration::from_millis(300)))
        );
        assert_eq!(g.bad, ["depth (no value)", "perft x"]);
        assert_eq!(go("perft -1").bad, ["perft -1"]);
        assert_eq!(go("depth abc").bad, ["depth abc"]);
        assert!(go("").limits(Colour::White, 1).clock.is_none());
    }
}
