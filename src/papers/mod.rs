//! The papers' experiments, one module per paper (`papers/<slug>`, the slug of the paper's output
//! directory): each experiment turns an artefact's typed parameters and its inputs into a
//! [`ResultTable`]. A third paper is a third module here, beside its manifest entries, published
//! values and data (README, "Where a newcomer adds").
//!
//! The registry is [`ExperimentId`] (the closed set the manifest may name) with exhaustive `match`es:
//! [`description`] here, [`ExperimentParams`] (each experiment's own parameter type, read and
//! validated when the manifest loads) and [`run`], which hands each experiment its parameters. Adding
//! an experiment is a new variant; the compiler then points at every place that must handle it.

pub mod lancers;
pub mod memo;
pub mod shared;
pub mod unanimity;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::io::SourceError;
use crate::manifest::{Artefact, ExperimentParams};
use crate::model::ExperimentId;
use crate::results::ResultTable;

/// What an experiment computes, one line, for `evia-repro list` and the manifest's documentation.
pub fn description(id: ExperimentId) -> &'static str {
    match id {
        ExperimentId::UnanimityGainExamples => {
            "RawG, D, WG and UG of the printed example items (paper A, Table 1)"
        }
        ExperimentId::UnanimityRankCorrelation => {
            "Kendall's tau between RawG- and UG-based run rankings on the STC stand-in (paper A, Table 2)"
        }
        ExperimentId::UnanimitySignificanceDiscrepancies => {
            "Team-best run pairs whose significance differs between RawG and UG (paper A, Table 3)"
        }
        ExperimentId::UnanimityRealRatings => {
            "Beyond the paper: D_i, UG - RawG, unanimity, order flips and ideal-list changes on the real NTCIR-12 STC Japanese ratings vs the paper's simulation"
        }
        ExperimentId::LancersAgreement => {
            "Pairwise kappa with CIs and raw agreement from the confusion matrices (paper B, Table 1)"
        }
        ExperimentId::LancersLevelCounts => {
            "Relevance-level counts of each qrels version (paper B, Table 2)"
        }
        ExperimentId::LancersQrelsRankCorrelation => {
            "Kendall's tau between run rankings of every pair of qrels versions (paper B, Table 3)"
        }
        ExperimentId::LancersQrelsOverlap => {
            "Statistical significance overlap between qrels versions (paper B, Tables 4 and 5)"
        }
        ExperimentId::LancersTopicsetRankCorrelation => {
            "Kendall's tau between run rankings of the full, high- and low-agreement topic sets (paper B, Table 6)"
        }
        ExperimentId::LancersTopicsetOverlap => {
            "Statistical significance overlap between topic sets (paper B, Tables 7 and 8)"
        }
        ExperimentId::LancersQrelsMeansFigure => {
            "Mean scores of the 13 runs under each qrels version (paper B, Figure 1)"
        }
        ExperimentId::LancersTopicsetMeansFigure => {
            "Mean scores of the 13 runs under each topic set (paper B, Figure 2)"
        }
        ExperimentId::UnanimityRobustness | ExperimentId::LancersRobustness => {
            "Beyond the paper: how often each simulated claim holds over R independent stand-in collections, and the replicate band of every printed simulated number"
        }
    }
}

/// Where an experiment finds its inputs and how it seeds its randomness.
#[derive(Debug, Clone)]
pub struct Context {
    /// The project root; `data:` parameters are relative to it.
    pub root: PathBuf,
    /// The global seed (from the manifest or `--seed`).
    pub seed: u64,
    /// A user's real collection (`reproduce --data DIR`): experiments that support real-data mode read
    /// it instead of generating their stand-in, and their numbers are of class `real-data`.
    pub data_dir: Option<PathBuf>,
    /// Worker threads for the parallel parts (randomised tests). Results never depend on it.
    pub threads: usize,
    /// What artefacts compute alike, computed once ([`shared::Shared`]); clones of the context share
    /// it. Results never depend on it.
    pub shared: Arc<shared::Shared>,
}

impl Context {
    /// A context on the shipped data (no `--data`), using every available core.
    pub fn new(root: impl Into<PathBuf>, seed: u64) -> Self {
        Context {
            root: root.into(),
            seed,
            data_dir: None,
            threads: default_threads(),
            shared: Arc::default(),
        }
    }

    pub fn data_path(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }

    /// The seed of `artefact`'s random streams ([`Artefact::seed_or`] of this run's global seed).
    pub fn seed_for(&self, artefact: &Artefact) -> u64 {
        artefact.seed_or(self.seed)
    }
}

