//! Steps 3 and 4 of the label stand-in: the initial allocation of the joint table's documents to
//! pools, and the swap search that moves documents between topics until every per-topic target
//! holds, with the inline kappa its inner loop needs.

use rand_core::RngCore;

use super::params::LabelParams;
use super::plan::Plan;
use super::{STREAM, cell_labels};
use crate::papers::lancers::standin::PAIRS;
use crate::papers::lancers::standin::joint::JointTable;
use crate::papers::standin_error::SimError;
use evia_engine::agreement::Z_975;
use evia_engine::rng::{below, shuffle};

/// Step 3: the documents of the joint table shuffled and cut into pools of `sizes`.
pub(super) fn initial_allocation(
    joint: &JointTable,
    sizes: &[u32],
    seed: u64,
    unit: &str,
) -> Vec<[u32; 27]> {
    let mut rng = STREAM.stream(seed, unit);
    let mut docs: Vec<u8> = Vec::with_capacity(joint.total() as usize);
    for cell in 0..27 {
        let n = joint.count(cell_labels(cell));
        docs.extend(std::iter::repeat_n(cell as u8, n as usize));
    }
    shuffle(&mut rng, &mut docs);
    let mut counts = vec![[0u32; 27]; sizes.len()];
    let mut start = 0;
    for (t, &size) in sizes.iter().enumerate() {
        for &cell in &docs[start..start + size as usize] {
            counts[t][usize::from(cell)] += 1;
        }
        start += size as usize;
    }
    counts
}

/// Linear weighted kappa and the lower limit of its 95% CI with Cohen's simple SE, straight from a
/// topic's 27 cell counts (`tests/fixtures/statistics.md` §1.1; the same formula as
/// [`evia_engine::agreement::kappa`], written out for the search's inner loop and checked against
/// it by a test). `None` when the kappa is undefined (expected agreement 1).
fn fast_kappa(counts: &[u32; 27], pair: usize) -> Option<(f64, f64)> {
    let (first, second) = PAIRS[pair];
    let mut m = [[0u32; 3]; 3];
    for (cell, &n) in counts.iter().enumerate() {
        let labels = cell_labels(cell);
        m[usize::from(labels[first])][usize::from(labels[second])] += n;
    }
    let total: u32 = m.iter().flatten().sum();
    if total == 0 {
        return None;
    }
    let n = f64::from(total);
    let rows: [f64; 3] = std::array::from_fn(|i| f64::from(m[i].iter().sum::<u32>()) / n);
    let cols: [f64; 3] = std::array::from_fn(|j| f64::from(m[0][j] + m[1][j] + m[2][j]) / n);
    let w = |i: usize, j: usize| 1.0 - i.abs_diff(j) as f64 / 2.0;
    let (mut observed, mut expected, mut second_moment) = (0.0, 0.0, 0.0);
    for i in 0..3 {
        for j in 0..3 {
            let p = f64::from(m[i][j]) / n;
            observed += w(i, j) * p;
            second_moment += w(i, j) * w(i, j) * p;
            expected += w(i, j) * rows[i] * cols[j];
        }
    }
    if (1.0 - expected).abs() < f64::EPSILON {
        return None;
    }
    let kappa = (observed - expected) / (1.0 - expected);
    let variance = (second_moment - observed * observed) / (n * (1.0 - expected).powi(2));
    Some((kappa, kappa - Z_975 * variance.max(0.0).sqrt()))
}

/// A loss so large that no search state with an undefined kappa is ever preferred.
const UNDEFINED_KAPPA_LOSS: f64 = 1e6;

/// Step 4: the swap search.
pub(super) struct Search<'a> {
    params: &'a LabelParams,
    plan: &'a Plan,
    pub(super) counts: Vec<[u32; 27]>,
    sizes: Vec<u32>,
    /// Per topic and pair: (kappa, CI lower limit), or `None` when undefined.
    kappas: Vec<[Option<(f64, f64)>; 3]>,
    topic_loss: Vec<f64>,
    /// Per pair: the sum of the defined per-topic kappas.
    kappa_sums: [f64; 3],
}

