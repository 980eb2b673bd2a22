//! Per-variant tables the generator runs on: every piece's compiled moves turned into mailbox
//! offsets for the variant's board, the reverse attack table used by the check test, the
//! squares whose change can expose a royal piece (for the legality shortcut), and Zobrist keys.

use crate::types::{ByColour, BySquare, Colour, Kind, Piece, PieceId, Square};
use std::sync::Arc;

use crate::betza::compile::{flags, Castle, CompiledPiece, MultiLeg, PieceMoves, UNLIMITED};
use crate::position::fen_board::{board_codes, FenError};
use crate::position::geometry::Geometry;
use crate::variant::schema::Demotion;
use crate::variant::{Hand, LoadError, SquareSet, Variant};

/// The most squares one step passes over (a step of four in a line passes three).
pub const MAX_PASSED: usize = 3;

/// A set of padded-board squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SqBits([u64; 8]);

/// Largest padded board the bit sets cover.
pub const MAX_PADDED: usize = 512;

/// Range value of unlimited rays (re-exported for the attack test).
pub const UNLIMITED_STEPS: u8 = UNLIMITED;

impl SqBits {
    #[inline]
    pub fn has(&self, sq: Square) -> bool {
        let i = sq.index();
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }
    #[inline]
    pub fn add(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    /// The squares in both sets.
    pub fn and(&self, other: &SqBits) -> SqBits {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        out
    }
    fn from_set(geo: &Geometry, set: &SquareSet) -> SqBits {
        let mut bits = SqBits::default();
        for r in 0..geo.ranks {
            for f in 0..geo.files {
                if set.contains(f, r) {
                    bits.add(geo.square(f, r));
                }
            }
        }
        bits
    }
}

/// A single-leg ray with its mailbox offset.
#[derive(Clone, Debug)]
pub struct RayT {
    pub off: i16,
    pub dx: i8,
    pub dy: i8,
    pub range: u8,
    /// Pass-over squares of one step, as offsets from the step's start.
    pub path: [i16; MAX_PASSED],
    pub path_len: u8,
    pub flags: u16,
    pub skip: u8,
    pub initial: u8,
    /// Which walker the single-leg generator uses for it.
    pub shape: RayShape,
}

/// The common shapes of a single-leg ray, each walked by a loop of its own
/// (`movegen::shapes`); the general walker takes the rest. None of them has skipped steps,
/// must-jump or a restriction on what it captures, and only `Steps` takes en passant (an
/// initial-only condition is tested before the walk, whatever the shape).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RayShape {
    /// Up to `range` steps over empty squares, each a quiet move where the ray moves, ending
    /// on the first piece, a capture where the ray captures (a leaper, a rider, a slider),
    /// and where it takes en passant, the capture of the en passant victim from an empty en
    /// passant square (a pawn).
    Steps,
    /// One step whose pass-over squares must all be empty (a lame leaper: the xiangqi horse).
    LameStep,
    /// An unlimited hop over the first piece (a cannon): quiet moves beyond it where the ray
    /// moves, and the capture of the next piece where it captures.
    Hop,
    /// Anything else.
    General,
}

impl RayShape {
    /// The shape of a single-leg ray with these properties.
    pub fn of(f: u16, range: u8, path_len: u8, skip: u8) -> RayShape {
        use flags::{CAPTURE, CREATES_EP, EN_PASSANT, HOP, LAME, QUIET};
        let f = f & !CREATES_EP;
        let plain = skip == 0
            && f & (QUIET | CAPTURE | EN_PASSANT) != 0
            && f & !(QUIET | CAPTURE | EN_PASSANT | LAME | HOP) == 0;
        let lame = f & LAME != 0 && path_len > 0;
        let en_passant = f & EN_PASSANT != 0;
        match (plain, f & HOP != 0, lame) {
            (false, _, _) => RayShape::General,
            (true, true, false) if range == UNLIMITED && !en_passant => RayShape::Hop,
            (true, true, _) => RayShape::General,
            (true, false, true) if range == 1 && !en_passant => RayShape::LameStep,
            (true, false, true) => RayShape::General,
            (true, false, false) => RayShape::Steps,
        }
    }
}

/// One colour's moves of one piece type.
#[derive(Clone, Debug, Default)]
pub struct ColourMoves {
    /// Offsets of plain leaps (move or capture, nothing else) of a piece that does not promote.
    pub leaps: Vec<i16>,
    /// Offsets of plain unlimited slides of a piece that does not promote.
    pub slides: Vec<i16>,
    /// Other rays, walked by the general ray walker.
    pub rays: Vec<RayT>,
    /// Rays with files wrapping around (walked with coordinates).
    pub wrap_rays: Vec<RayT>,
    pub multi: Vec<MultiLeg>,
    pub castles: Vec<Castle>,
}

/// Promotion data on padded squares.
#[derive(Clone, Debug)]
pub struct PromotionT {
    pub zone: ByColour<SqBits>,
    /// The types a piece may promote to, per colour.
    pub choices: ByColour<Vec<Kind>>,
    pub mandatory: bool,
    /// Also when the move starts in the zone.
    pub from_zone: bool,
    /// A move starting in the zone promotes only when it captures.
    pub within_zone_by_capture: bool,
    /// Only to types the side has fewer of than at the start.
    pub only_captured: bool,
    /// Per piece type: at most this many on the board after promoting (u16::MAX = no limit).
    pub limits: Vec<u16>,
    /// Only on a capturing move.
    pub on_capture: bool,
    /// Mandatory where the piece could never move again unpromoted.
    pub mandatory_where_stuck: bool,
    /// Sittuyin-style promotion as a move of its own (ordinary moves do not promote).
    pub in_place: Option<InPlaceT>,
}

/// Promotion in place or by a step, on padded squares.
#[derive(Clone, Debug)]
pub struct InPlaceT {
    /// Offsets of the steps that may go with the promotion, per colour.
    pub steps: ByColour<Vec<i16>>,
    pub last_anywhere: bool,
    pub no_check: bool,
    pub no_attack: bool,
}

