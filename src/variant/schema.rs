//! The shape of a variant file, as serde reads it from RON.
//!
//! A variant file is one RON struct. Every top-level field is optional here, so that a file can
//! `inherits` another and set only what differs; after inheritance `name`, `board`, `start`
//! and `pieces` must be known (`piece_to_char` is derived when no file gives it, and completed
//! with the new pieces when it is inherited without them). Unknown keys are errors, so a misspelt key never
//! passes silently. `Some(...)` is implied: write `castling: (...)`, not `castling: Some(...)`.
//!
//! ```ron
//! // Orthodox chess, as Fairy-Stockfish's built-in `chess`.
//! (
//!     name: "chess",
//!     aliases: ["normal"],
//!     board: (files: 8, ranks: 8),
//!     piece_to_char: "PNBRQ...........Kpnbrq...........k",
//!     parent: "normal",
//!     start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
//!     pieces: [
//!         (letter: 'P', name: "pawn", moves: "fmWfceFifmnD", initial_zone: "*2",
//!          promotion: (zone: "*8", choices: "QRBN")),
//!         (letter: 'N', name: "knight", moves: "N"),
//!         (letter: 'K', name: "king", moves: "K", royal: true),
//!     ],
//!     castling: (king: 'K', partners: "R", kingside_file: 'g', queenside_file: 'c', rank: 1),
//!     rules: (checkmate: Loss, stalemate: Draw, move_rule: 100, repetition_count: 3),
//! )
//! ```
//!
//! **Inheritance.** `inherits: "chess"` names another variant (by file stem or `name`; the
//! file's own folder is searched first, then the variants built into the binary). The child's
//! fields override the parent's, except `name` and `aliases`, which belong to each file and are
//! never inherited. `pieces` merge by letter: an entry with a letter the parent has replaces the
//! parent's entry (in its place), new letters are appended, and `remove_pieces: "Q"` drops
//! inherited letters first. `rules` merge field by field. `castling: None` removes inherited
//! castling.
//!
//! **Regions** (`zone`, `initial_zone`, ...) are space-separated squares (`e4`), whole ranks
//! (`*8`) and whole files (`a*`). Ranks count from 1 on every board: on 10-rank boards, where
//! XBoard numbers the ranks 0..9, files use Fairy-Stockfish's 1..10 (`*10` is the last rank).
//! Black's zone is White's mirrored top to bottom unless a `..._black` field gives it.
//!
//! **Initial moves.** Without `initial_zone`, XBetza's `i` means "this piece has never moved".
//! With it, `i` moves are allowed whenever the piece stands in the zone, virgin or not
//! (Fairy-Stockfish's double-step region); `initial_zone_ii` does the same for `ii` moves.
//!
//! **Tests.** `tests: [(fen: "...", depth: 3, nodes: 79666, source: "Fairy-Stockfish")]`
//! carries perft cases (no `fen`: the start position) that `alfil selftest` runs; `source`
//! says where each count comes from. A file's tests, like its name, are not inherited.
//!
//! **Extending.** New rules (holdings and drops, shogi-style promotions, board zones, special
//! win conditions) are added as new optional fields with defaults that keep today's meaning, so
//! existing files stay valid.

use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;

use super::GameValue;
use crate::types::PieceId;

/// A whole variant file.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct VariantFile {
    /// The variant's name (what `variant NAME` selects); not inherited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Other names it answers to, such as XBoard's name; not inherited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aliases: Option<Vec<String>>,
    /// Another variant this one starts from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inherits: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<Board>,
    /// Holdings size announced to the GUI (0 = none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub holdings: Option<u8>,
    /// XBoard's PIECETOCHAR string; must contain every piece letter. Left out, it is derived
    /// (each piece in the slot of XBoard's image of its moves, where there is one); an
    /// inherited string is completed with the file's new pieces.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece_to_char: Option<String>,
    /// XBoard parent variant for the `setup` command (default `fairy`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
    /// Complete start FEN.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Castling field written in Chess960 style (default false).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chess960: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pieces: Option<Vec<PieceDef>>,
    /// Letters of inherited pieces to drop.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remove_pieces: Option<String>,
    /// Castling rule; `None` removes an inherited one. Absent means inherited, or no castling.
    #[serde(default, deserialize_with = "present")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub castling: Option<Option<CastlingDef>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<RulesDef>,
    /// Holdings and drops; each field defaults separately.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand: Option<HandDef>,
    /// Perft cases of this variant, run by `alfil selftest` and by `cargo test` for the
    /// built-in files; like `name`, not inherited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tests: Option<Vec<PerftCaseDef>>,
}

