//! Game ends checked before any move is generated: once one holds, the side to move has no
//! moves (as in Fairy-Stockfish, so perft counts stop there). Extinction (including the bare
//! king), a piece reaching its flag zone (where the rule says so, only if it is not attacked
//! there), and the n-th check.

use super::attack::attacked;
use super::legal::generate_ignoring_ends;
use crate::position::piece::code;
use crate::position::{Position, BIKJANG, PASSED};
use crate::variant::GameValue;

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// Winning colour (0 = White, 1 = Black), or `None` for a draw.
    pub winner: Option<usize>,
    /// The reason as XBoard shows it, e.g. `White mates`, `Stalemate`.
    pub reason: String,
}

impl GameEnd {
    /// From a value for the side to move.
    pub fn from_value(value: GameValue, side: usize, reason: String) -> GameEnd {
        let winner = match value {
            GameValue::Win => Some(side),
            GameValue::Loss => Some(side ^ 1),
            GameValue::Draw => None,
        };
        GameEnd { winner, reason }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(0) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The CECP result line body: `1-0 {White mates}`.
    pub fn cecp(&self) -> String {
        format!("{} {{{}}}", self.score(), self.reason)
    }
}

/// Colour name as used in result texts.
pub fn colour_name(colour: usize) -> &'static str {
    if colour == 0 {
        "White"
    } else {
        "Black"
    }
}

/// The game end that holds in `pos`, if any.
pub fn immediate_end(pos: &Position) -> Option<GameEnd> {
    let us = pos.side();
    let rules = &pos.tables.variant.rules;
    if rules.check_count > 0 {
        let n = rules.check_count as u8;
        for c in [us ^ 1, us] {
            if pos.checks_given(c) >= n {
                let reason = format!("{} wins by giving {n} checks", colour_name(c));
                return Some(GameEnd::from_value(GameValue::Win, c, reason));
            }
        }
    }
    if let Some(e) = &rules.extinction {
        let types = pos.tables.pieces.len();
        let total = |c: usize, kind: Option<usize>| -> u32 {
            let kinds: Vec<usize> = kind.map_or_else(|| (0..types).collect(), |k| vec![k]);
            kinds
                .iter()
                .map(|&k| pos.count(c, k) as u32 + pos.in_hand(c, k) as u32)
                .sum()
        };
        let groups: Vec<Option<usize>> = e
            .kinds
            .iter()
            .map(|&k| Some(k))
            .chain(e.all.then_some(None))
            .collect();
        for c in [us ^ 1, us] {
            for &g in &groups {
                let claim = u32::from(e.claim && c == us);
                if total(c, g) <= e.count && total(c ^ 1, g) >= e.opponent_count + claim {
                    let end = GameEnd::from_value(e.value, c, String::new());
                    let reason = match end.winner {
                        Some(w) if e.all && e.count > 0 => {
                            format!("{} wins by bare king", colour_name(w))
                        }
                        Some(w) if w == c => format!(
                            "{} wins by losing all its {}",
                            colour_name(c),
                            group_name(pos, g)
                        ),
                        _ => format!("{} has lost all its {}", colour_name(c), group_name(pos, g)),
                    };
                    return Some(GameEnd { reason, ..end });
                }
            }
        }
    }
    if let Some(previous) = pos.previous_state() {
        let now = pos.state();
        if now & BIKJANG != 0 && previous & BIKJANG != 0 {
            return Some(GameEnd {
                winner: None,
                reason: "Bikjang".into(),
            });
        }
        if now & PASSED != 0 && previous & PASSED != 0 {
            return Some(GameEnd {
                winner: None,
                reason: "Both sides passed".into(),
            });
        }
    }
    if let Some(f) = &rules.flag {
        let arrived = |c: usize| {
            pos.tables.rules.flag_squares[c].iter().any(|&sq| {
                let p = pos.at(sq);
                code::is_piece(p)
                    && code::colour(p) == c
                    && f.piece.is_none_or(|k| code::kind(p) == k)
                    && !(f.safe && attacked(pos, sq, c ^ 1))
            })
        };
        let (ours, theirs) = (arrived(us), arrived(us ^ 1));
        let name = f
            .piece
            .map_or("piece", |k| pos.tables.variant.pieces[k].name.as_str());
        let reason = |c: usize| format!("{}'s {name} reached the goal", colour_name(c));
        if ours && theirs {
            return Some(GameEnd {
                winner: None,
                reason: "Both sides reached the goal".into(),
            });
        }
        if ours {
            return Some(GameEnd::from_value(f.value, us, reason(us)));
        }
        if theirs && !(f.reply && us == 1 && can_arrive(pos, f.piece)) {
            return Some(GameEnd::from_value(f.value, us ^ 1, reason(us ^ 1)));
        }
    }
    None
}

fn group_name(pos: &Position, kind: Option<usize>) -> String {
    match kind {
        Some(k) => format!("{}s", pos.tables.variant.pieces[k].name),
        None => "pieces".into(),
    }
}

/// Whether the side to move can bring a flag piece into its zone with one legal move.
fn can_arrive(pos: &Position, piece: Option<usize>) -> bool {
    let mut p = pos.clone();
    let us = p.side();
    let zone = &pos.tables.rules.flag_squares[us];
    let mut moves = Vec::new();
    generate_ignoring_ends(&mut p, &mut moves);
    moves.iter().any(|m| {
        let mover = p.at(m.from);
        !m.is_drop() && piece.is_none_or(|k| code::kind(mover) == k) && zone.contains(&m.to)
    })
}
