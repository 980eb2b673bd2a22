//! The move value type: compact, `Copy`, and enough to make and unmake any move the generator
//! produces (ordinary, promotion, en passant, locust capture, castling, pass, drop, gating,
//! a wall put instead of a move).

use crate::types::{Kind, Square};

/// What kind of move it is, beyond from/to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move that may capture on its destination and on its kill squares (locust, e.p.).
    Normal,
    /// Castling: `kills[0]` is the partner's square, `kills[1]` where the partner lands.
    Castle,
    /// A piece from the hand put on `to`; `promotion` holds its type.
    Drop,
    /// A wall put on `to` instead of a move (`wall_instead_of_move`); `from` names a piece of
    /// the side that stays where it is, as Fairy-Stockfish's pass does.
    Wall,
}

/// A move. `to == from` is a pass or an igui (capture without moving).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    /// Squares whose occupants the move removes besides the destination's (e.p. victim,
    /// locust victims); `Square::NONE` when unused. For castling, see [`MoveKind::Castle`].
    pub kills: [Square; 2],
    /// The type the mover becomes, if it promotes (for a drop: the dropped type).
    pub promotion: Option<Kind>,
    /// The type gated from the hand onto the vacated square (Seirawan), if any.
    pub gate: Option<Kind>,
    /// For a gating castling move: the gated piece goes on the partner's square, not the
    /// king's.
    pub gate_on_partner: bool,
    pub kind: MoveKind,
}

impl Move {
    pub fn new(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kills: [Square::NONE; 2],
            promotion: None,
            gate: None,
            gate_on_partner: false,
            kind: MoveKind::Normal,
        }
    }

    /// Drop a piece of type `kind` from the hand on `to`.
    pub fn drop(kind: usize, to: Square) -> Move {
        Move {
            promotion: Some(Kind::new(kind)),
            kind: MoveKind::Drop,
            ..Move::new(Square::NONE, to)
        }
    }

    /// Put a wall on `at` instead of moving; `by` is a square of one of the mover's pieces.
    pub fn wall(by: Square, at: Square) -> Move {
        Move {
            kind: MoveKind::Wall,
            ..Move::new(by, at)
        }
    }

    /// A pass: a piece "moves" to its own square, taking nothing and not promoting (an igui,
    /// which also returns to its square, takes a piece).
    pub fn is_pass(&self) -> bool {
        self.kind == MoveKind::Normal
            && self.from == self.to
            && self.kills_nothing()
            && self.promotion.is_none()
    }

    /// Whether the move removes no piece besides the one on its destination (no e.p. or locust
    /// victim, no castling partner).
    #[inline]
    pub fn kills_nothing(&self) -> bool {
        self.kills[0].is_none() && self.kills[1].is_none()
    }

    pub fn is_wall(&self) -> bool {
        self.kind == MoveKind::Wall
    }

    pub fn is_drop(&self) -> bool {
        self.kind == MoveKind::Drop
    }

    /// The dropped piece type, for a drop.
    pub fn drop_type(&self) -> Option<usize> {
        self.promotion
            .filter(|_| self.kind == MoveKind::Drop)
            .map(Kind::index)
    }

    /// The gated piece type, if any.
    pub fn gate_type(&self) -> Option<usize> {
        self.gate.map(Kind::index)
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
            MoveKind::Wall => 3,
        };
        u64::from(self.from.raw())
            | u64::from(self.to.raw()) << 9
            | u64::from(self.kills[0].raw()) << 18
            | u64::from(self.kills[1].raw()) << 27
            | u64::from(Kind::code(self.promotion)) << 36
            | u64::from(Kind::code(self.gate) | u8::from(self.gate_on_partner) << 7) << 44
            | kind << 52
    }

    pub fn is_castle(&self) -> bool {
        self.kind == MoveKind::Castle
    }

    /// The promotion piece type index, if any (never for a drop).
    pub fn promotion_type(&self) -> Option<usize> {
        self.promotion
            .filter(|_| self.kind != MoveKind::Drop)
            .map(Kind::index)
    }
}
