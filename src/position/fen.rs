//! FEN in and out, in the conventions XBoard and Fairy-Stockfish share: multi-digit empty
//! counts, `*` for a wall square no piece may enter, castling rights as `KQkq`, X-FEN or Shredder-FEN file letters, an en-passant field
//! of one square (or two, passed square and the mover's square, as for Berolina pawns).
//!
//! Which pieces are unmoved is not written in a FEN; it is decided as XBoard does: castling
//! kings and partners are unmoved exactly when the castling field says so, every other piece
//! when it stands where the variant's start position has the same piece.

use crate::types::{Colour, Piece, PieceId, Square};
use std::sync::Arc;

use super::fen_board::{err, parse_board, promoted_base, read_text};
pub use super::fen_board::{FenError, FenField};
use super::geometry::RankStyle;
use super::Position;
use crate::position::ruleset::Ruleset;

impl Position {
    /// The variant's start position.
    pub fn start(tables: Arc<Ruleset>) -> Position {
        let fen = tables.variant.start_fen.clone();
        Position::from_fen(tables, &fen).expect("start FEN validated when the variant loaded")
    }

    /// Set up a position from a FEN.
    pub fn from_fen(tables: Arc<Ruleset>, fen: &str) -> Result<Position, FenError> {
        let text = read_text(fen)?;
        let (board, marked) = parse_board(&tables.variant, &tables.geo, &text)?;
        let mut pos = Position::empty(tables.clone());
        let geo = tables.geo;
        for sq in geo.squares() {
            let c = board[sq];
            if c.is_piece() {
                pos.set_piece(sq, c);
            } else if c == Piece::WALL {
                pos.set_wall(sq);
            }
        }
        for sq in marked {
            let base = promoted_base(&tables.variant, board[sq].kind());
            pos.set_promoted_from(sq, base);
        }
        if let Some(hand) = text.holdings {
            if !text.holdings_closed {
                return err(
                    FenField::Holdings,
                    format!("holdings '[{}' have no closing ']'", hand.text),
                );
            }
            pos.init_hand(hand.text)?;
        }
        pos.side = match text.side.map(|f| f.text) {
            None | Some("w") => Colour::White,
            Some("b") => Colour::Black,
            Some(s) => {
                return err(
                    FenField::SideToMove,
                    format!("side to move '{s}' is neither w nor b"),
                )
            }
        };
        if pos.side == Colour::Black {
            pos.hash ^= tables.zobrist.side;
        }
        pos.init_virginity(text.castling.map_or("-", |f| f.text))?;
        pos.init_ep(text.en_passant.map_or("-", |f| f.text))?;
        match text.checks.as_slice() {
            [] => {}
            [field] => pos.init_checks(field.text)?,
            _ => return err(FenField::Checks, "more than one check-count field"),
        }
        let mut numbers = Vec::with_capacity(2);
        for field in text.counters.iter().map(|f| f.text) {
            match field.parse::<u32>() {
                Ok(n) if numbers.len() < 2 => numbers.push(n),
                Ok(_) => {
                    return err(
                        FenField::Counters,
                        format!("'{field}' after the move counters"),
                    )
                }
                Err(_) => {
                    return err(
                        FenField::Counters,
                        format!("'{field}' is not a move counter (a whole number from 0)"),
                    )
                }
            }
        }
        pos.halfmove = numbers.first().copied().unwrap_or(0);
        pos.repeatable = pos.halfmove;
        pos.fullmove = numbers.get(1).copied().unwrap_or(1).max(1);
        pos.check_royals()?;
        pos.check_placement()?;
        pos.refresh_state(false);
        Ok(pos)
    }

    /// The n-check field `3+3`: checks White and Black still need.
    fn init_checks(&mut self, field: &str) -> Result<(), FenError> {
        let n = self.tables.variant.rules.check_count;
        let parsed = field
            .split_once('+')
            .and_then(|(w, b)| Some((w.parse::<u32>().ok()?, b.parse::<u32>().ok()?)));
        match parsed {
            Some((w, b)) if n > 0 && w <= n && b <= n => {
                self.set_checks_given(Colour::White, (n - w) as u8);
                self.set_checks_given(Colour::Black, (n - b) as u8);
                Ok(())
            }
            _ => err(
                FenField::Checks,
                format!("'{field}' is not a check count of this variant"),
            ),
        }
    }

