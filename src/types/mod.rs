//! The core vocabulary every layer speaks: colours, squares, piece types, what a square
//! holds, and values kept per colour or per square.

mod colour;
mod kind;
mod piece;
mod square;

pub use colour::{ByColour, Colour};
pub use kind::Kind;
pub use piece::Piece;
pub use square::{BySquare, Square};
