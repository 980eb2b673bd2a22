//! `alfil perft-diff`: Alfil's divide against a reference engine's, walked down the first root
//! move whose counts differ until the moves themselves differ; prints the path, the FEN there,
//! and the moves one engine has and the other has not. The start positions of both engines
//! are compared first, and a move the reference lists with a count of 0 that it does not
//! count as a move one ply deep (Sjaak II lists its illegal moves so) is not a move.

pub mod notation;
pub mod reference;
pub mod start;

use std::time::Duration;

use crate::movegen::notation::move_text;
use crate::movegen::{make_move, Move};
use crate::perft::divide;
use crate::position::{Position, RankStyle};

use notation::MoveKeys;
use reference::{RefProtocol, Reference, Start};

/// The command line of `alfil perft-diff`.
#[derive(clap::Args)]
pub struct PerftDiffArgs {
    /// A built-in variant's name, or the path of a RON variant file.
    pub variant: String,
    /// Plies to count (at least 1).
    #[arg(value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: u32,
    /// The reference engine's command line (a program and its arguments), e.g.
    /// "/usr/games/fairy-stockfish".
    #[arg(long = "ref")]
    pub reference: String,
    /// The variant's name in the reference engine, when it differs from the file's `name`.
    #[arg(long)]
    pub ref_variant: Option<String>,
    /// How to talk to the reference: UCI (`go perft`: Fairy-Stockfish, Alfil) or CECP (the
    /// `perft N 1` command of Sjaak II).
    #[arg(long, value_enum, default_value_t = RefProtocol::Uci)]
    pub ref_protocol: RefProtocol,
    /// Start from this FEN instead of the variant's start position (both engines get it).
    #[arg(long)]
    pub fen: Option<String>,
    /// Seconds to wait for each answer of the reference engine.
    #[arg(long, default_value_t = 600)]
    pub timeout: u64,
    /// An option for the reference engine, `NAME=VALUE`, set before the variant (repeatable):
    /// e.g. `VariantPath=/path/variants.ini` to compare with a variant Fairy-Stockfish reads
    /// from its own file.
    #[arg(long = "ref-option", value_name = "NAME=VALUE")]
    pub ref_options: Vec<String>,
}

/// What the walk found.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Both engines count the same.
    Agree { nodes: u64 },
    /// The engines differ; the report has been printed.
    Differ,
}

/// One root move of a node as both engines see it.
struct Row {
    text: String,
    alfil: Option<u64>,
    reference: Option<u64>,
    /// Alfil's move, when Alfil has it.
    mv: Option<Move>,
    /// The reference's text, when the reference has it.
    ref_text: Option<String>,
}

