//! Texel's method with a prior: the evaluation's weights fitted to game results. A position's
//! predicted score for White is `σ(K · eval / 400)` with `σ(x) = 1 / (1 + 10^-x)`; the loss is
//! the mean squared difference from the results, plus a penalty `λ · Σ (w - w₀)²` that holds
//! each weight near its starting value `w₀` unless the positions show otherwise, and holds the
//! weights of adjacent squares of a square table together (a square's bonus is believed where
//! its neighbours agree). `K` is fitted first at the starting weights; the loss is then
//! minimised by Gauss-Newton steps, each solved by conjugate gradients (so any number of
//! weights can be fitted without a matrix of them). The prior's strength is chosen by
//! cross-validation: the positions are split into [`FOLDS`] by game (positions of one game are
//! too alike to test each other), each strength is fitted on all folds but one and scored on
//! that one, and the strength with the lowest held-out loss is fitted on every position.
//! Without the prior the weights of collinear features (a piece's value and its square
//! bonuses) and of rare ones (a square a piece seldom reaches) follow the noise of a few games
//! and play far worse than they predict.

use rayon::prelude::*;

use crate::search::Trace;

/// A position as the evaluation's trace, and the result of its game for White.
pub struct Sample {
    pub trace: Trace,
    pub result: f32,
    /// The game it comes from.
    pub game: usize,
}

/// Folds of the cross-validation.
pub const FOLDS: usize = 5;
/// The prior's strengths tried, strongest first: the prior on a weight counts as much as a
/// feature with coefficient 1 in that share of the positions would.
pub const STRENGTHS: [f64; 9] = [1.0, 0.3, 0.1, 0.03, 0.01, 0.003, 0.001, 0.0003, 0.0001];
/// Gauss-Newton steps at most for one strength.
const MAX_STEPS: usize = 8;
/// A fit stops when a step lowers the objective by less than this share.
const SETTLED: f64 = 1e-6;
/// Conjugate-gradient iterations at most for one step, and the share of the starting residual
/// they stop at.
const CG_ITERATIONS: usize = 60;
const CG_TOLERANCE: f64 = 1e-3;
/// Positions handled together when sums over positions are shared between threads.
const CHUNK: usize = 2048;

/// The outcome of a fit.
pub struct Fitted {
    pub weights: Vec<f64>,
    pub k: f64,
    /// Cross-validated loss at the starting weights and at the chosen strength.
    pub loss_before: f64,
    pub loss_after: f64,
    /// The chosen strength of the prior; `None` when no strength did better than the
    /// starting weights (which are then kept).
    pub strength: Option<f64>,
    pub positions: usize,
}

/// The score `weights` give a sample, White's view.
fn eval(sample: &Sample, weights: &[f64]) -> f64 {
    f64::from(sample.trace.constant) + dot(sample, weights)
}

/// The sample's coefficients times `v`.
fn dot(sample: &Sample, v: &[f64]) -> f64 {
    sample
        .trace
        .coefficients
        .iter()
        .map(|&(i, c)| f64::from(c) * v[i as usize])
        .sum()
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// The slope of the prediction `p = σ(k · e / 400)` along the score `e`.
fn slope(k: f64, p: f64) -> f64 {
    p * (1.0 - p) * k * std::f64::consts::LN_10 / 400.0
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

/// The sum over `samples` of `each(sample, its factor)` times the sample's coefficients, as a
/// vector of `len`, divided by the samples' count.
fn mean_of_coefficients(
    samples: &[&Sample],
    factors: &[f64],
    len: usize,
    each: &(dyn Fn(&Sample, f64) -> f64 + Sync),
    squared: bool,
) -> Vec<f64> {
    let mut sum = samples
        .par_chunks(CHUNK)
        .zip(factors.par_chunks(CHUNK))
        .map(|(chunk, factors)| {
            let mut acc = vec![0.0; len];
            for (s, &f) in chunk.iter().zip(factors) {
                let x = each(s, f);
                for &(i, c) in &s.trace.coefficients {
                    let c = f64::from(c);
                    acc[i as usize] += if squared { x * c * c } else { x * c };
                }
            }
            acc
        })
        .reduce(
            || vec![0.0; len],
            |mut a, b| {
                a.iter_mut().zip(&b).for_each(|(x, y)| *x += y);
                a
            },
        );
    let count = samples.len().max(1) as f64;
    sum.iter_mut().for_each(|x| *x /= count);
    sum
}

/// The shape of the prior beyond each weight's distance from its start: pairs of weights
/// (adjacent squares of a table) whose distances are held together.
pub struct Shape {
    pub neighbours: Vec<(usize, usize)>,
    /// The multiple of the prior's strength with which neighbours are held together.
    pub smooth: f64,
}

impl Shape {
    /// The penalty `Σ dᵢ² + smooth · Σ (d_a - d_b)²` of the distances `d`.
    fn penalty(&self, d: &[f64]) -> f64 {
        let own: f64 = d.iter().map(|d| d * d).sum();
        let together: f64 = self
            .neighbours
            .iter()
            .map(|&(a, b)| (d[a] - d[b]) * (d[a] - d[b]))
            .sum();
        own + self.smooth * together
    }

    /// Half the penalty's gradient: its matrix times `d`.
    fn times(&self, d: &[f64]) -> Vec<f64> {
        let mut out = d.to_vec();
        for &(a, b) in &self.neighbours {
            let x = self.smooth * (d[a] - d[b]);
            out[a] += x;
            out[b] -= x;
        }
        out
    }

    /// The diagonal of the penalty's matrix, for `n` weights.
    fn diagonal(&self, n: usize) -> Vec<f64> {
        let mut out = vec![1.0; n];
        for &(a, b) in &self.neighbours {
            out[a] += self.smooth;
            out[b] += self.smooth;
        }
        out
    }
}

/// One fit: the training positions, the prior and the scale.
struct Problem<'a> {
    samples: &'a [&'a Sample],
    start: &'a [f64],
    shape: &'a Shape,
    k: f64,
    lambda: f64,
}

