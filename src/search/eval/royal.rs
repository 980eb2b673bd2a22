//! Royal safety: a penalty that grows with the square of the weight of the enemy pieces
//! attacking the squares around a royal piece and of their safe checks (once two or more
//! pieces join the attack), and a bonus for own pawn-like pieces sheltering it from the
//! front. Middlegame only.

use super::mobility::Attacks;
use super::pair::Pair;
use super::tables::EvalTables;
use crate::position::Position;
use crate::types::{ByColour, Colour};

/// Royal-safety score from White's view.
pub fn evaluate(pos: &Position, et: &EvalTables, attacks: &ByColour<Attacks>) -> Pair {
    let mut score = ByColour([0i32; 2]);
    for colour in Colour::BOTH {
        let a = attacks[colour];
        let w = &et.royal;
        let scale = w.attack[w.slot(a.attackers)];
        score[colour] -= (a.units * a.units * scale / 1024).min(w.most_penalty);
        score[colour] += shelter(pos, et, colour);
    }
    Pair::new(score[Colour::White] - score[Colour::Black], 0)
}

/// Own pawn-like pieces in front of the royal pieces of `colour` (averaged over them).
fn shelter(pos: &Position, et: &EvalTables, colour: Colour) -> i32 {
    let Some((counts, royals)) = shelter_counts(pos, et, colour) else {
        return 0;
    };
    let w = et.royal.shelter;
    (counts[0] * w[0] + counts[1] * w[1]) / royals
}

/// Own pawn-like pieces one and two ranks in front of the royal pieces of `colour` (on the
/// file and the two beside it), summed over them, and the number of royal pieces; none
/// without a royal piece.
pub fn shelter_counts(pos: &Position, et: &EvalTables, colour: Colour) -> Option<([i32; 2], i32)> {
    let royals = pos.royals(colour);
    if royals.is_empty() {
        return None;
    }
    let geo = pos.geo();
    let dir: i16 = if colour == Colour::White { 1 } else { -1 };
    let mut counts = [0; 2];
    for &r in royals {
        let (f, rank) = geo.coords(r);
        for (i, count) in counts.iter_mut().enumerate() {
            let y = i16::from(rank) + dir * (i as i16 + 1);
            for dx in -1..=1 {
                let Some(s) = geo.checked_square(i16::from(f) + dx, y) else {
                    continue;
                };
                let p = pos.at(s);
                if p.is_of(colour) && et.kinds[p.kind()].pawn_like {
                    *count += 1;
                }
            }
        }
    }
    Some((counts, royals.len() as i32))
}