/// Everything the generator knows about one piece type.
#[derive(Clone, Debug)]
pub struct PieceInfo {
    /// The piece's ID (White's form).
    pub id: PieceId,
    /// A Lion of the Lion-trading rules.
    pub lion: bool,
    pub royal: bool,
    /// Royal only while it is its side's last piece of the `royal_when_last` types.
    pub royal_when_last: bool,
    pub moves: ByColour<ColourMoves>,
    pub promotion: Option<PromotionT>,
    /// Squares where `i` moves are allowed regardless of virginity (per colour).
    pub initial_zone: Option<ByColour<SqBits>>,
    /// Squares where `ii` moves are allowed, if the variant says so.
    pub initial_zone_ii: Option<ByColour<SqBits>>,
    /// Two components can reach the same square: deduplicate its moves.
    pub needs_dedup: bool,
    /// Each square it reaches (inside its confinement) is one move as it stands: it neither
    /// promotes nor demotes, may capture every type and is never left without moves.
    pub emits_plainly: bool,
    /// For a piece that would emit plainly but that it promotes (never in place): per colour,
    /// its promotion zone. A move with neither square in the zone and no locust victim is one
    /// move as it stands.
    pub plain_outside: Option<ByColour<SqBits>>,
    /// Moving it resets the n-move counter (it promotes, like a pawn).
    pub resets_counter: bool,
    /// Every move it makes goes forward and no piece of the variant turns back into a lower
    /// form, so no later position can have it where it stood (a pawn): moving it ends the
    /// positions a repetition can match.
    pub only_forward: bool,
    /// The type that goes to the capturer's hand when it is captured (itself, or its unpromoted
    /// form).
    pub hand_type: usize,
    /// When, as a promoted piece, it turns back into `promoted_of` by itself.
    pub demotes: Option<Demotion>,
    /// Drops keep this type on both square colours (placement's bishops).
    pub drop_opposite_colours: bool,
    /// Its `i` moves are not allowed while its side is in check.
    pub initial_not_in_check: bool,
    /// Its rank among range-jumping captures (`range_jump` pieces jump only lower ranks).
    pub rank: u8,
    /// Its slides also capture beyond pieces of a lower rank, jumping them.
    pub range_jump: bool,
    /// After it moves, the enemy pieces next to where it stops are removed.
    pub burns: bool,
    /// An enemy piece that moves next to it is burned (removed) there.
    pub burns_passively: bool,
    /// The type this is the promoted form of (FEN `+X`).
    pub promoted_of: Option<usize>,
    /// Squares, per colour, where it may be dropped.
    pub drop_zone: ByColour<SqBits>,
    /// At most this many of it, unpromoted, on one file after a drop (0 = no limit): shogi's
    /// nifu is 1.
    pub drop_file_limit: u8,
    /// Squares, per colour, from which it could never move again (for immobility rules).
    pub dead: ByColour<SqBits>,
    /// Squares, per colour, it may never leave.
    pub confine: Option<ByColour<SqBits>>,
    /// Extra moves while standing in a zone (per colour), and whether they must stay in it.
    pub zone_moves: Option<(ByColour<SqBits>, ByColour<ColourMoves>, bool)>,
    /// Piece types it may not hop over.
    pub no_screen: u128,
    /// Piece types it may not capture.
    pub no_capture: u128,
    /// Explosions spare it around the capture square.
    pub blast_immune: bool,
    /// No explosion removes it, not even its own capture's.
    pub blast_unharmed: bool,
    /// It turns into a wall where it captures (`petrify_on_capture`).
    pub petrifies: bool,
    /// A non-royal piece that captures it becomes one (`contagious`).
    pub contagious: bool,
    /// Whether it matters that it has not moved yet (castling, gating, `i` moves without a
    /// zone); only such pieces are marked unmoved, so the others never change the key.
    pub tracks_virginity: bool,
    /// Whether it has an en-passant capture (an `e` move): only its move onto the e.p. square
    /// taking the e.p. victim is written as an e.p. capture, another piece's (a Lion taking the
    /// pawn and stepping on) with its legs.
    pub takes_en_passant: bool,
}

impl PieceInfo {
    /// Royal whatever else stands on the board (see `PieceType::always_royal`).
    pub fn always_royal(&self) -> bool {
        self.royal && !self.royal_when_last
    }
}

/// Shape of a reverse attack entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackKind {
    Leap,
    Slide,
    Hop,
    Grass,
}

/// Attackers of one colour that capture along one vector in one way.
#[derive(Clone, Debug)]
pub struct AttackEntry {
    pub off: i16,
    pub range: u8,
    pub kind: AttackKind,
    pub path: [i16; MAX_PASSED],
    pub path_len: u8,
    /// Bit t set: piece type t attacks this way.
    pub types: u128,
    /// Only from these squares (moves a piece has in a zone). Boxed, as `stay`, to keep the
    /// entries the check test and the exchange evaluation walk small.
    pub from_zone: Option<Box<SqBits>>,
    /// The whole capture (origin, every square passed, target) must lie in this zone.
    pub stay: Option<Box<SqBits>>,
    /// Piece types that cannot serve as the screen of this hop.
    pub no_screen: u128,
    /// The flying-general line between royal pieces: not bound by confinement.
    pub royal_line: bool,
}

/// The unlimited slides and hops along one direction that no zone limits, merged for the
/// check test: one walk from the target finds the first piece (a slider's) and the second (a
/// cannon's, over the first as its screen).
#[derive(Clone, Debug)]
pub struct AttackLine {
    pub off: i16,
    /// Piece types sliding along it (bound by their confinement).
    pub slide: u128,
    /// Piece types on the flying-general line (not bound by confinement).
    pub royal_slide: u128,
    /// Piece types hopping along it.
    pub hop: u128,
    /// Piece types that cannot serve as their screen.
    pub no_screen: u128,
}

/// The check test's view of one attacking colour.
#[derive(Clone, Debug, Default)]
pub struct AttackTable {
    pub entries: Vec<AttackEntry>,
    /// The entries the check test reads as lines ([`AttackLine`]) …
    pub lines: Vec<AttackLine>,
    /// … and those it reads one by one.
    pub unmerged: Vec<AttackEntry>,
    /// Piece types whose captures the entries do not cover (multi-leg, wrapping, initial-only,
    /// must-jump …): the check test generates their moves.
    pub complex: u128,
    /// Piece types confined to a zone: they attack only squares inside it.
    pub confined: u128,
    /// Per target square: squares whose emptying may create an attack on it through a hopper
    /// line or a lame leaper's path (slider lines are handled by pin detection).
    pub open_sensitive: BySquare<SqBits>,
    /// Per target square: squares whose filling may create an attack on it (hopper screens).
    pub fill_sensitive: BySquare<SqBits>,
    /// Which of the merged lines (bits from 0) and unmerged entries (bits after the lines) a
    /// change of one square could make attack a target, indexed by the square's padded index
    /// minus the target's plus [`AttackTable::relevance_bias`]: the squares of a line or a
    /// slide or hop back from the target, and the lame legs of leaps. Places of the padded
    /// array that stand for more than one vector get the bits of each. Structures past the
    /// 64th have no bit and always count.
    pub relevance: Vec<u64>,
    /// [`AttackTable::relevance`] plus, for the leaps, the attacker's own square: the
    /// structures a piece arriving on a square could make attack a target (the check test
    /// after a move).
    pub arrival: Vec<u64>,
    pub relevance_bias: i16,
    /// Per target square: the structures (as [`AttackTable::relevance`] numbers them) that
    /// can attack it at all, on some board: those whose attacker's square is on the board and
    /// inside the zones the structure asks for. The check test looks at no other (and at
    /// every structure past the 64th, which has no bit).
    pub candidates: BySquare<u64>,
    /// Per piece type: the structures (as [`AttackTable::relevance`] numbers them) along
    /// which it attacks.
    pub by_type: Vec<u64>,
}

