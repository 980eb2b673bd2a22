//! Time allocation: from a clock (time left, increment, moves to the next control) or a fixed
//! time per move, a soft limit (the time a move should take on average; no new iteration
//! starts once it is mostly used) and a hard limit (the search stops in the middle of an
//! iteration). A reserve (the move overhead and a margin) is never planned with. Pure functions
//! of their inputs, so they can be tested on their own.

use std::time::Duration;

use super::Clock;

/// Time kept back from every move for the delays between the GUI's clock and the engine's
/// (reading the command, starting and stopping the search, the move reaching the GUI), which
/// grow on a loaded machine: the UCI and CECP option `Move Overhead`, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveOverhead(pub Duration);

impl MoveOverhead {
    /// Enough for a game at 8 s + 0.1 s through XBoard on a machine whose cores are all busy.
    pub const DEFAULT: MoveOverhead = MoveOverhead::from_millis(100);
    /// The most the option accepts, in milliseconds.
    pub const MAX_MILLIS: usize = 5000;

    pub const fn from_millis(millis: u64) -> MoveOverhead {
        MoveOverhead(Duration::from_millis(millis))
    }

    pub fn millis(self) -> u128 {
        self.0.as_millis()
    }
}

impl Default for MoveOverhead {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// The least time left on the clock after a move, beyond the move overhead.
pub const MIN_RESERVE: Duration = Duration::from_millis(50);
/// The share of the remaining time left on the clock after a move, beyond the move overhead,
/// when it is more than [`MIN_RESERVE`]: one part in this many.
const RESERVE_PARTS: u32 = 20;
/// Moves the rest of the game is assumed to last when the clock does not say.
pub const HORIZON: u32 = 30;
/// The hard limit is at most this many times the soft one.
const HARD_FACTOR: u32 = 4;

/// The time one move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allocation {
    /// Average target: no new iteration starts once most of it is used.
    pub soft: Duration,
    /// Absolute limit: the search stops when it is reached.
    pub hard: Duration,
}

/// The time a move never plans to use of a clock showing `time`: the move overhead plus
/// [`MIN_RESERVE`] or a twentieth of the time, whichever is more.
pub fn reserve(time: Duration, overhead: MoveOverhead) -> Duration {
    (time / RESERVE_PARTS).max(MIN_RESERVE) + overhead.0
}

/// Before a time control, the overhead every move after this one to the control will lose
/// to the delays (at most [`HORIZON`] of them): time no move plans with either.
pub fn later_overheads(clock: &Clock, overhead: MoveOverhead) -> Duration {
    overhead.0 * clock.moves_to_go.saturating_sub(1).min(HORIZON)
}

/// The allocation for a move played by the clock, `overhead` kept for the delays.
///
/// Only the time left less the [`reserve`] and the [`later_overheads`] is planned with. With `moves_to_go` 0 (sudden
/// death, with or without increment) the rest of the game is assumed to last [`HORIZON`]
/// moves; otherwise the moves to the control plus one in reserve. Three quarters of the
/// increment are added to the share. The hard limit never exceeds a fifth of the usable time
/// in sudden death (more just before a time control, when the clock is about to be refilled).
/// A clock that barely holds the increment and the reserve lives on the increment: the move
/// then takes at most half of what the increment brings beyond the overhead. A clock with no
/// more than the reserve left gives zero limits: play at once.
pub fn allocate(clock: &Clock, overhead: MoveOverhead) -> Allocation {
    let reserve = reserve(clock.time, overhead);
    let usable = clock
        .time
        .saturating_sub(reserve + later_overheads(clock, overhead));
    let moves = if clock.moves_to_go == 0 {
        HORIZON
    } else {
        clock.moves_to_go.min(HORIZON) + 1
    };
    let share = usable / moves + clock.increment * 3 / 4;
    let mut cap = match clock.moves_to_go {
        0 => usable / 5,
        m => usable * 4 / (5 * m.min(4)),
    };
    if clock.time < clock.increment + reserve {
        cap = cap.min(clock.increment.saturating_sub(overhead.0) / 2);
    }
    let soft = share.min(cap);
    let hard = (share * HARD_FACTOR).min(cap).max(soft);
    Allocation { soft, hard }
}

/// The allocation for a fixed time per move: use it all, less the overhead (at most a tenth
/// of the time; soft equal to hard tells the search to keep iterating until the hard limit).
pub fn fixed(move_time: Duration, overhead: MoveOverhead) -> Allocation {
    let usable = move_time.saturating_sub(overhead.0.min(move_time / 10));
    Allocation {
        soft: usable,
        hard: usable,
    }
}

