//! Start positions for a match: FENs from a file (one a line, `#` comments), or the variant's
//! start position after a few random legal moves (sent to the engines as moves, so engines
//! without `setboard` can play them too); each is played twice, colours reversed.

use std::sync::Arc;

use crate::game::Game;
use crate::movegen::tables::Tables;
use crate::position::RankStyle;

/// Where one game pair starts: the game, its FEN (None: the variant's start position) and the
/// moves already played from there, in the protocol's notation.
pub struct Opening {
    pub game: Game,
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// Where games start.
pub enum Openings {
    Start,
    Fens(Vec<String>),
    Random { plies: usize, seed: u64 },
}

impl Openings {
    /// Read a FEN file; every FEN must be a position of the variant.
    pub fn from_file(path: &str, tables: &Arc<Tables>) -> Result<Openings, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let fens: Vec<String> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(str::to_string)
            .collect();
        for (i, fen) in fens.iter().enumerate() {
            Game::from_fen(tables.clone(), fen).map_err(|e| format!("{path}:{}: {e}", i + 1))?;
        }
        if fens.is_empty() {
            return Err(format!("{path}: no FEN in the file"));
        }
        Ok(Openings::Fens(fens))
    }

    /// The opening of game pair `pair`.
    pub fn opening(&self, tables: &Arc<Tables>, pair: usize) -> Opening {
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
            Openings::Random { plies, seed } => {
                let mut rng = seed ^ (pair as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                for _ in 0..100 {
                    let mut game = Game::new(tables.clone());
                    let mut moves = Vec::new();
                    let mut ok = true;
                    for _ in 0..*plies {
                        let legal = game.legal_moves();
                        if legal.is_empty() || game.result().is_some() {
                            ok = false;
                            break;
                        }
                        let mv = legal[next(&mut rng) as usize % legal.len()];
                        moves.push(game.move_text(mv, RankStyle::XBoard));
                        game.play(mv);
                    }
                    if ok && game.result().is_none() {
                        return Opening {
                            game,
                            fen: None,
                            moves,
                        };
                    }
                }
                start()
            }
        }
    }
}

/// xorshift64*.
fn next(state: &mut u64) -> u64 {
    let mut x = *state | 1;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    x.wrapping_mul(0x2545_F491_4F6C_DD1D)
}