impl AttackTable {
    /// The structures (as [`AttackTable::relevance`] numbers them) a change of `sq` could
    /// make attack `target`.
    #[inline]
    pub fn relevant(&self, target: Square, sq: Square) -> u64 {
        self.at_place(&self.relevance, target, sq)
    }

    /// The structures (as [`AttackTable::relevance`] numbers them) a piece arriving on `sq`
    /// could make attack `target`, as an attacker, a screen or a blocker.
    #[inline]
    pub fn arrival(&self, target: Square, sq: Square) -> u64 {
        self.at_place(&self.arrival, target, sq)
    }

    /// Whether a piece attacking along `structures` (bits as [`AttackTable::by_type`] sets
    /// them) could attack `target` from `sq` on some board: always where the table has
    /// structures past the 64th, which have no bit.
    #[inline]
    pub fn may_attack(&self, target: Square, sq: Square, structures: u64) -> bool {
        self.arrival(target, sq) & self.candidates[target] & structures != 0
            || self.lines.len() + self.unmerged.len() > 64
    }

    /// The bits `table` (indexed as [`AttackTable::relevance`] is) holds for `sq` seen from
    /// `target`.
    #[inline]
    fn at_place(&self, table: &[u64], target: Square, sq: Square) -> u64 {
        let place = sq.index() as isize - target.index() as isize + self.relevance_bias as isize;
        table.get(place as usize).copied().unwrap_or(0)
    }
}

/// Castling as a rule, on padded squares.
#[derive(Clone, Debug)]
pub struct CastlingT {
    pub king: usize,
    pub partners: u128,
    pub kingside_file: u8,
    pub queenside_file: u8,
    /// Where a `K` / `Q` right's partner is searched from, towards the king.
    pub kingside_partner_file: u8,
    pub queenside_partner_file: u8,
    /// Rank per colour.
    pub rank: ByColour<u8>,
    /// Rights come from drops: a king dropped on this file of the rank (see the variant).
    pub dropped_king_file: Option<u8>,
    /// Castling on one side takes away the opponent's castling on that side.
    pub opposite: bool,
}

/// Zobrist keys.
#[derive(Clone, Debug)]
pub struct Zobrist {
    pub pieces: Vec<u64>,
    /// Per square: promoted-piece marks.
    pub promoted: BySquare<u64>,
    /// Per hand slot (`colour.index() * types + kind`).
    pub hand: Vec<u64>,
    pub virgin: BySquare<u64>,
    pub ep: BySquare<u64>,
    pub side: u64,
}

impl Zobrist {
    #[inline]
    pub fn piece(&self, piece: Piece, sq: Square, size: usize) -> u64 {
        self.pieces[piece.index() * size + sq.index()]
    }
}

/// All per-variant tables.
#[derive(Debug)]
pub struct Ruleset {
    pub variant: Arc<Variant>,
    pub geo: Geometry,
    pub pieces: Vec<PieceInfo>,
    pub attack: ByColour<AttackTable>,
    pub castling: Option<CastlingT>,
    pub hand: Hand,
    /// Rank (per colour) of the pieces that can gate.
    pub gating_rank: ByColour<u8>,
    /// Some piece must be dropped on the other colour from a like piece (placement's bishops).
    pub colour_bound_drops: bool,
    /// Some piece may not make its `i` moves while in check.
    pub initial_not_in_check: bool,
    /// Some piece burns the enemy pieces around where it stops.
    pub burns: bool,
    /// Some piece burns the enemy pieces that move next to it.
    pub burns_passively: bool,
    /// Some piece is royal only while it is the last of its kind (`royal_when_last`).
    pub royal_by_count: bool,
    /// Whether promoted-piece marks are part of the position: only where a captured promoted
    /// piece goes to the hand as what it promoted from. Elsewhere (shatranj's two ferzes, one
    /// of them a promoted pawn) positions that differ only in the marks are the same position,
    /// for repetitions and the hash.
    pub marks_matter: bool,
    /// Some piece's promotions may not give check or attack (sittuyin).
    pub restricted_promotions: bool,
    /// Captures explode.
    pub explodes: bool,
    /// Some piece turns into a wall where it captures (`petrify_on_capture`).
    pub petrifies: bool,
    /// Some piece turns its captor into its own type (`contagious`).
    pub contagion: bool,
    /// Positions keep the state flags (pass, bikjang, castling) some rule reads.
    pub keeps_state: bool,
    /// The Lion-trading counterstrike rule holds: a move records whether a non-Lion took a
    /// Lion.
    pub counterstrike: bool,
    /// Some rule can end the game before the side to move moves (extinction, flag, checks,
    /// passes, bikjang, pieces in a row, castling rights): the move generator asks first.
    pub may_end: bool,
    /// Per colour: squares onto which that colour may capture en passant.
    pub ep_zone: Option<ByColour<SqBits>>,
    /// Per colour: the flag zone's squares.
    pub flag_squares: ByColour<Vec<Square>>,
    pub zobrist: Zobrist,
    /// The start position's board (piece codes on padded squares), for `ii` moves and for
    /// deciding which pieces of a FEN are unmoved.
    pub start_board: BySquare<Piece>,
    /// Every board square, rank by rank.
    pub board_squares: Vec<Square>,
    /// Pieces of each type in the start position, slot `colour.index() * types + kind`
    /// (read through [`Ruleset::start_count`]).
    start_counts: Vec<u16>,
}

