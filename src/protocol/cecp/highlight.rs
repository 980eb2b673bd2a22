//! Answers to XBoard's `lift`, `put` and `hover`: which squares the picked-up piece can reach
//! (for a piece lifted from the holdings, where it can be dropped), as a `highlight` colour FEN
//! (captures red, other moves yellow, promotions with a choice magenta, stops of multi-leg moves
//! cyan; a promotion without a choice is marked like a plain move), the `choice` of promotion
//! pieces, the next leg's targets after a non-final leg, and the victims a capture would remove
//! (lower case where the square is not itself a destination).

use crate::game::Game;
use crate::movegen::notation::{is_capture, stops};
use crate::movegen::Move;
use crate::position::Position;
use crate::types::{Colour, Kind, Square};

/// Colours by priority: a square reachable in several ways shows the most informative one.
const PRIORITY: [char; 4] = ['Y', 'R', 'M', 'C'];

/// A board of colour marks.
struct Marks {
    files: u8,
    ranks: u8,
    cells: Vec<Option<char>>,
}

impl Marks {
    fn new(pos: &Position) -> Marks {
        let geo = pos.geo();
        Marks {
            files: geo.files,
            ranks: geo.ranks,
            cells: vec![None; usize::from(geo.files) * usize::from(geo.ranks)],
        }
    }

    fn index(&self, pos: &Position, sq: Square) -> usize {
        let (f, r) = pos.geo().coords(sq);
        usize::from(r) * usize::from(self.files) + usize::from(f)
    }

    /// Mark `sq`, keeping a higher-priority colour already there.
    fn mark(&mut self, pos: &Position, sq: Square, colour: char) {
        let i = self.index(pos, sq);
        let rank = |c: char| PRIORITY.iter().position(|&p| p == c.to_ascii_uppercase());
        if self.cells[i].is_none_or(|old| rank(old) < rank(colour)) {
            self.cells[i] = Some(colour);
        }
    }

    fn set(&mut self, pos: &Position, sq: Square, colour: char) {
        let i = self.index(pos, sq);
        self.cells[i] = Some(colour);
    }

    fn get(&self, pos: &Position, sq: Square) -> Option<char> {
        self.cells[self.index(pos, sq)]
    }

