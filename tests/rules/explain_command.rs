//! `alfil explain`: for every built-in variant, the whole output (the flattened file, then the
//! pieces in comments) loads as a variant file to the same rules as the variant itself; and
//! the per-piece part says what the piece definitions say.

use alfil::cli::explain::explain;
use alfil::variant::{embedded_names, load_by_name, load_str, Variant};

/// The variant's rules as text: everything but where it was read from.
fn rules_of(mut v: Variant) -> String {
    v.source = String::new();
    v.start_fen_origin = Vec::new();
    // The explanation inherits nothing, so it has no kin to take weights from.
    v.kin = Vec::new();
    format!("{v:?}")
}

#[test]
fn every_explained_variant_loads_to_the_same_rules() {
    let names = embedded_names();
    assert!(names.len() > 150);
    for name in names {
        let text = explain(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!text.contains("inherits:"), "{name}: flattened\n{text}");
        let reloaded = load_str(&text, &format!("explained {name}"))
            .unwrap_or_else(|e| panic!("{name}: the explanation does not load: {e}\n{text}"));
        let original = load_by_name(&name).unwrap();
        assert_eq!(
            rules_of(reloaded),
            rules_of(original),
            "{name}: the explanation loads to other rules"
        );
    }
}

#[test]
fn pieces_are_described_from_their_definitions() {
    let text = explain("shogi").unwrap();
    // shogi.ron: the pawn (`fW`) promotes (optionally) to the tokin `T`; the dragon is the promoted
    // rook.
    assert!(text.contains("// P pawn: fW (value "), "{text}");
    assert!(
        text.contains("// promotes (optionally) to tokin (T)"),
        "{text}"
    );
    assert!(text.contains("// is the promoted rook (R)"), "{text}");
    assert!(text.contains("// K king: K (royal)"), "{text}");
    // The knight's diagram on shogi's 9x9 board from e5: its two forward leaps, d7 and f7.
    let knight = text.split("// N knight:").nth(1).expect("a knight section");
    let rank7 = knight.lines().find(|l| l.starts_with("//   7")).unwrap();
    assert_eq!(rank7, "//   7 . . . * . * . . .");
    let rank5 = knight.lines().find(|l| l.starts_with("//   5")).unwrap();
    assert_eq!(rank5, "//   5 . . . . @ . . . .");
    // werewolf.ron: whatever takes the werewolf becomes one (`contagious`).
    let text = explain("werewolf").unwrap();
    assert!(text.contains("contagious: \"W\""), "{text}");
    let wolf = text
        .split("// W werewolf:")
        .nth(1)
        .expect("a werewolf section");
    assert!(
        wolf.contains("// turns a piece that takes it into one, unless that piece is royal"),
        "{text}"
    );
}

