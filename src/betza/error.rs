//! The error value every XBetza failure becomes: where in the string, and what was expected.

use std::fmt;

/// An XBetza string that cannot be parsed or compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// 0-based character position in the string where the problem starts.
    pub position: usize,
    /// What went wrong, phrased as what was expected or why the construct is refused.
    pub message: String,
}

impl BetzaError {
    pub fn new(position: usize, message: impl Into<String>) -> Self {
        BetzaError {
            position,
            message: message.into(),
        }
    }
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at character {}: {}", self.position + 1, self.message)
    }
}

impl std::error::Error for BetzaError {}
