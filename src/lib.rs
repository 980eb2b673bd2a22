//! Alfil: a chess-variant engine in which every piece and every rule comes from files.
//!
//! The modules below are layers, listed bottom up: a module may use the ones listed before it
//! and never one listed after it (the tests in `src/layering.rs` enforce it, reading this
//! list).

// The core vocabulary: colours (and the values kept per colour).
pub mod types;

// Alfil's own piece set: the SVG drawings a variant's pieces may name.
pub mod pieceset;

// XBetza move notation: parsing and compiling a piece's moves.
pub mod betza;

// Variant files: RON, `inherits`, validation with located errors.
pub mod variant;

// The compiled ruleset, the board, FEN, make and unmake.
pub mod position;

// The move generator, the check test, legality and the game ends that stop generation.
pub mod movegen;

// A game in progress: history, results by the variant's rules.
pub mod game;

// Move-tree counts that prove the generator.
pub mod perft;

// A learned evaluation: features from the variant's rules, networks, self-play data, training.
pub mod nnue;

// Alpha-beta search and evaluation.
pub mod search;

// CECP and UCI.
pub mod protocol;

// The command line: perft, bench, match, and the protocol loop.
pub mod cli;

#[cfg(test)]
mod layering;