/// A perft case in a variant file: from `fen` (default: the start position) the legal-move tree
/// of `depth` plies has `nodes` leaves. `source` says where the count comes from: another
/// engine, or a derivation (never Alfil's own output).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PerftCaseDef {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    pub depth: u32,
    pub nodes: u64,
    pub source: String,
}

/// Holdings, drops and gating (all default false, except `drop_checks`, default true, and
/// `demote_on_capture`, default true).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HandDef {
    /// Captured pieces go to the capturer's hand, colour-flipped.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub captures_to_hand: Option<bool>,
    /// Pieces in hand may be dropped on empty squares (each piece's `drop_zone`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drops: Option<bool>,
    /// A captured promoted piece goes to the hand as what it promoted from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub demote_on_capture: Option<bool>,
    /// A drop may give check.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drop_checks: Option<bool>,
    /// No drop, and no move without promotion, may leave a piece where it could never move
    /// again (shogi's pawn, lance and knight on the last ranks).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub immobility_illegal: Option<bool>,
    /// Seirawan gating: when an unmoved piece of the first rank moves, a piece from the hand
    /// may enter on the square it left.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gating: Option<bool>,
    /// Letter of the piece type whose drop may not give mate (shogi's uchifuzume). Perft
    /// counts such drops; in a game the dropping side loses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drop_mate_forbidden: Option<PieceId>,
    /// A piece in hand may also be dropped as its promoted form, written `+P@e3` (kyoto and
    /// micro shogi). Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drop_promoted: Option<bool>,
    /// While a side has pieces in hand it may only drop (placement's and sittuyin's setup
    /// phase). Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub must_drop: Option<bool>,
    /// With `must_drop`: the rule holds only while the side has this piece in hand, and then
    /// only this piece may be dropped (koedem's king; Fairy-Stockfish's `mustDropType`).
    /// Default: any piece in hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub must_drop_piece: Option<PieceId>,
}

/// Board size, at most 16x16.
#[derive(Clone, Copy, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pub files: u32,
    pub ranks: u32,
}

