//! Match statistics: wins, draws and losses of the first engine, the score with an Elo estimate
//! and its 95% error margin, and the variant's balance (how the first player scores, the draw
//! rate, the average length, how games ended).

use std::collections::BTreeMap;

use super::referee::{Ending, Record};
use crate::protocol::wire::Score;

/// Results so far.
#[derive(Default)]
pub struct Tally {
    /// From the first engine's point of view.
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// From White's (the first player's) point of view.
    pub white_wins: u32,
    pub black_wins: u32,
    pub plies: usize,
    pub endings: BTreeMap<String, u32>,
}

impl Tally {
    /// Count a game in which the first engine had `first_colour`.
    pub fn add(&mut self, record: &Record, first_colour: usize) {
        match record.score.winner() {
            Some(w) if w == first_colour => self.wins += 1,
            Some(_) => self.losses += 1,
            None => self.draws += 1,
        }
        match record.score {
            Score::WhiteWins => self.white_wins += 1,
            Score::BlackWins => self.black_wins += 1,
            _ => {}
        }
        self.plies += record.moves.len();
        *self.endings.entry(ending_kind(record)).or_default() += 1;
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The summary lines printed at the end of a match.
    pub fn summary(&self, first: &str, second: &str) -> Vec<String> {
        let n = f64::from(self.games().max(1));
        let score = f64::from(self.wins) + f64::from(self.draws) / 2.0;
        let white = f64::from(self.white_wins) + f64::from(self.draws) / 2.0;
        let endings: Vec<String> = self
            .endings
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        vec![
            format!("{first} vs {second}: {} games", self.games()),
            format!("W/D/L: {}/{}/{}", self.wins, self.draws, self.losses),
            format!(
                "Score: {score:.1}/{} ({:.1}%), Elo difference: {}",
                self.games(),
                100.0 * score / n,
                elo_text(self.wins, self.draws, self.losses)
            ),
            format!(
                "First player (White): +{} ={} -{}, score {:.1}%",
                self.white_wins,
                self.draws,
                self.black_wins,
                100.0 * white / n
            ),
            format!("Draw rate: {:.1}%", 100.0 * f64::from(self.draws) / n),
            format!("Average length: {:.1} moves", self.plies as f64 / n / 2.0),
            format!("Endings: {}", endings.join(", ")),
        ]
    }
}

/// A short name for how a game ended.
fn ending_kind(record: &Record) -> String {
    let reason = record.reason.to_ascii_lowercase();
    match record.ending {
        Ending::Rule if reason.contains("mate") && !reason.contains("stalemate") => {
            "checkmate".into()
        }
        Ending::Rule if reason.contains("stalemate") => "stalemate".into(),
        Ending::Rule if reason.contains("repetition") => "repetition".into(),
        Ending::Rule if reason.contains("move rule") => "move rule".into(),
        // The cause, without its details ("bikjang, Black wins on points 2 to 7.5").
        Ending::Rule => match reason.split_once(", ") {
            Some((cause, _)) => cause.to_string(),
            None => reason,
        },
        Ending::Resignation => "resignation".into(),
        Ending::Agreement => "agreed draw".into(),
        Ending::Time => "time forfeit".into(),
        Ending::IllegalMove => "illegal move".into(),
        Ending::FalseClaim => "false claim".into(),
        Ending::Crash => "engine crash".into(),
        Ending::Adjudication => "adjudication".into(),
    }
}

/// Elo difference for a score fraction.
fn elo(p: f64) -> f64 {
    0.0 - 400.0 * (1.0 / p - 1.0).log10()
}

/// `+12.3 +/- 45.6` (95%). A perfect score has no finite estimate; it gives the one-sided 95%
/// bound instead: after n wins in n games, the winning chance p with p^n = 0.05 is the lowest
/// that makes such a run at least 5% likely, so the difference is `above` elo(p).
pub fn elo_text(wins: u32, draws: u32, losses: u32) -> String {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return "n/a".into();
    }
    let p = (f64::from(wins) + f64::from(draws) / 2.0) / n;
    let bound = || elo(0.05f64.powf(1.0 / n));
    if p <= 0.0 {
        return format!("below {:+.1} (95%)", -bound());
    }
    if p >= 1.0 {
        return format!("above {:+.1} (95%)", bound());
    }
    let var = (f64::from(wins) * (1.0 - p).powi(2)
        + f64::from(draws) * (0.5 - p).powi(2)
        + f64::from(losses) * p.powi(2))
        / n;
    let margin = 1.96 * (var / n).sqrt();
    let lo = elo((p - margin).max(1e-6));
    let hi = elo((p + margin).min(1.0 - 1e-6));
    format!("{:+.1} +/- {:.1}", elo(p), (hi - lo) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Games ended by one rule are counted together, whatever the details of each.
    #[test]
    fn endings_are_grouped_by_their_cause() {
        let mut tally = Tally::default();
        for (score, reason) in [
            (Score::BlackWins, "Bikjang, Black wins on points 0 to 12.5"),
            (Score::WhiteWins, "Bikjang, White wins on points 11 to 1.5"),
            (Score::BlackWins, "Black mates"),
        ] {
            let record = Record {
                score,
                reason: reason.into(),
                ending: Ending::Rule,
                fen: None,
                moves: Vec::new(),
            };
            tally.add(&record, 0);
        }
        let summary = tally.summary("A", "B");
        assert_eq!(
            summary.last().map(String::as_str),
            Some("Endings: bikjang 2, checkmate 1")
        );
    }

    #[test]
    fn elo_estimates() {
        assert!(elo_text(1, 0, 1).starts_with("+0.0 +/- "));
        assert_eq!(elo_text(0, 2, 0), "+0.0 +/- 0.0");
        // 2 wins of 2: p = 0.05^(1/2) = 0.2236, -400 log10(1/p - 1) = -216.2.
        assert_eq!(elo_text(2, 0, 0), "above -216.2 (95%)");
        // 10 wins of 10: p = 0.05^(1/10) = 0.7411, -400 log10(1/p - 1) = +182.7.
        assert_eq!(elo_text(10, 0, 0), "above +182.7 (95%)");
        assert_eq!(elo_text(0, 0, 10), "below -182.7 (95%)");
        assert!(elo_text(60, 20, 20).starts_with("+147.2"));
    }
}