/// Of two allocations, the tighter in each limit.
pub fn tighter(a: Allocation, b: Allocation) -> Allocation {
    Allocation {
        soft: a.soft.min(b.soft),
        hard: a.hard.min(b.hard),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn clock(time: u64, increment: u64, moves_to_go: u32) -> Clock {
        Clock {
            time: ms(time),
            opponent_time: ms(time),
            increment: ms(increment),
            moves_to_go,
        }
    }

    fn clocks() -> impl Iterator<Item = Clock> {
        let times = [
            0, 1, 40, 100, 150, 200, 300, 500, 1_000, 8_000, 60_000, 7_200_000,
        ];
        times.into_iter().flat_map(|time| {
            [0, 100, 1_000, 30_000]
                .into_iter()
                .flat_map(move |inc| [0, 1, 2, 5, 40].map(move |mtg| clock(time, inc, mtg)))
        })
    }

    const OVERHEADS: [u64; 4] = [0, 30, 100, 1_000];

    #[test]
    fn no_move_plans_with_the_margin_and_the_overhead() {
        for c in clocks() {
            for overhead in OVERHEADS {
                let a = allocate(&c, MoveOverhead::from_millis(overhead));
                // At least 50 ms or a twentieth of the clock, plus the overhead, stays unplanned.
                let margin = (c.time / 20).max(ms(50)) + ms(overhead);
                assert!(a.soft <= a.hard, "{c:?}, {overhead} ms: {a:?}");
                assert!(
                    a.hard <= c.time.saturating_sub(margin),
                    "{c:?}, {overhead} ms: {a:?}"
                );
                let kept = margin + later_overheads(&c, MoveOverhead::from_millis(overhead));
                if c.time >= (c.increment + kept) * 2 {
                    assert!(a.soft > Duration::ZERO, "{c:?}, {overhead} ms: {a:?}");
                }
            }
        }
    }

    #[test]
    fn below_the_increment_a_move_takes_a_fraction_of_it() {
        for c in clocks().filter(|c| c.time < c.increment) {
            for overhead in OVERHEADS {
                let a = allocate(&c, MoveOverhead::from_millis(overhead));
                let left_by_increment = c.increment.saturating_sub(ms(overhead));
                assert!(
                    a.hard <= left_by_increment / 2,
                    "{c:?}, {overhead} ms: {a:?}"
                );
            }
        }
        // Just before a time control the clock could otherwise be spent down to the margin.
        let a = allocate(&clock(1_000, 1_000, 1), MoveOverhead::from_millis(100));
        assert_eq!(a.hard, ms(450));
    }

    /// The time the searches use in `moves` moves of a game at 8 s + 0.1 s with the default
    /// overhead, every move taking its whole hard limit and then `delay(move number)` more;
    /// panics if the clock runs out.
    fn eight_plus_a_tenth(moves: usize, delay: impl Fn(usize) -> u64) -> Duration {
        let mut left = ms(8_000);
        let mut searched = Duration::ZERO;
        for played in 0..moves {
            let a = allocate(
                &Clock {
                    time: left,
                    ..clock(0, 100, 0)
                },
                MoveOverhead::DEFAULT,
            );
            let taken = a.hard + ms(delay(played));
            assert!(taken < left, "flag at move {played}: {left:?} left, {a:?}");
            left = left - taken + ms(100);
            searched += a.hard;
        }
        searched
    }

    #[test]
    fn eight_seconds_and_a_tenth_last_on_a_slow_machine() {
        // Delays as long as the overhead on every move.
        let searched = eight_plus_a_tenth(400, |_| 100);
        assert!(
            searched > ms(5_000),
            "the clock is used, not hoarded: {searched:?}"
        );
        // Shorter delays, but one move in seven delayed 250 ms.
        let searched = eight_plus_a_tenth(400, |n| if n % 7 == 6 { 250 } else { 60 });
        assert!(searched > ms(8_000), "{searched:?}");
    }

    #[test]
    fn a_fixed_time_keeps_the_overhead_back_up_to_a_tenth() {
        assert_eq!(
            fixed(ms(1_000), MoveOverhead::from_millis(30)).hard,
            ms(970)
        );
        assert_eq!(
            fixed(ms(1_000), MoveOverhead::from_millis(300)).hard,
            ms(900)
        );
        assert_eq!(
            fixed(Duration::ZERO, MoveOverhead::DEFAULT).hard,
            Duration::ZERO
        );
    }
}
