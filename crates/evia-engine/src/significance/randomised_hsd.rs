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
//!   other blocks: the counts, and so the p-values, are identical for every thread count. (An
//!   idle worker may run a backup of a block another worker still runs; whichever finishes first
//!   counts it and the other abandons it, so every block is counted once: `block_slots.rs`.)
//! - Within a block, each trial shuffles every topic's row in place, topic by topic in row order, with
//!   `rng::Shuffler` (Fisher–Yates over batched Lemire bounded integers). Shuffling the previous trial's
//!   arrangement is as uniform as shuffling the observed one (a uniform permutation composed with any
//!   fixed permutation is uniform), and it saves copying the matrix. (With at most 16 runs
//!   `trials.rs` shuffles with `rng::SmallShuffler`, unrolled for the run count: same draws, same
//!   swaps, same arrangements.)
//! - Permuted run sums are accumulated topic by topic in row order, exactly like
//!   `ScoreMatrix::run_sums` for the observed means, and means are `sum / n` in both cases, so an
//!   arrangement equal to the observed one reproduces the observed difference bit for bit.
//!   In addition, `r_b >= |d_jk|` is tested as `r_b >= |d_jk| − TIE_TOLERANCE` (1e-12), so that
//!   arrangements whose range equals |d_jk| mathematically but differs by rounding (tied scores
//!   summed in a different order) count as ties, as tests/fixtures/statistics.md §3 requires.
//! - The Monte Carlo standard error of each p-value is `sqrt(p (1 − p) / B)`.

use std::sync::atomic::{AtomicU64, Ordering};

use super::anova::{Anova, two_way_anova};
use super::block_slots::{Backup, BlockSlots};
use super::trials::{BlockWorker, Tested};
use super::{ScoreMatrix, run_pairs};
use crate::rng::StreamSpec;

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
    #[error("no score matrix to test")]
    NoMatrices,
    #[error(
        "matrices tested together must have one shape: {} topics × {} runs and {} × {}",
        first.0, first.1, other.0, other.1
    )]
    ShapeMismatch {
        first: (usize, usize),
        other: (usize, usize),
    },
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
    let mut results = randomised_hsd_shared(&[x], trials, stream, threads, progress)?;
    Ok(results.swap_remove(0))
}

/// Runs the randomised Tukey HSD of every matrix of `xs` with the same `trials` and `stream`:
/// result `t` is exactly `randomised_hsd(xs[t], trials, stream, threads, progress)`, but each
/// trial's row permutations are drawn once for all the matrices (they depend on the draws only),
/// which is what common random numbers across matrices of one shape cost.
///
/// `progress` counts trials once (not once per matrix).
pub fn randomised_hsd_shared(
    xs: &[&ScoreMatrix],
    trials: u64,
    stream: StreamSpec<'_>,
    threads: usize,
    progress: Option<&AtomicU64>,
) -> Result<Vec<HsdResult>, HsdError> {
    if trials == 0 {
        return Err(HsdError::NoTrials);
    }
    if threads == 0 {
        return Err(HsdError::NoThreads);
    }
    let Some(first) = xs.first() else {
        return Err(HsdError::NoMatrices);
    };
    let shape = (first.topics(), first.runs());
    if let Some(other) = xs.iter().find(|x| (x.topics(), x.runs()) != shape) {
        return Err(HsdError::ShapeMismatch {
            first: shape,
            other: (other.topics(), other.runs()),
        });
    }
    let prepared: Vec<Prepared> = xs.iter().map(|x| Prepared::new(x)).collect();
    let tested: Vec<Tested> = xs
        .iter()
        .zip(&prepared)
        .map(|(&x, p)| Tested {
            x,
            thresholds: p.thresholds(),
        })
        .collect();
    let hists = run_trials(&tested, trials, stream, threads, progress);
    Ok(prepared
        .into_iter()
        .zip(hists)
        .map(|(p, hist)| p.finish(trials, &hist))
        .collect())
}

/// One matrix's observed statistics: ANOVA, means, pairs, differences and the pair order by |d|.
struct Prepared {
    anova: Anova,
    means: Vec<f64>,
    pairs: Vec<(usize, usize)>,
    diffs: Vec<f64>,
    /// Pair indices ordered by |d| ascending: a trial with range r counts for exactly the pairs in
    /// a prefix of this order (those with |d| − tolerance <= r), so one binary search per trial
    /// suffices.
    order: Vec<usize>,
}

