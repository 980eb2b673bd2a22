//! The Chess Engine Communication Protocol (CECP, the XBoard/WinBoard protocol), both ends.
//!
//! [`cecp`] is the engine: `alfil` with no arguments reads CECP commands on standard input and
//! answers on standard output. [`client`] drives another CECP engine process (the match runner
//! uses it). Both share [`wire`] (splitting lines, result texts, feature lists),
//! [`timecontrol`] (`level`/`st` and `10+0.1` time controls) and [`xboard`] (the variant names
//! XBoard knows, and the `setup`/`piece` lines that describe any other variant to it).

pub mod cecp;
pub mod client;
pub mod timecontrol;
pub mod wire;
pub mod xboard;