impl Problem<'_> {
    /// The loss plus the prior's penalty.
    fn objective(&self, w: &[f64]) -> f64 {
        let d: Vec<f64> = w.iter().zip(self.start).map(|(w, s)| w - s).collect();
        loss(self.samples, w, self.k) + self.lambda * self.shape.penalty(&d)
    }

    /// The weights minimising the objective, from `from`.
    fn minimise(&self, from: &[f64]) -> Vec<f64> {
        let mut w = from.to_vec();
        let mut now = self.objective(&w);
        for _ in 0..MAX_STEPS {
            let step = self.newton_step(&w);
            let mut taken = false;
            let mut scale = 1.0;
            for _ in 0..6 {
                let trial: Vec<f64> = w.iter().zip(&step).map(|(x, d)| x + scale * d).collect();
                let then = self.objective(&trial);
                if then < now {
                    let settled = now - then < SETTLED * now;
                    w = trial;
                    now = then;
                    taken = !settled;
                    break;
                }
                scale /= 2.0;
            }
            if !taken {
                break;
            }
        }
        w
    }

    /// The Gauss-Newton step from `w`: the solution `d` of `H d = -g`, where `g` is the
    /// objective's gradient and `H` its Gauss-Newton curvature, by conjugate gradients with
    /// `H`'s diagonal as preconditioner.
    fn newton_step(&self, w: &[f64]) -> Vec<f64> {
        let n = w.len();
        // Per sample: the prediction's slope along its score, and its error.
        let (slopes, residuals): (Vec<f64>, Vec<f64>) = self
            .samples
            .par_iter()
            .map(|s| {
                let p = sigmoid(self.k, eval(s, w));
                (slope(self.k, p), p - f64::from(s.result))
            })
            .unzip();
        let gradient_part = mean_of_coefficients(
            self.samples,
            &slopes
                .iter()
                .zip(&residuals)
                .map(|(s, r)| s * r)
                .collect::<Vec<f64>>(),
            n,
            &|_, f| 2.0 * f,
            false,
        );
        let d: Vec<f64> = w.iter().zip(self.start).map(|(w, s)| w - s).collect();
        let g: Vec<f64> = gradient_part
            .iter()
            .zip(self.shape.times(&d))
            .map(|(g, p)| g + 2.0 * self.lambda * p)
            .collect();
        let diagonal: Vec<f64> =
            mean_of_coefficients(self.samples, &slopes, n, &|_, s| 2.0 * s * s, true)
                .into_iter()
                .zip(self.shape.diagonal(n))
                .map(|(h, p)| h + 2.0 * self.lambda * p)
                .collect();
        let curvature_times = |v: &[f64]| -> Vec<f64> {
            let mut hv = mean_of_coefficients(
                self.samples,
                &slopes,
                n,
                &|s, f| 2.0 * f * f * dot(s, v),
                false,
            );
            hv.iter_mut()
                .zip(self.shape.times(v))
                .for_each(|(h, p)| *h += 2.0 * self.lambda * p);
            hv
        };
        let b: Vec<f64> = g.iter().map(|x| -x).collect();
        conjugate_gradients(&curvature_times, &b, &diagonal)
    }
}

