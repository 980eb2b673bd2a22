//! What XBoard 4.9.1 reads differently in an XBetza description (its `MovesFromString`, as
//! `spec/xbetza.md` records it from XBoard's source and from running it): a `piece` line that
//! contains one of these makes the GUI show, and accept, other moves than the engine plays.
//!
//! The deviations: `v`, `s` and `h` mean nothing on diagonal atoms (`fsF` is all four diagonal
//! steps there); `fh` (and `bh`, `rh`, `lh`) on `K` is all eight steps; later legs of an
//! oblique atom go elsewhere (`mpafN`); a move removes at most two pieces besides its
//! destination's; a lame `H` or `G` is tested on one square of its path only.

use crate::betza::ast::{Atom, Component, MODE_C, MODE_D};
use crate::betza::canonical::canonical;
use crate::betza::directions::absolute_slots;
use crate::betza::{parse, Betza};

/// A component XBoard 4.9.1 reads otherwise, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Misreading {
    /// The component in canonical XBetza.
    pub component: String,
    /// Its index among the description's components.
    pub index: usize,
    pub reason: String,
}

/// The components of `text` that XBoard 4.9.1 reads otherwise (none for text that does not
/// parse: the loader reports that).
pub fn misreadings(text: &str) -> Vec<Misreading> {
    let Ok(betza) = parse(text) else {
        return Vec::new();
    };
    betza
        .components
        .iter()
        .enumerate()
        .filter_map(|(index, c)| {
            misreading(c).map(|reason| Misreading {
                component: canonical(&Betza {
                    components: vec![c.clone()],
                }),
                index,
                reason,
            })
        })
        .collect()
}

fn misreading(c: &Component) -> Option<String> {
    let first = c.legs.first()?;
    let run = first.directions.as_str();
    let diagonal = matches!(c.atom, Atom::F | Atom::A | Atom::G);
    if diagonal && absolute_slots(c.atom, run) != absolute_slots(c.atom, &xboard_diagonal_run(run))
    {
        return Some(
            "XBoard 4.9.1 gives `v`, `s` and `h` no meaning on a diagonal atom and reads the \
             directions without them (all four diagonals when nothing is left); write the \
             directions with `f`, `b`, `l`, `r` (`fF`, `frF`)"
                .into(),
        );
    }
    let half_plane = run
        .as_bytes()
        .windows(2)
        .any(|w| matches!(w[0], b'f' | b'b' | b'l' | b'r') && w[1] == b'h');
    if c.atom == Atom::K
        && half_plane
        && absolute_slots(Atom::K, run) != absolute_slots(Atom::K, "")
    {
        return Some(
            "XBoard 4.9.1 reads `fh` (and `bh`, `rh`, `lh`) on K as all eight directions; \
             write the three steps as a union (`fWfF`)"
                .into(),
        );
    }
    if c.legs.len() > 1 && c.atom.is_oblique() {
        return Some(
            "XBoard 4.9.1 misplaces the later legs of an oblique atom (`mpafN` reaches a8 e8 \
             h3 h7 there, b8 f8 h2 h6 by the notation)"
                .into(),
        );
    }
    let locust = c.legs[..c.legs.len() - 1]
        .iter()
        .filter(|leg| leg.modes & (MODE_C | MODE_D) != 0)
        .count();
    if locust > 2 {
        return Some(format!(
            "XBoard 4.9.1 removes at most two pieces besides the destination's; this move \
             removes {locust}"
        ));
    }
    let lame = c.legs.last().is_some_and(|leg| leg.lame > 0);
    if lame && matches!(c.atom, Atom::H | Atom::G) {
        return Some(
            "XBoard 4.9.1 tests only the first square of a lame H or G's path, so it lets the \
             piece leap over a piece on the second"
                .into(),
        );
    }
    None
}

/// A first-leg direction run on a diagonal atom as XBoard 4.9.1 takes it: the tokens that
/// contain `v`, `s` or `h` (`fs`, `bs`, `rv`, `lv`, `fh` … and the letters alone) dropped.
fn xboard_diagonal_run(run: &str) -> String {
    let letters: Vec<char> = run.chars().collect();
    let mut kept = String::new();
    let mut i = 0;
    while i < letters.len() {
        let x = letters[i];
        let next = letters.get(i + 1).copied();
        let primary = |c: char| matches!(c, 'f' | 'b' | 'l' | 'r');
        let vertical = |c: char| matches!(c, 'f' | 'b');
        match next {
            Some(y) if primary(x) && primary(y) && vertical(x) != vertical(y) => {
                kept.push(x);
                kept.push(y);
                i += 2;
            }
            Some(y)
                if primary(x)
                    && (y == 'h' || (y == 's' && vertical(x)) || (y == 'v' && !vertical(x))) =>
            {
                i += 2;
            }
            _ => {
                if primary(x) {
                    kept.push(x);
                }
                i += 1;
            }
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reasons(text: &str) -> Vec<String> {
        misreadings(text).into_iter().map(|m| m.component).collect()
    }

    #[test]
    fn the_deviations_of_the_spec_are_found() {
        // spec/xbetza.md 4.2: `fsF` is all four diagonals in XBoard 4.9.1, row 44: `fhK` all
        // eight, row 132: `mpafN`, row 143: a lame H.
        assert_eq!(reasons("fsFW"), ["fsF"]);
        assert_eq!(reasons("rvF"), ["rvF"]);
        assert_eq!(reasons("KfhK"), ["fhK"]);
        assert_eq!(reasons("mpafN"), ["mpafN"]);
        assert_eq!(reasons("ifmnDifmnH"), ["ifmnH"]);
        assert_eq!(reasons("cacacamK"), ["cacacamK"]);
    }

    #[test]
    fn what_xboard_reads_as_written_passes() {
        for text in [
            "fmWfceFifmnD",
            "fFfrFvW",
            "vF",
            "mRcpR",
            "KNADcaKmcabK",
            "fsW",
            "fhN",
            "hK",
            "fsK",
            "nN",
            "caFcaF",
            "isO2",
        ] {
            assert_eq!(reasons(text), Vec::<String>::new(), "{text}");
        }
    }

    #[test]
    fn the_diagonal_run_keeps_only_what_xboard_reads() {
        assert_eq!(xboard_diagonal_run("fs"), "");
        assert_eq!(xboard_diagonal_run("frfs"), "fr");
        assert_eq!(xboard_diagonal_run("f"), "f");
        assert_eq!(xboard_diagonal_run("rv"), "");
        assert_eq!(xboard_diagonal_run("lb"), "lb");
    }
}
