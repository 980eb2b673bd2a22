//! The test data in `tests/data/` are unchanged copies of `../shared`: check they still match
//! whenever the shared folder is there.

use std::fs;
use std::path::Path;

fn compare(copy: &str, source: &str) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = root.join("..").join("shared").join(source);
    if !source.exists() {
        return 0;
    }
    let a = fs::read(root.join("tests/data").join(copy)).expect("copy exists");
    let b = fs::read(&source).expect("source readable");
    assert!(
        a == b,
        "tests/data/{copy} differs from {}",
        source.display()
    );
    1
}

#[test]
fn copies_equal_shared() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared");
    if !shared.exists() {
        eprintln!("../shared is not here: nothing to compare");
        return;
    }
    let mut checked = compare("xbetza.md", "spec/xbetza.md");
    for entry in fs::read_dir(shared.join("perft")).expect("perft folder") {
        let name = entry
            .expect("entry")
            .file_name()
            .into_string()
            .expect("utf-8 name");
        checked += compare(&format!("perft/{name}"), &format!("perft/{name}"));
    }
    assert!(checked >= 17, "compared only {checked} files");
}