/// One piece type. An entry always describes the whole piece (it replaces an inherited entry
/// with the same letter).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PieceDef {
    /// The piece's ID: an upper-case FEN letter (Black's pieces use the lower-case letter),
    /// or a two-character ID as XBoard writes them, the letter dressed with `'` or `!`
    /// (`letter: "N'"`; `id` is another name for this field).
    #[serde(alias = "id")]
    pub letter: PieceId,
    pub name: String,
    /// XBetza move description.
    pub moves: String,
    /// Must not be left attacked; losing it loses (default false).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub royal: Option<bool>,
    /// A royal piece that is royal only while it is its side's last piece of the types so
    /// marked (counted together): with two or more, each may be left attacked and taken
    /// (Fairy-Stockfish's `extinctionPseudoRoyal` with the extinction count 0; maharajah2's two
    /// maharajahs, sho shogi's king and crown prince). Needs `royal`. Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub royal_when_last: Option<bool>,
    /// Value in centipawns, overriding the automatic one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<i32>,
    /// Region where `i` moves are allowed (absent: `i` = never moved).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial_zone: Option<String>,
    /// Black's `initial_zone` when it is not White's mirrored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial_zone_black: Option<String>,
    /// Region where `ii` moves are allowed (mirrored for Black).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial_zone_ii: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promotion: Option<PromotionDef>,
    /// This piece is the promoted form of the piece with this letter: FENs write it `+X`, and
    /// when captured into a hand it goes back to being `X`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promoted_of: Option<PieceId>,
    /// Region where it may be dropped from the hand (default: the whole board).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drop_zone: Option<String>,
    /// Black's `drop_zone` when it is not White's mirrored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drop_zone_black: Option<String>,
    /// At most this many of it on one file after a drop (shogi's nifu: 1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drop_file_limit: Option<u8>,
    /// Region it may never leave (xiangqi's palace, the elephant's own half).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confine: Option<String>,
    /// Black's `confine` when it is not White's mirrored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confine_black: Option<String>,
    /// Extra moves it has while standing in a region (the xiangqi soldier across the river).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone_moves: Option<ZoneMovesDef>,
    /// Letters of the piece types it may not hop over (janggi's cannon: `C`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_screen: Option<String>,
    /// Letters of the piece types it may not capture (janggi's cannon: `C`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_capture: Option<String>,
    /// A promoted piece turns back into its `promoted_of` form by itself: `OnMove` on every
    /// move (kyoto shogi), `OnCapture` when it captures (micro shogi).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub demotes: Option<Demotion>,
    /// Drops of this piece keep a side's pieces of this type on squares of different colours,
    /// and every other drop leaves a square of each colour still needed for them (placement's
    /// bishops). Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub drop_opposite_colours: Option<bool>,
    /// Its `i` moves are not allowed while its side is in check (ouk chatrang's king leap,
    /// as castling never is). Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial_not_in_check: Option<bool>,
    /// Its rank in the hierarchy of range-jumping captures (tenjiku's generals and kings):
    /// a piece with `range_jump` never jumps a piece of its own rank or higher. Default 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<u8>,
    /// Its slides may capture beyond pieces of a lower `rank` than its own, of either side,
    /// jumping any number of them; a piece of its rank or higher ends the line, and a piece
    /// taken after a jump must be of a lower rank too (HaChu's tenjiku generals). Its quiet
    /// moves slide as ever. Needs `rank` above 0. Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range_jump: Option<bool>,
    /// After each of its moves, the enemy pieces on the squares next to where it stops are
    /// removed (tenjiku's fire demon burns them); its own pieces are spared. The move that
    /// promotes a piece into a burner does not burn. Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub burns: Option<bool>,
    /// An enemy piece that moves to a square next to it is burned there: removed, with its
    /// move done (its captures made; a burner so burned burns nothing). Tenjiku's fire demon
    /// as HaChu plays it. Drops and castling are not burned. Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub burns_passively: Option<bool>,
    /// How `alfil serve` draws it: a piece of Alfil's set (`"archbishop"`, `"xiangqi-cannon"`,
    /// `"shogi-dragon"`) or an SVG file beside the variant file (`"monster.svg"`). Default: the
    /// set's piece of its name or moves, else a symbol drawn from its moves.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
}

/// When a promoted piece reverts by itself (see `PieceDef::demotes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub enum Demotion {
    OnMove,
    OnCapture,
}

/// Moves a piece has in addition while it stands in a zone.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ZoneMovesDef {
    pub zone: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone_black: Option<String>,
    /// XBetza of the extra moves.
    pub moves: String,
    /// The extra moves may not leave the zone, not even in passing (janggi's palace
    /// diagonals). Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stay: Option<bool>,
}

/// Promotion on reaching a zone.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionDef {
    /// Region where a move ending there promotes.
    pub zone: String,
    /// Black's zone when it is not White's mirrored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone_black: Option<String>,
    /// Letters of the piece types to promote to, most likely first.
    pub choices: String,
    /// Black's choices when they differ from White's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices_black: Option<String>,
    /// Must promote (default true); false also allows staying as it is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mandatory: Option<bool>,
    /// Also promote when the move starts in the zone (shogi: entering, leaving or moving
    /// within the zone). Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_zone: Option<bool>,
    /// A move that starts in the zone promotes only when it captures (and may then leave the
    /// zone); a move entering the zone always may. A piece that declined to promote on
    /// entering thus promotes later only by a capture (chu shogi). Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub within_zone_by_capture: Option<bool>,
    /// Only to a piece type the side has fewer of on the board than in the start position
    /// (grand chess); a move that must promote but cannot is not allowed. Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub only_captured: Option<bool>,
    /// Only while the side has fewer than this many of the type on the board, e.g.
    /// `{'K': 2}` (Spartan chess: at most two kings).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limits: Option<std::collections::BTreeMap<PieceId, u32>>,
    /// Promote only on a capturing move (micro shogi, with `zone: "*"`). Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_capture: Option<bool>,
    /// A move that may promote must where the piece could never move again unpromoted (HaChu's
    /// macadamia shogi: a pawn's or lance's capture on the last rank), while a move there that
    /// may not promote stays allowed (their step onto it). Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mandatory_where_stuck: Option<bool>,
    /// Promotion is a move of its own, made by a piece standing in the zone: it turns into the
    /// choice where it stands, or after one step of this XBetza onto an empty square (sittuyin:
    /// `"F"`); ordinary moves into the zone do not promote.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub in_place: Option<InPlaceDef>,
}

