//! Alfil's own piece set, made for the project: the orthodox six and the common fairy pieces
//! as SVG shapes without colours (the page colours them per side), and the xiangqi and janggi
//! discs and shogi and chu pentagons with their characters, written as text (see
//! [`oriental`]). A variant's piece names one with its `image` field; `alfil serve` draws
//! from it.

pub mod oriental;

/// A drawing of the set.
pub struct SetPiece {
    /// The name a variant's `image` field gives.
    pub name: &'static str,
    /// The XBetza of the piece it shows, for pieces drawn by their moves when their variant
    /// names no image (`None`: drawn only by name).
    pub moves: Option<&'static str>,
}

/// The western pieces: name, the moves the drawing shows, the SVG.
const WESTERN: &[(&str, Option<&str>, &str)] = &[
    ("king", None, include_str!("svg/king.svg")),
    ("queen", Some("Q"), include_str!("svg/queen.svg")),
    ("rook", Some("R"), include_str!("svg/rook.svg")),
    ("bishop", Some("B"), include_str!("svg/bishop.svg")),
    ("knight", Some("N"), include_str!("svg/knight.svg")),
    ("pawn", None, include_str!("svg/pawn.svg")),
    ("archbishop", Some("BN"), include_str!("svg/archbishop.svg")),
    ("chancellor", Some("RN"), include_str!("svg/chancellor.svg")),
    ("amazon", Some("QN"), include_str!("svg/amazon.svg")),
    ("camel", Some("C"), include_str!("svg/camel.svg")),
    ("zebra", Some("Z"), include_str!("svg/zebra.svg")),
    ("cannon", Some("mRcpR"), include_str!("svg/cannon.svg")),
    (
        "grasshopper",
        Some("gQ"),
        include_str!("svg/grasshopper.svg"),
    ),
    ("nightrider", Some("NN"), include_str!("svg/nightrider.svg")),
    ("wazir", Some("W"), include_str!("svg/wazir.svg")),
    ("ferz", Some("F"), include_str!("svg/ferz.svg")),
    ("commoner", Some("K"), include_str!("svg/commoner.svg")),
    ("elephant", Some("FA"), include_str!("svg/elephant.svg")),
    ("lion", None, include_str!("svg/lion.svg")),
];

/// Every piece of the set, western first.
pub fn pieces() -> impl Iterator<Item = SetPiece> {
    WESTERN
        .iter()
        .map(|&(name, moves, _)| SetPiece { name, moves })
        .chain(oriental::names().map(|name| SetPiece { name, moves: None }))
}

/// The set's names, for messages that list or suggest them.
pub fn names() -> Vec<&'static str> {
    pieces().map(|p| p.name).collect()
}

/// Whether the set has a piece of this name.
pub fn has(name: &str) -> bool {
    pieces().any(|p| p.name == name)
}

/// The SVG of the set's piece `name`.
pub fn svg(name: &str) -> Option<String> {
    WESTERN
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, _, svg)| svg.to_string())
        .or_else(|| oriental::svg(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_has_one_name_and_an_svg_with_a_view_box() {
        let names = names();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} twice");
            let svg = svg(name).unwrap_or_else(|| panic!("no SVG for {name}"));
            assert!(
                svg.starts_with(
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">"
                ) && svg.trim_end().ends_with("</svg>"),
                "{name}: {svg}"
            );
        }
        assert!(has("archbishop") && has("xiangqi-cannon") && has("shogi-dragon"));
        assert!(!has("archbishp") && svg("archbishp").is_none());
    }
}
