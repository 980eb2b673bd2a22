//! Every row of the XBetza specification's test table (section 10 of `tests/data/xbetza.md`):
//! compile the string, generate the piece's moves on the row's board and compare the set of
//! destinations and locust victims with the expected column. Rows written in notation Alfil
//! does not support must fail with a "not supported" error. Each row is also run through the
//! canonical form: `parse(canonical(x))` must give the same moves.

use std::collections::BTreeSet;

use alfil::betza::canonical::canonical;
use alfil::betza::parse;
use alfil::movegen::targets::{parse_coord, square_name, targets, Coord, Query, Target};

struct Row {
    number: u32,
    betza: String,
    files: u8,
    ranks: u8,
    black: bool,
    square: Coord,
    state: String,
    expected: String,
}

fn rows() -> Vec<Row> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/xbetza.md"))
            .expect("tests/data/xbetza.md");
    let start = text.find("## 10. Test table").expect("section 10");
    let end = text.find("## 11.").expect("section 11");
    let mut rows = Vec::new();
    for line in text[start..end].lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 8 {
            continue;
        }
        let Ok(number) = cells[1].parse::<u32>() else {
            continue;
        };
        let betza = cells[2].trim_matches('`').to_string();
        let betza = betza
            .split(' ')
            .next()
            .unwrap_or("")
            .trim_matches('`')
            .to_string();
        let (files, ranks) = cells[3].split_once('x').expect("board WxH");
        let (files, ranks): (u8, u8) = (files.parse().unwrap(), ranks.parse().unwrap());
        let piece: Vec<&str> = cells[4].split_whitespace().collect();
        let black = piece[0] == "b";
        let square = parse_coord(piece.last().unwrap(), files, ranks).expect("piece square");
        rows.push(Row {
            number,
            betza,
            files,
            ranks,
            black,
            square,
            state: cells[5].to_string(),
            expected: cells[6].to_string(),
        });
    }
    rows
}

fn coords(list: &str, files: u8, ranks: u8) -> Vec<Coord> {
    list.split(|c: char| c == ',' || c.is_whitespace())
        .filter_map(|s| {
            let s = s.trim();
            let s = s.split_whitespace().last().unwrap_or(s);
            parse_coord(s, files, ranks)
        })
        .collect()
}

/// The xiangqi opening position: (white pieces, black pieces).
fn xiangqi() -> (Vec<Coord>, Vec<Coord>) {
    let mut white: Vec<Coord> = (0..9).map(|f| (f, 0)).collect();
    white.extend([(1, 2), (7, 2)]);
    white.extend([0, 2, 4, 6, 8].map(|f| (f, 3)));
    let black = white.iter().map(|&(f, r)| (f, 9 - r)).collect();
    (white, black)
}

fn query(row: &Row) -> Query {
    let mut q = Query::new(&row.betza, row.files, row.ranks, row.square);
    q.black = row.black;
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for part in row.state.split(';') {
        let part = part.trim();
        if let Some(list) = part.strip_prefix("w:") {
            white.extend(coords(
                list.split('(').next().unwrap(),
                row.files,
                row.ranks,
            ));
        } else if let Some(list) = part.strip_prefix("b:") {
            black.extend(coords(
                list.split('(').next().unwrap(),
                row.files,
                row.ranks,
            ));
        } else if let Some(ep) = part.strip_prefix("ep=") {
            let target = parse_coord(ep.trim(), row.files, row.ranks).expect("ep square");
            q.en_passant = Some((target, (0, 0)));
        } else if part.contains("piece has moved") || part.contains("has moved") {
            q.moved = true;
            if let Some(start) = part.split("started on ").nth(1) {
                q.start = parse_coord(&start[..2], row.files, row.ranks);
            }
        } else if part.starts_with("Xiangqi opening position") {
            let (w, b) = xiangqi();
            white.extend(w.into_iter().filter(|&c| c != row.square));
            black.extend(b);
        }
    }
    let (friends, foes) = if row.black {
        (black, white)
    } else {
        (white, black)
    };
    if let Some((target, _)) = q.en_passant {
        let victim = foes
            .iter()
            .copied()
            .find(|&(f, r)| {
                (i16::from(f) - i16::from(target.0)).abs() <= 1
                    && (i16::from(r) - i16::from(target.1)).abs() == 1
            })
            .expect("e.p. victim next to the e.p. square");
        q.en_passant = Some((target, victim));
    }
    q.friends = friends;
    q.foes = foes;
    q
}

