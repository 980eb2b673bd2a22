//! Variants: the resolved, validated description of a game that the rest of the engine plays.
//!
//! `load.rs` reads RON files (resolving `inherits`), `schema.rs` is their serde shape, and this
//! module owns the resolved form: board size, pieces with parsed and compiled XBetza, and the
//! rules.
//! Behind `load.rs`: `source.rs` (one parsed file and its error positions, found by `locate.rs`),
//! `assemble.rs` (merging an inheritance chain and checking it), `fen.rs` (the start position),
//! `region.rs` (square sets and region text), `nearest.rs` (the nearest name for "did you mean"), `embedded.rs` (the files built into the binary)
//! and `located.rs` (a loaded file kept for diagnostics that point into it); `weights.rs` reads
//! the evaluation weights file that may sit beside a variant.

mod assemble;
pub mod embedded;
mod error;
mod fen;
pub mod fen_text;
mod folder;
pub mod images;
pub mod load;
mod locate;
pub mod located;
mod nearest;
pub mod piece_image;
pub use piece_image::PieceImage;
pub mod piece_to_char;
pub mod region;
pub mod schema;
mod source;
mod svg_text;
pub mod weights;

use crate::betza::Xbetza;
use crate::types::ByColour;
pub use embedded::embedded_names;
pub use error::LoadError;
pub use load::{
    load_by_name, load_embedded_kept, load_file, load_file_kept, load_str, load_text_kept, Library,
};
pub use located::{LoadedFile, PieceField, PieceToCharOrigin};
pub use region::SquareSet;

pub use crate::types::{Colour, PieceId};

/// A game value from the point of view of the side to move when the condition holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub enum GameValue {
    Win,
    Loss,
    Draw,
}

/// One piece type of a variant.
#[derive(Clone, Debug)]
pub struct PieceType {
    /// Its ID in White's form (`N`, `N'`); Black writes the letter in lower case.
    pub id: PieceId,
    pub name: String,
    /// The XBetza text as written in the variant file.
    pub moves_text: String,
    pub moves: Xbetza,
    /// Losing this piece (being unable to avoid its capture) loses the game; moves may not
    /// leave it attacked.
    pub royal: bool,
    /// Royal only while it is its side's last piece of the `royal_when_last` types.
    pub royal_when_last: bool,
    pub promotion: Option<Promotion>,
    /// Manual value in centipawns, overriding the automatic one.
    pub value: Option<i32>,
    /// Where moves with `i` are allowed. `None`: only while the piece has never moved
    /// (virginity, the XBetza meaning). `Some(zones)`: whenever the piece stands in the zone of
    /// its colour (Fairy-Stockfish's double-step region), virgin or not.
    pub initial_zone: Option<ByColour<SquareSet>>,
    /// Where moves with `ii` are allowed, read like `initial_zone` (Wildebeest's pawns:
    /// `i` = double step from ranks 2-3, `ii` = triple step from rank 2 only). `None`: the
    /// generator's default reading of `ii`.
    pub initial_zone_ii: Option<ByColour<SquareSet>>,
    /// This piece is the promoted form of that piece type: FENs write it `+X`, and captured
    /// into a hand it goes back to that type.
    pub promoted_of: Option<usize>,
    /// Where it may be dropped, per colour (`None`: anywhere).
    pub drop_zone: Option<ByColour<SquareSet>>,
    /// At most this many of it on one file after a drop (0 = no limit).
    pub drop_file_limit: u8,
    /// Squares, per colour, it may never leave.
    pub confine: Option<ByColour<SquareSet>>,
    pub zone_moves: Option<ZoneMoves>,
    /// Piece types it may not hop over.
    pub no_screen: Vec<usize>,
    /// Piece types it may not capture.
    pub no_capture: Vec<usize>,
    /// When, as a promoted piece, it turns back into its `promoted_of` form by itself.
    pub demotes: Option<schema::Demotion>,
    /// Its drops keep a side's pieces of this type on both square colours.
    pub drop_opposite_colours: bool,
    /// Its `i` moves are not allowed while its side is in check.
    pub initial_not_in_check: bool,
    /// Its rank among range-jumping captures (0: the lowest).
    pub rank: u8,
    /// Its slides capture beyond pieces of a lower rank, jumping them.
    pub range_jump: bool,
    /// After it moves, the enemy pieces next to where it stops are removed.
    pub burns: bool,
    /// An enemy piece that moves next to it is removed there, its move done.
    pub burns_passively: bool,
    /// How `alfil serve` draws it, if its file says (else by its name or moves).
    pub image: Option<PieceImage>,
}

