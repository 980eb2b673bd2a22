//! The learned evaluation's commands: `alfil selfplay` writes self-play data, `alfil train`
//! trains a network from it, and `alfil tune VARIANT --net` does both, generation after
//! generation (the data of each network's games trains the next).

pub mod pipeline;
pub mod selfplay;

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};

use crate::cli::load_variant;
use crate::nnue::data::{self, Header, Record, Writer};
use crate::nnue::layout::Layout;
use crate::nnue::network::SCALE;
use crate::nnue::train::{self, float::Scratch, Settings};
use crate::nnue::EvalChoice;
use crate::position::ruleset::Ruleset;
use crate::variant::weights::embedded_stem;

/// Nodes per move of self-play when none is given.
pub const DEFAULT_NODES: u64 = 5000;

/// The command line of `alfil selfplay`.
#[derive(clap::Args, Debug, Clone)]
pub struct SelfplayArgs {
    /// A built-in variant's name, or the path of a RON variant file.
    pub variant: String,
    /// The data file to write (replaced if it exists).
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Games of the whole run (all shards together).
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    /// Nodes searched per move.
    #[arg(long, default_value_t = DEFAULT_NODES)]
    pub nodes: u64,
    /// Random moves from the start position before each game.
    #[arg(long, default_value_t = 8)]
    pub random_plies: usize,
    /// Play only shard K of N (`K/N`, K from 1): the games whose number is K-1 modulo N.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Play with this network instead of the variant's own.
    #[arg(long, value_name = "FILE", conflicts_with = "hand_eval")]
    pub eval_file: Option<PathBuf>,
    /// Play with the hand-written evaluation even where the variant has a network.
    #[arg(long)]
    pub hand_eval: bool,
}

/// The command line of `alfil train`.
#[derive(clap::Args, Debug, Clone)]
pub struct TrainArgs {
    /// A built-in variant's name, or the path of a RON variant file.
    pub variant: String,
    /// Data files of the variant (from `alfil selfplay`).
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    /// The network file to write (default: NAME.nnue beside a variant file, or in the current
    /// folder for a built-in variant).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub settings: TrainSettings,
}

/// How to train, as options.
#[derive(clap::Args, Debug, Clone)]
pub struct TrainSettings {
    /// Neurons of the hidden layer (per perspective).
    #[arg(long, default_value_t = 256)]
    pub hidden: usize,
    /// Output buckets by the number of pieces on the board.
    #[arg(long, default_value_t = 1)]
    pub buckets: usize,
    /// Passes over the data (the weights kept are those of the pass with the lowest held-out
    /// loss).
    #[arg(long, default_value_t = 10)]
    pub epochs: usize,
    /// Stop once this many passes in a row have not lowered the held-out loss (default: make
    /// every pass).
    #[arg(long, value_name = "PASSES")]
    pub patience: Option<usize>,
    /// Positions per optimiser step.
    #[arg(long, default_value_t = 2048)]
    pub batch: usize,
    /// Adam's learning rate at the start (it falls along a cosine to a twentieth).
    #[arg(long, default_value_t = 0.001)]
    pub learning_rate: f32,
    /// Weight of the game's result against the search's score in what the network learns
    /// (0: the score alone, 1: the result alone). In chess from 570,000 positions of
    /// hand-evaluated self-play, networks taught with λ 0.5 lost 39½ of 40 games to the
    /// hand-written evaluation at 10,000 nodes, with 0.2 33 of 40, with 0: 24½ of 40: the
    /// results of a few thousand games are learnt by heart.
    #[arg(long, default_value_t = 0.0)]
    pub lambda: f32,
    /// Threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Seed of the starting weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

impl TrainSettings {
    fn checked(&self) -> Result<Settings, String> {
        if self.hidden == 0 || self.hidden > crate::nnue::network::MAX_HIDDEN {
            return Err(format!(
                "--hidden {}: from 1 to {}",
                self.hidden,
                crate::nnue::network::MAX_HIDDEN
            ));
        }
        if self.buckets == 0 || self.buckets > crate::nnue::network::MAX_BUCKETS {
            return Err(format!(
                "--buckets {}: from 1 to {}",
                self.buckets,
                crate::nnue::network::MAX_BUCKETS
            ));
        }
        if self.epochs == 0 || self.batch == 0 || self.patience == Some(0) {
            return Err("--epochs, --batch and --patience must be at least 1".into());
        }
        if !(0.0..=1.0).contains(&self.lambda) {
            return Err(format!("--lambda {}: from 0 to 1", self.lambda));
        }
        if !(self.learning_rate > 0.0 && self.learning_rate.is_finite()) {
            return Err(format!("--learning-rate {}: above 0", self.learning_rate));
        }
        Ok(Settings {
            hidden: self.hidden,
            buckets: self.buckets,
            epochs: self.epochs,
            patience: self.patience,
            batch: self.batch,
            learning_rate: self.learning_rate,
            lambda: self.lambda,
            holdout: 20,
            seed: self.seed,
            start_values: Vec::new(),
        })
    }
}

/// `K/N` as (K-1, N), K from 1 to N.
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--shard '{text}': K/N with 1 <= K <= N");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || n == 0 || k > n {
        return Err(bad());
    }
    Ok((k - 1, n))
}

