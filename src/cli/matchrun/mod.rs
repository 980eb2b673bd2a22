//! `alfil match`: games between two CECP engines (Alfil itself on both sides by default, so a
//! designer can self-play a new variant), refereed by Alfil under the variant's rules, colours
//! alternating, with a progress bar, a PGN file and at the end the score, an Elo estimate and
//! the variant's balance statistics.
//!
//! [`referee`] plays one game through [`crate::protocol::client`], [`openings`] picks start
//! positions, [`stats`] keeps the tally and [`pgn`] writes the games.

pub mod openings;
pub mod pgn;
pub mod referee;
pub mod stats;

use std::io::{IsTerminal, Write};

use crate::cli::load_variant;
use crate::protocol::client::EngineProcess;
use crate::protocol::timecontrol::TimeControl;
use crate::protocol::xboard;
use openings::Openings;
use referee::Setup;
use stats::Tally;

/// The options of `alfil match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// The variant (a built-in name or a RON file).
    #[arg(long, default_value = "chess")]
    pub variant: String,
    /// An engine command line; give it twice (first and second engine). Missing ones are Alfil.
    #[arg(long = "engine")]
    pub engines: Vec<String>,
    /// Number of games.
    #[arg(long, default_value_t = 2)]
    pub games: usize,
    /// Time control: SECONDS+INCREMENT or MOVES/SECONDS, e.g. 10+0.1.
    #[arg(long, default_value = "10+0.1")]
    pub tc: String,
    /// A file of start positions, one FEN a line (each is played with both colours).
    #[arg(long, conflicts_with = "random_plies")]
    pub openings: Option<String>,
    /// Start each pair of games after this many random moves from the start position.
    #[arg(long)]
    pub random_plies: Option<usize>,
    /// Seed for the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Append the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<String>,
}

/// Run the match and print the summary.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    if args.engines.len() > 2 {
        return Err("at most two --engine options".into());
    }
    let tables = load_variant(&args.variant)?;
    let variant_name = xboard::xboard_name(&tables.variant);
    let folder = variant_folder(&args.variant);
    let engine_variant = EngineVariant {
        name: &variant_name,
        folder: folder.as_deref(),
    };
    let control = TimeControl::parse_short(&args.tc)?;
    let openings = match (&args.openings, args.random_plies) {
        (Some(path), _) => Openings::from_file(path, &tables)?,
        (None, Some(plies)) => Openings::Random {
            plies,
            seed: args.seed,
        },
        (None, None) => Openings::Start,
    };
    let me = std::env::current_exe()
        .map(|p| p.display().to_string())
        .map_err(|e| e.to_string())?;
    let commands: Vec<String> = (0..2)
        .map(|i| args.engines.get(i).cloned().unwrap_or_else(|| quote(&me)))
        .collect();
    let mut engines = Vec::new();
    for c in &commands {
        engines.push(start_engine(c, &engine_variant)?);
    }
    let names: Vec<String> = engines.iter().map(EngineProcess::name).collect();
    let mut tally = Tally::default();
    let progress = Progress::new(args.games);
    for i in 0..args.games {
        let first_colour = i % 2;
        let mut retried = false;
        let record = loop {
            let opening = openings.opening(&tables, i / 2);
            let setup = Setup {
                game: opening.game,
                xboard_variant: &variant_name,
                fen: opening.fen,
                opening: opening.moves,
                control: &control,
            };
            let (a, b) = engines.split_at_mut(1);
            let (first, second) = (&mut a[0], &mut b[0]);
            let players = if first_colour == 0 {
                [first, second]
            } else {
                [second, first]
            };
            match referee::play(players, setup) {
                Ok(record) => break record,
                Err(e) if retried => return Err(e),
                Err(e) => {
                    if !restart_gone(&mut engines, &commands, &engine_variant)? {
                        return Err(e);
                    }
                    retried = true;
                }
            }
        };
        tally.add(&record, first_colour);
        if let Some(path) = &args.pgn {
            let (white, black) = if first_colour == 0 {
                (&names[0], &names[1])
            } else {
                (&names[1], &names[0])
            };
            pgn::PgnGame {
                round: i + 1,
                white,
                black,
                variant: &variant_name,
                time_control: &control.short(),
                record: &record,
            }
            .append(path)?;
        }
        progress.show(i + 1, &tally);
        for (k, e) in engines.iter_mut().enumerate() {
            if !e.features.reuse {
                let fresh = start_engine(&commands[k], &engine_variant)?;
                std::mem::replace(e, fresh).quit();
            }
        }
    }
    progress.done();
    for e in engines {
        e.quit();
    }
    crate::outln!(
        "Variant: {} ({}), time control {}",
        tables.variant.name,
        variant_name,
        control.short()
    );
    for line in tally.summary(&names[0], &names[1]) {
        crate::outln!("{line}");
    }
    Ok(())
}