impl PieceType {
    /// Royal whatever else stands on the board: it is never taken, so it has no value.
    pub fn always_royal(&self) -> bool {
        self.royal && !self.royal_when_last
    }

    /// A piece with these moves and every other property at its default (not royal, no
    /// promotion, no zones).
    pub fn new(id: PieceId, name: &str, moves_text: &str, moves: Xbetza) -> PieceType {
        PieceType {
            id,
            name: name.to_string(),
            moves_text: moves_text.to_string(),
            moves,
            royal: false,
            royal_when_last: false,
            promotion: None,
            value: None,
            initial_zone: None,
            initial_zone_ii: None,
            promoted_of: None,
            drop_zone: None,
            drop_file_limit: 0,
            confine: None,
            zone_moves: None,
            no_screen: Vec::new(),
            no_capture: Vec::new(),
            demotes: None,
            drop_opposite_colours: false,
            initial_not_in_check: false,
            rank: 0,
            range_jump: false,
            burns: false,
            burns_passively: false,
            image: None,
        }
    }
}

/// How a piece promotes.
#[derive(Clone, Debug)]
pub struct Promotion {
    /// Squares, per colour, on which a move ending there promotes.
    pub zone: ByColour<SquareSet>,
    /// Indices (into `Variant::pieces`) of the piece types it may promote to, in the order the
    /// GUI should offer them (most likely first).
    pub choices: Vec<usize>,
    /// Whether the piece must promote (true) or may also stay as it is (false).
    pub mandatory: bool,
    /// Black's choices when they differ from White's (asymmetric armies such as Chigorin);
    /// `None`: `choices` holds for both colours. Read them through [`Promotion::choices_for`].
    pub choices_black: Option<Vec<usize>>,
    /// Also promote when the move starts in the zone (shogi).
    pub from_zone: bool,
    /// A move starting in the zone promotes only when it captures (chu shogi).
    pub within_zone_by_capture: bool,
    /// Only to a type the side has fewer of than in the start position (grand chess).
    pub only_captured: bool,
    /// Only to a type while the side has fewer than this many of it on the board.
    pub limits: Vec<(usize, u32)>,
    /// Only on a capturing move.
    pub on_capture: bool,
    /// Mandatory where the piece could never move again unpromoted.
    pub mandatory_where_stuck: bool,
    /// Sittuyin-style promotion as a move of its own.
    pub in_place: Option<InPlace>,
}

/// Promotion as a move of its own by a piece standing in the zone (sittuyin): in place, or
/// with one step onto an empty square.
#[derive(Clone, Debug)]
pub struct InPlace {
    /// The steps; only their single leaps count.
    pub steps: Xbetza,
    /// A side's last piece of the type may promote anywhere.
    pub last_anywhere: bool,
    /// A promotion may not give check.
    pub no_check: bool,
    /// The promoted piece may not attack an enemy piece where it lands.
    pub no_attack: bool,
}

impl Promotion {
    /// The piece types this colour may promote to, in offering order.
    pub fn choices_for(&self, colour: Colour) -> &[usize] {
        match (&self.choices_black, colour) {
            (Some(black), Colour::Black) => black,
            _ => &self.choices,
        }
    }
}

/// Castling as a rule of the variant (FIDE, wide boards and Chess960 alike).
#[derive(Clone, Debug)]
pub struct Castling {
    /// Index of the castling king's piece type.
    pub king: usize,
    /// Indices of the piece types that can be castling partners.
    pub partners: Vec<usize>,
    /// 0-based file the king lands on when castling towards the h-side (kingside).
    pub kingside_file: u8,
    /// 0-based file the king lands on when castling towards the a-side (queenside).
    pub queenside_file: u8,
    /// 0-based rank of White's castling (Black's is mirrored).
    pub rank: u8,
    /// 0-based file where the partner of a `K` (X-FEN) right is looked for first, searching
    /// towards the king: the last file, except where the partner starts inside the edge (Shako's
    /// rooks on i2/b2, Fairy-Stockfish's castlingRookKingsideFile).
    pub kingside_partner_file: u8,
    /// Same for a `Q` right, searching from this file towards the king (0 = the a-file).
    pub queenside_partner_file: u8,
    /// Rights come from drops: a king dropped on this file of the castling rank may castle
    /// with partners on the rank's corner squares.
    pub dropped_king_file: Option<u8>,
    /// Castling on one side takes away the opponent's castling on that side.
    pub opposite: bool,
}

