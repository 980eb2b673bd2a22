//! The move value type: compact, `Copy`, and enough to make and unmake any move the generator
//! produces (ordinary, promotion, en passant, locust capture, castling, pass, drop, gating).

/// No square (padded index 0 is always a wall corner, never a board square).
pub const NO_SQUARE: u16 = 0;

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
    pub from: u16,
    pub to: u16,
    /// Squares whose occupants the move removes besides the destination's (e.p. victim,
    /// locust victims); `NO_SQUARE` when unused. For castling, see [`MoveKind::Castle`].
    pub kills: [u16; 2],
    /// Piece type index + 1 the mover becomes, 0 = no promotion (for a drop: the dropped type).
    pub promotion: u8,
    /// Piece type index + 1 gated from the hand onto the vacated square (Seirawan), 0 = none;
    /// with [`GATE_ON_PARTNER`] set, onto the castling partner's square.
    pub gate: u8,
    pub kind: MoveKind,
}

impl Move {
    pub fn new(from: u16, to: u16) -> Move {
        Move {
            from,
            to,
            kills: [NO_SQUARE; 2],
            promotion: 0,
            gate: 0,
            kind: MoveKind::Normal,
        }
    }

    /// Drop a piece of type `kind` from the hand on `to`.
    pub fn drop(kind: usize, to: u16) -> Move {
        Move {
            promotion: kind as u8 + 1,
            kind: MoveKind::Drop,
            ..Move::new(NO_SQUARE, to)
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

    pub fn with_kills(from: u16, to: u16, kills: [u16; 2]) -> Move {
        Move {
            kills,
            ..Move::new(from, to)
        }
    }

    pub fn castle(from: u16, to: u16, partner: u16, partner_to: u16) -> Move {
        Move {
            kills: [partner, partner_to],
            kind: MoveKind::Castle,
            ..Move::new(from, to)
        }
    }

    pub fn is_castle(&self) -> bool {
        self.kind == MoveKind::Castle
    }

    /// The promotion piece type index, if any (never for a drop).
    pub fn promotion_type(&self) -> Option<usize> {
        (self.promotion > 0 && self.kind != MoveKind::Drop).then(|| self.promotion as usize - 1)
    }
}
