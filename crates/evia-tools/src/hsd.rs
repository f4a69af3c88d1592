//! `evia-repro hsd`'s report: the randomised Tukey HSD (`evia_engine::significance::randomised_hsd`,
//! tests/fixtures/statistics.md §3–§4) and the classical Tukey HSD p-values
//! (`evia_engine::significance::ptukey`, §5) of every pair of runs of a topic-by-run score matrix,
//! with the effect size ES_HSD and whether the pair is significant (randomised p < alpha). The
//! report depends only on the matrix, the number of trials B, the seed and alpha, never on the
//! thread count.

use std::sync::atomic::AtomicU64;

use evia_engine::rng::StreamSpec;
use evia_engine::significance::ptukey::{PtukeyError, tukey_hsd_p_many};
use evia_engine::significance::randomised_hsd::{HsdError, HsdResult, randomised_hsd};
use serde::Serialize;

use crate::io::matrix::RunMatrix;

/// The seed of `evia-repro hsd` when none is given.
pub const DEFAULT_SEED: u64 = 2017;
/// The scope of the command's random stream (the application registers it among its stream
/// scopes under this name).
pub const STREAM_SCOPE: &str = "cli.hsd";
/// The unit of the command's random stream.
pub const STREAM_UNIT: &str = "matrix";

/// The random stream of the trials for `seed`: the same seed gives the same p-values.
pub fn stream(seed: u64) -> StreamSpec<'static> {
    StreamSpec {
        seed,
        artefact: STREAM_SCOPE,
        unit: STREAM_UNIT,
    }
}

/// One pair of runs in the report (run A before run B in the matrix).
#[derive(Debug, Clone, Serialize)]
pub struct PairRow {
    pub run_a: String,
    pub run_b: String,
    pub mean_a: f64,
    pub mean_b: f64,
    /// mean A − mean B.
    pub diff: f64,
    pub abs_diff: f64,
    pub p_randomised: f64,
    /// The Monte Carlo standard error of `p_randomised`.
    pub p_randomised_se: f64,
    /// Trials whose largest mean difference reached |diff|.
    pub count: u64,
    /// `None` when the residual variance is 0.
    pub p_classical: Option<f64>,
    pub es_hsd: Option<f64>,
    pub significant: bool,
}

/// The whole report (the JSON document of `hsd --format json`).
#[derive(Debug, Clone, Serialize)]
pub struct HsdReport {
    /// The matrix's name (its path, as given).
    pub matrix: String,
    pub topics: usize,
    pub runs: Vec<String>,
    pub means: Vec<f64>,
    pub trials: u64,
    pub seed: u64,
    pub alpha: f64,
    pub ss_residual: f64,
    pub df_residual: usize,
    pub v_e: f64,
    pub significant_pairs: usize,
    pub pairs: Vec<PairRow>,
}

/// Why a report cannot be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum HsdReportError {
    #[error(transparent)]
    Randomised(#[from] HsdError),
    #[error("classical Tukey HSD p-values of {runs} runs")]
    Classical {
        runs: usize,
        #[source]
        source: PtukeyError,
    },
}

/// What a report is computed with besides the matrix.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HsdOptions {
    /// Randomisation trials B (at least 1).
    pub trials: u64,
    pub seed: u64,
    /// A pair is significant when its randomised p < alpha.
    pub alpha: f64,
    /// Worker threads (at least 1); the report does not depend on them.
    pub threads: usize,
}

/// The report of `matrix` (named `name`): the randomised HSD with [`stream`]`(seed)`, counting
/// the trials done in `progress` when given, then [`report`].
pub fn hsd(
    matrix: &RunMatrix,
    name: &str,
    options: HsdOptions,
    progress: Option<&AtomicU64>,
) -> Result<HsdReport, HsdReportError> {
    let result = randomised_hsd(
        &matrix.scores,
        options.trials,
        stream(options.seed),
        options.threads,
        progress,
    )?;
    report(matrix, name, options, &result)
}

/// The report of `matrix` from its randomised HSD `result`: every pair with its classical p-value.
pub fn report(
    matrix: &RunMatrix,
    name: &str,
    options: HsdOptions,
    result: &HsdResult,
) -> Result<HsdReport, HsdReportError> {
    let n = matrix.scores.topics();
    let m = matrix.scores.runs();
    let diffs: Vec<f64> = result.pairs.iter().map(|p| p.diff).collect();
    let classical = tukey_hsd_p_many(&diffs, result.anova.v_e, n, m, options.threads)
        .map_err(|source| HsdReportError::Classical { runs: m, source })?;
    let mut pairs = Vec::with_capacity(result.pairs.len());
    for (pair, p_classical) in result.pairs.iter().zip(classical) {
        pairs.push(PairRow {
            run_a: matrix.run_names[pair.a].clone(),
            run_b: matrix.run_names[pair.b].clone(),
            mean_a: result.means[pair.a],
            mean_b: result.means[pair.b],
            diff: pair.diff,
            abs_diff: pair.diff.abs(),
            p_randomised: pair.p,
            p_randomised_se: pair.p_se,
            count: pair.count,
            p_classical,
            es_hsd: pair.effect_size,
            significant: pair.p < options.alpha,
        });
    }
    Ok(HsdReport {
        matrix: name.to_string(),
        topics: n,
        runs: matrix.run_names.clone(),
        means: result.means.clone(),
        trials: result.trials,
        seed: options.seed,
        alpha: options.alpha,
        ss_residual: result.anova.ss_residual,
        df_residual: result.anova.df_residual,
        v_e: result.anova.v_e,
        significant_pairs: pairs.iter().filter(|p| p.significant).count(),
        pairs,
    })
}