/// Game-end rules that are not part of move generation.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// Value for the side to move when it has no legal move and is in check.
    pub checkmate: GameValue,
    /// Value for the side to move when it has no legal move and is not in check.
    pub stalemate: GameValue,
    /// Plies without capture or pawn move after which the game is drawn (0 = no such rule).
    pub move_rule: u32,
    /// Occurrences of a position that end the game (0 = no such rule).
    pub repetition_count: u32,
    pub repetition: GameValue,
    /// Value for a side that repeated by checking on every move (None: plain repetition).
    pub perpetual_check: Option<GameValue>,
    pub must_capture: bool,
    pub flying_general: bool,
    pub duple_check: bool,
    /// Moves that give check are allowed.
    pub checking: bool,
    /// The side giving this many checks wins (0 = no such rule).
    pub check_count: u32,
    pub extinction: Option<Extinction>,
    pub flag: Option<Flag>,
    pub blast: Option<Blast>,
    /// Per colour: squares onto which that colour may capture en passant (`None`: anywhere).
    pub en_passant_zone: Option<ByColour<SquareSet>>,
    /// A side not in check may pass; two passes in a row draw.
    pub pass: bool,
    /// Janggi's bikjang rule.
    pub bikjang: bool,
    /// Draws by bikjang, two passes, repetition or the move rule decided by material.
    pub material_count: Option<MaterialCount>,
    /// This many pieces of one side in a row win for it (0 = no such rule).
    pub connect: u32,
    /// A side with no legal move passes.
    pub pass_on_stalemate: bool,
    /// Per colour, king-side and queen-side: castling that way wins, losing the right loses.
    pub castling_wins: ByColour<[bool; 2]>,
    /// In check, the royal piece may move only to capture the one checking piece.
    pub royal_frozen_in_check: bool,
    /// The FEN's castling field names the first-rank pieces that keep their `i` moves.
    pub initial_rights_in_fen: bool,
    /// Types that take a royal piece's `i` moves away by moving to aim at it.
    pub initial_lost_when_aimed_by: Vec<usize>,
    /// Types that turn into a wall where they capture.
    pub petrify_on_capture: Vec<usize>,
    /// Types whose captor becomes one of them (`contagious`).
    pub contagious: Vec<usize>,
    /// Chu shogi's Lion-trading rules.
    pub lion_trading: Option<LionTrading>,
    /// A side may put a wall instead of moving, where this says.
    pub wall_instead_of_move: Option<schema::WallPlacement>,
}

impl Rules {
    /// Whether some castling wins the game (`castling_wins` names a right).
    pub fn wins_by_castling(&self) -> bool {
        self.castling_wins.0.iter().flatten().any(|&w| w)
    }
}

impl Default for Rules {
    /// Chess's rules: mate loses, stalemate draws, 50 moves, threefold repetition.
    fn default() -> Rules {
        Rules {
            checkmate: GameValue::Loss,
            stalemate: GameValue::Draw,
            move_rule: 100,
            repetition_count: 3,
            repetition: GameValue::Draw,
            perpetual_check: None,
            must_capture: false,
            flying_general: false,
            duple_check: false,
            checking: true,
            check_count: 0,
            extinction: None,
            flag: None,
            blast: None,
            en_passant_zone: None,
            pass: false,
            bikjang: false,
            material_count: None,
            connect: 0,
            pass_on_stalemate: false,
            castling_wins: ByColour([[false; 2]; 2]),
            royal_frozen_in_check: false,
            initial_rights_in_fen: false,
            initial_lost_when_aimed_by: Vec::new(),
            petrify_on_capture: Vec::new(),
            contagious: Vec::new(),
            lion_trading: None,
            wall_instead_of_move: None,
        }
    }
}

/// Chu shogi's Lion-trading rules (see [`schema::LionTradingDef`]), by piece index.
#[derive(Clone, Debug, PartialEq)]
pub struct LionTrading {
    /// The types that are Lions.
    pub lions: Vec<usize>,
    /// The types whose capture on the way does not allow a distant capture of a protected Lion.
    pub worthless: Vec<usize>,
    /// After a non-Lion takes a Lion, no non-Lion may take a Lion on the next move.
    pub counterstrike: bool,
}

/// Counting material (see the schema), in half points so that a bonus of 1.5 stays exact.
#[derive(Clone, Debug, PartialEq)]
pub struct MaterialCount {
    /// Half points of each piece type.
    pub half_points: Vec<u32>,
    /// Half points Black adds.
    pub black_bonus: u32,
}

