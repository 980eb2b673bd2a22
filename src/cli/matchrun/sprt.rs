//! The sequential probability ratio test of `alfil match --sprt`: are the first engine's
//! results those of an Elo difference ELO1 (H1) rather than ELO0 (H0)? Games are counted in
//! pairs (one opening played with each colour), and a pair's score for the first engine is one
//! of 0, ½, 1, 1½ or 2: the pentanomial model, which removes the opening's own bias from the
//! variance. The log-likelihood ratio is the generalised SPRT's normal approximation (as
//! fishtest, cutechess and fastchess use), with logistic Elo: for score fractions s0 and s1 of
//! the two hypotheses and the pairs' mean μ and variance σ² (of the pair score halved),
//! LLR = N (s1 − s0)(2μ − s0 − s1) / (2σ²), μ and σ² taken with half a pair added to each
//! cell. The test stops when the LLR leaves [ln(β/(1−α)), ln((1−β)/α)].

/// Game pairs by the first engine's points in the pair: index 0 = 0 points … 4 = 2 points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Count a pair in which the first engine scored `half_points` half-points (0..=4).
    pub fn add(&mut self, half_points: usize) {
        self.0[half_points.min(4)] += 1;
    }

    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }
}

/// What the test has decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1: the first engine is ELO1 stronger.
    H1,
    /// H0: it is at most ELO0 stronger.
    H0,
    Continue,
}

/// The hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// Score fraction of a logistic Elo difference.
fn score_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

impl Sprt {
    /// `ELO0,ELO1` with the error rates; ELO0 must be below ELO1 and the rates in (0, ½).
    pub fn new(bounds: &str, alpha: f64, beta: f64) -> Result<Sprt, String> {
        let parsed = bounds.split_once(',').and_then(|(a, b)| {
            Some((a.trim().parse::<f64>().ok()?, b.trim().parse::<f64>().ok()?))
        });
        let Some((elo0, elo1)) = parsed.filter(|(a, b)| a.is_finite() && b.is_finite() && a < b)
        else {
            return Err(format!(
                "--sprt '{bounds}' is not ELO0,ELO1 with ELO0 below ELO1 (e.g. 0,10)"
            ));
        };
        for (name, rate) in [("--alpha", alpha), ("--beta", beta)] {
            if !(rate > 0.0 && rate < 0.5) {
                return Err(format!("{name} {rate} is not between 0 and 0.5"));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The LLR bounds: H0 is accepted below the first, H1 above the second.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for these pairs (0 without pairs). Mean and
    /// variance are estimated with half a pair added to each cell (a Jeffreys prior): a few
    /// identical pairs then have a variance, so the test cannot stop on them alone, and the
    /// shift of the mean towards ½ fades as pairs are played (a quarter of a percent after
    /// 1000 pairs), erring on the side of playing on.
    pub fn llr(&self, counts: &Pentanomial) -> f64 {
        let n = f64::from(counts.pairs());
        if n == 0.0 {
            return 0.0;
        }
        let weights: Vec<f64> = counts.0.iter().map(|&c| f64::from(c) + 0.5).collect();
        let total: f64 = weights.iter().sum();
        let value = |k: usize| k as f64 / 4.0;
        let mean: f64 = (0..5).map(|k| weights[k] * value(k)).sum::<f64>() / total;
        let variance: f64 = (0..5)
            .map(|k| weights[k] * (value(k) - mean).powi(2))
            .sum::<f64>()
            / total;
        let (s0, s1) = (score_of(self.elo0), score_of(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    pub fn verdict(&self, counts: &Pentanomial) -> Verdict {
        let llr = self.llr(counts);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Verdict::H1
        } else if llr <= lower {
            Verdict::H0
        } else {
            Verdict::Continue
        }
    }

    /// One line of progress: `LLR 1.23 (-2.94, 2.94) [0,10] pentanomial 1 4 10 5 2`.
    pub fn line(&self, counts: &Pentanomial) -> String {
        let (lower, upper) = self.bounds();
        let [a, b, c, d, e] = counts.0;
        format!(
            "LLR {:.2} ({lower:.2}, {upper:.2}) [{},{}] pentanomial {a} {b} {c} {d} {e}",
            self.llr(counts),
            self.elo0,
            self.elo1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt() -> Sprt {
        Sprt::new("0,10", 0.05, 0.05).expect("valid")
    }

    #[test]
    fn bounds_are_the_wald_bounds() {
        // ln(0.05/0.95) = -2.944, ln(0.95/0.05) = +2.944.
        let (lower, upper) = sprt().bounds();
        assert!((lower + 2.944_439).abs() < 1e-5 && (upper - 2.944_439).abs() < 1e-5);
    }

    #[test]
    fn llr_of_hand_computed_tables() {
        // s0 = 0.5, s1 = 1/(1+10^(-10/400)) = 0.514387. With half a pair added to each cell,
        // [10,20,40,20,10] becomes weights [10.5,20.5,40.5,20.5,10.5] (102.5 in all):
        // μ = 0.5, σ² = (2·10.5·0.25 + 2·20.5·0.0625)/102.5 = 0.076220,
        // LLR = 100 · 0.014387 · (1 − 1.014387) / (2 · 0.076220) = −0.135786.
        let even = Pentanomial([10, 20, 40, 20, 10]);
        assert!((sprt().llr(&even) + 0.135_786).abs() < 1e-5);
        // [5,10,30,30,25] → [5.5,10.5,30.5,30.5,25.5]: μ = 66.25/102.5 = 0.646341,
        // σ² = 0.079194, LLR = 100 · 0.014387 · (1.292683 − 1.014387) / 0.158388 = 2.527903.
        let better = Pentanomial([5, 10, 30, 30, 25]);
        assert!((sprt().llr(&better) - 2.527_903).abs() < 1e-5);
        assert_eq!(sprt().verdict(&better), Verdict::Continue);
        let doubled = Pentanomial([10, 20, 60, 60, 50]);
        assert_eq!(sprt().verdict(&doubled), Verdict::H1);
        let worse = Pentanomial([50, 60, 60, 20, 10]);
        assert_eq!(sprt().verdict(&worse), Verdict::H0);
    }

    #[test]
    fn identical_pairs_decide_only_when_there_are_enough() {
        // Two won pairs: weights [.5,.5,.5,.5,2.5], μ = 0.722, σ² = 0.131, LLR = 0.047.
        assert_eq!(
            sprt().verdict(&Pentanomial([0, 0, 0, 0, 2])),
            Verdict::Continue
        );
        // Thirty: μ = 0.9615, σ² = 0.02737, LLR = 30 · 0.014387 · 0.9087 / 0.05473 = 7.17.
        let sweep = Pentanomial([0, 0, 0, 0, 30]);
        assert_eq!(sprt().verdict(&sweep), Verdict::H1);
        let lost = Pentanomial([30, 0, 0, 0, 0]);
        assert_eq!(sprt().verdict(&lost), Verdict::H0);
        assert_eq!(sprt().llr(&Pentanomial::default()), 0.0);
    }

    #[test]
    fn bad_bounds_are_refused() {
        assert!(Sprt::new("10,0", 0.05, 0.05).is_err());
        assert!(Sprt::new("x", 0.05, 0.05).is_err());
        assert!(Sprt::new("0,10", 0.0, 0.05).is_err());
        assert!(Sprt::new("0,10", 0.05, 0.7).is_err());
    }
}
