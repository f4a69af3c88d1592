//! The papers: a folder per paper (`papers/<slug>`, the slug of the paper's output directory) with
//! its experiments, each declared by one [`Experiment`] descriptor beside its code: its manifest
//! name, parameter type, what its numbers rest on, real-data mode, cost, how it runs, the claims it
//! compares with the print, its figure and its headline grid. The registry is [`PAPERS`], one line
//! per paper; the generic layers find an experiment through it ([`experiment()`]) and never name a
//! paper. A paper that only reuses existing experiment kinds is manifest and YAML only
//! (ARCHITECTURE.md, "A paper is a folder").

pub(crate) mod data_files;
pub(crate) mod experiment;
pub(crate) mod lancers;
pub(crate) mod memo;
pub(crate) mod shared;
pub(crate) mod standin_error;
pub(crate) mod unanimity;

use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock};

pub(crate) use experiment::{Experiment, Figure, PaperCode};

use crate::io::SourceError;
use crate::manifest::params::Params;
use crate::manifest::{Artefact, ExperimentId, ExperimentKind, Manifest};
use crate::results::ResultTable;

/// The papers' code: one line per paper.
pub(crate) static PAPERS: &[&PaperCode] = &[&unanimity::PAPER, &lancers::PAPER];

/// Every experiment of every paper, in registry order.
pub(crate) fn experiments() -> impl Iterator<Item = &'static Experiment> {
    PAPERS
        .iter()
        .flat_map(|paper| paper.experiments.iter().copied())
}

/// The experiment kinds a manifest may name.
pub(crate) fn catalog() -> &'static [&'static ExperimentKind] {
    static CATALOG: LazyLock<Vec<&'static ExperimentKind>> =
        LazyLock::new(|| experiments().map(|e| &e.kind).collect());
    &CATALOG
}

/// The descriptor of experiment kind `id` (every id a manifest holds was read from [`catalog`]).
pub(crate) fn experiment(id: ExperimentId) -> &'static Experiment {
    experiments()
        .find(|e| e.kind.name == id.as_str())
        .unwrap_or_else(|| unreachable!("experiment `{id}` was read from the catalog"))
}

/// Reads and validates the manifest at `path` against [`catalog`].
pub(crate) fn load_manifest(path: &Path) -> Result<Manifest, SourceError> {
    Manifest::load(path, catalog())
}

/// Parses and validates manifest text against [`catalog`]; `path` is used in messages only.
pub(crate) fn parse_manifest(path: &Path, text: &str) -> Result<Manifest, SourceError> {
    Manifest::parse(path, text, catalog())
}

/// Where an experiment finds its inputs and how it seeds its randomness.
#[derive(Debug, Clone)]
pub(crate) struct Context {
    /// The project root; `data:` parameters are relative to it.
    pub(crate) root: PathBuf,
    /// The global seed (from the manifest or `--seed`).
    pub(crate) seed: u64,
    /// A user's real collection (`reproduce --data DIR`): experiments that support real-data mode read
    /// it instead of generating their stand-in, and their numbers are of class `real-data`.
    pub(crate) data_dir: Option<PathBuf>,
    /// Worker threads for the parallel parts (randomised tests). Results never depend on it.
    pub(crate) threads: usize,
    /// What artefacts compute alike, computed once ([`shared::Shared`]); clones of the context share
    /// it. Results never depend on it.
    pub(crate) shared: Arc<shared::Shared>,
    /// Knob files as a knob-space study's design point sets them, by path relative to the root: read
    /// in place of the files on disk ([`data_files`]); empty outside such a study.
    pub(crate) knob_files: Arc<std::collections::BTreeMap<String, String>>,
}

impl Context {
    /// A context on the shipped data (no `--data`), using every available core.
    pub(crate) fn new(root: impl Into<PathBuf>, seed: u64) -> Self {
        Context {
            root: root.into(),
            seed,
            data_dir: None,
            threads: default_threads(),
            shared: Arc::default(),
            knob_files: Arc::default(),
        }
    }

    pub(crate) fn data_path(&self, relative: &str) -> PathBuf {
        self.root.join(relative)
    }

