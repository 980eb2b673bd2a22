//! A trained network in integers, as the engine plays with it, and its file.
//!
//! The network: the layout's features feed a hidden layer of `hidden` neurons (one
//! accumulator per perspective, sharing the weights), a squared clipped ReLU, and one output
//! from both accumulators (the side to move's first), chosen among `buckets` output heads by
//! the number of pieces on the board. Beside the hidden layer each feature also has a value
//! of its own ("piece-square"), summed per perspective: half the side to move's sum less
//! half the other's joins the output, so material and squares are learnt directly from few
//! positions and the hidden layer learns what they miss. In integers: the first layer's weights and the
//! accumulators are scaled by [`QA`] (1.0 of an activation is `QA`), a squared activation is
//! kept to 8 bits (`a² >> 8`, so it times an output weight fits `i32`), the output weights
//! and biases are scaled by [`QB`]; the output times [`SCALE`] is the evaluation in
//! centipawns.
//!
//! The file, little-endian:
//!
//! | field | bytes |
//! | --- | --- |
//! | magic `ALFILNET` | 8 |
//! | version ([`VERSION`]) | 2 |
//! | variant name, description (how it was made): length, then UTF-8, each | 2 + n, 2 + m |
//! | feature layout key | 8 |
//! | features, hidden, buckets, activation (1: squared clipped ReLU) | 4 + 2 + 1 + 1 |
//! | QA, QB, SCALE | 2 + 2 + 2 |
//! | first-layer weights, feature by feature (`hidden` each) | 2 × features × hidden |
//! | first-layer biases | 2 × hidden |
//! | output weights, bucket by bucket (side to move's `hidden`, then the other's) | 2 × buckets × 2 × hidden |
//! | output biases | 4 × buckets |
//! | piece-square values, feature by feature (scaled by `QB`) | 4 × features |
//! | FNV-1a checksum of everything before | 8 |

use std::path::Path;

use super::layout::{Fnv, Layout};

/// The scale of an activation: 1.0 is `QA`.
pub const QA: i32 = 255;
/// The scale of an output weight and bias.
pub const QB: i32 = 1024;
/// Centipawns per unit of the network's output (and the scale of the training's sigmoid).
pub const SCALE: i32 = 400;
/// The file format's version.
pub const VERSION: u16 = 1;
const MAGIC: &[u8; 8] = b"ALFILNET";
const SQUARED_CLIPPED_RELU: u8 = 1;
/// The widest hidden layer a file may have (each perspective's sum of squared activations
/// times output weights must fit `i32`: 2048 × 254 × 2047 < 2³¹).
pub const MAX_HIDDEN: usize = 2048;
/// The largest piece-square value a file may hold (in output units scaled by `QB`: a
/// hundred thousand centipawns), so that their sums cannot overflow.
pub const PSQT_MAX: u32 = 256_000;
/// The most output buckets a file may have.
pub const MAX_BUCKETS: usize = 16;

/// A network in integers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    pub variant: String,
    /// How the network was made (the commands, the data): free text.
    pub description: String,
    pub layout_key: u64,
    pub features: usize,
    pub hidden: usize,
    pub buckets: usize,
    /// `features × hidden`, feature by feature.
    pub l1_weights: Vec<i16>,
    pub l1_biases: Vec<i16>,
    /// `buckets × 2 × hidden`.
    pub out_weights: Vec<i16>,
    pub out_biases: Vec<i32>,
    /// Per feature: its piece-square value, in output units scaled by [`QB`].
    pub psqt: Vec<i32>,
}

impl Network {
    /// The first-layer weights of feature `f`.
    #[inline]
    pub fn row(&self, f: u32) -> &[i16] {
        let start = f as usize * self.hidden;
        &self.l1_weights[start..start + self.hidden]
    }

    /// The output bucket of a position with `pieces` pieces on the board, out of the
    /// `max_active` a position of the layout may have.
    #[inline]
    pub fn bucket(&self, pieces: usize, max_active: usize) -> usize {
        bucket(self.buckets, pieces, max_active)
    }

