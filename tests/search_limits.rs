//! Search limits: the time manager's arithmetic, the stop flag, node, depth and time limits,
//! `nps`, several threads and the smallest hash table. Each search here is short.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use alfil::game::Game;
use alfil::search::time::{allocate, fixed, later_overheads, MoveOverhead};
use alfil::search::{Clock, Limits, Outcome, Searcher};

fn start(variant: &str) -> Game {
    let v = alfil::variant::load_by_name(variant).expect("variant loads");
    Game::new(alfil::movegen::build_ruleset(Arc::new(v)).expect("tables build"))
}

fn search(searcher: &mut Searcher, game: &Game, limits: &Limits) -> (Outcome, Duration) {
    let stop = Arc::new(AtomicBool::new(false));
    let t = Instant::now();
    let out = searcher.search(game, limits, &stop, &mut |_| {});
    (out, t.elapsed())
}

fn is_legal(game: &Game, out: &Outcome) -> bool {
    let mv = out.best.expect("a move");
    game.clone().legal_moves().contains(&mv)
}

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

#[test]
fn allocations_stay_within_the_clock() {
    let overhead = MoveOverhead::DEFAULT;
    for time in [
        1, 10, 50, 100, 500, 1_000, 10_000, 60_000, 600_000, 7_200_000,
    ] {
        for inc in [0, 100, 1_000, 30_000] {
            for mtg in [0, 1, 2, 5, 20, 40, 100] {
                let c = clock(time, inc, mtg);
                let a = allocate(&c, overhead);
                assert!(a.soft <= a.hard, "{c:?}: {a:?}");
                assert!(
                    a.hard + overhead.0 < c.time || a.hard.is_zero(),
                    "{c:?}: {a:?}"
                );
                // A clock of a second or more thinks, unless the overheads of the moves left
                // to the control take half of it (20 moves in 1 s at 100 ms each cannot).
                if time >= 1_000 && inc < time && later_overheads(&c, overhead) * 2 < c.time {
                    assert!(a.soft > Duration::ZERO, "{c:?}: {a:?}");
                }
            }
        }
    }
}

#[test]
fn no_time_left_means_move_at_once() {
    let a = allocate(&clock(0, 100, 0), MoveOverhead::DEFAULT);
    assert_eq!(a.hard, Duration::ZERO);
    assert_eq!(
        fixed(Duration::ZERO, MoveOverhead::DEFAULT).hard,
        Duration::ZERO
    );
}

#[test]
fn sudden_death_keeps_a_reserve() {
    let overhead = MoveOverhead::DEFAULT;
    // 0:10 + 0.1: about a thirtieth of the time plus most of the increment.
    let a = allocate(&clock(10_000, 100, 0), overhead);
    assert!(a.soft > ms(250) && a.soft < ms(600), "{a:?}");
    assert!(a.hard <= ms(2_000), "{a:?}");
    // Low on time, the increment carries the game and the clock does not run out, even when
    // every move takes its hard limit and the overhead.
    let mut left = ms(300);
    for _ in 0..200 {
        let a = allocate(
            &Clock {
                time: left,
                ..clock(0, 100, 0)
            },
            overhead,
        );
        assert!(a.hard + overhead.0 < left);
        left = left - a.hard - overhead.0 + ms(100);
    }
    assert!(left > ms(100), "{left:?}");
}

#[test]
fn a_time_control_is_never_overstepped() {
    // 40 moves in one minute, every move taking its whole hard limit plus the overhead.
    let overhead = MoveOverhead::DEFAULT;
    let mut left = ms(60_000);
    for played in 0..40 {
        let a = allocate(
            &Clock {
                time: left,
                ..clock(0, 0, 40 - played)
            },
            overhead,
        );
        assert!(a.hard + overhead.0 < left);
        left -= a.hard + overhead.0;
    }
    assert!(left > Duration::ZERO);
    let a = allocate(&clock(60_000, 0, 40), overhead);
    assert!(a.soft > ms(1_000) && a.soft < ms(3_000), "{a:?}");
}

