//! The rules of the engine in one test binary: XBetza parsing and the spec's table of pieces,
//! variant files and their errors, FEN setup rules, game ends, chu shogi's Lion-trading rules, search results, bad input, the
//! designer's commands (`check`, `explain`, `selftest`), and the copies of the shared reference
//! data. None of these measures time, so they share one binary and run side by side; the
//! protocol and match tests that wait on clocks keep binaries of their own, as does the long
//! perft suite.

#[path = "../cecp_support/mod.rs"]
mod cecp_support;
#[path = "../game_support/mod.rs"]
mod game_support;

mod bad_input;
mod betza_parse;
mod betza_spec;
mod check_command;
mod explain_command;
mod flip_and_setup_rules;
mod game_ends;
mod lion_trading;
mod multi_leg;
mod search;
mod selftest_command;
mod shared_data;
mod variant_load;
