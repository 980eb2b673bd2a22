//! Rulesets and positions checked as legal: the one rule of a legal position that needs the
//! check test (so the position layer cannot apply it) applied to start positions and FENs.

use std::sync::Arc;

use super::attack::in_check;
use crate::position::fen::{FenError, FenField};
use crate::position::ruleset::{Ruleset, RulesetError};
use crate::position::Position;
use crate::variant::Variant;

/// Compile a variant into its ruleset and check its start position as a legal one.
pub fn build_ruleset(variant: Arc<Variant>) -> Result<Arc<Ruleset>, RulesetError> {
    let ruleset = Ruleset::new(variant)?;
    position_from_fen(ruleset.clone(), &ruleset.variant.start_fen)
        .map_err(|e| RulesetError::in_start_fen(&ruleset.variant, e))?;
    Ok(ruleset)
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
