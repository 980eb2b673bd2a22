//! The XBetza parser: it owns the text → [`Betza`] step, using the pest grammar in
//! `grammar/xbetza.pest` to tokenize the string into components, legs, modifiers, atoms and
//! ranges, and then checks the rules the grammar leaves open while building the typed tree.
//!
//! Decisions taken for the open points of spec section 13 (and sections 1.2-1.3, 2, 3, 8):
//!
//! * **Modifier order is free** within a leg (as the ID and Fairy-Stockfish read it): FSF's own
//!   Berolina pawn `mfFcfeWimfnA` must load. The canonical printer restores the XBoard order.
//! * **Direction letters form one contiguous run per leg**, stored exactly as written, because
//!   their meaning depends on adjacency (`fr` is one token); `fmrW` is refused at the `r`.
//! * **`L` and `J` are read as `C` and `Z`** (ID and FSF meaning; XBoard 4.9.1 has them
//!   swapped). They are pure synonyms, so `CL` is a doubled letter just like `CC`.
//! * **A doubled letter is a rider** (`NN` = `N0`, `RR` = `R`), as in the ID and FSF, unless a
//!   digit follows: `WW4` is `W` + `W4`. This keeps the canonical form unambiguous.
//! * **Ranges** have one or two digits without a leading zero; `0` means unlimited. `O`
//!   (castling) needs a distance of at least 1.
//! * **Repeated letters** in a leg: a mode letter twice is the same bit; `i` at most twice
//!   (`ii`), `n` at most twice (`nn`); `j` counts.
//! * **ID-only syntax is refused with a "not supported" error** rather than ignored (spec 12
//!   warns that silently dropping constructs hides wrong moves): the modifiers `u z q k x`,
//!   extended atoms with an `X`/`Y` suffix, the atoms `U I @`, brackets and parentheses.
//!
//! Errors carry the 0-based character position of the first problem in reading order.

use pest::error::InputLocation;
use pest::iterators::Pair;
use pest::Parser;
use pest_derive::Parser;

use super::ast::{
    Atom, Betza, Component, Leg, Range, MODE_C, MODE_D, MODE_E, MODE_G, MODE_M, MODE_O, MODE_P,
    MODE_T, MODE_Y,
};
use super::BetzaError;

#[derive(Parser)]
#[grammar = "../grammar/xbetza.pest"]
struct XBetzaParser;

const ATOM_LETTERS: &str = "W F D N A H C Z G L J K R B Q O";

/// Parse an XBetza description into its components.
pub fn parse(text: &str) -> Result<Betza, BetzaError> {
    let description = XBetzaParser::parse(Rule::description, text)
        .map_err(|e| pest_error(text, &e))?
        .next()
        .ok_or_else(|| BetzaError::new(0, "expected an XBetza description"))?;
    let mut components = Vec::new();
    let mut pairs = description.into_inner().peekable();
    while let Some(pair) = pairs.next() {
        match pair.as_rule() {
            Rule::component => match build_component(text, pair)? {
                Built::Complete(component) => components.push(component),
                Built::MissingAtom { at, after_sep } => {
                    if let Some(next) = pairs.peek() {
                        refuse_group(text, next)?;
                    }
                    return Err(missing_atom(text, at, after_sep));
                }
            },
            Rule::bracket | Rule::group => refuse_group(text, &pair)?,
            Rule::stray => return Err(stray(text, &pair)),
            _ => {}
        }
    }
    Ok(Betza { components })
}

/// A component as far as it could be built.
enum Built {
    Complete(Component),
    /// The modifiers end at byte `at` without an atom; `after_sep` if the last one is `a`.
    MissingAtom {
        at: usize,
        after_sep: bool,
    },
}

fn build_component(text: &str, pair: Pair<'_, Rule>) -> Result<Built, BetzaError> {
    let span = (pair.as_span().start(), pair.as_span().end());
    let mut legs = vec![Leg::default()];
    let mut after_sep = false;
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::legs => {
                for piece in part.into_inner() {
                    let is_sep = piece.as_rule() == Rule::sep;
                    if is_sep {
                        if after_sep {
                            return Err(missing_atom(text, piece.as_span().start(), true));
                        }
                        legs.push(Leg::default());
                    } else if let Some(leg) = legs.last_mut() {
                        fill_leg(text, leg, piece)?;
                    }
                    after_sep = is_sep;
                }
            }
            Rule::atom => {
                let (atom, range) = build_atom(text, part)?;
                return Ok(Built::Complete(Component {
                    legs,
                    atom,
                    range,
                    span,
                }));
            }
            _ => {}
        }
    }
    Ok(Built::MissingAtom {
        at: span.1,
        after_sep,
    })
}

