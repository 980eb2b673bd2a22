//! Texel's method: the evaluation's weights fitted to game results by logistic regression. A
//! position's predicted score for White is `σ(K · eval / 400)` with `σ(x) = 1 / (1 + 10^-x)`;
//! the loss is the mean squared difference from the results. The scale `K` is fitted first
//! (golden-section search at the starting weights), then the weights by Adam (those whose
//! feature is rare in the positions are left alone) on the full
//! gradient of the training positions, stopping when the loss on held-out positions (those of
//! every tenth game: positions of one game are too alike to test each other) has not improved
//! for a while; the best weights on those are kept.

use rayon::prelude::*;

use super::selfplay::Sample;

/// A weight is fitted only where its feature appears in at least this share of the training
/// positions (and [`RARE_LEAST`] of them): Adam moves every weight by about the same step
/// whatever its gradient, so a weight seen in a handful of positions would follow their noise
/// (a square a piece seldom reaches would get hundreds of centipawns).
const RARE_SHARE: f64 = 0.005;
const RARE_LEAST: usize = 50;
/// Epochs without a better held-out loss before the fit stops.
const PATIENCE: usize = 40;
/// Most epochs of a fit.
const MAX_EPOCHS: usize = 3000;
/// Adam's step size, in the weights' own units.
const STEP: f64 = 1.0;
const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;

/// The outcome of a fit.
pub struct Fitted {
    pub weights: Vec<f64>,
    pub k: f64,
    /// Held-out loss at the starting and at the fitted weights.
    pub loss_before: f64,
    pub loss_after: f64,
    pub epochs: usize,
    pub training: usize,
    pub held_out: usize,
}

/// The score `weights` give a sample, White's view.
fn eval(sample: &Sample, weights: &[f64]) -> f64 {
    f64::from(sample.trace.constant)
        + sample
            .trace
            .coefficients
            .iter()
            .map(|&(i, c)| f64::from(c) * weights[i as usize])
            .sum::<f64>()
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// Mean squared error of the predictions over `samples`.
fn loss(samples: &[&Sample], weights: &[f64], k: f64) -> f64 {
    let total: f64 = samples
        .par_iter()
        .map(|s| {
            let d = f64::from(s.result) - sigmoid(k, eval(s, weights));
            d * d
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The gradient of the loss over `samples` with respect to the weights.
fn gradient(samples: &[&Sample], weights: &[f64], k: f64) -> Vec<f64> {
    let n = weights.len();
    let scale = k * std::f64::consts::LN_10 / 400.0;
    let mut g = samples
        .par_chunks(4096)
        .map(|chunk| {
            let mut g = vec![0.0; n];
            for s in chunk {
                let p = sigmoid(k, eval(s, weights));
                let d = -2.0 * (f64::from(s.result) - p) * p * (1.0 - p) * scale;
                for &(i, c) in &s.trace.coefficients {
                    g[i as usize] += d * f64::from(c);
                }
            }
            g
        })
        .reduce(
            || vec![0.0; n],
            |mut a, b| {
                a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                a
            },
        );
    let count = samples.len().max(1) as f64;
    g.iter_mut().for_each(|x| *x /= count);
    g
}

/// The weights whose feature appears in too few of `samples` to be fitted.
fn rare(samples: &[&Sample], len: usize) -> Vec<usize> {
    let mut seen = vec![0usize; len];
    for s in samples {
        for &(i, c) in &s.trace.coefficients {
            if c != 0.0 {
                seen[i as usize] += 1;
            }
        }
    }
    let least = RARE_LEAST.max((samples.len() as f64 * RARE_SHARE) as usize);
    (0..len).filter(|&i| seen[i] < least).collect()
}

/// The `K` that minimises the loss at `weights` (golden-section search over 0.05 … 5).
fn fit_k(samples: &[&Sample], weights: &[f64]) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.05f64, 5.0f64);
    for _ in 0..40 {
        let c = b - ratio * (b - a);
        let d = a + ratio * (b - a);
        if loss(samples, weights, c) < loss(samples, weights, d) {
            b = d;
        } else {
            a = c;
        }
    }
    (a + b) / 2.0
}

/// Fit the weights to the samples from `start`; `progress` gets each epoch's number and
/// held-out loss. Weights whose feature appears in too few training positions (see
/// [`rare`]) are left as they are.
pub fn fit(
    samples: &[Sample],
    start: &[f64],
    progress: &mut dyn FnMut(usize, f64),
) -> Result<Fitted, String> {
    let (mut held_out, mut training) = (Vec::new(), Vec::new());
    for sample in samples {
        if sample.game % 10 == 9 {
            held_out.push(sample);
        } else {
            training.push(sample);
        }
    }
    if training.len() < 100 || held_out.is_empty() {
        return Err(format!(
            "{} positions are too few to fit the weights to (at least 100 to fit, from 9 games \
             in 10, and some held out, from every tenth game)",
            samples.len()
        ));
    }
    let fixed = rare(&training, start.len());
    let k = fit_k(&training, start);
    let mut weights = start.to_vec();
    let loss_before = loss(&held_out, start, k);
    let (mut best, mut best_loss, mut since) = (weights.clone(), loss_before, 0);
    let (mut m, mut v) = (vec![0.0; start.len()], vec![0.0; start.len()]);
    let mut epochs = 0;
    for epoch in 1..=MAX_EPOCHS {
        epochs = epoch;
        let mut g = gradient(&training, &weights, k);
        for &i in &fixed {
            g[i] = 0.0;
        }
        let t = epoch as i32;
        for i in 0..weights.len() {
            m[i] = BETA1 * m[i] + (1.0 - BETA1) * g[i];
            v[i] = BETA2 * v[i] + (1.0 - BETA2) * g[i] * g[i];
            let m_hat = m[i] / (1.0 - BETA1.powi(t));
            let v_hat = v[i] / (1.0 - BETA2.powi(t));
            weights[i] -= STEP * m_hat / (v_hat.sqrt() + 1e-12);
        }
        let now = loss(&held_out, &weights, k);
        progress(epoch, now);
        if now < best_loss {
            best.clone_from(&weights);
            best_loss = now;
            since = 0;
        } else {
            since += 1;
            if since >= PATIENCE {
                break;
            }
        }
    }
    Ok(Fitted {
        weights: best,
        k,
        loss_before,
        loss_after: best_loss,
        epochs,
        training: training.len(),
        held_out: held_out.len(),
    })
}
