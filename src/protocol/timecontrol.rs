//! Time controls: CECP's `level MPS BASE INC [MPS BASE INC …]` (classical, incremental and
//! multi-session), and the short form the match runner takes on its command line
//! (`10+0.1`, `40/60`, `40/60+1`: seconds, with an optional session length).

use std::time::Duration;

/// One session: `moves` moves (0 = the rest of the game) in `base`, plus `increment` a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Session {
    pub moves: u32,
    pub base: Duration,
    pub increment: Duration,
}

/// A time control: the sessions in order; the last one repeats (classical) or runs to the end.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeControl {
    pub sessions: Vec<Session>,
}

impl TimeControl {
    /// Read the arguments of a `level` command.
    pub fn parse_level(args: &str) -> Result<TimeControl, String> {
        let words: Vec<&str> = args.split_whitespace().collect();
        if words.is_empty() || !words.len().is_multiple_of(3) {
            return Err("expected MOVES BASE INCREMENT".into());
        }
        let sessions = words
            .chunks(3)
            .map(|w| {
                let moves = w[0]
                    .parse::<u32>()
                    .map_err(|_| format!("bad move count '{}'", w[0]))?;
                let base =
                    parse_minutes(w[1]).ok_or_else(|| format!("bad base time '{}'", w[1]))?;
                let increment = parse_seconds(w[2].trim_start_matches('-'))
                    .ok_or_else(|| format!("bad increment '{}'", w[2]))?;
                Ok(Session {
                    moves,
                    base,
                    increment,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(TimeControl { sessions })
    }

    /// Read `[MOVES/]SECONDS[+INCREMENT]`, e.g. `10+0.1` or `40/60`.
    pub fn parse_short(text: &str) -> Result<TimeControl, String> {
        let bad = || format!("time control '{text}' is not [MOVES/]SECONDS[+INCREMENT]");
        let (moves, rest) = match text.split_once('/') {
            Some((m, r)) => (m.parse::<u32>().map_err(|_| bad())?, r),
            None => (0, text),
        };
        let (base, inc) = match rest.split_once('+') {
            Some((b, i)) => (b, i),
            None => (rest, "0"),
        };
        let base = parse_seconds(base).ok_or_else(bad)?;
        let increment = parse_seconds(inc).ok_or_else(bad)?;
        if base.is_zero() && increment.is_zero() {
            return Err(format!(
                "time control '{text}' gives no time: the seconds or the increment must be above 0 (e.g. 10+0.1)"
            ));
        }
        Ok(TimeControl {
            sessions: vec![Session {
                moves,
                base,
                increment,
            }],
        })
    }

    /// The arguments of the `level` command for this control.
    pub fn level_args(&self) -> String {
        let parts: Vec<String> = self
            .sessions
            .iter()
            .map(|s| {
                let secs = s.base.as_secs();
                let base = if secs.is_multiple_of(60) {
                    (secs / 60).to_string()
                } else {
                    format!("{}:{:02}", secs / 60, secs % 60)
                };
                format!("{} {} {}", s.moves, base, format_seconds(s.increment))
            })
            .collect();
        parts.join(" ")
    }

    /// The session in force after a side has made `moves_made` moves, and how many moves are
    /// left in it (0 = the rest of the game).
    pub fn session_at(&self, moves_made: u32) -> (&Session, u32) {
        let mut made = moves_made;
        for (i, s) in self.sessions.iter().enumerate() {
            let last = i + 1 == self.sessions.len();
            if s.moves == 0 {
                return (s, 0);
            }
            if last {
                return (s, s.moves - made % s.moves);
            }
            if made < s.moves {
                return (s, s.moves - made);
            }
            made -= s.moves;
        }
        unreachable!("a time control has at least one session")
    }

    /// Time a side receives on completing its move number `moves_made` (1-based): the
    /// increment, plus the next session's base when a classical session ends there.
    pub fn time_added(&self, moves_made: u32) -> Duration {
        let (session, left) = self.session_at(moves_made - 1);
        let mut added = session.increment;
        if session.moves > 0 && left == 1 {
            added += self.session_at(moves_made).0.base;
        }
        added
    }

    /// Time on each clock at the start of the game.
    pub fn initial(&self) -> Duration {
        self.sessions[0].base
    }

    /// The short form, e.g. `10+0.1` (the first session).
    pub fn short(&self) -> String {
        let s = &self.sessions[0];
        let mut out = String::new();
        if s.moves > 0 {
            out.push_str(&format!("{}/", s.moves));
        }
        out.push_str(&format_seconds(s.base));
        if !s.increment.is_zero() {
            out.push_str(&format!("+{}", format_seconds(s.increment)));
        }
        out
    }
}

/// `MIN` or `MIN:SEC` (anything after the number is ignored, as the protocol asks).
fn parse_minutes(text: &str) -> Option<Duration> {
    let number_end = |s: &str| {
        s.find(|c: char| !c.is_ascii_digit() && c != '.')
            .unwrap_or(s.len())
    };
    let (min, sec) = match text.split_once(':') {
        Some((m, s)) => (m, &s[..number_end(s)]),
        None => (&text[..number_end(text)], "0"),
    };
    let min: f64 = min.parse().ok()?;
    let sec: f64 = if sec.is_empty() {
        0.0
    } else {
        sec.parse().ok()?
    };
    let total = min * 60.0 + sec;
    (total.is_finite() && (0.0..1e9).contains(&total)).then(|| Duration::from_secs_f64(total))
}

fn parse_seconds(text: &str) -> Option<Duration> {
    let s: f64 = text.parse().ok()?;
    (s.is_finite() && (0.0..1e9).contains(&s)).then(|| Duration::from_secs_f64(s))
}

fn format_seconds(d: Duration) -> String {
    let ms = d.as_millis();
    if ms.is_multiple_of(1000) {
        (ms / 1000).to_string()
    } else {
        let text = format!("{:.3}", d.as_secs_f64());
        text.trim_end_matches('0').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_forms() {
        let tc = TimeControl::parse_level("40 5 0").unwrap();
        assert_eq!(tc.sessions[0].base, Duration::from_secs(300));
        assert_eq!(tc.session_at(0).1, 40);
        assert_eq!(tc.session_at(41).1, 39);
        assert_eq!(tc.time_added(40), Duration::from_secs(300));
        let tc = TimeControl::parse_level("0 0:30 0.5").unwrap();
        assert_eq!(tc.sessions[0].base, Duration::from_secs(30));
        assert_eq!(tc.sessions[0].increment, Duration::from_millis(500));
        assert_eq!(tc.level_args(), "0 0:30 0.5");
        let tc = TimeControl::parse_level("40 25+5 0 20 15 0").unwrap();
        assert_eq!(tc.sessions.len(), 2);
        assert_eq!(tc.session_at(45).1, 15);
        assert_eq!(tc.time_added(40), Duration::from_secs(900));
        assert!(TimeControl::parse_level("40 5").is_err());
        assert!(TimeControl::parse_level("x y z").is_err());
        let tc = TimeControl::parse_short("10+0.1").unwrap();
        assert_eq!(tc.level_args(), "0 0:10 0.1");
        assert_eq!(tc.short(), "10+0.1");
        assert_eq!(
            TimeControl::parse_short("40/60").unwrap().level_args(),
            "40 1 0"
        );
        assert!(TimeControl::parse_short("fast").is_err());
    }
}