/// The solution `x` of `A x = b` for a symmetric positive definite `A` given as a product,
/// preconditioned by `A`'s diagonal.
fn conjugate_gradients(a: &dyn Fn(&[f64]) -> Vec<f64>, b: &[f64], diagonal: &[f64]) -> Vec<f64> {
    let mut x = vec![0.0; b.len()];
    let mut r = b.to_vec();
    let goal = CG_TOLERANCE * norm(b);
    let mut z: Vec<f64> = r.iter().zip(diagonal).map(|(r, d)| r / d).collect();
    let mut p = z.clone();
    let mut rz = inner(&r, &z);
    for _ in 0..CG_ITERATIONS {
        if norm(&r) <= goal {
            break;
        }
        let ap = a(&p);
        let pap = inner(&p, &ap);
        if pap <= 0.0 {
            break;
        }
        let alpha = rz / pap;
        x.iter_mut().zip(&p).for_each(|(x, p)| *x += alpha * p);
        r.iter_mut().zip(&ap).for_each(|(r, ap)| *r -= alpha * ap);
        z = r.iter().zip(diagonal).map(|(r, d)| r / d).collect();
        let next = inner(&r, &z);
        let beta = next / rz;
        rz = next;
        p.iter_mut().zip(&z).for_each(|(p, z)| *p = z + beta * *p);
    }
    x
}

fn inner(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn norm(a: &[f64]) -> f64 {
    inner(a, a).sqrt()
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

/// The curvature of the loss along a weight whose feature has coefficient 1 in every
/// position: the unit in which the prior's strengths are given.
fn unit_curvature(samples: &[&Sample], weights: &[f64], k: f64) -> f64 {
    let total: f64 = samples
        .par_iter()
        .map(|s| {
            let slope = slope(k, sigmoid(k, eval(s, weights)));
            2.0 * slope * slope
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Fit the weights to the samples from `start`; `progress` gets each strength tried and its
/// cross-validated loss.
pub fn fit(
    samples: &[Sample],
    start: &[f64],
    shape: &Shape,
    progress: &mut dyn FnMut(f64, f64),
) -> Result<Fitted, String> {
    let all: Vec<&Sample> = samples.iter().collect();
    let folds: Vec<(Vec<&Sample>, Vec<&Sample>)> = (0..FOLDS)
        .map(|f| all.iter().partition(|s| s.game % FOLDS != f))
        .collect();
    if all.len() < 100
        || folds
            .iter()
            .any(|(fit, held)| fit.is_empty() || held.is_empty())
    {
        return Err(format!(
            "{} positions are too few to fit the weights to (at least 100, from games of each of \
             the {FOLDS} cross-validation folds: game numbers modulo {FOLDS})",
            all.len()
        ));
    }
    let k = fit_k(&all, start);
    let unit = unit_curvature(&all, start, k);
    let held_out_loss = |weights: &[Vec<f64>]| -> f64 {
        folds
            .iter()
            .zip(weights)
            .map(|((_, held), w)| loss(held, w, k) * held.len() as f64)
            .sum::<f64>()
            / all.len() as f64
    };
    let loss_before = loss(&all, start, k);
    let (mut best_loss, mut best) = (loss_before, None);
    let mut fold_weights = vec![start.to_vec(); FOLDS];
    let mut worse = 0;
    for strength in STRENGTHS {
        let lambda = strength * unit / 2.0;
        fold_weights = folds
            .iter()
            .zip(&fold_weights)
            .map(|((fit, _), from)| {
                Problem {
                    samples: fit,
                    start,
                    shape,
                    k,
                    lambda,
                }
                .minimise(from)
            })
            .collect();
        let now = held_out_loss(&fold_weights);
        progress(strength, now);
        if now < best_loss {
            (best_loss, best, worse) = (now, Some(strength), 0);
        } else {
            worse += 1;
            if best.is_some() && worse == 2 {
                break;
            }
        }
    }
    let weights = match best {
        Some(strength) => Problem {
            samples: &all,
            start,
            shape,
            k,
            lambda: strength * unit / 2.0,
        }
        .minimise(start),
        None => start.to_vec(),
    };
    Ok(Fitted {
        weights,
        k,
        loss_before,
        loss_after: best_loss,
        strength: best,
        positions: all.len(),
    })
}
