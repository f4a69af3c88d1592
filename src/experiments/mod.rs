//! Experiments: each turns an artefact's parameters and its inputs into a [`ResultTable`].
//!
//! [`KINDS`] is the registry of every experiment the manifest may name, built or not; the manifest is
//! rejected if it names any other, or marks an artefact built whose experiment is not implemented.

pub mod lancers;
pub mod lancers_eval;
pub mod unanimity;
pub mod unanimity_real;
pub mod unanimity_stc;

use std::path::{Path, PathBuf};

use crate::io::SourceError;
use crate::manifest::{Artefact, Parameters};
use crate::results::ResultTable;

/// An experiment the manifest can refer to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExperimentKind {
    pub id: &'static str,
    pub paper: &'static str,
    pub description: &'static str,
    pub implemented: bool,
}

/// Every experiment of both papers.
pub const KINDS: &[ExperimentKind] = &[
    ExperimentKind {
        id: "unanimity.gain_examples",
        paper: "A",
        description: "RawG, D, WG and UG of the printed example items (paper A, Table 1)",
        implemented: true,
    },
    ExperimentKind {
        id: "unanimity.rank_correlation",
        paper: "A",
        description: "Kendall's tau between RawG- and UG-based run rankings on the STC stand-in (paper A, Table 2)",
        implemented: true,
    },
    ExperimentKind {
        id: "unanimity.significance_discrepancies",
        paper: "A",
        description: "Team-best run pairs whose significance differs between RawG and UG (paper A, Table 3)",
        implemented: true,
    },
    ExperimentKind {
        id: "unanimity.real_ratings",
        paper: "A",
        description: "Beyond the paper: D_i, UG - RawG, unanimity, order flips and ideal-list changes on the real NTCIR-12 STC Japanese ratings vs the paper's simulation",
        implemented: true,
    },
    ExperimentKind {
        id: "lancers.agreement",
        paper: "B",
        description: "Pairwise kappa with CIs and raw agreement from the confusion matrices (paper B, Table 1)",
        implemented: true,
    },
    ExperimentKind {
        id: "lancers.level_counts",
        paper: "B",
        description: "Relevance-level counts of each qrels version (paper B, Table 2)",
        implemented: true,
    },
    ExperimentKind {
        id: "lancers.qrels_rank_correlation",
        paper: "B",
        description: "Kendall's tau between run rankings of every pair of qrels versions (paper B, Table 3)",
        implemented: true,
    },
    ExperimentKind {
        id: "lancers.qrels_overlap",
        paper: "B",
        description: "Statistical significance overlap between qrels versions (paper B, Tables 4 and 5)",
        implemented: true,
    },
    ExperimentKind {
        id: "lancers.topicset_rank_correlation",
        paper: "B",
        description: "Kendall's tau between run rankings of the full, high- and low-agreement topic sets (paper B, Table 6)",
        implemented: true,
    },
    ExperimentKind {
        id: "lancers.topicset_overlap",
        paper: "B",
        description: "Statistical significance overlap between topic sets (paper B, Tables 7 and 8)",
        implemented: true,
    },
    ExperimentKind {
        id: "lancers.qrels_means_figure",
        paper: "B",
        description: "Mean scores of the 13 runs under each qrels version (paper B, Figure 1)",
        implemented: true,
    },
    ExperimentKind {
        id: "lancers.topicset_means_figure",
        paper: "B",
        description: "Mean scores of the 13 runs under each topic set (paper B, Figure 2)",
        implemented: true,
    },
];

/// The registry entry for `id`.
pub fn kind(id: &str) -> Option<&'static ExperimentKind> {
    KINDS.iter().find(|k| k.id == id)
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
}

/// Why an experiment could not run.
#[derive(Debug, thiserror::Error)]
pub enum ExperimentError {
    #[error(transparent)]
    Source(#[from] SourceError),
    #[error("artefact `{artefact}`: parameter `{name}` is required by experiment `{experiment}`")]
    MissingParameter {
        artefact: String,
        experiment: String,
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
    #[error("artefact `{artefact}`: experiment `{experiment}` is not implemented yet")]
    NotImplemented {
        artefact: String,
        experiment: String,
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
        experiment: artefact.experiment.clone(),
        name,
    })
}

/// Runs the experiment of `artefact`.
pub fn run(artefact: &Artefact, context: &Context) -> Result<ResultTable, ExperimentError> {
    match artefact.experiment.as_str() {
        "unanimity.gain_examples" => unanimity::gain_examples(artefact, context),
        "unanimity.real_ratings" => unanimity_real::real_ratings(artefact, context),
        "unanimity.rank_correlation" => unanimity_stc::rank_correlation(artefact, context),
        "unanimity.significance_discrepancies" => {
            unanimity_stc::significance_discrepancies(artefact, context)
        }
        "lancers.agreement" => lancers::agreement(artefact, context),
        "lancers.level_counts" => lancers::level_counts(artefact, context),
        "lancers.qrels_rank_correlation" => lancers_eval::qrels_rank_correlation(artefact, context),
        "lancers.qrels_overlap" => lancers_eval::qrels_overlap(artefact, context),
        "lancers.topicset_rank_correlation" => {
            lancers_eval::topicset_rank_correlation(artefact, context)
        }
        "lancers.topicset_overlap" => lancers_eval::topicset_overlap(artefact, context),
        "lancers.qrels_means_figure" => lancers_eval::qrels_means_figure(artefact, context),
        "lancers.topicset_means_figure" => lancers_eval::topicset_means_figure(artefact, context),
        other => Err(ExperimentError::NotImplemented {
            artefact: artefact.id.clone(),
            experiment: other.to_string(),
        }),
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
