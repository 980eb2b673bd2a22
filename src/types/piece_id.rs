//! Piece IDs: how FENs, moves, variant files and XBoard name a piece type. An ID is an
//! upper-case ASCII letter, optionally dressed with `'` or `!` as XBoard 4.9 writes its
//! two-character IDs (`N'`, `L!`), so a variant has up to 78 of them; Black writes the letter
//! in lower case (`n'`).

use std::fmt;

use super::Colour;

/// How the message refusing a text as a piece ID goes on after the text.
pub const NOT_AN_ID: &str = " is not a piece ID";

/// What follows the letter of a two-character ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dress {
    /// The bare letter.
    Plain,
    /// `'` (XBoard's "prime").
    Prime,
    /// `!`.
    Bang,
}

impl Dress {
    /// The dress a character after a letter writes, if it is one.
    pub fn of_mark(mark: char) -> Option<Dress> {
        match mark {
            '\'' => Some(Dress::Prime),
            '!' => Some(Dress::Bang),
            _ => None,
        }
    }

    /// The character written after the letter (none for a plain one).
    pub fn mark(self) -> Option<char> {
        match self {
            Dress::Plain => None,
            Dress::Prime => Some('\''),
            Dress::Bang => Some('!'),
        }
    }
}

/// A piece type's ID in White's form (the upper-case letter and its dress).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceId {
    letter: u8,
    dress: Dress,
}

/// An ID read from text, with the colour its letter's case gives and the characters it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReadId {
    pub id: PieceId,
    pub colour: Colour,
    pub chars: usize,
}

impl PieceId {
    /// The ID of `letter` (either case) with `dress`; `None` unless it is an ASCII letter.
    pub fn new(letter: char, dress: Dress) -> Option<PieceId> {
        letter.is_ascii_alphabetic().then(|| PieceId {
            letter: letter.to_ascii_uppercase() as u8,
            dress,
        })
    }

    /// The undressed ID of `letter` (either case); `None` unless it is an ASCII letter.
    pub fn plain(letter: char) -> Option<PieceId> {
        PieceId::new(letter, Dress::Plain)
    }

    /// The upper-case letter.
    pub fn letter(self) -> char {
        char::from(self.letter)
    }

    pub fn dress(self) -> Dress {
        self.dress
    }

    /// The letter in the case of `colour` (what move texts write: XBoard leaves the dress out
    /// of promotion and drop moves).
    pub fn letter_for(self, colour: Colour) -> char {
        match colour {
            Colour::White => self.letter(),
            Colour::Black => self.letter().to_ascii_lowercase(),
        }
    }

    /// The ID as `colour`'s pieces are written (`N'`, `n'`).
    pub fn text_for(self, colour: Colour) -> String {
        let mut text = String::with_capacity(2);
        text.push(self.letter_for(colour));
        text.extend(self.dress.mark());
        text
    }

    /// The ID at the start of `text`: a letter of either case and the dress after it.
    pub fn read(text: &str) -> Option<ReadId> {
        let chars: Vec<char> = text.chars().take(2).collect();
        PieceId::read_at(&chars, 0)
    }

    /// The ID starting at `chars[at]`.
    pub fn read_at(chars: &[char], at: usize) -> Option<ReadId> {
        let letter = *chars.get(at)?;
        let dress = chars.get(at + 1).copied().and_then(Dress::of_mark);
        let id = PieceId::new(letter, dress.unwrap_or(Dress::Plain))?;
        Some(ReadId {
            id,
            colour: Colour::of_letter(letter),
            chars: 1 + usize::from(dress.is_some()),
        })
    }

    /// The IDs one after another in `text` (either case), each with the character index it
    /// starts at; `Err` with the index of the first character that does not start one.
    pub fn read_all(text: &str) -> Result<Vec<(usize, PieceId)>, usize> {
        match PieceId::read_list(text, None) {
            (ids, None) => Ok(ids.into_iter().map(|(at, read)| (at, read.id)).collect()),
            (_, Some(at)) => Err(at),
        }
    }