impl Prepared {
    fn new(x: &ScoreMatrix) -> Self {
        let anova = two_way_anova(x);
        let means = x.run_means();
        let pairs = run_pairs(x.runs());
        let diffs: Vec<f64> = pairs.iter().map(|&(a, b)| means[a] - means[b]).collect();
        let mut order: Vec<usize> = (0..pairs.len()).collect();
        order.sort_by(|&p, &q| diffs[p].abs().total_cmp(&diffs[q].abs()));
        Prepared {
            anova,
            means,
            pairs,
            diffs,
            order,
        }
    }

    /// |d| − [`TIE_TOLERANCE`] of the pairs in `order`.
    fn thresholds(&self) -> Vec<f64> {
        self.order
            .iter()
            .map(|&p| self.diffs[p].abs() - TIE_TOLERANCE)
            .collect()
    }

    /// The result from the merged histogram `hist[c]` = number of trials that counted for the
    /// first `c` pairs of `order`.
    fn finish(self, trials: u64, hist: &[u64]) -> HsdResult {
        let mut counts = vec![0u64; self.pairs.len()];
        let mut reached = trials - hist[0];
        for (rank, &p) in self.order.iter().enumerate() {
            counts[p] = reached;
            reached -= hist[rank + 1];
        }
        let b = trials as f64;
        let anova = self.anova;
        let results = self
            .pairs
            .iter()
            .zip(&self.diffs)
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
        HsdResult {
            trials,
            means: self.means,
            anova,
            pairs: results,
        }
    }
}

/// Runs the blocks of `trials` on up to `threads` threads and returns, per tested matrix, the sum
/// of the blocks' histograms, each block counted once (`block_slots.rs`: an idle worker takes
/// backups of blocks that others still run, so a preempted worker does not hold up the call).
fn run_trials(
    tested: &[Tested<'_>],
    trials: u64,
    stream: StreamSpec<'_>,
    threads: usize,
    progress: Option<&AtomicU64>,
) -> Vec<Vec<u64>> {
    let blocks = trials.div_ceil(TRIALS_PER_BLOCK);
    let workers = threads.min(usize::try_from(blocks).unwrap_or(usize::MAX));
    let next_block = AtomicU64::new(0);
    let slots = BlockSlots::new(workers);
    let run_worker = |own: usize| {
        let mut worker = BlockWorker::new(tested);
        let mut totals = empty_hists(tested);
        loop {
            let block = next_block.fetch_add(1, Ordering::Relaxed);
            let (slot, block) = if block < blocks {
                slots.start(own, block);
                (own, block)
            } else if let Some(backup) = slots.take_backup(own) {
                (backup.slot, backup.block)
            } else {
                break;
            };
            let block_trials = TRIALS_PER_BLOCK.min(trials - block * TRIALS_PER_BLOCK);
            let abandon = || {
                if slot == own {
                    slots.finished(own)
                } else {
                    slots.backup_finished(Backup { slot, block })
                }
            };
            let done = worker.run_block(block_trials, &mut stream.block(block), abandon);
            if done && slots.finish(slot, block) {
                add_hists(&mut totals, &worker.hists);
                if let Some(progress) = progress {
                    progress.fetch_add(block_trials, Ordering::Relaxed);
                }
            }
        }
        totals
    };
    // The calling thread is worker 0: it starts at once, while each spawned thread first has to
    // be created and scheduled on a free core (measured at 0.07 ms at best and up to 16 ms on a
    // busy machine); blocks are taken from a shared counter, so a worker that starts late simply
    // runs fewer of them.
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..workers)
            .map(|own| scope.spawn(move || run_worker(own)))
            .collect();
        let mut totals = run_worker(0);
        for handle in handles {
            match handle.join() {
                Ok(hists) => add_hists(&mut totals, &hists),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        totals
    })
}

/// Per tested matrix, a histogram of zeros with one entry per count of reached thresholds.
fn empty_hists(tested: &[Tested<'_>]) -> Vec<Vec<u64>> {
    tested
        .iter()
        .map(|t| vec![0; t.thresholds.len() + 1])
        .collect()
}

/// Adds `hists` into `totals`, matrix by matrix and entry by entry.
fn add_hists(totals: &mut [Vec<u64>], hists: &[Vec<u64>]) {
    for (total, hist) in totals.iter_mut().zip(hists) {
        for (sum, &c) in total.iter_mut().zip(hist) {
            *sum += c;
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
