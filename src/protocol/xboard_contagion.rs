//! A `contagious` capture told to XBoard. XBoard 4.9.1 knows no rule by which a captor turns
//! into its victim's type: with legality testing on it refuses a captor written as promoting
//! to that type (`d6f4w`: a bishop does not promote), and the bare move would leave a bishop
//! on its board where the rules put a werewolf. What it accepts from any piece whose
//! PIECETOCHAR slot has a `+` partner eleven slots on (its own pairing of the first eleven
//! images) is a shogi-style promotion, `d6f4+`, anywhere on the board, and it moves the
//! promoted piece as that piece's `piece +X&` line says. So every type that can catch the
//! contagious type gets such a partner, moving as the contagious type; its contagious captures
//! go to XBoard as promotions, and XBoard's `+X` reads back as the contagious type. XBoard
//! shows the captor with the partner slot's image and names it `+X` in its PGN.

use crate::variant::Variant;

/// XBoard pairs image `i` with image `i + PAIRING` for the first `PAIRING` images.
const PAIRING: usize = 11;

/// The one contagious type of `v` (none where there are none or several: a partner moves as
/// one type only).
fn contagious_type(v: &Variant) -> Option<usize> {
    match v.rules.contagious.as_slice() {
        &[kind] => Some(kind),
        _ => None,
    }
}

/// Whether the piece with this letter can catch the contagious type and become it, and has no
/// promoted form that would need its partner slot.
fn catches(v: &Variant, letter: char, contagious: usize) -> bool {
    let Some(kind) = v.piece_index(letter.to_ascii_uppercase()) else {
        return false;
    };
    let p = &v.pieces[kind];
    kind != contagious
        && !p.royal
        && !p.royal_when_last
        && p.promoted_of.is_none()
        && !v.pieces.iter().any(|q| q.promoted_of == Some(kind))
}

/// A PIECETOCHAR of one character a slot.
fn is_simple(text: &str) -> bool {
    text.len().is_multiple_of(2)
        && text
            .chars()
            .all(|c| c == '.' || c == '+' || c.is_ascii_alphabetic())
}

/// `text` with a `+` partner slot for every piece in the first eleven slots that can catch the
/// contagious type, in both halves (unchanged for a variant without one contagious type).
pub fn with_partner_slots(v: &Variant, text: &str) -> String {
    let Some(contagious) = contagious_type(v) else {
        return text.to_string();
    };
    if !is_simple(text) {
        return text.to_string();
    }
    let half = text.len() / 2;
    let fix = |side: &str| -> String {
        let mut slots: Vec<char> = side.chars().collect();
        let king = slots.pop().unwrap_or('.');
        for i in 0..PAIRING.min(slots.len()) {
            if !catches(v, slots[i], contagious) {
                continue;
            }
            if slots.len() <= i + PAIRING {
                slots.resize(i + PAIRING + 1, '.');
            }
            if slots[i + PAIRING] == '.' {
                slots[i + PAIRING] = '+';
            }
        }
        slots.push(king);
        slots.into_iter().collect()
    };
    let (white, black) = (fix(&text[..half]), fix(&text[half..]));
    if white.len() == black.len() {
        white + &black
    } else {
        text.to_string()
    }
}

/// The captors XBoard knows a partner for in the PIECETOCHAR `slots` (as [`with_partner_slots`]
/// made it): their upper-case letters, and the contagious type's.
pub fn partners(v: &Variant, slots: &str) -> Option<(Vec<char>, char)> {
    let contagious = contagious_type(v)?;
    if !is_simple(slots) {
        return None;
    }
    let white: Vec<char> = slots[..slots.len() / 2].chars().collect();
    let body = &white[..white.len().saturating_sub(1)];
    let captors: Vec<char> = (0..PAIRING.min(body.len()))
        .filter(|&i| body.get(i + PAIRING) == Some(&'+') && catches(v, body[i], contagious))
        .map(|i| body[i].to_ascii_uppercase())
        .collect();
    (!captors.is_empty()).then(|| (captors, v.pieces[contagious].id.letter()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::load_by_name;

    /// Werewolf's pawn, knight, bishop and rook (slots 1 to 4) can each take a werewolf and
    /// become one: each gets the `+` slot eleven on; the werewolf and the king get none.
    #[test]
    fn every_captor_of_a_werewolf_gets_a_partner_slot() {
        let v = load_by_name("werewolf").expect("shipped");
        let text = "PNBR......................WKpnbr......................wk";
        let fixed = with_partner_slots(&v, text);
        assert_eq!(
            fixed,
            "PNBR.......++++...........WKpnbr.......++++...........wk"
        );
        assert_eq!(partners(&v, &fixed), Some((vec!['P', 'N', 'B', 'R'], 'W')));
        assert_eq!(partners(&v, text), None);
    }

    #[test]
    fn a_variant_without_contagion_is_left_alone() {
        let v = load_by_name("chess").expect("shipped");
        let text = "PNBRQ................Kpnbrq................k";
        assert_eq!(with_partner_slots(&v, text), text);
        assert_eq!(partners(&v, text), None);
    }
}
