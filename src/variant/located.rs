//! A variant file loaded with its text kept, so that what is found about the loaded variant
//! later (the warnings of `alfil check`) can point at the value it concerns: a piece's entry or
//! one of its fields, a character of its XBetza, a top-level key. It also keeps the file with
//! its inheritance chain flattened into it, for `alfil explain`.

use super::locate::Seg;
use super::schema::VariantFile;
use super::source::Source;
use super::{LoadError, PieceId, Variant};

/// A loaded variant and the file it was loaded from (the leaf of its inheritance chain).
pub struct LoadedFile {
    pub variant: Variant,
    pub piece_to_char_origin: PieceToCharOrigin,
    leaf: Source,
    flat: VariantFile,
}

/// Where the variant's `piece_to_char` comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceToCharOrigin {
    /// Written whole, by the file or a file it inherits.
    Written,
    /// Written by no file: derived from the pieces' moves.
    Derived,
    /// Inherited without a slot for some of the pieces (this string), and completed.
    Completed(String),
}

/// A field of a piece entry that a diagnostic can point at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceField {
    /// The entry as a whole.
    Entry,
    Moves,
    ZoneMoves,
}

impl LoadedFile {
    /// The loaded `variant`, the `leaf` file and the chain `flat`tened (its `piece_to_char`
    /// as the files write it; the flattened file gets the one the variant uses).
    pub(super) fn new(variant: Variant, leaf: Source, mut flat: VariantFile) -> LoadedFile {
        let piece_to_char_origin = match flat.piece_to_char.take() {
            None => PieceToCharOrigin::Derived,
            Some(written) if written == variant.piece_to_char => PieceToCharOrigin::Written,
            Some(inherited) => PieceToCharOrigin::Completed(inherited),
        };
        flat.piece_to_char = Some(variant.piece_to_char.clone());
        LoadedFile {
            variant,
            piece_to_char_origin,
            leaf,
            flat,
        }
    }

    /// The variant as one file without `inherits`, which loads to the same variant.
    pub fn flattened(&self) -> &VariantFile {
        &self.flat
    }

    /// The file's path as given.
    pub fn label(&self) -> &str {
        &self.leaf.label
    }

    /// The XBetza text the file itself writes in `field` of the piece `letter`, if the file
    /// defines that piece (rather than inheriting it).
    pub fn piece_text(&self, letter: PieceId, field: PieceField) -> Option<&str> {
        let def = self
            .leaf
            .file
            .pieces
            .as_ref()?
            .iter()
            .find(|d| d.letter == letter)?;
        match field {
            PieceField::Entry => None,
            PieceField::Moves => Some(&def.moves),
            PieceField::ZoneMoves => def.zone_moves.as_ref().map(|z| z.moves.as_str()),
        }
    }

    /// `message` at `field` of the piece `letter` (at character `index` of its text, when
    /// given); a piece the file inherits is pointed at by the file's `inherits`.
    pub fn at_piece(
        &self,
        letter: PieceId,
        field: PieceField,
        index: Option<usize>,
        message: String,
    ) -> LoadError {
        let position = self
            .leaf
            .file
            .pieces
            .as_ref()
            .and_then(|defs| defs.iter().position(|d| d.letter == letter));
        let Some(i) = position else {
            return self.at_key("inherits", format!("{message} (the piece is inherited)"));
        };
        let mut path = vec![Seg::Key("pieces"), Seg::Index(i)];
        match field {
            PieceField::Entry => {}
            PieceField::Moves => path.push(Seg::Key("moves")),
            PieceField::ZoneMoves => path.extend([Seg::Key("zone_moves"), Seg::Key("moves")]),
        }
        match index {
            Some(index) => self.leaf.error_in(&path, index, message),
            None => self.leaf.error_at(&path, message),
        }
    }

    /// `message` at the top-level key `key` (or the file's start when the key is not written).
    pub fn at_key(&self, key: &'static str, message: String) -> LoadError {
        self.leaf.error_at(&[Seg::Key(key)], message)
    }

    /// `message` at character `index` of the string the file writes for the top-level key
    /// `key`; `None` when the file does not write the key itself.
    pub fn in_key(&self, key: &'static str, index: usize, message: String) -> Option<LoadError> {
        let written = match key {
            "name" => self.leaf.file.name.is_some(),
            "piece_to_char" => self.leaf.file.piece_to_char.is_some(),
            "start" => self.leaf.file.start.is_some(),
            _ => false,
        };
        written.then(|| self.leaf.error_in(&[Seg::Key(key)], index, message))
    }
}
