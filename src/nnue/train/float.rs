//! The network in floating point, as it is trained: the forward pass and the gradient of
//! one sample, and the conversion to the integer network the engine plays with.

use super::super::network::{Network, PSQT_MAX, QA, QB, SCALE};
use super::samples::sigmoid;

/// Weights and biases, all in one vector so the optimiser sees one list of parameters:
/// first-layer weights (`features × hidden`), first-layer biases, output weights
/// (`buckets × 2 × hidden`), output biases, piece-square values (`features`).
#[derive(Clone, Debug)]
pub struct FloatNet {
    pub features: usize,
    pub hidden: usize,
    pub buckets: usize,
    pub params: Vec<f32>,
}

/// A sample's scratch: the accumulators and their activations.
pub struct Scratch {
    acc: Vec<f32>,
    grad: Vec<f32>,
}

impl Scratch {
    pub fn new(hidden: usize) -> Scratch {
        Scratch {
            acc: vec![0.0; 2 * hidden],
            grad: vec![0.0; 2 * hidden],
        }
    }
}

impl FloatNet {
    /// A network with small random weights drawn from `seed`.
    pub fn random(features: usize, hidden: usize, buckets: usize, seed: u64) -> FloatNet {
        let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut net = FloatNet {
            features,
            hidden,
            buckets,
            params: vec![
                0.0;
                features * hidden + hidden + buckets * 2 * hidden + buckets + features
            ],
        };
        let first = 1.0 / 32f32.sqrt();
        let out = 1.0 / ((2 * hidden) as f32).sqrt();
        for w in &mut net.params[..features * hidden] {
            *w = uniform(&mut rng) * first;
        }
        let o = net.out_start();
        for w in &mut net.params[o..o + buckets * 2 * hidden] {
            *w = uniform(&mut rng) * out;
        }
        net
    }

    /// Start the piece-square values at `centipawns` per feature (the variant's piece values
    /// for its own pieces, negative for the other side's), so training begins from material.
    pub fn start_from(&mut self, centipawns: &[f32]) {
        let start = self.psqt_start();
        for (w, v) in self.params[start..].iter_mut().zip(centipawns) {
            *w = v / SCALE as f32;
        }
    }

    pub fn bias_start(&self) -> usize {
        self.features * self.hidden
    }
    pub fn out_start(&self) -> usize {
        self.bias_start() + self.hidden
    }
    pub fn out_bias_start(&self) -> usize {
        self.out_start() + self.buckets * 2 * self.hidden
    }
    pub fn psqt_start(&self) -> usize {
        self.out_bias_start() + self.buckets
    }

    /// The output (in units of [`super::super::network::SCALE`] centipawns) for a position
    /// with features `us` (side to move's view) and `them`, in output bucket `bucket`; the
    /// accumulators stay in `scratch`.
    pub fn forward(&self, us: &[u32], them: &[u32], bucket: usize, scratch: &mut Scratch) -> f32 {
        let h = self.hidden;
        let biases = &self.params[self.bias_start()..self.out_start()];
        for (side, features) in [us, them].into_iter().enumerate() {
            let acc = &mut scratch.acc[side * h..(side + 1) * h];
            acc.copy_from_slice(biases);
            for &f in features {
                let row = &self.params[f as usize * h..(f as usize + 1) * h];
                for (a, w) in acc.iter_mut().zip(row) {
                    *a += w;
                }
            }
        }
        let out = &self.params[self.out_start() + bucket * 2 * h..][..2 * h];
        let psqt = &self.params[self.psqt_start()..];
        let own: f32 = us.iter().map(|&f| psqt[f as usize]).sum();
        let other: f32 = them.iter().map(|&f| psqt[f as usize]).sum();
        let mut sum = self.params[self.out_bias_start() + bucket] + 0.5 * (own - other);
        for (&a, &w) in scratch.acc.iter().zip(out) {
            let v = a.clamp(0.0, 1.0);
            sum += v * v * w;
        }
        sum
    }