    /// The evaluation in centipawns for the side to move, from the accumulators of the side
    /// to move (`us`) and of the other side, and their piece-square sums.
    #[inline]
    pub fn evaluate(&self, us: &[i16], them: &[i16], psqt: [i32; 2], bucket: usize) -> i32 {
        let weights = &self.out_weights[bucket * 2 * self.hidden..(bucket + 1) * 2 * self.hidden];
        let (w_us, w_them) = weights.split_at(self.hidden);
        let sum = i64::from(squared_dot(us, w_us)) + i64::from(squared_dot(them, w_them));
        let out = sum * 256 / i64::from(QA * QA)
            + i64::from(self.out_biases[bucket])
            + (i64::from(psqt[0]) - i64::from(psqt[1])) / 2;
        (out * i64::from(SCALE) / i64::from(QB)) as i32
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(64 + 2 * self.l1_weights.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        for text in [&self.variant, &self.description] {
            let bytes = &text.as_bytes()[..text.len().min(usize::from(u16::MAX))];
            out.extend_from_slice(&(bytes.len() as u16).to_le_bytes());
            out.extend_from_slice(bytes);
        }
        out.extend_from_slice(&self.layout_key.to_le_bytes());
        out.extend_from_slice(&(self.features as u32).to_le_bytes());
        out.extend_from_slice(&(self.hidden as u16).to_le_bytes());
        out.extend_from_slice(&[self.buckets as u8, SQUARED_CLIPPED_RELU]);
        for q in [QA, QB, SCALE] {
            out.extend_from_slice(&(q as u16).to_le_bytes());
        }
        for values in [&self.l1_weights, &self.l1_biases, &self.out_weights] {
            for v in values.iter() {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        for v in self.out_biases.iter().chain(&self.psqt) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let mut sum = Fnv::default();
        sum.write(&out);
        out.extend_from_slice(&sum.finish().to_le_bytes());
        out
    }

    /// Write the file.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        std::fs::write(path, self.to_bytes()).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Read a network file for the variant `variant` of feature layout `layout`.
    pub fn load(path: &Path, variant: &str, layout: &Layout) -> Result<Network, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Network::from_bytes(&bytes, variant, layout).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Decode a network file's bytes, checking everything: its form, its checksum, that it
    /// was made for `variant` and `layout`, and that no position can overflow its
    /// accumulators.
    pub fn from_bytes(bytes: &[u8], variant: &str, layout: &Layout) -> Result<Network, String> {
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err("not an Alfil network file (no ALFILNET at its start)".into());
        }
        if bytes.len() < 16 {
            return Err("the file is cut short".into());
        }
        let (body, tail) = bytes.split_at(bytes.len() - 8);
        let mut c = Reader { bytes: body, at: 8 };
        let version = c.u16()?;
        if version != VERSION {
            return Err(format!(
                "network format version {version}; this Alfil reads version {VERSION}"
            ));
        }
        let made_for = c.text()?;
        let description = c.text()?;
        let mut sum = Fnv::default();
        sum.write(body);
        if sum.finish().to_le_bytes() != tail {
            return Err("the checksum does not match: the file is corrupt or cut short".into());
        }
        if made_for != variant {
            return Err(format!("made for the variant {made_for}, not {variant}"));
        }
        let layout_key = c.u64()?;
        if layout_key != layout.key {
            return Err(format!(
                "made for another feature layout of {variant} (key {layout_key:016x}, expected \
                 {:016x}): the variant's pieces or board changed since",
                layout.key
            ));
        }
        let features = c.u32()? as usize;
        let hidden = usize::from(c.u16()?);
        let buckets = usize::from(c.u8()?);
        let activation = c.u8()?;
        if features != layout.features {
            return Err(format!(
                "{features} features, the layout has {}",
                layout.features
            ));
        }
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(format!("hidden layer of {hidden} (1 to {MAX_HIDDEN})"));
        }
        if buckets == 0 || buckets > MAX_BUCKETS {
            return Err(format!("{buckets} output buckets (1 to {MAX_BUCKETS})"));
        }
        if activation != SQUARED_CLIPPED_RELU {
            return Err(format!("unknown activation {activation}"));
        }
        let scales = [c.u16()?, c.u16()?, c.u16()?];
        if scales.map(i32::from) != [QA, QB, SCALE] {
            return Err(format!(
                "quantized with QA, QB, SCALE = {scales:?}, this Alfil uses {QA}, {QB}, {SCALE}"
            ));
        }
        let expected =
            2 * (features * hidden + hidden + buckets * 2 * hidden) + 4 * (buckets + features);
        if body.len() - c.at != expected {
            return Err(format!(
                "{} bytes of weights, {features} features × {hidden} hidden × {buckets} buckets need {expected}",
                body.len() - c.at
            ));
        }
        let l1_weights = c.i16s(features * hidden)?;
        let l1_biases = c.i16s(hidden)?;
        let out_weights = c.i16s(buckets * 2 * hidden)?;
        let out_biases = (0..buckets)
            .map(|_| c.u32().map(|v| v as i32))
            .collect::<Result<Vec<_>, _>>()?;
        let psqt = (0..features)
            .map(|_| c.u32().map(|v| v as i32))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(v) = psqt.iter().find(|v| v.unsigned_abs() > PSQT_MAX) {
            return Err(format!(
                "weights out of range: a piece-square value of {v} (at most {PSQT_MAX})"
            ));
        }
        let net = Network {
            variant: made_for,
            description,
            layout_key,
            features,
            hidden,
            buckets,
            l1_weights,
            l1_biases,
            out_weights,
            out_biases,
            psqt,
        };
        net.check_range(layout.max_active)?;
        Ok(net)
    }

    /// Refuse weights that could overflow an accumulator: for every neuron, its bias and the
    /// `max_active` largest weights that could be set together must stay within `i16`.
    fn check_range(&self, max_active: usize) -> Result<(), String> {
        let mut column = Vec::with_capacity(self.features);
        for neuron in 0..self.hidden {
            column.clear();
            column.extend(
                (0..self.features).map(|f| i32::from(self.l1_weights[f * self.hidden + neuron])),
            );
            for sign in [1, -1] {
                let mut signed: Vec<i32> = column.iter().map(|w| (sign * w).max(0)).collect();
                signed.sort_unstable_by(|a, b| b.cmp(a));
                let worst = sign * i32::from(self.l1_biases[neuron])
                    + signed.iter().take(max_active).sum::<i32>();
                if worst > i32::from(i16::MAX) {
                    return Err(format!(
                        "weights out of range: neuron {neuron} could reach {} (at most {})",
                        sign * worst,
                        i16::MAX
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Networks of random weights, for tests.
#[cfg(test)]
impl Network {
    /// A network for `layout` whose weights are drawn from `seed`: first-layer weights up to
    /// ±45 (±0.18 of an activation), output weights up to ±256 (±0.25), piece-square values
    /// up to ±200 centipawns.
    pub fn random(
        variant: &str,
        layout: &super::layout::Layout,
        hidden: usize,
        buckets: usize,
        seed: u64,
    ) -> Network {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut draw = |limit: i32| {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            let x = state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33;
            (x % (2 * limit as u64 + 1)) as i32 - limit
        };
        let features = layout.features;
        Network {
            variant: variant.to_string(),
            description: "random".into(),
            layout_key: layout.key,
            features,
            hidden,
            buckets,
            l1_weights: (0..features * hidden).map(|_| draw(45) as i16).collect(),
            l1_biases: (0..hidden).map(|_| draw(45) as i16).collect(),
            out_weights: (0..buckets * 2 * hidden)
                .map(|_| draw(256) as i16)
                .collect(),
            out_biases: (0..buckets).map(|_| draw(1000)).collect(),
            psqt: (0..features).map(|_| draw(512)).collect(),
        }
    }
}

/// The output bucket of a position with `pieces` pieces on the board among `buckets`, out of
/// the `max_active` a position of the layout may have.
#[inline]
pub fn bucket(buckets: usize, pieces: usize, max_active: usize) -> usize {
    (pieces.saturating_sub(1) * buckets / max_active.max(1)).min(buckets - 1)
}

/// `Σ (clamp(a, 0, QA)² >> 8) × w`: each term is at most 254 × 2047 in size, so up to
/// [`MAX_HIDDEN`] of them fit `i32`.
#[inline]
fn squared_dot(acc: &[i16], weights: &[i16]) -> i32 {
    acc.iter()
        .zip(weights)
        .map(|(&x, &w)| {
            let v = i32::from(x).clamp(0, QA);
            ((v * v + 128) >> 8) * i32::from(w)
        })
        .sum()
}

/// Reads the fields of a file.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let slice = self
            .bytes
            .get(self.at..self.at + n)
            .ok_or("the file is cut short")?;
        self.at += n;
        Ok(slice)
    }
    fn u8(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16, String> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    fn u32(&mut self) -> Result<u32, String> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn u64(&mut self) -> Result<u64, String> {
        let mut a = [0; 8];
        a.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(a))
    }
    fn text(&mut self) -> Result<String, String> {
        let n = usize::from(self.u16()?);
        String::from_utf8(self.take(n)?.to_vec()).map_err(|_| "a name is not UTF-8".to_string())
    }
    fn i16s(&mut self, n: usize) -> Result<Vec<i16>, String> {
        Ok(self
            .take(2 * n)?
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::Network;
    use crate::movegen::build_ruleset;
    use crate::nnue::layout::{Fnv, Layout};
    use crate::variant::load_by_name;

    fn layout_of(variant: &str) -> Layout {
        let tables = build_ruleset(Arc::new(load_by_name(variant).expect("shipped")));
        Layout::new(&tables.expect("builds"))
    }

    fn chess_net() -> (Network, Layout) {
        let layout = layout_of("chess");
        let net = Network::random("chess", &layout, 8, 1, 3);
        (net, layout)
    }

    /// `bytes` with its checksum made right again after an edit.
    fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
        let body = bytes.len() - 8;
        let mut sum = Fnv::default();
        sum.write(&bytes[..body]);
        bytes[body..].copy_from_slice(&sum.finish().to_le_bytes());
        bytes
    }

    fn refused(bytes: &[u8], variant: &str, layout: &Layout) -> String {
        Network::from_bytes(bytes, variant, layout).expect_err("refused")
    }

    #[test]
    fn a_network_file_reads_back_as_written() {
        let (net, layout) = chess_net();
        assert_eq!(
            Network::from_bytes(&net.to_bytes(), "chess", &layout),
            Ok(net)
        );
    }

    /// Every way a file can be wrong is named.
    #[test]
    fn unusable_network_files_are_refused_with_the_reason() {
        let (net, layout) = chess_net();
        let bytes = net.to_bytes();
        assert!(refused(&bytes[..bytes.len() - 100], "chess", &layout).contains("checksum"));
        let mut flipped = bytes.clone();
        flipped[60] ^= 1;
        assert!(refused(&flipped, "chess", &layout).contains("checksum"));
        assert_eq!(
            refused(b"NOTANET", "chess", &layout),
            "not an Alfil network file (no ALFILNET at its start)"
        );
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(
            refused(&resealed(version), "chess", &layout),
            "network format version 9; this Alfil reads version 1"
        );
        assert_eq!(
            refused(&bytes, "shogi", &layout_of("shogi")),
            "made for the variant chess, not shogi"
        );
        let mut other = layout.clone();
        other.key ^= 1;
        assert!(refused(&bytes, "chess", &other).starts_with("made for another feature layout"));
        let mut huge = net.clone();
        huge.l1_weights.iter_mut().for_each(|w| *w = 2000);
        assert!(
            refused(&huge.to_bytes(), "chess", &layout).starts_with("weights out of range"),
            "{}",
            refused(&huge.to_bytes(), "chess", &layout)
        );
    }
}
