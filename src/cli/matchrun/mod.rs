//! `alfil match`: games between two CECP engines (Alfil itself on both sides by default, so a
//! designer can self-play a new variant), refereed by Alfil under the variant's rules, colours
//! alternating, with a progress bar, a PGN file and at the end the score, an Elo estimate and
//! the variant's balance statistics.
//!
//! [`referee`] plays one game through [`crate::protocol::client`], [`openings`] picks start
//! positions, [`stats`] keeps the tally, [`sprt`] the sequential test, and [`pgn`] writes the
//! games. With `--concurrency N`, N workers each run their own pair of engine processes and
//! play whole game pairs (one opening, both colours); the main thread counts their results.

pub mod openings;
pub mod pgn;
pub mod referee;
pub mod sprt;
pub mod stats;

use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::cli::load_variant;
use crate::protocol::cecp::PLAY_REFUSED;
use crate::protocol::client::{parse_option_list, EngineProcess, StartUp};
use crate::protocol::timecontrol::TimeControl;
use crate::protocol::xboard;
use openings::Openings;
use referee::{EngineLimits, Record, Setup};
use sprt::{Pentanomial, Sprt, Verdict};
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
    /// Number of games (default 2; with --sprt, the most to play before stopping undecided).
    #[arg(long)]
    pub games: Option<usize>,
    /// Time control: SECONDS+INCREMENT or MOVES/SECONDS, e.g. 10+0.1; one for both engines,
    /// or FIRST,SECOND for time odds (10+0.1,1.25+0.0125).
    #[arg(long, default_value = "10+0.1")]
    pub tc: String,
    /// Depth limit per move (`sd`): one number for both engines, or FIRST,SECOND.
    #[arg(long)]
    pub depth: Option<String>,
    /// Node limit per move (`st 1` with `nps N`): one number for both engines, or FIRST,SECOND.
    #[arg(long)]
    pub nodes: Option<String>,
    /// Start positions: a file with one FEN (or EPD line) a line, or `builtin` for the set
    /// shipped for the variant (chess, capablanca, xiangqi, shogi, crazyhouse, janggi, makruk,
    /// seirawan, grand, minishogi, atomic, antichess). Each is played with both colours.
    #[arg(long, conflicts_with = "random_plies")]
    pub openings: Option<String>,
    /// Start each pair of games after this many random moves from the start position, no two
    /// pairs from the same position.
    #[arg(long)]
    pub random_plies: Option<usize>,
    /// Seed for the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Append the games to this PGN file.
    #[arg(long)]
    pub pgn: Option<String>,
    /// Games played at once, each pair of engines in its own processes.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Sequential probability ratio test ELO0,ELO1 (logistic Elo of the first engine over the
    /// second): stop when the pentanomial log-likelihood ratio accepts one of them.
    #[arg(long)]
    pub sprt: Option<String>,
    /// Chance of accepting ELO1 when ELO0 holds.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// Chance of accepting ELO0 when ELO1 holds.
    #[arg(long, default_value_t = 0.05)]
    pub beta: f64,
    /// Options of the first engine, as XBoard's -firstOptions: "NAME=VALUE,NAME=VALUE".
    #[arg(long, default_value = "")]
    pub first_options: String,
    /// Options of the second engine, as XBoard's -secondOptions.
    #[arg(long, default_value = "")]
    pub second_options: String,
    /// Megabytes of hash each engine is given (`memory N`, to engines with `feature memory=1`).
    #[arg(long, default_value_t = 64)]
    pub memory: u32,
    /// Search threads each engine is given (`cores N`, to engines with `feature smp=1`).
    #[arg(long, default_value_t = 1)]
    pub cores: u32,
}

/// `N` or `FIRST,SECOND` for the two engines; each at least 1.
fn per_engine<T: std::str::FromStr + PartialOrd + From<u8> + Copy>(
    option: &str,
    text: Option<&str>,
) -> Result<[Option<T>; 2], String> {
    let Some(text) = text else {
        return Ok([None, None]);
    };
    let bad = || format!("{option} '{text}' is not N or FIRST,SECOND with each at least 1");
    let parse = |t: &str| {
        t.trim()
            .parse::<T>()
            .ok()
            .filter(|v| *v >= T::from(1))
            .ok_or_else(bad)
    };
    match text.split_once(',') {
        Some((a, b)) => Ok([Some(parse(a)?), Some(parse(b)?)]),
        None => {
            let v = parse(text)?;
            Ok([Some(v), Some(v)])
        }
    }
}