impl Ruleset {
    /// How many pieces of `kind` a side of `colour` may have on the board and still promote
    /// to it by `promo`: the choice is open while it has fewer. The type's limit, and where
    /// only captured types may be chosen, no more than the side had at the start.
    pub fn promotion_cap(&self, promo: &PromotionT, colour: Colour, kind: usize) -> u16 {
        let limit = promo.limits[kind];
        if promo.only_captured {
            limit.min(self.start_count(colour, kind))
        } else {
            limit
        }
    }

    /// How many pieces of `kind` a side of `colour` has in the start position.
    pub fn start_count(&self, colour: Colour, kind: usize) -> u16 {
        self.start_counts[colour.index() * self.pieces.len() + kind]
    }

    /// Whether positions of this variant carry holdings.
    pub fn has_hand(&self) -> bool {
        let h = &self.hand;
        h.captures_to_hand || h.drops || h.gating || self.variant.holdings > 0
    }
}

/// Piece codes on the padded board.
/// Errors building tables (a variant the engine cannot represent).
#[derive(Debug, thiserror::Error)]
pub enum RulesetError {
    #[error("{0}")]
    Variant(String),
    /// A fault at a known place in the variant file (the start FEN).
    #[error("{0}")]
    Located(Box<LoadError>),
}

impl RulesetError {
    /// The message for a user: a located fault as it is (it names its file), any other with
    /// the variant's name before it.
    pub fn message_for(&self, variant: &str) -> String {
        match self {
            RulesetError::Located(located) => located.to_string(),
            e => format!("variant {variant}: {e}"),
        }
    }

