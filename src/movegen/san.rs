//! Standard Algebraic Notation, as PGN readers expect it: the piece's letter (none for the
//! piece lettered `P`; `+` and its base's letter for a promoted form, as XBoard writes shogi),
//! the start file, rank or both only where another piece of the type could go to the same
//! square (file first), `x` for a capture (a pawn's with its file), the destination, `=Q` for a
//! promotion, `+` for a promotion to the mover's promoted form and `=` for declining one the
//! move could make (XBoard's shogi style), `O-O`/`O-O-O` for castling, `P@e4` for a drop, then
//! `+` for check or `#` for mate. A move SAN cannot name clearly (a multi-leg capture, a wall,
//! a pass, gating, a promotion in place, a piece whose letter another type shares or that
//! wears a mark) has no SAN: its game is then written in coordinates. Reading takes the same
//! forms, `0-0`, a missing `=` and `:` for `x`, and says why a text names no move or more than
//! one.

use crate::movegen::attack::in_check;
use crate::movegen::{legal_moves, make_move, Move};
use crate::position::{Position, RankStyle};
use crate::types::{Dress, Piece, Square};

/// The letter SAN writes a piece type with, if that letter names it alone (`Some('P')` for the
/// pawn, whose moves leave it out).
fn letter(pos: &Position, kind: usize) -> Option<char> {
    let id = pos.tables.pieces[kind].id;
    let shared = pos
        .tables
        .pieces
        .iter()
        .enumerate()
        .any(|(k, p)| k != kind && p.id.letter() == id.letter());
    (id.dress() == Dress::Plain && !shared).then(|| id.letter())
}

/// How SAN names a piece type: its letter, or for the promoted form of a lettered type `+`
/// and that letter (shogi style, as XBoard writes it).
fn piece_text(pos: &Position, kind: usize) -> Option<String> {
    match pos.tables.pieces[kind].promoted_of {
        Some(base) => Some(format!("+{}", letter(pos, base)?)),
        None => letter(pos, kind).map(String::from),
    }
}

/// The promoted form of piece type `base`, if it has one.
fn promoted_form(pos: &Position, base: usize) -> Option<usize> {
    (0..pos.tables.pieces.len()).find(|&k| pos.tables.pieces[k].promoted_of == Some(base))
}

/// The piece type lettered `c` (upper-case), if one is.
fn kind_of(pos: &Position, c: char) -> Option<usize> {
    (0..pos.tables.pieces.len()).find(|&k| letter(pos, k) == Some(c))
}

fn name(pos: &Position, sq: Square) -> String {
    pos.geo().name(sq, RankStyle::FromOne)
}

/// The move's SAN without its check mark, if SAN can name it.
fn bare(pos: &Position, legal: &[Move], mv: Move) -> Option<String> {
    if mv.is_wall() || mv.is_pass() || mv.gate_type().is_some() {
        return None;
    }
    if let Some(kind) = mv.drop_type() {
        let promoted_drop = pos.tables.pieces[kind].promoted_of.is_some();
        return (!promoted_drop).then_some(format!("{}@{}", letter(pos, kind)?, name(pos, mv.to)));
    }
    if mv.is_castle() {
        return Some(
            if mv.kills[0] > mv.from {
                "O-O"
            } else {
                "O-O-O"
            }
            .to_string(),
        );
    }
    let mover = pos.at(mv.from).kind();
    let victims = mv.kills.iter().filter(|k| k.is_some()).count();
    let en_passant =
        victims == 1 && pos.ep_squares().contains(&mv.to) && pos.at(mv.to) == Piece::EMPTY;
    if (victims > 0 && !en_passant) || mv.from == mv.to || pos.contagion(mv, pos.side()).is_some() {
        return None;
    }
    let promotion = match mv.promotion_type() {
        Some(t) if pos.tables.pieces[t].promoted_of == Some(mover) => "+".to_string(),
        Some(t) => format!("={}", letter(pos, t)?),
        // Declining a promotion the move could make: `=` (shogi style).
        None if legal
            .iter()
            .any(|m| m.from == mv.from && m.to == mv.to && m.promotion_type().is_some()) =>
        {
            "=".to_string()
        }
        None => String::new(),
    };
    let piece = piece_text(pos, mover)?;
    let capture = super::notation::is_capture(pos, mv);
    let rivals: Vec<Square> = legal
        .iter()
        .filter(|m| {
            m.from != mv.from
                && m.to == mv.to
                && !m.is_drop()
                && !m.is_castle()
                && pos.at(m.from).kind() == mover
        })
        .map(|m| m.from)
        .collect();
    let geo = pos.geo();
    let (file, rank) = geo.coords(mv.from);
    let from = name(pos, mv.from);
    let file_text = char::from(b'a' + file).to_string();
    let rank_text = from[1..].to_string();
    let same_file = rivals.iter().any(|&r| geo.coords(r).0 == file);
    let same_rank = rivals.iter().any(|&r| geo.coords(r).1 == rank);
    let pawn = piece == "P";
    let from_part = if rivals.is_empty() {
        if pawn && capture {
            file_text
        } else {
            String::new()
        }
    } else if !same_file {
        file_text
    } else if !same_rank && !pawn {
        rank_text
    } else {
        from
    };
    Some(format!(
        "{}{from_part}{}{}{promotion}",
        if pawn { String::new() } else { piece },
        if capture { "x" } else { "" },
        name(pos, mv.to)
    ))
}