/// `--tc`: one time control for both engines, or `FIRST,SECOND`.
fn per_engine_controls(text: &str) -> Result<[TimeControl; 2], String> {
    match text.split(',').collect::<Vec<_>>()[..] {
        [both] => {
            let control = TimeControl::parse_short(both.trim())?;
            Ok([control.clone(), control])
        }
        [first, second] => {
            let parse = |which: &str, t: &str| {
                TimeControl::parse_short(t.trim())
                    .map_err(|e| format!("--tc '{text}', the {which} engine's: {e}"))
            };
            Ok([parse("first", first)?, parse("second", second)?])
        }
        ref more => Err(format!(
            "--tc '{text}' gives {} time controls for two engines: give one for both, or FIRST,SECOND",
            more.len()
        )),
    }
}

/// One finished game, as a worker reports it.
struct Played {
    /// 0-based game number: games 2k and 2k+1 share opening k, colours reversed.
    index: usize,
    record: Record,
    /// The first engine's colour in this game.
    first_colour: usize,
    /// The engines' names, first engine first.
    names: [String; 2],
}

/// What a worker needs to play its games.
struct Plan<'a> {
    tables: &'a std::sync::Arc<crate::position::ruleset::Ruleset>,
    variant: EngineVariant<'a>,
    commands: &'a [String],
    /// What each engine is sent once its features are in.
    start_ups: [StartUp; 2],
    limits: [EngineLimits; 2],
    openings: &'a Openings,
    games: usize,
}

