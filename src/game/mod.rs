//! A game in progress: the position, the moves played and the keys of earlier positions, and
//! the game-end rules of the variant (checkmate and stalemate values, the n-move rule, n-fold
//! repetition) with the result text the CECP layer prints.

mod history;
mod illegal;

use crate::types::{ByColour, Colour};
use std::sync::Arc;

pub use history::KeyHistory;
use illegal::explain_illegal;
pub use illegal::{leaves_royal_attacked, rank_or_burn_refusal, Refusal};

use crate::movegen::attack::in_check;
use crate::movegen::ends::immediate_end;
pub use crate::movegen::ends::{EndCause, GameEnd};
use crate::movegen::notation::{move_text, parse_move};
use crate::movegen::position_from_fen;
use crate::movegen::{legal_moves, make_move, Move};
use crate::position::fen::FenError;
use crate::position::ruleset::{ColourMoves, PieceInfo, Ruleset};
use crate::position::{Position, RankStyle};
use crate::variant::GameValue;

/// Whether neither side can ever win: each has one piece, a royal of the same type, nothing
/// in hand, and the type's captures can always be returned (plain leaps and slides, the same
/// both ways for both colours), so neither royal can ever check the other. With checkmate as
/// the only way to win and stalemate a draw, as in chess's bare kings, the game is dead.
fn bare_royals(pos: &Position) -> bool {
    let t = &pos.tables;
    let rules = &t.variant.rules;
    let only_mate_wins = rules.extinction.is_none()
        && rules.flag.is_none()
        && rules.blast.is_none()
        && rules.check_count == 0
        && !rules.bikjang
        && rules.checkmate == GameValue::Loss
        && rules.stalemate == GameValue::Draw;
    if !only_mate_wins {
        return false;
    }
    let lone = |colour: Colour| match pos.pieces(colour) {
        &[sq] => Some(pos.at(sq).kind()),
        _ => None,
    };
    let (Some(kind), Some(other)) = (lone(Colour::White), lone(Colour::Black)) else {
        return false;
    };
    kind == other
        && t.pieces[kind].royal
        && pos.hand_is_empty(Colour::White)
        && pos.hand_is_empty(Colour::Black)
        && captures_return(&t.pieces[kind])
}

/// Whether whatever this piece attacks attacks it back when of the other colour: it moves only
/// by plain leaps and slides, each with its reverse, the same for both colours.
fn captures_return(info: &PieceInfo) -> bool {
    let plain = |m: &ColourMoves| m.rays.is_empty() && m.wrap_rays.is_empty() && m.multi.is_empty();
    let closed = |offsets: &[i16]| offsets.iter().all(|o| offsets.contains(&-o));
    let same =
        |a: &[i16], b: &[i16]| a.iter().all(|o| b.contains(o)) && b.iter().all(|o| a.contains(o));
    let ByColour([white, black]) = &info.moves;
    plain(white)
        && plain(black)
        && closed(&white.leaps)
        && closed(&white.slides)
        && same(&white.leaps, &black.leaps)
        && same(&white.slides, &black.slides)
        && info.confine.is_none()
        && info.zone_moves.is_none()
        && info.no_capture == 0
}

/// The end of the game by rule in `pos`, given the positions before it and its legal moves.
pub fn end_by_rule(
    pos: &Position,
    history: &KeyHistory,
    legal: &[Move],
    checked: bool,
) -> Option<GameEnd> {
    let rules = &pos.tables.variant.rules;
    let side = pos.side();
    if let Some(end) = immediate_end(pos) {
        return Some(end);
    }
    if legal.is_empty() {
        return Some(if checked {
            let value = rules.checkmate;
            let reason = match value {
                GameValue::Loss => format!("{} mates", (!side).name()),
                GameValue::Win => format!("{} wins by being checkmated", side.name()),
                GameValue::Draw => "Checkmate is a draw".to_string(),
            };
            GameEnd::from_value(value, side, EndCause::Checkmate, reason)
        } else {
            let value = rules.stalemate;
            let reason = match value {
                GameValue::Draw => "Stalemate".to_string(),
                GameValue::Win => format!("{} wins by stalemate", side.name()),
                GameValue::Loss => format!("{} is stalemated and loses", side.name()),
            };
            GameEnd::from_value(value, side, EndCause::Stalemate, reason)
        });
    }
    if bare_royals(pos) {
        return Some(GameEnd::draw(
            EndCause::DeadPosition,
            "insufficient material",
        ));
    }
    if rules.repetition_count > 0 {
        let seen = history.occurrences(pos.hash(), pos.repetition_window()) + 1;
        if seen >= rules.repetition_count as usize {
            let reason = format!("{}-fold repetition", rules.repetition_count);
            if rules.repetition == GameValue::Draw {
                return Some(GameEnd::draw_or_count(pos, EndCause::Repetition, &reason));
            }
            return Some(GameEnd::from_value(
                rules.repetition,
                side,
                EndCause::Repetition,
                reason,
            ));
        }
    }
    if rules.move_rule > 0 && pos.halfmove() >= rules.move_rule {
        let reason = format!("{}-move rule", rules.move_rule / 2);
        return Some(GameEnd::draw_or_count(pos, EndCause::MoveRule, &reason));
    }
    None
}

