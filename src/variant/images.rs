//! XBoard's piece images and the moves each one shows (its knight, cannon, grasshopper…), used
//! to derive a `piece_to_char` for a file that leaves it out (or inherits one that lacks its
//! new pieces) and to say when XBoard would draw a piece with another piece's image.

use crate::betza::ast::Betza;
use crate::betza::canonical::canonical;
use crate::types::{Colour, PieceId};

use super::piece_to_char::{slots, SlotContent};

/// XBoard's first 21 images in slot order: the piece each shows and its XBetza, or `None`
/// for an image of no common piece (falcon, snake, unicorn) or the pawn.
pub const IMAGES: [(&str, Option<&str>); 21] = [
    ("pawn", None),
    ("knight", Some("N")),
    ("bishop", Some("B")),
    ("rook", Some("R")),
    ("queen", Some("Q")),
    ("ferz", Some("F")),
    ("alfil", Some("A")),
    ("archbishop", Some("BN")),
    ("chancellor", Some("RN")),
    ("wazir", Some("W")),
    ("man", Some("K")),
    ("cannon", Some("mRcpR")),
    ("nightrider", Some("NN")),
    ("dragon horse", Some("BW")),
    ("dragon king", Some("RF")),
    ("grasshopper", Some("gQ")),
    ("chancellor", Some("RN")),
    ("falcon", None),
    ("lance", Some("fR")),
    ("snake", None),
    ("unicorn", None),
];

/// Slots whose images show no common piece, the first choice for a piece no image shows.
pub const FREE_IMAGES: [usize; 3] = [17, 19, 20];

/// The Pawn and Lance slots, where XBoard makes a piece promote like a pawn.
const PAWN_SLOTS: [usize; 2] = [0, 18];

/// The canonical form of XBetza text, its components in sorted order so that `NR` and `RN`
/// say the same moves (the text itself if it does not read).
fn canon(text: &str) -> String {
    let Ok(parsed) = crate::betza::parse(text) else {
        return text.to_string();
    };
    let mut components: Vec<String> = parsed
        .components
        .into_iter()
        .map(|component| {
            canonical(&Betza {
                components: vec![component],
            })
        })
        .collect();
    components.sort();
    components.concat()
}

/// Whether two XBetza texts say the same moves (in canonical form).
pub fn same_moves(a: &str, b: &str) -> bool {
    canon(a) == canon(b)
}

/// The image slot whose piece moves as `moves`, if any.
pub fn image_for(moves: &str) -> Option<usize> {
    let own = canon(moves);
    IMAGES
        .iter()
        .position(|(_, shown)| shown.is_some_and(|s| canon(s) == own))
}

/// What a piece is to the derivation: its ID, XBetza, whether it is royal or pawn-like.
pub struct Wanted<'a> {
    pub id: PieceId,
    pub moves: &'a str,
    pub royal: bool,
    pub promotes: bool,
}

/// `existing` (or XBoard's 22 slots, empty) with a slot for each of `wanted` that lacks one:
/// a royal piece in the King slot (the last) if free, a piece that promotes in the Pawn slot,
/// a piece an image shows in that image's slot, the rest in the images of no common piece
/// (falcon, snake, unicorn) and then any free slot but the Pawn and Lance ones; the string
/// grows (dots before the King slot) to reach a slot past its end.
pub fn derive(existing: Option<&str>, wanted: &[Wanted<'_>]) -> String {
    let mut white: Vec<String> = match existing.map(slots) {
        Some(Ok(found)) if found.len() % 2 == 0 && !found.iter().any(|s| s.after_jump) => {
            let text: Vec<char> = existing.unwrap_or_default().chars().collect();
            let half = found.len() / 2;
            (0..half)
                .map(|i| {
                    let end = found.get(i + 1).map_or(text.len(), |s| s.at);
                    text[found[i].at..end].iter().collect()
                })
                .collect()
        }
        _ => vec![".".to_string(); 22],
    };
    if white.len() < 2 {
        white = vec![".".to_string(); 22];
    }
    let has =
        |white: &[String], id: PieceId| white.iter().any(|s| *s == id.text_for(Colour::White));
    for piece in wanted {
        if has(&white, piece.id) {
            continue;
        }
        let text = piece.id.text_for(Colour::White);
        let king = white.len() - 1;
        // A slot past the King's is free: the string grows to reach it.
        let free = |white: &[String], i: usize| i >= king || white[i] == ".";
        if piece.royal && white[king] == "." {
            white[king] = text;
            continue;
        }
        let choice = if piece.promotes && free(&white, 0) {
            Some(0)
        } else if let Some(i) = image_for(piece.moves).filter(|&i| free(&white, i)) {
            Some(i)
        } else if let Some(i) = FREE_IMAGES.into_iter().find(|&i| free(&white, i)) {
            Some(i)
        } else {
            (1..king).find(|&i| !PAWN_SLOTS.contains(&i) && free(&white, i))
        };
        let Some(choice) = choice else {
            white.insert(king, text);
            continue;
        };
        while choice >= white.len() - 1 {
            let at = white.len() - 1;
            white.insert(at, ".".to_string());
        }
        white[choice] = text;
    }
    let black: Vec<String> = white
        .iter()
        .map(|s| {
            let mut chars = s.chars();
            chars.next().map_or_else(String::new, |c| {
                c.to_ascii_lowercase().to_string() + chars.as_str()
            })
        })
        .collect();
    white.concat() + &black.concat()
}

/// The image slot the piece `id` has in `text` (White's half), if it has one there.
pub fn slot_of(text: &str, id: PieceId) -> Option<usize> {
    let found = slots(text).ok()?;
    if found.iter().any(|s| s.after_jump) {
        return None;
    }
    found[..found.len() / 2]
        .iter()
        .position(|s| matches!(s.content, SlotContent::Piece(p, Colour::White) if p == id))
}

/// The character index at which White's slot `slot` starts in `text`.
pub fn slot_char(text: &str, slot: usize) -> Option<usize> {
    let found = slots(text).ok()?;
    found
        .get(slot)
        .filter(|_| slot < found.len() / 2)
        .map(|s| s.at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(c: char) -> PieceId {
        PieceId::plain(c).unwrap()
    }

    #[test]
    fn pieces_go_to_the_images_of_their_moves() {
        let wanted = [
            Wanted {
                id: id('P'),
                moves: "fmWfcF",
                royal: false,
                promotes: true,
            },
            Wanted {
                id: id('N'),
                moves: "N",
                royal: false,
                promotes: false,
            },
            Wanted {
                id: id('K'),
                moves: "K",
                royal: true,
                promotes: false,
            },
            Wanted {
                id: id('C'),
                moves: "NR",
                royal: false,
                promotes: false,
            },
            Wanted {
                id: id('D'),
                moves: "mRcpRnN",
                royal: false,
                promotes: false,
            },
        ];
        assert_eq!(
            derive(None, &wanted),
            "PN......C........D...Kpn......c........d...k"
        );
        // An inherited string keeps its slots; the new piece takes a free image.
        assert_eq!(
            derive(Some("PNBRQ..ACKpnbrq..ack"), &wanted),
            "PNBRQ..AC........DKpnbrq..ac........dk"
        );
        assert_eq!(image_for("WB"), Some(13));
        assert_eq!(slot_of("PNBRQ..ACKpnbrq..ack", id('C')), Some(8));
    }
}