/// Run the match and print the summary.
pub fn run(args: &MatchArgs) -> Result<(), String> {
    if args.engines.len() > 2 {
        return Err("at most two --engine options".into());
    }
    if args.concurrency == 0 {
        return Err("--concurrency must be at least 1".into());
    }
    let sprt = match &args.sprt {
        Some(bounds) => Some(Sprt::new(bounds, args.alpha, args.beta)?),
        None => None,
    };
    let games = args
        .games
        .unwrap_or(if sprt.is_some() { 20_000 } else { 2 });
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    if args.memory == 0 || args.cores == 0 {
        return Err("--memory and --cores must be at least 1".into());
    }
    let start_ups = [&args.first_options, &args.second_options]
        .map(|text| parse_option_list(text))
        .map(|options| {
            options.map(|options| StartUp {
                memory_mb: args.memory,
                cores: args.cores,
                options,
            })
        });
    let [first_start, second_start] = start_ups;
    let start_ups = [first_start?, second_start?];
    let depth = per_engine::<u32>("--depth", args.depth.as_deref())?;
    let nodes = per_engine::<u64>("--nodes", args.nodes.as_deref())?;
    let [first, second] = per_engine_controls(&args.tc)?;
    let limits = [(0, first), (1, second)].map(|(i, control)| EngineLimits {
        control,
        depth: depth[i],
        nodes: nodes[i],
    });
    let tables = load_variant(&args.variant)?;
    let variant_name = xboard::xboard_name(&tables.variant);
    let folder = variant_folder(&args.variant);
    let openings = match (&args.openings, args.random_plies) {
        (Some(option), _) => Openings::from_option(option, &tables)?,
        (None, Some(plies)) => Openings::random(&tables, plies, args.seed, games.div_ceil(2)),
        (None, None) => Openings::Start,
    };
    let requested = games;
    let games = games_within_openings(requested, &openings, sprt.is_some())?;
    let me = std::env::current_exe()
        .map(|p| p.display().to_string())
        .map_err(|e| e.to_string())?;
    let commands: Vec<String> = (0..2)
        .map(|i| args.engines.get(i).cloned().unwrap_or_else(|| quote(&me)))
        .collect();
    let plan = Plan {
        tables: &tables,
        variant: EngineVariant {
            name: &variant_name,
            folder: folder.as_deref(),
        },
        commands: &commands,
        start_ups,
        limits,
        openings: &openings,
        games,
    };
    let next_pair = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, results) = mpsc::channel::<Result<Played, String>>();
    let mut tally = Tally::default();
    let mut pairs = Pentanomial::default();
    let mut halves: HashMap<usize, usize> = HashMap::new();
    let mut names = [String::new(), String::new()];
    // The pairs when the test crossed a bound (its verdict is theirs): games still being
    // played then are counted in the tally but no longer decide.
    let mut decided_at = None;
    let mut failure = None;
    let progress = Progress::new(games);
    std::thread::scope(|scope| {
        for _ in 0..args.concurrency.min(games.div_ceil(2)) {
            let sender = sender.clone();
            let (plan, next_pair, stop) = (&plan, &next_pair, &stop);
            scope.spawn(move || {
                if let Err(e) = play_pairs(plan, next_pair, stop, &sender) {
                    let _ = sender.send(Err(e));
                }
            });
        }
        drop(sender);
        for result in results {
            let played = match result {
                Ok(p) => p,
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                    continue;
                }
            };
            tally.add(&played.record, played.first_colour);
            names.clone_from(&played.names);
            if let Some(path) = &args.pgn {
                let [white, black] = if played.first_colour == 0 {
                    [0, 1]
                } else {
                    [1, 0]
                };
                let written = pgn::PgnGame {
                    round: played.index + 1,
                    white: &names[white],
                    black: &names[black],
                    variant: &variant_name,
                    tables: &tables,
                    time_controls: [white, black].map(|i| plan.limits[i].control.short()),
                    record: &played.record,
                }
                .append(path);
                if let Err(e) = written {
                    stop.store(true, Ordering::Relaxed);
                    failure.get_or_insert(e);
                }
            }
            progress.show(tally.games() as usize, &tally);
            let half_points = first_engine_half_points(&played);
            let pair = played.index / 2;
            if let Some(other) = halves.remove(&pair) {
                pairs.add(other + half_points);
                if let Some(test) = &sprt {
                    eprintln!("{}", test.line(&pairs));
                    if decided_at.is_none() && test.verdict(&pairs) != Verdict::Continue {
                        decided_at = Some(pairs);
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            } else {
                halves.insert(pair, half_points);
            }
        }
    });
    progress.done();
    if let Some(e) = failure {
        return Err(e);
    }
    let [first, second] = &plan.limits;
    let limits_text = if first == second {
        first.describe()
    } else {
        format!(
            "first engine {}, second engine {}",
            first.describe(),
            second.describe()
        )
    };
    crate::outln!(
        "Variant: {} ({}), {}",
        tables.variant.name,
        variant_name,
        limits_text
    );
    for line in tally.summary(&names[0], &names[1]) {
        crate::outln!("{line}");
    }
    if let Some(test) = &sprt {
        if let Some(at) = &decided_at {
            crate::outln!("SPRT: {} after {} game pairs", test.line(at), at.pairs());
        }
        crate::outln!(
            "SPRT, all {} game pairs: {}",
            pairs.pairs(),
            test.line(&pairs)
        );
        crate::outln!(
            "{}",
            match decided_at.map_or(Verdict::Continue, |at| test.verdict(&at)) {
                Verdict::H1 => format!(
                    "H1 accepted: the first engine is {} Elo stronger",
                    test.elo1
                ),
                Verdict::H0 => format!(
                    "H0 accepted: the first engine is not {} Elo stronger",
                    test.elo1
                ),
                Verdict::Continue if 2 * pairs.pairs() as usize >= games && games < requested => {
                    format!(
                        "undecided after {} game pairs: every opening was played",
                        pairs.pairs()
                    )
                }
                Verdict::Continue => format!("undecided after {} game pairs", pairs.pairs()),
            }
        );
    }
    Ok(())
}

/// The games a match plays from its openings. Under a node or depth limit a repeated opening
/// replays the same two games, which an SPRT must not count twice: with `--sprt` the match
/// plays each opening once (both colours) and stops there, and more than one pair from the
/// start position alone is refused; without it the openings are cycled, with a warning.
fn games_within_openings(games: usize, openings: &Openings, sprt: bool) -> Result<usize, String> {
    let distinct = openings.distinct_pairs();
    if distinct == 0 {
        return Err("no opening: every random playout ended the game".into());
    }
    if games <= 2 * distinct {
        return Ok(games);
    }
    if !sprt {
        eprintln!(
            "alfil match: {distinct} opening(s) for {games} games: games after the first {} repeat an opening",
            2 * distinct
        );
        return Ok(games);
    }
    if matches!(openings, Openings::Start) {
        return Err(
            "--sprt needs --openings or --random-plies: every game pair from the start position would be the same test"
                .into(),
        );
    }
    eprintln!(
        "alfil match: the SPRT plays each of the {distinct} openings once with both colours, at most {} games (a repeated opening replays the same games under a node or depth limit)",
        2 * distinct
    );
    Ok(2 * distinct)
}

