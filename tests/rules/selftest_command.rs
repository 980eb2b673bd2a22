//! Perft cases inside variant files: every built-in file's cases pass (`cargo test` runs them
//! as `alfil selftest` does), each case that cites `tests/data/perft` is a case of that file
//! (which another test keeps equal to `../shared/perft`), and `alfil selftest` reports a wrong
//! count and refuses a depth of 0 where it is written.

use std::process::Command;

use alfil::cli::load_variant;
use alfil::cli::selftest::run_cases;
use alfil::variant::embedded_names;

const ALFIL: &str = env!("CARGO_BIN_EXE_alfil");
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft");

#[test]
fn the_cases_of_every_built_in_file_pass() {
    let variants: Vec<_> = embedded_names()
        .iter()
        .map(|n| load_variant(n).unwrap())
        .filter(|t| !t.variant.tests.is_empty())
        .collect();
    assert!(
        variants.len() >= 6,
        "chess, capablanca, shogi, xiangqi, janggi, grand carry cases"
    );
    let (ran, failures) = run_cases(&variants, |_| {});
    assert!(ran >= 13);
    let report: Vec<String> = failures.iter().map(|f| f.describe()).collect();
    assert!(report.is_empty(), "{}", report.join("\n"));
}

#[test]
fn cases_citing_the_perft_corpus_are_cases_of_it() {
    for name in embedded_names() {
        let tables = load_variant(&name).unwrap();
        for case in &tables.variant.tests {
            let Some(file) = case.source.split("tests/data/perft/").nth(1) else {
                continue;
            };
            let text = std::fs::read_to_string(format!("{DATA}/{file}"))
                .unwrap_or_else(|e| panic!("{name}: {} cites {file}: {e}", case.source));
            let fen = case.fen.as_deref().unwrap_or(&tables.variant.start_fen);
            let line = format!("{name} | {fen} | {} | {}", case.depth, case.nodes);
            assert!(
                text.lines().any(|l| l.trim() == line),
                "{name}: `{line}` is not in tests/data/perft/{file}"
            );
        }
    }
}

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("alfil-selftest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.ron"));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_wrong_count_fails_and_a_depth_of_0_is_refused() {
    // Chess perft 2 from the start is 400 (20 moves for each side); the file says 401.
    let wrong = write(
        "wrongcount",
        r#"(
    name: "wrongcount",
    inherits: "chess",
    tests: [
        (depth: 2, nodes: 401, source: "deliberately wrong"),
        (depth: 1, nodes: 20, source: "20 legal first moves"),
    ],
)
"#,
    );
    let out = Command::new(ALFIL)
        .args(["selftest", wrong.to_str().unwrap()])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert_eq!(
        stdout.lines().collect::<Vec<_>>(),
        [
            "FAIL wrongcount: perft 2 from the start position: the file says 401 (deliberately \
             wrong); Alfil counts 400",
            "selftest: 2 cases in 1 variants: 1 passed, 1 failed",
        ]
    );
    let zero = write(
        "zerodepth",
        "(\n    name: \"zerodepth\",\n    inherits: \"chess\",\n    tests: [(depth: 0, nodes: 1, source: \"x\")],\n)\n",
    );
    let out = Command::new(ALFIL)
        .args(["selftest", zero.to_str().unwrap()])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    // Line 4, at the depth's value: `    tests: [(depth: 0` puts it at column 21 (4 + 9 + 7 characters before it).
    assert!(
        stderr.contains("zerodepth.ron:4:21: a perft case needs a depth of at least 1"),
        "{stderr}"
    );
}

#[test]
fn the_designer_commands_refuse_missing_files_and_folders() {
    let folder = std::env::temp_dir();
    let folder = folder.to_str().unwrap();
    for (args, expected) in [
        (vec!["selftest", folder], "is a folder, not a variant file"),
        (
            vec!["selftest", "no-such-variant"],
            "no variant of that name",
        ),
        (vec!["explain", folder], "cannot read the file"),
        (
            vec!["explain", "/nonexistent/x.ron"],
            "cannot read the file",
        ),
        (vec!["check", "/nonexistent/x.ron"], "cannot read the file"),
    ] {
        let out = Command::new(ALFIL).args(&args).output().unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(2), "{args:?}: {text}");
        assert!(text.contains(expected), "{args:?}: {text}");
        assert!(!text.contains("panicked"), "{args:?}: {text}");
    }
}
