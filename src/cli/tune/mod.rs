//! `alfil tune`: an evaluation learned for a variant from its own self-play. Games from
//! roughly balanced openings at a shallow fixed search (`selfplay.rs`) give quiet positions
//! labelled with their results (or a positions file, `positions.rs`); the evaluation's weights
//! are fitted to them by Texel's method with a prior toward the weights in use (`fit.rs`; a
//! weights file beside the variant, else the automatic values); the result is written as a
//! weights file with a record of the run.

mod fit;
mod positions;
mod selfplay;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use fit::{Sample, STRENGTHS};
use selfplay::Labelled;

use crate::cli::load_variant;
use crate::cli::matchrun::openings::{generate, Generation};
use crate::movegen::position_from_fen;
use crate::position::ruleset::Ruleset;
use crate::search::{trace, EvalTables, Layout};
use crate::variant::weights::{embedded_stem, path_beside, Tuning};

pub use selfplay::MAX_PLIES;

/// The command line of `alfil tune`.
#[derive(clap::Args, Debug)]
pub struct TuneArgs {
    /// A built-in variant's name, or the path of a RON variant file.
    pub variant: String,
    /// Self-play games (default 1000; with --net, per generation, and without a limit when
    /// --hours is given).
    #[arg(long)]
    pub games: Option<usize>,
    /// Nodes searched per move (the default unless --depth is given; with --net 1000, the
    /// count every shipped network's data was played at).
    #[arg(long, conflicts_with = "depth")]
    pub nodes: Option<u64>,
    /// Depth searched per move, instead of a node count.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// The weights file to write (default: NAME.weights.ron beside a variant file, or in the
    /// current folder for a built-in variant).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Seed of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Fit to the labelled positions of this file (`FEN | RESULT | GAME` a line) instead of
    /// playing games.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["games", "nodes", "depth", "seed"])]
    pub positions: Option<PathBuf>,
    /// Also write the self-play's labelled positions to this file (for `--positions`).
    #[arg(long, value_name = "FILE", conflicts_with = "positions")]
    pub save_positions: Option<PathBuf>,
    /// Learn a network instead of the weights: self-play with the hand-written evaluation,
    /// train a network on it, then for each further generation self-play with the latest
    /// network and train the next on all the data; the last is written as NAME.nnue.
    #[arg(long, conflicts_with_all = ["positions", "save_positions", "depth"])]
    pub net: bool,
    /// With --net: generations of self-play and training.
    #[arg(long, default_value_t = 2, requires = "net")]
    pub generations: usize,
    /// With --net: hours the whole run may take (self-play stops in time for each
    /// generation's training).
    #[arg(long, requires = "net")]
    pub hours: Option<f64>,
    /// With --net: the folder for the data and the networks of each generation (default
    /// `tune-NAME` in the current folder).
    #[arg(long, value_name = "DIR", requires = "net")]
    pub work: Option<PathBuf>,
}

/// Self-play games when none are given.
const DEFAULT_GAMES: usize = 1000;

/// How much more strongly the square weights of adjacent squares are held together than each
/// weight is held to its start: square tables fitted freely follow the noise of the few games
/// in which a piece reached a square (xiangqi, 1000 games: held-out loss 0.07300 freely, 0.07226
/// held together, and the free tables lost about 100 Elo to the automatic values).
const SMOOTHNESS: f64 = 100.0;

/// Nodes per move when neither a node count nor a depth is given.
const DEFAULT_NODES: u64 = 4000;

