//! Training a network from self-play data, on every core: samples are shuffled each epoch
//! (seeded), cut into batches, and each batch into a fixed number of parts whose gradients
//! are summed in a fixed order, so a run gives the same network whatever the number of
//! threads. Adam moves the weights; the learning rate falls along a cosine to a twentieth;
//! the loss on a held-out share of the games is reported after every epoch, and the epoch
//! that did best on it is the one kept (training stops early once `patience` epochs in a row
//! have not beaten it).
//!
//! The network learns `λ × result + (1 − λ) × sigmoid(score / SCALE)` for the side to move
//! (the game's result blended with the search's score), through `sigmoid(output)`.

pub mod float;
pub mod samples;

use rayon::prelude::*;

use super::data::Record;
use super::layout::Layout;
use super::network::QA;
use float::{FloatNet, Scratch};
use samples::Samples;

/// Parts of a batch whose gradients are computed apart and summed in order.
const PARTS: usize = 8;

/// How to train.
#[derive(Clone, Debug)]
pub struct Settings {
    pub hidden: usize,
    pub buckets: usize,
    pub epochs: usize,
    /// Stop after this many epochs in a row without a lower held-out loss (none: every epoch).
    pub patience: Option<usize>,
    pub batch: usize,
    pub learning_rate: f32,
    /// The weight of the game's result against the search's score.
    pub lambda: f32,
    /// One game in `holdout` is held out (by game number) to measure the loss on.
    pub holdout: u32,
    pub seed: u64,
    /// Per feature: the piece-square value to start from, in centipawns (none: 0).
    pub start_values: Vec<f32>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            hidden: 256,
            buckets: 1,
            epochs: 10,
            patience: None,
            batch: 2048,
            learning_rate: 0.001,
            lambda: 0.0,
            holdout: 20,
            seed: 1,
            start_values: Vec::new(),
        }
    }
}

/// One epoch's report.
#[derive(Clone, Copy, Debug)]
pub struct Epoch {
    pub epoch: usize,
    pub train_loss: f64,
    pub held_out_loss: f64,
    pub learning_rate: f32,
    pub seconds: f64,
}

/// The training and held-out samples of `records`.
pub fn split(records: &[Record], layout: &Layout, settings: &Settings) -> (Samples, Samples) {
    let mut train = Samples::default();
    let mut held = Samples::default();
    let mut scratch = Vec::new();
    for r in records {
        let target = if settings.holdout > 0 && r.game % settings.holdout == 0 {
            &mut held
        } else {
            &mut train
        };
        target.push(r, layout, settings.buckets, &mut scratch);
    }
    (train, held)
}

/// The largest first-layer weight (and bias) that keeps every accumulator of `layout` within
/// `i16` once scaled by [`QA`], and at most 1.98.
pub fn first_layer_bound(layout: &Layout) -> f32 {
    let room = f32::from(i16::MAX) / QA as f32 - 0.5;
    (room / (layout.max_active + 1) as f32).min(1.98)
}

/// A finished training: the network of the epoch with the lowest held-out loss (the last
/// epoch's where nothing is held out), so that passes which only learn the training games by
/// heart are not kept.
pub struct Kept {
    pub net: FloatNet,
    /// The epoch whose weights these are, from 1.
    pub epoch: usize,
    pub held_out_loss: f64,
}

