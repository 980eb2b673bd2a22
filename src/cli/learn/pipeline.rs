//! `alfil tune VARIANT --net`: a network for any variant from nothing but its file, in one
//! command. Generation 1 self-plays with the hand-written evaluation and trains a network on
//! those games; each further generation self-plays with the latest network and trains the
//! next on all the data so far. The data and every generation's network stay in the work
//! folder; the last network is written as the variant's (NAME.nnue).

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::{default_net_path, selfplay_to, train_to, SelfplayArgs};
use crate::cli::load_variant;
use crate::nnue::train::Settings;
use crate::search::EvalChoice;
use crate::variant::weights::embedded_stem;

/// Share of a generation's time kept for its training.
const TRAINING_SHARE: f64 = 0.1;

/// Nodes a self-play move searches unless told: the shipped chess, xiangqi and shogi
/// networks all learnt from games at 1000 nodes a move, and within a budget of hours more
/// positions did more for them than deeper searches.
const NET_NODES: u64 = 1000;

/// Data below this many positions trains 32 neurons a side, from it 64: at about half a
/// million positions 32 neurons did as well as 64 or better (held-out loss in xiangqi
/// 0.002239 against 0.002229, in shogi 0.005875 against 0.005957) and search faster, and
/// chess's 1.38 million positions trained 64 (`bench/strength-log.md`).
const WIDER_FROM_POSITIONS: u64 = 1_000_000;

/// How a generation trains on `positions` positions: passes until the held-out loss has not
/// improved for three in a row (at half a million positions the networks learn the games by
/// heart after the third or fourth), the best pass kept.
fn settings_for(positions: u64) -> Settings {
    Settings {
        hidden: if positions < WIDER_FROM_POSITIONS {
            32
        } else {
            64
        },
        epochs: 30,
        patience: Some(3),
        ..Settings::default()
    }
}

/// What `alfil tune VARIANT --net` was asked for.
pub struct NetArgs {
    pub variant: String,
    /// Games per generation.
    pub games: Option<usize>,
    pub nodes: Option<u64>,
    pub threads: usize,
    pub seed: u64,
    pub generations: usize,
    pub hours: Option<f64>,
    pub work: Option<PathBuf>,
    pub out: Option<PathBuf>,
}

/// Run the whole road for `args`.
pub fn run(args: &NetArgs) -> Result<(), String> {
    let started = Instant::now();
    let tables = load_variant(&args.variant)?;
    if args.generations == 0 {
        return Err("--generations 0: at least one generation is needed".into());
    }
    if let Some(hours) = args.hours {
        if !(hours > 0.0 && hours.is_finite()) {
            return Err(format!("--hours {hours}: above 0"));
        }
    }
    let games = match (args.games, args.hours) {
        (Some(0), _) => return Err("--games 0: at least one game is needed".into()),
        (Some(n), _) => n,
        (None, Some(_)) => usize::MAX / 2,
        (None, None) => 1000,
    };
    let name = tables.variant.name.clone();
    let work = args
        .work
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("tune-{name}")));
    std::fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| default_net_path(&tables));
    let mut data: Vec<PathBuf> = Vec::new();
    let mut positions: u64 = 0;
    let mut previous: Option<PathBuf> = None;
    for generation in 1..=args.generations {
        let data_file = work.join(format!("gen{generation}.bin"));
        let net_file = work.join(format!("gen{generation}.nnue"));
        let eval = match &previous {
            None => EvalChoice {
                use_net: false,
                file: None,
            },
            Some(net) => EvalChoice {
                use_net: true,
                file: Some(net.clone()),
            },
        };
        let selfplay = SelfplayArgs {
            variant: args.variant.clone(),
            out: data_file.clone(),
            games,
            nodes: args.nodes.unwrap_or(NET_NODES),
            random_plies: 8,
            shard: None,
            seed: args.seed.wrapping_add(generation as u64 * 1_000_003),
            threads: args.threads,
            eval_file: None,
            hand_eval: false,
        };
        let stop = AtomicBool::new(false);
        let tally = std::thread::scope(|scope| {
            if let Some(hours) = args.hours {
                let left = hours * 3600.0 - started.elapsed().as_secs_f64();
                let generations_left = (args.generations - generation + 1) as f64;
                let budget = (left / generations_left * (1.0 - TRAINING_SHARE)).max(1.0);
                let stop = &stop;
                scope.spawn(move || {
                    let until = Instant::now() + Duration::from_secs_f64(budget);
                    while !stop.load(Ordering::Relaxed) && Instant::now() < until {
                        std::thread::sleep(Duration::from_millis(200));
                    }
                    stop.store(true, Ordering::Relaxed);
                });
            }
            let tally = selfplay_to(&tables, &selfplay, eval, &data_file, &stop);
            stop.store(true, Ordering::Relaxed);
            tally
        })?;
        crate::outln!(
            "generation {generation}: {} games, {} positions ({})",
            tally.games,
            tally.positions,
            match &previous {
                None => "hand-written evaluation".to_string(),
                Some(net) => format!("network {}", net.display()),
            }
        );
        data.push(data_file);
        positions += tally.positions as u64;
        let command = format!(
            "alfil tune {} --net, generation {generation} of {}",
            args.variant, args.generations
        );
        train_to(
            &tables,
            &data,
            &settings_for(positions),
            None,
            &net_file,
            &command,
        )?;
        previous = Some(net_file);
    }
    if let Some(last) = previous {
        std::fs::copy(&last, &out).map_err(|e| format!("{}: {e}", out.display()))?;
        let how = if embedded_stem(&tables.variant).is_some() {
            "give it to the engine with its EvalFile option, or put it in variants/ and rebuild \
             to build it in"
        } else {
            "the engine plays with it from there"
        };
        crate::outln!(
            "{name}: network written to {} after {} generations ({:.1} h); {how}",
            out.display(),
            args.generations,
            started.elapsed().as_secs_f64() / 3600.0
        );
    }
    Ok(())
}