    /// A fault of the variant's start FEN, located in its file where the file is known.
    pub fn in_start_fen(variant: &Variant, e: FenError) -> RulesetError {
        let message = format!("start FEN, {e}");
        match variant.locate_start_fen(e.field.index_in(&variant.start_fen), message.clone()) {
            Some(located) => RulesetError::Located(Box::new(located)),
            None => RulesetError::Variant(message),
        }
    }
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Ruleset {
    /// Compile a variant. Its start position is not yet checked as a legal one: the loaders
    /// call [`crate::movegen::build_ruleset`], which does that as well.
    pub fn new(variant: Arc<Variant>) -> Result<Arc<Ruleset>, RulesetError> {
        if variant.pieces.len() > 120 {
            return Err(RulesetError::Variant("at most 120 piece types".into()));
        }
        // Each piece's moves, extra moves in its zone and in-place promotion steps, as the
        // loader compiled them.
        let compiled: Vec<&CompiledPiece> =
            variant.pieces.iter().map(|p| &p.moves.compiled).collect();
        let zone_compiled: Vec<Option<&CompiledPiece>> = variant
            .pieces
            .iter()
            .map(|p| p.zone_moves.as_ref().map(|z| &z.moves.compiled))
            .collect();
        let in_place_compiled: Vec<Option<&CompiledPiece>> = variant
            .pieces
            .iter()
            .map(|p| {
                let in_place = p.promotion.as_ref().and_then(|pr| pr.in_place.as_ref());
                in_place.map(|ip| &ip.steps.compiled)
            })
            .collect();
        // The board's padding must cover every step a piece can take.
        let max_step = compiled
            .iter()
            .chain(zone_compiled.iter().flatten())
            .chain(in_place_compiled.iter().flatten())
            .flat_map(|c| c.colours.iter().map(PieceMoves::max_step))
            .max()
            .unwrap_or(1);
        let geo = Geometry::new(variant.files, variant.ranks, max_step);
        if geo.size > MAX_PADDED {
            return Err(RulesetError::Variant(format!(
                "board {}x{} with steps of {} is too large",
                variant.files, variant.ranks, max_step
            )));
        }
        let mut board_squares = SqBits::default();
        for sq in geo.squares() {
            board_squares.add(sq);
        }
        let mut pieces = Vec::with_capacity(variant.pieces.len());
        let any_demotes = variant.pieces.iter().any(|p| p.demotes.is_some());
        for (index, (p, c)) in variant.pieces.iter().zip(&compiled).enumerate() {
            let dead = ByColour::from_fn(|colour| dead_squares(&geo, &c.colours[colour]));
            let may_be_stuck = variant.hand.immobility_illegal && !dead[Colour::White].is_empty();
            let plain_but_promotion =
                p.demotes.is_none() && !may_be_stuck && p.no_capture.is_empty();
            let emits_plainly = p.promotion.is_none() && plain_but_promotion;
            // The plain leap and slide lists also leave out confined pieces and screen rules.
            let promotes = !emits_plainly || p.confine.is_some() || !p.no_screen.is_empty();
            let moves =
                ByColour::from_fn(|colour| colour_moves(&geo, &c.colours[colour], promotes));
            let promotion = p.promotion.as_ref().map(|pr| PromotionT {
                zone: ByColour::from_fn(|colour| SqBits::from_set(&geo, &pr.zone[colour])),
                choices: ByColour::from_fn(|colour| {
                    pr.choices_for(colour)
                        .iter()
                        .map(|&t| Kind::new(t))
                        .collect()
                }),
                mandatory: pr.mandatory,
                from_zone: pr.from_zone,
                within_zone_by_capture: pr.within_zone_by_capture,
                only_captured: pr.only_captured,
                limits: (0..variant.pieces.len())
                    .map(|k| {
                        pr.limits
                            .iter()
                            .find(|l| l.0 == k)
                            .map_or(u16::MAX, |l| l.1.min(u32::from(u16::MAX) - 1) as u16)
                    })
                    .collect(),
                on_capture: pr.on_capture,
                mandatory_where_stuck: pr.mandatory_where_stuck,
                in_place: pr
                    .in_place
                    .as_ref()
                    .zip(in_place_compiled[index].as_ref())
                    .map(|(ip, steps)| InPlaceT {
                        steps: ByColour::from_fn(|colour| {
                            colour_moves(&geo, &steps.colours[colour], false).leaps
                        }),
                        last_anywhere: ip.last_anywhere,
                        no_check: ip.no_check,
                        no_attack: ip.no_attack,
                    }),
            });
            let zones = |z: &ByColour<SquareSet>| z.map_ref(|set| SqBits::from_set(&geo, set));
            pieces.push(PieceInfo {
                id: p.id,
                lion: variant
                    .rules
                    .lion_trading
                    .as_ref()
                    .is_some_and(|lt| lt.lions.contains(&index)),
                royal: p.royal,
                royal_when_last: p.royal_when_last,
                needs_dedup: needs_dedup(&c.colours[Colour::White]),
                emits_plainly,
                plain_outside: p
                    .promotion
                    .as_ref()
                    .filter(|pr| plain_but_promotion && pr.in_place.is_none())
                    .map(|pr| ByColour::from_fn(|colour| SqBits::from_set(&geo, &pr.zone[colour]))),
                resets_counter: p.promotion.is_some(),
                only_forward: !any_demotes
                    && p.zone_moves.is_none()
                    && moves_only_forward(&c.colours[Colour::White], 1)
                    && moves_only_forward(&c.colours[Colour::Black], -1),
                hand_type: p.promoted_of.unwrap_or(index),
                promoted_of: p.promoted_of,
                demotes: p.demotes,
                drop_opposite_colours: p.drop_opposite_colours,
                initial_not_in_check: p.initial_not_in_check,
                rank: p.rank,
                range_jump: p.range_jump,
                burns: p.burns,
                burns_passively: p.burns_passively,
                drop_zone: {
                    let zone = p
                        .drop_zone
                        .as_ref()
                        .map_or(ByColour([board_squares; 2]), zones);
                    match p.confine.as_ref().map(zones) {
                        Some(c) => ByColour::from_fn(|colour| zone[colour].and(&c[colour])),
                        None => zone,
                    }
                },
                drop_file_limit: p.drop_file_limit,
                dead,
                confine: p.confine.as_ref().map(zones),
                zone_moves: p
                    .zone_moves
                    .as_ref()
                    .zip(zone_compiled[index].as_ref())
                    .map(|(z, extra)| {
                        (
                            zones(&z.zone),
                            ByColour::from_fn(|colour| {
                                colour_moves(&geo, &extra.colours[colour], true)
                            }),
                            z.stay,
                        )
                    }),
                no_screen: mask(&p.no_screen),
                no_capture: mask(&p.no_capture),
                tracks_virginity: tracks_virginity(variant.as_ref(), index, c),
                takes_en_passant: takes_en_passant(c),
                blast_immune: variant
                    .rules
                    .blast
                    .as_ref()
                    .is_some_and(|b| b.immune.contains(&index) || b.unharmed.contains(&index)),
                blast_unharmed: variant
                    .rules
                    .blast
                    .as_ref()
                    .is_some_and(|b| b.unharmed.contains(&index)),
                petrifies: variant.rules.petrify_on_capture.contains(&index),
                contagious: variant.rules.contagious.contains(&index),
                moves,
                promotion,
                initial_zone: p.initial_zone.as_ref().map(zones),
                initial_zone_ii: p.initial_zone_ii.as_ref().map(zones),
            });
        }
        let royal_types = variant
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.royal)
            .fold(0u128, |m, (t, _)| m | 1 << t);
        let flying = if variant.rules.flying_general {
            royal_types
        } else {
            0
        };
        let attack = ByColour::from_fn(|colour| {
            attack_table(&geo, &compiled, &zone_compiled, &pieces, colour, flying)
        });
        let rules = &variant.rules;
        let bits = |z: &ByColour<SquareSet>| z.map_ref(|set| SqBits::from_set(&geo, set));
        let restricted_promotions = variant.pieces.iter().any(|p| {
            p.promotion
                .as_ref()
                .and_then(|pr| pr.in_place.as_ref())
                .is_some_and(|ip| ip.no_check || ip.no_attack)
        });
        let ep_zone = rules.en_passant_zone.as_ref().map(bits);
        let counterstrike = rules
            .lion_trading
            .as_ref()
            .is_some_and(|lt| lt.counterstrike);
        let keeps_state = rules.pass
            || rules.bikjang
            || rules.pass_on_stalemate
            || rules.wins_by_castling()
            || counterstrike;
        let flag_squares = ByColour::from_fn(|c| {
            rules.flag.as_ref().map_or(Vec::new(), |f| {
                geo.squares()
                    .filter(|&sq| {
                        let (x, y) = geo.coords(sq);
                        f.zone[c].contains(x, y)
                    })
                    .collect()
            })
        });
        let castling = variant.castling.as_ref().map(|c| CastlingT {
            king: c.king,
            partners: c.partners.iter().fold(0u128, |m, &t| m | 1 << t),
            kingside_file: c.kingside_file,
            queenside_file: c.queenside_file,
            kingside_partner_file: c.kingside_partner_file,
            queenside_partner_file: c.queenside_partner_file,
            rank: ByColour::new(c.rank, variant.ranks - 1 - c.rank),
            dropped_king_file: c.dropped_king_file,
            opposite: c.opposite,
        });
        let codes = Piece::table_size(pieces.len());
        let mut seed = 0x0123_4567_89AB_CDEFu64 ^ variant.name.len() as u64;
        let zobrist = Zobrist {
            pieces: (0..codes * geo.size).map(|_| splitmix(&mut seed)).collect(),
            promoted: (0..geo.size).map(|_| splitmix(&mut seed)).collect(),
            hand: (0..2 * pieces.len()).map(|_| splitmix(&mut seed)).collect(),
            virgin: (0..geo.size).map(|_| splitmix(&mut seed)).collect(),
            ep: (0..geo.size).map(|_| splitmix(&mut seed)).collect(),
            side: splitmix(&mut seed),
        };
        let mut tables = Ruleset {
            variant: variant.clone(),
            geo,
            pieces,
            attack,
            castling,
            restricted_promotions,
            explodes: rules.blast.is_some(),
            petrifies: !rules.petrify_on_capture.is_empty(),
            contagion: !rules.contagious.is_empty(),
            keeps_state,
            counterstrike,
            may_end: keeps_state
                || rules.extinction.is_some()
                || rules.flag.is_some()
                || rules.check_count > 0
                || rules.connect > 0,
            ep_zone,
            flag_squares,
            hand: variant.hand.clone(),
            gating_rank: ByColour::new(0, variant.ranks - 1),
            colour_bound_drops: variant.pieces.iter().any(|p| p.drop_opposite_colours),
            initial_not_in_check: variant.pieces.iter().any(|p| p.initial_not_in_check),
            burns: variant.pieces.iter().any(|p| p.burns),
            burns_passively: variant.pieces.iter().any(|p| p.burns_passively),
            royal_by_count: variant.pieces.iter().any(|p| p.royal_when_last),
            marks_matter: variant.hand.captures_to_hand && variant.hand.demote_on_capture,
            board_squares: geo.squares().collect(),
            start_counts: Vec::new(),
            zobrist,
            start_board: BySquare::new(geo.size, Piece::WALL),
        };
        let start_fen = &variant.start_fen;
        let start_error = |e: FenError| RulesetError::in_start_fen(&variant, e);
        tables.start_board = board_codes(&variant, &tables.geo, start_fen).map_err(start_error)?;
        let types = tables.pieces.len();
        let mut counts = vec![0u16; 2 * types];
        for &sq in &tables.board_squares {
            let c = tables.start_board[sq];
            if c.is_piece() {
                counts[c.colour().index() * types + c.kind()] += 1;
            }
        }
        tables.start_counts = counts;
        Ok(Arc::new(tables))
    }
}

