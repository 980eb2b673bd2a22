//! Self-play data files: the positions a network learns from, a few dozen bytes each.
//!
//! A file is a header and records, all little-endian:
//!
//! | header field | bytes |
//! | --- | --- |
//! | magic `ALFILDAT` | 8 |
//! | format version ([`VERSION`]) | 2 |
//! | variant name: length, then UTF-8 | 2 + n |
//! | feature layout key ([`Layout::key`]) | 8 |
//! | files, ranks, piece types | 1 + 1 + 2 |
//!
//! | record field | bytes |
//! | --- | --- |
//! | length of the rest of the record | 2 |
//! | game number | 4 |
//! | flags: bit 0 Black to move, bits 1–2 the game's result for White (0 lost, 1 drawn, 2 won) | 1 |
//! | search score, centipawns from White's view | 2 |
//! | occupied squares, a bit each, rank by rank from White's first rank | ⌈squares / 8⌉ |
//! | per occupied square in that order: `2 × type + colour` (Black 1), 255 a wall | 1 each |
//! | held types, then per type held `2 × type + colour` and the count | 1 + 2 each |
//!
//! A file cut short (a run interrupted) keeps every complete record: a reader drops the
//! incomplete last one and says how many bytes it dropped. Files of one variant and layout
//! concatenate by appending their records (`cat` after the first file's header, or
//! [`append`]).

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

use super::layout::Layout;
use crate::position::Position;
use crate::types::{Colour, Piece};

/// The data format's version.
pub const VERSION: u16 = 1;
const MAGIC: &[u8; 8] = b"ALFILDAT";
/// A wall's byte in a record.
const WALL: u8 = 255;

/// A game's result for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Lost = 0,
    Drawn = 1,
    Won = 2,
}

impl Outcome {
    /// The result as a score for White: 0, ½ or 1.
    pub fn score(self) -> f32 {
        f32::from(self as u8) / 2.0
    }
}

/// One kept position, decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub game: u32,
    pub side: Colour,
    pub outcome: Outcome,
    /// Search score in centipawns from White's view.
    pub score: i16,
    /// Per occupied square (dense index, rank by rank from White's first rank): its content.
    pub board: Vec<(u16, Piece)>,
    /// Held pieces: owner, type, count.
    pub hand: Vec<(Colour, u16, u8)>,
}

impl Record {
    /// The record of `pos` with its search `score` (side to move's view), from game `game`
    /// that ended in `outcome`.
    pub fn of(pos: &Position, score: i32, game: u32, outcome: Outcome) -> Record {
        let white = if pos.side() == Colour::White {
            score
        } else {
            -score
        };
        let board = pos
            .tables
            .board_squares
            .iter()
            .enumerate()
            .filter(|&(_, &sq)| pos.at(sq) != Piece::EMPTY)
            .map(|(i, &sq)| (i as u16, pos.at(sq)))
            .collect();
        let types = pos.tables.pieces.len();
        let mut hand = Vec::new();
        for colour in Colour::BOTH {
            for kind in 0..types {
                let n = pos.in_hand(colour, kind);
                if n > 0 {
                    hand.push((colour, kind as u16, n));
                }
            }
        }
        Record {
            game,
            side: pos.side(),
            outcome,
            score: white.clamp(-32_000, 32_000) as i16,
            board,
            hand,
        }
    }

    /// The features set from `view`'s side.
    pub fn features(&self, layout: &Layout, view: Colour, out: &mut Vec<u32>) {
        out.clear();
        for &(i, content) in &self.board {
            out.extend(layout.dense_feature(view, content, usize::from(i)));
        }
        for &(owner, kind, count) in &self.hand {
            for n in 0..count {
                out.extend(layout.hand_feature(view, owner, usize::from(kind), n));
            }
        }
    }

