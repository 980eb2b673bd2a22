//! Legal moves: pseudo-legal moves filtered by royal safety. With one royal piece not in
//! check, a move of another piece is legal without a test unless that piece is pinned to the
//! royal by a slider, or its squares can open or fill a hopper's line or a lame leaper's path
//! onto the royal; a royal move is tested on its destination with its own square treated as
//! empty. Every other move is made, tested and unmade.

use arrayvec::ArrayVec;

use super::attack::{attacked, attacked_ignoring, in_check, pinned};
use super::moves::{Move, GATE_ON_PARTNER, NO_SQUARE};
use super::pseudo;
use super::tables::code;
use crate::position::Position;

/// The legal moves of the side to move, into `out` (cleared first).
pub fn generate(pos: &mut Position, out: &mut Vec<Move>) {
    out.clear();
    pseudo::generate(pos, out);
    if pos.tables.hand.gating {
        add_gating(pos, out);
    }
    if !pos.tables.hand.drop_checks {
        out.retain(|&mv| !mv.is_drop() || !gives_check(pos, mv));
    }
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
    let pins = if quick {
        pinned(pos, ksq, us)
    } else {
        ArrayVec::new()
    };
    let open = &table.open_sensitive[ksq as usize];
    let fill = &table.fill_sensitive[ksq as usize];
    let mut kept = 0;
    for i in 0..out.len() {
        let mv = out[i];
        let legal = if !quick || mv.is_castle() || mv.kills != [NO_SQUARE; 2] {
            is_legal_slow(pos, mv, checked)
        } else if mv.from == ksq {
            !attacked_ignoring(pos, mv.to, them, ksq)
        } else if pins.contains(&mv.from) || open.has(mv.from) || fill.has(mv.to) {
            is_legal_slow(pos, mv, checked)
        } else {
            true
        };
        if legal {
            out[kept] = mv;
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// Whether making `mv` attacks a royal piece of the opponent.
fn gives_check(pos: &Position, mv: Move) -> bool {
    let mut p = pos.clone();
    p.make(mv);
    in_check(&p, p.side())
}

/// Seirawan gating: every move of an unmoved piece from the gating rank may also bring a piece
/// from the hand onto the square it leaves (for castling: the king's or the partner's square,
/// if that square is empty afterwards).
fn add_gating(pos: &Position, out: &mut Vec<Move>) {
    let us = pos.side();
    let tables = &pos.tables;
    let rank = tables.hand.gating_rank[us];
    let gates: Vec<u8> = (0..tables.pieces.len())
        .filter(|&k| pos.in_hand(us, k) > 0)
        .map(|k| k as u8 + 1)
        .collect();
    if gates.is_empty() {
        return;
    }
    let geo = *pos.geo();
    for i in 0..out.len() {
        let mv = out[i];
        if mv.is_drop() || !pos.is_virgin(mv.from) || geo.coords(mv.from).1 != rank {
            continue;
        }
        let free = |sq: u16| !mv.is_castle() || (sq != mv.to && sq != mv.kills[1]);
        for &g in &gates {
            if mv.to != mv.from && free(mv.from) {
                out.push(Move { gate: g, ..mv });
            }
            if mv.is_castle() && free(mv.kills[0]) {
                out.push(Move {
                    gate: g | GATE_ON_PARTNER,
                    ..mv
                });
            }
        }
    }
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