/// A bit set of piece types.
fn mask(kinds: &[usize]) -> u128 {
    kinds.iter().fold(0, |m, &k| m | 1 << k)
}

/// Whether a piece's unmoved state can matter: it castles or is a castling partner, the
/// variant gates or has XBetza castling (any piece may be the partner), or its own `i` moves
/// depend on virginity rather than on a zone.
fn tracks_virginity(variant: &Variant, index: usize, c: &CompiledPiece) -> bool {
    let p = &variant.pieces[index];
    let castles = variant
        .castling
        .as_ref()
        .is_some_and(|c| c.king == index || c.partners.contains(&index));
    let o_castling = variant.pieces.iter().any(|q| q.moves_text.contains('O'));
    let m = &c.colours[Colour::White];
    let initial = |level: u8| {
        m.rays.iter().any(|r| r.initial == level)
            || m.multi.iter().any(|x| x.initial == level)
            || m.castles.iter().any(|x| x.initial == level)
    };
    let virgin_moves =
        (initial(1) && p.initial_zone.is_none()) || (initial(2) && p.initial_zone_ii.is_none());
    castles || o_castling || variant.hand.gating || virgin_moves
}

/// Whether any of a piece's moves, for either colour, is an en-passant capture.
fn takes_en_passant(c: &CompiledPiece) -> bool {
    Colour::BOTH.iter().any(|&colour| {
        let m = &c.colours[colour];
        m.rays.iter().any(|r| r.flags & flags::EN_PASSANT != 0)
            || m.multi.iter().any(|x| {
                x.first_flags & flags::EN_PASSANT != 0
                    || x.later.iter().any(|l| l.flags & flags::EN_PASSANT != 0)
            })
    })
}

/// Squares from which a piece with these moves has no move at all on an empty board (moves
/// that need the piece to be unmoved do not count). Pieces with multi-leg moves never count
/// as immobile.
fn dead_squares(geo: &Geometry, m: &PieceMoves) -> SqBits {
    let mut dead = SqBits::default();
    if !m.multi.is_empty() {
        return dead;
    }
    for sq in geo.squares() {
        let (f, r) = geo.coords(sq);
        let can_move = m.rays.iter().any(|ray| {
            ray.initial == 0
                && ray.flags & (flags::QUIET | flags::CAPTURE) != 0
                && geo
                    .checked_square(
                        i16::from(f) + i16::from(ray.dx),
                        i16::from(r) + i16::from(ray.dy),
                    )
                    .is_some()
        });
        if !can_move {
            dead.add(sq);
        }
    }
    dead
}

fn ray_t(geo: &Geometry, r: &crate::betza::compile::Ray) -> RayT {
    let mut path = [0i16; MAX_PASSED];
    for (slot, &(x, y)) in path.iter_mut().zip(&r.path) {
        *slot = geo.offset(x, y);
    }
    let path_len = u8::try_from(r.path.len().min(MAX_PASSED)).unwrap_or(0);
    RayT {
        off: geo.offset(r.dx, r.dy),
        dx: r.dx,
        dy: r.dy,
        range: r.range,
        path,
        path_len,
        flags: r.flags,
        skip: r.skip,
        initial: r.initial,
        shape: RayShape::of(r.flags, r.range, path_len, r.skip),
    }
}

fn colour_moves(geo: &Geometry, m: &PieceMoves, promotes: bool) -> ColourMoves {
    let (wrap, straight): (Vec<_>, Vec<_>) =
        m.rays.iter().partition(|r| r.flags & flags::WRAP != 0);
    let plain = |r: &crate::betza::compile::Ray| {
        !promotes
            && r.flags & !flags::CREATES_EP == flags::QUIET | flags::CAPTURE
            && r.initial == 0
            && r.skip == 0
    };
    let mut leaps = Vec::new();
    let mut slides = Vec::new();
    let mut rays = Vec::new();
    for r in straight {
        if plain(r) && r.range == 1 {
            leaps.push(geo.offset(r.dx, r.dy));
        } else if plain(r) && r.range == UNLIMITED {
            slides.push(geo.offset(r.dx, r.dy));
        } else {
            rays.push(ray_t(geo, r));
        }
    }
    ColourMoves {
        leaps,
        slides,
        rays,
        wrap_rays: wrap.into_iter().map(|r| ray_t(geo, r)).collect(),
        multi: m.multi.clone(),
        castles: m.castles.clone(),
    }
}

/// Whether two components of the piece can produce the same move: any multi-leg component,
/// or two rays along the same line.
/// Whether every move of `m` is a single leg that ends further along `forward` (+1: up the
/// board, −1: down): a piece with such moves only can never come back to a square it left.
fn moves_only_forward(m: &PieceMoves, forward: i8) -> bool {
    !m.rays.is_empty()
        && m.multi.is_empty()
        && m.castles.is_empty()
        && m.rays.iter().all(|r| r.dy.signum() == forward)
}

fn needs_dedup(m: &PieceMoves) -> bool {
    if !m.multi.is_empty() {
        return true;
    }
    let dirs: Vec<(i8, i8)> = m.rays.iter().map(|r| normalise(r.dx, r.dy)).collect();
    (0..dirs.len()).any(|i| {
        (i + 1..dirs.len()).any(|j| {
            dirs[i] == dirs[j] && {
                let (a, b) = (&m.rays[i], &m.rays[j]);
                reach_overlaps(a, b)
            }
        })
    })
}

