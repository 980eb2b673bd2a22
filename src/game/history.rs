//! The positions a game, and a search below it, have passed through: each one's key and
//! whether its side to move stood in check. The game (its result), the match referee and the
//! search (repetitions in its tree) all read repetitions and perpetual checks from this one
//! record.

use crate::types::Colour;

/// Keys and check states of earlier positions, oldest first; the current position is not in
/// it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeyHistory {
    keys: Vec<u64>,
    checked: Vec<bool>,
}

impl KeyHistory {
    /// A copy of `other` with room for `more` positions, so pushing them allocates nothing.
    pub fn extended(other: &KeyHistory, more: usize) -> KeyHistory {
        let mut keys = Vec::with_capacity(other.len() + more);
        keys.extend_from_slice(&other.keys);
        let mut checked = Vec::with_capacity(other.len() + more);
        checked.extend_from_slice(&other.checked);
        KeyHistory { keys, checked }
    }

    /// Note the position being left: its key and whether its side to move was in check.
    #[inline]
    pub fn push(&mut self, key: u64, checked: bool) {
        self.keys.push(key);
        self.checked.push(checked);
    }

    #[inline]
    pub fn pop(&mut self) {
        self.keys.pop();
        self.checked.pop();
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The key of the position `index` moves after the first one recorded.
    #[inline]
    pub fn key(&self, index: usize) -> u64 {
        self.keys[index]
    }

    /// How often `key` stands among the latest `window` positions.
    pub fn occurrences(&self, key: u64, window: usize) -> usize {
        self.keys
            .iter()
            .rev()
            .take(window)
            .filter(|&&k| k == key)
            .count()
    }

    /// The latest position with `key`, if there is one.
    pub fn last_index_of(&self, key: u64) -> Option<usize> {
        self.keys.iter().rposition(|&k| k == key)
    }

    /// The side that gave check with every one of its moves since position `from`, where the
    /// same side was to move as now: `side` is the side to move now and `checked_now` whether
    /// it is in check. None where neither side or both sides did.
    pub fn cycle_checker(&self, from: usize, side: Colour, checked_now: bool) -> Option<Colour> {
        let now = self.len();
        let in_check = |j: usize| {
            if j == now {
                checked_now
            } else {
                self.checked[j]
            }
        };
        let side_checked = (from + 1..now).step_by(2).all(in_check);
        let other_checked = (from + 2..=now).step_by(2).all(in_check);
        match (side_checked, other_checked) {
            (true, false) => Some(side),
            (false, true) => Some(!side),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions 0..4, then the current one repeating position 0 (White to move in both).
    fn cycle(checks: [bool; 4]) -> KeyHistory {
        let mut history = KeyHistory::default();
        for (i, checked) in checks.into_iter().enumerate() {
            history.push([7, 8, 9, 10][i], checked);
        }
        history
    }

    #[test]
    fn the_side_that_checked_every_move_is_the_checker() {
        // White's moves lead to positions 1 and 3: both in check.
        let white_checks = cycle([false, true, false, true]);
        assert_eq!(
            white_checks.cycle_checker(0, Colour::White, false),
            Some(Colour::White)
        );
        // Black's moves lead to positions 2 and now.
        let black_checks = cycle([false, false, true, false]);
        assert_eq!(
            black_checks.cycle_checker(0, Colour::White, true),
            Some(Colour::Black)
        );
        assert_eq!(black_checks.cycle_checker(0, Colour::White, false), None);
    }

    #[test]
    fn mutual_checks_make_no_checker() {
        let both = cycle([false, true, true, true]);
        assert_eq!(both.cycle_checker(0, Colour::White, true), None);
    }

    #[test]
    fn counts_occurrences_inside_the_window() {
        let mut history = KeyHistory::default();
        for key in [1, 2, 1, 3, 1] {
            history.push(key, false);
        }
        assert_eq!(history.occurrences(1, usize::MAX), 3);
        assert_eq!(history.occurrences(1, 2), 1);
        assert_eq!(history.last_index_of(1), Some(4));
        assert_eq!(history.last_index_of(5), None);
    }
}
