//! The randomised Tukey HSD test (tests/fixtures/statistics.md §3; Carterette, "Multiple testing in
//! statistical analysis of systems-based information retrieval experiments", TOIS 2012; Sakai's
//! Discpower tool) and the exact paired randomisation test it reduces to for two runs.
//!
//! ```text
//! d_jk = mean_j − mean_k ; count_jk = 0
//! for b in 1..B:
//!     X* = X with each topic's row independently and uniformly permuted across the m runs
//!     r_b = max_j mean*_j − min_j mean*_j
//!     for every pair (j, k): if r_b >= |d_jk| then count_jk += 1
//! p_jk = count_jk / B     (the observed arrangement is not a trial; the comparison is >=)
//! ```
//!
//! # Reproducibility contract
//!
//! - The B trials are split into blocks of [`TRIALS_PER_BLOCK`] (the last block may be shorter).
//!   Block `b` draws from sub-stream `b` of the caller's [`StreamSpec`] (see `engine::rng`) and starts
//!   from the observed matrix, so a block's trials do not depend on which thread runs it or on
//!   other blocks: the counts, and so the p-values, are identical for every thread count.
//! - Within a block, each trial shuffles every topic's row in place, topic by topic in row order, with
//!   `rng::Shuffler` (Fisher–Yates over batched Lemire bounded integers). Shuffling the previous trial's
//!   arrangement is as uniform as shuffling the observed one (a uniform permutation composed with any
//!   fixed permutation is uniform), and it saves copying the matrix.
//! - Permuted run sums are accumulated topic by topic in row order, exactly like
//!   `ScoreMatrix::run_sums` for the observed means, and means are `sum / n` in both cases, so an
//!   arrangement equal to the observed one reproduces the observed difference bit for bit.
//!   In addition, `r_b >= |d_jk|` is tested as `r_b >= |d_jk| − TIE_TOLERANCE` (1e-12), so that
//!   arrangements whose range equals |d_jk| mathematically but differs by rounding (tied scores
//!   summed in a different order) count as ties, as tests/fixtures/statistics.md §3 requires.
//! - The Monte Carlo standard error of each p-value is `sqrt(p (1 − p) / B)`.

use std::sync::atomic::{AtomicU64, Ordering};

use super::anova::{Anova, two_way_anova};
use super::{ScoreMatrix, run_pairs};
use crate::rng::{self, StreamSpec};

/// Trials per independently seeded block. Part of the reproducibility contract: changing it changes
/// every randomised p-value.
pub const TRIALS_PER_BLOCK: u64 = 250;

/// Absolute tolerance (in units of the scores) of the `r_b >= |d_jk|` comparison.
pub const TIE_TOLERANCE: f64 = 1e-12;

/// Why the randomised HSD cannot run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HsdError {
    #[error("the number of trials B must be at least 1")]
    NoTrials,
    #[error("the number of threads must be at least 1")]
    NoThreads,
}

/// The outcome of the randomised Tukey HSD for one pair of runs (a, b), a < b.
#[derive(Debug, Clone, PartialEq)]
pub struct PairResult {
    /// Column index of the first run.
    pub a: usize,
    /// Column index of the second run.
    pub b: usize,
    /// d = mean_a − mean_b.
    pub diff: f64,
    /// Number of trials whose permuted range reached |d|.
    pub count: u64,
    /// Randomised p-value count / B.
    pub p: f64,
    /// Monte Carlo standard error of `p`: sqrt(p (1 − p) / B).
    pub p_se: f64,
    /// ES_HSD = |d| / sqrt(V_E) (tests/fixtures/statistics.md §4); `None` when V_E = 0.
    pub effect_size: Option<f64>,
}

/// The randomised Tukey HSD over a whole matrix.
#[derive(Debug, Clone, PartialEq)]
pub struct HsdResult {
    /// Number of trials B.
    pub trials: u64,
    /// Run means, in column order.
    pub means: Vec<f64>,
    /// The two-way ANOVA without replication of the matrix (V_E, degrees of freedom).
    pub anova: Anova,
    /// One result per run pair, in the order of `run_pairs`.
    pub pairs: Vec<PairResult>,
}