/// The SAN of the legal move `mv` of `pos` (`legal` its legal moves), check mark included, if
/// SAN names it clearly: the text reads back to this move alone.
pub fn san(pos: &mut Position, legal: &[Move], mv: Move) -> Option<String> {
    let mut text = bare(pos, legal, mv)?;
    if read(pos, legal, &text) != Ok(mv) {
        return None;
    }
    make_move(pos, mv);
    if in_check(pos, pos.side()) {
        let mut replies = Vec::new();
        legal_moves(pos, &mut replies);
        text.push(if replies.is_empty() { '#' } else { '+' });
    }
    pos.unmake();
    Some(text)
}

/// Why a text names no single legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanError {
    /// The text is not SAN.
    NotSan,
    /// No legal move fits; the reason.
    Illegal(String),
    /// Several fit: their SAN with the start square.
    Ambiguous(Vec<String>),
}

/// What a SAN text says.
struct Parts {
    kind: usize,
    file: Option<u8>,
    rank: Option<u8>,
    to: Square,
    promotion: Promotion,
    drop: bool,
}

/// What a SAN text says of a promotion.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Promotion {
    /// None (`=` alone, or nothing: the move does not promote).
    No,
    /// To this piece type (`=Q`).
    To(usize),
    /// To the mover's promoted form (a `+` after the square, shogi style).
    Promoted,
}

/// A square's name at the end of `text` (`e4`, `b10`): the square and the text before it.
fn square_at_end<'a>(pos: &Position, text: &'a str) -> Option<(Square, &'a str)> {
    let digits = text.len() - text.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let start = text.len().checked_sub(digits + 1)?;
    let (sq, used) = pos.geo().parse_square(&text[start..], RankStyle::FromOne)?;
    (used == text.len() - start && digits > 0).then_some((sq, &text[..start]))
}