/// Sittuyin-style promotion (see `PromotionDef::in_place`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct InPlaceDef {
    /// XBetza of the steps that may go with the promotion (single leaps only).
    pub steps: String,
    /// A side's last piece of this type may promote on any square. Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_anywhere: Option<bool>,
    /// A promotion may not give check. Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_check: Option<bool>,
    /// The promoted piece may not attack an enemy piece where it lands. Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_attack: Option<bool>,
}

/// Castling as a variant rule. The king moves to the given file on its side, the partner lands
/// on the square the king crossed next to it; in Chess960 positions the partners' files come
/// from the FEN.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CastlingDef {
    /// ID of the castling king.
    pub king: PieceId,
    /// Letters of the piece types that can be castling partners.
    pub partners: String,
    /// File the king lands on when castling towards the h-side.
    pub kingside_file: char,
    /// File the king lands on when castling towards the a-side.
    pub queenside_file: char,
    /// White's castling rank, counted from 1 (default 1); Black's is mirrored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    /// File where the partner of a `K` castling right is looked for first, moving towards the
    /// king (default: the last file). Only needed when partners start inside the edge.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kingside_partner_file: Option<char>,
    /// Same for a `Q` right (default `a`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub queenside_partner_file: Option<char>,
    /// Castling rights come from drops (placement): a king dropped on this file of the castling
    /// rank may castle with partners on the corner squares of that rank, whether they are there
    /// already or dropped there later.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dropped_king_file: Option<char>,
    /// Castling on one side takes away the opponent's castling on that side, so the two
    /// sides castle to opposite wings (Fairy-Stockfish's `oppositeCastling`). Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opposite: Option<bool>,
}