/// Where a leg stands in its run of direction letters.
#[derive(PartialEq)]
enum DirectionRun {
    NotStarted,
    Open,
    Closed,
}

fn fill_leg(text: &str, leg: &mut Leg, pair: Pair<'_, Rule>) -> Result<(), BetzaError> {
    let mut run = DirectionRun::NotStarted;
    for modifier in pair.into_inner() {
        let start = modifier.as_span().start();
        let letter = modifier.as_str().chars().next().unwrap_or_default();
        if modifier.as_rule() == Rule::direction {
            if run == DirectionRun::Closed {
                return Err(err_at(
                    text,
                    start,
                    format!(
                        "direction letters must be contiguous within a leg: '{letter}' is \
                         separated from the earlier direction letters '{}'",
                        leg.directions
                    ),
                ));
            }
            leg.directions.push(letter);
            run = DirectionRun::Open;
            continue;
        }
        if run == DirectionRun::Open {
            run = DirectionRun::Closed;
        }
        match modifier.as_rule() {
            Rule::mode => leg.modes |= mode_bit(letter),
            Rule::lame if leg.lame < 2 => leg.lame += 1,
            Rule::lame => {
                return Err(err_at(
                    text,
                    start,
                    "expected at most two 'n' letters per leg",
                ));
            }
            Rule::initial if leg.initial < 2 => leg.initial += 1,
            Rule::initial => {
                return Err(err_at(
                    text,
                    start,
                    "expected at most two 'i' letters per leg ('i' or 'ii')",
                ));
            }
            Rule::jump => {
                leg.jumps = leg.jumps.checked_add(1).ok_or_else(|| {
                    err_at(text, start, "expected at most 255 'j' letters per leg")
                })?;
            }
            _ => return Err(err_at(text, start, unsupported_modifier(letter))),
        }
    }
    Ok(())
}

fn mode_bit(letter: char) -> u16 {
    match letter {
        'm' => MODE_M,
        'c' => MODE_C,
        'd' => MODE_D,
        'e' => MODE_E,
        't' => MODE_T,
        'p' => MODE_P,
        'g' => MODE_G,
        'o' => MODE_O,
        _ => MODE_Y,
    }
}

fn unsupported_modifier(letter: char) -> String {
    let what = match letter {
        'u' => "unload",
        'z' => "crooked moves and later-leg bends",
        'q' => "circular moves and later-leg bends",
        _ => "reserved, no defined meaning",
    };
    format!("the '{letter}' modifier ({what}) is not supported")
}

fn build_atom(text: &str, pair: Pair<'_, Rule>) -> Result<(Atom, Range), BetzaError> {
    let start = pair.as_span().start();
    let Some(inner) = pair.into_inner().next() else {
        return Err(err_at(
            text,
            start,
            format!("expected an atom letter ({ATOM_LETTERS})"),
        ));
    };
    match inner.as_rule() {
        Rule::unsupported_atom => {
            let what = match inner.as_str() {
                "U" => "'U' (universal leaper)",
                "I" => "'I' (imitator)",
                _ => "'@' (drop)",
            };
            Err(err_at(
                text,
                start,
                format!("the atom {what} is not supported"),
            ))
        }
        Rule::extended_atom => Err(err_at(
            text,
            start + 1,
            format!(
                "extended atoms ('{}': X/Y suffix, Interactive Diagram only) are not supported; \
                 write the leap as a multi-leg path such as mpafmpafmpafsW",
                inner.as_str()
            ),
        )),
        _ => build_simple_atom(text, inner),
    }
}

