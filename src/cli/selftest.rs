//! `alfil selftest [VARIANT…]`: runs the perft cases variant files carry (`tests: [...]`), with
//! a progress bar, and reports each case whose count differs from the file's.

use std::sync::Arc;

use indicatif::{ProgressBar, ProgressStyle};

use crate::perft::divide;
use crate::position::ruleset::Ruleset;
use crate::variant::{embedded_names, PerftCase};

use super::{load_variant, setup_position};

/// The command line of `alfil selftest`.
#[derive(clap::Args)]
pub struct SelftestArgs {
    /// Built-in variant names or variant files; none: every built-in variant.
    pub variants: Vec<String>,
}

/// One case that did not give the file's count.
#[derive(Debug)]
pub struct Failure {
    pub variant: String,
    pub case: PerftCase,
    /// Alfil's count, or why the case could not run (a FEN that does not load).
    pub got: Result<u64, String>,
}

impl Failure {
    pub fn describe(&self) -> String {
        let from = self.case.fen.as_deref().unwrap_or("the start position");
        let got = match &self.got {
            Ok(n) => format!("Alfil counts {n}"),
            Err(e) => e.clone(),
        };
        format!(
            "FAIL {}: perft {} from {from}: the file says {} ({}); {got}",
            self.variant, self.case.depth, self.case.nodes, self.case.source
        )
    }
}

/// Alfil's count for one case of a variant.
pub fn count(tables: &Arc<Ruleset>, case: &PerftCase) -> Result<u64, String> {
    let pos = setup_position(tables.clone(), case.fen.as_deref())?;
    Ok(divide(&pos, case.depth).iter().map(|(_, n)| n).sum())
}

/// Runs every case of the variants; `progress` is told of each case before it runs.
pub fn run_cases(
    variants: &[Arc<Ruleset>],
    mut progress: impl FnMut(&str),
) -> (usize, Vec<Failure>) {
    let mut ran = 0;
    let mut failures = Vec::new();
    for tables in variants {
        let name = &tables.variant.name;
        for case in &tables.variant.tests {
            progress(name);
            ran += 1;
            let got = count(tables, case);
            if got.as_ref() != Ok(&case.nodes) {
                failures.push(Failure {
                    variant: name.clone(),
                    case: case.clone(),
                    got,
                });
            }
        }
    }
    (ran, failures)
}

/// Runs `alfil selftest`: exit status 0 when every case passes, 1 when one fails, 2 when a
/// variant does not load.
pub fn run(args: &SelftestArgs) -> u8 {
    let names = if args.variants.is_empty() {
        embedded_names()
    } else {
        args.variants.clone()
    };
    let mut variants = Vec::new();
    for name in &names {
        match load_variant(name) {
            Ok(tables) => variants.push(tables),
            Err(e) => {
                eprintln!("error: {e}");
                return 2;
            }
        }
    }
    let total: usize = variants.iter().map(|t| t.variant.tests.len()).sum();
    let bar = ProgressBar::new(total as u64);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} cases, {msg} {elapsed}") {
        bar.set_style(style);
    }
    let (ran, failures) = run_cases(&variants, |name| {
        bar.set_message(name.to_string());
        bar.inc(1);
    });
    bar.finish_and_clear();
    for failure in &failures {
        crate::outln!("{}", failure.describe());
    }
    let with_cases = variants
        .iter()
        .filter(|t| !t.variant.tests.is_empty())
        .count();
    crate::outln!(
        "selftest: {ran} cases in {with_cases} variants: {} passed, {} failed",
        ran - failures.len(),
        failures.len()
    );
    u8::from(!failures.is_empty())
}
