//! Game ends checked before any move is generated: once one holds, the side to move has no
//! moves (as in Fairy-Stockfish, so perft counts stop there). Extinction (including the bare
//! king), a piece reaching its flag zone (where the rule says so, only if it is not attacked
//! there), the n-th check, n pieces in a row, and castling won or lost.

use super::attack::attacked;
use super::legal::generate_ignoring_ends;
use crate::position::{Position, BIKJANG, CASTLED, PASSED};
use crate::types::{ByColour, Colour, Square};
use crate::variant::{GameValue, MaterialCount};

/// Which rule ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndCause {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side can ever win (bare royals that cannot check each other).
    DeadPosition,
    /// The position stood as often as the variant's count.
    Repetition,
    /// The side that checked on every move of a repetition.
    PerpetualCheck,
    /// The n-move rule.
    MoveRule,
    /// A side gave the variant's number of checks.
    ChecksGiven,
    /// A side has none left of a group of pieces (or only a bare royal).
    Extinction,
    /// The royal pieces faced each other on two moves in a row (janggi's bikjang).
    Bikjang,
    /// Both sides passed in a row.
    BothPassed,
    /// A piece reached its flag zone.
    FlagReached,
    /// A mate by a drop the variant forbids to mate (shogi's pawn-drop mate).
    ForbiddenDropMate,
    /// A side made the variant's number of pieces in a row.
    Connected,
    /// A side castled the way that wins, or lost the right to.
    CastlingRight,
    /// A player made a move that is not legal.
    IllegalMove,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The winning colour, or `None` for a draw.
    pub winner: Option<Colour>,
    /// The rule that ended it.
    pub cause: EndCause,
    /// The reason as XBoard shows it, e.g. `White mates`, `Stalemate`.
    pub reason: String,
}

impl GameEnd {
    /// From a value for the side to move.
    pub fn from_value(value: GameValue, side: Colour, cause: EndCause, reason: String) -> GameEnd {
        let winner = match value {
            GameValue::Win => Some(side),
            GameValue::Loss => Some(!side),
            GameValue::Draw => None,
        };
        GameEnd {
            winner,
            cause,
            reason,
        }
    }

    /// A draw by `cause`.
    pub fn draw(cause: EndCause, reason: impl Into<String>) -> GameEnd {
        GameEnd {
            winner: None,
            cause,
            reason: reason.into(),
        }
    }