    /// The colour FEN: ranks from the top, runs of unmarked squares as numbers.
    fn fen(&self) -> String {
        let mut rows = Vec::new();
        for r in (0..usize::from(self.ranks)).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 0..usize::from(self.files) {
                match self.cells[r * usize::from(self.files) + f] {
                    Some(c) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        rows.join("/")
    }
}

/// Colour of a final destination among `moves` (all ending there). A promotion with a choice
/// is magenta; a promotion without one is marked like a plain move: XBoard would wait for the
/// `choice` of a blue (forced-promotion) square, and ignores `choice` while it tests legality,
/// so the piece could not be put down. The bare move is read as that promotion.
fn destination_colour(pos: &Position, moves: &[Move]) -> char {
    let mut outcomes: Vec<Option<Kind>> = moves.iter().map(|m| m.promotion).collect();
    outcomes.sort_unstable();
    outcomes.dedup();
    if outcomes.len() > 1 {
        return 'M';
    }
    if moves.iter().any(|&m| is_capture(pos, m)) {
        'R'
    } else {
        'Y'
    }
}

/// The legal moves of the piece on `from` whose first `done` stops are `path`.
fn continuing(game: &mut Game, from: Square, path: &[Square]) -> Vec<(Move, Vec<Square>)> {
    let legal = game.legal_moves();
    legal
        .into_iter()
        .filter(|m| m.from == from)
        .map(|m| (m, stops(&game.pos, m)))
        .filter(|(_, s)| s.len() > path.len() && s[..path.len()] == *path)
        .collect()
}

/// The highlight after the piece on `from` has been moved along `path` (empty: just lifted).
pub fn targets(game: &mut Game, from: Square, path: &[Square]) -> String {
    let moves = continuing(game, from, path);
    let pos = &game.pos;
    let mut marks = Marks::new(pos);
    let k = path.len();
    for (_, s) in moves.iter().filter(|(_, s)| s.len() > k + 1) {
        marks.mark(pos, s[k], 'C');
    }
    let finals: Vec<Square> = moves
        .iter()
        .filter(|(_, s)| s.len() == k + 1)
        .map(|(_, s)| s[k])
        .collect();
    for &to in &finals {
        let here: Vec<Move> = moves
            .iter()
            .filter(|(_, s)| s.len() == k + 1 && s[k] == to)
            .map(|(m, _)| *m)
            .collect();
        marks.mark(pos, to, destination_colour(pos, &here));
    }
    marks.fen()
}

/// The highlight for a piece of `colour` and type `kind` lifted from the hand: where it may be
/// dropped (nowhere when the other side is to move).
pub fn drop_targets(game: &mut Game, colour: Colour, kind: usize) -> String {
    let legal = if colour == game.pos.side() {
        game.legal_moves()
    } else {
        Vec::new()
    };
    let pos = &game.pos;
    let mut marks = Marks::new(pos);
    for mv in legal.iter().filter(|m| m.drop_type() == Some(kind)) {
        marks.mark(pos, mv.to, 'Y');
    }
    marks.fen()
}

/// Whether some move of the piece on `from` along `path` continues from `at` (a non-final stop).
pub fn is_stop(game: &mut Game, from: Square, path: &[Square], at: Square) -> bool {
    let k = path.len();
    continuing(game, from, path)
        .iter()
        .any(|(_, s)| s.len() > k + 1 && s[k] == at)
}

/// The `choice` letters for moving the piece on `from` along `path` to `to`, most likely first;
/// the piece's own letter last when it may also stay as it is. `None` if nothing promotes.
pub fn choice(game: &mut Game, from: Square, path: &[Square], to: Square) -> Option<String> {
    let k = path.len();
    let moves: Vec<Move> = continuing(game, from, path)
        .into_iter()
        .filter(|(_, s)| s.len() == k + 1 && s[k] == to)
        .map(|(m, _)| m)
        .collect();
    if moves.iter().all(|m| m.promotion.is_none()) {
        return None;
    }
    let pos = &game.pos;
    let side = pos.side();
    let variant = &pos.tables.variant;
    let piece = variant.pieces.get(pos.at(from).kind())?;
    let order = piece
        .promotion
        .as_ref()
        .map(|p| p.choices_for(side).to_vec())
        .unwrap_or_default();
    let mut kinds: Vec<usize> = moves.iter().filter_map(|m| m.promotion_type()).collect();
    kinds.sort_by_key(|k| order.iter().position(|o| o == k).unwrap_or(usize::MAX));
    kinds.dedup();
    let mut text: String = kinds
        .iter()
        .map(|&k| variant.pieces[k].id.letter_for(side))
        .collect();
    if moves.iter().any(|m| m.promotion.is_none()) {
        text.push(piece.id.letter_for(side));
    }
    Some(text)
}

/// The highlight while hovering over `to`: the destinations as after lifting, plus the victims
/// of the capture to `to` in green (upper case where the victim's square is also a destination).
/// `None` when the moves to `to` take nothing but what stands there: the highlight would not
/// change, and XBoard, which reads it only after animating a move made meanwhile, would draw
/// it on the new position.
pub fn victims(game: &mut Game, from: Square, path: &[Square], to: Square) -> Option<String> {
    let k = path.len();
    let moves = continuing(game, from, path);
    let base = targets(game, from, path);
    let pos = &game.pos;
    let mut marks = Marks::new(pos);
    for (i, row) in base.split('/').enumerate() {
        let r = usize::from(pos.geo().ranks) - 1 - i;
        let mut f = 0usize;
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            f += digits.parse::<usize>().unwrap_or(0);
            digits.clear();
            marks.cells[r * usize::from(marks.files) + f] = Some(c);
            f += 1;
        }
    }
    let mut marked = false;
    for (m, s) in &moves {
        if s.len() != k + 1 || s[k] != to || m.is_castle() {
            continue;
        }
        for &v in m
            .kills
            .iter()
            .filter(|&&v| v.is_some() && !path.contains(&v))
        {
            marked = true;
            let colour = if marks.get(pos, v).is_some() {
                'G'
            } else {
                'g'
            };
            marks.set(pos, v, colour);
        }
    }
    marked.then(|| marks.fen())
}