/// Train a network on `train`, reporting each epoch's losses to `report`, and keep the
/// epoch that did best on `held`.
pub fn train(
    layout: &Layout,
    train: &Samples,
    held: &Samples,
    settings: &Settings,
    report: &mut dyn FnMut(&Epoch),
) -> Result<Kept, String> {
    if train.is_empty() {
        return Err("no training positions".into());
    }
    let mut net = FloatNet::random(
        layout.features,
        settings.hidden,
        settings.buckets,
        settings.seed,
    );
    net.start_from(&settings.start_values);
    let mut adam = Adam::new(net.params.len());
    let bound = first_layer_bound(layout);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut rng = settings.seed.wrapping_mul(0x2545_F491_4F6C_DD1D) | 1;
    let mut grads: Vec<Vec<f32>> = (0..PARTS).map(|_| vec![0.0; net.params.len()]).collect();
    let batches_per_epoch = train.len().div_ceil(settings.batch);
    let total = (settings.epochs * batches_per_epoch).max(1);
    let mut step = 0;
    let mut kept: Option<Kept> = None;
    for epoch in 1..=settings.epochs {
        let started = std::time::Instant::now();
        shuffle(&mut order, &mut rng);
        let mut loss_sum = 0.0f64;
        let mut learning_rate = settings.learning_rate;
        for batch in order.chunks(settings.batch) {
            let part_len = batch.len().div_ceil(PARTS);
            let losses: Vec<f64> = grads
                .par_iter_mut()
                .enumerate()
                .map(|(p, grad)| {
                    grad.iter_mut().for_each(|g| *g = 0.0);
                    let part = batch.chunks(part_len).nth(p).unwrap_or(&[]);
                    let mut scratch = Scratch::new(net.hidden);
                    let mut loss = 0.0f64;
                    for &i in part {
                        let i = i as usize;
                        let (us, them) = train.features(i);
                        let bucket = usize::from(train.bucket[i]);
                        let out = net.forward(us, them, bucket, &mut scratch);
                        let target = settings.lambda * train.result[i]
                            + (1.0 - settings.lambda) * train.score[i];
                        loss += f64::from(net.backward(
                            us,
                            them,
                            bucket,
                            out,
                            target,
                            &mut scratch,
                            grad,
                        ));
                    }
                    loss
                })
                .collect();
            loss_sum += losses.iter().sum::<f64>();
            let (first, rest) = grads.split_at_mut(1);
            for other in rest.iter() {
                for (a, b) in first[0].iter_mut().zip(other) {
                    *a += b;
                }
            }
            let scale = 1.0 / batch.len() as f32;
            let progress = step as f32 / total as f32;
            learning_rate = settings.learning_rate
                * (0.05 + 0.95 * 0.5 * (1.0 + (std::f32::consts::PI * progress).cos()));
            adam.step(&mut net.params, &first[0], scale, learning_rate);
            net.clip(bound, 1.98);
            step += 1;
        }
        let held_out_loss = loss(&net, held, settings.lambda);
        report(&Epoch {
            epoch,
            train_loss: loss_sum / train.len() as f64,
            held_out_loss,
            learning_rate,
            seconds: started.elapsed().as_secs_f64(),
        });
        let better = match &kept {
            None => true,
            Some(best) => held.is_empty() || held_out_loss < best.held_out_loss,
        };
        if better {
            kept = Some(Kept {
                net: net.clone(),
                epoch,
                held_out_loss,
            });
        }
        let since_best = kept.as_ref().map_or(0, |best| epoch - best.epoch);
        if settings.patience.is_some_and(|p| since_best >= p) {
            break;
        }
    }
    kept.ok_or_else(|| "no epochs to train".into())
}

/// The mean loss of `net` on `samples` (0 for none).
pub fn loss(net: &FloatNet, samples: &Samples, lambda: f32) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = (0..samples.len())
        .into_par_iter()
        .map_init(
            || Scratch::new(net.hidden),
            |scratch, i| {
                let (us, them) = samples.features(i);
                let out = net.forward(us, them, usize::from(samples.bucket[i]), scratch);
                let target = lambda * samples.result[i] + (1.0 - lambda) * samples.score[i];
                let e = samples::sigmoid(out) - target;
                f64::from(e * e)
            },
        )
        .sum();
    total / samples.len() as f64
}