    /// The end of a game by `cause` that the rules draw, unless the variant then counts
    /// material (janggi): the side with more points wins.
    pub fn draw_or_count(pos: &Position, cause: EndCause, reason: &str) -> GameEnd {
        let Some(count) = &pos.tables.variant.rules.material_count else {
            return GameEnd::draw(cause, reason);
        };
        let half_points = half_points(pos, count);
        let shown = |half: u32| {
            if half.is_multiple_of(2) {
                (half / 2).to_string()
            } else {
                format!("{}.5", half / 2)
            }
        };
        let white = shown(half_points[Colour::White]);
        let black = shown(half_points[Colour::Black] + count.black_bonus);
        match count.winner(half_points) {
            Some(w) => GameEnd {
                winner: Some(w),
                cause,
                reason: format!("{reason}, {} wins on points {white} to {black}", w.name()),
            },
            None => GameEnd::draw(cause, format!("{reason}, equal points {white} to {black}")),
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(&self) -> &'static str {
        match self.winner {
            Some(Colour::White) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The CECP result line body: `1-0 {White mates}`.
    pub fn cecp(&self) -> String {
        format!("{} {{{}}}", self.score(), self.reason)
    }
}

/// Each side's half points on the board.
fn half_points(pos: &Position, count: &MaterialCount) -> ByColour<u32> {
    ByColour::from_fn(|c| {
        pos.pieces(c)
            .iter()
            .map(|&sq| count.half_points[pos.at(sq).kind()])
            .sum()
    })
}

/// The value for the side to move of a game end the rules draw (see
/// [`GameEnd::draw_or_count`]).
pub fn drawn_value(pos: &Position) -> GameValue {
    let Some(count) = &pos.tables.variant.rules.material_count else {
        return GameValue::Draw;
    };
    match count.winner(half_points(pos, count)) {
        Some(w) if w == pos.side() => GameValue::Win,
        Some(_) => GameValue::Loss,
        None => GameValue::Draw,
    }
}

/// The game end that holds in `pos`, if any.
pub fn immediate_end(pos: &Position) -> Option<GameEnd> {
    let us = pos.side();
    let rules = &pos.tables.variant.rules;
    if rules.check_count > 0 {
        let n = rules.check_count as u8;
        for c in [!us, us] {
            if pos.checks_given(c) >= n {
                let reason = match n {
                    1 => format!("{} wins by giving a check", c.name()),
                    _ => format!("{} wins by giving {n} checks", c.name()),
                };
                return Some(GameEnd::from_value(
                    GameValue::Win,
                    c,
                    EndCause::ChecksGiven,
                    reason,
                ));
            }
        }
    }
    if let Some(e) = &rules.extinction {
        let types = pos.tables.pieces.len();
        let total = |c: Colour, kind: Option<usize>| -> u32 {
            let kinds: Vec<usize> = kind.map_or_else(|| (0..types).collect(), |k| vec![k]);
            kinds
                .iter()
                .map(|&k| u32::from(pos.count(c, k)) + u32::from(pos.in_hand(c, k)))
                .sum()
        };
        let groups: Vec<Option<usize>> = e
            .kinds
            .iter()
            .map(|&k| Some(k))
            .chain(e.all.then_some(None))
            .collect();
        for c in [!us, us] {
            for &g in &groups {
                let claim = u32::from(e.claim && c == us);
                if total(c, g) <= e.count && total(!c, g) >= e.opponent_count + claim {
                    let end = GameEnd::from_value(e.value, c, EndCause::Extinction, String::new());
                    let reason = match end.winner {
                        Some(w) if e.all && e.count > 0 => {
                            format!("{} wins by bare king", w.name())
                        }
                        Some(w) if w == c => {
                            format!("{} wins by losing all its {}", c.name(), group_name(pos, g))
                        }
                        _ => format!("{} has lost all its {}", c.name(), group_name(pos, g)),
                    };
                    return Some(GameEnd { reason, ..end });
                }
            }
        }
    }
    if rules.connect > 0 && in_a_row(pos, !us, rules.connect) {
        let reason = format!("{} has {} in a row", (!us).name(), rules.connect);
        return Some(GameEnd::from_value(
            GameValue::Win,
            !us,
            EndCause::Connected,
            reason,
        ));
    }
    if let Some(end) = castling_end(pos) {
        return Some(end);
    }
    if let Some(previous) = pos.previous_state() {
        let now = pos.state();
        if now & BIKJANG != 0 && previous & BIKJANG != 0 {
            return Some(GameEnd::draw_or_count(pos, EndCause::Bikjang, "Bikjang"));
        }
        if now & PASSED != 0 && previous & PASSED != 0 {
            let cause = EndCause::BothPassed;
            return Some(GameEnd::draw_or_count(pos, cause, "Both sides passed"));
        }
    }
    if let Some(f) = &rules.flag {
        // With `safe`, one piece there must be unattacked; two or more are enough as they
        // are, since one move takes only one of them (as Fairy-Stockfish counts).
        let arrived = |c: Colour, safe: bool| {
            let mut there = pos.tables.flag_squares[c].iter().filter(|&&sq| {
                let p = pos.at(sq);
                p.is_of(c) && f.piece.is_none_or(|k| p.kind() == k)
            });
            match (there.next(), there.next()) {
                (None, _) => false,
                (Some(&sq), None) => !(safe && attacked(pos, sq, !c)),
                (Some(_), Some(_)) => true,
            }
        };
        // With `stay`, a piece still there on its side's turn wins; with `safe` as well, an
        // arrival the opponent cannot take wins at once (alapo, as Fairy-Stockfish plays
        // flagMove with flagPieceSafe).
        let (ours, theirs) = if f.stay {
            (arrived(us, false), f.safe && arrived(!us, true))
        } else {
            (arrived(us, f.safe), arrived(!us, f.safe))
        };
        let name = f
            .piece
            .map_or("piece", |k| pos.tables.variant.pieces[k].name.as_str());
        let reason = |c: Colour| format!("{}'s {name} reached the goal", c.name());
        if ours && theirs {
            return Some(GameEnd::draw(
                EndCause::FlagReached,
                "Both sides reached the goal",
            ));
        }
        if ours {
            return Some(GameEnd::from_value(
                f.value,
                us,
                EndCause::FlagReached,
                reason(us),
            ));
        }
        if theirs && !(f.reply && us == Colour::Black && can_arrive(pos, f.piece)) {
            return Some(GameEnd::from_value(
                f.value,
                !us,
                EndCause::FlagReached,
                reason(!us),
            ));
        }
    }
    None
}

/// Whether `colour` has `n` pieces in an unbroken line along a rank, a file or a diagonal.
fn in_a_row(pos: &Position, colour: Colour, n: u32) -> bool {
    let stride = pos.geo().stride;
    let ours = |sq: Square| pos.at(sq).is_of(colour);
    pos.pieces(colour).iter().any(|&start| {
        [stride, stride + 1, 1, 1 - stride].into_iter().any(|step| {
            // Count from the first piece of the line only.
            if ours(start.offset(-step)) {
                return false;
            }
            let mut sq = start;
            let mut length = 0;
            while ours(sq) {
                length += 1;
                sq = sq.offset(step);
            }
            length >= n
        })
    })
}

/// The end `castling_wins` gives: the side that just castled a winning way wins; a side that
/// has lost a winning right loses.
fn castling_end(pos: &Position) -> Option<GameEnd> {
    let rules = &pos.tables.variant.rules;
    if !rules.wins_by_castling() {
        return None;
    }
    let wins = &rules.castling_wins;
    let us = pos.side();
    let side_name = ["king", "queen"];
    for side in 0..2 {
        if pos.state() & CASTLED[side] != 0 && wins[!us][side] {
            let reason = format!("{} castled on the {} side", (!us).name(), side_name[side]);
            return Some(GameEnd::from_value(
                GameValue::Win,
                !us,
                EndCause::CastlingRight,
                reason,
            ));
        }
    }
    for c in [!us, us] {
        for side in 0..2 {
            if wins[c][side] && !pos.has_castling_right(c, side) {
                let reason = format!(
                    "{} can no longer castle on the {} side",
                    c.name(),
                    side_name[side]
                );
                return Some(GameEnd::from_value(
                    GameValue::Loss,
                    c,
                    EndCause::CastlingRight,
                    reason,
                ));
            }
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
    let zone = &pos.tables.flag_squares[us];
    let mut moves = Vec::new();
    generate_ignoring_ends(&mut p, &mut moves);
    moves.iter().any(|m| {
        let mover = p.at(m.from);
        !m.is_drop()
            && !m.is_wall()
            && piece.is_none_or(|k| mover.kind() == k)
            && zone.contains(&m.to)
    })
}