/// Why an experiment could not run.
#[derive(Debug, thiserror::Error)]
pub enum ExperimentError {
    #[error(transparent)]
    Source(#[from] SourceError),
    #[error("artefact `{artefact}`: {message}")]
    Invalid { artefact: String, message: String },
    /// An optional real-data input (a file under `data/external/`, which a user may delete) does not
    /// exist: `reproduce` skips the artefact and says why, `check` lists it as pending.
    #[error("artefact `{artefact}`: input {path} is not available: {reason}")]
    DataUnavailable {
        artefact: String,
        path: String,
        reason: String,
    },
}

impl ExperimentError {
    pub fn invalid(artefact: &Artefact, message: impl Into<String>) -> Self {
        ExperimentError::Invalid {
            artefact: artefact.id.to_string(),
            message: message.into(),
        }
    }
}

/// Runs the experiment of `artefact` with its typed parameters.
pub fn run(artefact: &Artefact, context: &Context) -> Result<ResultTable, ExperimentError> {
    use ExperimentParams as P;
    match &artefact.parameters {
        P::UnanimityGainExamples(p) => {
            unanimity::gain_examples::gain_examples(artefact, p, context)
        }
        P::UnanimityRealRatings(p) => unanimity::real_ratings::real_ratings(artefact, p, context),
        P::UnanimityRankCorrelation(p) => unanimity::stc::rank_correlation(artefact, p, context),
        P::UnanimitySignificanceDiscrepancies(p) => {
            unanimity::stc::significance_discrepancies(artefact, p, context)
        }
        P::LancersAgreement(p) => lancers::labels::agreement(artefact, p, context),
        P::LancersLevelCounts(p) => lancers::labels::level_counts(artefact, p, context),
        P::LancersQrelsRankCorrelation(p) => {
            lancers::eval::qrels_rank_correlation(artefact, p, context)
        }
        P::LancersQrelsOverlap(p) => lancers::eval::qrels_overlap(artefact, p, context),
        P::LancersTopicsetRankCorrelation(p) => {
            lancers::eval::topicset_rank_correlation(artefact, p, context)
        }
        P::LancersTopicsetOverlap(p) => lancers::eval::topicset_overlap(artefact, p, context),
        P::LancersQrelsMeansFigure(p) => lancers::eval::qrels_means_figure(artefact, p, context),
        P::LancersTopicsetMeansFigure(p) => {
            lancers::eval::topicset_means_figure(artefact, p, context)
        }
        P::UnanimityRobustness(_) | P::LancersRobustness(_) => Err(ExperimentError::invalid(
            artefact,
            "a robustness study runs other artefacts' experiments on stand-in replicates; \
             the pipeline runs it (`reproduce`, `show`), not a paper's experiment registry",
        )),
    }
}

/// A fixed, coarse estimate of how long `artefact`'s experiment runs, larger is longer (measured with
/// the trace of `reproduce`, `EVIA_REPRO_TIMINGS=1`; bench/README.md, eighth and ninth rounds). The
/// pipeline starts the longest experiments first, ties in manifest order, so that they do not end
/// the run while it writes the others in manifest order; the hint therefore singles out only the few
/// long ones (2: about half the CPU of all paper artefacts; 1: several times a typical table). It
/// orders work only; no result depends on it.
pub fn cost_hint(artefact: &Artefact) -> u8 {
    use ExperimentParams as P;
    match &artefact.parameters {
        // 45 randomised Tukey HSD tests under two gains (Table 3 of paper A).
        P::UnanimitySignificanceDiscrepancies(_) => 2,
        // The STC stand-in and its RawG/UG scores of every condition (Table 2 of paper A).
        P::UnanimityRankCorrelation(_) => 1,
        // Unanimity statistics of every pooled rating on the real ratings.
        P::UnanimityRealRatings(_) => 1,
        P::UnanimityGainExamples(_)
        | P::LancersAgreement(_)
        | P::LancersLevelCounts(_)
        | P::LancersQrelsRankCorrelation(_)
        | P::LancersQrelsOverlap(_)
        | P::LancersTopicsetRankCorrelation(_)
        | P::LancersTopicsetOverlap(_)
        | P::LancersQrelsMeansFigure(_)
        | P::LancersTopicsetMeansFigure(_)
        | P::UnanimityRobustness(_)
        | P::LancersRobustness(_) => 0,
    }
}

/// `path` relative to the project root, for notes.
pub fn display_relative(context: &Context, path: &Path) -> String {
    path.strip_prefix(&context.root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The number of worker threads to use when the user does not say: the available parallelism.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}