/// Shuffle `order` (Fisher–Yates, xorshift64*).
fn shuffle(order: &mut [u32], rng: &mut u64) {
    for i in (1..order.len()).rev() {
        let mut x = *rng;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        *rng = x;
        let j = (x.wrapping_mul(0x2545_F491_4F6C_DD1D) % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
}

/// The Adam optimiser's moments.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// One step along the gradient `grad × scale`.
    fn step(&mut self, params: &mut [f32], grad: &[f32], scale: f32, learning_rate: f32) {
        self.t += 1;
        let c1 = 1.0 - Self::BETA1.powi(self.t);
        let c2 = 1.0 - Self::BETA2.powi(self.t);
        let rate = learning_rate * c2.sqrt() / c1;
        params
            .par_chunks_mut(4096)
            .zip(self.m.par_chunks_mut(4096))
            .zip(self.v.par_chunks_mut(4096))
            .zip(grad.par_chunks(4096))
            .for_each(|(((p, m), v), g)| {
                for i in 0..p.len() {
                    let g = g[i] * scale;
                    m[i] = Self::BETA1 * m[i] + (1.0 - Self::BETA1) * g;
                    v[i] = Self::BETA2 * v[i] + (1.0 - Self::BETA2) * g * g;
                    p[i] -= rate * m[i] / (v[i].sqrt() + Self::EPSILON);
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::float::{FloatNet, Scratch};
    use super::samples::Samples;
    use crate::movegen::playout::playout_move;
    use crate::movegen::{build_ruleset, legal_moves, make_move};
    use crate::nnue::accumulator::Accumulators;
    use crate::nnue::data::{Outcome, Record};
    use crate::nnue::layout::Layout;
    use crate::nnue::network::SCALE;
    use crate::nnue::Nnue;
    use crate::position::Position;
    use crate::variant::load_by_name;

    use super::{loss, split, train, Settings};

    /// Positions along a playout of `variant`.
    fn positions(variant: &str, plies: usize) -> Vec<Position> {
        let tables =
            build_ruleset(Arc::new(load_by_name(variant).expect("shipped"))).expect("builds");
        let mut pos = Position::start(tables);
        let mut out = vec![pos.clone()];
        let mut moves = Vec::new();
        for ply in 0..plies {
            legal_moves(&mut pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            make_move(&mut pos, playout_move(&moves, ply, 3));
            out.push(pos.clone());
        }
        out
    }

    /// The integer network the engine plays with stays within 4 cp on average and 12 cp at
    /// worst of the float network it was made from, on positions of chess, shogi (pieces in
    /// hand) and xiangqi, with output weights four times their starting size (as large as
    /// trained ones grow); and the features the trainer reads from a data record are
    /// exactly those whose rows the engine's accumulators sum, from both sides.
    #[test]
    fn the_integer_network_stays_near_the_float_one() {
        for variant in ["chess", "shogi", "xiangqi"] {
            let all = positions(variant, 60);
            let layout = Layout::new(&all[0].tables);
            let mut float = FloatNet::random(layout.features, 64, 2, 7);
            let out = float.out_start();
            for w in &mut float.params[out..] {
                *w *= 4.0;
            }
            let net = float.quantize(variant, "test", layout.key);
            let nnue = Nnue {
                net,
                layout: Layout::new(&all[0].tables),
                source: "test".into(),
            };
            let (mut total, mut worst, mut scratch) = (0.0, 0, Scratch::new(64));
            for pos in &all {
                let mut samples = Samples::default();
                let record = Record::of(pos, 0, 0, Outcome::Drawn);
                samples.push(&record, &layout, 2, &mut Vec::new());
                let (us, them) = samples.features(0);
                let engine = Accumulators::new(&nnue, pos, 1);
                for (features, view) in [(us, pos.side()), (them, !pos.side())] {
                    let mut sums = nnue.net.l1_biases.clone();
                    for &f in features {
                        for (s, w) in sums.iter_mut().zip(nnue.net.row(f)) {
                            *s = s.wrapping_add(*w);
                        }
                    }
                    assert_eq!(sums, engine.view(view), "{variant}: {}", pos.to_fen());
                }
                let bucket = usize::from(samples.bucket[0]);
                let f = float.forward(us, them, bucket, &mut scratch) * SCALE as f32;
                let diff = (f.round() as i32 - engine.evaluate(&nnue, pos)).abs();
                total += f64::from(diff);
                worst = worst.max(diff);
            }
            let mean = total / all.len() as f64;
            assert!(
                mean <= 4.0 && worst <= 12,
                "{variant}: mean {mean}, worst {worst}"
            );
        }
    }

    /// Taught scores that are noise, a network learns its training positions by heart and
    /// does worse and worse on the held-out ones: training stops `patience` epochs after the
    /// best one and keeps that epoch's weights, whose held-out loss is the lowest reported.
    #[test]
    fn the_best_epoch_is_kept_and_training_stops_after_patience() {
        let all = positions("chess", 200);
        let layout = Layout::new(&all[0].tables);
        let records: Vec<Record> = all
            .iter()
            .enumerate()
            .map(|(i, pos)| {
                Record::of(pos, (i as i32 * 7919) % 601 - 300, i as u32, Outcome::Drawn)
            })
            .collect();
        let settings = Settings {
            hidden: 16,
            epochs: 60,
            patience: Some(3),
            batch: 16,
            learning_rate: 0.01,
            holdout: 4,
            ..Settings::default()
        };
        let (train_set, held) = split(&records, &layout, &settings);
        let mut reported = Vec::new();
        let kept = train(&layout, &train_set, &held, &settings, &mut |e| {
            reported.push(e.held_out_loss)
        })
        .expect("trains");
        assert!(
            reported.len() < settings.epochs,
            "never stopped: {reported:?}"
        );
        assert_eq!(reported.len(), kept.epoch + 3, "{reported:?}");
        let lowest = reported.iter().copied().fold(f64::INFINITY, f64::min);
        assert_eq!(kept.held_out_loss, lowest);
        assert_eq!(loss(&kept.net, &held, settings.lambda), lowest);
    }
}
