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
}

/// What an Interactive Diagram page sets up, read as the Diagram's script (`betzaNew.js`,
/// `ParseGameDef`) reads the text of its `idiagram` element: `key=value` lines over its
/// defaults (8x8, `symmetry=mirror`, the first piece promoting on the last rank to `QNRB`,
/// the last piece royal unless `royal=N` lines say otherwise, a stalemate drawn unless
/// `stalemate=` says something else than `draw`), and piece lines
/// `name:ID:moves:image:squares`, whose squares (`a1`, or a range `a2-h2`) are White's until
/// an entry shorter than two characters (`a1,,a8`) turns them to Black's; `mirror` and `rotate`
/// give each White piece a Black partner, reflected or turned.
struct DiagramSetup {
    files: usize,
    ranks: usize,
    /// Pieces as `(ID, moves)` in the order of their lines (the Diagram's piece numbers - 1).
    pieces: Vec<(String, String)>,
    /// The start position's board as a FEN board field (White's IDs upper case).
    board: String,
    /// The IDs of the royal pieces.
    royal: Vec<String>,
    /// The IDs of the promoting pieces, the depth of the zone and the choices' IDs.
    promotion: (Vec<String>, usize, String),
    /// A stalemate draws (else the stalemated side loses).
    stalemate_draws: bool,
}

