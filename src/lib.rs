//! Alfil: a chess-variant engine in which every piece and every rule comes from files.
//!
//! The layers, bottom up: [`betza`] parses and compiles XBetza move notation, [`variant`] loads
//! variant files, [`position`] holds a game position, [`movegen`] generates legal moves from the
//! compiled tables, and [`perft`] counts move-tree leaves to prove the generator.

pub mod betza;
pub mod cli;
pub mod game;
pub mod movegen;
pub mod perft;
pub mod position;
pub mod protocol;
pub mod search;
pub mod variant;
