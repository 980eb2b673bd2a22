//! The network's input features, derived from a variant's rules alone, so a designer's new
//! variant needs no code: one feature per (piece type, colour relative to the perspective,
//! square seen from the perspective), one per square a wall may stand on where the rules
//! put walls during the game, and for every type that can be held in hand, one feature per
//! piece held (the first n of a type's slots are set when n are held: counts stay ordered).
//!
//! Each position is seen twice, once from each side ("perspective"): Black's view turns the
//! board the way the start position is symmetric (mirrored rank for rank as in chess, or
//! rotated as in shogi) and swaps the colours, so both sides share one set of weights.

use std::sync::Arc;

use crate::position::ruleset::Ruleset;
use crate::position::Position;
use crate::types::{ByColour, Colour, Piece, Square};

/// A feature's index in the network's first layer.
pub type Feature = u32;

/// How Black's view of the board is turned to look like White's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Orientation {
    /// Ranks reversed, files kept (chess, xiangqi).
    Mirror,
    /// Ranks and files reversed (shogi).
    Rotate,
}

/// The feature layout of one variant.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Piece types of the variant.
    pub types: usize,
    /// Squares of the board.
    pub squares: usize,
    pub orientation: Orientation,
    /// Whether walls may appear during a game (wall moves, petrification).
    pub walls: bool,
    /// Per type: how many of it one side may hold in hand (0: never held).
    pub hand_caps: Vec<u8>,
    /// Per type: where its hand features start within one colour's hand block.
    hand_start: Vec<u32>,
    /// The sum of `hand_caps`: the size of one colour's hand block.
    hand_block: u32,
    /// Per perspective: the feature of each square content (piece code) on each padded
    /// square, `content * padded + square`, [`NO_FEATURE`] for none.
    board: ByColour<Vec<Feature>>,
    padded: usize,
    /// The padded square of each dense index (rank by rank from White's first rank).
    dense: Vec<Square>,
    /// The number of features.
    pub features: usize,
    /// The most features a position can have set at once (from one perspective).
    pub max_active: usize,
    /// A key of everything above: a network is used only with the layout it was made for.
    pub key: u64,
}

/// No feature (an empty square, a border).
pub const NO_FEATURE: Feature = u32::MAX;

/// The most pieces of one type a side's hand features count.
const HAND_CAP_MAX: u16 = 32;

impl Layout {
    pub fn new(tables: &Arc<Ruleset>) -> Layout {
        let geo = tables.geo;
        let types = tables.pieces.len();
        let squares = usize::from(geo.files) * usize::from(geo.ranks);
        let orientation = orientation(tables);
        let walls = tables.petrifies || tables.variant.rules.wall_instead_of_move.is_some();
        let hand_caps = hand_caps(tables);
        let mut hand_start = Vec::with_capacity(types);
        let mut hand_block = 0u32;
        for &cap in &hand_caps {
            hand_start.push(hand_block);
            hand_block += u32::from(cap);
        }
        let board_features = 2 * types * squares + if walls { squares } else { 0 };
        let features = board_features + 2 * hand_block as usize;
        let padded = geo.size;
        let contents = Piece::table_size(types);
        let board = ByColour::from_fn(|view| {
            let mut table = vec![NO_FEATURE; contents * padded];
            for sq in geo.squares() {
                let seen = seen_square(tables, orientation, view, sq);
                for kind in 0..types {
                    for colour in Colour::BOTH {
                        let relative = usize::from(colour != view);
                        let feature = (relative * types + kind) * squares + seen;
                        table[Piece::new(kind, colour).index() * padded + sq.index()] =
                            feature as Feature;
                    }
                }
                if walls {
                    table[Piece::WALL.index() * padded + sq.index()] =
                        (2 * types * squares + seen) as Feature;
                }
            }
            table
        });
        // Pieces are neither made nor lost between the board and the hands (a capture
        // moves one to a hand or off the game), so the start position's pieces bound how
        // many features are set at once.
        let start = Position::start(tables.clone());
        let held: usize = Colour::BOTH
            .iter()
            .map(|&c| {
                (0..types)
                    .map(|k| usize::from(start.in_hand(c, k)))
                    .sum::<usize>()
            })
            .sum();
        let on_board = start.pieces(Colour::White).len() + start.pieces(Colour::Black).len();
        let max_active = on_board + held + if walls { squares } else { 0 };
        let mut layout = Layout {
            types,
            squares,
            orientation,
            walls,
            hand_caps,
            hand_start,
            hand_block,
            board,
            padded,
            dense: tables.board_squares.clone(),
            features,
            max_active: max_active.max(1),
            key: 0,
        };
        layout.key = layout.compute_key(tables);
        layout
    }

