//! Rulesets and positions checked as legal: the one rule of a legal position that needs the
//! check test (so the position layer cannot apply it) applied to start positions and FENs, and
//! the royal pieces of a start position (every FEN's royal pieces are then held to it), so that
//! variant files, `--fen`, `setboard` and the server all go through one validation.

use std::sync::Arc;

use super::attack::in_check;
use crate::position::fen::{FenError, FenField};
use crate::position::ruleset::{Ruleset, RulesetError};
use crate::position::Position;
use crate::types::Colour;
use crate::variant::Variant;

/// Compile a variant into its ruleset and check its start position as a legal one.
pub fn build_ruleset(variant: Arc<Variant>) -> Result<Arc<Ruleset>, RulesetError> {
    compile(variant, true)
}

/// [`build_ruleset`] but for the start's royal pieces: `alfil check` reports a side without
/// one ([`sides_without_royal`]) as a finding of its own and goes on with the file's others.
pub fn build_ruleset_royals_unchecked(variant: Arc<Variant>) -> Result<Arc<Ruleset>, RulesetError> {
    compile(variant, false)
}

fn compile(variant: Arc<Variant>, royals: bool) -> Result<Arc<Ruleset>, RulesetError> {
    let ruleset = Ruleset::new(variant)?;
    position_from_fen(ruleset.clone(), &ruleset.variant.start_fen)
        .and_then(|start| {
            if royals {
                check_start_royals(&start)
            } else {
                Ok(())
            }
        })
        .map_err(|e| RulesetError::in_start_fen(&ruleset.variant, e))?;
    Ok(ruleset)
}

/// The start position's royal pieces: where the variant has royal pieces and no extinction
/// rule, each side starts with at least one, on the board or in hand (a side without could
/// never be checkmated, and a FEN is held to the start's counts, so this is where a wrong count
/// is caught).
pub fn check_start_royals(start: &Position) -> Result<(), FenError> {
    match sides_without_royal(start).first() {
        Some(&colour) => Err(FenError {
            field: FenField::Board,
            message: no_royal_message(start, colour),
        }),
        None => Ok(()),
    }
}

/// What is wrong when `colour` starts without a royal piece.
pub fn no_royal_message(start: &Position, colour: Colour) -> String {
    format!(
        "{} has no royal piece ({} has {}): each side starts with its royal pieces unless an \
         extinction rule ends the game",
        colour.name(),
        (!colour).name(),
        royal_count(start, !colour)
    )
}

/// The sides that start without a royal piece, on the board or in hand, where the variant
/// needs one: it has royal pieces and no extinction rule.
pub fn sides_without_royal(start: &Position) -> Vec<Colour> {
    let tables = &start.tables;
    if !tables.pieces.iter().any(|p| p.royal) || tables.variant.rules.extinction.is_some() {
        return Vec::new();
    }
    Colour::BOTH
        .into_iter()
        .filter(|&colour| royal_count(start, colour) == 0)
        .collect()
}

/// The royal pieces `colour` has in `start`, on the board and in hand.
fn royal_count(start: &Position, colour: Colour) -> usize {
    let tables = &start.tables;
    let on_board = tables
        .geo
        .squares()
        .filter(|&sq| {
            let c = start.at(sq);
            c.is_of(colour) && tables.pieces[c.kind()].royal
        })
        .count();
    let in_hand: usize = (0..tables.pieces.len())
        .filter(|&kind| tables.pieces[kind].royal)
        .map(|kind| usize::from(start.in_hand(colour, kind)))
        .sum();
    on_board + in_hand
}

/// The one rule of a legal position the position layer cannot test, as it needs the check
/// test: the side that has just moved is not in check.
pub fn check_not_left_in_check(pos: &Position) -> Result<(), FenError> {
    let mover = !pos.side();
    if in_check(pos, mover) {
        let who = mover.name();
        return Err(FenError {
            field: FenField::Position,
            message: format!("{who} is in check but it is not {who}'s move"),
        });
    }
    Ok(())
}

/// A position from a FEN, checked as a legal position: [`Position::from_fen`] and
/// [`check_not_left_in_check`].
pub fn position_from_fen(tables: Arc<Ruleset>, fen: &str) -> Result<Position, FenError> {
    let pos = Position::from_fen(tables, fen)?;
    check_not_left_in_check(&pos)?;
    Ok(pos)
}
