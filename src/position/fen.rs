//! FEN in and out, in the conventions XBoard and Fairy-Stockfish share: multi-digit empty
//! counts, castling rights as `KQkq`, X-FEN or Shredder-FEN file letters, an en-passant field
//! of one square (or two, passed square and the mover's square, as for Berolina pawns).
//!
//! Which pieces are unmoved is not written in a FEN; it is decided as XBoard does: castling
//! kings and partners are unmoved exactly when the castling field says so, every other piece
//! when it stands where the variant's start position has the same piece.

use std::sync::Arc;

use super::geometry::RankStyle;
use super::Position;
use crate::movegen::moves::NO_SQUARE;
use crate::movegen::tables::{code, Tables};

/// A FEN that does not describe a position of the variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FenError(pub String);

fn err<T>(msg: impl Into<String>) -> Result<T, FenError> {
    Err(FenError(msg.into()))
}

/// The board part of a FEN as piece codes on the padded board.
pub fn board_codes(tables: &Tables, fen: &str) -> Result<Vec<u8>, FenError> {
    let geo = tables.geo;
    let board_part = fen.split_whitespace().next().unwrap_or("");
    let board_part = board_part.split('[').next().unwrap_or("");
    let rows: Vec<&str> = board_part.split('/').collect();
    if rows.len() != geo.ranks as usize {
        return err(format!(
            "the board has {} ranks but the FEN gives {}",
            geo.ranks,
            rows.len()
        ));
    }
    let mut board = vec![code::WALL; geo.size];
    for sq in geo.squares() {
        board[sq as usize] = code::EMPTY;
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = geo.ranks as usize - 1 - i;
        let mut file = 0usize;
        let chars: Vec<char> = row.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let c = chars[j];
            if c.is_ascii_digit() {
                let mut n = 0usize;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    n = n * 10 + chars[j].to_digit(10).unwrap_or(0) as usize;
                    j += 1;
                }
                file += n;
                continue;
            }
            if c == '~' {
                j += 1;
                continue;
            }
            let kind = match tables.variant.piece_index(c) {
                Some(k) if c.is_ascii_alphabetic() => k,
                _ => {
                    return err(format!(
                        "'{c}' in rank {} is not a piece of {}",
                        rank + 1,
                        tables.variant.name
                    ))
                }
            };
            if file >= geo.files as usize {
                return err(format!("rank {} has more than {} files", rank + 1, geo.files));
            }
            let colour = usize::from(c.is_ascii_lowercase());
            board[geo.square(file as u8, rank as u8) as usize] = code::piece(kind, colour);
            file += 1;
            j += 1;
        }
        if file != geo.files as usize {
            return err(format!(
                "rank {} has {} files, the board has {}",
                rank + 1,
                file,
                geo.files
            ));
        }
    }
    Ok(board)
}

impl Position {
    /// The variant's start position.
    pub fn start(tables: Arc<Tables>) -> Position {
        let fen = tables.variant.start_fen.clone();
        Position::from_fen(tables, &fen).expect("start FEN validated when the variant loaded")
    }

    /// Set up a position from a FEN.
    pub fn from_fen(tables: Arc<Tables>, fen: &str) -> Result<Position, FenError> {
        let board = board_codes(&tables, fen)?;
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if let Some(hand) = fields[0].split_once('[').map(|(_, h)| h.trim_end_matches(']')) {
            if !hand.is_empty() {
                return err(format!(
                    "holdings '{hand}' given, but {} has no holdings",
                    tables.variant.name
                ));
            }
        }
        let mut pos = Position::empty(tables.clone());
        let geo = tables.geo;
        for sq in geo.squares() {
            let c = board[sq as usize];
            if code::is_piece(c) {
                pos.put(sq, c);
            }
        }
        pos.side = match fields.get(1).copied() {
            None | Some("w") => 0,
            Some("b") => 1,
            Some(s) => return err(format!("side to move '{s}' is neither w nor b")),
        };
        if pos.side == 1 {
            pos.hash ^= tables.zobrist.side;
        }
        pos.init_virginity(fields.get(2).copied().unwrap_or("-"))?;
        pos.init_ep(fields.get(3).copied().unwrap_or("-"))?;
        let counters: Vec<u32> = fields
            .iter()
            .skip(4)
            .filter(|f| !f.contains('+'))
            .filter_map(|f| f.parse().ok())
            .collect();
        pos.halfmove = counters.first().copied().unwrap_or(0);
        pos.fullmove = counters.get(1).copied().unwrap_or(1).max(1);
        pos.check_royals()?;
        Ok(pos)
    }