/// Run `alfil tune`.
pub fn run(args: &TuneArgs) -> Result<(), String> {
    if args.net {
        if args.depth.is_some() {
            return Err("--depth: with --net, self-play searches a node count (--nodes)".into());
        }
        return crate::cli::learn::pipeline::run(&crate::cli::learn::pipeline::NetArgs {
            variant: args.variant.clone(),
            games: args.games,
            nodes: args.nodes,
            threads: args.threads,
            seed: args.seed,
            generations: args.generations,
            hours: args.hours,
            work: args.work.clone(),
            out: args.out.clone(),
        });
    }
    let games = args.games.unwrap_or(DEFAULT_GAMES);
    if games == 0 {
        return Err("--games 0: at least one game is needed".to_string());
    }
    if args.nodes == Some(0) || args.depth == Some(0) {
        return Err("a search of 0 nodes or depth 0 plays no move to learn from".to_string());
    }
    let started = Instant::now();
    let tables = load_variant(&args.variant)?;
    let et = EvalTables::new(&tables);
    if let Some(warning) = &et.weights_warning {
        eprintln!("warning: {warning}");
    }
    let mut weights = et.weights();
    let layout = Layout::new(&et, &weights);
    let start = layout.vector(&weights);
    let (labelled, games) = match &args.positions {
        Some(path) => {
            let check = |fen: &str| {
                position_from_fen(tables.clone(), fen)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            };
            let labelled = positions::read(path, &check)?;
            let games = labelled
                .iter()
                .map(|p| p.game)
                .collect::<HashSet<_>>()
                .len();
            (labelled, games)
        }
        None => {
            let labelled = self_play(&tables, args)?;
            if let Some(path) = &args.save_positions {
                positions::write(path, &labelled)?;
            }
            (labelled, games)
        }
    };
    let samples: Vec<Sample> = labelled
        .par_iter()
        .map(|p| {
            let pos =
                position_from_fen(tables.clone(), &p.fen).map_err(|e| format!("{}: {e}", p.fen))?;
            Ok(Sample {
                trace: trace(&pos, &et, &layout, &start),
                result: p.result,
                game: p.game,
            })
        })
        .collect::<Result<_, String>>()?;
    let fit_bar = progress_bar(STRENGTHS.len() as u64, "fitting: prior {pos}/{len}, {msg}");
    let mut curve = Vec::new();
    let shape = fit::Shape {
        neighbours: layout.square_neighbours(),
        smooth: SMOOTHNESS,
    };
    let fitted = fit::fit(&samples, &start, &shape, &mut |strength, loss| {
        fit_bar.inc(1);
        fit_bar.set_message(format!("strength {strength}: held-out loss {loss:.5}"));
        curve.push(format!(
            "prior strength {strength}: held-out loss {loss:.5}"
        ));
    })?;
    fit_bar.finish_and_clear();
    for line in &curve {
        crate::outln!("{line}");
    }
    let (fitted_weights, k) = rescaled(&layout, &start, &fitted.weights, fitted.k);
    layout.write(&fitted_weights, &mut weights);
    let command = format!("alfil {}", command_line(args));
    weights.tuning = Some(Tuning {
        command,
        games: games as u64,
        positions: samples.len() as u64,
        loss_before: fitted.loss_before,
        loss_after: fitted.loss_after,
    });
    let out = args.out.clone().unwrap_or_else(|| default_out(&tables));
    std::fs::write(&out, weights.to_ron())
        .map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    crate::outln!(
        "{}: {games} games, {} positions, K {k:.3}, {}",
        tables.variant.name,
        fitted.positions,
        match fitted.strength {
            Some(strength) => format!("prior strength {strength}"),
            None =>
                "no strength of the prior did better than the starting weights, kept".to_string(),
        }
    );
    eprintln!(
        "note: weights from alfil tune are not yet shown to play better than the automatic \
         ones; play them against the automatic values (alfil match) before keeping {}",
        out.display()
    );
    crate::outln!(
        "held-out loss {:.5} -> {:.5}; weights written to {} ({:.0} s)",
        fitted.loss_before,
        fitted.loss_after,
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The self-play games' labelled positions, with a progress bar.
fn self_play(tables: &Arc<Ruleset>, args: &TuneArgs) -> Result<Vec<Labelled>, String> {
    let openings = openings(tables, args)?;
    let bar = progress_bar(
        args.games.unwrap_or(DEFAULT_GAMES) as u64,
        "{bar:30} {pos}/{len} games, {msg} positions, ETA {eta}",
    );
    let play = selfplay::Play {
        games: args.games.unwrap_or(DEFAULT_GAMES),
        nodes: args.nodes.or(args.depth.is_none().then_some(DEFAULT_NODES)),
        depth: args.depth,
        threads: {
            let (used, reason) = crate::search::affordable_threads(args.threads);
            if let Some(reason) = reason {
                eprintln!("--threads: {reason}");
            }
            used
        },
    };
    let played = selfplay::play(tables, &openings, &play, &|games, kept| {
        bar.set_position(games as u64);
        bar.set_message(kept.to_string());
    })?;
    bar.finish_and_clear();
    if played.unfinished == played.games {
        return Err(format!(
            "none of the {} games ended within {MAX_PLIES} plies, so none has a result to learn \
             from (does the variant have a rule that ends a game in which nothing progresses?)",
            played.games
        ));
    }
    if played.unfinished > 0 {
        eprintln!(
            "warning: {} of {} games had not ended after {MAX_PLIES} plies; their positions are not used",
            played.unfinished, played.games
        );
    }
    Ok(played.positions)
}

/// The fitted weights scaled back to the start position's material at the starting weights,
/// and the fit's `k` scaled the other way: the predictions stay the same (the evaluation is
/// linear in its weights but for a few fixed terms), and the search's margins, set in
/// centipawns of that scale, keep their meaning.
fn rescaled(layout: &Layout, start: &[f64], fitted: &[f64], k: f64) -> (Vec<f64>, f64) {
    let before = layout.start_material(start);
    let after = layout.start_material(fitted);
    if before <= 0.0 || after <= 0.0 {
        return (fitted.to_vec(), k);
    }
    let s = after / before;
    (fitted.iter().map(|w| w / s).collect(), k * s)
}

/// The games' start positions: roughly balanced random openings (as `alfil openings`).
fn openings(tables: &Arc<Ruleset>, args: &TuneArgs) -> Result<Vec<String>, String> {
    let fens = generate(
        tables,
        &Generation {
            count: args.games.unwrap_or(DEFAULT_GAMES).min(500),
            plies: 8,
            depth: 3,
            max_score: 150,
            seed: args.seed,
        },
    );
    if fens.is_empty() {
        return Err(format!(
            "{}: no balanced opening position found (has the side to move a legal move at the start?)",
            tables.variant.name
        ));
    }
    Ok(fens)
}

/// The default weights file: beside a variant file, or in the current folder.
fn default_out(tables: &Ruleset) -> PathBuf {
    match embedded_stem(&tables.variant) {
        Some(stem) => PathBuf::from(format!("{stem}.weights.ron")),
        None => path_beside(Path::new(&tables.variant.source)),
    }
}

/// The options of the run as they would be typed.
fn command_line(args: &TuneArgs) -> String {
    let mut words = vec!["tune".to_string(), args.variant.clone()];
    if let Some(path) = &args.positions {
        words.push(format!("--positions {}", path.display()));
        return words.join(" ");
    }
    words.push(format!("--games {}", args.games.unwrap_or(DEFAULT_GAMES)));
    match (args.nodes, args.depth) {
        (_, Some(d)) => words.push(format!("--depth {d}")),
        (n, None) => words.push(format!("--nodes {}", n.unwrap_or(DEFAULT_NODES))),
    }
    words.push(format!("--threads {}", args.threads));
    if args.seed != 1 {
        words.push(format!("--seed {}", args.seed));
    }
    words.join(" ")
}

/// A progress bar on standard error.
fn progress_bar(len: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}
