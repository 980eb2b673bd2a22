//! Mobility, threats, open files and attacks near the royal pieces, from one pass of the move
//! generator over the pieces that are not royal: each piece scores a threat for every enemy
//! piece worth more than itself that it can capture, a piece that rides along its file (a
//! rook) scores for a file without pawn-like pieces of its own side (half-open) or of either
//! (open), and each whose mobility is weighed scores its number of destinations that no enemy
//! pawn-like piece attacks (a square a pawn guards is no place to go) against the typical
//! number for its type, on a curve that makes each missing move cost more the fewer there are
//! (`Mobility::curve`; a straight line for a hopper), and counts the destinations next to the
//! enemy's royal pieces for the royal-safety term, and the enemy types with a safe check (a
//! destination from which the piece would attack a royal piece and which no defender
//! attacks). Only captures are generated for a piece whose mobility is not weighed, and none
//! for such a piece that is pawn-like: its captures are looked up at its capture steps.
//! Where drops are allowed, every type of piece held in hand joins the attack on the enemy's
//! royal pieces as if it had one destination next to them, and one that could be dropped
//! with a safe check within two steps of them counts as a type with a safe check.

use super::pair::Pair;
use super::tables::EvalTables;
use crate::movegen::attack::checks_directly_unmade;
use crate::movegen::walker::piece_moves;
use crate::movegen::{Move, Sink};
use crate::position::ruleset::SqBits;
use crate::position::Position;
use crate::types::{ByColour, BySquare, Colour, Piece, Square};
use arrayvec::ArrayVec;

/// Attacks on one colour's royal pieces.
#[derive(Clone, Copy, Debug, Default)]
pub struct Attacks {
    /// Enemy pieces with at least one destination next to a royal piece.
    pub attackers: i32,
    /// Their weight: material and number of such destinations.
    pub units: i32,
}

/// Attack units per type of enemy piece with a safe check.
const CHECK_UNITS: i32 = 10;

impl Attacks {
    /// A piece worth `value` with `hits` destinations next to the royal pieces (none: no
    /// attack).
    #[inline]
    pub fn add(&mut self, value: i32, hits: i32) {
        if hits > 0 {
            self.attackers += 1;
            self.units += value / 50 + 2 * hits;
        }
    }

    /// `kinds` types of enemy piece with a safe check (a destination from which a piece
    /// would attack a royal piece and which no defender attacks).
    #[inline]
    pub fn add_checks(&mut self, kinds: i32) {
        self.units += CHECK_UNITS * kinds;
    }

    /// A type of enemy piece worth `value` held in hand, where drops are allowed: it joins
    /// any attack as if it had one destination next to the royal pieces, since it can be
    /// dropped wherever the attack needs it.
    #[inline]
    pub fn add_held(&mut self, value: i32) {
        self.add(value, 1);
    }
}

/// The pawn-like pieces on a file rider's file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileState {
    /// The piece does not ride along its file, or a pawn-like piece of its own side stands
    /// on it.
    Closed,
    /// Only enemy pawn-like pieces stand on it.
    HalfOpen,
    /// No pawn-like piece stands on it.
    Open,
}

/// The result of the pass.
#[derive(Clone, Copy, Debug, Default)]
pub struct Activity {
    /// Mobility and threats score from White's view.
    pub mobility: Pair,
    /// Attacks on White's and on Black's royal pieces.
    pub attacks: ByColour<Attacks>,
}

/// Counts the captures of one piece of enemy pieces worth more than itself; alone, from a
/// generation of its captures only.
struct ThreatCounter<'a, W> {
    /// Whether a piece is an enemy worth more than the moving one.
    worth_more: W,
    board: &'a BySquare<Piece>,
    threats: i32,
}

impl<W: Fn(Piece) -> bool> ThreatCounter<'_, W> {
    #[inline]
    fn count(&mut self, mv: Move) {
        self.threats += i32::from((self.worth_more)(self.board[mv.to]));
    }
}

impl<W: Fn(Piece) -> bool> Sink for ThreatCounter<'_, W> {
    const QUIETS: bool = false;

    #[inline]
    fn push(&mut self, mv: Move) -> bool {
        self.count(mv);
        true
    }
}