    fn check_royals(&self) -> Result<(), FenError> {
        let has_royal_type = self.tables.pieces.iter().any(|p| p.royal);
        if !has_royal_type {
            return Ok(());
        }
        for colour in 0..2 {
            let n = self.royals[colour].len();
            let expected = self.start_royal_count(colour);
            if n > expected.max(1) {
                let who = if colour == 0 { "White" } else { "Black" };
                return err(format!(
                    "{who} has {n} royal pieces, the variant allows {}",
                    expected.max(1)
                ));
            }
        }
        Ok(())
    }

    fn start_royal_count(&self, colour: usize) -> usize {
        let t = &self.tables;
        t.geo
            .squares()
            .filter(|&sq| {
                let c = t.start_board[sq as usize];
                code::is_piece(c) && code::colour(c) == colour && t.pieces[code::kind(c)].royal
            })
            .count()
    }

    fn is_castling_type(&self, kind: usize) -> bool {
        self.tables
            .castling
            .as_ref()
            .is_some_and(|c| c.king == kind || c.partners >> kind & 1 != 0)
    }

    fn init_virginity(&mut self, field: &str) -> Result<(), FenError> {
        let tables = self.tables.clone();
        let geo = tables.geo;
        for sq in geo.squares() {
            let c = self.board[sq as usize];
            if code::is_piece(c) && !self.is_castling_type(code::kind(c)) {
                let unmoved = tables.start_board[sq as usize] == c;
                self.set_virgin(sq, unmoved);
            }
        }
        if field == "-" {
            return Ok(());
        }
        let Some(castling) = tables.castling.as_ref() else {
            return err(format!(
                "castling rights '{field}' given, but {} has no castling",
                tables.variant.name
            ));
        };
        for ch in field.chars() {
            let colour = usize::from(ch.is_ascii_lowercase());
            let rank = castling.rank[colour];
            let king_code = code::piece(castling.king, colour);
            let king_file = (0..geo.files).find(|&f| self.board[geo.square(f, rank) as usize] == king_code);
            let Some(king_file) = king_file else {
                return err(format!(
                    "castling right '{ch}' but no king on the castling rank"
                ));
            };
            let is_partner = |c: u8| {
                code::is_piece(c)
                    && code::colour(c) == colour
                    && castling.partners >> code::kind(c) & 1 != 0
            };
            let partner_file = match ch.to_ascii_uppercase() {
                'K' => (king_file + 1..=castling.kingside_partner_file)
                    .rev()
                    .find(|&f| is_partner(self.board[geo.square(f, rank) as usize])),
                'Q' => (castling.queenside_partner_file..king_file)
                    .find(|&f| is_partner(self.board[geo.square(f, rank) as usize])),
                c @ 'A'..='P' => {
                    let f = c as u8 - b'A';
                    (f < geo.files && is_partner(self.board[geo.square(f, rank) as usize]))
                        .then_some(f)
                }
                _ => return err(format!("'{ch}' is not a castling right")),
            };
            let Some(partner_file) = partner_file else {
                return err(format!(
                    "castling right '{ch}' but no castling partner there"
                ));
            };
            self.set_virgin(geo.square(king_file, rank), true);
            self.set_virgin(geo.square(partner_file, rank), true);
        }
        Ok(())
    }