/// The header of the variant's data files.
pub fn header(tables: &Arc<Ruleset>, layout: &Layout) -> Header {
    Header::of(
        &tables.variant.name,
        layout,
        tables.geo.files,
        tables.geo.ranks,
    )
}

/// Run `alfil selfplay`.
pub fn run_selfplay(args: &SelfplayArgs) -> Result<(), String> {
    let tables = load_variant(&args.variant)?;
    let eval = EvalChoice {
        use_net: !args.hand_eval,
        file: args.eval_file.clone(),
    };
    let tally = selfplay_to(&tables, args, eval, &args.out, &AtomicBool::new(false))?;
    crate::outln!(
        "{} games, {} positions written to {}{}",
        tally.games,
        tally.positions,
        args.out.display(),
        if tally.unfinished > 0 {
            format!(
                " ({} games not over after {} plies left out)",
                tally.unfinished,
                selfplay::MAX_PLIES
            )
        } else {
            String::new()
        }
    );
    Ok(())
}

/// Play the self-play games `args` describe with the evaluation `eval`, writing `out`, until
/// they are played or `stop` is raised.
pub fn selfplay_to(
    tables: &Arc<Ruleset>,
    args: &SelfplayArgs,
    eval: EvalChoice,
    out: &Path,
    stop: &AtomicBool,
) -> Result<selfplay::Tally, String> {
    if args.games == 0 || args.nodes == 0 {
        return Err("--games and --nodes must be at least 1".into());
    }
    let shard = match &args.shard {
        Some(text) => parse_shard(text)?,
        None => (0, 1),
    };
    let layout = Layout::new(tables);
    let found = crate::nnue::find(tables, &eval);
    if let Some(note) = &found.note {
        if found.problem {
            return Err(note.clone());
        }
        eprintln!("{note}");
    }
    let plan = selfplay::Plan {
        games: args.games,
        nodes: args.nodes,
        random_plies: args.random_plies,
        seed: args.seed,
        shard,
        threads: args.threads,
        eval,
    };
    let writer = Mutex::new(Writer::create(out, &header(tables, &layout))?);
    let total = plan.shard_games();
    let bar = progress_bar(total as u64, "{bar:30} {pos}/{len} games, {msg}, ETA {eta}");
    let started = Instant::now();
    let tally = selfplay::play(tables, &plan, &writer, stop, &|t| {
        bar.set_position(t.games as u64);
        let rate = t.positions as f64 / started.elapsed().as_secs_f64().max(1e-3);
        bar.set_message(format!("{} positions, {rate:.0} positions/s", t.positions));
    })?;
    bar.finish_and_clear();
    Ok(tally)
}

/// Run `alfil train`.
pub fn run_train(args: &TrainArgs) -> Result<(), String> {
    let tables = load_variant(&args.variant)?;
    let settings = args.settings.checked()?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| default_net_path(&tables));
    let command = format!("alfil train {}", describe_train(args));
    train_to(
        &tables,
        &args.data,
        &settings,
        args.settings.threads,
        &out,
        &command,
    )?;
    Ok(())
}

/// What a finished training gave.
pub struct Trained {
    pub positions: usize,
    pub held_out_loss: f64,
}