    fn encode(&self, squares: usize, out: &mut Vec<u8>) {
        let start = out.len();
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(&self.game.to_le_bytes());
        out.push(u8::from(self.side == Colour::Black) | (self.outcome as u8) << 1);
        out.extend_from_slice(&self.score.to_le_bytes());
        let bits = out.len();
        out.resize(bits + squares.div_ceil(8), 0);
        for &(i, _) in &self.board {
            out[bits + usize::from(i) / 8] |= 1 << (i % 8);
        }
        for &(_, content) in &self.board {
            out.push(content_byte(content));
        }
        out.push(self.hand.len() as u8);
        for &(owner, kind, count) in &self.hand {
            out.push(content_byte(Piece::new(usize::from(kind), owner)));
            out.push(count);
        }
        let length = (out.len() - start - 2) as u16;
        out[start..start + 2].copy_from_slice(&length.to_le_bytes());
    }
}

fn content_byte(content: Piece) -> u8 {
    if content == Piece::WALL {
        WALL
    } else {
        (content.index() - 2) as u8
    }
}

/// What a data file's header says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub variant: String,
    pub layout_key: u64,
    pub files: u8,
    pub ranks: u8,
    pub types: u16,
}

impl Header {
    pub fn of(variant: &str, layout: &Layout, files: u8, ranks: u8) -> Header {
        Header {
            variant: variant.to_string(),
            layout_key: layout.key,
            files,
            ranks,
            types: layout.types as u16,
        }
    }

    fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(32 + self.variant.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(self.variant.len() as u16).to_le_bytes());
        out.extend_from_slice(self.variant.as_bytes());
        out.extend_from_slice(&self.layout_key.to_le_bytes());
        out.extend_from_slice(&[self.files, self.ranks]);
        out.extend_from_slice(&self.types.to_le_bytes());
        out
    }

    fn squares(&self) -> usize {
        usize::from(self.files) * usize::from(self.ranks)
    }
}

/// Writes records to a data file, a game at a time: each game's records reach the file
/// together, so an interrupted run leaves only complete games behind.
pub struct Writer {
    file: BufWriter<File>,
    squares: usize,
    buffer: Vec<u8>,
}

impl Writer {
    /// Create `path` (replacing it) with `header`.
    pub fn create(path: &Path, header: &Header) -> Result<Writer, String> {
        let file = File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut file = BufWriter::new(file);
        file.write_all(&header.encode())
            .and_then(|()| file.flush())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Writer {
            file,
            squares: header.squares(),
            buffer: Vec::new(),
        })
    }

    /// Write one game's records and flush them.
    pub fn write_game(&mut self, records: &[Record]) -> std::io::Result<()> {
        self.buffer.clear();
        for r in records {
            r.encode(self.squares, &mut self.buffer);
        }
        self.file.write_all(&self.buffer)?;
        self.file.flush()
    }
}

/// A data file read whole.
pub struct Data {
    pub header: Header,
    pub records: Vec<Record>,
    /// Bytes of an incomplete last record left out (a run interrupted while writing).
    pub dropped_bytes: usize,
}

/// Read the data file at `path`, checking its header against `expected` (the variant's name
/// and feature layout).
pub fn read(path: &Path, expected: &Header) -> Result<Data, String> {
    let name = path.display();
    let file = File::open(path).map_err(|e| format!("{name}: {e}"))?;
    let mut bytes = Vec::new();
    BufReader::new(file)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: {e}"))?;
    decode(&bytes, expected).map_err(|e| format!("{name}: {e}"))
}

/// Append the records of the data file at `from` to the one at `to` (same variant and
/// layout), for shards made apart.
pub fn append(from: &Path, to: &Path, expected: &Header) -> Result<usize, String> {
    let data = read(from, expected)?;
    let mut bytes = Vec::new();
    for r in &data.records {
        r.encode(expected.squares(), &mut bytes);
    }
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(to)
        .map_err(|e| format!("{}: {e}", to.display()))?;
    file.write_all(&bytes)
        .map_err(|e| format!("{}: {e}", to.display()))?;
    Ok(data.records.len())
}

/// A little-endian reader over a byte slice.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let slice = self.bytes.get(self.at..self.at + n)?;
        self.at += n;
        Some(slice)
    }
    fn u8(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }
    fn u16(&mut self) -> Option<u16> {
        self.take(2).map(|b| u16::from_le_bytes([b[0], b[1]]))
    }
    fn u32(&mut self) -> Option<u32> {
        self.take(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self) -> Option<u64> {
        self.take(8).map(|b| {
            let mut a = [0; 8];
            a.copy_from_slice(b);
            u64::from_le_bytes(a)
        })
    }
}