    fn init_ep(&mut self, field: &str) -> Result<(), FenError> {
        if field == "-" {
            return Ok(());
        }
        let geo = self.tables.geo;
        let mut squares = Vec::new();
        let mut rest = field;
        while !rest.is_empty() {
            match geo.parse_square(rest, RankStyle::FromOne) {
                Some((sq, used)) => {
                    squares.push(sq);
                    rest = &rest[used..];
                }
                None => return err(format!("en-passant field '{field}' is not a square")),
            }
        }
        if squares.len() > 2 {
            return err(format!("en-passant field '{field}' has too many squares"));
        }
        let them = self.side ^ 1;
        let owned_by_them =
            |sq: u16| code::is_piece(self.board[sq as usize]) && code::colour(self.board[sq as usize]) == them;
        let (target, victim) = match squares.as_slice() {
            [a, b] if owned_by_them(*b) => (*a, *b),
            [a, b] if owned_by_them(*a) => (*b, *a),
            [a] => {
                let step = if them == 0 { geo.stride } else { -geo.stride };
                let mut s = *a as i16 + step;
                while self.board[s as usize] == code::EMPTY {
                    s += step;
                }
                if !owned_by_them(s as u16) {
                    return Ok(());
                }
                (*a, s as u16)
            }
            _ => return Ok(()),
        };
        if self.board[target as usize] != code::EMPTY {
            return Ok(());
        }
        self.set_ep([target, NO_SQUARE], victim);
        Ok(())
    }

    /// The position as a FEN.
    pub fn to_fen(&self) -> String {
        let geo = self.tables.geo;
        let mut out = String::new();
        for rank in (0..geo.ranks).rev() {
            let mut empty = 0;
            for file in 0..geo.files {
                let c = self.board[geo.square(file, rank) as usize];
                if code::is_piece(c) {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let letter = self.tables.pieces[code::kind(c)].letter;
                    out.push(if code::colour(c) == 0 {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                } else {
                    empty += 1;
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        if self.tables.variant.holdings > 0 {
            out.push_str("[]");
        }
        out.push(' ');
        out.push(if self.side == 0 { 'w' } else { 'b' });
        out.push(' ');
        out.push_str(&self.castling_field());
        out.push(' ');
        if self.ep[0] == NO_SQUARE {
            out.push('-');
        } else {
            out.push_str(&geo.name(self.ep[0], RankStyle::FromOne));
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }

    fn castling_field(&self) -> String {
        let Some(castling) = self.tables.castling.as_ref() else {
            return "-".into();
        };
        let geo = self.tables.geo;
        let mut out = String::new();
        for colour in 0..2 {
            let rank = castling.rank[colour];
            let king_code = code::piece(castling.king, colour);
            let Some(king_file) = (0..geo.files).find(|&f| {
                let sq = geo.square(f, rank);
                self.board[sq as usize] == king_code && self.virgin[sq as usize]
            }) else {
                continue;
            };
            let partner_at = |f: u8| {
                let sq = geo.square(f, rank);
                let c = self.board[sq as usize];
                code::is_piece(c)
                    && code::colour(c) == colour
                    && castling.partners >> code::kind(c) & 1 != 0
            };
            let right: Vec<u8> = (king_file + 1..=castling.kingside_partner_file)
                .rev()
                .filter(|&f| partner_at(f))
                .collect();
            let left: Vec<u8> = (castling.queenside_partner_file..king_file)
                .filter(|&f| partner_at(f))
                .collect();
            let mut letters = String::new();
            for (side, files) in [('K', &right), ('Q', &left)] {
                for (i, &f) in files.iter().enumerate() {
                    if !self.virgin[geo.square(f, rank) as usize] {
                        continue;
                    }
                    let ch = if self.tables.variant.chess960 || i > 0 {
                        (b'A' + f) as char
                    } else {
                        side
                    };
                    letters.push(if colour == 0 {
                        ch
                    } else {
                        ch.to_ascii_lowercase()
                    });
                }
            }
            out.push_str(&letters);
        }
        if out.is_empty() {
            "-".into()
        } else {
            out
        }
    }
}