impl<'a> Search<'a> {
    pub(super) fn new(params: &'a LabelParams, plan: &'a Plan, counts: Vec<[u32; 27]>) -> Self {
        let sizes = counts.iter().map(|c| c.iter().sum()).collect();
        let kappas: Vec<_> = counts
            .iter()
            .map(|c| std::array::from_fn(|p| fast_kappa(c, p)))
            .collect();
        let topic_loss = (0..counts.len())
            .map(|t| Self::loss_of(params, plan, t, &kappas[t]))
            .collect();
        let kappa_sums =
            std::array::from_fn(|p| kappas.iter().filter_map(|k| k[p].map(|k| k.0)).sum());
        Search {
            params,
            plan,
            counts,
            sizes,
            kappas,
            topic_loss,
            kappa_sums,
        }
    }

    /// Topic `t`'s share of the loss ([`labels`](super) module documentation, step 4).
    fn loss_of(
        params: &LabelParams,
        plan: &Plan,
        t: usize,
        kappas: &[Option<(f64, f64)>; 3],
    ) -> f64 {
        let g = &params.targets;
        let s = &params.search;
        let mut loss = 0.0;
        for (p, &k) in kappas.iter().enumerate() {
            let Some((kappa, lo)) = k else {
                return UNDEFINED_KAPPA_LOSS;
            };
            let status = if plan.significant[t][p] {
                (s.margin - lo).max(0.0)
            } else {
                (lo + s.margin).max(0.0)
            };
            let low = if plan.min_topic[p] == t {
                kappa - g.min[p]
            } else {
                (g.min[p] + s.margin - kappa).max(0.0)
            };
            let high = if plan.max_topic[p] == t {
                kappa - g.max[p]
            } else {
                (kappa - g.max[p] + s.margin).max(0.0)
            };
            loss +=
                s.status_weight * status * status + s.extreme_weight * (low * low + high * high);
        }
        loss
    }

    fn mean_loss(&self, sums: &[f64; 3]) -> f64 {
        let t = self.counts.len() as f64;
        (0..3)
            .map(|p| (sums[p] / t - self.params.targets.mean[p]).powi(2))
            .sum::<f64>()
            * self.params.search.mean_weight
    }

    /// Whether topic `t` meets its own targets (status, extremes) exactly as `verify` will check them.
    fn topic_ok(&self, t: usize) -> bool {
        let g = &self.params.targets;
        (0..3).all(|p| {
            let Some((kappa, lo)) = self.kappas[t][p] else {
                return false;
            };
            let status = (lo > 0.0) == self.plan.significant[t][p];
            let low = if self.plan.min_topic[p] == t {
                (kappa - g.min[p]).abs() <= g.tolerance
            } else {
                kappa > g.min[p]
            };
            let high = if self.plan.max_topic[p] == t {
                (kappa - g.max[p]).abs() <= g.tolerance
            } else {
                kappa < g.max[p]
            };
            status && low && high
        })
    }

    fn means_ok(&self) -> bool {
        let t = self.counts.len() as f64;
        (0..3).all(|p| {
            (self.kappa_sums[p] / t - self.params.targets.mean[p]).abs()
                <= self.params.targets.tolerance
        })
    }

    /// A uniformly chosen document of topic `t`, as its cell.
    fn pick_cell<R: RngCore>(&self, rng: &mut R, t: usize) -> usize {
        let mut r = below(rng, self.sizes[t] as usize) as u32;
        for (cell, &n) in self.counts[t].iter().enumerate() {
            if r < n {
                return cell;
            }
            r -= n;
        }
        26
    }