    /// The IDs one after another in `text` once every `skip` character is left out (the `-`
    /// of FEN holdings), each with the index in `text` of its letter, and the index of the
    /// first character that starts no ID, where the reading stopped.
    pub fn read_list(text: &str, skip: Option<char>) -> (Vec<(usize, ReadId)>, Option<usize>) {
        let kept: Vec<(usize, char)> = text
            .chars()
            .enumerate()
            .filter(|&(_, c)| Some(c) != skip)
            .collect();
        let chars: Vec<char> = kept.iter().map(|&(_, c)| c).collect();
        let mut ids = Vec::new();
        let mut at = 0;
        while at < chars.len() {
            let Some(read) = PieceId::read_at(&chars, at) else {
                return (ids, Some(kept[at].0));
            };
            ids.push((kept[at].0, read));
            at += read.chars;
        }
        (ids, None)
    }
}

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text_for(Colour::White))
    }
}

impl std::str::FromStr for PieceId {
    type Err = String;

    /// One ID in White's form: an upper-case letter, and `'` or `!` for a dressed one.
    fn from_str(text: &str) -> Result<PieceId, String> {
        match PieceId::read(text) {
            Some(read) if read.chars == text.chars().count() && read.colour == Colour::White => {
                Ok(read.id)
            }
            _ => Err(format!(
                "`{text}`{NOT_AN_ID}: an upper-case letter, with `'` or `!` after it for a \
                 two-character ID"
            )),
        }
    }
}

impl serde::Serialize for PieceId {
    /// A plain ID as a character (`'N'`), a dressed one as a string (`"N'"`).
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.dress {
            Dress::Plain => serializer.serialize_char(self.letter()),
            _ => serializer.serialize_str(&self.to_string()),
        }
    }
}

impl<'de> serde::Deserialize<'de> for PieceId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<PieceId, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = PieceId;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a piece ID: an upper-case letter such as 'N', or \"N'\" or \"L!\"")
            }

            fn visit_char<E: serde::de::Error>(self, c: char) -> Result<PieceId, E> {
                self.visit_str(c.encode_utf8(&mut [0; 4]))
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<PieceId, E> {
                text.parse().map_err(E::custom)
            }
        }
        deserializer.deserialize_any(Visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(text: &str) -> PieceId {
        text.parse().unwrap()
    }

    #[test]
    fn an_id_is_a_letter_with_an_optional_dress_written_in_each_colours_case() {
        assert_eq!(id("N").dress(), Dress::Plain);
        assert_eq!(id("N'").dress(), Dress::Prime);
        assert_eq!(id("L!").dress(), Dress::Bang);
        assert_eq!(id("N'").text_for(Colour::Black), "n'");
        assert_eq!(id("L!").to_string(), "L!");
        assert_eq!(id("L!").letter_for(Colour::Black), 'l');
        assert_ne!(id("N"), id("N'"));
    }

    #[test]
    fn ids_are_read_one_after_another_in_either_case() {
        let read = PieceId::read_all("Qn'R!b").unwrap();
        let expected = [(0, "Q"), (1, "N'"), (3, "R!"), (5, "B")];
        assert_eq!(read.len(), expected.len());
        for ((at, got), (want_at, want)) in read.iter().zip(expected) {
            assert_eq!((*at, *got), (want_at, id(want)));
        }
        assert_eq!(PieceId::read_all("QR'*"), Err(3));
        let (ids, stop) = PieceId::read_list("-n'-K-x*", Some('-'));
        let found: Vec<(usize, PieceId, Colour)> =
            ids.iter().map(|&(at, r)| (at, r.id, r.colour)).collect();
        assert_eq!(
            found,
            [
                (1, id("N'"), Colour::Black),
                (4, id("K"), Colour::White),
                (6, id("X"), Colour::Black)
            ]
        );
        assert_eq!(stop, Some(7));
        assert_eq!(
            PieceId::read("n'x").map(|r| (r.colour, r.chars)),
            Some((Colour::Black, 2))
        );
    }

    #[test]
    fn a_lower_case_letter_a_third_character_or_a_digit_is_not_an_id() {
        for bad in ["n", "N''", "3", "", "N?"] {
            assert!(bad.parse::<PieceId>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_variant_file_writes_a_plain_id_as_a_character_and_a_dressed_one_as_a_string() {
        assert_eq!(ron::to_string(&id("N")).unwrap(), "'N'");
        let dressed = ron::to_string(&id("N'")).unwrap();
        assert!(dressed.starts_with('"'), "{dressed}");
        assert_eq!(ron::from_str::<PieceId>(&dressed).unwrap(), id("N'"));
        assert_eq!(ron::from_str::<PieceId>("'N'").unwrap(), id("N"));
        assert_eq!(ron::from_str::<PieceId>("\"L!\"").unwrap(), id("L!"));
        assert!(ron::from_str::<PieceId>("'n'").is_err());
    }
}