/// Counts the moves of one piece to squares the enemy's pawn-like pieces do not attack, its
/// moves that land in a zone, and its threats; marks every square it reaches, and notes the
/// ones the enemy's pawn-like pieces do not attack from which it would check.
struct Counter<'a, W> {
    zone: &'a SqBits,
    /// Squares the enemy's pawn-like pieces attack: not counted as mobility.
    guarded: &'a SqBits,
    threats: ThreatCounter<'a, W>,
    moves: i32,
    hits: i32,
    reach: &'a mut SqBits,
    /// Where checks are looked for: the position, the moving piece's colour and the
    /// structures of the attack table along which it attacks.
    check_test: Option<(&'a Position, Colour, u64)>,
    checks: ArrayVec<Square, 8>,
}

impl<W: Fn(Piece) -> bool> Sink for Counter<'_, W> {
    // Inlined into the generator's loops: left to the compiler, it stayed a call per
    // destination.
    #[inline(always)]
    fn push(&mut self, mv: Move) -> bool {
        let unguarded = !self.guarded.has(mv.to);
        self.moves += i32::from(unguarded);
        self.hits += i32::from(self.zone.has(mv.to));
        self.threats.count(mv);
        self.reach.add(mv.to);
        // The cheap tests first: a guarded destination or a full list needs no attack test.
        if let Some((pos, by, structures)) = self.check_test.filter(|_| unguarded) {
            let table = &pos.tables.attack[by];
            let aimed = || {
                mv.promotion_type().is_some()
                    || pos
                        .royals(!by)
                        .iter()
                        .any(|&royal| table.may_attack(royal, mv.to, structures))
            };
            if !self.checks.is_full()
                && aimed()
                && checks_directly_unmade(pos, by, mv) == Some(true)
            {
                self.checks.push(mv.to);
            }
        }
        true
    }
}

/// The squares next to (and under) the royal pieces of `colour`.
pub fn royal_zone(pos: &Position, colour: Colour) -> SqBits {
    royal_box(pos, colour, 1)
}

/// The squares at most `radius` files and ranks from a royal piece of `colour`.
fn royal_box(pos: &Position, colour: Colour, radius: i16) -> SqBits {
    let geo = pos.geo();
    let mut zone = SqBits::default();
    // The box cut to the board once, rather than each square tested.
    let span = |at: u8, count: u8| {
        let at = i16::from(at);
        (at - radius).max(0) as u8..=(at + radius).min(i16::from(count) - 1) as u8
    };
    for &r in pos.royals(colour) {
        let (f, rank) = geo.coords(r);
        for y in span(rank, geo.ranks) {
            for x in span(f, geo.files) {
                zone.add(geo.square(x, y));
            }
        }
    }
    zone
}

/// The empty squares within two steps of the royal pieces of `colour` that `defended` does
/// not hold: where an enemy piece dropped with check would be safe.
fn open_drop_squares(pos: &Position, colour: Colour, defended: impl Fn(Square) -> bool) -> SqBits {
    let near = royal_box(pos, colour, 2);
    let mut open = SqBits::default();
    for &sq in &pos.tables.board_squares {
        if near.has(sq) && pos.at(sq) == Piece::EMPTY && !defended(sq) {
            open.add(sq);
        }
    }
    open
}

/// Whether a piece of `kind` in the hand of `by` could be dropped with check on the royal
/// pieces of `!by` on one of the `open` squares (see [`open_drop_squares`]).
fn drops_safe_check(pos: &Position, by: Colour, kind: usize, open: &SqBits) -> bool {
    let zone = &pos.tables.pieces[kind].drop_zone[by];
    pos.tables.board_squares.iter().any(|&sq| {
        open.has(sq)
            && zone.has(sq)
            && checks_directly_unmade(pos, by, Move::drop(kind, sq)) == Some(true)
    })
}

/// The squares a piece of `kind` and `colour` on `sq` attacks at its capture steps (none
/// unless it is pawn-like).
fn capture_squares(
    et: &EvalTables,
    kind: usize,
    colour: Colour,
    sq: Square,
) -> impl Iterator<Item = Square> + '_ {
    et.capture_steps[kind][colour]
        .iter()
        .map(move |&off| sq.offset(off))
}