impl MaterialCount {
    /// The winner given each side's half points on the board (before Black's bonus), or
    /// `None` when the points are equal.
    pub fn winner(&self, half_points: ByColour<u32>) -> Option<Colour> {
        let ByColour([white, black]) = half_points;
        match white.cmp(&(black + self.black_bonus)) {
            std::cmp::Ordering::Greater => Some(Colour::White),
            std::cmp::Ordering::Less => Some(Colour::Black),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// Extinction rule (see the schema): a side with at most `count` pieces of one of `kinds` (or
/// of all its pieces, `all`) while the opponent has at least `opponent_count` of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Extinction {
    pub kinds: Vec<usize>,
    pub all: bool,
    pub count: u32,
    pub opponent_count: u32,
    pub claim: bool,
    /// For the side that ran out.
    pub value: GameValue,
}

/// Flag rule: `piece` of a side standing in that side's zone ends the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Flag {
    /// The piece type that must arrive (`None`: any piece, written `*`).
    pub piece: Option<usize>,
    pub zone: ByColour<SquareSet>,
    /// For the side that arrived.
    pub value: GameValue,
    /// Black may answer White's arrival by arriving too (then it is a draw).
    pub reply: bool,
    /// The arrival counts only while the piece is not attacked.
    pub safe: bool,
    /// The arrival counts only when the piece is still there as its side is next to move.
    pub stay: bool,
}

/// Explosions on capture.
#[derive(Clone, Debug, PartialEq)]
pub struct Blast {
    /// Piece types the blast spares around the capture square.
    pub immune: Vec<usize>,
    /// Piece types no blast removes, the capturing piece included.
    pub unharmed: Vec<usize>,
}

/// Extra moves while standing in a zone.
#[derive(Clone, Debug)]
pub struct ZoneMoves {
    pub zone: ByColour<SquareSet>,
    pub moves_text: String,
    pub moves: Xbetza,
    /// The extra moves may not leave the zone.
    pub stay: bool,
}

/// Holdings, drops and gating.
#[derive(Clone, Debug, PartialEq)]
pub struct Hand {
    pub captures_to_hand: bool,
    pub drops: bool,
    pub demote_on_capture: bool,
    pub drop_checks: bool,
    pub immobility_illegal: bool,
    pub gating: bool,
    /// Piece type whose mating drop loses the game (not applied in perft).
    pub drop_mate_forbidden: Option<usize>,
    /// A piece in hand may also be dropped as its promoted form.
    pub drop_promoted: bool,
    /// While a side has pieces in hand it may only drop.
    pub must_drop: bool,
    /// With `must_drop`: only while this piece type is in hand, and only it is dropped.
    pub must_drop_piece: Option<usize>,
}

impl Default for Hand {
    /// No holdings, drops or gating; where a file turns captures to hand on, a captured
    /// promoted piece goes to the hand as what it promoted from, and drops may give check.
    fn default() -> Hand {
        Hand {
            captures_to_hand: false,
            drops: false,
            demote_on_capture: true,
            drop_checks: true,
            immobility_illegal: false,
            gating: false,
            drop_mate_forbidden: None,
            drop_promoted: false,
            must_drop: false,
            must_drop_piece: None,
        }
    }
}

/// A perft case the variant file carries (see the schema's `tests`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// `None`: the start position.
    pub fen: Option<String>,
    pub depth: u32,
    pub nodes: u64,
    /// Where the count comes from.
    pub source: String,
}

/// A loaded and validated variant.
#[derive(Clone, Debug)]
pub struct Variant {
    pub name: String,
    /// Other names it answers to (XBoard's name, older spellings).
    pub aliases: Vec<String>,
    pub files: u8,
    pub ranks: u8,
    /// Holdings size for the CECP `setup` command (0 = none).
    pub holdings: u8,
    /// XBoard PIECETOCHAR string.
    pub piece_to_char: String,
    /// XBoard parent variant for `setup`.
    pub parent: String,
    /// Complete start FEN.
    pub start_fen: String,
    pub pieces: Vec<PieceType>,
    pub castling: Option<Castling>,
    /// Whether the FEN's castling field is in Chess960 style (rooks anywhere); X-FEN and
    /// Shredder-FEN letters are read in every variant, this picks the form written.
    pub chess960: bool,
    pub rules: Rules,
    pub hand: Hand,
    /// Where it came from (file path, or `<embedded>/NAME.ron`), for messages.
    pub source: String,
    /// Where the fields of the start FEN are written in the file: the character index where a
    /// field starts in `start_fen`, and that place in the file. A fault in the start position
    /// found later, when the position is set up, is reported there. Empty for variants that
    /// were not read from a file.
    pub start_fen_origin: Vec<(usize, LoadError)>,
    /// The file's own perft cases.
    pub tests: Vec<PerftCase>,
    /// The variants it inherits (through `inherits`, nearest first) whose board and pieces are
    /// its own: their evaluation weights fit it too.
    pub kin: Vec<Kin>,
}

