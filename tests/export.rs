//! `alfil export`: the Fairy-Stockfish and Sjaak II exports of shipped variants are loaded into
//! those engines (Debian `fairy-stockfish`, `sjaakii`; skipped without them, except under CI)
//! and `alfil perft-diff` compares their perft with Alfil's, start positions first.

use std::path::Path;
use std::process::Command;

const ALFIL: &str = env!("CARGO_BIN_EXE_alfil");
const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";
const SJAAK_II: &str = "/usr/games/sjaakii";

/// Variants whose pieces both formats express, and the depth compared.
const VARIANTS: [(&str, &str); 3] = [("chess", "3"), ("capablanca", "3"), ("amazon", "3")];

fn alfil(args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(ALFIL).args(args).output().expect("alfil runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

fn installed(path: &str, package: &str) -> bool {
    if Path::new(path).exists() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI must have {package} installed (see .ci/run)"
    );
    eprintln!("skipped: install the Debian package {package} to run this test");
    false
}

fn scratch(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("alfil-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn fairy_stockfish_exports_count_as_alfil() {
    if !installed(FAIRY_STOCKFISH, "fairy-stockfish") {
        return;
    }
    for (variant, depth) in VARIANTS {
        // A name of its own, so Fairy-Stockfish cannot take its built-in variant instead.
        let name = format!("exported-{variant}");
        let (ini, err, code) = alfil(&[
            "export",
            variant,
            "--to",
            "fairy-stockfish",
            "--name",
            &name,
        ]);
        assert_eq!(code, Some(0), "{variant}: {err}");
        assert!(!ini.contains("not expressed"), "{variant}: {ini}");
        let path = scratch(&format!("{variant}.ini"), &ini);
        let option = format!("VariantPath={path}");
        let (out, err, code) = alfil(&[
            "perft-diff",
            variant,
            depth,
            "--ref",
            FAIRY_STOCKFISH,
            "--ref-variant",
            &name,
            "--ref-option",
            &option,
        ]);
        assert_eq!(code, Some(0), "{variant}: {ini}\n{out}{err}");
        assert!(err.contains("the start positions agree"), "{err}");
    }
}

#[test]
fn sjaak_ii_exports_count_as_alfil() {
    if !installed(SJAAK_II, "sjaakii") {
        return;
    }
    for (variant, depth) in VARIANTS {
        // Sjaak II keeps only the letters of a name up to the first other character.
        let name = format!("exported{variant}");
        let (text, err, code) = alfil(&["export", variant, "--to", "sjaak", "--name", &name]);
        assert_eq!(code, Some(0), "{variant}: {err}");
        assert!(!text.contains("not expressed"), "{variant}: {text}");
        let path = scratch(&format!("{variant}.txt"), &text);
        let reference = format!("{SJAAK_II} {path}");
        let (out, err, code) = alfil(&[
            "perft-diff",
            variant,
            depth,
            "--ref",
            &reference,
            "--ref-protocol",
            "cecp",
            "--ref-variant",
            &name,
        ]);
        assert_eq!(code, Some(0), "{variant}: {text}\n{out}{err}");
        assert!(err.contains("the start positions agree"), "{err}");
    }
}

#[test]
fn what_a_format_cannot_express_is_listed() {
    // Crazyhouse's drops, and xiangqi's horse (a lame leaper) in Sjaak II's terms.
    let (text, err, code) = alfil(&["export", "crazyhouse", "--to", "fairy-stockfish"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        text.contains("# not expressed: holdings and drops"),
        "{text}"
    );
    assert!(
        err.contains("warning: not expressed: holdings and drops"),
        "{err}"
    );
    let (text, _, _) = alfil(&["export", "xiangqi", "--to", "sjaak"]);
    assert!(text.contains("# not expressed: the horse"), "{text}");
    let (page, _, code) = alfil(&["export", "capablanca", "--to", "diagram"]);
    assert_eq!(code, Some(0));
    assert!(page.contains("files=10\nranks=8"), "{page}");
    assert!(page.contains("archbishop:A:BN:archbishop:c1"), "{page}");
}
