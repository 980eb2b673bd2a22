//! Training samples: each data record turned into the features of both perspectives (the
//! side to move's first), its output bucket and what the network is taught to predict.

use super::super::data::Record;
use super::super::layout::Layout;
use super::super::network::{bucket, SCALE};
use crate::types::Colour;

/// Samples, their features packed one after another.
#[derive(Default)]
pub struct Samples {
    /// Features seen from the side to move, sample after sample.
    pub us: Vec<u32>,
    /// The same positions' features seen from the other side.
    pub them: Vec<u32>,
    /// Where each sample's features start in `us` and `them` (one more entry than samples).
    pub starts: Vec<u32>,
    /// The search score as a win chance for the side to move: `sigmoid(score / SCALE)`.
    pub score: Vec<f32>,
    /// The game's result for the side to move: 0, ½ or 1.
    pub result: Vec<f32>,
    pub bucket: Vec<u8>,
}

impl Samples {
    pub fn len(&self) -> usize {
        self.score.len()
    }

    pub fn is_empty(&self) -> bool {
        self.score.is_empty()
    }

    /// Add `record`, seen through `layout` with `buckets` output buckets.
    pub fn push(
        &mut self,
        record: &Record,
        layout: &Layout,
        buckets: usize,
        scratch: &mut Vec<u32>,
    ) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        let us = record.side;
        record.features(layout, us, scratch);
        self.us.extend_from_slice(scratch);
        record.features(layout, !us, scratch);
        self.them.extend_from_slice(scratch);
        self.starts.push(self.us.len() as u32);
        let white_score = f32::from(record.score);
        let (score, result) = if us == Colour::White {
            (white_score, record.outcome.score())
        } else {
            (-white_score, 1.0 - record.outcome.score())
        };
        self.score.push(sigmoid(score / SCALE as f32));
        self.result.push(result);
        let pieces = record.board.iter().filter(|(_, p)| p.is_piece()).count();
        self.bucket
            .push(bucket(buckets, pieces, layout.max_active) as u8);
    }

    /// The features of sample `i`: the side to move's, the other side's.
    #[inline]
    pub fn features(&self, i: usize) -> (&[u32], &[u32]) {
        let (a, b) = (self.starts[i] as usize, self.starts[i + 1] as usize);
        (&self.us[a..b], &self.them[a..b])
    }
}

#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}