    /// Holdings as in `QNpp` (between the brackets): upper case White's, lower case Black's; `-` is empty.
    fn init_hand(&mut self, text: &str) -> Result<(), FenError> {
        if !self.tables.has_hand() && !text.is_empty() && text != "-" {
            return err(
                FenField::Holdings,
                format!(
                    "holdings '[{text}]' given, but {} has no holdings",
                    self.tables.variant.name
                ),
            );
        }
        let tables = self.tables.clone();
        let not_a_piece = |i: usize| {
            let c = text.chars().nth(i).unwrap_or(' ');
            let name = &tables.variant.name;
            err(
                FenField::Holdings,
                format!("'{c}' in the holdings is not a piece of {name}"),
            )
        };
        let (ids, unreadable) = PieceId::read_list(text, Some('-'));
        for (i, read) in ids {
            let Some(kind) = tables.variant.piece_of(read.id) else {
                return not_a_piece(i);
            };
            let n = self.in_hand(read.colour, kind);
            self.set_in_hand(read.colour, kind, n.saturating_add(1));
        }
        match unreadable {
            Some(i) => not_a_piece(i),
            None => Ok(()),
        }
    }

    /// Rules the pieces must keep together: no royal piece in hand (except where every piece in
    /// hand must be dropped before play), no promoted piece in hand, no piece where it could
    /// never move again (where the rules forbid that, or where it could only have arrived by a
    /// move that must have promoted it), and the side that has just moved not in check.
    fn check_placement(&self) -> Result<(), FenError> {
        let t = &self.tables;
        for colour in Colour::BOTH {
            for (kind, info) in t.pieces.iter().enumerate() {
                if self.in_hand(colour, kind) == 0 {
                    continue;
                }
                if info.royal && !t.hand.must_drop {
                    return err(
                        FenField::Holdings,
                        format!(
                            "'{}' is royal and cannot be in hand",
                            self.letter_of(kind, colour)
                        ),
                    );
                }
                if info.hand_type != kind {
                    return err(
                        FenField::Holdings,
                        format!(
                            "'{}' is a promoted piece; in hand it is '{}'",
                            self.letter_of(kind, colour),
                            self.letter_of(info.hand_type, colour)
                        ),
                    );
                }
            }
        }
        let geo = t.geo;
        for sq in geo.squares() {
            let c = self.board[sq];
            if !c.is_piece() {
                continue;
            }
            let (kind, colour) = (c.kind(), c.colour());
            let info = &t.pieces[kind];
            let droppable = t.hand.drops && info.drop_zone[colour].has(sq);
            let must_have_promoted = info
                .promotion
                .as_ref()
                .is_some_and(|p| p.mandatory && p.zone[colour].has(sq));
            let impossible = t.hand.immobility_illegal || (must_have_promoted && !droppable);
            if impossible && info.dead[colour].has(sq) {
                return err(
                    FenField::Board,
                    format!(
                        "'{}' on {} could never move again: it would have promoted",
                        self.letter_of(kind, colour),
                        geo.name(sq, RankStyle::FromOne)
                    ),
                );
            }
        }
        Ok(())
    }

    /// The FEN text of a piece type for a colour: its ID, or `+X` for the promoted form of X.
    fn letter_of(&self, kind: usize, colour: Colour) -> String {
        let info = &self.tables.pieces[kind];
        match info.promoted_of {
            Some(base) => format!("+{}", self.tables.pieces[base].id.text_for(colour)),
            None => info.id.text_for(colour),
        }
    }

    fn check_royals(&self) -> Result<(), FenError> {
        let has_royal_type = self.tables.pieces.iter().any(|p| p.royal);
        if !has_royal_type {
            return Ok(());
        }
        for colour in Colour::BOTH {
            let n = self.royals[colour].len();
            let expected = self.start_royal_count(colour);
            if n > expected.max(1) {
                let who = colour.name();
                return err(
                    FenField::Board,
                    format!(
                        "{who} has {n} royal pieces, the variant allows {}",
                        expected.max(1)
                    ),
                );
            }
        }
        Ok(())
    }

