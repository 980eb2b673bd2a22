//! XBoard's PIECETOCHAR read as slots, one per image: `.` (unused), `+` (the shogi-promoted form
//! of the slot eleven before), `~` (a crazyhouse-promoted pawn), `^X` (the promoted form of
//! piece X, shown `+X`), or a piece ID (`N`, `N'`, `L!`; lower case for Black). A `/` is no
//! slot: XBoard goes on filling at image 46 (how HaChu reaches the promoted images).

use crate::types::{Colour, PieceId};

/// What one slot of a PIECETOCHAR holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlotContent {
    Unused,
    ShogiPromoted,
    CrazyhousePromoted,
    /// `^X`: the promoted form of the piece with this ID.
    PromotedOf(PieceId, Colour),
    Piece(PieceId, Colour),
}

/// One slot and the character index it starts at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub at: usize,
    pub content: SlotContent,
    /// The slot follows a `/`: XBoard fills it from image [`JUMP_TO`] on.
    pub after_jump: bool,
}

/// XBoard's piece images per colour.
pub const IMAGES: usize = 66;

/// The image a `/` makes XBoard go on at (its promoted bishop).
pub const JUMP_TO: usize = 46;

/// A character that starts no slot, at its index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotError {
    pub at: usize,
    pub message: String,
}

/// The slots of `text` in order.
pub fn slots(text: &str) -> Result<Vec<Slot>, SlotError> {
    let chars: Vec<char> = text.chars().collect();
    let id_at = |i: usize| PieceId::read_at(&chars, i);
    let mut out = Vec::new();
    let mut jumped = false;
    let mut i = 0;
    while i < chars.len() {
        let (content, width) = match chars[i] {
            '/' => {
                jumped = true;
                i += 1;
                continue;
            }
            '.' => (SlotContent::Unused, 1),
            '+' => (SlotContent::ShogiPromoted, 1),
            '~' => (SlotContent::CrazyhousePromoted, 1),
            '^' => match id_at(i + 1) {
                Some(read) => (
                    SlotContent::PromotedOf(read.id, read.colour),
                    1 + read.chars,
                ),
                None => {
                    return Err(SlotError {
                        at: i,
                        message: "`^` needs the ID of the piece whose promoted form the slot \
                                  shows after it"
                            .to_string(),
                    })
                }
            },
            c => match id_at(i) {
                Some(read) => (SlotContent::Piece(read.id, read.colour), read.chars),
                None => {
                    return Err(SlotError {
                        at: i,
                        message: format!(
                            "`{c}` is not a piece ID, `.` or one of XBoard's marks + ~ ^ / \
                             (and ' or ! after a letter)"
                        ),
                    })
                }
            },
        };
        out.push(Slot {
            at: i,
            content,
            after_jump: std::mem::take(&mut jumped),
        });
        i += width;
    }
    Ok(out)
}

/// The image XBoard gives each slot: White's half of the slots from 0, Black's from 0 again, a
/// slot after a `/` at [`JUMP_TO`] (if not past it already), each next slot one more.
pub fn images(slots: &[Slot]) -> Vec<usize> {
    let half = slots.len() / 2;
    let mut next = 0;
    slots
        .iter()
        .enumerate()
        .map(|(i, slot)| {
            if i == half {
                next = 0;
            }
            if slot.after_jump {
                next = next.max(JUMP_TO);
            }
            next += 1;
            next - 1
        })
        .collect()
}

/// What each of White's images holds as XBoard reads `text`: the contents of the slots of
/// White's half at their images ([`images`]), [`SlotContent::Unused`] for an image no slot
/// fills (those a `/` jumps over). The half's last slot, the King image XBoard fills apart, is
/// left out. Empty where the text does not read ([`slots`] says why).
pub fn white_images(text: &str) -> Vec<SlotContent> {
    let found = slots(text).unwrap_or_default();
    let white = (found.len() / 2).saturating_sub(1);
    let mut out = Vec::new();
    for (slot, image) in found.iter().zip(images(&found)).take(white) {
        if out.len() <= image {
            out.resize(image + 1, SlotContent::Unused);
        }
        out[image] = slot.content;
    }
    out
}

/// The pieces `text` gives a slot of their own: character index, ID and colour (none where the
/// text does not read; [`slots`] says why).
pub fn piece_ids(text: &str) -> impl Iterator<Item = (usize, PieceId, Colour)> {
    slots(text)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|slot| match slot.content {
            SlotContent::Piece(id, colour) => Some((slot.at, id, colour)),
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str) -> PieceId {
        text.parse().unwrap()
    }

    #[test]
    fn a_dressed_id_and_a_promoted_partner_fill_one_slot_each() {
        let found = slots("PN'.^S+/~k").unwrap();
        let contents: Vec<SlotContent> = found.iter().map(|s| s.content).collect();
        assert_eq!(
            contents,
            [
                SlotContent::Piece(id("P"), Colour::White),
                SlotContent::Piece(id("N'"), Colour::White),
                SlotContent::Unused,
                SlotContent::PromotedOf(id("S"), Colour::White),
                SlotContent::ShogiPromoted,
                SlotContent::CrazyhousePromoted,
                SlotContent::Piece(id("K"), Colour::Black),
            ]
        );
        let starts: Vec<usize> = found.iter().map(|s| s.at).collect();
        assert_eq!(starts, [0, 1, 3, 4, 6, 8, 9]);
    }

    #[test]
    fn each_half_fills_xboards_images_from_the_first_and_a_slash_jumps_to_image_46() {
        let found = slots("PN/.KpN/.k").unwrap();
        assert_eq!(images(&found), [0, 1, 46, 47, 0, 1, 46, 47]);
    }

    /// HaChu's style: `^R` is the promoted rook's image, `/` jumps to image 46, the king's
    /// slot ends the half and is no image of this list.
    #[test]
    fn whites_images_are_filled_as_xboard_fills_them() {
        let found = white_images("P.B^RL!/^Y'KpLb^rl!/^y'k");
        assert_eq!(found.len(), 47);
        assert_eq!(found[0], SlotContent::Piece(id("P"), Colour::White));
        assert_eq!(found[1], SlotContent::Unused);
        assert_eq!(found[3], SlotContent::PromotedOf(id("R"), Colour::White));
        assert_eq!(found[4], SlotContent::Piece(id("L!"), Colour::White));
        assert!(found[5..46].iter().all(|&c| c == SlotContent::Unused));
        assert_eq!(found[46], SlotContent::PromotedOf(id("Y'"), Colour::White));
        assert!(!found.contains(&SlotContent::Piece(id("K"), Colour::White)));
        assert!(white_images("PN*K").is_empty());
    }

    #[test]
    fn a_character_that_starts_no_slot_is_named_by_its_place() {
        assert_eq!(slots("PN*K").unwrap_err().at, 2);
        assert_eq!(slots("PN^").unwrap_err().at, 2);
        assert_eq!(slots("'P").unwrap_err().at, 0);
    }
}
