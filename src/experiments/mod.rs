//! Experiments: each turns an artefact's parameters and its inputs into a [`ResultTable`].
//!
//! The registry is [`ExperimentId`] (the closed set the manifest may name) with two exhaustive
//! `match`es: [`description`] and [`run`]. Adding an experiment is a new variant; the compiler then
//! points at every place that must handle it.

pub mod lancers;
pub mod lancers_eval;
pub mod unanimity;
pub mod unanimity_real;
pub mod unanimity_stc;

use std::path::{Path, PathBuf};

use crate::io::SourceError;
use crate::manifest::{Artefact, Parameters};
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
}

impl Context {
    /// A context on the shipped data (no `--data`), using every available core.
    pub fn new(root: impl Into<PathBuf>, seed: u64) -> Self {
        Context {
            root: root.into(),
            seed,
            data_dir: None,
            threads: default_threads(),
        }
    }

    pub fn data_path(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }

    /// The seed of `artefact`'s random streams: its own `seed:` parameter, else the global seed (the
    /// manifest's or `--seed`). Every experiment resolves it here, once per artefact.
    pub fn seed_for(&self, artefact: &Artefact) -> u64 {
        artefact.parameters.seed.unwrap_or(self.seed)
    }
}

/// Why an experiment could not run.
#[derive(Debug, thiserror::Error)]
pub enum ExperimentError {
    #[error(transparent)]
    Source(#[from] SourceError),
    #[error("artefact `{artefact}`: parameter `{name}` is required by experiment `{experiment}`")]
    MissingParameter {
        artefact: String,
        experiment: ExperimentId,
        name: &'static str,
    },
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
            artefact: artefact.id.clone(),
            message: message.into(),
        }
    }
}

/// Reads a required parameter, naming it when absent.
pub fn required<'a, T>(
    artefact: &'a Artefact,
    name: &'static str,
    get: impl Fn(&'a Parameters) -> Option<&'a T>,
) -> Result<&'a T, ExperimentError>
where
    T: ?Sized,
{
    get(&artefact.parameters).ok_or_else(|| ExperimentError::MissingParameter {
        artefact: artefact.id.clone(),
        experiment: artefact.experiment,
        name,
    })
}

/// The one value of a list-valued parameter that this experiment uses one value of (the manifest's
/// schema, `manifest::parameter_rules`, already demands a list of one; this names the parameter if an
/// artefact built in code does not).
pub fn single<T: Copy + std::fmt::Debug>(
    artefact: &Artefact,
    name: &str,
    values: &[T],
) -> Result<T, ExperimentError> {
    match values {
        [v] => Ok(*v),
        _ => Err(ExperimentError::invalid(
            artefact,
            format!(
                "parameter `{name}` must hold exactly one value for this experiment, found {values:?}"
            ),
        )),
    }
}

/// Runs the experiment of `artefact`.
pub fn run(artefact: &Artefact, context: &Context) -> Result<ResultTable, ExperimentError> {
    match artefact.experiment {
        ExperimentId::UnanimityGainExamples => unanimity::gain_examples(artefact, context),
        ExperimentId::UnanimityRealRatings => unanimity_real::real_ratings(artefact, context),
        ExperimentId::UnanimityRankCorrelation => {
            unanimity_stc::rank_correlation(artefact, context)
        }
        ExperimentId::UnanimitySignificanceDiscrepancies => {
            unanimity_stc::significance_discrepancies(artefact, context)
        }
        ExperimentId::LancersAgreement => lancers::agreement(artefact, context),
        ExperimentId::LancersLevelCounts => lancers::level_counts(artefact, context),
        ExperimentId::LancersQrelsRankCorrelation => {
            lancers_eval::qrels_rank_correlation(artefact, context)
        }
        ExperimentId::LancersQrelsOverlap => lancers_eval::qrels_overlap(artefact, context),
        ExperimentId::LancersTopicsetRankCorrelation => {
            lancers_eval::topicset_rank_correlation(artefact, context)
        }
        ExperimentId::LancersTopicsetOverlap => lancers_eval::topicset_overlap(artefact, context),
        ExperimentId::LancersQrelsMeansFigure => {
            lancers_eval::qrels_means_figure(artefact, context)
        }
        ExperimentId::LancersTopicsetMeansFigure => {
            lancers_eval::topicset_means_figure(artefact, context)
        }
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
