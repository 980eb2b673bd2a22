//! Time allocation: from a clock (time left, increment, moves to the next control) or a fixed
//! time per move, a soft limit (the time a move should take on average; no new iteration
//! starts once it is mostly used) and a hard limit (the search stops in the middle of an
//! iteration). Pure functions of their inputs, so they can be tested on their own.

use std::time::Duration;

use super::Clock;

/// Time kept back from every move for the protocol's and the operating system's delays.
pub const OVERHEAD: Duration = Duration::from_millis(30);
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

/// The allocation for a move played by the clock.
///
/// With `moves_to_go` 0 (sudden death, with or without increment) the rest of the game is
/// assumed to last [`HORIZON`] moves; otherwise the moves to the control plus one in reserve.
/// Three quarters of the increment are added to the share. The hard limit never exceeds a
/// fifth of the remaining time in sudden death (more just before a time control, when the
/// clock is about to be refilled), and both limits stay below the time left minus
/// [`OVERHEAD`]. A clock with no time left gives zero limits: play at once.
pub fn allocate(clock: &Clock) -> Allocation {
    let time = clock.time;
    let overhead = OVERHEAD.min(time / 20);
    let usable = time.saturating_sub(overhead);
    let moves = if clock.moves_to_go == 0 {
        HORIZON
    } else {
        clock.moves_to_go.min(HORIZON) + 1
    };
    let share = usable / moves + clock.increment * 3 / 4;
    let cap = match clock.moves_to_go {
        0 => usable / 5,
        m => usable * 4 / (5 * m.min(4)),
    };
    let soft = share.min(cap);
    let hard = (share * HARD_FACTOR).min(cap).max(soft);
    Allocation { soft, hard }
}

/// The allocation for a fixed time per move: use it all, less the overhead (soft equal to hard
/// tells the search to keep iterating until the hard limit).
pub fn fixed(move_time: Duration) -> Allocation {
    let usable = move_time.saturating_sub(OVERHEAD.min(move_time / 10));
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
