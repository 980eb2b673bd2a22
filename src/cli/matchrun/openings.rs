//! Start positions for a match: FENs or EPD from a file (one a line, `#` comments), the set
//! shipped for the variant (`--openings builtin`, made by `alfil openings`), or the variant's
//! start position after a few random legal moves (sent to the engines as moves, so engines
//! without `setboard` can play them too; no two pairs get the same position); each is played
//! twice, colours reversed. `alfil openings` makes a set: random playouts kept when a shallow
//! search scores them near equal.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use crate::cli::random::XorShift64Star;
use crate::game::Game;
use crate::movegen::Move;
use crate::position::ruleset::Ruleset;
use crate::position::RankStyle;
use crate::search::{Limits, Searcher};

/// The `--openings` word for the set shipped for the variant.
pub const BUILTIN: &str = "builtin";

/// The opening sets shipped in `variants/openings/`, made by `alfil openings VARIANT --count
/// 2500` (8 random plies, |score| <= 100 cp at depth 5, seed 1): enough for an SPRT of 5000
/// games to play each opening once.
const SHIPPED: &[(&str, &str)] = &[
    (
        "chess",
        include_str!("../../../variants/openings/chess.fen"),
    ),
    (
        "capablanca",
        include_str!("../../../variants/openings/capablanca.fen"),
    ),
    (
        "xiangqi",
        include_str!("../../../variants/openings/xiangqi.fen"),
    ),
    (
        "shogi",
        include_str!("../../../variants/openings/shogi.fen"),
    ),
    (
        "crazyhouse",
        include_str!("../../../variants/openings/crazyhouse.fen"),
    ),
    (
        "janggi",
        include_str!("../../../variants/openings/janggi.fen"),
    ),
    (
        "makruk",
        include_str!("../../../variants/openings/makruk.fen"),
    ),
    (
        "seirawan",
        include_str!("../../../variants/openings/seirawan.fen"),
    ),
    (
        "grand",
        include_str!("../../../variants/openings/grand.fen"),
    ),
    (
        "minishogi",
        include_str!("../../../variants/openings/minishogi.fen"),
    ),
    (
        "atomic",
        include_str!("../../../variants/openings/atomic.fen"),
    ),
    (
        "antichess",
        include_str!("../../../variants/openings/antichess.fen"),
    ),
];

/// Where one game pair starts: the game, its FEN (None: the variant's start position) and the
/// moves already played from there, in the protocol's notation.
pub struct Opening {
    pub game: Game,
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// A start position reached by random moves from the variant's: the moves, and their text
/// (kept instead of the game, which is replayed when its pair starts: a match may hold
/// thousands).
pub struct Playout {
    played: Vec<Move>,
    moves: Vec<String>,
}

/// Where games start.
pub enum Openings {
    Start,
    Fens(Vec<String>),
    /// Random playouts, each to a different position.
    Random(Vec<Playout>),
}

impl Openings {
    /// The openings a match is given: the word `builtin` for the set shipped for the variant,
    /// else a file of FENs or EPD; every position must be one of the variant.
    pub fn from_option(option: &str, tables: &Arc<Ruleset>) -> Result<Openings, String> {
        if option != BUILTIN {
            let text = std::fs::read_to_string(option).map_err(|e| format!("{option}: {e}"))?;
            return Openings::from_text(option, &text, tables);
        }
        let name = &tables.variant.name;
        let Some((_, text)) = SHIPPED.iter().find(|(n, _)| n == name) else {
            let names: Vec<&str> = SHIPPED.iter().map(|(n, _)| *n).collect();
            return Err(format!(
                "no opening set is shipped for {name} (there are sets for {}); give a file or --random-plies",
                names.join(", ")
            ));
        };
        Openings::from_text(&format!("variants/openings/{name}.fen"), text, tables)
    }

    /// Read FENs or EPD lines; `label` names the text in messages.
    fn from_text(label: &str, text: &str, tables: &Arc<Ruleset>) -> Result<Openings, String> {
        let mut fens = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fen = position_part(line);
            Game::from_fen(tables.clone(), &fen)
                .map_err(|e| format!("{label}:{}: {e}", number + 1))?;
            fens.push(fen);
        }
        if fens.is_empty() {
            return Err(format!("{label}: no FEN in the file"));
        }
        Ok(Openings::Fens(fens))
    }