/// What one side's pawns hold: the squares its pawn-like pieces attack (by their capture
/// steps), and the files on which its pieces that only advance (pawns, soldiers) stand, one
/// bit per file.
struct PawnCover {
    guarded: SqBits,
    files: u64,
}

/// The [`PawnCover`] of `colour`.
fn pawn_cover(pos: &Position, et: &EvalTables, colour: Colour) -> PawnCover {
    let mut cover = PawnCover {
        guarded: SqBits::default(),
        files: 0,
    };
    let geo = pos.geo();
    for &sq in pos.pieces(colour) {
        let kind = pos.at(sq).kind();
        let k = &et.kinds[kind];
        if k.advances_only {
            cover.files |= 1 << geo.coords(sq).0;
        } else if !k.pawn_like {
            continue;
        }
        for target in capture_squares(et, kind, colour, sq) {
            cover.guarded.add(target);
        }
    }
    cover
}

/// Mobility, threats and attacks on the royal pieces.
pub fn evaluate(pos: &Position, et: &EvalTables) -> Activity {
    let mut out = Activity::default();
    let mut mobility = ByColour([Pair::default(); 2]);
    let mut threats = ByColour([0; 2]);
    let mut files = ByColour([Pair::default(); 2]);
    let checks = visit(pos, et, |colour, kind, destinations, t, file| {
        threats[colour] += t;
        files[colour] += match file {
            FileState::Closed => Pair::default(),
            FileState::HalfOpen => et.half_open_file,
            FileState::Open => et.open_file,
        };
        let Some(d) = destinations else {
            return;
        };
        let m = et.kinds[kind].mobility;
        mobility[colour] += m.weight * m.curve(d.all);
        out.attacks[!colour].add(et.kinds[kind].automatic_value, d.near_royal);
    });
    complete_attacks(pos, et, &mut out.attacks, checks);
    out.mobility += et.threat * (threats[Colour::White] - threats[Colour::Black]);
    out.mobility += files[Colour::White] - files[Colour::Black];
    for colour in Colour::BOTH {
        let m = mobility[colour];
        let signed = Pair::new(m.mg / 256, m.eg / 256);
        out.mobility += if colour == Colour::White {
            signed
        } else {
            -signed
        };
    }
    out
}

/// Complete the attacks on the royal pieces that [`visit`] counted piece by piece: the enemy
/// types with a safe check it returned (`checks`), and, where drops are allowed, every type of
/// piece (royal pieces aside) the enemy holds in hand.
pub fn complete_attacks(
    pos: &Position,
    et: &EvalTables,
    attacks: &mut ByColour<Attacks>,
    checks: ByColour<i32>,
) {
    for colour in Colour::BOTH {
        attacks[colour].add_checks(checks[colour]);
        if !pos.tables.hand.drops || pos.royals(colour).is_empty() {
            continue;
        }
        for (kind, k) in et.kinds.iter().enumerate() {
            if !k.royal && pos.in_hand(!colour, kind) > 0 {
                attacks[colour].add_held(k.automatic_value);
            }
        }
    }
}

/// The destinations of one piece whose type's mobility the evaluation weighs.
#[derive(Clone, Copy, Debug)]
pub struct Destinations {
    /// All of them but those an enemy pawn-like piece attacks.
    pub all: i32,
    /// Those next to an enemy royal piece.
    pub near_royal: i32,
}