    /// The feature of `content` (a piece, or a wall) on `sq` from `view`'s side, if any.
    #[inline]
    pub fn board_feature(&self, view: Colour, content: Piece, sq: Square) -> Option<Feature> {
        let f = self.board[view][content.index() * self.padded + sq.index()];
        (f != NO_FEATURE).then_some(f)
    }

    /// The feature of `content` on the square of dense index `index` (rank by rank from
    /// White's first rank) from `view`'s side, if any.
    #[inline]
    pub fn dense_feature(&self, view: Colour, content: Piece, index: usize) -> Option<Feature> {
        self.board_feature(view, content, *self.dense.get(index)?)
    }

    /// The feature of the `n`-th (0-based) piece of type `kind` in the hand of `owner`, from
    /// `view`'s side, if the layout counts that many.
    #[inline]
    pub fn hand_feature(&self, view: Colour, owner: Colour, kind: usize, n: u8) -> Option<Feature> {
        if n >= self.hand_caps[kind] {
            return None;
        }
        let relative = u32::from(owner != view);
        let base =
            (2 * self.types * self.squares + if self.walls { self.squares } else { 0 }) as u32;
        Some(base + relative * self.hand_block + self.hand_start[kind] + u32::from(n))
    }

    /// The piece type a feature stands for and whether it is the viewer's own (`None` for a
    /// wall).
    pub fn feature_piece(&self, f: Feature) -> Option<(usize, bool)> {
        let f = f as usize;
        let board = 2 * self.types * self.squares;
        if f < board {
            let typed = f / self.squares;
            return Some((typed % self.types, typed < self.types));
        }
        let walls = if self.walls { self.squares } else { 0 };
        let held = f.checked_sub(board + walls)? as u32;
        let own = held < self.hand_block;
        let within = held % self.hand_block.max(1);
        let kind = self.hand_start.iter().rposition(|&s| s <= within)?;
        Some((kind, own))
    }

    /// Every feature set in `pos` from `view`'s side.
    pub fn active(&self, pos: &Position, view: Colour, out: &mut Vec<Feature>) {
        out.clear();
        let tables = &pos.tables;
        for &sq in &tables.board_squares {
            let content = pos.at(sq);
            if content != Piece::EMPTY {
                out.extend(self.board_feature(view, content, sq));
            }
        }
        if self.hand_block > 0 {
            for owner in Colour::BOTH {
                for kind in 0..self.types {
                    for n in 0..pos.in_hand(owner, kind) {
                        out.extend(self.hand_feature(view, owner, kind, n));
                    }
                }
            }
        }
    }

    fn compute_key(&self, tables: &Ruleset) -> u64 {
        let mut key = Fnv::default();
        key.write(b"alfil-features-1");
        key.write(&[tables.geo.files, tables.geo.ranks]);
        key.write(&(self.types as u32).to_le_bytes());
        for piece in &tables.pieces {
            key.write(piece.id.to_string().as_bytes());
            key.write(&[0]);
        }
        key.write(&[self.orientation as u8, u8::from(self.walls)]);
        key.write(&self.hand_caps);
        key.finish()
    }
}

/// The square `sq` as `view` sees it, as a dense index (rank by rank from its own side).
fn seen_square(tables: &Ruleset, orientation: Orientation, view: Colour, sq: Square) -> usize {
    let geo = tables.geo;
    let (mut file, mut rank) = geo.coords(sq);
    if view == Colour::Black {
        rank = geo.ranks - 1 - rank;
        if orientation == Orientation::Rotate {
            file = geo.files - 1 - file;
        }
    }
    usize::from(rank) * usize::from(geo.files) + usize::from(file)
}

/// How the start position is symmetric: rotated where Black's pieces stand where White's
/// would after a half turn and not where a mirror would put them; mirrored otherwise.
fn orientation(tables: &Ruleset) -> Orientation {
    let geo = tables.geo;
    let start = &tables.start_board;
    let matches = |turn: fn(u8, u8, u8, u8) -> (u8, u8)| {
        geo.squares().all(|sq| {
            let p = start[sq];
            if !p.is_of(Colour::White) {
                return true;
            }
            let (f, r) = geo.coords(sq);
            let (tf, tr) = turn(f, r, geo.files, geo.ranks);
            start[geo.square(tf, tr)] == Piece::new(p.kind(), Colour::Black)
        })
    };
    let mirror = matches(|f, r, _, ranks| (f, ranks - 1 - r));
    let rotate = matches(|f, r, files, ranks| (files - 1 - f, ranks - 1 - r));
    if rotate && !mirror {
        Orientation::Rotate
    } else {
        Orientation::Mirror
    }
}