    pub(super) fn run(&mut self, seed: u64, unit: &str) -> Result<(), SimError> {
        let mut rng = STREAM.stream(seed, unit);
        let topics = self.counts.len();
        let s = self.params.search.clone();
        let mut failing: Vec<usize> = Vec::new();
        for proposal in 0..=s.max_proposals {
            if proposal % s.check_every == 0 {
                failing = (0..topics).filter(|&t| !self.topic_ok(t)).collect();
                if failing.is_empty() && self.means_ok() {
                    return Ok(());
                }
            }
            let t1 = if !failing.is_empty() && rng.next_u32() & 1 == 0 {
                failing[below(&mut rng, failing.len())]
            } else {
                below(&mut rng, topics)
            };
            let mut t2 = below(&mut rng, topics - 1);
            if t2 >= t1 {
                t2 += 1;
            }
            let (c1, c2) = (self.pick_cell(&mut rng, t1), self.pick_cell(&mut rng, t2));
            if c1 == c2 {
                continue;
            }
            let mut a = self.counts[t1];
            let mut b = self.counts[t2];
            a[c1] -= 1;
            a[c2] += 1;
            b[c2] -= 1;
            b[c1] += 1;
            let ka: [Option<(f64, f64)>; 3] = std::array::from_fn(|p| fast_kappa(&a, p));
            let kb: [Option<(f64, f64)>; 3] = std::array::from_fn(|p| fast_kappa(&b, p));
            let la = Self::loss_of(self.params, self.plan, t1, &ka);
            let lb = Self::loss_of(self.params, self.plan, t2, &kb);
            let value = |k: &Option<(f64, f64)>| k.map_or(0.0, |k| k.0);
            let sums: [f64; 3] = std::array::from_fn(|p| {
                self.kappa_sums[p] - value(&self.kappas[t1][p]) - value(&self.kappas[t2][p])
                    + value(&ka[p])
                    + value(&kb[p])
            });
            let before =
                self.topic_loss[t1] + self.topic_loss[t2] + self.mean_loss(&self.kappa_sums);
            let after = la + lb + self.mean_loss(&sums);
            if after < before {
                self.counts[t1] = a;
                self.counts[t2] = b;
                self.kappas[t1] = ka;
                self.kappas[t2] = kb;
                self.topic_loss[t1] = la;
                self.topic_loss[t2] = lb;
                self.kappa_sums = sums;
            }
        }
        let failing: Vec<usize> = (0..topics).filter(|&t| !self.topic_ok(t)).collect();
        let means: Vec<f64> = self.kappa_sums.iter().map(|s| s / topics as f64).collect();
        Err(SimError::NotConverged(format!(
            "per-topic kappa targets not met after {} proposals: {} topic(s) miss their status or extreme targets, means {means:?} (targets {:?})",
            s.max_proposals,
            failing.len(),
            self.params.targets.mean
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use evia_engine::agreement::{ConfusionMatrix, StandardError, linear_weighted_kappa};
    use evia_engine::rng::stream;

    /// The search's inline kappa equals the engine's (`tests/fixtures/statistics.md` §1.1) on varied
    /// tables.
    #[test]
    fn fast_kappa_matches_the_engine() {
        let mut rng = stream(7, "test", "fast-kappa");
        for _ in 0..200 {
            let counts: [u32; 27] = std::array::from_fn(|_| below(&mut rng, 20) as u32);
            for (p, &(first, second)) in PAIRS.iter().enumerate() {
                let mut rows = vec![vec![0u64; 3]; 3];
                for (cell, &n) in counts.iter().enumerate() {
                    let l = cell_labels(cell);
                    rows[usize::from(l[first])][usize::from(l[second])] += u64::from(n);
                }
                let m = ConfusionMatrix::from_rows(&rows).unwrap();
                let engine = linear_weighted_kappa(&m, StandardError::CohenSimple).unwrap();
                let (kappa, lo) = fast_kappa(&counts, p).unwrap();
                assert!((kappa - engine.kappa).abs() < 1e-12);
                assert!((lo - engine.ci_lo).abs() < 1e-12);
            }
        }
    }
}