fn normalise(dx: i8, dy: i8) -> (i8, i8) {
    let g = gcd(dx.unsigned_abs(), dy.unsigned_abs()).max(1) as i8;
    (dx / g, dy / g)
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Whether two rays along the same line can reach a common square.
fn reach_overlaps(a: &crate::betza::compile::Ray, b: &crate::betza::compile::Ray) -> bool {
    let reach = |r: &crate::betza::compile::Ray| -> Vec<i32> {
        let len = i32::from(r.dx.unsigned_abs().max(r.dy.unsigned_abs()));
        let steps = if r.range == UNLIMITED {
            16
        } else {
            i32::from(r.range)
        };
        (1..=steps).map(|k| k * len).collect()
    };
    let ra = reach(a);
    reach(b).iter().any(|d| ra.contains(d))
}

/// Ray properties the reverse attack table does not model.
const SIMPLE_EXCLUDED: u16 = flags::WRAP | flags::MUST_JUMP;

fn attack_table(
    geo: &Geometry,
    compiled: &[&CompiledPiece],
    zone_compiled: &[Option<&CompiledPiece>],
    infos: &[PieceInfo],
    colour: Colour,
    flying: u128,
) -> AttackTable {
    let mut table = AttackTable::default();
    for (t, (p, zone)) in compiled.iter().zip(zone_compiled).enumerate() {
        let info = &infos[t];
        let base = Reach {
            from_zone: None,
            stay: None,
            no_screen: info.no_screen,
        };
        add_attacks(geo, &mut table, t, &p.colours[colour], base);
        if let (Some(z), Some((bits, _, stay))) = (zone, &info.zone_moves) {
            let reach = Reach {
                from_zone: Some(bits[colour]),
                stay: stay.then_some(bits[colour]),
                ..base
            };
            add_attacks(geo, &mut table, t, &z.colours[colour], reach);
        }
    }
    if flying != 0 {
        for dy in [1i8, -1] {
            table.entries.push(AttackEntry {
                off: geo.offset(0, dy),
                range: UNLIMITED,
                kind: AttackKind::Slide,
                path: [0; MAX_PASSED],
                path_len: 0,
                types: flying,
                from_zone: None,
                stay: None,
                no_screen: 0,
                royal_line: true,
            });
        }
    }
    for (t, info) in infos.iter().enumerate() {
        if info.confine.is_some() {
            table.confined |= 1 << t;
        }
        // Captures past jumped pieces and burns around a destination: the check test
        // generates these pieces' moves.
        if info.range_jump || info.burns {
            table.complex |= 1 << t;
        }
    }
    sensitivity(geo, &mut table);
    merge_lines(&mut table);
    relevance(geo, &mut table);
    candidates(geo, &mut table);
    table.by_type = (0..compiled.len())
        .map(|t| type_structures(&table, t))
        .collect();
    table
}

/// The structures of `table` (numbered as [`AttackTable::relevance`] numbers them) along
/// which piece type `t` attacks: the lines it slides or hops along, the other entries that
/// name it.
fn type_structures(table: &AttackTable, t: usize) -> u64 {
    let lines = table
        .lines
        .iter()
        .map(|line| (line.slide | line.royal_slide | line.hop) >> t & 1 != 0);
    let entries = table.unmerged.iter().map(|e| e.types >> t & 1 != 0);
    structure_bits(lines.chain(entries))
}

/// One bit per structure (lines, then unmerged entries, as [`AttackTable::relevance`] numbers
/// them) set where `flags` says so; structures past the 64th have no bit.
fn structure_bits(flags: impl Iterator<Item = bool>) -> u64 {
    flags
        .take(64)
        .enumerate()
        .fold(0, |bits, (i, set)| bits | u64::from(set) << i)
}

/// Fill [`AttackTable::candidates`]: a line where its first square back from the target is
/// on the board; a leap where its attacker's square and lame path are, inside its zones; a
/// slide or hop where its first square back is, inside the zone it must stay in.
fn candidates(geo: &Geometry, table: &mut AttackTable) {
    let mut candidates = BySquare::new(geo.size, 0u64);
    let back = |sq: Square, off: i16| geo.step(sq, -off).filter(|&s| geo.on_board(s));
    for target in geo.squares() {
        let lines = table
            .lines
            .iter()
            .map(|line| back(target, line.off).is_some());
        let entries = table.unmerged.iter().map(|e| {
            let inside = |sq: Square| e.stay.as_deref().is_none_or(|z| z.has(sq));
            let from_ok = |sq: Square| e.from_zone.as_deref().is_none_or(|z| z.has(sq));
            let Some(first) = back(target, e.off).filter(|&sq| inside(target) && inside(sq)) else {
                return false;
            };
            match e.kind {
                AttackKind::Leap => {
                    let on_board = |p: &i16| geo.step(first, *p).is_some_and(|s| geo.on_board(s));
                    from_ok(first) && e.path[..usize::from(e.path_len)].iter().all(on_board)
                }
                AttackKind::Slide | AttackKind::Hop | AttackKind::Grass => true,
            }
        });
        candidates[target] = structure_bits(lines.chain(entries));
    }
    table.candidates = candidates;
}

/// Fill [`AttackTable::relevance`] and [`AttackTable::arrival`] from the lines and unmerged
/// entries.
fn relevance(geo: &Geometry, table: &mut AttackTable) {
    let reach = i16::from(geo.files) - 1 + (i16::from(geo.ranks) - 1) * geo.stride.abs();
    let mut relevance = vec![0u64; 2 * usize::from(reach.unsigned_abs()) + 1];
    let index = |place: i16| usize::try_from(place + reach).expect("inside the relevance table");
    let mut mark = |places: &[i16], bit: usize| {
        for &place in places {
            if bit < 64 {
                relevance[index(place)] |= 1 << bit;
            }
        }
    };
    let lines = table.lines.len();
    for (i, line) in table.lines.iter().enumerate() {
        mark(&back_along(geo, line.off, UNLIMITED), i);
    }
    for (j, e) in table.unmerged.iter().enumerate() {
        let places = match e.kind {
            AttackKind::Leap => e.path[..usize::from(e.path_len)]
                .iter()
                .map(|&p| p - e.off)
                .collect(),
            AttackKind::Slide | AttackKind::Hop | AttackKind::Grass => {
                back_along(geo, e.off, e.range)
            }
        };
        mark(&places, lines + j);
    }
    let mut arrival = relevance.clone();
    for (j, e) in table.unmerged.iter().enumerate() {
        // A leap longer than the board has no place in the table, and attacks nothing.
        let origin = usize::try_from(reach - e.off)
            .ok()
            .filter(|&i| i < arrival.len());
        if let (AttackKind::Leap, Some(i), true) = (e.kind, origin, lines + j < 64) {
            arrival[i] |= 1 << (lines + j);
        }
    }
    table.relevance = relevance;
    table.arrival = arrival;
    table.relevance_bias = reach;
}

/// The padded-index differences `k` steps of `off` back from a target, for the `k` up to
/// `range` whose vector fits the board.
fn back_along(geo: &Geometry, off: i16, range: u8) -> Vec<i16> {
    let (dx, dy) = geo.offset_delta(off);
    let limit = if range == UNLIMITED { u8::MAX } else { range };
    (1..=i16::from(limit))
        .take_while(|k| {
            (k * dx).abs() < i16::from(geo.files) && (k * dy).abs() < i16::from(geo.ranks)
        })
        .map(|k| -k * off)
        .collect()
}

/// Split the entries into lines and the rest, for the check test. A line is a direction with
/// a hop over any screen but those of one set of types, and unlimited slides, with no zone:
/// one walk serves them all. Directions without a hop stay entries (nothing to share).
fn merge_lines(table: &mut AttackTable) {
    let plain = |e: &AttackEntry| e.stay.is_none() && e.from_zone.is_none() && e.range == UNLIMITED;
    let hops = || {
        table
            .entries
            .iter()
            .filter(|e| plain(e) && e.kind == AttackKind::Hop)
    };
    let mut lines: Vec<AttackLine> = Vec::new();
    for e in hops() {
        match lines.iter_mut().find(|l| l.off == e.off) {
            Some(l) => l.hop |= e.types,
            None => lines.push(AttackLine {
                off: e.off,
                slide: 0,
                royal_slide: 0,
                hop: e.types,
                no_screen: e.no_screen,
            }),
        }
    }
    lines.retain(|l| hops().all(|e| e.off != l.off || e.no_screen == l.no_screen));
    for e in &table.entries {
        let line = match e.kind {
            AttackKind::Hop | AttackKind::Slide if plain(e) => {
                lines.iter_mut().find(|l| l.off == e.off)
            }
            _ => None,
        };
        match (line, e.kind, e.royal_line) {
            (Some(_), AttackKind::Hop, _) => {}
            (Some(l), _, true) => l.royal_slide |= e.types,
            (Some(l), _, false) => l.slide |= e.types,
            (None, _, _) => table.unmerged.push(e.clone()),
        }
    }
    table.lines = lines;
}

/// Where a set of moves may capture from, and what its hops may use as screens.
#[derive(Clone, Copy)]
struct Reach {
    from_zone: Option<SqBits>,
    stay: Option<SqBits>,
    no_screen: u128,
}

/// Add the capture patterns of one piece type's moves (or its zone moves, usable only from
/// the zone and possibly only inside it) to the table.
fn add_attacks(geo: &Geometry, table: &mut AttackTable, t: usize, m: &PieceMoves, reach: Reach) {
    let Reach {
        from_zone,
        stay,
        no_screen,
    } = reach;
    // A multi-leg component needs the check test to generate it unless every square where it
    // may capture is one the piece also takes by a plain leap (the Lion's double steps and
    // igui within its KNAD, the falcon's within fWfD).
    let leap_captures: Vec<(i8, i8)> = m
        .rays
        .iter()
        .filter(|r| {
            r.range == 1
                && r.flags & flags::CAPTURE != 0
                && r.flags & (flags::TAME | flags::LAME | flags::HOPPING) == 0
                && r.flags & SIMPLE_EXCLUDED == 0
                && r.initial == 0
                && r.skip == 0
        })
        .map(|r| (r.dx, r.dy))
        .collect();
    let capturing_multi = m.multi.iter().any(|c| {
        c.capture_offsets()
            .is_none_or(|offsets| offsets.iter().any(|o| !leap_captures.contains(o)))
    });
    let capturing_wrap = m
        .rays
        .iter()
        .any(|r| r.flags & flags::WRAP != 0 && r.flags & flags::CAPTURE != 0);
    let mut complex = capturing_multi || capturing_wrap;
    for raw in m.rays.iter().filter(|r| r.flags & flags::WRAP == 0) {
        let r = &ray_t(geo, raw);
        let hopper = r.flags & flags::HOPPING != 0;
        if r.flags & flags::CAPTURE == 0 || (r.flags & flags::TAME != 0 && !hopper) {
            continue;
        }
        let lame_rider = r.flags & flags::LAME != 0 && r.range != 1 && r.path_len > 0;
        let tame_hopper = hopper && r.flags & flags::TAME != 0;
        if r.initial != 0
            || r.skip != 0
            || r.flags & SIMPLE_EXCLUDED != 0
            || lame_rider
            || tame_hopper
        {
            complex = true;
            continue;
        }
        let kind = if r.flags & flags::GRASS != 0 {
            AttackKind::Grass
        } else if r.flags & flags::HOP != 0 {
            AttackKind::Hop
        } else if r.range == 1 {
            AttackKind::Leap
        } else {
            AttackKind::Slide
        };
        let lame = r.flags & flags::LAME != 0;
        let path_len = if lame { r.path_len } else { 0 };
        let found = table.entries.iter_mut().find(|e| {
            e.off == r.off
                && e.range == r.range
                && e.kind == kind
                && e.path_len == path_len
                && e.path[..path_len as usize] == r.path[..path_len as usize]
                && e.from_zone.as_deref() == from_zone.as_ref()
                && e.stay.as_deref() == stay.as_ref()
                && e.no_screen == no_screen
        });
        match found {
            Some(e) => e.types |= 1 << t,
            None => table.entries.push(AttackEntry {
                off: r.off,
                range: r.range,
                kind,
                path: r.path,
                path_len,
                types: 1 << t,
                from_zone: from_zone.map(Box::new),
                stay: stay.map(Box::new),
                no_screen,
                royal_line: false,
            }),
        }
    }
    if complex {
        table.complex |= 1 << t;
    }
}

/// Per target square, the squares whose emptying or filling may create an attack through a
/// hopper line or a lame leaper's path.
fn sensitivity(geo: &Geometry, table: &mut AttackTable) {
    table.open_sensitive = BySquare::new(geo.size, SqBits::default());
    table.fill_sensitive = BySquare::new(geo.size, SqBits::default());
    for target in geo.squares() {
        let mut open = SqBits::default();
        let mut fill = SqBits::default();
        for e in &table.entries {
            match e.kind {
                AttackKind::Leap => {
                    let origin = target.offset(-e.off);
                    for &p in &e.path[..usize::from(e.path_len)] {
                        if let Some(sq) = geo.step(origin, p) {
                            open.add(sq);
                        }
                    }
                }
                AttackKind::Slide => {}
                AttackKind::Hop | AttackKind::Grass => {
                    let limit = if e.range == UNLIMITED { 32 } else { e.range };
                    let mut sq = target;
                    for _ in 0..limit {
                        match geo.step(sq, -e.off) {
                            Some(s) if geo.on_board(s) => sq = s,
                            _ => break,
                        }
                        open.add(sq);
                        fill.add(sq);
                    }
                }
            }
        }
        table.open_sensitive[target] = open;
        table.fill_sensitive[target] = fill;
    }
}