fn parts(pos: &Position, text: &str, promoted: bool) -> Option<Parts> {
    if !text.is_ascii() {
        return None;
    }
    let text = text.replace(':', "x");
    let pawn = kind_of(pos, 'P');
    if let Some((piece, square)) = text.split_once('@') {
        let mut chars = piece.chars();
        let kind = match (chars.next(), chars.next()) {
            (Some(c), None) => kind_of(pos, c.to_ascii_uppercase())?,
            (None, _) => pawn?,
            _ => return None,
        };
        let (to, rest) = square_at_end(pos, square)?;
        return rest.is_empty().then_some(Parts {
            kind,
            file: None,
            rank: None,
            to,
            promotion: Promotion::No,
            drop: true,
        });
    }
    let (body, promotion) = match text.char_indices().last()? {
        _ if promoted => (text.as_str(), Promotion::Promoted),
        (i, c) if c.is_ascii_uppercase() => (
            text[..i].trim_end_matches('='),
            Promotion::To(kind_of(pos, c)?),
        ),
        _ => (text.trim_end_matches('='), Promotion::No),
    };
    let (to, rest) = square_at_end(pos, body)?;
    let rest = rest.strip_suffix('x').unwrap_or(rest);
    let (kind, rest) = match rest.chars().next() {
        Some('+') => {
            let base = rest[1..].chars().next().and_then(|c| kind_of(pos, c))?;
            (promoted_form(pos, base)?, &rest[2..])
        }
        Some(c) if c.is_ascii_uppercase() => (kind_of(pos, c)?, &rest[1..]),
        _ => (pawn?, rest),
    };
    let (file, rank) = match rest.chars().next() {
        None => (None, None),
        Some(c) if c.is_ascii_lowercase() => {
            let rank = &rest[1..];
            let rank = if rank.is_empty() {
                None
            } else {
                Some(rank.parse::<u8>().ok()?.checked_sub(1)?)
            };
            (Some(c as u8 - b'a'), rank)
        }
        Some(_) => (None, Some(rest.parse::<u8>().ok()?.checked_sub(1)?)),
    };
    Some(Parts {
        kind,
        file,
        rank,
        to,
        promotion,
        drop: false,
    })
}

/// The moves a text could name, in coordinates, sorted.
fn ambiguous(pos: &Position, found: &[Move]) -> SanError {
    let mut texts: Vec<String> = found
        .iter()
        .map(|&m| super::notation::move_text(pos, m, RankStyle::FromOne))
        .collect();
    texts.sort();
    SanError::Ambiguous(texts)
}

/// The legal move a SAN text names (check marks and `!`/`?` set aside).
pub fn read(pos: &Position, legal: &[Move], text: &str) -> Result<Move, SanError> {
    let text = text.trim().trim_end_matches(['#', '!', '?']);
    let castle = text.trim_end_matches('+').replace('0', "O");
    if castle == "O-O" || castle == "O-O-O" {
        let king_side = castle == "O-O";
        let found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.is_castle() && (m.kills[0] > m.from) == king_side)
            .collect();
        return match found[..] {
            [mv] => Ok(mv),
            [] => Err(SanError::Illegal(
                "castling that way is not allowed here".into(),
            )),
            _ => Err(ambiguous(pos, &found)),
        };
    }
    // A `+` right after the square promotes to the mover's promoted form (shogi style); a
    // further `+` is the check mark. A lone `+` is read as a promotion where one fits.
    let body = text.trim_end_matches('+');
    if body.len() < text.len() {
        if let Some(p) = parts(pos, body, true) {
            if let Ok(mv) = matching(pos, legal, &p) {
                return Ok(mv);
            }
        }
    }
    let p = parts(pos, body, false).ok_or(SanError::NotSan)?;
    matching(pos, legal, &p)
}