    /// Add to `grad` the gradient of the loss `(sigmoid(out) − target)²` for one sample
    /// (whose forward pass left its accumulators in `scratch`); returns the loss.
    #[allow(clippy::too_many_arguments)]
    pub fn backward(
        &self,
        us: &[u32],
        them: &[u32],
        bucket: usize,
        output: f32,
        target: f32,
        scratch: &mut Scratch,
        grad: &mut [f32],
    ) -> f32 {
        let h = self.hidden;
        let predicted = sigmoid(output);
        let error = predicted - target;
        let g = 2.0 * error * predicted * (1.0 - predicted);
        let out_start = self.out_start() + bucket * 2 * h;
        let out = &self.params[out_start..out_start + 2 * h];
        grad[self.out_bias_start() + bucket] += g;
        let psqt = self.psqt_start();
        for &f in us {
            grad[psqt + f as usize] += 0.5 * g;
        }
        for &f in them {
            grad[psqt + f as usize] -= 0.5 * g;
        }
        let out_grad = &mut grad[out_start..out_start + 2 * h];
        for i in 0..2 * h {
            let a = scratch.acc[i];
            let v = a.clamp(0.0, 1.0);
            out_grad[i] += g * v * v;
            scratch.grad[i] = if a > 0.0 && a < 1.0 {
                g * out[i] * 2.0 * a
            } else {
                0.0
            };
        }
        let bias_start = self.bias_start();
        for i in 0..h {
            grad[bias_start + i] += scratch.grad[i] + scratch.grad[h + i];
        }
        for (side, features) in [us, them].into_iter().enumerate() {
            let delta = &scratch.grad[side * h..(side + 1) * h];
            for &f in features {
                let row = &mut grad[f as usize * h..(f as usize + 1) * h];
                for (r, d) in row.iter_mut().zip(delta) {
                    *r += d;
                }
            }
        }
        error * error
    }

    /// Keep the weights where the integer network can hold them: first-layer weights and
    /// biases within `first`, output weights within `out`.
    pub fn clip(&mut self, first: f32, out: f32) {
        let (o, ob) = (self.out_start(), self.out_bias_start());
        let limit = PSQT_MAX as f32 / QB as f32;
        let start = self.psqt_start();
        for w in &mut self.params[start..] {
            *w = w.clamp(-limit, limit);
        }
        for w in &mut self.params[..o] {
            *w = w.clamp(-first, first);
        }
        for w in &mut self.params[o..ob] {
            *w = w.clamp(-out, out);
        }
    }

    /// The integer network.
    pub fn quantize(&self, variant: &str, description: &str, layout_key: u64) -> Network {
        let round = |x: f32, scale: i32| (x * scale as f32).round() as i32;
        let (b, o, ob) = (self.bias_start(), self.out_start(), self.out_bias_start());
        let to_i16 = |xs: &[f32], scale: i32| {
            xs.iter()
                .map(|&x| round(x, scale).clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16)
                .collect()
        };
        Network {
            variant: variant.to_string(),
            description: description.to_string(),
            layout_key,
            features: self.features,
            hidden: self.hidden,
            buckets: self.buckets,
            l1_weights: to_i16(&self.params[..b], QA),
            l1_biases: to_i16(&self.params[b..o], QA),
            out_weights: to_i16(&self.params[o..ob], QB),
            out_biases: self.params[ob..self.psqt_start()]
                .iter()
                .map(|&x| round(x, QB))
                .collect(),
            psqt: self.params[self.psqt_start()..]
                .iter()
                .map(|&x| round(x, QB).clamp(-(PSQT_MAX as i32), PSQT_MAX as i32))
                .collect(),
        }
    }
}

/// A number drawn uniformly from −1 to 1 (xorshift64*).
fn uniform(state: &mut u64) -> f32 {
    let mut x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    let bits = x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 40;
    bits as f32 / (1u64 << 23) as f32 - 1.0
}