/// Train a network of `tables` from the data files `data` and write it to `out`, its
/// description naming `command` and the data.
pub fn train_to(
    tables: &Arc<Ruleset>,
    data: &[PathBuf],
    settings: &Settings,
    threads: Option<usize>,
    out: &Path,
    command: &str,
) -> Result<Trained, String> {
    let started = Instant::now();
    let layout = Layout::new(tables);
    let expected = header(tables, &layout);
    let mut records: Vec<Record> = Vec::new();
    for path in data {
        let read = data::read(path, &expected)?;
        if read.dropped_bytes > 0 {
            eprintln!(
                "{}: the last {} bytes are an incomplete record (a run interrupted), left out",
                path.display(),
                read.dropped_bytes
            );
        }
        records.extend(read.records);
    }
    let mut settings = settings.clone();
    settings.start_values = start_values(tables, &layout);
    let settings = &settings;
    let (train_set, held) = train::split(&records, &layout, settings);
    drop(records);
    crate::outln!(
        "{}: {} training positions, {} held out; {} features, {} hidden, {} bucket(s)",
        tables.variant.name,
        train_set.len(),
        held.len(),
        layout.features,
        settings.hidden,
        settings.buckets
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| format!("cannot start the training threads: {e}"))?;
    let kept = pool.install(|| {
        train::train(&layout, &train_set, &held, settings, &mut |e| {
            crate::outln!(
                "epoch {:>3}/{}: loss {:.6}, held-out {:.6}, rate {:.6}, {:.1} s ({:.0} positions/s)",
                e.epoch,
                settings.epochs,
                e.train_loss,
                e.held_out_loss,
                e.learning_rate,
                e.seconds,
                train_set.len() as f64 / e.seconds.max(1e-9)
            );
        })
    })?;
    let (net, best) = (kept.net, kept.held_out_loss);
    if kept.epoch < settings.epochs {
        crate::outln!(
            "kept the weights of epoch {} (held-out {best:.6}): later passes did worse on the \
             held-out positions",
            kept.epoch
        );
    }
    let description = format!(
        "{command}; {} positions ({} held out, loss {best:.6} after epoch {}); made by Alfil {}",
        train_set.len() + held.len(),
        held.len(),
        kept.epoch,
        env!("CARGO_PKG_VERSION")
    );
    let quantized = net.quantize(&tables.variant.name, &description, layout.key);
    let (mean, worst) = quantization_error(&net, &quantized, &held);
    quantized.save(out)?;
    crate::outln!(
        "network written to {} ({} bytes); integer against float on the held-out positions: \
         mean {mean:.2} cp, worst {worst} cp; {:.0} s in all",
        out.display(),
        quantized.to_bytes().len(),
        started.elapsed().as_secs_f64()
    );
    Ok(Trained {
        positions: train_set.len() + held.len(),
        held_out_loss: best,
    })
}

/// The piece-square values a network starts from: the variant's automatic piece values (the
/// hand-written evaluation's), own pieces positive, royal pieces and walls nothing.
fn start_values(tables: &Arc<Ruleset>, layout: &Layout) -> Vec<f32> {
    let values = crate::search::piece_values(tables);
    (0..layout.features as u32)
        .map(|f| match layout.feature_piece(f) {
            Some((kind, own)) if !tables.pieces[kind].royal => {
                let v = values[kind] as f32;
                if own {
                    v
                } else {
                    -v
                }
            }
            _ => 0.0,
        })
        .collect()
}

/// How far the integer network's evaluations are from the float one's on `samples`: the
/// mean and the largest difference in centipawns.
fn quantization_error(
    net: &train::float::FloatNet,
    quantized: &crate::nnue::network::Network,
    samples: &train::samples::Samples,
) -> (f64, i32) {
    let mut scratch = Scratch::new(net.hidden);
    let mut acc = [vec![0i16; net.hidden], vec![0i16; net.hidden]];
    let (mut total, mut worst) = (0.0, 0);
    let n = samples.len().min(10_000);
    for i in 0..n {
        let (us, them) = samples.features(i);
        let bucket = usize::from(samples.bucket[i]);
        let float = net.forward(us, them, bucket, &mut scratch) * SCALE as f32;
        for (sums, features) in acc.iter_mut().zip([us, them]) {
            sums.copy_from_slice(&quantized.l1_biases);
            for &f in features {
                for (s, w) in sums.iter_mut().zip(quantized.row(f)) {
                    *s = s.wrapping_add(*w);
                }
            }
        }
        let psqt = [us, them].map(|fs| fs.iter().map(|&f| quantized.psqt[f as usize]).sum());
        let int = quantized.evaluate(&acc[0], &acc[1], psqt, bucket);
        let diff = (float.round() as i32 - int).abs();
        total += f64::from(diff);
        worst = worst.max(diff);
    }
    (total / n.max(1) as f64, worst)
}

/// The default network file: beside a variant file, or in the current folder.
pub fn default_net_path(tables: &Ruleset) -> PathBuf {
    match embedded_stem(&tables.variant) {
        Some(stem) => PathBuf::from(format!("{stem}.nnue")),
        None => Path::new(&tables.variant.source).with_extension("nnue"),
    }
}

/// The training options as they would be typed.
fn describe_train(args: &TrainArgs) -> String {
    let s = &args.settings;
    let files: Vec<String> = args.data.iter().map(|p| p.display().to_string()).collect();
    let patience = s
        .patience
        .map(|p| format!(" --patience {p}"))
        .unwrap_or_default();
    format!(
        "{} {} --hidden {} --buckets {} --epochs {}{patience} --batch {} --learning-rate {} --lambda {} --seed {}",
        args.variant,
        files.join(" "),
        s.hidden,
        s.buckets,
        s.epochs,
        s.batch,
        s.learning_rate,
        s.lambda,
        s.seed
    )
}

/// A progress bar on standard error.
fn progress_bar(len: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}