    /// The seed of `artefact`'s random streams ([`Artefact::seed_or`] of this run's global seed).
    pub(crate) fn seed_for(&self, artefact: &Artefact) -> u64 {
        artefact.seed_or(self.seed)
    }
}

/// Why an experiment could not run.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ExperimentError {
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
    /// A statistic of the artefact is undefined on the data (a user's collection can be degenerate
    /// where a paper's is not): the pipeline lists the artefact as pending with `reason`, which
    /// names the measure, run or topic, and builds the rest.
    #[error("artefact `{artefact}`: {reason}")]
    Undefined { artefact: String, reason: String },
}

impl ExperimentError {
    pub(crate) fn invalid(artefact: &Artefact, message: impl Into<String>) -> Self {
        ExperimentError::Invalid {
            artefact: artefact.id.to_string(),
            message: message.into(),
        }
    }
}

/// Runs the experiment of `artefact` with its typed parameters.
pub(crate) fn run(artefact: &Artefact, context: &Context) -> Result<ResultTable, ExperimentError> {
    match experiment(artefact.experiment).run {
        Some(run) => {
            let mut table = run(artefact, context)?;
            if !table.real_data {
                mark_calibrated(artefact, context, &mut table)?;
            }
            Ok(table)
        }
        None => Err(ExperimentError::invalid(
            artefact,
            "a robustness study runs other artefacts' experiments on stand-in replicates; \
             the pipeline runs it (`reproduce`, `show`), not a paper's experiment registry",
        )),
    }
}

/// Marks the cells of `table` that a knob file of `artefact` declares calibrated toward the print
/// (`builds_in:`, [`crate::manifest::built_in`]), so that every rendered table marks them.
fn mark_calibrated(
    artefact: &Artefact,
    context: &Context,
    table: &mut ResultTable,
) -> Result<(), ExperimentError> {
    let declared = crate::manifest::built_in::BuiltIns::load(&context.root, [artefact])?;
    for d in &declared.declarations {
        if d.reference.kind == crate::model::BuiltInKind::Calibrated {
            table.calibrated.extend(
                d.cells
                    .iter()
                    .map(|(key, _)| key)
                    .filter(|key| key.table == table.id)
                    .cloned(),
            );
        }
    }
    Ok(())
}

/// The parameters of `artefact` as its experiment's own type `P` (the manifest read them as that
/// type; a mismatch is an error naming the artefact).
pub(crate) fn parameters<P: Params>(artefact: &Artefact) -> Result<&P, ExperimentError> {
    artefact.parameters.get::<P>().ok_or_else(|| {
        ExperimentError::invalid(
            artefact,
            format!(
                "its parameters are not those experiment `{}` reads",
                artefact.experiment
            ),
        )
    })
}

/// A fixed, coarse estimate of how long `artefact`'s experiment runs, larger is longer (the
/// experiment's declared cost): the pipeline starts the longest experiments first, ties in manifest
/// order. It orders work only; no result depends on it.
pub(crate) fn cost_hint(artefact: &Artefact) -> u8 {
    artefact.experiment.kind().cost
}

/// `path` relative to the project root, for notes.
pub(crate) fn display_relative(context: &Context, path: &Path) -> String {
    path.strip_prefix(&context.root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The number of worker threads to use when the user does not say: the available parallelism.
pub(crate) fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ArtefactId;
    use crate::model::stream_scope::GENERIC_SCOPES;

    /// Every stream scope, the papers' shared ones and the generic ones, has its own name, and none
    /// can be an artefact id (an artefact id has a dot after its paper id).
    #[test]
    fn stream_scope_names_are_distinct_and_cannot_be_artefact_ids() {
        let scopes: Vec<_> = PAPERS
            .iter()
            .flat_map(|p| p.streams.iter().copied())
            .chain(GENERIC_SCOPES)
            .collect();
        for (i, a) in scopes.iter().enumerate() {
            assert!(ArtefactId::parse(a.name()).is_err(), "{}", a.name());
            for b in &scopes[i + 1..] {
                assert_ne!(a.name(), b.name());
            }
        }
    }
}