#[test]
fn stop_flag_ends_an_infinite_search_quickly() {
    let game = start("chess");
    let mut searcher = Searcher::new(16, 1);
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let raiser = {
        let stop = stop.clone();
        thread::spawn(move || {
            thread::sleep(ms(100));
            stop.store(true, Ordering::Relaxed);
            Instant::now()
        })
    };
    let out = searcher.search(&game, &limits, &stop, &mut |_| {});
    let raised = raiser.join().unwrap();
    assert!(
        raised.elapsed() < ms(200),
        "took {:?} after stop",
        raised.elapsed()
    );
    assert!(is_legal(&game, &out));
}

#[test]
fn stop_before_the_first_iteration_still_gives_a_move() {
    let game = start("capablanca");
    let mut searcher = Searcher::new(1, 1);
    let stop = Arc::new(AtomicBool::new(true));
    let out = searcher.search(&game, &Limits::default(), &stop, &mut |_| {});
    assert!(is_legal(&game, &out));
}

#[test]
fn tiny_limits_give_a_quick_legal_move() {
    let game = start("chess");
    let mut searcher = Searcher::new(1, 1);
    let cases = [
        Limits {
            depth: Some(0),
            ..Limits::default()
        },
        Limits {
            nodes: Some(1),
            ..Limits::default()
        },
        Limits {
            move_time: Some(Duration::ZERO),
            ..Limits::default()
        },
        Limits {
            clock: Some(clock(0, 0, 0)),
            ..Limits::default()
        },
    ];
    for limits in &cases {
        let (out, took) = search(&mut searcher, &game, limits);
        assert!(is_legal(&game, &out), "{limits:?}");
        assert!(took < ms(500), "{limits:?} took {took:?}");
    }
}

#[test]
fn move_time_is_respected() {
    let game = start("chess");
    let mut searcher = Searcher::new(16, 1);
    let limits = Limits {
        move_time: Some(ms(200)),
        ..Limits::default()
    };
    let (out, took) = search(&mut searcher, &game, &limits);
    assert!(is_legal(&game, &out));
    assert!(took >= ms(90) && took < ms(400), "took {took:?}");
}

#[test]
fn clock_play_uses_a_sensible_share() {
    let game = start("chess");
    let mut searcher = Searcher::new(16, 1);
    let limits = Limits {
        clock: Some(clock(10_000, 100, 0)),
        ..Limits::default()
    };
    let (out, took) = search(&mut searcher, &game, &limits);
    assert!(is_legal(&game, &out));
    assert!(
        took < allocate(&clock(10_000, 100, 0), MoveOverhead::DEFAULT).hard + ms(100),
        "took {took:?}"
    );
}

#[test]
fn node_limit_is_respected() {
    let game = start("chess");
    let mut searcher = Searcher::new(16, 1);
    let limits = Limits {
        nodes: Some(20_000),
        ..Limits::default()
    };
    let (out, _) = search(&mut searcher, &game, &limits);
    assert!(is_legal(&game, &out));
    assert!(
        out.nodes >= 20_000 && out.nodes < 22_000,
        "{} nodes",
        out.nodes
    );
}

#[test]
fn nps_turns_time_into_nodes() {
    // 1000 nodes per second for 0.5 s of move time: about 500 nodes, however fast the machine.
    let game = start("chess");
    let mut searcher = Searcher::new(16, 1);
    let limits = Limits {
        move_time: Some(ms(500)),
        nps: Some(1_000),
        ..Limits::default()
    };
    let (out, _) = search(&mut searcher, &game, &limits);
    assert!(is_legal(&game, &out));
    assert!(out.nodes < 1_000, "{} nodes", out.nodes);
}

#[test]
fn several_threads_agree_on_a_legal_move() {
    let game = start("chess");
    let mut searcher = Searcher::new(8, 3);
    let limits = Limits {
        depth: Some(8),
        ..Limits::default()
    };
    let (out, _) = search(&mut searcher, &game, &limits);
    assert!(is_legal(&game, &out));
    assert_eq!(out.depth, 8);
}

#[test]
fn smallest_hash_table_works() {
    let game = start("capablanca");
    let mut searcher = Searcher::new(1, 1);
    searcher.set_hash(1);
    assert_eq!(searcher.hash_mb(), 1);
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let (out, _) = search(&mut searcher, &game, &limits);
    assert!(is_legal(&game, &out));
    searcher.clear();
    let (again, _) = search(&mut searcher, &game, &limits);
    assert_eq!(out.best, again.best);
}