/// Decode a whole data file.
pub fn decode(bytes: &[u8], expected: &Header) -> Result<Data, String> {
    let mut c = Cursor { bytes, at: 0 };
    let short = "the header is cut short".to_string();
    if c.take(8).ok_or(short.clone())? != MAGIC {
        return Err("not an Alfil data file (no ALFILDAT at its start)".into());
    }
    let version = c.u16().ok_or(short.clone())?;
    if version != VERSION {
        return Err(format!(
            "data format version {version}; this Alfil reads version {VERSION}"
        ));
    }
    let len = usize::from(c.u16().ok_or(short.clone())?);
    let variant = String::from_utf8(c.take(len).ok_or(short.clone())?.to_vec())
        .map_err(|_| "the variant name is not UTF-8".to_string())?;
    let header = Header {
        variant,
        layout_key: c.u64().ok_or(short.clone())?,
        files: c.u8().ok_or(short.clone())?,
        ranks: c.u8().ok_or(short.clone())?,
        types: c.u16().ok_or(short)?,
    };
    if header.variant != expected.variant {
        return Err(format!(
            "made for the variant {}, not {}",
            header.variant, expected.variant
        ));
    }
    if header != *expected {
        return Err(format!(
            "made for another feature layout of {} (board {}x{}, {} piece types, key {:016x}; \
             expected {}x{}, {} types, key {:016x}): the variant file changed since",
            header.variant,
            header.files,
            header.ranks,
            header.types,
            header.layout_key,
            expected.files,
            expected.ranks,
            expected.types,
            expected.layout_key
        ));
    }
    let mut records = Vec::new();
    let squares = header.squares();
    loop {
        let start = c.at;
        if start == bytes.len() {
            return Ok(Data {
                header,
                records,
                dropped_bytes: 0,
            });
        }
        let Some(body) = c.u16().and_then(|n| c.take(usize::from(n))) else {
            return Ok(Data {
                header,
                records,
                dropped_bytes: bytes.len() - start,
            });
        };
        let record = decode_record(body, squares, header.types)
            .ok_or_else(|| format!("record {} (byte {start}) is corrupt", records.len() + 1))?;
        records.push(record);
    }
}

fn decode_record(body: &[u8], squares: usize, types: u16) -> Option<Record> {
    let mut c = Cursor { bytes: body, at: 0 };
    let game = c.u32()?;
    let flags = c.u8()?;
    let outcome = match flags >> 1 {
        0 => Outcome::Lost,
        1 => Outcome::Drawn,
        2 => Outcome::Won,
        _ => return None,
    };
    let side = if flags & 1 == 0 {
        Colour::White
    } else {
        Colour::Black
    };
    let score = c.u16()? as i16;
    let bits = c.take(squares.div_ceil(8))?;
    let occupied: Vec<u16> = (0..squares)
        .filter(|&i| bits[i / 8] >> (i % 8) & 1 == 1)
        .map(|i| i as u16)
        .collect();
    let piece = |b: u8| -> Option<Piece> {
        if b == WALL {
            return Some(Piece::WALL);
        }
        let kind = usize::from(b / 2);
        (kind < usize::from(types)).then(|| {
            Piece::new(
                kind,
                if b.is_multiple_of(2) {
                    Colour::White
                } else {
                    Colour::Black
                },
            )
        })
    };
    let mut board = Vec::with_capacity(occupied.len());
    for i in occupied {
        board.push((i, piece(c.u8()?)?));
    }
    let held = c.u8()?;
    let mut hand = Vec::with_capacity(usize::from(held));
    for _ in 0..held {
        let p = piece(c.u8()?)?;
        if !p.is_piece() {
            return None;
        }
        hand.push((p.colour(), p.kind() as u16, c.u8()?));
    }
    (c.at == body.len()).then_some(Record {
        game,
        side,
        outcome,
        score,
        board,
        hand,
    })
}