    /// Random playouts of `plies` moves for `pairs` game pairs, no two reaching the same
    /// position: the n-th is drawn from `seed` and n, and one that repeats an earlier position
    /// (or ends the game) is drawn again. Fewer when the plies cannot reach that many
    /// positions (a ply or two in a small variant): at most 20 draws per pair are tried.
    pub fn random(tables: &Arc<Ruleset>, plies: usize, seed: u64, pairs: usize) -> Openings {
        let mut seen = HashSet::new();
        let mut playouts = Vec::with_capacity(pairs);
        for draw in 0..pairs.saturating_mul(20).max(100) as u64 {
            if playouts.len() >= pairs {
                break;
            }
            let mut rng =
                XorShift64Star::new(seed ^ (draw + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let Some((game, moves)) = random_playout(tables, plies, &mut rng) else {
                continue;
            };
            if seen.insert(game.pos.hash()) {
                let played = game.moves().to_vec();
                playouts.push(Playout { played, moves });
            }
        }
        Openings::Random(playouts)
    }

    /// How many game pairs start differently.
    pub fn distinct_pairs(&self) -> usize {
        match self {
            Openings::Start => 1,
            Openings::Fens(fens) => fens.len(),
            Openings::Random(playouts) => playouts.len(),
        }
    }

    /// The opening of game pair `pair`.
    pub fn opening(&self, tables: &Arc<Ruleset>, pair: usize) -> Opening {
        let start = || Opening {
            game: Game::new(tables.clone()),
            fen: None,
            moves: Vec::new(),
        };
        match self {
            Openings::Start => start(),
            Openings::Fens(fens) => {
                let fen = &fens[pair % fens.len()];
                match Game::from_fen(tables.clone(), fen) {
                    Ok(game) => Opening {
                        game,
                        fen: Some(fen.clone()),
                        moves: Vec::new(),
                    },
                    Err(_) => start(),
                }
            }
            Openings::Random(playouts) if playouts.is_empty() => start(),
            Openings::Random(playouts) => {
                let p = &playouts[pair % playouts.len()];
                let mut game = Game::new(tables.clone());
                for &mv in &p.played {
                    game.play(mv);
                }
                Opening {
                    game,
                    fen: None,
                    moves: p.moves.clone(),
                }
            }
        }
    }
}

/// `plies` random legal moves from the start position, with their text; `None` if the game
/// ends on the way.
fn random_playout(
    tables: &Arc<Ruleset>,
    plies: usize,
    rng: &mut XorShift64Star,
) -> Option<(Game, Vec<String>)> {
    let mut game = Game::new(tables.clone());
    let mut moves = Vec::with_capacity(plies);
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() || game.result().is_some() {
            return None;
        }
        let mv = legal[rng.below(legal.len())];
        moves.push(game.move_text(mv, RankStyle::XBoard));
        game.play(mv);
    }
    (game.result().is_none() && !game.legal_moves().is_empty()).then_some((game, moves))
}

/// The FEN part of a line of an opening file: a FEN, or an EPD line whose operations (`bm …;`,
/// `id "…";`) follow the first four fields. Move counters and check counts after the four
/// fields are kept; the first other word ends the position.
fn position_part(line: &str) -> String {
    let before_ops = line.split(';').next().unwrap_or("");
    let words: Vec<&str> = before_ops.split_whitespace().collect();
    let mut kept: Vec<&str> = words.iter().take(4).copied().collect();
    for w in words.iter().skip(4) {
        if w.parse::<u32>().is_ok() || w.contains('+') {
            kept.push(w);
        } else {
            break;
        }
    }
    kept.join(" ")
}

/// What `alfil openings` keeps: positions after `plies` random moves whose score at `depth`
/// is within `max_score` centipawns of equal.
pub struct Generation {
    pub count: usize,
    pub plies: usize,
    pub depth: u32,
    pub max_score: i32,
    pub seed: u64,
}

/// Roughly balanced start positions for matches: short random playouts, each searched to a
/// shallow depth and kept when the score is near 0; FENs, without repeats. Tries at most 50
/// playouts per position wanted.
pub fn generate(tables: &Arc<Ruleset>, g: &Generation) -> Vec<String> {
    let mut rng = XorShift64Star::new(g.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut searcher = Searcher::new(16, 1);
    let stop = Arc::new(AtomicBool::new(false));
    let limits = Limits {
        depth: Some(g.depth.max(1)),
        ..Limits::default()
    };
    let mut out: Vec<String> = Vec::with_capacity(g.count);
    for _ in 0..g.count.saturating_mul(50) {
        if out.len() >= g.count {
            break;
        }
        let Some((game, _)) = random_playout(tables, g.plies, &mut rng) else {
            continue;
        };
        let outcome = searcher.search(&game, &limits, &stop, &mut |_| {});
        let fen = game.pos.to_fen();
        if outcome.score.abs() <= g.max_score && !out.contains(&fen) {
            out.push(fen);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::load_by_name;

    #[test]
    fn epd_operations_are_left_out_and_counters_kept() {
        assert_eq!(
            position_part(
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";"
            ),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"
        );
        assert_eq!(
            position_part("8/8/8/8/8/8/8/K6k w - - 3 40"),
            "8/8/8/8/8/8/8/K6k w - - 3 40"
        );
        assert_eq!(
            position_part("8/8/8/8/8/8/8/K6k w - - 3+3 0 1 c0 \"note\""),
            "8/8/8/8/8/8/8/K6k w - - 3+3 0 1"
        );
    }

    /// The rules of a built-in variant.
    fn rules(name: &str) -> Arc<Ruleset> {
        let variant = load_by_name(name).expect("a shipped variant");
        crate::movegen::build_ruleset(Arc::new(variant)).expect("tables")
    }

    /// One ply of chess reaches 20 positions (16 pawn moves, 4 knight moves), two plies 400:
    /// random openings give each pair its own position while there are positions left.
    #[test]
    fn random_openings_never_repeat_a_position() {
        let tables = rules("chess");
        for (plies, pairs, distinct) in [(1, 30, 20), (2, 100, 100)] {
            let openings = Openings::random(&tables, plies, 7, pairs);
            assert_eq!(openings.distinct_pairs(), distinct, "{plies} plies");
            let hashes: HashSet<u64> = (0..distinct)
                .map(|pair| openings.opening(&tables, pair).game.pos.hash())
                .collect();
            assert_eq!(hashes.len(), distinct, "{plies} plies");
        }
    }

    #[test]
    fn every_shipped_opening_set_is_a_set_of_distinct_positions_of_its_variant() {
        for (name, text) in SHIPPED {
            let tables = rules(name);
            let Ok(Openings::Fens(fens)) = Openings::from_option(BUILTIN, &tables) else {
                panic!("{name}: the shipped set does not load");
            };
            // An SPRT of [0, 10] may need a few thousand games, each pair its own opening.
            assert!(fens.len() >= 2500, "{name}: {} positions", fens.len());
            let mut unique = fens.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), fens.len(), "{name}: repeated positions");
            assert!(
                text.starts_with(&format!("# {name}: ")),
                "{name}: no header"
            );
        }
    }
}
