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

use compile::CompiledPiece;

/// XBetza text read once: the parsed tree (what the text says) and the move tables compiled
/// from it (what the generator walks).
#[derive(Clone, Debug)]
pub struct Xbetza {
    pub parsed: Betza,
    pub compiled: CompiledPiece,
}

/// Parse and compile `text`; an error names the character of `text` at fault.
pub fn read(text: &str) -> Result<Xbetza, BetzaError> {
    let parsed = parse(text)?;
    let compiled = compile::compile(&parsed)?;
    Ok(Xbetza { parsed, compiled })
}
