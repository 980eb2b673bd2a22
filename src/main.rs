//! The `alfil` command line: with no arguments an engine on standard input and output (UCI when
//! the first command is `uci`, else CECP for XBoard); otherwise the XBetza explorer, perft and
//! divide, benchmark, variant list.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use alfil::cli::{bench, load_variant, setup_position};
use alfil::movegen::notation::move_text;
use alfil::movegen::targets::{diagram, parse_coord, square_name, targets, Coord, Query};
use alfil::perft;
use alfil::position::RankStyle;

#[derive(Parser)]
#[command(
    name = "alfil",
    version,
    about = "A chess-variant engine whose pieces and rules come from files",
    after_help = "Without a command, alfil is an engine on standard input and output: UCI when \
                  the first command is `uci`, else CECP (XBoard/WinBoard). Squares on the \
                  command line count ranks from 1 (a10 is the tenth rank), as UCI and \
                  Fairy-Stockfish write them."
)]
struct Cli {
    /// Without a command, Alfil is an engine on standard input and output: UCI if the first
    /// command is `uci`, else CECP (XBoard/WinBoard).
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Show where a piece described in XBetza can move on a test board.
    Betza {
        /// The XBetza description, e.g. "fmWfceFifmnD".
        betza: String,
        /// Board size as FILESxRANKS.
        #[arg(long, default_value = "8x8")]
        board: String,
        /// Square the piece stands on.
        #[arg(long, default_value = "d4")]
        square: String,
        /// Squares of friendly pieces (repeat or separate with commas).
        #[arg(long, value_delimiter = ',')]
        friend: Vec<String>,
        /// Squares of enemy pieces (repeat or separate with commas).
        #[arg(long, value_delimiter = ',')]
        foe: Vec<String>,
        /// The piece is Black's (its moves are rotated).
        #[arg(long)]
        black: bool,
        /// The piece has moved (no `i` moves).
        #[arg(long)]
        moved: bool,
        /// En-passant square, optionally with the victim's square: `d6` or `d6:d5`.
        #[arg(long)]
        ep: Option<String>,
    },
    /// Count the leaves of the legal-move tree.
    Perft(PerftArgs),
    /// Perft split by root move.
    Divide(PerftArgs),
    /// Measure perft speed (nodes per second, single thread, median of several runs), or with
    /// `--search` print the search signature: the total nodes of fixed-depth searches over
    /// fixed positions in 10 variants (unchanged by a change that should not alter the search).
    Bench {
        /// Runs per position; the median is reported.
        #[arg(long, default_value_t = 3)]
        runs: usize,
        /// Chess perft depth (the other positions use fixed depths); with `--search`, the base
        /// search depth (default 8).
        #[arg(long)]
        depth: Option<u32>,
        /// Print the search signature instead of measuring perft.
        #[arg(long)]
        search: bool,
        /// With `--search`, print per variant what the searches did before the signature:
        /// nodes of the main search, of quiescence and in check, check extensions, the share
        /// of cutoffs by the first move, table hits and the effective branching factor.
        #[arg(long, requires = "search")]
        stats: bool,
    },
    /// List the variants built into the binary.
    Variants,
    /// Print the piece values the engine derives from a variant's piece definitions, and
    /// those of the weights file beside the variant (NAME.weights.ron) where there is one.
    Values {
        /// A built-in variant's name, or the path of a RON variant file.
        variant: String,
        /// Write the weights the evaluation uses (the file's, else the automatic ones) to
        /// this file, to edit by hand or to start tuning from.
        #[arg(long, value_name = "FILE")]
        export: Option<std::path::PathBuf>,
    },
    /// Check variant files: every error the loader finds and warnings about what a file
    /// probably does not mean or what XBoard would show otherwise, with FILE:LINE:COL. Exit
    /// status 0 when clean, 1 with warnings, 2 with errors.
    Check(alfil::cli::check::CheckArgs),
    /// Write a variant for another tool: a Fairy-Stockfish variants.ini section, a Sjaak II
    /// variant definition or an Interactive Diagram page; what the format cannot express is
    /// listed in comments and on standard error.
    Export(alfil::cli::export::ExportArgs),
    /// Write a commented variant file to start a new variant from (NAME.ron): a complete
    /// example, or with `--from VARIANT` a file inheriting VARIANT that shows the fields
    /// usually changed. An existing file is never replaced.
    New(alfil::cli::scaffold::NewArgs),
    /// Print a variant after inheritance as one complete RON file that loads to the same
    /// rules, and each piece's canonical XBetza, moves, value and promotion (as comments).
    Explain {
        /// A built-in variant's name, or the path of a RON variant file.
        variant: String,
    },
    /// Run the perft cases variant files carry (`tests: [...]`), with a progress bar. Exit
    /// status 0 when all pass, 1 when one fails, 2 when a variant does not load.
    Selftest(alfil::cli::selftest::SelftestArgs),
    /// A board in the browser for any variant: its pieces and their moves, play against Alfil
    /// or between two people, analysis, perft, and a variant file's findings with an editor.
    Serve(alfil::cli::serve::ServeArgs),
    /// Compare Alfil's perft with a reference engine's (Fairy-Stockfish, Sjaak II, another
    /// Alfil): walk down the first root move whose counts differ and show the position where
    /// the move lists differ, and the moves each engine has that the other has not. Exit
    /// status 0 when the counts agree, 1 when they differ, 2 on an error.
    PerftDiff(alfil::cli::perftdiff::PerftDiffArgs),
    /// Play a match between two CECP engines (Alfil itself by default), refereed by Alfil.
    Match(alfil::cli::matchrun::MatchArgs),
    /// Learn the evaluation's weights for a variant from self-play (Texel's method) and write
    /// them as a weights file the engine then reads beside the variant.
    Tune(alfil::cli::tune::TuneArgs),
    /// Self-play games for training a network: each kept position with its search score and
    /// the game's result, in a compact binary data file (sharded with --shard K/N).
    Selfplay(alfil::cli::learn::SelfplayArgs),
    /// Train a network (the learned evaluation) from self-play data files and write it as
    /// NAME.nnue, which the engine then plays with.
    Train(alfil::cli::learn::TrainArgs),
    /// Print roughly balanced start positions for matches, one FEN a line: random playouts
    /// kept when a shallow search scores them near equal.
    Openings {
        /// A built-in variant's name, or the path of a RON variant file.
        variant: String,
        /// Positions wanted.
        #[arg(long, default_value_t = 100)]
        count: usize,
        /// Random moves from the start position.
        #[arg(long, default_value_t = 8)]
        plies: usize,
        /// Depth of the search that judges a position.
        #[arg(long, default_value_t = 5)]
        depth: u32,
        /// Largest score (centipawns, either side) a kept position may have.
        #[arg(long, default_value_t = 100)]
        max_score: i32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

#[derive(clap::Args)]
struct PerftArgs {
    /// A built-in variant's name, or the path of a RON variant file.
    variant: String,
    /// Plies to count (at least 1).
    #[arg(value_parser = clap::value_parser!(u32).range(1..))]
    depth: u32,
    /// Start from this FEN instead of the variant's start position.
    #[arg(long)]
    fen: Option<String>,
    /// Threads for splitting the root moves (0 = all cores).
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let Some(command) = cli.command else {
        if std::io::stdin().is_terminal() {
            eprintln!(
                "Alfil {}: an engine waiting for UCI (`uci`) or CECP (`xboard`) commands; \
                 `help` lists a few, `quit` ends, `alfil --help` shows the other uses.",
                env!("CARGO_PKG_VERSION")
            );
        }
        alfil::protocol::run();
        return ExitCode::SUCCESS;
    };
    let result = match command {
        Command::Betza {
            betza,
            board,
            square,
            friend,
            foe,
            black,
            moved,
            ep,
        } => run_betza(
            &betza,
            &board,
            &square,
            &friend,
            &foe,
            black,
            moved,
            ep.as_deref(),
        ),
        Command::Perft(args) => run_perft(&args, false),
        Command::Divide(args) => run_perft(&args, true),
        Command::Bench {
            runs,
            depth,
            search: false,
            ..
        } => bench::run(runs, depth.unwrap_or(6)),
        Command::Bench {
            depth,
            search: true,
            stats,
            ..
        } => bench::search_signature(depth.unwrap_or(8), stats).map(|_| ()),
        Command::Match(args) => alfil::cli::matchrun::run(&args),
        Command::Tune(args) => alfil::cli::tune::run(&args),
        Command::Selfplay(args) => alfil::cli::learn::run_selfplay(&args),
        Command::Train(args) => alfil::cli::learn::run_train(&args),
        Command::PerftDiff(args) => return run_perft_diff(&args),
        Command::Check(args) => return ExitCode::from(alfil::cli::check::run(&args)),
        Command::Selftest(args) => return ExitCode::from(alfil::cli::selftest::run(&args)),
        Command::Serve(args) => alfil::cli::serve::run(&args),
        Command::Openings {
            variant,
            count,
            plies,
            depth,
            max_score,
            seed,
        } => run_openings(
            &variant,
            &alfil::cli::matchrun::openings::Generation {
                count,
                plies,
                depth,
                max_score,
                seed,
            },
        ),
        Command::Variants => {
            for name in alfil::variant::embedded_names() {
                alfil::outln!("{name}");
            }
            Ok(())
        }
        Command::Values { variant, export } => run_values(&variant, export.as_deref()),
        Command::Export(args) => alfil::cli::load_variant(&args.variant).map(|tables| {
            let v = &tables.variant;
            let name = args.name.clone().unwrap_or_else(|| v.name.clone());
            let exported = alfil::cli::export::export(v, args.target, &name);
            for m in &exported.missing {
                eprintln!("warning: not expressed: {m}");
            }
            alfil::out!("{}", exported.text);
        }),
        Command::New(args) => alfil::cli::scaffold::run(&args).map(|path| {
            alfil::outln!("wrote {}", path.display());
        }),
        Command::Explain { variant } => {
            alfil::cli::explain::explain(&variant).map(|text| alfil::out!("{text}"))
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

fn coord(text: &str, files: u8, ranks: u8) -> Result<Coord, String> {
    parse_coord(text.trim(), files, ranks)
        .ok_or_else(|| format!("'{text}' is not a square of a {files}x{ranks} board"))
}

#[allow(clippy::too_many_arguments)]
fn run_betza(
    betza: &str,
    board: &str,
    square: &str,
    friends: &[String],
    foes: &[String],
    black: bool,
    moved: bool,
    ep: Option<&str>,
) -> Result<(), String> {
    let (files, ranks) = board
        .split_once(['x', 'X'])
        .and_then(|(f, r)| Some((f.parse::<u8>().ok()?, r.parse::<u8>().ok()?)))
        .filter(|&(f, r)| (1..=16).contains(&f) && (1..=16).contains(&r))
        .ok_or_else(|| format!("--board '{board}' is not FILESxRANKS between 1x1 and 16x16"))?;
    let mut q = Query::new(betza, files, ranks, coord(square, files, ranks)?);
    q.black = black;
    q.moved = moved;
    q.friends = friends
        .iter()
        .map(|s| coord(s, files, ranks))
        .collect::<Result<_, _>>()?;
    q.foes = foes
        .iter()
        .map(|s| coord(s, files, ranks))
        .collect::<Result<_, _>>()?;
    if let Some(ep) = ep {
        let (target, victim) = match ep.split_once(':') {
            Some((t, v)) => (coord(t, files, ranks)?, coord(v, files, ranks)?),
            None => {
                let t = coord(ep, files, ranks)?;
                let forward: i16 = if black { 1 } else { -1 };
                let rank = (i16::from(t.1) + forward).clamp(0, i16::from(ranks) - 1) as u8;
                (t, (t.0, rank))
            }
        };
        q.en_passant = Some((target, victim));
    }
    let moves = targets(&q).map_err(|e| format!("\"{betza}\" {e}"))?;
    let mut names: Vec<String> = moves.iter().map(|t| square_name(t.to)).collect();
    names.dedup();
    alfil::outln!("targets: {}", names.join(" "));
    for t in moves.iter().filter(|t| !t.kills.is_empty()) {
        let kills: Vec<String> = t.kills.iter().map(|&k| square_name(k)).collect();
        alfil::outln!("  {} removes {}", square_name(t.to), kills.join(" "));
    }
    alfil::out!("{}", diagram(&q, &moves));
    Ok(())
}

/// One line per piece: letter, name, value in centipawns (royal pieces: `royal`); where a
/// weights file beside the variant is used, its middlegame and endgame values beside them.
fn run_values(variant: &str, export: Option<&std::path::Path>) -> Result<(), String> {
    let tables = load_variant(variant)?;
    let values = alfil::search::piece_values(&tables);
    let in_use = alfil::search::weights_in_use(&tables);
    if let Some(path) = export {
        let weights = in_use.file.as_ref().map_or(&in_use.automatic, |(w, _)| w);
        std::fs::write(path, weights.to_ron())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(warning) = &in_use.warning {
        alfil::outln!("# warning: {warning}");
    }
    if let Some((weights, name)) = &in_use.file {
        alfil::outln!("# weights from {name}{}", tuning_summary(weights));
        alfil::outln!("# letter name automatic | file: middlegame endgame in-hand");
    }
    for (piece, value) in tables.variant.pieces.iter().zip(values) {
        let royal = piece.always_royal();
        let shown = if royal {
            "royal".to_string()
        } else {
            value.to_string()
        };
        let tuned = in_use
            .file
            .as_ref()
            .and_then(|(w, _)| w.pieces.get(&piece.id.to_string()))
            .filter(|_| !royal)
            .map(|p| format!(" | {:>6} {:>6} {:>6}", p.value.0, p.value.1, p.hand))
            .unwrap_or_default();
        alfil::outln!("{} {:<20} {shown:>6}{tuned}", piece.id, piece.name);
    }
    Ok(())
}

/// How a weights file was tuned, for a header line.
fn tuning_summary(weights: &alfil::variant::weights::Weights) -> String {
    match &weights.tuning {
        Some(t) => format!(
            " ({}: {} games, {} positions, loss {:.4} -> {:.4})",
            t.command, t.games, t.positions, t.loss_before, t.loss_after
        ),
        None => String::new(),
    }
}

fn run_openings(
    variant: &str,
    generation: &alfil::cli::matchrun::openings::Generation,
) -> Result<(), String> {
    let tables = load_variant(variant)?;
    let fens = alfil::cli::matchrun::openings::generate(&tables, generation);
    alfil::outln!(
        "# {}: {} positions after {} random plies, |score| <= {} cp at depth {} (alfil openings, seed {})",
        tables.variant.name,
        fens.len(),
        generation.plies,
        generation.max_score,
        generation.depth,
        generation.seed
    );
    for fen in fens {
        alfil::outln!("{fen}");
    }
    Ok(())
}

/// Exit status 0 when Alfil and the reference agree, 1 when they differ, 2 on an error.
fn run_perft_diff(args: &alfil::cli::perftdiff::PerftDiffArgs) -> ExitCode {
    use alfil::cli::perftdiff::{run, Outcome};
    let outcome = load_variant(&args.variant)
        .and_then(|tables| setup_position(tables, args.fen.as_deref()))
        .and_then(|pos| run(args, pos, &mut |line| eprintln!("perft-diff: {line}")));
    match outcome {
        Ok(Outcome::Agree { .. }) => ExitCode::SUCCESS,
        Ok(Outcome::Differ) => ExitCode::from(1),
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// A thread count of the command line, clamped to the search's maximum (said on standard
/// error).
fn clamp_threads(threads: usize) -> usize {
    let (used, reason) = alfil::search::affordable_threads(threads);
    if let Some(reason) = reason {
        eprintln!("--threads: {reason}");
    }
    used
}

fn run_perft(args: &PerftArgs, divide: bool) -> Result<(), String> {
    let variant = load_variant(&args.variant)?;
    let pos = setup_position(variant, args.fen.as_deref())?;
    let threads = if args.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        clamp_threads(args.threads)
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?;
    let start = Instant::now();
    let total = if divide || threads > 1 {
        let split = pool.install(|| perft::divide(&pos, args.depth));
        if divide {
            let mut lines: Vec<(String, u64)> = split
                .iter()
                .map(|&(mv, n)| (move_text(&pos, mv, RankStyle::FromOne), n))
                .collect();
            lines.sort();
            for (text, n) in &lines {
                alfil::outln!("{text}: {n}");
            }
            alfil::outln!();
        }
        split.iter().map(|&(_, n)| n).sum()
    } else {
        let mut pos = pos;
        perft::perft(&mut pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "time {:.3} s, {:.0} nodes/s",
        secs,
        total as f64 / secs.max(1e-9)
    );
    alfil::outln!("{total}");
    Ok(())
}
