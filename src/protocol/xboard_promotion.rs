//! Shogi-style (`+`) promotions told to XBoard 4.9.1. XBoard promotes a piece with `+` into the
//! image slot eleven after its own (its pairing of the first eleven slots, backend.c
//! `SetCharTableEsc`), which the PIECETOCHAR marks `+`; a promoting piece whose partner slot
//! holds another piece turns into that piece (and goes to the hand as it), one whose partner
//! slot is unused turns into nothing XBoard can show. Under its shogi rules only the first
//! nine slots promote (moves.c `LegalityTest`: `piece < WhiteWazir`); under the other parents
//! (chu aside) the first eleven do, anywhere on the board, and the Pawn slot (the first) is
//! XBoard's pawn, whose moves to the last rank take no `+`. So a variant of the shogi family
//! with more than nine promoting types goes to XBoard under the `fairy` parent, and every
//! promoting type gets a slot with its `+` partner ([`with_plus_pairs`]).

use crate::variant::Variant;

/// XBoard pairs slot `i` with slot `i + PAIRING` for the first `PAIRING` slots.
pub const PAIRING: usize = 11;
/// Under its shogi rules XBoard promotes the slots before its Wazir's.
pub const SHOGI_PROMOTING: usize = 9;
/// Slots XBoard's shogi rules give no restriction of their own (the Pawn, Knight and Queen
/// slots may not be dropped on, or stay unpromoted on, the last ranks).
const SHOGI_FREE: [usize; 6] = [2, 3, 5, 6, 7, 8];

/// The types of `v` that promote with `+` (to a type marked as promoted from them).
pub fn plus_promoters(v: &Variant) -> Vec<usize> {
    (0..v.pieces.len())
        .filter(|&kind| {
            v.pieces[kind].promotion.as_ref().is_some_and(|p| {
                p.choices
                    .iter()
                    .chain(p.choices_black.iter().flatten())
                    .any(|&t| v.pieces[t].promoted_of == Some(kind))
            })
        })
        .collect()
}

/// Whether XBoard's shogi rules can promote every promoting type of `v`.
pub fn shogi_promotes_all(v: &Variant) -> bool {
    plus_promoters(v).len() <= SHOGI_PROMOTING
}

/// `text` (a PIECETOCHAR of one character a slot, Black's half mirroring White's) with every
/// `+`-promoting type of `v` in a slot XBoard promotes (under its shogi rules if `shogi`) and
/// `+` in its partner slot: a type elsewhere moves to a free slot, a piece in the way of a
/// partner slot moves past the paired slots, and `+` marks no other slot. Unchanged where the
/// types do not fit.
pub fn with_plus_pairs(v: &Variant, text: &str, shogi: bool) -> String {
    let simple = text
        .chars()
        .all(|c| matches!(c, '.' | '+') || c.is_ascii_alphabetic());
    if !simple || !text.len().is_multiple_of(2) {
        return text.to_string();
    }
    let (white, black) = text.split_at(text.len() / 2);
    if !white.eq_ignore_ascii_case(black) {
        return text.to_string();
    }
    let promoters: Vec<char> = plus_promoters(v)
        .into_iter()
        .map(|kind| v.pieces[kind].id.letter().to_ascii_uppercase())
        .collect();
    let mut slots: Vec<char> = white.chars().collect();
    let Some(king) = slots.pop() else {
        return text.to_string();
    };
    let length = slots.len();
    let keeps = |i: usize| {
        if shogi {
            i < SHOGI_PROMOTING
        } else {
            (1..PAIRING).contains(&i)
        }
    };
    let takes = |i: usize| {
        if shogi {
            SHOGI_FREE.contains(&i)
        } else {
            keeps(i)
        }
    };
    slots.resize(slots.len().max(2 * PAIRING), '.');
    let mut unplaced = Vec::new();
    for &c in &promoters {
        match slots.iter().position(|&x| x == c) {
            Some(i) if keeps(i) && matches!(slots[i + PAIRING], '+' | '.') => {
                slots[i + PAIRING] = '+';
            }
            Some(i) => {
                slots[i] = '.';
                unplaced.push(c);
            }
            None => unplaced.push(c),
        }
    }
    let is_promoter = |c: char| promoters.contains(&c);
    let mut evicted = Vec::new();
    for c in unplaced {
        let free = |slots: &[char], i: usize, evict: bool| {
            let open = |x: char| x == '.' || (evict && x.is_ascii_alphabetic() && !is_promoter(x));
            takes(i)
                && open(slots[i])
                && (slots[i + PAIRING] == '+' && !is_promoter(slots[i]) || open(slots[i + PAIRING]))
        };
        let Some(i) = (0..PAIRING)
            .find(|&i| free(&slots, i, false))
            .or_else(|| (0..PAIRING).find(|&i| free(&slots, i, true)))
        else {
            return text.to_string();
        };
        for at in [i, i + PAIRING] {
            if slots[at].is_ascii_alphabetic() {
                evicted.push(slots[at]);
            }
        }
        slots[i] = c;
        slots[i + PAIRING] = '+';
    }
    for j in PAIRING..slots.len() {
        let pairs = j < 2 * PAIRING && is_promoter(slots[j - PAIRING]);
        if slots[j] == '+' && !pairs {
            slots[j] = '.';
        }
    }
    for c in evicted {
        match (2 * PAIRING..slots.len()).find(|&j| slots[j] == '.') {
            Some(j) => slots[j] = c,
            None => slots.push(c),
        }
    }
    while slots.len() > length && slots.last() == Some(&'.') {
        slots.pop();
    }
    slots.push(king);
    let white: String = slots.into_iter().collect();
    let black = white.to_ascii_lowercase();
    white + &black
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::load_by_name;

    /// Cannon shogi's ten promoting types (shogi's six and four cannons) do not fit XBoard's
    /// shogi (nine slots: under real XBoard `i5f8+`, the iron cannon's promotion, forfeited
    /// the game). Under another parent each gets one of the slots 1 to 10 and its `+`; the
    /// gold, in the knight's partner slot before, moves past the pairs.
    #[test]
    fn cannon_shogis_ten_promoting_types_each_get_a_partner_slot() {
        let v = load_by_name("cannonshogi").expect("shipped");
        assert_eq!(plus_promoters(&v).len(), 10);
        assert!(!shogi_promotes_all(&v));
        let fixed = with_plus_pairs(&v, &v.piece_to_char, false);
        let white: Vec<char> = fixed[..fixed.len() / 2].chars().collect();
        for c in ['P', 'N', 'B', 'R', 'L', 'S', 'U', 'A', 'C', 'I'] {
            let i = white.iter().position(|&x| x == c).expect("placed");
            assert!((1..PAIRING).contains(&i), "{c} in slot {i}: {fixed}");
            assert_eq!(white[i + PAIRING], '+', "{c}: {fixed}");
        }
        let gold = white.iter().position(|&x| x == 'G').expect("gold kept");
        assert!(gold >= 2 * PAIRING, "{fixed}");
        assert_eq!(white.iter().filter(|&&x| x == '+').count(), 10, "{fixed}");
        assert_eq!(white.last(), Some(&'K'));
        assert_eq!(
            fixed[fixed.len() / 2..],
            fixed[..fixed.len() / 2].to_ascii_lowercase()
        );
    }

    #[test]
    fn a_well_paired_table_is_left_as_it_is() {
        let v = load_by_name("shogi").expect("shipped");
        assert!(shogi_promotes_all(&v));
        assert_eq!(with_plus_pairs(&v, &v.piece_to_char, true), v.piece_to_char);
    }
}
