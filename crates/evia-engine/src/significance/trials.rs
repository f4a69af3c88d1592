//! The trial loop of the randomised Tukey HSD (`randomised_hsd.rs`, whose module documentation
//! states the test and its reproducibility contract): one worker per thread runs blocks of trials
//! and keeps, per matrix, the histogram `hist[c]` = number of trials whose permuted range reached
//! the first `c` pair thresholds (pairs sorted by |d| ascending).
//!
//! Every matrix of one call has the same shape and is tested with the same stream, so one trial's
//! row permutations (which depend on the draws only, never on the scores) serve all of them: the
//! permutations are drawn once and each matrix's permuted column sums are formed from them.
//!
//! Each matrix's rows are shuffled in place in a working copy of the matrix, made from the
//! observed matrix at the start of each block, in one of two layouts:
//! - up to 16 runs, rows are padded to arrays of 16 scores and shuffled by
//!   `rng::SmallShuffler::<RUNS>` (the same draws and swaps as `rng::Shuffler`, unrolled for the
//!   run count, which is dispatched once per block); a trial takes each topic's accepted draw
//!   once, in row order, and applies it to the row of every matrix, two matrices at a time with
//!   one digit per Fisher–Yates step for both (`SmallShuffler::apply_lanes_shared`: with the two
//!   gains of paper A's Table 3 tested together, 13% fewer instructions), and each score is added
//!   to its column's sum as soon as its position is final (`SmallShuffler::apply`), so the sums
//!   need no second pass over the rows;
//! - more runs, each matrix's rows are shuffled by `rng::Shuffler::shuffle`, one matrix after the
//!   other from a clone of the block's generator (the same draws for each).
//!
//! In both, permuted column `j` of a trial is summed topic by topic in row order, exactly as
//! `ScoreMatrix::run_sums` sums the observed columns, so the sums are the same bit for bit.

use super::ScoreMatrix;
use crate::rng::{self, ChaCha8Rng, SMALL_MAX_LEN, SmallShuffler};

/// Topics whose rows are shuffled side by side (`SmallShuffler::apply_lanes`).
const TOPIC_LANES: usize = 4;

/// One matrix of a call: its scores and its pair thresholds |d| − tolerance, ascending.
pub(super) struct Tested<'a> {
    pub x: &'a ScoreMatrix,
    pub thresholds: Vec<f64>,
}

/// The working copies of the matrices, in one of the two layouts (module documentation).
enum Layout {
    /// Up to 16 runs: per matrix, its observed rows padded to 16 scores (`observed[t][i]`) and
    /// their working copy, and the accepted draw of each topic of the current trial.
    Small {
        observed: Vec<Vec<[f64; SMALL_MAX_LEN]>>,
        work: Vec<Vec<[f64; SMALL_MAX_LEN]>>,
        draws: Vec<u64>,
    },
    /// More runs: a working copy of each matrix's scores, shuffled in place.
    InPlace { work: Vec<Vec<f64>> },
}

/// One thread's state: the tested matrices, scratch space allocated once and the histograms of
/// the block it ran last.
pub(super) struct BlockWorker<'a> {
    tested: &'a [Tested<'a>],
    topics: usize,
    runs: usize,
    /// The shuffler of the in-place layout (more than 16 runs).
    shuffler: rng::Shuffler,
    layout: Layout,
    sums: Vec<f64>,
    /// `hists[t][c]`: trials of matrix `t` in the last block whose range reached its first `c`
    /// thresholds.
    pub hists: Vec<Vec<u64>>,
}