/// A game: a position with its history.
#[derive(Clone, Debug)]
pub struct Game {
    pub pos: Position,
    /// The positions before the current one.
    history: KeyHistory,
    /// Moves played since the game's starting position.
    moves: Vec<Move>,
}

impl Game {
    /// A game from the variant's start position.
    pub fn new(tables: Arc<Ruleset>) -> Game {
        Game::from_position(Position::start(tables))
    }

    /// A game from a FEN.
    pub fn from_fen(tables: Arc<Ruleset>, fen: &str) -> Result<Game, FenError> {
        Ok(Game::from_position(position_from_fen(tables, fen)?))
    }

    pub fn from_position(pos: Position) -> Game {
        Game {
            pos,
            history: KeyHistory::default(),
            moves: Vec::new(),
        }
    }

    pub fn tables(&self) -> &Arc<Ruleset> {
        &self.pos.tables
    }

    /// The earlier positions (for repetitions and perpetual checks in search).
    pub fn history(&self) -> &KeyHistory {
        &self.history
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn legal_moves(&mut self) -> Vec<Move> {
        let mut out = Vec::new();
        legal_moves(&mut self.pos, &mut out);
        out
    }

    /// Play a legal move.
    pub fn play(&mut self, mv: Move) {
        let checked = in_check(&self.pos, self.pos.side());
        self.history.push(self.pos.hash(), checked);
        self.moves.push(mv);
        make_move(&mut self.pos, mv);
    }

    /// Take back the last move; false if there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        self.history.pop();
        self.pos.unmake();
        true
    }

    /// The legal move a text names (CECP coordinate notation), if any.
    pub fn parse_move(&mut self, text: &str, style: RankStyle) -> Option<Move> {
        let legal = self.legal_moves();
        parse_move(&self.pos, &legal, text, style)
    }

    /// The legal move a text names, or why it is not one (for `Illegal move (reason)`).
    pub fn parse_move_explained(&mut self, text: &str, style: RankStyle) -> Result<Move, String> {
        if let Some(mv) = self.parse_move(text, style) {
            return Ok(mv);
        }
        Err(explain_illegal(&self.pos, text, style))
    }

    pub fn move_text(&self, mv: Move, style: RankStyle) -> String {
        move_text(&self.pos, mv, style)
    }

    /// The result, if the game has ended by rule in the current position: the rules of
    /// [`end_by_rule`], plus the ones that need the game's moves: a forbidden mating drop
    /// (shogi's pawn-drop mate) loses for the side that dropped, and a repetition reached by
    /// checking on every move gives the checking side the variant's perpetual-check value.
    pub fn result(&mut self) -> Option<GameEnd> {
        let legal = self.legal_moves();
        let side = self.pos.side();
        let checked = in_check(&self.pos, side);
        let end = end_by_rule(&self.pos, &self.history, &legal, checked)?;
        let variant = &self.pos.tables.variant;
        if let (Some(forbidden), Some(last)) = (variant.hand.drop_mate_forbidden, self.moves.last())
        {
            if legal.is_empty() && checked && last.drop_type() == Some(forbidden) {
                let name = &variant.pieces[forbidden].name;
                return Some(GameEnd {
                    winner: Some(side),
                    cause: EndCause::ForbiddenDropMate,
                    reason: format!("{} mates by {name} drop, which is illegal", (!side).name()),
                });
            }
        }
        if let Some(value) = variant.rules.perpetual_check {
            if end.cause == EndCause::Repetition {
                if let Some(checker) = self.perpetual_checker(checked) {
                    let reason = format!("{} gives perpetual check", checker.name());
                    let cause = EndCause::PerpetualCheck;
                    return Some(GameEnd::from_value(value, checker, cause, reason));
                }
            }
        }
        Some(end)
    }

    /// The side that gave check with every one of its moves since the current position last
    /// stood, if one did (and the other did not); `checked` is whether the side to move is in
    /// check now.
    fn perpetual_checker(&self, checked: bool) -> Option<Colour> {
        let first = self.history.last_index_of(self.pos.hash())?;
        self.history.cycle_checker(first, self.pos.side(), checked)
    }
}