/// Game-end values and counting rules; each field defaults separately (checkmate `Loss`,
/// stalemate `Draw`, `move_rule` 100 plies, `repetition_count` 3, repetition `Draw`).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RulesDef {
    /// Value for the side to move when it has no legal move and is in check.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checkmate: Option<GameValue>,
    /// Value for the side to move when it has no legal move and is not in check.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stalemate: Option<GameValue>,
    /// Plies without capture or pawn move that draw the game (0 = no such rule).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_rule: Option<u32>,
    /// Occurrences of a position that end the game (0 = no such rule).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repetition_count: Option<u32>,
    /// Value of that repetition for the side to move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repetition: Option<GameValue>,
    /// When a repetition ends the game and one side gave check with every one of its moves
    /// since the position first stood, that side gets this value instead (xiangqi and shogi:
    /// `Loss`, perpetual check loses). Default: no such rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub perpetual_check: Option<GameValue>,
    /// If a side can capture, it must (giveaway, losers). Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub must_capture: Option<bool>,
    /// Royal pieces may not face each other on an open file (xiangqi). Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flying_general: Option<bool>,
    /// With several royal pieces, a side is in check only when all of them are attacked
    /// (Spartan chess); without it, any attacked royal piece is check. Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duple_check: Option<bool>,
    /// Moves that give check are allowed (default true; racing kings: false).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checking: Option<bool>,
    /// The side giving this many checks wins (3check: 3). FENs carry the checks still needed
    /// as `3+3` after the en-passant field. Default 0 = no such rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check_count: Option<u32>,
    /// Losing (almost) all pieces of a type ends the game.
    #[serde(default, deserialize_with = "present")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extinction: Option<Option<ExtinctionDef>>,
    /// A piece reaching a region ends the game (king of the hill, racing kings, campmate).
    #[serde(default, deserialize_with = "present")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flag: Option<Option<FlagDef>>,
    /// Captures explode (atomic).
    #[serde(default, deserialize_with = "present")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blast: Option<Option<BlastDef>>,
    /// A side not in check may pass (its royal piece "moves" to its own square; CECP `@@@@`).
    /// Two passes in a row end the game in a draw. Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pass: Option<bool>,
    /// Janggi's bikjang: royal pieces facing each other on an open file. The side to move
    /// must then pass or break it, and the game ends in a draw when it persists after the
    /// reply. Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bikjang: Option<bool>,
    /// Games that would end in a draw by bikjang, two passes, repetition or the move rule are
    /// decided by counting material instead (janggi's tournament rule). Default: no counting;
    /// `material_count: None` takes an inherited count away.
    #[serde(default, deserialize_with = "present")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub material_count: Option<Option<MaterialCountDef>>,
    /// Squares (White's; Black's mirrored) onto which en-passant captures are possible
    /// (default: everywhere). Horde: `*6`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub en_passant_zone: Option<String>,
    /// N pieces of one side in an unbroken row (along a rank, a file or a diagonal) win for
    /// that side as soon as its move makes them (Fairy-Stockfish's `connectN`; all queens
    /// chess: 4). Default 0: no such rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub connect: Option<u32>,
    /// A side with no legal move passes instead of being stalemated or mated; two passes in
    /// a row end the game as a draw (Fairy-Stockfish's `passOnStalemate`; Anders' giveaway).
    /// Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pass_on_stalemate: Option<bool>,
    /// Castling rights as the FEN writes them (`KQkq`): castling that way wins the game, and
    /// losing that right loses it (Fairy-Stockfish's `castlingWins`). Default: none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub castling_wins: Option<String>,
    /// While in check, the royal piece may move only to capture the one piece giving check;
    /// other answers must block or capture (makpong; Fairy-Stockfish's `makpongRule`).
    /// Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub royal_frozen_in_check: Option<bool>,
    /// The FEN's castling field names, by file letter (`DEde`: White's d- and e-file pieces,
    /// Black's), the pieces on each side's first rank that may still make their `i` moves;
    /// one not named there has lost them. Written the same way (Fairy-Stockfish's gates of
    /// `cambodianMoves`; ouk chatrang's king and met leaps). Default false: a piece's `i` moves
    /// are kept while it stands where the start position has it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial_rights_in_fen: Option<bool>,
    /// Piece letters: a royal piece loses its `i` moves when one of these moves to a square
    /// from which it aims at the royal piece — would reach it on an empty board, whatever
    /// stands between (Fairy-Stockfish's rook rule of `cambodianMoves`: a rook on the king's
    /// file or rank takes its leap away). Default none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub initial_lost_when_aimed_by: Option<String>,
    /// Piece letters: a piece of these types that captures is petrified — it leaves the game
    /// and the square where its move ends becomes a wall that nothing enters or passes (with a
    /// promotion, only if the new type is listed too; with `blast`, the capture square becomes
    /// the wall and the pieces blown away around it leave empty squares). Fairy-Stockfish's
    /// `petrifyOnCaptureTypes`. A royal type may not be listed. Default none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub petrify_on_capture: Option<String>,
    /// Piece letters: a piece that captures a piece of one of these types becomes one itself,
    /// of its own side, where the capture ends (HaChu's werewolf chess: whatever takes a
    /// werewolf turns into a werewolf). A royal piece never changes, and the new type wins
    /// over a promotion the same move makes. Written with the new type's letter as a suffix
    /// (`d1d8w`, as HaChu writes it); the bare move is read too. A royal type may not be
    /// listed. Default none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contagious: Option<String>,
    /// Chu shogi's Lion-trading rules, for the pieces listed as Lions (see
    /// [`LionTradingDef`]). Default none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lion_trading: Option<LionTradingDef>,
    /// Instead of moving, a side may put a wall on an empty square (Fairy-Stockfish's
    /// `wallingRule` with `wallOrMove`): `Edge`, a square on the board's edge or beside a wall
    /// (atlantis). Nothing enters or passes a wall; a side in check may not put one (as
    /// Fairy-Stockfish generates them). Written `@@@@,a4` (UCI `0000,a4`). Default none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wall_instead_of_move: Option<WallPlacement>,
}