/// Every piece that is not royal, with its colour, type, destinations (for types whose
/// mobility is weighed, else none), number of captures of enemy pieces worth more than
/// itself (by automatic value) and the state of its file. Returns, for each colour, the
/// number of enemy types with a safe check on it: a destination of a piece whose mobility
/// is weighed from which it would attack a royal piece, and which no piece of the colour
/// attacks (its pawn-like pieces at their capture steps, its royal pieces next to them, its
/// other pieces at their destinations); where drops are allowed, also a type held in hand
/// that could be dropped with check on such a square within two steps of a royal piece.
pub fn visit(
    pos: &Position,
    et: &EvalTables,
    mut f: impl FnMut(Colour, usize, Option<Destinations>, i32, FileState),
) -> ByColour<i32> {
    let zones = ByColour::from_fn(|colour| royal_zone(pos, colour));
    let cover = ByColour::from_fn(|colour| pawn_cover(pos, et, colour));
    let board = pos.board();
    let mut reach = ByColour([SqBits::default(); 2]);
    let mut checks: ByColour<ArrayVec<(Square, usize), 32>> = ByColour::default();
    for colour in Colour::BOTH {
        for &sq in pos.pieces(colour) {
            let kind = pos.at(sq).kind();
            let k = &et.kinds[kind];
            if k.royal {
                continue;
            }
            let file = if k.file_rider {
                let bit = 1 << pos.geo().coords(sq).0;
                match (
                    cover[colour].files & bit != 0,
                    cover[!colour].files & bit != 0,
                ) {
                    (true, _) => FileState::Closed,
                    (false, true) => FileState::HalfOpen,
                    (false, false) => FileState::Open,
                }
            } else {
                FileState::Closed
            };
            let enemy = !colour;
            let worth_more = |victim: Piece| {
                victim.is_of(enemy) && et.kinds[victim.kind()].automatic_value > k.automatic_value
            };
            let mut threats = ThreatCounter {
                worth_more,
                board,
                threats: 0,
            };
            if k.mobility.weight == Pair::default() {
                if k.pawn_like {
                    threats.threats = capture_squares(et, kind, colour, sq)
                        .filter(|&target| (threats.worth_more)(board[target]))
                        .count() as i32;
                } else {
                    piece_moves(pos, sq, &mut threats);
                }
                f(colour, kind, None, threats.threats, file);
                continue;
            }
            let mut counter = Counter {
                zone: &zones[enemy],
                guarded: &cover[enemy].guarded,
                threats,
                moves: 0,
                hits: 0,
                reach: &mut reach[colour],
                check_test: (!pos.royals(enemy).is_empty())
                    .then(|| (pos, colour, pos.tables.attack[colour].by_type[kind])),
                checks: ArrayVec::new(),
            };
            piece_moves(pos, sq, &mut counter);
            for &to in &counter.checks {
                if checks[colour].try_push((to, kind)).is_err() {
                    break;
                }
            }
            let destinations = Destinations {
                all: counter.moves,
                near_royal: counter.hits,
            };
            f(
                colour,
                kind,
                Some(destinations),
                counter.threats.threats,
                file,
            );
        }
    }
    ByColour::from_fn(|colour| {
        let defended =
            |sq| reach[colour].has(sq) || cover[colour].guarded.has(sq) || zones[colour].has(sq);
        let mut kinds = ArrayVec::<usize, 32>::new();
        for &(sq, kind) in &checks[!colour] {
            if !defended(sq) && !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        let mut count = kinds.len() as i32;
        if pos.tables.hand.drops && !pos.royals(colour).is_empty() {
            let open = open_drop_squares(pos, colour, defended);
            for (kind, k) in et.kinds.iter().enumerate() {
                let held = !k.royal && pos.in_hand(!colour, kind) > 0;
                if open.is_empty() || !held || kinds.contains(&kind) {
                    continue;
                }
                count += i32::from(drops_safe_check(pos, !colour, kind, &open));
            }
        }
        count
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::{visit, Destinations, FileState};
    use crate::movegen::{build_ruleset, position_from_fen};
    use crate::position::Position;
    use crate::search::eval::tables::EvalTables;
    use crate::types::Colour;

    /// The position `fen` of the shipped `variant`, with its automatic evaluation tables.
    fn setup(variant: &str, fen: &str) -> (Position, EvalTables) {
        let tables = build_ruleset(Arc::new(
            crate::variant::load_by_name(variant).expect("shipped"),
        ))
        .expect("builds");
        let et = EvalTables::automatic(&tables);
        (position_from_fen(tables, fen).expect("FEN"), et)
    }

    /// The chess position `fen`, with chess's automatic evaluation tables.
    fn chess(fen: &str) -> (Position, EvalTables) {
        setup("chess", fen)
    }

    /// What the pass reports for White's piece on d4 in the chess position `fen`.
    fn white_d4(fen: &str) -> (Option<Destinations>, FileState) {
        let (pos, et) = chess(fen);
        let piece = pos.at(pos.geo().square(3, 3)).kind();
        let mut seen = None;
        visit(&pos, &et, |colour, kind, destinations, _, file| {
            if colour == Colour::White && kind == piece {
                seen = Some((destinations, file));
            }
        });
        seen.expect("the pass visits the piece")
    }

    /// The destinations counted for White's knight on d4 in the chess position `fen`.
    fn knight_destinations(fen: &str) -> i32 {
        white_d4(fen)
            .0
            .expect("the knight's mobility is weighed")
            .all
    }

    /// A rook's file is open with no pawn on it, half-open with only an enemy pawn, and
    /// closed with a pawn of its own, wherever on the file the pawn stands; a knight's file
    /// is never anything but closed.
    #[test]
    fn a_rooks_file_is_open_half_open_or_closed_by_the_pawns_on_it() {
        let rook = |fen: &str| white_d4(fen).1;
        assert_eq!(rook("4k3/8/8/8/3R4/8/8/4K3 w - - 0 1"), FileState::Open);
        assert_eq!(
            rook("4k3/3p4/8/8/3R4/8/8/4K3 w - - 0 1"),
            FileState::HalfOpen
        );
        assert_eq!(
            rook("4k3/3p4/8/8/3R4/8/3P4/4K3 w - - 0 1"),
            FileState::Closed
        );
        assert_eq!(rook("4k3/8/3P4/8/3R4/8/8/4K3 w - - 0 1"), FileState::Closed);
        assert_eq!(
            rook("4k3/2p1p3/8/8/3R4/8/2P1P3/4K3 w - - 0 1"),
            FileState::Open
        );
        assert_eq!(
            white_d4("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").1,
            FileState::Closed
        );
    }

    /// The enemy types with a safe check on White's and on Black's royal piece in the
    /// position `fen` of `variant`.
    fn safe_checks_in(variant: &str, fen: &str) -> [i32; 2] {
        let (pos, et) = setup(variant, fen);
        let checks = visit(&pos, &et, |_, _, _, _, _| {});
        [checks[Colour::White], checks[Colour::Black]]
    }

    /// The enemy types with a safe check on White's and on Black's royal piece in the chess
    /// position `fen`.
    fn safe_checks(fen: &str) -> [i32; 2] {
        safe_checks_in("chess", fen)
    }

    /// A knight in Black's hand would check White's king on g1 from e2, f3 or h3. The pawn
    /// on g2 guards f3 and h3, but nothing of White's reaches e2 (the king's zone ends at
    /// f2): one safe check on White. A bishop on d1 guards e2 and none is left (Black's pawn
    /// on f7 keeps the bishop from checking from b3); with the hand empty there is none.
    #[test]
    fn a_drop_with_check_counts_where_no_defender_attacks_its_square() {
        let checks = |fen: &str| safe_checks_in("crazyhouse", fen);
        assert_eq!(checks("6k1/8/8/8/8/8/5PPP/6K1[n] w - - 0 1"), [1, 0]);
        assert_eq!(checks("6k1/5p2/8/8/8/8/5PPP/3B2K1[n] w - - 0 1"), [0, 0]);
        assert_eq!(checks("6k1/8/8/8/8/8/5PPP/6K1[] w - - 0 1"), [0, 0]);
    }

    /// White's queen on d1 checks Black's king on g8 from d8 (along the open d-file, then
    /// e8 and f8 are empty), and from nowhere else (f7 shields the diagonal to d5, the
    /// other squares it reaches see no line to g8): one safe check on Black. With a black
    /// rook on a8, d8 is the rook's (b8 and c8 empty), so the check is not safe; the rook in
    /// turn checks White's king on e1 from e8, which the queen does not reach: one safe
    /// check on White.
    #[test]
    fn a_check_counts_where_no_defender_attacks_its_square() {
        assert_eq!(safe_checks("6k1/5ppp/8/8/8/8/8/3QK3 w - - 0 1"), [0, 1]);
        assert_eq!(safe_checks("r5k1/5ppp/8/8/8/8/8/3QK3 w - - 0 1"), [1, 0]);
    }

    /// A knight on d4 has 8 destinations (b3 b5 c2 c6 e2 e6 f3 f5); a black pawn on d7
    /// attacks c6 and e6, which leaves 6 counted.
    #[test]
    fn squares_an_enemy_pawn_attacks_are_not_counted_as_mobility() {
        assert_eq!(knight_destinations("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1"), 8);
        assert_eq!(knight_destinations("4k3/3p4/8/8/3N4/8/8/4K3 w - - 0 1"), 6);
    }
}