impl<'a> BlockWorker<'a> {
    /// A worker for `tested`, which must be non-empty and of one shape.
    pub fn new(tested: &'a [Tested<'a>]) -> Self {
        let (topics, runs) = (tested[0].x.topics(), tested[0].x.runs());
        let layout = if runs <= SMALL_MAX_LEN {
            let pad = |row: &[f64]| {
                let mut padded = [0.0; SMALL_MAX_LEN];
                padded[..runs].copy_from_slice(row);
                padded
            };
            let observed: Vec<Vec<_>> = tested
                .iter()
                .map(|t| t.x.values().chunks_exact(runs).map(pad).collect())
                .collect();
            Layout::Small {
                work: observed.clone(),
                observed,
                draws: vec![0; topics],
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

    /// Runs `block_trials` trials from the observed matrices with the block's generator `rng`,
    /// into histograms emptied first. Returns false, leaving them incomplete, if `abandon()` is true
    /// before a trial (another worker has finished the block: `block_slots.rs`).
    pub fn run_block(
        &mut self,
        block_trials: u64,
        rng: &mut ChaCha8Rng,
        abandon: impl Fn() -> bool,
    ) -> bool {
        for hist in &mut self.hists {
            hist.fill(0);
        }
        if self.runs <= SMALL_MAX_LEN {
            return self.run_small_block(block_trials, rng, abandon);
        }
        let Layout::InPlace { work } = &mut self.layout else {
            unreachable!("more than 16 runs have the in-place layout");
        };
        for (t, work) in work.iter_mut().enumerate() {
            work.copy_from_slice(self.tested[t].x.values());
            let mut rng = rng.clone();
            for _ in 0..block_trials {
                if abandon() {
                    return false;
                }
                in_place_sums(&self.shuffler, &mut rng, work, &mut self.sums);
                let range = range_of_means(&self.sums, self.topics);
                record(&mut self.hists[t], &self.tested[t].thresholds, range);
            }
        }
        true
    }

    /// [`BlockWorker::run_block`] for up to 16 runs: dispatches the run count to a constant.
    fn run_small_block(
        &mut self,
        block_trials: u64,
        rng: &mut ChaCha8Rng,
        abandon: impl Fn() -> bool,
    ) -> bool {
        match self.runs {
            2 => self.run_small::<2>(block_trials, rng, abandon),
            3 => self.run_small::<3>(block_trials, rng, abandon),
            4 => self.run_small::<4>(block_trials, rng, abandon),
            5 => self.run_small::<5>(block_trials, rng, abandon),
            6 => self.run_small::<6>(block_trials, rng, abandon),
            7 => self.run_small::<7>(block_trials, rng, abandon),
            8 => self.run_small::<8>(block_trials, rng, abandon),
            9 => self.run_small::<9>(block_trials, rng, abandon),
            10 => self.run_small::<10>(block_trials, rng, abandon),
            11 => self.run_small::<11>(block_trials, rng, abandon),
            12 => self.run_small::<12>(block_trials, rng, abandon),
            13 => self.run_small::<13>(block_trials, rng, abandon),
            14 => self.run_small::<14>(block_trials, rng, abandon),
            15 => self.run_small::<15>(block_trials, rng, abandon),
            16 => self.run_small::<16>(block_trials, rng, abandon),
            other => unreachable!("a score matrix has 2 to 16 runs here, not {other}"),
        }
    }

    /// The trials of one block for `RUNS` runs (module documentation, first layout).
    fn run_small<const RUNS: usize>(
        &mut self,
        block_trials: u64,
        rng: &mut ChaCha8Rng,
        abandon: impl Fn() -> bool,
    ) -> bool {
        let Layout::Small {
            observed,
            work,
            draws,
        } = &mut self.layout
        else {
            unreachable!("up to 16 runs have the small layout");
        };
        let shuffler = SmallShuffler::<RUNS>::new();
        for (work, observed) in work.iter_mut().zip(observed.iter()) {
            work.copy_from_slice(observed);
        }
        for _ in 0..block_trials {
            if abandon() {
                return false;
            }
            for draw in draws.iter_mut() {
                *draw = shuffler.draw(rng);
            }
            // Matrices two at a time: each step's digit serves both (`apply_lanes_shared`).
            let (topics, hists, tested) = (self.topics, &mut self.hists, self.tested);
            let mut record_sums = |t: usize, sums: &[f64; SMALL_MAX_LEN]| {
                let range = range_of_means(&sums[..RUNS], topics);
                record(&mut hists[t], &tested[t].thresholds, range);
            };
            for (pair, set) in work.chunks_mut(2).enumerate() {
                match set {
                    [a, b] => {
                        let [sa, sb] = permuted_sums::<RUNS, 2>([a, b], draws);
                        record_sums(2 * pair, &sa);
                        record_sums(2 * pair + 1, &sb);
                    }
                    [a] => {
                        let [sa] = permuted_sums::<RUNS, 1>([a], draws);
                        record_sums(2 * pair, &sa);
                    }
                    _ => unreachable!("chunks of one or two matrices"),
                }
            }
        }
        true
    }
}

/// One trial of `M` matrices whose padded working rows are `rows` (one slice per matrix, a row
/// per topic): every topic's row of every matrix is shuffled with that topic's accepted draw in
/// `draws` (module documentation, first layout), [`TOPIC_LANES`] topics side by side and the
/// matrices' rows of a topic with one digit per step (`SmallShuffler::apply_lanes_shared`), and
/// the permuted column sums of each matrix are returned, summed topic by topic in row order.
#[inline(always)]
fn permuted_sums<const RUNS: usize, const M: usize>(
    mut rows: [&mut [[f64; SMALL_MAX_LEN]]; M],
    draws: &[u64],
) -> [[f64; SMALL_MAX_LEN]; M] {
    let mut sums = [[0.0; SMALL_MAX_LEN]; M];
    let mut add = |p: usize, values: [[f64; TOPIC_LANES]; M]| {
        for (sums, values) in sums.iter_mut().zip(values) {
            for v in values {
                sums[p] += v;
            }
        }
    };
    let lanes = draws.len() / TOPIC_LANES * TOPIC_LANES;
    for start in (0..lanes).step_by(TOPIC_LANES) {
        let draws: [u64; TOPIC_LANES] = draws[start..start + TOPIC_LANES]
            .try_into()
            .expect("TOPIC_LANES draws");
        let lane_rows = rows.each_mut().map(|rows| {
            <&mut [_; TOPIC_LANES]>::try_from(&mut rows[start..start + TOPIC_LANES])
                .expect("TOPIC_LANES rows")
        });
        SmallShuffler::<RUNS>::apply_lanes_shared(draws, lane_rows, &mut add);
    }
    for (topic, &draw) in draws.iter().enumerate().skip(lanes) {
        let row = rows
            .each_mut()
            .map(|rows| std::array::from_mut(&mut rows[topic]));
        SmallShuffler::<RUNS>::apply_lanes_shared([draw], row, |p, values| {
            for (sums, [v]) in sums.iter_mut().zip(values) {
                sums[p] += v;
            }
        });
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