/// The first engine's half-points in a game: 0, 1 or 2.
fn first_engine_half_points(played: &Played) -> usize {
    match played.record.score.winner() {
        Some(w) if w == played.first_colour => 2,
        Some(_) => 0,
        None => 1,
    }
}

/// A worker: its own two engines, playing game pairs until there are none left or the match
/// is stopped.
fn play_pairs(
    plan: &Plan<'_>,
    next_pair: &AtomicUsize,
    stop: &AtomicBool,
    sender: &mpsc::Sender<Result<Played, String>>,
) -> Result<(), String> {
    let mut engines = Vec::new();
    for (c, start) in plan.commands.iter().zip(&plan.start_ups) {
        engines.push(start_engine(c, &plan.variant, start)?);
    }
    let names = [engines[0].name(), engines[1].name()];
    loop {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let pair = next_pair.fetch_add(1, Ordering::Relaxed);
        if 2 * pair >= plan.games {
            break;
        }
        for index in [2 * pair, 2 * pair + 1] {
            if index >= plan.games {
                break;
            }
            let first_colour = index % 2;
            let record = play_one(plan, &mut engines, pair, first_colour)?;
            let played = Played {
                index,
                record,
                first_colour,
                names: names.clone(),
            };
            if sender.send(Ok(played)).is_err() {
                break;
            }
            for (k, e) in engines.iter_mut().enumerate() {
                if !e.features.reuse {
                    let fresh = start_engine(&plan.commands[k], &plan.variant, &plan.start_ups[k])?;
                    std::mem::replace(e, fresh).quit();
                }
            }
        }
    }
    for e in engines {
        e.quit();
    }
    Ok(())
}

/// One game of pair `pair`, the first engine with `first_colour`; an engine that has died is
/// started again once.
fn play_one(
    plan: &Plan<'_>,
    engines: &mut [EngineProcess],
    pair: usize,
    first_colour: usize,
) -> Result<Record, String> {
    let mut retried = false;
    loop {
        let opening = plan.openings.opening(plan.tables, pair);
        let setup = Setup {
            game: opening.game,
            xboard_variant: plan.variant.name,
            fen: opening.fen,
            opening: opening.moves,
        };
        let (a, b) = engines.split_at_mut(1);
        let (first, second) = (&mut a[0], &mut b[0]);
        let [first_limits, second_limits] = &plan.limits;
        let players = if first_colour == 0 {
            [(first, first_limits), (second, second_limits)]
        } else {
            [(second, second_limits), (first, first_limits)]
        };
        match referee::play(players, setup) {
            Ok(record) => return Ok(record),
            Err(e) if retried => return Err(e),
            Err(e) => {
                if !restart_gone(engines, plan)? {
                    return Err(e);
                }
                retried = true;
            }
        }
    }
}

/// Start again every engine that is gone (an engine may crash between games, or during one,
/// as Sjaak II 1.4.1 does near 1000 plies of xiangqi); true if there was one.
fn restart_gone(engines: &mut [EngineProcess], plan: &Plan<'_>) -> Result<bool, String> {
    let mut any = false;
    for ((e, command), start) in engines.iter_mut().zip(plan.commands).zip(&plan.start_ups) {
        if e.is_gone() {
            eprintln!("engine '{command}' had exited; starting it again");
            std::mem::replace(e, start_engine(command, &plan.variant, start)?).quit();
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

/// Start an engine as XBoard does with its legality testing off: the handshake, then `memory`,
/// `cores`, the options and the variant folder.
fn start_engine(
    command: &str,
    variant: &EngineVariant<'_>,
    start: &StartUp,
) -> Result<EngineProcess, String> {
    let mut e = EngineProcess::start(command)?;
    e.handshake()?;
    if let Err(why) = e.start_up(start) {
        e.quit();
        return Err(why);
    }
    if let Some(folder) = variant.folder {
        e.set_option("Variant folder", folder)?;
    }
    // The referee judges moves by the variant's full rules, as XBoard does with its legality
    // testing off: an engine that otherwise withholds the moves XBoard would refuse (Alfil
    // waits, in a variant XBoard cannot be told all of, when every legal move is one of them)
    // is told to play them, unless the user set the option.
    let user_set = start.options.iter().any(|(name, _)| name == PLAY_REFUSED);
    if !user_set && e.features.options.iter().any(|name| name == PLAY_REFUSED) {
        e.set_option(PLAY_REFUSED, "1")?;
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
