//! How robust is each conclusion: every simulated claim of a paper checked on R
//! independent stand-in collections (replicates), summarised as the share of replicates in which it
//! holds with a Wilson 95% interval, and every printed simulated number beside the 5th–95th
//! percentile band of its replicates.
//!
//! It sits above the ledger layer because a replicate needs both the papers' experiments and the
//! ledger's claims that compare a table with the printed values.

pub(crate) mod artefact;
pub(crate) mod band;
pub(crate) mod calibration;
pub(crate) mod headline;
pub(crate) mod ledger_rates;
pub(crate) mod monte_carlo;
pub(crate) mod read;
pub(crate) mod replicate;
pub(crate) mod space;
pub(crate) mod study;
pub(crate) mod table;
pub(crate) mod wilson;

pub(crate) use artefact::run_artefact;
pub(crate) use study::run_study;
pub(crate) use table::study_table;

use crate::manifest::experiment::StudyKind;
use crate::manifest::{Artefact, Manifest};
use crate::papers::{Context, ExperimentError};
use crate::published::PublishedFile;
use crate::results::ResultTable;

/// Runs the study `artefact` of `manifest` on `context`, whichever kind it is (a robustness study's
/// replicates, [`run_artefact`]; a knob-space study's design points, [`space::run_artefact`]),
/// comparing with its paper's `published` values; `progress` is told each finished run count. The
/// one place the pipeline's study step asks which kind of study it runs.
pub(crate) fn run_study_artefact(
    manifest: &Manifest,
    artefact: &Artefact,
    published: &PublishedFile,
    context: &Context,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> Result<ResultTable, RobustnessError> {
    match artefact.experiment.study() {
        Some(StudyKind::Replicates) => {
            run_artefact(manifest, artefact, published, context, progress)
        }
        Some(StudyKind::KnobSpace) => {
            space::run_artefact(manifest, artefact, published, context, progress)
        }
        None => Err(RobustnessError::NotAStudy {
            artefact: artefact.id.to_string(),
        }),
    }
}

/// Why a robustness study could not run.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RobustnessError {
    #[error("a robustness study needs at least one replicate")]
    NoReplicates,
    #[error("artefact `{artefact}` is not a robustness study")]
    NotAStudy { artefact: String },
    #[error("robustness study `{artefact}`: its paper has no published values to compare with")]
    NoPublished { artefact: String },
    /// Its replicate seeds would be ignored: the artefact's streams follow its own `seed:`.
    #[error("artefact `{artefact}` has its own `seed:`, so its replicates could not be redrawn")]
    OwnSeed { artefact: String },
    #[error("replicate {replicate}: {source}")]
    Experiment {
        replicate: u32,
        source: Box<ExperimentError>,
    },
    /// A knob-space study's design point could not run: its knob values are named.
    #[error("design point {point} ({knobs}): {source}")]
    DesignPoint {
        point: u32,
        knobs: String,
        source: Box<RobustnessError>,
    },
    /// A knob-space study's knob files range no knob, or its layout does not list them.
    #[error("artefact `{artefact}`: {message}")]
    KnobSpace { artefact: String, message: String },
    #[error(transparent)]
    Wilson(#[from] wilson::WilsonError),
    #[error(transparent)]
    Source(#[from] crate::io::SourceError),
}
