//! The start positions of Alfil and the reference engine compared before any count: the board
//! square by square (each of Alfil's piece letters must stand for one and the same letter of
//! the reference's everywhere, as Sjaak II writes xiangqi's horse `H` where Alfil writes `N`),
//! the pieces in hand, the side to move, and the `KQkq` castling rights where both write them.

use std::collections::HashMap;

/// One square or hand entry: a piece token (`P`, `+p`, `n'`) or empty.
type Token = Option<String>;

/// The fields of a FEN that are compared.
#[derive(Debug, PartialEq, Eq)]
struct Fields {
    /// Rows from the top, each square's token.
    rows: Vec<Vec<Token>>,
    /// The pieces in hand, sorted, if the FEN has a holdings field.
    hand: Option<Vec<String>>,
    side: String,
    /// The `KQkq` letters of the castling field, if there is one.
    castling: Option<Vec<char>>,
}

/// Whether the reference's start `theirs` is the same position as Alfil's `ours`; the error
/// says where they differ.
pub fn compare(ours: &str, theirs: &str) -> Result<(), String> {
    let a = fields(ours).ok_or_else(|| format!("Alfil's FEN `{ours}` does not read"))?;
    let b =
        fields(theirs).ok_or_else(|| format!("the reference's FEN `{theirs}` does not read"))?;
    if a.rows.len() != b.rows.len() || a.rows.iter().zip(&b.rows).any(|(x, y)| x.len() != y.len()) {
        return Err(format!(
            "the boards differ in size: Alfil's is {}, the reference's {}",
            size(&a.rows),
            size(&b.rows)
        ));
    }
    let mut letters = Letters::default();
    let ranks = a.rows.len();
    for (r, (x, y)) in a.rows.iter().zip(&b.rows).enumerate() {
        for (f, (p, q)) in x.iter().zip(y).enumerate() {
            let square = format!("{}{}", char::from(b'a' + f as u8), ranks - r);
            letters.pair(p, q, &format!("on {square}"))?;
        }
    }
    if a.side != b.side {
        return Err(format!(
            "the side to move differs: Alfil's is `{}`, the reference's `{}`",
            a.side, b.side
        ));
    }
    if let (Some(x), Some(y)) = (&a.hand, &b.hand) {
        let mapped: Option<Vec<String>> = x.iter().map(|p| letters.mapped(p)).collect();
        let mut mapped = mapped.unwrap_or_else(|| x.clone());
        mapped.sort();
        if &mapped != y {
            return Err(format!(
                "the pieces in hand differ: Alfil has [{}], the reference [{}]",
                x.concat(),
                y.concat()
            ));
        }
    }
    if let (Some(x), Some(y)) = (&a.castling, &b.castling) {
        if x != y {
            let text = |c: &[char]| -> String {
                if c.is_empty() {
                    "-".into()
                } else {
                    c.iter().collect()
                }
            };
            return Err(format!(
                "the castling rights differ: Alfil's are `{}`, the reference's `{}`",
                text(x),
                text(y)
            ));
        }
    }
    Ok(())
}

/// `FILESxRANKS` of a board.
fn size(rows: &[Vec<Token>]) -> String {
    format!("{}x{}", rows.first().map_or(0, Vec::len), rows.len())
}

/// The pairing of Alfil's piece letters with the reference's, one to one.
#[derive(Default)]
struct Letters {
    ours: HashMap<String, String>,
    theirs: HashMap<String, String>,
}

impl Letters {
    fn pair(&mut self, p: &Token, q: &Token, place: &str) -> Result<(), String> {
        let (p, q) = match (p, q) {
            (None, None) => return Ok(()),
            (Some(p), Some(q)) => (p, q),
            (p, q) => {
                return Err(format!(
                    "{place} Alfil has {}, the reference {}",
                    piece(p),
                    piece(q)
                ))
            }
        };
        let same_colour =
            p.chars().any(|c| c.is_ascii_uppercase()) == q.chars().any(|c| c.is_ascii_uppercase());
        let clash = !same_colour
            || self.ours.get(p).is_some_and(|k| k != q)
            || self.theirs.get(q).is_some_and(|k| k != p);
        if clash {
            return Err(format!(
                "{place} Alfil has `{p}` and the reference `{q}`, which elsewhere is {}",
                match (self.ours.get(p), self.theirs.get(q)) {
                    (Some(k), _) if k != q =>
                        format!("Alfil's `{p}` against the reference's `{k}`"),
                    (_, Some(k)) if k != p =>
                        format!("the reference's `{q}` against Alfil's `{k}`"),
                    _ => "a piece of the other side".into(),
                }
            ));
        }
        self.ours.insert(p.clone(), q.clone());
        self.theirs.insert(q.clone(), p.clone());
        Ok(())
    }