/// The legal move the parts of a SAN text name.
fn matching(pos: &Position, legal: &[Move], p: &Parts) -> Result<Move, SanError> {
    let geo = pos.geo();
    let found: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| {
            if m.to != p.to || m.is_castle() {
                return false;
            }
            if p.drop {
                return m.drop_type() == Some(p.kind);
            }
            let (file, rank) = geo.coords(m.from);
            !m.is_drop()
                && pos.at(m.from).kind() == p.kind
                && p.file.is_none_or(|f| f == file)
                && p.rank.is_none_or(|r| r == rank)
                && match p.promotion {
                    Promotion::No => m.promotion_type().is_none(),
                    Promotion::To(t) => m.promotion_type() == Some(t),
                    Promotion::Promoted => m
                        .promotion_type()
                        .is_some_and(|t| pos.tables.pieces[t].promoted_of == Some(p.kind)),
                }
                && m.gate_type().is_none()
        })
        .collect();
    match found[..] {
        [mv] => Ok(mv),
        [] => Err(SanError::Illegal(format!(
            "no legal move of a {} {} {}",
            pos.tables.variant.pieces[p.kind].name,
            if p.drop { "is dropped on" } else { "goes to" },
            name(pos, p.to)
        ))),
        _ => Err(ambiguous(pos, &found)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::{build_ruleset, position_from_fen};
    use crate::variant::load_by_name;
    use std::sync::Arc;

    fn position(variant: &str, fen: &str) -> Position {
        let tables =
            build_ruleset(Arc::new(load_by_name(variant).expect("variant"))).expect("tables");
        position_from_fen(tables, fen).expect("FEN")
    }

    fn legal(pos: &mut Position) -> Vec<Move> {
        let mut moves = Vec::new();
        legal_moves(pos, &mut moves);
        moves
    }

    /// The legal move written `coordinate` (CECP), its SAN, and that the SAN reads back to it.
    fn san_of(pos: &mut Position, coordinate: &str) -> String {
        let moves = legal(pos);
        let mv = crate::movegen::notation::parse_move(pos, &moves, coordinate, RankStyle::FromOne)
            .unwrap_or_else(|| panic!("{coordinate} is legal"));
        let text = san(pos, &moves, mv).unwrap_or_else(|| panic!("{coordinate} has a SAN"));
        assert_eq!(read(pos, &moves, &text), Ok(mv), "{text} reads back");
        text
    }

    const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn the_opera_game_is_written_as_published() {
        // Morphy v Duke Karl and Count Isouard, Paris 1858, as printed in SAN; the coordinate
        // moves worked out by hand from the board.
        let coordinate = "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 \
                          b1c3 c7c6 c1g5 b7b5 c3b5 c6b5 c4b5 b8d7 e1c1 a8d8 d1d7 d8d7 h1d1 e7e6 \
                          b5d7 f6d7 b3b8 d7b8 d1d8";
        let published = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
                         Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";
        let mut pos = position("chess", CHESS_START);
        let mut written = Vec::new();
        for text in coordinate.split_whitespace() {
            written.push(san_of(&mut pos, text));
            let moves = legal(&mut pos);
            let mv = read(&pos, &moves, written.last().unwrap()).unwrap();
            make_move(&mut pos, mv);
        }
        assert_eq!(written.join(" "), published);
    }

    #[test]
    fn the_start_square_tells_apart_pieces_of_one_type() {
        // Knights on b1 and f1 both reach d2; only b1's reaches c3.
        let mut pos = position("chess", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        assert_eq!(san_of(&mut pos, "b1d2"), "Nbd2");
        assert_eq!(san_of(&mut pos, "f1d2"), "Nfd2");
        assert_eq!(san_of(&mut pos, "b1c3"), "Nc3");
        let moves = legal(&mut pos);
        assert_eq!(
            read(&pos, &moves, "Nd2"),
            Err(SanError::Ambiguous(vec!["b1d2".into(), "f1d2".into()]))
        );
        assert_eq!(
            read(&pos, &moves, "Nd4"),
            Err(SanError::Illegal(
                "no legal move of a knight goes to d4".into()
            ))
        );
        // Rooks on a1 and a5, one file: the rank tells them apart.
        let mut pos = position("chess", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
        assert_eq!(san_of(&mut pos, "a1a3"), "R1a3");
        assert_eq!(san_of(&mut pos, "a5a3"), "R5a3");
        assert_eq!(san_of(&mut pos, "a5b5"), "Rb5");
        // Queens on a1, a3 and c1 all reach b2: one shares the file, one the rank.
        let mut pos = position("chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
        assert_eq!(san_of(&mut pos, "a1b2"), "Qa1b2");
        assert_eq!(san_of(&mut pos, "a3b2"), "Q3b2");
        assert_eq!(san_of(&mut pos, "c1b2"), "Qcb2");
    }

    #[test]
    fn promotions_castling_and_drops() {
        let mut pos = position("chess", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
        // A queen on d8 or a rook on e8 checks along the eighth rank; a knight on d8 does not.
        assert_eq!(san_of(&mut pos, "e7d8q"), "exd8=Q+");
        assert_eq!(san_of(&mut pos, "e7d8n"), "exd8=N");
        assert_eq!(san_of(&mut pos, "e7e8r"), "e8=R+");
        let moves = legal(&mut pos);
        let plain = crate::movegen::notation::parse_move(&pos, &moves, "e7e8q", RankStyle::FromOne);
        assert_eq!(
            read(&pos, &moves, "e8Q").ok(),
            plain,
            "a missing '=' is read"
        );
        let mut pos = position("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(san_of(&mut pos, "e1g1"), "O-O");
        assert_eq!(san_of(&mut pos, "e1c1"), "O-O-O");
        let moves = legal(&mut pos);
        assert_eq!(read(&pos, &moves, "0-0"), read(&pos, &moves, "O-O"));
        // A knight dropped on f6 checks the king on e8.
        let mut pos = position(
            "crazyhouse",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1",
        );
        assert_eq!(san_of(&mut pos, "N@f6"), "N@f6+");
        assert_eq!(san_of(&mut pos, "N@e4"), "N@e4");
    }

    #[test]
    fn shogi_promotions_are_marked_and_promoted_pieces_named_by_their_base() {
        // A silver entering the zone may promote (`+`) or decline (`=`); on e7 it checks the
        // king on e8 either way, so the check mark follows.
        let mut pos = position("shogi", "9/4k4/9/9/4S4/9/9/9/4K4[] w - - 0 1");
        assert_eq!(san_of(&mut pos, "e5e6"), "Se6");
        let mut pos = position("shogi", "4k4/9/9/4S4/9/9/9/9/4K4[] w - - 0 1");
        assert_eq!(san_of(&mut pos, "e6e7+"), "Se7+");
        assert_eq!(san_of(&mut pos, "e6e7"), "Se7=");
        let mut pos = position("shogi", "9/4k4/9/4S4/9/9/9/9/4K4[] w - - 0 1");
        assert_eq!(san_of(&mut pos, "e6e7+"), "Se7++");
        assert_eq!(san_of(&mut pos, "e6e7"), "Se7=+");
        // Leaving the zone promotes too; a pawn reaching the last rank must promote, and its
        // move is then written with `+` alone.
        let mut pos = position("shogi", "k8/3P5/9/9/9/9/9/9/4K4[] w - - 0 1");
        assert_eq!(san_of(&mut pos, "d8d9+"), "d9+");
        let mut pos = position("shogi", "k8/9/4B4/9/9/9/9/9/4K4[] w - - 0 1");
        assert_eq!(san_of(&mut pos, "e7c5+"), "Bc5+");
        assert_eq!(san_of(&mut pos, "e7c5"), "Bc5=");
        // A tokin and a dragon are named `+P` and `+R`; a capture, and a drop.
        let mut pos = position("shogi", "4k4/9/9/3+P5/9/9/1+R7/9/4K4[P] w - - 0 1");
        assert_eq!(san_of(&mut pos, "d6d7"), "+Pd7");
        assert_eq!(san_of(&mut pos, "b3b9"), "+Rb9+");
        assert_eq!(san_of(&mut pos, "P@e5"), "P@e5");
        let moves = legal(&mut pos);
        let tokin = crate::movegen::notation::parse_move(&pos, &moves, "d6d7", RankStyle::FromOne);
        assert_eq!(
            read(&pos, &moves, "Td7").ok(),
            tokin,
            "its own letter reads too"
        );
        let mut pos = position("shogi", "4k4/9/9/4S4/9/9/9/9/4K4[] w - - 0 1");
        let moves = legal(&mut pos);
        let declined =
            crate::movegen::notation::parse_move(&pos, &moves, "e6e7", RankStyle::FromOne);
        assert_eq!(
            read(&pos, &moves, "Se7").ok(),
            declined,
            "no mark: no promotion"
        );
    }

    #[test]
    fn moves_san_cannot_name_have_none() {
        // Janggi's pass: SAN has no such move.
        let mut pos = position("janggi", &load_by_name("janggi").unwrap().start_fen);
        let moves = legal(&mut pos);
        let pass = moves.iter().copied().find(|m| m.is_pass()).expect("a pass");
        assert_eq!(san(&mut pos, &moves, pass), None);
    }
}
