//! The trial loop of the randomised Tukey HSD (`randomised_hsd.rs`, whose module documentation
//! states the test and its reproducibility contract): one worker per thread runs blocks of trials
//! and keeps, per matrix, the histogram `hist[c]` = number of trials whose permuted range reached
//! the first `c` pair thresholds (pairs sorted by |d| ascending).
//!
//! Every matrix of one call has the same shape and is tested with the same stream, so one trial's
//! row permutations (which depend on the draws only, never on the scores) serve all of them: the
//! permutations are drawn once and each matrix's permuted column sums are formed from them.
//!
//! Two layouts give the same permutations and the same sums, bit for bit:
//! - up to 16 runs, each topic's current arrangement is a permutation packed into a `u64`
//!   (`rng::Shuffler::shuffle_packed`) and the permuted row is read from the observed row through
//!   it; no scores move, and no bounds checks are needed (rows are padded to 16 scores);
//! - more runs, each matrix's rows are shuffled in place in a copy of the matrix
//!   (`rng::Shuffler::shuffle`), one matrix after the other from a clone of the block's generator
//!   (the same draws for each).
//!
//! In both, permuted column `j` of a trial is summed topic by topic in row order, exactly as
//! `ScoreMatrix::run_sums` sums the observed columns.

use super::ScoreMatrix;
use crate::rng::{self, ChaCha8Rng, PACKED_MAX_LEN};

/// One matrix of a call: its scores and its pair thresholds |d| − tolerance, ascending.
pub(super) struct Tested<'a> {
    pub x: &'a ScoreMatrix,
    pub thresholds: Vec<f64>,
}

/// The scratch space of one layout (see the module documentation).
enum Layout {
    /// Observed rows padded to 16 scores, per matrix (`rows[t][i]`), and one packed permutation per
    /// topic.
    Packed {
        rows: Vec<Vec<[f64; PACKED_MAX_LEN]>>,
        perms: Vec<u64>,
    },
    /// A working copy of each matrix's scores, shuffled in place.
    InPlace { work: Vec<Vec<f64>> },
}

/// One thread's state: the tested matrices, scratch space allocated once and the histograms.
pub(super) struct BlockWorker<'a> {
    tested: &'a [Tested<'a>],
    topics: usize,
    runs: usize,
    shuffler: rng::Shuffler,
    layout: Layout,
    sums: Vec<f64>,
    /// `hists[t][c]`: trials of matrix `t` whose range reached its first `c` thresholds.
    pub hists: Vec<Vec<u64>>,
}

impl<'a> BlockWorker<'a> {
    /// A worker for `tested`, which must be non-empty and of one shape.
    pub fn new(tested: &'a [Tested<'a>]) -> Self {
        let (topics, runs) = (tested[0].x.topics(), tested[0].x.runs());
        let layout = if runs <= PACKED_MAX_LEN {
            let pad = |row: &[f64]| {
                let mut padded = [0.0; PACKED_MAX_LEN];
                padded[..runs].copy_from_slice(row);
                padded
            };
            Layout::Packed {
                rows: tested
                    .iter()
                    .map(|t| t.x.values().chunks_exact(runs).map(pad).collect())
                    .collect(),
                perms: vec![0; topics],
            }
        } else {
            Layout::InPlace {
                work: tested.iter().map(|t| t.x.values().to_vec()).collect(),
            }
        };
        BlockWorker {
            tested,
            topics,
            runs,
            shuffler: rng::Shuffler::new(runs),
            layout,
            sums: vec![0.0; runs],
            hists: tested
                .iter()
                .map(|t| vec![0; t.thresholds.len() + 1])
                .collect(),
        }
    }

    /// Runs `block_trials` trials from the observed matrices with the block's generator `rng`.
    pub fn run_block(&mut self, block_trials: u64, rng: &mut ChaCha8Rng) {
        match &mut self.layout {
            Layout::Packed { rows, perms } => {
                perms.fill(rng::packed_identity(self.runs));
                for _ in 0..block_trials {
                    self.shuffler.shuffle_packed_many(rng, perms);
                    for (t, rows) in rows.iter().enumerate() {
                        let sums = packed_sums(rows, perms);
                        let range = range_of_means(&sums[..self.runs], self.topics);
                        record(&mut self.hists[t], &self.tested[t].thresholds, range);
                    }
                }
            }
            Layout::InPlace { work } => {
                for (t, work) in work.iter_mut().enumerate() {
                    work.copy_from_slice(self.tested[t].x.values());
                    let mut rng = rng.clone();
                    for _ in 0..block_trials {
                        in_place_sums(&self.shuffler, &mut rng, work, &mut self.sums);
                        let range = range_of_means(&self.sums, self.topics);
                        record(&mut self.hists[t], &self.tested[t].thresholds, range);
                    }
                }
            }
        }
    }
}

/// Permuted column sums of one trial: column `j` of topic `i` is `rows[i][field j of perms[i]]`,
/// summed in row order. Columns past the matrix's runs hold padding and are ignored by the caller.
fn packed_sums(rows: &[[f64; PACKED_MAX_LEN]], perms: &[u64]) -> [f64; PACKED_MAX_LEN] {
    let mut sums = [0.0; PACKED_MAX_LEN];
    for (row, &perm) in rows.iter().zip(perms) {
        for (j, sum) in sums.iter_mut().enumerate() {
            *sum += row[(perm >> (4 * j) & 0xf) as usize];
        }
    }
    sums
}

/// Shuffles every row of `work` in place (rows of `sums.len()` scores, in row order) and writes the
/// column sums of the result into `sums`.
fn in_place_sums(
    shuffler: &rng::Shuffler,
    rng: &mut ChaCha8Rng,
    work: &mut [f64],
    sums: &mut [f64],
) {
    sums.fill(0.0);
    for row in work.chunks_exact_mut(sums.len()) {
        shuffler.shuffle(rng, row);
        for (s, &v) in sums.iter_mut().zip(row.iter()) {
            *s += v;
        }
    }
}

/// max_j mean_j − min_j mean_j of column sums over `topics` topics, with means formed as
/// `sum / n` exactly as the observed means are.
fn range_of_means(sums: &[f64], topics: usize) -> f64 {
    let n = topics as f64;
    let mut max = f64::NEG_INFINITY;
    let mut min = f64::INFINITY;
    for &s in sums {
        max = max.max(s);
        min = min.min(s);
    }
    max / n - min / n
}

/// Counts one trial of range `range` in `hist`: it reached every threshold `<= range`, a prefix.
fn record(hist: &mut [u64], thresholds: &[f64], range: f64) {
    let reached = thresholds.partition_point(|&t| t <= range);
    hist[reached] += 1;
}
