//! The move value type: compact, `Copy`, and enough to make and unmake any move the generator
//! produces (ordinary, promotion, en passant, locust capture, castling, pass, drop, gating).

use crate::types::Square;

/// What kind of move it is, beyond from/to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move that may capture on its destination and on its kill squares (locust, e.p.).
    Normal,
    /// Castling: `kills[0]` is the partner's square, `kills[1]` where the partner lands.
    Castle,
    /// A piece from the hand put on `to`; `promotion` holds its type index + 1.
    Drop,
}

/// `Move::gate` flag: the gated piece goes on the castling partner's square, not the king's.
pub const GATE_ON_PARTNER: u8 = 0x80;

/// A move. `to == from` is a pass or an igui (capture without moving).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    /// Squares whose occupants the move removes besides the destination's (e.p. victim,
    /// locust victims); `Square::NONE` when unused. For castling, see [`MoveKind::Castle`].
    pub kills: [Square; 2],
    /// Piece type index + 1 the mover becomes, 0 = no promotion (for a drop: the dropped type).
    pub promotion: u8,
    /// Piece type index + 1 gated from the hand onto the vacated square (Seirawan), 0 = none;
    /// with [`GATE_ON_PARTNER`] set, onto the castling partner's square.
    pub gate: u8,
    pub kind: MoveKind,
}

impl Move {
    pub fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kills: [Square::NONE; 2],
            promotion: 0,
            gate: 0,
            kind: MoveKind::Normal,
        }
    }

    /// Drop a piece of type `kind` from the hand on `to`.
    pub fn drop(kind: usize, to: Square) -> Move {
        Move {
            promotion: kind as u8 + 1,
            kind: MoveKind::Drop,
            ..Move::new(Square::NONE, to)
        }
    }

    pub fn is_drop(&self) -> bool {
        self.kind == MoveKind::Drop
    }

    /// The dropped piece type, for a drop.
    pub fn drop_type(&self) -> Option<usize> {
        (self.kind == MoveKind::Drop).then(|| self.promotion as usize - 1)
    }

    /// The gated piece type, if any.
    pub fn gate_type(&self) -> Option<usize> {
        (self.gate != 0).then(|| (self.gate & !GATE_ON_PARTNER) as usize - 1)
    }

    pub fn with_kills(from: Square, to: Square, kills: [Square; 2]) -> Move {
        Move {
            kills,
            ..Move::new(from, to)
        }
    }

    pub fn castle(from: Square, to: Square, partner: Square, partner_to: Square) -> Move {
        Move {
            kills: [partner, partner_to],
            kind: MoveKind::Castle,
            ..Move::new(from, to)
        }
    }

    /// Every field packed into one word: distinct moves give distinct words.
    pub fn packed(&self) -> u64 {
        let kind: u64 = match self.kind {
            MoveKind::Normal => 0,
            MoveKind::Castle => 1,
            MoveKind::Drop => 2,
        };
        u64::from(self.from.raw())
            | u64::from(self.to.raw()) << 9
            | u64::from(self.kills[0].raw()) << 18
            | u64::from(self.kills[1].raw()) << 27
            | u64::from(self.promotion) << 36
            | u64::from(self.gate) << 44
            | kind << 52
    }

    pub fn is_castle(&self) -> bool {
        self.kind == MoveKind::Castle
    }

    /// The promotion piece type index, if any (never for a drop).
    pub fn promotion_type(&self) -> Option<usize> {
        (self.promotion > 0 && self.kind != MoveKind::Drop).then(|| self.promotion as usize - 1)
    }
}