/// Expected destinations and locust (victim, destination) pairs of a row.
fn expected(row: &Row) -> (usize, BTreeSet<String>, BTreeSet<(String, String)>) {
    let (count, rest) = row.expected.split_once(':').expect("N: list");
    let count: usize = count.trim().parse().expect("count");
    let list_end = rest.find(['[', ';', '(']).unwrap_or(rest.len());
    let squares = coords(&rest[..list_end], row.files, row.ranks)
        .into_iter()
        .map(square_name)
        .collect();
    let mut locust = BTreeSet::new();
    if let Some(pos) = rest.find("[locust:") {
        let body = &rest[pos + 8..];
        let body = &body[..body.find(']').unwrap_or(body.len())];
        let mut victim = String::new();
        for item in body.split(',') {
            let item = item.split('(').next().unwrap().trim();
            let dest = match item.split_once('→') {
                Some((v, d)) => {
                    victim = v.trim().to_string();
                    d.trim()
                }
                None => item,
            };
            locust.insert((victim.clone(), dest.to_string()));
        }
    }
    (count, squares, locust)
}

fn unsupported(betza: &str) -> bool {
    betza.contains('[')
        || betza.contains('X')
        || betza.contains('U')
        || betza.chars().any(|c| matches!(c, 'z' | 'q' | 'u'))
}

fn check(row: &Row, moves: &[Target], what: &str) -> Result<(), String> {
    let (count, squares, locust) = expected(row);
    let got: BTreeSet<String> = moves.iter().map(|t| square_name(t.to)).collect();
    let ep = row
        .state
        .split(';')
        .find_map(|p| p.trim().strip_prefix("ep=").map(|s| s.trim().to_string()));
    let got_locust: BTreeSet<(String, String)> = moves
        .iter()
        .filter(|t| t.castle_partner.is_none())
        .flat_map(|t| {
            let to = square_name(t.to);
            let is_ep = ep.as_deref() == Some(to.as_str());
            t.kills
                .iter()
                .filter(move |_| !is_ep)
                .map(move |&k| (square_name(k), to.clone()))
        })
        .collect();
    if got != squares || got.len() != count || got_locust != locust {
        return Err(format!(
            "row {} `{}` ({what}): expected {count} {:?} locust {:?}, got {} {:?} locust {:?}",
            row.number,
            row.betza,
            squares,
            locust,
            got.len(),
            got,
            got_locust
        ));
    }
    if let Some(ep) = ep {
        if squares.contains(&ep) && row.expected.contains("[e.p.") {
            let has_ep_capture = moves
                .iter()
                .any(|t| square_name(t.to) == ep && !t.kills.is_empty());
            if !has_ep_capture {
                return Err(format!("row {}: no e.p. capture on {ep}", row.number));
            }
        }
    }
    Ok(())
}

#[test]
fn every_row_of_the_spec_table() {
    let rows = rows();
    assert_eq!(rows.len(), 149, "the spec announces 149 rows");
    let mut failures = Vec::new();
    let mut unsupported_rows = Vec::new();
    for row in &rows {
        let q = query(row);
        if unsupported(&row.betza) {
            match targets(&q) {
                Err(e) if e.message.contains("not supported") => unsupported_rows.push(row.number),
                other => failures.push(format!(
                    "row {} `{}`: expected a 'not supported' error, got {other:?}",
                    row.number, row.betza
                )),
            }
            continue;
        }
        match targets(&q) {
            Ok(moves) => {
                if let Err(e) = check(row, &moves, "as written") {
                    failures.push(e);
                }
            }
            Err(e) => failures.push(format!("row {} `{}`: {e}", row.number, row.betza)),
        }
        let canon = canonical(&parse(&row.betza).expect("parses"));
        let mut cq = q.clone();
        cq.betza = canon.clone();
        match targets(&cq) {
            Ok(moves) => {
                if let Err(e) = check(row, &moves, &format!("canonical `{canon}`")) {
                    failures.push(e);
                }
            }
            Err(e) => failures.push(format!("row {} canonical `{canon}`: {e}", row.number)),
        }
    }
    eprintln!("rows not supported (rejected with an error): {unsupported_rows:?}");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
