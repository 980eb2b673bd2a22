//! Piece types named by their place in the variant's list, in a form whose `Option` still
//! fits one byte (for moves and per-square marks).

use std::num::NonZeroU8;

/// A piece type: the index of its definition in the variant (at most 254 types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(NonZeroU8);

impl Kind {
    /// The type at `index` of the variant's list.
    #[inline(always)]
    pub fn new(index: usize) -> Kind {
        let code = u8::try_from(index + 1).expect("a variant has at most 254 piece types");
        Kind(NonZeroU8::new(code).expect("index + 1 is never 0"))
    }

    /// Its index in the variant's list.
    #[inline(always)]
    pub fn index(self) -> usize {
        usize::from(self.0.get()) - 1
    }

    /// The one-byte code of an optional type: 0 for none, else index + 1 (for packing into
    /// keys).
    #[inline(always)]
    pub fn code(kind: Option<Kind>) -> u8 {
        kind.map_or(0, |k| k.0.get())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kind_keeps_its_index_and_an_absent_one_codes_as_zero() {
        for index in [0, 1, 40, 253] {
            let kind = Kind::new(index);
            assert_eq!(kind.index(), index);
            assert_eq!(usize::from(Kind::code(Some(kind))), index + 1);
        }
        assert_eq!(Kind::code(None), 0);
        assert_eq!(std::mem::size_of::<Option<Kind>>(), 1);
    }
}