/// The diagram of piece `id` in `alfil explain VARIANT`: the lines after its "from …" line,
/// without the comment marks.
fn diagram_of(variant: &str, id: &str) -> String {
    let text = explain(variant).unwrap();
    let section = text
        .split(&format!("// {id} "))
        .nth(1)
        .unwrap_or_else(|| panic!("{variant}: no piece {id}\n{text}"));
    let section = section.split("\n//\n").next().unwrap();
    let mut lines = section.lines().skip_while(|l| !l.starts_with("// from "));
    let from = lines
        .next()
        .unwrap_or_else(|| panic!("no diagram\n{section}"));
    assert!(
        from.contains("tried empty, with an enemy piece, and behind a screen"),
        "{from}"
    );
    lines
        .map(|l| l.strip_prefix("// ").unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn diagrams_tell_moving_from_capturing() {
    // Derived by hand from the XBetza spec (m = move only, c = capture only, p = hop over a
    // screen on the line), each piece from the board's middle: file files/2, rank ranks/2
    // (0-based), so e6 on the 9x10 boards and e5 on 8x8.
    //
    // Xiangqi's cannon `mRcpR`: moves as a rook to every square of the e-file and the sixth
    // rank (`mR`); captures as a rook over one screen (`cpR`), so on every square of those
    // lines but the four next to it, where no screen fits between.
    assert_eq!(
        diagram_of("xiangqi", "C"),
        [
            " 10 . . . . + . . . .",
            "  9 . . . . + . . . .",
            "  8 . . . . + . . . .",
            "  7 . . . . m . . . .",
            "  6 + + + m @ m + + +",
            "  5 . . . . m . . . .",
            "  4 . . . . + . . . .",
            "  3 . . . . + . . . .",
            "  2 . . . . + . . . .",
            "  1 . . . . + . . . .",
            "    a b c d e f g h i",
            "@ the piece; m moves only; + moves, captures over a screen",
        ]
        .join("\n")
    );
    // Janggi's cannon `pR` (its palace moves and screen rules are the variant's, not the
    // XBetza's): moves and captures only over a screen, so nowhere next to it.
    assert_eq!(
        diagram_of("janggi", "C"),
        [
            " 10 . . . . p . . . .",
            "  9 . . . . p . . . .",
            "  8 . . . . p . . . .",
            "  7 . . . . . . . . .",
            "  6 p p p . @ . p p p",
            "  5 . . . . . . . . .",
            "  4 . . . . p . . . .",
            "  3 . . . . p . . . .",
            "  2 . . . . p . . . .",
            "  1 . . . . p . . . .",
            "    a b c d e f g h i",
            "@ the piece; p moves or captures over a screen",
        ]
        .join("\n")
    );
    // Chess's pawn `fmWfceFifmnD`, moved (`i` aside): `fmW` moves one step forward,
    // `fceF` captures one step diagonally forward.
    assert_eq!(
        diagram_of("chess", "P"),
        [
            "  8 . . . . . . . .",
            "  7 . . . . . . . .",
            "  6 . . . c m c . .",
            "  5 . . . . @ . . .",
            "  4 . . . . . . . .",
            "  3 . . . . . . . .",
            "  2 . . . . . . . .",
            "  1 . . . . . . . .",
            "    a b c d e f g h",
            "@ the piece; m moves only; c captures only",
        ]
        .join("\n")
    );
    // The rook `R` moves and captures alike along its lines.
    assert_eq!(
        diagram_of("chess", "R"),
        [
            "  8 . . . . * . . .",
            "  7 . . . . * . . .",
            "  6 . . . . * . . .",
            "  5 * * * * @ * * *",
            "  4 . . . . * . . .",
            "  3 . . . . * . . .",
            "  2 . . . . * . . .",
            "  1 . . . . * . . .",
            "    a b c d e f g h",
            "@ the piece; * moves or captures",
        ]
        .join("\n")
    );
}

#[test]
fn ranks_range_jumping_and_burning_are_described() {
    // tenjiku.ron: the great general (Q!) has rank 3 and `range_jump`, the king rank 4, the
    // fire demon (D!) `burns` and `burns_passively`.
    let text = explain("tenjiku").unwrap();
    let general = text
        .split("// Q! great general:")
        .nth(1)
        .expect("a section");
    let general = general.split("// Q' ").next().unwrap();
    assert!(
        general.contains("// ranks 3: to capture, its slides jump any pieces of a lower rank"),
        "{general}"
    );
    let king = text.split("// K king:").nth(1).expect("a king section");
    assert!(
        king.contains("// ranks 4: range jumpers of rank 4 or lower do not jump it"),
        "{king}"
    );
    let demon = text
        .split("// D! fire demon:")
        .nth(1)
        .expect("a demon section");
    assert!(
        demon.contains("// burns the enemy pieces around the square where each move ends"),
        "{demon}"
    );
    assert!(
        demon.contains("// burns an enemy piece that moves next to it"),
        "{demon}"
    );
}

#[test]
fn a_missing_variant_is_an_error() {
    let err = explain("no-such-variant").unwrap_err();
    assert!(err.contains("no built-in variant of that name"), "{err}");
    let err = explain("/nonexistent/x.ron").unwrap_err();
    assert!(err.contains("cannot read the file"), "{err}");
}

#[test]
fn bent_moves_are_drawn_with_their_screens_and_legs() {
    // Derived by hand from the XBetza spec, from e5 of chess's board. A file of its own, as no
    // shipped variant has a bent hop.
    let dir = std::env::temp_dir().join(format!("alfil-explain-bent-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bent.ron");
    std::fs::write(
        &path,
        r#"(
    name: "bent",
    inherits: "chess",
    pieces: [
        (letter: 'H', name: "hopping horse", moves: "pafsW"),
        (letter: 'G', name: "griffon", moves: "FyafsF"),
        (letter: 'X', name: "horse", moves: "nN"),
    ],
)
"#,
    )
    .unwrap();
    let path = path.display().to_string();
    // `pafsW`: an orthogonal step that must hop over a piece (`p`), then one diagonal step
    // outwards (`afs`): the knight's squares, moving or capturing, but only with a screen on
    // the square next to it, which is off the line from e5 to the square reached.
    assert_eq!(
        diagram_of(&path, "H"),
        [
            "  8 . . . . . . . .",
            "  7 . . . p . p . .",
            "  6 . . p . . . p .",
            "  5 . . . . @ . . .",
            "  4 . . p . . . p .",
            "  3 . . . p . p . .",
            "  2 . . . . . . . .",
            "  1 . . . . . . . .",
            "    a b c d e f g h",
            "@ the piece; p moves or captures over a screen",
        ]
        .join("\n")
    );
    // The griffon `FyafsF`: a diagonal step, then on as a rook outwards (`y`: the continuation
    // slides) — its path turns, and every square on it is one it may stop on.
    assert_eq!(
        diagram_of(&path, "G"),
        [
            "  8 . . . * . * . .",
            "  7 . . . * . * . .",
            "  6 * * * * . * * *",
            "  5 . . . . @ . . .",
            "  4 * * * * . * * *",
            "  3 . . . * . * . .",
            "  2 . . . * . * . .",
            "  1 . . . * . * . .",
            "    a b c d e f g h",
            "@ the piece; * moves or captures",
        ]
        .join("\n")
    );
    // The xiangqi horse `nN`: a knight's leap that a piece on the orthogonal square next to
    // it stops (the lame leg), so those four squares are marked as passed over — what tells
    // it from a knight.
    assert_eq!(
        diagram_of(&path, "X"),
        [
            "  8 . . . . . . . .",
            "  7 . . . * . * . .",
            "  6 . . * . - . * .",
            "  5 . . . - @ - . .",
            "  4 . . * . - . * .",
            "  3 . . . * . * . .",
            "  2 . . . . . . . .",
            "  1 . . . . . . . .",
            "    a b c d e f g h",
            "@ the piece; * moves or captures; - passes over (a piece there stops it)",
        ]
        .join("\n")
    );
    // The knight leaps: nothing stops it, nothing is passed over.
    assert!(!diagram_of("chess", "N").contains('-'));
}
