//! Tests that need a Debian package or another outside tool run only where it is installed:
//! elsewhere they say they are skipped and what to install, except under CI (`CI=true`),
//! where `.ci/run` installs everything and a missing tool is a failure.

#![allow(dead_code)]

use std::path::Path;

/// Whether the program at `path`, from the Debian package `package`, is installed (see
/// [`installed_or_skip`]).
pub fn program_or_skip(path: &str, package: &str) -> bool {
    let what = format!("the Debian package {package}");
    installed_or_skip(Path::new(path).exists(), &what, "this test")
}

/// `present` (whether what `part` needs is installed); when not, fails under CI and otherwise
/// prints that `part` is skipped. `what` names what to install: "the Debian package hachu".
pub fn installed_or_skip(present: bool, what: &str, part: &str) -> bool {
    if present {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must have {what} installed (see .ci/run)"
    );
    eprintln!("skipped: install {what} to run {part}");
    false
}
