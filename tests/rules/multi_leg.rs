//! Multi-leg XBetza moves on a board: a leg that may both capture and hop (`cp`) goes on both
//! ways over a foe, as HaChu's lion dog (`KADcavKmcpafmcpavK`) does.

use alfil::movegen::targets::{parse_coord, targets, Query, Target};

fn at(square: &str) -> (u8, u8) {
    parse_coord(square, 8, 8).expect("a square")
}

#[test]
fn a_capture_or_hop_leg_takes_the_foe_or_jumps_it() {
    let mut q = Query::new("mcpafK", 8, 8, at("e4"));
    q.foes.push(at("e5"));
    let moves = targets(&q).unwrap();
    let to_e6 = |kills: Vec<(u8, u8)>| Target {
        to: at("e6"),
        kills,
        castle_partner: None,
    };
    assert!(moves.contains(&to_e6(vec![at("e5")])), "{moves:?}");
    assert!(moves.contains(&to_e6(vec![])), "{moves:?}");
    // Over a friend it only hops; over an empty square it only moves on.
    let mut q = Query::new("mcpafK", 8, 8, at("e4"));
    q.friends.push(at("e5"));
    let moves = targets(&q).unwrap();
    assert!(moves.contains(&to_e6(vec![])), "{moves:?}");
    assert!(!moves.contains(&to_e6(vec![at("e5")])), "{moves:?}");
}