fn build_simple_atom(text: &str, pair: Pair<'_, Rule>) -> Result<(Atom, Range), BetzaError> {
    let start = pair.as_span().start();
    let end = pair.as_span().end();
    let letter = pair.as_str().chars().next().unwrap_or_default();
    let mut written = None;
    for part in pair.into_inner() {
        match part.as_rule() {
            Rule::rider_pair if letter == 'O' => {
                return Err(err_at(
                    text,
                    start,
                    "the castling atom 'O' cannot be doubled: expected 'O' followed by its \
                     distance (e.g. isO2)",
                ));
            }
            Rule::rider_pair => written = Some(Range::Unlimited),
            Rule::range => written = Some(build_range(text, &part)?),
            _ => {}
        }
    }
    let (atom, default_range) = match letter {
        'W' => (Atom::W, Range::Leap),
        'F' => (Atom::F, Range::Leap),
        'D' => (Atom::D, Range::Leap),
        'N' => (Atom::N, Range::Leap),
        'A' => (Atom::A, Range::Leap),
        'H' => (Atom::H, Range::Leap),
        'C' | 'L' => (Atom::C, Range::Leap),
        'Z' | 'J' => (Atom::Z, Range::Leap),
        'G' => (Atom::G, Range::Leap),
        'R' => (Atom::W, Range::Unlimited),
        'B' => (Atom::F, Range::Unlimited),
        'Q' => (Atom::K, Range::Unlimited),
        'O' => {
            return match written {
                Some(Range::Limited(n)) => Ok((Atom::O, Range::Limited(n))),
                Some(_) => Err(err_at(
                    text,
                    start + 1,
                    "expected a castling distance of at least 1 after 'O' (e.g. isO2)",
                )),
                None => Err(err_at(
                    text,
                    end,
                    format!(
                        "expected a castling distance (1-99) after 'O' (e.g. isO2), found {}",
                        found(text, end)
                    ),
                )),
            };
        }
        'K' => (Atom::K, Range::Leap),
        _ => {
            return Err(err_at(
                text,
                start,
                format!("expected an atom letter ({ATOM_LETTERS})"),
            ));
        }
    };
    Ok((atom, written.unwrap_or(default_range)))
}

fn build_range(text: &str, pair: &Pair<'_, Rule>) -> Result<Range, BetzaError> {
    let digits = pair.as_str();
    let start = pair.as_span().start();
    if digits.len() > 2 {
        return Err(err_at(
            text,
            start,
            format!(
                "range '{digits}' is too long: expected at most 2 digits (0 = unlimited, 1-99)"
            ),
        ));
    }
    if digits.len() == 2 && digits.starts_with('0') {
        return Err(err_at(
            text,
            start,
            format!("range '{digits}' has a leading zero: expected 0 (unlimited) or 1-99"),
        ));
    }
    match digits.bytes().fold(0u8, |n, d| n * 10 + (d - b'0')) {
        0 => Ok(Range::Unlimited),
        n => Ok(Range::Limited(n)),
    }
}

/// Refuse a bracket or parenthesis group; any other pair passes.
fn refuse_group(text: &str, pair: &Pair<'_, Rule>) -> Result<(), BetzaError> {
    let what = match pair.as_rule() {
        Rule::bracket => {
            "bracket notation '[...]' (Interactive Diagram only) is not supported; write the \
             move as legs joined with 'a'"
        }
        Rule::group => "parenthesised groups '(...)' (Interactive Diagram only) are not supported",
        _ => return Ok(()),
    };
    Err(err_at(text, pair.as_span().start(), what))
}

fn missing_atom(text: &str, at: usize, after_sep: bool) -> BetzaError {
    let expected = if after_sep {
        format!("expected a modifier or an atom letter ({ATOM_LETTERS}) after 'a'")
    } else {
        format!("expected an atom letter ({ATOM_LETTERS}) after modifiers")
    };
    err_at(text, at, format!("{expected}, found {}", found(text, at)))
}

fn stray(text: &str, pair: &Pair<'_, Rule>) -> BetzaError {
    let start = pair.as_span().start();
    let c = pair.as_str().chars().next().unwrap_or_default();
    let message = if c.is_ascii_digit() {
        format!("unexpected digit {c:?}: a range must directly follow an atom letter")
    } else {
        format!("expected a modifier or an atom letter ({ATOM_LETTERS}), found {c:?}")
    };
    err_at(text, start, message)
}

/// What the text holds at byte `at`, for "found …" in messages.
fn found(text: &str, at: usize) -> String {
    match text.get(at..).and_then(|rest| rest.chars().next()) {
        Some(c) => format!("{c:?}"),
        None => "end of input".to_string(),
    }
}

/// An error at byte offset `at`, reported as a character position.
fn err_at(text: &str, at: usize, message: impl Into<String>) -> BetzaError {
    let position = text.get(..at).map_or(0, |head| head.chars().count());
    BetzaError::new(position, message)
}

fn pest_error(text: &str, error: &pest::error::Error<Rule>) -> BetzaError {
    let at = match error.location {
        InputLocation::Pos(p) | InputLocation::Span((p, _)) => p,
    };
    err_at(
        text,
        at,
        format!(
            "expected a modifier or an atom letter ({ATOM_LETTERS}), found {}",
            found(text, at)
        ),
    )
}