/// Per type, how many of it one side may hold: where captures go to the hand, every piece of
/// the start position that would go to the hand as that type (both sides' pieces can end in
/// one hand), plus what the start position holds in hand.
fn hand_caps(tables: &Arc<Ruleset>) -> Vec<u8> {
    let types = tables.pieces.len();
    if !tables.has_hand() {
        return vec![0; types];
    }
    let start = Position::start(tables.clone());
    let mut caps = vec![0u16; types];
    if tables.hand.captures_to_hand {
        for colour in Colour::BOTH {
            for kind in 0..types {
                let n = tables.start_count(colour, kind);
                if tables.pieces[kind].royal {
                    continue;
                }
                caps[tables.pieces[kind].hand_type] += n;
            }
        }
    }
    for colour in Colour::BOTH {
        for (kind, cap) in caps.iter_mut().enumerate() {
            *cap += u16::from(start.in_hand(colour, kind));
        }
    }
    caps.into_iter()
        .map(|c| c.min(HAND_CAP_MAX) as u8)
        .collect()
}

/// The FNV-1a hash, for keys of layouts and checksums of files.
#[derive(Clone, Copy, Debug)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
    pub fn finish(self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::{Layout, Orientation};
    use crate::movegen::build_ruleset;
    use crate::position::Position;
    use crate::types::{Colour, Piece};
    use crate::variant::load_by_name;
    use std::sync::Arc;

    fn rules(name: &str) -> Arc<crate::position::ruleset::Ruleset> {
        build_ruleset(Arc::new(load_by_name(name).expect("shipped"))).expect("builds")
    }

    /// Chess: 6 types × 2 colours × 64 squares, no hand, mirrored; the start position sets
    /// 32 features from each side. White's king on e1 (type 5, rank 0, file 4) is own piece
    /// 5 × 64 + 4 = 324 from White's side, and from Black's side an enemy piece on e8 as
    /// Black sees the board (rank 7): (6 + 5) × 64 + 7 × 8 + 4 = 764.
    #[test]
    fn chess_features() {
        let tables = rules("chess");
        let layout = Layout::new(&tables);
        assert_eq!(layout.features, 768);
        assert_eq!(layout.orientation, Orientation::Mirror);
        assert_eq!(layout.max_active, 32);
        let pos = Position::start(tables.clone());
        let mut active = Vec::new();
        for view in Colour::BOTH {
            layout.active(&pos, view, &mut active);
            assert_eq!(active.len(), 32);
        }
        let e1 = tables.geo.square(4, 0);
        let king = Piece::new(5, Colour::White);
        assert_eq!(layout.board_feature(Colour::White, king, e1), Some(324));
        assert_eq!(layout.board_feature(Colour::Black, king, e1), Some(764));
    }

    /// Shogi's camps are turned half round, so Black's view rotates the board; xiangqi's are
    /// mirrored rank for rank.
    #[test]
    fn orientation_follows_the_start_position() {
        assert_eq!(
            Layout::new(&rules("shogi")).orientation,
            Orientation::Rotate
        );
        assert_eq!(
            Layout::new(&rules("xiangqi")).orientation,
            Orientation::Mirror
        );
    }

    /// Crazyhouse: every captured piece but a king goes to the hand, so a side may hold all
    /// 16 pawns, 4 knights, 4 bishops, 4 rooks and 2 queens of the start position (30 hand
    /// features per side); a held piece sets one feature per piece held.
    #[test]
    fn crazyhouse_hand_features() {
        let tables = rules("crazyhouse");
        let layout = Layout::new(&tables);
        let caps: u32 = layout.hand_caps.iter().map(|&c| u32::from(c)).sum();
        assert_eq!(caps, 30);
        assert_eq!(layout.features, 2 * layout.types * 64 + 2 * 30);
        assert!(layout
            .hand_feature(Colour::White, Colour::White, 0, 15)
            .is_some());
        assert_eq!(
            layout.hand_feature(Colour::White, Colour::White, 0, 16),
            None
        );
        assert_ne!(
            layout.hand_feature(Colour::White, Colour::White, 0, 0),
            layout.hand_feature(Colour::White, Colour::Black, 0, 0)
        );
        assert_eq!(
            layout.hand_feature(Colour::White, Colour::White, 0, 0),
            layout.hand_feature(Colour::Black, Colour::Black, 0, 0)
        );
    }
}
