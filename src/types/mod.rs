//! The core vocabulary every layer speaks: colours, squares, piece types, what a square
//! holds, and values kept per colour or per square.

mod colour;
mod kind;
mod piece;
pub mod piece_id;
mod square;

pub use colour::{ByColour, Colour};
pub use kind::Kind;
pub use piece::Piece;
pub use piece_id::{Dress, PieceId, ReadId};
pub use square::{BySquare, Square};
