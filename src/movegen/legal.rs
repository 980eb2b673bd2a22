//! Legal moves: pseudo-legal moves filtered by royal safety. A move that cannot change any
//! line onto the royal piece (its squares are outside the attack table's sensitive squares for
//! the royal's square) is legal without a test; every other move is made, tested and unmade.

use super::attack::{attacked, in_check};
use super::moves::{Move, NO_SQUARE};
use super::pseudo;
use super::tables::code;
use crate::position::Position;

/// The legal moves of the side to move, into `out` (cleared first).
pub fn generate(pos: &mut Position, out: &mut Vec<Move>) {
    out.clear();
    pseudo::generate(pos, out);
    let us = pos.side();
    let them = us ^ 1;
    if pos.royals(us).is_empty() {
        return;
    }
    let checked = in_check(pos, us);
    let tables = pos.tables.clone();
    let table = &tables.attack[them];
    let single = pos.royals(us).len() == 1;
    let ksq = pos.royals(us)[0];
    let quick = single && !checked && table.complex == 0;
    let open = &table.open_sensitive[ksq as usize];
    let fill = &table.fill_sensitive[ksq as usize];
    let mut kept = 0;
    for i in 0..out.len() {
        let mv = out[i];
        let safe = quick
            && !mv.is_castle()
            && mv.from != ksq
            && !open.has(mv.from)
            && !fill.has(mv.to)
            && mv.kills.iter().all(|&k| k == NO_SQUARE || !open.has(k));
        if safe || is_legal_slow(pos, mv, checked) {
            out[kept] = mv;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// Full legality test of a pseudo-legal move.
pub fn is_legal_slow(pos: &mut Position, mv: Move, checked: bool) -> bool {
    let us = pos.side();
    let them = us ^ 1;
    if mv.is_castle() && pos.tables.pieces[code::kind(pos.at(mv.from))].royal {
        if checked {
            return false;
        }
        let geo = *pos.geo();
        let (ff, rank) = geo.coords(mv.from);
        let (tf, _) = geo.coords(mv.to);
        let (lo, hi) = (ff.min(tf), ff.max(tf));
        for f in lo..=hi {
            let sq = geo.square(f, rank);
            if sq != mv.from && sq != mv.to && attacked(pos, sq, them) {
                return false;
            }
        }
    }
    pos.make(mv);
    let ok = !in_check(pos, us);
    pos.unmake();
    ok
}