fn read_diagram(page: &str) -> DiagramSetup {
    let body = page
        .split("<div class=\"idiagram\">")
        .nth(1)
        .and_then(|rest| rest.split("</div>").next())
        .expect("an idiagram element");
    let (mut files, mut ranks, mut symmetry) = (8, 8, "mirror".to_string());
    let (mut max_promote, mut zone, mut choice) = (1, 1, "QNRB".to_string());
    let mut royal_numbers: Vec<usize> = Vec::new();
    let mut stalemate_draws = true;
    let mut pieces: Vec<(String, String, String)> = Vec::new();
    for line in body.lines().map(str::trim_start) {
        if let Some((key, value)) = line.split_once('=') {
            let number = || value.parse::<usize>().expect("a number");
            match key {
                "files" => files = number(),
                "ranks" => ranks = number(),
                "symmetry" => symmetry = value.to_string(),
                "maxPromote" => max_promote = number(),
                "promoZone" => zone = number(),
                "promoChoice" => choice = value.to_string(),
                "royal" => royal_numbers.push(number()),
                "stalemate" => stalemate_draws = value == "draw",
                _ => {}
            }
            continue;
        }
        let parts: Vec<&str> = line.split(':').collect();
        if parts.len() >= 5 {
            pieces.push((parts[1].into(), parts[2].into(), parts[4].into()));
        }
    }
    let mut board = vec![vec![None::<String>; files]; ranks];
    let square = |s: &str| -> (usize, usize) {
        let file = usize::from(s.as_bytes()[0] - b'a');
        let rank: usize = s[1..].parse().expect("a rank");
        (file, rank - 1)
    };
    for (id, _, squares) in &pieces {
        let mut white = true;
        for entry in squares.split(',') {
            if entry.len() < 2 {
                white = false;
                continue;
            }
            let (from, to) = entry.split_once('-').unwrap_or((entry, entry));
            let ((f0, r0), (f1, r1)) = (square(from), square(to));
            for r in r0..=r1 {
                for f in f0..=f1 {
                    let mut put = |f: usize, r: usize, white: bool| {
                        board[r][f] = Some(if white {
                            id.to_ascii_uppercase()
                        } else {
                            id.to_ascii_lowercase()
                        });
                    };
                    put(f, r, white);
                    if white && symmetry == "mirror" {
                        put(f, ranks - 1 - r, false);
                    }
                    if white && symmetry == "rotate" {
                        put(files - 1 - f, ranks - 1 - r, false);
                    }
                }
            }
        }
    }
    let rows: Vec<String> = board
        .iter()
        .rev()
        .map(|row| {
            let mut text = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(id) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push_str(id);
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    if royal_numbers.is_empty() {
        royal_numbers.push(pieces.len());
    }
    let id = |n: usize| pieces[n - 1].0.clone();
    DiagramSetup {
        files,
        ranks,
        board: rows.join("/"),
        royal: royal_numbers.into_iter().map(id).collect(),
        promotion: (
            (1..=max_promote.min(pieces.len())).map(id).collect(),
            zone,
            choice,
        ),
        pieces: pieces.into_iter().map(|(i, m, _)| (i, m)).collect(),
        stalemate_draws,
    }
}

/// The page `alfil export VARIANT --to diagram` writes, and its `not expressed` comments.
fn diagram_page(variant: &str) -> (DiagramSetup, Vec<String>) {
    let (page, err, code) = alfil(&["export", variant, "--to", "diagram"]);
    assert_eq!(code, Some(0), "{variant}: {err}");
    let missing: Vec<String> = page
        .lines()
        .filter_map(|l| l.strip_prefix("<!-- not expressed: "))
        .filter_map(|l| l.strip_suffix(" -->"))
        .map(String::from)
        .collect();
    for what in &missing {
        assert!(
            err.contains(&format!("warning: not expressed: {what}")),
            "{err}"
        );
    }
    (read_diagram(&page), missing)
}

fn sorted(text: &str) -> String {
    let mut letters: Vec<char> = text.chars().collect();
    letters.sort_unstable();
    letters.into_iter().collect()
}

#[test]
fn diagram_pages_set_up_the_variant() {
    // Each page read back as the Diagram reads it gives the variant's own start position
    // (written here from the games' rules), its royal piece and its promotion; what it
    // cannot say is listed. The Diagram's script itself is not run: it is not in this
    // repository or Debian, and the test has no network.
    let moves = |s: &DiagramSetup, id: &str| {
        s.pieces
            .iter()
            .find(|(i, _)| i == id)
            .map(|(_, m)| m.clone())
            .unwrap_or_else(|| panic!("no piece {id}"))
    };
    let (chess, missing) = diagram_page("chess");
    assert_eq!((chess.files, chess.ranks), (8, 8));
    assert_eq!(chess.board, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    assert_eq!(chess.royal, ["K"]);
    assert_eq!(chess.promotion.0, ["P"]);
    assert_eq!(
        (chess.promotion.1, sorted(&chess.promotion.2).as_str()),
        (1, "BNQR")
    );
    // Castling: the king moves two squares either way with the corner piece (`isO2`).
    assert!(
        moves(&chess, "K").ends_with("isO2"),
        "{}",
        moves(&chess, "K")
    );
    assert!(chess.stalemate_draws);
    assert!(missing.is_empty(), "{missing:?}");

    // Capablanca: the chancellor is listed last, yet the king is royal; the pawn promotes to
    // the archbishop and the chancellor too; the king castles three squares.
    let (capa, missing) = diagram_page("capablanca");
    assert_eq!((capa.files, capa.ranks), (10, 8));
    assert_eq!(
        capa.board,
        "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR"
    );
    assert_eq!(capa.royal, ["K"]);
    assert_eq!(
        (capa.promotion.1, sorted(&capa.promotion.2).as_str()),
        (1, "ABCNQR")
    );
    assert!(moves(&capa, "K").ends_with("isO3"));
    assert!(missing.is_empty(), "{missing:?}");

    // Shogi's start is not symmetric by reflection: each side's rook stands on its right.
    // Its promotions (optional, each piece to its own promoted form) and drops are listed.
    let (shogi, missing) = diagram_page("shogi");
    assert_eq!(
        shogi.board,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"
    );
    assert_eq!(shogi.royal, ["K"]);
    assert!(shogi.promotion.0.is_empty(), "{:?}", shogi.promotion);
    assert!(
        missing.contains(&"holdings and drops".to_string()),
        "{missing:?}"
    );
    assert!(
        missing.iter().any(|m| m.starts_with("promotions")),
        "{missing:?}"
    );

    // Xiangqi: the palace and river confine the general, advisors and elephants; the soldier
    // steps sideways across the river; the generals may not face each other.
    let (xiangqi, missing) = diagram_page("xiangqi");
    assert_eq!((xiangqi.files, xiangqi.ranks), (9, 10));
    assert_eq!(
        xiangqi.board,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
    );
    assert_eq!(xiangqi.royal, ["K"]);
    assert!(
        !xiangqi.stalemate_draws,
        "a stalemated side loses in xiangqi"
    );
    for what in [
        "facing generals",
        "the general: its confinement",
        "the advisor: its confinement",
        "the elephant: its confinement",
        "the soldier: its moves in a zone",
    ] {
        assert!(missing.contains(&what.to_string()), "{what}: {missing:?}");
    }

    // Grand chess on 10x10 (squares of the tenth rank): promotion only to a lost piece and
    // optional before the last rank cannot be said. Its pawns' double step from their third
    // rank is the Diagram's `i`, as they start there and only go forward.
    let (grand, missing) = diagram_page("grand");
    assert_eq!(
        grand.board,
        "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R"
    );
    assert!(
        missing.iter().any(|m| m.starts_with("promotions")),
        "{missing:?}"
    );
    assert!(
        !missing.iter().any(|m| m.contains("initial-move zone")),
        "{missing:?}"
    );
    // A pawn whose double step is allowed on a rank it does not start on: said to be lost.
    let file = scratch(
        "zoned.ron",
        "(\n    name: \"zoned\",\n    inherits: \"chess\",\n    pieces: [(letter: 'P', name: \"pawn\", moves: \"fmWfceFifmnD\", initial_zone: \"*3\", promotion: (zone: \"*8\", choices: \"QRBN\"))],\n)\n",
    );
    let (_, missing) = diagram_page(&file);
    assert_eq!(missing, ["the pawn: its initial-move zone"]);
}
