//! `alfil export`: the Fairy-Stockfish and Sjaak II exports of shipped variants are loaded into
//! those engines (Debian `fairy-stockfish`, `sjaakii`; skipped without them, except under CI)
//! and `alfil perft-diff` compares their perft with Alfil's, start positions first.

use std::path::Path;
use std::process::Command;

const ALFIL: &str = env!("CARGO_BIN_EXE_alfil");
const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";
const SJAAK_II: &str = "/usr/games/sjaakii";

/// A round trip: a shipped variant, a position (its start where `None`) and the depth compared.
type Case = (&'static str, Option<&'static str>, &'static str);

/// Variants of different kinds whose pieces and rules Fairy-Stockfish 11.1's built-in piece
/// types and options express: orthodox, 10x8, a compound, xiangqi (lame leapers, a cannon,
/// confinement, soldiers, facing generals), shogi (drops, piece promotions), crazyhouse (drops
/// of pawns, promoted pieces), makruk (a promotion zone, the khon).
const FAIRY_CASES: [Case; 10] = [
    ("chess", None, "3"),
    ("capablanca", None, "3"),
    ("amazon", None, "3"),
    ("xiangqi", None, "3"),
    ("shogi", None, "3"),
    ("shogi", Some("3nkn3/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1"), "3"),
    ("crazyhouse", Some("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1"), "3"),
    (
        "crazyhouse",
        Some("4k3/1P6/8/8/8/8/6p1/R3K2R[BNbn] w KQ - 0 1"),
        "2",
    ),
    ("makruk", None, "3"),
    ("makruk", Some("8/8/3k4/8/2P5/4K3/8/8 w - - 0 1"), "3"),
];

/// The same for Sjaak II, which also has riders (the nightrider) and moves in some directions
/// only (a lance), but no moves that change in a zone.
const SJAAK_CASES: [Case; 9] = [
    ("chess", None, "3"),
    ("capablanca", None, "3"),
    ("amazon", None, "3"),
    ("shogi", None, "3"),
    ("shogi", Some("3nkn3/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1"), "3"),
    ("crazyhouse", Some("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1"), "3"),
    ("makruk", None, "3"),
    ("nightrider", None, "3"),
    ("grand", None, "2"),
];

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
    for (variant, fen, depth) in FAIRY_CASES {
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
        let mut args = vec![
            "perft-diff",
            variant,
            depth,
            "--ref",
            FAIRY_STOCKFISH,
            "--ref-variant",
            &name,
            "--ref-option",
            &option,
        ];
        args.extend(fen.iter().flat_map(|f| ["--fen", f]));
        let (out, err, code) = alfil(&args);
        assert_eq!(code, Some(0), "{variant} {fen:?}: {ini}\n{out}{err}");
        assert!(err.contains("the start positions agree"), "{err}");
    }
}

#[test]
fn sjaak_ii_exports_count_as_alfil() {
    if !installed(SJAAK_II, "sjaakii") {
        return;
    }
    for (variant, fen, depth) in SJAAK_CASES {
        // Sjaak II keeps only the letters of a name up to the first other character.
        let name = format!("exported{variant}");
        let (text, err, code) = alfil(&["export", variant, "--to", "sjaak", "--name", &name]);
        assert_eq!(code, Some(0), "{variant}: {err}");
        let missing: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("not expressed"))
            .collect();
        // Grand's pawns may promote only to a piece their side has lost: Sjaak II cannot say
        // so, and it makes no difference before a piece is lost.
        let expected: &[&str] = match variant {
            "grand" => &["# not expressed: the pawn: promotion to captured pieces only"],
            _ => &[],
        };
        assert_eq!(missing, expected, "{variant}: {text}");
        let path = scratch(&format!("{variant}.txt"), &text);
        let reference = format!("{SJAAK_II} {path}");
        let mut args = vec![
            "perft-diff",
            variant,
            depth,
            "--ref",
            &reference,
            "--ref-protocol",
            "cecp",
            "--ref-variant",
            &name,
        ];
        args.extend(fen.iter().flat_map(|f| ["--fen", f]));
        let (out, err, code) = alfil(&args);
        assert_eq!(code, Some(0), "{variant} {fen:?}: {text}\n{out}{err}");
        assert!(err.contains("the start positions agree"), "{err}");
    }
}

/// The `# not expressed:` lines of an export.
fn not_expressed(variant: &str, to: &str) -> Vec<String> {
    let (text, err, code) = alfil(&["export", variant, "--to", to]);
    assert_eq!(code, Some(0), "{err}");
    let listed: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("# not expressed: "))
        .map(String::from)
        .collect();
    for what in &listed {
        assert!(
            err.contains(&format!("warning: not expressed: {what}")),
            "{err}"
        );
    }
    listed
}

#[test]
fn what_a_format_cannot_express_is_listed() {
    // Fairy-Stockfish 11.1 has no nightrider or grasshopper type, so the pawn cannot promote
    // to one either; grand's promotion (optional before the last rank, only to lost pieces).
    assert_eq!(
        not_expressed("nightrider", "fairy-stockfish"),
        [
            "the nightrider (N, `N0`): no built-in piece type of Fairy-Stockfish 11.1 moves so",
            "the pawn's promotion: a choice Fairy-Stockfish has no piece for",
        ]
    );
    assert_eq!(
        not_expressed("grasshopper", "fairy-stockfish"),
        [
            "the grasshopper (G, `gQ`): no built-in piece type of Fairy-Stockfish 11.1 moves so",
            "the pawn's promotion: a choice Fairy-Stockfish has no piece for",
        ]
    );
    assert_eq!(
        not_expressed("grand", "fairy-stockfish"),
        [
            "the pawn's promotion: promotion to captured pieces only",
            "the pawn's promotion: optional promotion",
        ]
    );
    // Sjaak II: xiangqi's soldier gains sideways moves across the river; the grasshopper.
    assert_eq!(
        not_expressed("xiangqi", "sjaak"),
        ["the soldier: its moves in a zone"]
    );
    assert_eq!(
        not_expressed("grasshopper", "sjaak"),
        ["the grasshopper (G): `gQ` (its modifiers)"]
    );
    // Janggi in both: the pass, the palace's diagonals, the cannon that may not hop cannons.
    let janggi = not_expressed("janggi", "fairy-stockfish");
    assert!(janggi.contains(&"passing moves".to_string()), "{janggi:?}");
    assert!(
        janggi.contains(&"the chariot: its moves in a zone".to_string()),
        "{janggi:?}"
    );
    let janggi = not_expressed("janggi", "sjaak");
    assert!(
        janggi.contains(&"the cannon (C): `pR` (a hop)".to_string()),
        "{janggi:?}"
    );
    let (page, _, code) = alfil(&["export", "capablanca", "--to", "diagram"]);
    assert_eq!(code, Some(0));
    assert!(page.contains("files=10\nranks=8"), "{page}");
    assert!(page.contains("archbishop:A:BN:archbishop:c1"), "{page}");
}