/// Where a wall may be put (see `RulesDef::wall_instead_of_move`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub enum WallPlacement {
    /// On the board's edge, or orthogonally beside a wall already standing.
    Edge,
}

/// Counting material: each side scores the points of its pieces on the board, Black adds
/// `black_bonus`; more points win, equal points draw.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct MaterialCountDef {
    /// Points by piece letter (pieces not listed score nothing), e.g. `{'R': 13, 'P': 2}`.
    pub points: BTreeMap<PieceId, u32>,
    /// Points Black adds for moving second, in halves at most (janggi: 1.5). Default 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black_bonus: Option<f64>,
}

/// Extinction, as Fairy-Stockfish reads it: the game ends as soon as a side has at most `count`
/// pieces of one of the listed types on the board and in hand (`*` in the list stands for all
/// its pieces together) while the opponent has at least `opponent_count` of that type;
/// `value` is for the side that ran out.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExtinctionDef {
    /// Piece letters, and/or `*` for all pieces together.
    pub pieces: String,
    /// Default 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// Default 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponent_count: Option<u32>,
    /// The side to move must also have one piece more than `opponent_count` requires before
    /// it can claim (shatranj's bare king rule). Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim: Option<bool>,
    /// Default `Loss`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<GameValue>,
}

/// Chu shogi's Lion-trading rules (as HaChu and the Japanese Chu Shogi Association apply them).
/// A Lion may not capture a Lion that is not next to it when that Lion is protected (the
/// capturer could be taken back on its square), unless the same move also captures a piece
/// other than those listed in `worthless` (a "bridge"). After a Lion is captured by a piece that
/// is not a Lion, the other side may not capture a Lion with a piece that is not a Lion on the
/// very next move (the counterstrike rule).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LionTradingDef {
    /// IDs of the Lions (chu: `"NO'"`, the Lion and the promoted kirin).
    pub lions: String,
    /// IDs of the pieces whose capture on the way does not allow a distant capture of a
    /// protected Lion (chu: `"PI"`, pawn and go-between). Default none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worthless: Option<String>,
    /// The counterstrike rule. Default true.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counterstrike: Option<bool>,
}

/// The flag rule: the game ends when a side's `piece` stands in its `zone`; `value` is for that
/// side. With `reply`, Black may still answer White's arrival with its own (racing kings).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FlagDef {
    /// Letter of the piece that must arrive, or `*` for any piece.
    pub piece: char,
    pub zone: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone_black: Option<String>,
    /// Default `Win`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<GameValue>,
    /// Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reply: Option<bool>,
    /// The arrival counts only while the piece is not attacked there (dobutsu's lion); two or
    /// more pieces there count as they are, as one move can take only one of them.
    /// Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub safe: Option<bool>,
    /// The arrival counts only when the piece still stands there as its side is next to move
    /// (the opponent has one move to dislodge it): Fairy-Stockfish's `flagMove` (jeson mor).
    /// With `safe` too, an arrival the opponent cannot take wins at once and one it can take
    /// wins if it is still there on its side's next turn (alapo). Default false.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stay: Option<bool>,
}

/// Explosions: a capture removes the capturer and every piece on the squares around the
/// capture square, except the immune types (which are still removed when captured) and the
/// unharmed ones.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BlastDef {
    /// Letters of the piece types the blast spares around the capture square.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub immune: Option<String>,
    /// Letters of the piece types no explosion removes, not even the capturing piece's own
    /// (Fairy-Stockfish's `blastImmuneTypes`; atomar's kings).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unharmed: Option<String>,
}

/// Marks a present field as `Some`, so `castling: None` (present, empty) differs from a missing
/// `castling` (absent, inherited).
fn present<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    T::deserialize(deserializer).map(Some)
}
