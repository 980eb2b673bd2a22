//! Square sets on boards up to 16x16, and the region syntax variant files use for them.
//!
//! A square is `rank * 16 + file` (0-based, White's view). Region text is a space-separated list
//! of squares (`e4`), whole ranks (`*8`), whole files (`a*`), or `*` alone for the whole board:
//! files are letters from `a`, ranks
//! count from 1. On boards with 10 ranks XBoard numbers the ranks 0..9; region text follows
//! Fairy-Stockfish and counts 1..10 there too (`*10` is the last rank).

/// A set of squares on a board of at most 16x16.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet([u64; 4]);

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    pub fn index(file: u8, rank: u8) -> usize {
        usize::from(rank) * 16 + usize::from(file)
    }

    pub fn contains(&self, file: u8, rank: u8) -> bool {
        let i = Self::index(file, rank);
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    pub fn insert(&mut self, file: u8, rank: u8) {
        let i = Self::index(file, rank);
        self.0[i >> 6] |= 1 << (i & 63);
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|w| *w == 0)
    }

    /// The whole rank `rank` on a board with `files` files.
    pub fn rank(files: u8, rank: u8) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for f in 0..files {
            s.insert(f, rank);
        }
        s
    }

    /// The same set seen from the other side: rank r becomes ranks-1-r (files unchanged, as
    /// promotion zones and the like are mirrored, not rotated).
    pub fn flip_ranks(&self, ranks: u8) -> SquareSet {
        let mut s = SquareSet::EMPTY;
        for r in 0..ranks {
            for f in 0..16 {
                if self.contains(f, r) {
                    s.insert(f, ranks - 1 - r);
                }
            }
        }
        s
    }

    pub fn union(&self, other: &SquareSet) -> SquareSet {
        let mut s = *self;
        for i in 0..4 {
            s.0[i] |= other.0[i];
        }
        s
    }
}

/// Region text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionError {
    /// 0-based character position in the text where the bad item starts.
    pub position: usize,
    pub message: String,
}

/// Reads region text (`"*2 *3"`, `"a8 b8 h7"`, `"a* h*"`) for a board of `files` x `ranks`.
/// Empty text is the empty set.
pub fn parse_region(text: &str, files: u8, ranks: u8) -> Result<SquareSet, RegionError> {
    let mut set = SquareSet::EMPTY;
    let mut start = None;
    for (i, c) in text.chars().chain(std::iter::once(' ')).enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                let item: String = text.chars().skip(s).take(i - s).collect();
                set =
                    set.union(
                        &parse_item(&item, files, ranks).map_err(|message| RegionError {
                            position: s,
                            message,
                        })?,
                    );
                start = None;
            }
            _ => {}
        }
    }
    Ok(set)
}

/// One region item: a square, a whole rank or a whole file.
fn parse_item(item: &str, files: u8, ranks: u8) -> Result<SquareSet, String> {
    let expected =
        || format!("`{item}` is not a square like `e4`, a rank like `*8` or a file like `a*`");
    let mut set = SquareSet::EMPTY;
    if item == "*" {
        for r in 0..ranks {
            set = set.union(&SquareSet::rank(files, r));
        }
        return Ok(set);
    }
    if let Some(rank) = item.strip_prefix('*') {
        let r = rank_index(rank, ranks).ok_or_else(expected)??;
        return Ok(SquareSet::rank(files, r));
    }
    let mut chars = item.chars();
    let letter = chars.next().ok_or_else(expected)?;
    let f = file_index(letter, files).ok_or_else(expected)??;
    let rest = chars.as_str();
    if rest == "*" {
        for r in 0..ranks {
            set.insert(f, r);
        }
    } else {
        let r = rank_index(rest, ranks).ok_or_else(expected)??;
        set.insert(f, r);
    }
    Ok(set)
}

/// 0-based file of a file letter (`a` = 0); `None` if it is not a letter, `Err` if it is off
/// the board.
pub fn file_index(letter: char, files: u8) -> Option<Result<u8, String>> {
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let f = letter as u8 - b'a';
    Some(if f < files {
        Ok(f)
    } else {
        Err(format!(
            "file `{letter}` is off this board, whose last file is `{}`",
            (b'a' + files - 1) as char
        ))
    })
}

/// 0-based rank of a 1-based rank number; `None` if it is not a number, `Err` if it is off the
/// board.
fn rank_index(text: &str, ranks: u8) -> Option<Result<u8, String>> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || text.starts_with('0') {
        return None;
    }
    Some(match text.parse::<u32>() {
        Ok(r) if r <= u32::from(ranks) => Ok(r as u8 - 1),
        _ => Err(format!(
            "rank {text} is off this board, which has {ranks} ranks"
        )),
    })
}