/// Runs the comparison and prints its report; `progress` gets one line per step of the walk.
pub fn run(
    args: &PerftDiffArgs,
    pos: Position,
    progress: &mut dyn FnMut(&str),
) -> Result<Outcome, String> {
    let ref_variant = args
        .ref_variant
        .clone()
        .unwrap_or_else(|| pos.tables.variant.name.clone());
    let options = args
        .ref_options
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
                .filter(|(n, _)| !n.is_empty())
                .ok_or_else(|| format!("--ref-option `{o}` is not NAME=VALUE"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut reference = Reference::start(
        &args.reference,
        args.ref_protocol,
        &ref_variant,
        &options,
        Duration::from_secs(args.timeout.max(1)),
    )?;
    let result = walk(args, pos, &mut reference, progress);
    reference.quit();
    result
}

fn walk(
    args: &PerftDiffArgs,
    mut pos: Position,
    reference: &mut Reference,
    progress: &mut dyn FnMut(&str),
) -> Result<Outcome, String> {
    let start = Start {
        fen: args.fen.clone(),
    };
    match reference.start_fen(&start)? {
        Some(theirs) => {
            let ours = pos.to_fen();
            start::compare(&ours, &theirs).map_err(|difference| {
                format!(
                    "the start positions differ, so the counts would not compare: {difference}\n\
                     Alfil ({}):     {ours}\nthe reference ({}): {theirs}\n\
                     Name the reference's variant with this start with --ref-variant, or give \
                     both engines the position with --fen",
                    pos.tables.variant.name,
                    reference.variant()
                )
            })?;
            progress("the start positions agree");
        }
        None => progress(
            "the reference does not print its position (UCI `d`, CECP `fen`): the start \
             positions are not compared",
        ),
    }
    let style = reference.rank_style();
    let mut path: Vec<(String, String)> = Vec::new();
    for depth in (1..=args.depth).rev() {
        let after = moves_text(&path, "the start");
        progress(&format!("depth {depth} after {after}: counting"));
        let ref_moves: Vec<String> = path.iter().map(|(_, r)| r.clone()).collect();
        let theirs = moves_only(reference.divide(&start, &ref_moves, depth)?, depth, || {
            reference.divide(&start, &ref_moves, 1)
        })?;
        let ours = divide(&pos, depth);
        let rows = compare(&pos, &ours, &theirs, style);
        let alfil_total: u64 = ours.iter().map(|(_, n)| n).sum();
        let ref_total: u64 = theirs.iter().map(|(_, n)| n).sum();
        let missing = rows
            .iter()
            .any(|r| r.alfil.is_none() || r.reference.is_none());
        if missing {
            report(&pos, &path, depth, &rows, alfil_total, ref_total);
            return Ok(Outcome::Differ);
        }
        let Some(first) = rows.iter().find(|r| r.alfil != r.reference) else {
            if path.is_empty() {
                crate::outln!(
                    "perft {depth}: Alfil and the reference agree, {alfil_total} nodes over {} moves",
                    rows.len()
                );
                return Ok(Outcome::Agree { nodes: alfil_total });
            }
            return Err(format!(
                "the reference counted differently under {after} at depth {} but agrees now at \
                 depth {depth}: it is not deterministic",
                depth + 1
            ));
        };
        progress(&format!(
            "depth {depth} after {after}: {} differs (Alfil {}, reference {})",
            first.text,
            count(first.alfil),
            count(first.reference)
        ));
        let (Some(mv), Some(ref_text)) = (first.mv, first.ref_text.clone()) else {
            return Err(format!("{} is missing from one side's list", first.text));
        };
        path.push((first.text.clone(), ref_text));
        make_move(&mut pos, mv);
    }
    Err(
        "the counts differ at depth 1 with the same moves: the reference's divide is not \
         one node per move"
            .into(),
    )
}

/// The reference's divide without the entries that are not moves: at depth 1 those counted
/// 0, deeper those counted 0 that the reference's own depth-1 divide (`depth_one`, asked only
/// when there are such entries) does not count as moves either.
fn moves_only(
    divide: Vec<(String, u64)>,
    depth: u32,
    depth_one: impl FnOnce() -> Result<Vec<(String, u64)>, String>,
) -> Result<Vec<(String, u64)>, String> {
    if divide.iter().all(|(_, n)| *n > 0) {
        return Ok(divide);
    }
    let legal: Vec<String> = if depth == 1 {
        Vec::new()
    } else {
        depth_one()?
            .into_iter()
            .filter(|(_, n)| *n > 0)
            .map(|(text, _)| text)
            .collect()
    };
    Ok(divide
        .into_iter()
        .filter(|(text, n)| *n > 0 || legal.contains(text))
        .collect())
}

/// Both divides side by side, in Alfil's text order (moves only the reference has last).
fn compare(
    pos: &Position,
    ours: &[(Move, u64)],
    theirs: &[(String, u64)],
    style: RankStyle,
) -> Vec<Row> {
    let moves: Vec<Move> = ours.iter().map(|&(mv, _)| mv).collect();
    let keys = MoveKeys::new(pos, &moves, style);
    let mut rows: Vec<Row> = ours
        .iter()
        .map(|&(mv, n)| Row {
            text: move_text(pos, mv, RankStyle::FromOne),
            alfil: Some(n),
            reference: None,
            mv: Some(mv),
            ref_text: None,
        })
        .collect();
    let mut extra = Vec::new();
    for (text, n) in theirs {
        match keys.find(text).map(|i| &mut rows[i]) {
            Some(row) if row.reference.is_none() => {
                row.reference = Some(*n);
                row.ref_text = Some(text.clone());
            }
            _ => extra.push(Row {
                text: text.clone(),
                alfil: None,
                reference: Some(*n),
                mv: None,
                ref_text: Some(text.clone()),
            }),
        }
    }
    rows.sort_by(|a, b| a.text.cmp(&b.text));
    rows.extend(extra);
    rows
}

/// The moves of the walk in Alfil's text, or `none` before the first.
fn moves_text(path: &[(String, String)], none: &str) -> String {
    if path.is_empty() {
        return none.to_string();
    }
    path.iter()
        .map(|(text, _)| text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

fn count(n: Option<u64>) -> String {
    n.map_or("-".to_string(), |n| n.to_string())
}

/// The report of a node where the move lists differ.
fn report(
    pos: &Position,
    path: &[(String, String)],
    depth: u32,
    rows: &[Row],
    alfil_total: u64,
    ref_total: u64,
) {
    let texts = |pick: fn(&Row) -> bool| -> String {
        let found: Vec<&str> = rows
            .iter()
            .filter(|r| pick(r))
            .map(|r| r.text.as_str())
            .collect();
        if found.is_empty() {
            "(none)".into()
        } else {
            found.join(" ")
        }
    };
    crate::outln!(
        "The move lists differ after {} move(s): {}",
        path.len(),
        moves_text(path, "(the start position)")
    );
    crate::outln!("FEN: {}", pos.to_fen());
    crate::outln!("perft {depth} here: Alfil {alfil_total}, reference {ref_total}");
    crate::outln!("only Alfil has: {}", texts(|r| r.reference.is_none()));
    crate::outln!("only the reference has: {}", texts(|r| r.alfil.is_none()));
    let differing: Vec<String> = rows
        .iter()
        .filter(|r| r.alfil.is_some() && r.reference.is_some() && r.alfil != r.reference)
        .map(|r| format!("{} ({} vs {})", r.text, count(r.alfil), count(r.reference)))
        .collect();
    if !differing.is_empty() {
        crate::outln!("both have, counted differently: {}", differing.join(" "));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn divide(rows: &[(&str, u64)]) -> Vec<(String, u64)> {
        rows.iter().map(|&(t, n)| (t.to_string(), n)).collect()
    }

    #[test]
    fn moves_counted_zero_are_moves_only_if_the_reference_counts_them_one_ply_deep() {
        let never = || -> Result<Vec<(String, u64)>, String> { panic!("not asked") };
        // Sjaak II lists a move that leaves its king in check with 0.
        let one = divide(&[("Ke0-e1", 1), ("Ce2-e3", 0)]);
        assert_eq!(moves_only(one, 1, never).unwrap(), divide(&[("Ke0-e1", 1)]));
        let full = divide(&[("Ke0-e1", 5), ("Ra0-a1", 0), ("Ce2-e3", 0)]);
        // Deeper, a 0 may be a move after which the other side has none: asked one ply deep.
        let deep = moves_only(full, 2, || {
            Ok(divide(&[("Ke0-e1", 1), ("Ra0-a1", 1), ("Ce2-e3", 0)]))
        });
        assert_eq!(deep.unwrap(), divide(&[("Ke0-e1", 5), ("Ra0-a1", 0)]));
        let clean = divide(&[("e2e4", 20)]);
        assert_eq!(moves_only(clean.clone(), 2, never).unwrap(), clean);
    }
}
