//! The core vocabulary every layer speaks: colours and values kept per colour.

mod colour;

pub use colour::{ByColour, Colour};
