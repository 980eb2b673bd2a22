//! XBetza move notation: parse a piece description to a typed tree, compile it to move tables a
//! mailbox generator walks, and print it back in canonical form.

pub mod ast;
pub mod canonical;
pub mod compile;
pub mod directions;
pub mod error;
pub mod parse;

pub use ast::{Atom, Betza, Component, Leg, Range};
pub use error::BetzaError;
pub use parse::parse;
