//! The move value type: compact, `Copy`, and enough to make and unmake any move the generator
//! produces (ordinary, promotion, en passant, locust capture, castling, pass).

/// No square (padded index 0 is always a wall corner, never a board square).
pub const NO_SQUARE: u16 = 0;

/// What kind of move it is, beyond from/to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move that may capture on its destination and on its kill squares (locust, e.p.).
    Normal,
    /// Castling: `kills[0]` is the partner's square, `kills[1]` where the partner lands.
    Castle,
}

/// A move. `to == from` is a pass or an igui (capture without moving).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: u16,
    pub to: u16,
    /// Squares whose occupants the move removes besides the destination's (e.p. victim,
    /// locust victims); `NO_SQUARE` when unused. For castling, see [`MoveKind::Castle`].
    pub kills: [u16; 2],
    /// Piece type index + 1 the mover becomes, 0 = no promotion.
    pub promotion: u8,
    pub kind: MoveKind,
}

impl Move {
    pub fn new(from: u16, to: u16) -> Move {
        Move {
            from,
            to,
            kills: [NO_SQUARE; 2],
            promotion: 0,
            kind: MoveKind::Normal,
        }
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

    /// The promotion piece type index, if any.
    pub fn promotion_type(&self) -> Option<usize> {
        (self.promotion > 0).then(|| self.promotion as usize - 1)
    }
}