/// Start again every engine that is gone (an engine may crash between games, or during one,
/// as Sjaak II 1.4.1 does near 1000 plies of xiangqi); true if there was one.
fn restart_gone(
    engines: &mut [EngineProcess],
    commands: &[String],
    variant: &EngineVariant,
) -> Result<bool, String> {
    let mut any = false;
    for (e, command) in engines.iter_mut().zip(commands) {
        if e.is_gone() {
            eprintln!("engine '{command}' had exited; starting it again");
            std::mem::replace(e, start_engine(command, variant)?).quit();
            any = true;
        }
    }
    Ok(any)
}

/// The variant as the engines are to be told: its name, and for a variant file the folder to
/// give them (as their `Variant folder` option) so that they find it.
struct EngineVariant<'a> {
    name: &'a str,
    folder: Option<&'a str>,
}

/// The absolute folder of a variant given as a file, `None` for a built-in name.
fn variant_folder(variant: &str) -> Option<String> {
    let path = std::path::Path::new(variant);
    if !(variant.ends_with(".ron") || path.is_file()) {
        return None;
    }
    let file = std::fs::canonicalize(path).ok()?;
    file.parent().map(|f| f.display().to_string())
}

fn start_engine(command: &str, variant: &EngineVariant) -> Result<EngineProcess, String> {
    let mut e = EngineProcess::start(command)?;
    e.handshake()?;
    if let Some(folder) = variant.folder {
        e.set_option("Variant folder", folder)?;
    }
    if !e.supports(variant.name) {
        let name = e.name();
        e.quit();
        let hint = match variant.folder {
            Some(folder) => format!(" (it was given the variant folder {folder})"),
            None => String::new(),
        };
        return Err(format!(
            "engine '{name}' does not play variant '{}'{hint}",
            variant.name
        ));
    }
    Ok(e)
}

/// Quote a path for the engine command line if it has spaces.
fn quote(path: &str) -> String {
    if path.contains(char::is_whitespace) {
        format!("\"{path}\"")
    } else {
        path.to_string()
    }
}

/// The progress bar on standard error: redrawn in place on a terminal, a line a game otherwise.
struct Progress {
    total: usize,
    terminal: bool,
}

impl Progress {
    fn new(total: usize) -> Progress {
        Progress {
            total,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn show(&self, done: usize, tally: &Tally) {
        const WIDTH: usize = 30;
        let filled = WIDTH * done / self.total.max(1);
        let bar = format!("{}{}", "#".repeat(filled), "-".repeat(WIDTH - filled));
        let text = format!(
            "[{bar}] {done}/{} games  +{} ={} -{}",
            self.total, tally.wins, tally.draws, tally.losses
        );
        let mut err = std::io::stderr();
        if self.terminal {
            let _ = write!(err, "\r{text}");
        } else {
            let _ = writeln!(err, "{text}");
        }
        let _ = err.flush();
    }

    fn done(&self) {
        if self.terminal {
            eprintln!();
        }
    }
}