    fn mapped(&self, p: &str) -> Option<String> {
        self.ours.get(p).cloned()
    }
}

fn piece(t: &Token) -> String {
    t.as_ref()
        .map_or_else(|| "an empty square".into(), |p| format!("`{p}`"))
}

/// The compared fields of a FEN (XBoard's short form without castling and en passant too).
fn fields(fen: &str) -> Option<Fields> {
    let mut words = fen.split_whitespace();
    let placement = words.next()?;
    let (board, hand) = match placement.find('[') {
        Some(at) => {
            let hand = placement[at + 1..].trim_end_matches(']');
            let mut tokens = tokens(hand.trim_matches('-'))?
                .into_iter()
                .flatten()
                .collect::<Vec<_>>();
            tokens.sort();
            (&placement[..at], Some(tokens))
        }
        None => (placement, None),
    };
    let rows = board
        .split('/')
        .filter(|r| !r.is_empty())
        .map(tokens)
        .collect::<Option<Vec<_>>>()?;
    let side = words.next()?.to_string();
    let castling = words
        .next()
        .filter(|w| !w.chars().all(|c| c.is_ascii_digit()))
        .map(|w| {
            let mut c: Vec<char> = w.chars().filter(|c| "KQkq".contains(*c)).collect();
            c.sort_unstable();
            c
        });
    Some(Fields {
        rows,
        hand,
        side,
        castling,
    })
}

/// The squares of one FEN row (or the pieces of a holdings field): digits are empty squares,
/// `*` a wall, `+` and a trailing `'` or `!` belong to the letter, `~` is dropped.
fn tokens(row: &str) -> Option<Vec<Token>> {
    let mut out = Vec::new();
    let chars: Vec<char> = row.chars().filter(|&c| c != '~').collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let digits: String = chars[i..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            i += digits.len();
            out.extend(std::iter::repeat_n(None, digits.parse().ok()?));
            continue;
        }
        let mut token = String::from(c);
        if c == '+' {
            token.push(*chars.get(i + 1)?);
            i += 1;
        }
        if matches!(chars.get(i + 1), Some('\'' | '!')) {
            token.push(chars[i + 1]);
            i += 1;
        }
        out.push(Some(token));
        i += 1;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_start_written_two_ways_agrees() {
        // Fairy-Stockfish's and Sjaak II's crazyhouse.
        compare(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[-] w KQkq - 0 1",
        )
        .unwrap();
        // Sjaak II's xiangqi: horse and elephant as H and E, no castling field.
        compare(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w 0 1",
        )
        .unwrap();
        // Fairy-Stockfish's seirawan writes gating rights in the castling field.
        compare(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQABCDEFGHkqabcdefgh - 0 1",
        )
        .unwrap();
    }

    #[test]
    fn different_starts_are_named() {
        // capablanca against gothic: `a` would stand for `b` on c1 and `b` for `a` on g1.
        let err = compare(
            "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
            "rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1",
        )
        .unwrap_err();
        assert_eq!(
            err,
            "on g8 Alfil has `b` and the reference `a`, which elsewhere is Alfil's `b` \
             against the reference's `q`"
        );
        let err = compare(
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "10/10/10/10/10/10/10/10 w - - 0 1",
        )
        .unwrap_err();
        assert_eq!(
            err,
            "the boards differ in size: Alfil's is 8x8, the reference's 10x8"
        );
        let err = compare(
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "4k3/8/8/8/8/8/8/3K4 w - - 0 1",
        )
        .unwrap_err();
        assert_eq!(err, "on d1 Alfil has an empty square, the reference `K`");
        let err = compare(
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
        )
        .unwrap_err();
        assert_eq!(
            err,
            "the castling rights differ: Alfil's are `KQkq`, the reference's `-`"
        );
        let err = compare(
            "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
        )
        .unwrap_err();
        assert_eq!(
            err,
            "the pieces in hand differ: Alfil has [Q], the reference []"
        );
    }
}