/// A variant inherited by another with the same board and pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kin {
    pub name: String,
    /// Whether the two play the same game (rules, hand and start board): where they do, a
    /// network learnt for one fits the other.
    pub same_game: bool,
    /// Where it came from, as [`Variant::source`].
    pub source: String,
}

impl Variant {
    /// The place in the variant file of the start FEN's character `index` (the start of one of
    /// its fields), with `message`; `None` where the variant was not read from a file.
    pub fn locate_start_fen(&self, index: usize, message: String) -> Option<LoadError> {
        let (_, at) = self
            .start_fen_origin
            .iter()
            .rev()
            .find(|(start, _)| *start <= index)?;
        let message = if at.file == self.source {
            message
        } else {
            format!("{message} (inherited by {})", self.source)
        };
        Some(LoadError {
            message,
            ..at.clone()
        })
    }

    /// The variant's own name and source, then those of its [`kin`](Variant::kin), nearest
    /// first: where to look, in order, for what it may borrow from the variants it inherits
    /// (evaluation weights, a network).
    pub fn self_and_kin(&self) -> impl Iterator<Item = (&str, &str)> {
        std::iter::once((self.name.as_str(), self.source.as_str())).chain(
            self.kin
                .iter()
                .map(|k| (k.name.as_str(), k.source.as_str())),
        )
    }

    /// The variant's own name and source, then those of the kin that play its game (the
    /// variants whose networks fit it), nearest first.
    pub fn self_and_same_game(&self) -> impl Iterator<Item = (&str, &str)> {
        std::iter::once((self.name.as_str(), self.source.as_str())).chain(
            self.kin
                .iter()
                .filter(|k| k.same_game)
                .map(|k| (k.name.as_str(), k.source.as_str())),
        )
    }

    /// Index of the piece type whose ID is this (either case) letter, undressed.
    pub fn piece_index(&self, letter: char) -> Option<usize> {
        self.piece_of(PieceId::plain(letter)?)
    }

    /// Index of the piece type with this ID.
    pub fn piece_of(&self, id: PieceId) -> Option<usize> {
        self.pieces.iter().position(|p| p.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::load_by_name;

    #[test]
    fn self_and_kin_lists_the_variant_then_its_ancestors_nearest_first() {
        // 3check960 inherits 3check, which inherits chess; all three share board and pieces.
        let variant = load_by_name("3check960").expect("built-in variant");
        let walk: Vec<(&str, &str)> = variant.self_and_kin().collect();
        assert_eq!(
            walk,
            [
                ("3check960", "<embedded>/3check960.ron"),
                ("3check", "<embedded>/3check.ron"),
                ("chess", "<embedded>/chess.ron"),
            ]
        );
        let chess = load_by_name("chess").expect("built-in variant");
        assert_eq!(
            chess.self_and_kin().collect::<Vec<_>>(),
            [("chess", "<embedded>/chess.ron")]
        );
    }

    #[test]
    fn only_kin_playing_the_same_game_share_a_network() {
        let walk = |name: &str| {
            let variant = load_by_name(name).expect("built-in variant");
            variant
                .self_and_same_game()
                .map(|(n, _)| n.to_string())
                .collect::<Vec<_>>()
        };
        // Chess960 shuffles chess's start; without castling, chess is otherwise unchanged.
        assert_eq!(walk("fischerandom"), ["fischerandom", "chess"]);
        assert_eq!(walk("nocastle"), ["nocastle", "chess"]);
        // Same board and pieces, other games: explosions, a hill to reach, three checks.
        assert_eq!(walk("atomic"), ["atomic"]);
        assert_eq!(walk("kingofthehill"), ["kingofthehill"]);
        assert_eq!(walk("3check"), ["3check"]);
        assert!(load_by_name("3check")
            .expect("built-in variant")
            .self_and_kin()
            .any(|(n, _)| n == "chess"));
    }
}