/// Runs the randomised Tukey HSD with `trials` trials drawn from `stream`, on `threads` threads.
///
/// `progress`, if given, is increased by the number of trials of each finished block (a caller may
/// watch it from another thread to draw a progress bar). The result does not depend on `threads`.
pub fn randomised_hsd(
    x: &ScoreMatrix,
    trials: u64,
    stream: StreamSpec<'_>,
    threads: usize,
    progress: Option<&AtomicU64>,
) -> Result<HsdResult, HsdError> {
    if trials == 0 {
        return Err(HsdError::NoTrials);
    }
    if threads == 0 {
        return Err(HsdError::NoThreads);
    }
    let anova = two_way_anova(x);
    let means = x.run_means();
    let pairs = run_pairs(x.runs());
    let diffs: Vec<f64> = pairs.iter().map(|&(a, b)| means[a] - means[b]).collect();

    // Pairs ordered by |d| ascending: a trial with range r counts for exactly the pairs in a prefix
    // of this order (those with |d| − tolerance <= r), so one binary search per trial suffices.
    let mut order: Vec<usize> = (0..pairs.len()).collect();
    order.sort_by(|&p, &q| diffs[p].abs().total_cmp(&diffs[q].abs()));
    let thresholds: Vec<f64> = order
        .iter()
        .map(|&p| diffs[p].abs() - TIE_TOLERANCE)
        .collect();

    let blocks = trials.div_ceil(TRIALS_PER_BLOCK);
    let workers = threads.min(usize::try_from(blocks).unwrap_or(usize::MAX));
    let next_block = AtomicU64::new(0);
    let run_worker = || {
        let mut worker = BlockWorker::new(x, &thresholds);
        loop {
            let block = next_block.fetch_add(1, Ordering::Relaxed);
            if block >= blocks {
                break;
            }
            let block_trials = TRIALS_PER_BLOCK.min(trials - block * TRIALS_PER_BLOCK);
            worker.run_block(block_trials, &mut stream.block(block));
            if let Some(progress) = progress {
                progress.fetch_add(block_trials, Ordering::Relaxed);
            }
        }
        worker.hist
    };
    let hists: Vec<Vec<u64>> = if workers == 1 {
        vec![run_worker()]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers).map(|_| scope.spawn(run_worker)).collect();
            handles
                .into_iter()
                .map(|h| match h.join() {
                    Ok(hist) => hist,
                    Err(panic) => std::panic::resume_unwind(panic),
                })
                .collect()
        })
    };

    // hist[c] = number of trials that counted for the first c pairs of `order`.
    let mut hist = vec![0u64; thresholds.len() + 1];
    for h in &hists {
        for (total, &c) in hist.iter_mut().zip(h) {
            *total += c;
        }
    }
    let mut counts = vec![0u64; pairs.len()];
    let mut reached = trials - hist[0];
    for (rank, &p) in order.iter().enumerate() {
        counts[p] = reached;
        reached -= hist[rank + 1];
    }

    let b = trials as f64;
    let results = pairs
        .iter()
        .zip(&diffs)
        .zip(&counts)
        .map(|((&(a, bb), &diff), &count)| {
            let p = count as f64 / b;
            PairResult {
                a,
                b: bb,
                diff,
                count,
                p,
                p_se: (p * (1.0 - p) / b).sqrt(),
                effect_size: anova.effect_size(diff),
            }
        })
        .collect();
    Ok(HsdResult {
        trials,
        means,
        anova,
        pairs: results,
    })
}

/// One thread's state: the matrix, the pair thresholds, scratch space allocated once, and the
/// histogram `hist[c]` = number of trials whose range reached the first `c` thresholds.
struct BlockWorker<'a> {
    x: &'a ScoreMatrix,
    thresholds: &'a [f64],
    shuffler: rng::Shuffler,
    work: Vec<f64>,
    sums: Vec<f64>,
    hist: Vec<u64>,
}

impl<'a> BlockWorker<'a> {
    fn new(x: &'a ScoreMatrix, thresholds: &'a [f64]) -> Self {
        BlockWorker {
            x,
            thresholds,
            shuffler: rng::Shuffler::new(x.runs()),
            work: vec![0.0; x.values().len()],
            sums: vec![0.0; x.runs()],
            hist: vec![0; thresholds.len() + 1],
        }
    }

    /// Runs `block_trials` trials from the observed matrix with the block's generator `rng`.
    fn run_block(&mut self, block_trials: u64, rng: &mut rand_chacha::ChaCha8Rng) {
        let m = self.x.runs();
        let n = self.x.topics() as f64;
        self.work.copy_from_slice(self.x.values());
        for _ in 0..block_trials {
            self.sums.fill(0.0);
            for row in self.work.chunks_exact_mut(m) {
                self.shuffler.shuffle(rng, row);
                for (s, &v) in self.sums.iter_mut().zip(row.iter()) {
                    *s += v;
                }
            }
            let mut max = f64::NEG_INFINITY;
            let mut min = f64::INFINITY;
            for &s in &self.sums {
                max = max.max(s);
                min = min.min(s);
            }
            // Means as sum / n, exactly as the observed means are formed.
            let range = max / n - min / n;
            let reached = self.thresholds.partition_point(|&t| t <= range);
            self.hist[reached] += 1;
        }
    }
}

/// Why the exact paired randomisation test cannot run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairedError {
    #[error("paired samples differ in length ({0} and {1})")]
    LengthMismatch(usize, usize),
    #[error("the exact test needs between 1 and {max} topics, got {got}")]
    TopicCount { got: usize, max: usize },
}

/// Most topics the exact enumeration accepts (2^20 sign patterns).
pub const EXACT_MAX_TOPICS: usize = 20;

/// The exact two-sided paired randomisation test of `x` against `y` (Fisher's randomisation test):
/// with δ_i = x_i − y_i, the p-value is the share of the 2^n sign patterns s ∈ {±1}^n for which
/// |Σ s_i δ_i| / n >= |Σ δ_i| / n (with the same [`TIE_TOLERANCE`]). Under H0 swapping the two
/// scores of a topic flips the sign of δ_i, so this is the randomisation distribution that the
/// randomised Tukey HSD samples when m = 2 (tests/fixtures/statistics.md §3).
pub fn paired_randomisation_exact(x: &[f64], y: &[f64]) -> Result<f64, PairedError> {
    if x.len() != y.len() {
        return Err(PairedError::LengthMismatch(x.len(), y.len()));
    }
    let n = x.len();
    if n == 0 || n > EXACT_MAX_TOPICS {
        return Err(PairedError::TopicCount {
            got: n,
            max: EXACT_MAX_TOPICS,
        });
    }
    let deltas: Vec<f64> = x.iter().zip(y).map(|(a, b)| a - b).collect();
    let nf = n as f64;
    let observed = (deltas.iter().sum::<f64>() / nf).abs() - TIE_TOLERANCE;
    let patterns = 1u64 << n;
    let mut count = 0u64;
    for mask in 0..patterns {
        let s: f64 = deltas
            .iter()
            .enumerate()
            .map(|(i, &d)| if mask >> i & 1 == 1 { -d } else { d })
            .sum();
        if (s / nf).abs() >= observed {
            count += 1;
        }
    }
    Ok(count as f64 / patterns as f64)
}
