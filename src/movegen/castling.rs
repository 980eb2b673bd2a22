//! Castling: the variant's castling rule (FIDE, wide boards, Chess960 from the FEN's rights)
//! and the XBetza `O` atom (the piece steps towards an unmoved partner at the edge, which jumps
//! over it). Whether the king passes attacked squares is checked with the legal-move filter.

use super::sink::{initial_ok, Sink};
use crate::betza::compile::Castle;
use crate::position::moves::Move;
use crate::position::ruleset::PieceInfo;
use crate::position::Position;
use crate::types::{Colour, Piece, Square};

/// Castling moves by the variant's rule for the side to move.
pub fn generate<S: Sink>(pos: &Position, sink: &mut S) -> bool {
    let Some(rule) = pos.tables.castling.as_ref() else {
        return true;
    };
    let us = pos.side();
    let geo = pos.geo();
    let files = geo.files;
    // The squares of a rank are consecutive in the padded mailbox.
    let file_a = geo.square(0, rule.rank[us]);
    let on_rank = |file: u8| file_a.offset(i16::from(file));
    let king_code = Piece::new(rule.king, us);
    for kf in 0..files {
        let ksq = on_rank(kf);
        if pos.at(ksq) != king_code || !pos.is_virgin(ksq) {
            continue;
        }
        for rf in 0..files {
            let rsq = on_rank(rf);
            if rf == kf || !pos.is_virgin(rsq) {
                continue;
            }
            let p = pos.at(rsq);
            if !p.is_piece() || p.colour() != us || rule.partners >> p.kind() & 1 == 0 {
                continue;
            }
            let kingside = rf > kf;
            let kdest = if kingside {
                rule.kingside_file
            } else {
                rule.queenside_file
            };
            let rdest = if kingside { kdest - 1 } else { kdest + 1 };
            let clear = |a: u8, b: u8| {
                (a.min(b)..=a.max(b)).all(|f| {
                    let sq = on_rank(f);
                    sq == ksq || sq == rsq || pos.at(sq) == Piece::EMPTY
                })
            };
            if clear(kf, kdest)
                && clear(rf, rdest)
                && !sink.push(Move::castle(ksq, on_rank(kdest), rsq, on_rank(rdest)))
            {
                return false;
            }
        }
    }
    true
}

/// Castling by an `O` component of the piece on `from`.
pub fn xbetza<S: Sink>(
    pos: &Position,
    from: Square,
    colour: Colour,
    info: &PieceInfo,
    castle: &Castle,
    sink: &mut S,
) -> bool {
    if castle.initial != 0 && !initial_ok(pos, from, colour, info, castle.initial) {
        return true;
    }
    let geo = *pos.geo();
    let (fx, fy) = geo.coords(from);
    for (enabled, dir) in [(castle.right, 1i16), (castle.left, -1i16)] {
        if !enabled {
            continue;
        }
        let edge = if dir > 0 {
            i16::from(geo.files) - 1 - i16::from(castle.partner_inset)
        } else {
            i16::from(castle.partner_inset)
        };
        let mut x = i16::from(fx) + dir;
        let partner = loop {
            match geo.checked_square(x, i16::from(fy)) {
                Some(sq) if pos.at(sq) == Piece::EMPTY => x += dir,
                Some(sq) => break Some(sq),
                None => break None,
            }
        };
        let Some(partner) = partner else { continue };
        let p = pos.at(partner);
        if x != edge || p.colour() != colour || !pos.is_virgin(partner) {
            continue;
        }
        let dest = i16::from(fx) + dir * i16::from(castle.distance);
        if (dest - i16::from(fx)).abs() >= (x - i16::from(fx)).abs() {
            continue;
        }
        let (Some(to), Some(partner_to)) = (
            geo.checked_square(dest, i16::from(fy)),
            geo.checked_square(dest - dir, i16::from(fy)),
        ) else {
            continue;
        };
        if !sink.push(Move::castle(from, to, partner, partner_to)) {
            return false;
        }
    }
    true
}