    fn start_royal_count(&self, colour: Colour) -> usize {
        let t = &self.tables;
        t.geo
            .squares()
            .filter(|&sq| {
                let c = t.start_board[sq];
                c.is_of(colour) && t.pieces[c.kind()].royal
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
        let gating = tables.hand.gating;
        for sq in geo.squares() {
            let c = self.board[sq];
            let gating_rank = gating && geo.coords(sq).1 == tables.gating_rank[c.colour()];
            let tracked = c.is_piece() && tables.pieces[c.kind()].tracks_virginity;
            if tracked && !self.is_castling_type(c.kind()) && !gating_rank {
                let unmoved = tables.start_board[sq] == c;
                self.set_virgin(sq, unmoved);
            }
        }
        if tables.variant.rules.initial_rights_in_fen {
            return self.init_initial_rights(field);
        }
        if field == "-" {
            return Ok(());
        }
        if gating {
            return self.init_gating_rights(field);
        }
        self.init_virginity_castling(field)
    }

    /// The first rank of `colour`.
    fn first_rank(&self, colour: Colour) -> u8 {
        match colour {
            Colour::White => 0,
            Colour::Black => self.tables.geo.ranks - 1,
        }
    }

    /// `initial_rights_in_fen`: the first-rank pieces with `i` moves keep them only when the
    /// castling field names their file (`DEde`).
    fn init_initial_rights(&mut self, field: &str) -> Result<(), FenError> {
        let tables = self.tables.clone();
        let geo = tables.geo;
        let has_initial = |c: Piece| c.is_piece() && tables.pieces[c.kind()].tracks_virginity;
        for colour in Colour::BOTH {
            let rank = self.first_rank(colour);
            for f in 0..geo.files {
                let sq = geo.square(f, rank);
                if has_initial(self.board[sq]) {
                    self.set_virgin(sq, false);
                }
            }
        }
        for ch in field.chars().filter(|&c| c != '-') {
            let colour = Colour::of_letter(ch);
            let file = ch.to_ascii_uppercase() as u8;
            if !(b'A'..b'A' + geo.files).contains(&file) {
                return err(
                    FenField::Castling,
                    format!("'{ch}' is not a file letter naming a piece's initial moves"),
                );
            }
            let sq = geo.square(file - b'A', self.first_rank(colour));
            let c = self.board[sq];
            if !(has_initial(c) && c.colour() == colour) {
                return err(
                    FenField::Castling,
                    format!(
                        "initial right '{ch}' but no piece of that side with initial moves there"
                    ),
                );
            }
            self.set_virgin(sq, true);
        }
        Ok(())
    }

    /// The castling field of `initial_rights_in_fen`: the files of the first-rank pieces that
    /// keep their `i` moves, White's (upper case) then Black's.
    fn initial_rights_field(&self) -> String {
        let geo = self.tables.geo;
        let mut out = String::new();
        for colour in Colour::BOTH {
            let rank = self.first_rank(colour);
            for f in 0..geo.files {
                let sq = geo.square(f, rank);
                let c = self.board[sq];
                if c.is_of(colour)
                    && self.tables.pieces[c.kind()].tracks_virginity
                    && self.virgin[sq]
                {
                    let letter = char::from(b'A' + f);
                    out.push(match colour {
                        Colour::White => letter,
                        Colour::Black => letter.to_ascii_lowercase(),
                    });
                }
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// Castling rights: the king and the partner each right names are unmoved.
    fn init_virginity_castling(&mut self, field: &str) -> Result<(), FenError> {
        let tables = self.tables.clone();
        let geo = tables.geo;
        // Without castling the field means nothing; GUIs still send it (as Fairy-Stockfish
        // does, ignore it).
        let Some(castling) = tables.castling.as_ref() else {
            return Ok(());
        };
        for ch in field.chars() {
            let colour = Colour::of_letter(ch);
            let rank = castling.rank[colour];
            let king_code = Piece::new(castling.king, colour);
            let king_file = (0..geo.files).find(|&f| self.board[geo.square(f, rank)] == king_code);
            let Some(king_file) = king_file else {
                return err(
                    FenField::Castling,
                    format!("castling right '{ch}' but no king on the castling rank"),
                );
            };
            let is_partner = |c: Piece| c.is_of(colour) && castling.partners >> c.kind() & 1 != 0;
            let partner_file = match ch.to_ascii_uppercase() {
                'K' => (king_file + 1..=castling.kingside_partner_file)
                    .rev()
                    .find(|&f| is_partner(self.board[geo.square(f, rank)])),
                'Q' => (castling.queenside_partner_file..king_file)
                    .find(|&f| is_partner(self.board[geo.square(f, rank)])),
                c @ 'A'..='P' => {
                    let f = c as u8 - b'A';
                    (f < geo.files && is_partner(self.board[geo.square(f, rank)])).then_some(f)
                }
                _ => {
                    return err(
                        FenField::Castling,
                        format!("'{ch}' is not a castling right"),
                    )
                }
            };
            let Some(partner_file) = partner_file else {
                return err(
                    FenField::Castling,
                    format!("castling right '{ch}' but no castling partner there"),
                );
            };
            self.set_virgin(geo.square(king_file, rank), true);
            self.set_virgin(geo.square(partner_file, rank), true);
        }
        Ok(())
    }

    /// Seirawan's castling field: `K`/`Q` castling rights (which also keep the king's and the
    /// rook's gating rights), and file letters for the other back-rank pieces that may still gate.
    fn init_gating_rights(&mut self, field: &str) -> Result<(), FenError> {
        let tables = self.tables.clone();
        let geo = tables.geo;
        let castling_part: String = field
            .chars()
            .filter(|c| matches!(c, 'K' | 'Q' | 'k' | 'q'))
            .collect();
        if !castling_part.is_empty() && tables.castling.is_some() {
            self.init_virginity_castling(&castling_part)?;
        }
        for ch in field
            .chars()
            .filter(|c| !matches!(c, 'K' | 'Q' | 'k' | 'q'))
        {
            let colour = Colour::of_letter(ch);
            let file = ch.to_ascii_uppercase() as u8;
            if !(b'A'..b'A' + geo.files).contains(&file) {
                return err(
                    FenField::Castling,
                    format!("'{ch}' is not a castling or gating right"),
                );
            }
            let sq = geo.square(file - b'A', tables.gating_rank[colour]);
            let p = self.board[sq];
            if !p.is_piece() || p.colour() != colour {
                return err(
                    FenField::Castling,
                    format!("gating right '{ch}' but no piece of that side there"),
                );
            }
            self.set_virgin(sq, true);
            self.mark_castling_king(p, colour);
        }
        Ok(())
    }

    /// A castling right named by its partner's file also means the king has not moved.
    fn mark_castling_king(&mut self, partner: Piece, colour: Colour) {
        let tables = self.tables.clone();
        let Some(castling) = tables.castling.as_ref() else {
            return;
        };
        if castling.partners >> partner.kind() & 1 == 0 {
            return;
        }
        let geo = tables.geo;
        let king = Piece::new(castling.king, colour);
        let rank = castling.rank[colour];
        if let Some(k) = (0..geo.files)
            .map(|f| geo.square(f, rank))
            .find(|&s| self.board[s] == king)
        {
            self.set_virgin(k, true);
        }
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
                None => {
                    return err(
                        FenField::EnPassant,
                        format!("en-passant field '{field}' is not a square"),
                    )
                }
            }
        }
        if squares.len() > 2 {
            return err(
                FenField::EnPassant,
                format!("en-passant field '{field}' has too many squares"),
            );
        }
        let them = !self.side;
        let owned_by_them = |sq: Square| self.board[sq].is_of(them);
        let (target, victim) = match squares.as_slice() {
            [a, b] if owned_by_them(*b) => (*a, *b),
            [a, b] if owned_by_them(*a) => (*b, *a),
            [a] => {
                let step = if them == Colour::White {
                    geo.stride
                } else {
                    -geo.stride
                };
                let mut s = a.offset(step);
                while self.board[s] == Piece::EMPTY {
                    s = s.offset(step);
                }
                if !owned_by_them(s) {
                    return err(
                        FenField::EnPassant,
                        format!("'{field}': no piece of the side that just moved stands behind it"),
                    );
                }
                (*a, s)
            }
            _ => {
                return err(
                    FenField::EnPassant,
                    format!("'{field}': neither square holds a piece of the side that just moved"),
                )
            }
        };
        if self.board[target] != Piece::EMPTY {
            return err(
                FenField::EnPassant,
                format!("'{field}': the square passed over is not empty"),
            );
        }
        self.set_ep([target, Square::NONE], victim);
        Ok(())
    }

    /// The position as a FEN.
    pub fn to_fen(&self) -> String {
        let geo = self.tables.geo;
        let mut out = String::new();
        for rank in (0..geo.ranks).rev() {
            let mut empty = 0;
            for file in 0..geo.files {
                let c = self.board[geo.square(file, rank)];
                if c == Piece::WALL {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push('*');
                } else if c.is_piece() {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let info = &self.tables.pieces[c.kind()];
                    out.push_str(&self.letter_of(c.kind(), c.colour()));
                    if self.tables.hand.captures_to_hand
                        && self.promoted_from(geo.square(file, rank)).is_some()
                        && info.promoted_of.is_none()
                    {
                        out.push('~');
                    }
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
        if self.tables.has_hand() {
            out.push('[');
            for colour in Colour::BOTH {
                for (kind, info) in self.tables.pieces.iter().enumerate() {
                    for _ in 0..self.in_hand(colour, kind) {
                        out.push_str(&info.id.text_for(colour));
                    }
                }
            }
            out.push(']');
        }
        out.push(' ');
        out.push(self.side.fen_letter());
        out.push(' ');
        out.push_str(&self.castling_field());
        out.push(' ');
        if self.ep[0] == Square::NONE {
            out.push('-');
        } else {
            out.push_str(&geo.name(self.ep[0], RankStyle::FromOne));
        }
        let n = self.tables.variant.rules.check_count;
        if n > 0 {
            let left = |c: Colour| n.saturating_sub(u32::from(self.checks_given(c)));
            out.push_str(&format!(" {}+{}", left(Colour::White), left(Colour::Black)));
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }

    /// The castling partners of `colour` on its castling rank, when its castling king stands
    /// there unmoved: the rank, then the files of the partners on the king side (outermost
    /// first) and on the queen side (outermost first), moved or not.
    pub(crate) fn castling_partners(&self, colour: Colour) -> Option<(u8, [Vec<u8>; 2])> {
        let castling = self.tables.castling.as_ref()?;
        let geo = self.tables.geo;
        let rank = castling.rank[colour];
        let king_code = Piece::new(castling.king, colour);
        let king_file = (0..geo.files).find(|&f| {
            let sq = geo.square(f, rank);
            self.board[sq] == king_code && self.virgin[sq]
        })?;
        let partner_at = |f: u8| {
            let sq = geo.square(f, rank);
            let c = self.board[sq];
            c.is_of(colour) && castling.partners >> c.kind() & 1 != 0
        };
        let right: Vec<u8> = (king_file + 1..=castling.kingside_partner_file)
            .rev()
            .filter(|&f| partner_at(f))
            .collect();
        let left: Vec<u8> = (castling.queenside_partner_file..king_file)
            .filter(|&f| partner_at(f))
            .collect();
        Some((rank, [right, left]))
    }

    /// Whether `colour` may still castle on the king side (`side` 0) or the queen side (1):
    /// its castling king and a partner on that side are unmoved.
    pub fn has_castling_right(&self, colour: Colour, side: usize) -> bool {
        self.castling_partners(colour).is_some_and(|(rank, files)| {
            files[side]
                .iter()
                .any(|&f| self.virgin[self.tables.geo.square(f, rank)])
        })
    }

    fn castling_field(&self) -> String {
        if self.tables.variant.rules.initial_rights_in_fen {
            return self.initial_rights_field();
        }
        if self.tables.castling.is_none() {
            return "-".into();
        }
        let geo = self.tables.geo;
        let mut out = String::new();
        for colour in Colour::BOTH {
            let Some((rank, [right, left])) = self.castling_partners(colour) else {
                continue;
            };
            let mut letters = String::new();
            for (side, files) in [('K', &right), ('Q', &left)] {
                for (i, &f) in files.iter().enumerate() {
                    if !self.virgin[geo.square(f, rank)] {
                        continue;
                    }
                    let ch = if self.tables.variant.chess960 || i > 0 {
                        (b'A' + f) as char
                    } else {
                        side
                    };
                    letters.push(if colour == Colour::White {
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
