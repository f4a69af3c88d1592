//! Running the experiments of selected artefacts outside a build (`show`, `check`, the tests): a
//! paper's experiment, or a robustness study's replicates compared with the published values.

use std::collections::BTreeMap;

use super::ReproduceError;
use super::inputs::{load_published, published_of};
use crate::manifest::{Artefact, Manifest};
use crate::papers::{self, Context, ExperimentError};
use crate::published::PublishedFile;
use crate::results::ResultTable;

/// Runs the experiments of `artefacts` of `manifest`, in order (a robustness study through
/// [`run_experiment`], with the published values it compares with).
pub(crate) fn rebuild(
    manifest: &Manifest,
    artefacts: &[&Artefact],
    context: &Context,
) -> Result<BTreeMap<String, ResultTable>, ReproduceError> {
    let studies = artefacts.iter().any(|a| a.experiment.is_study());
    let published = if studies {
        load_published(manifest, &context.root)?
    } else {
        Vec::new()
    };
    artefacts
        .iter()
        .map(|a| {
            let table = run_experiment(manifest, &published, a, context, &|_, _| {})?;
            Ok((a.id.to_string(), table))
        })
        .collect()
}

/// Runs `artefact`'s experiment: a paper's ([`papers::run`]) or, for a study, its runs of the
/// paper's other artefacts compared with the paper's values among `published`
/// ([`crate::robustness::run_study_artefact`], for either kind of study); `progress` is told each
/// finished run count.
pub(crate) fn run_experiment(
    manifest: &Manifest,
    published: &[PublishedFile],
    artefact: &Artefact,
    context: &Context,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> Result<ResultTable, ReproduceError> {
    if !artefact.experiment.is_study() {
        return Ok(papers::run(artefact, context)?);
    }
    let study_error = |source| ReproduceError::Robustness {
        artefact: artefact.id.to_string(),
        source,
    };
    let file = manifest
        .paper(&artefact.paper)
        .and_then(|paper| published_of(published, paper))
        .ok_or_else(|| {
            study_error(crate::robustness::RobustnessError::NoPublished {
                artefact: artefact.id.to_string(),
            })
        })?;
    crate::robustness::run_study_artefact(manifest, artefact, file, context, progress)
        .map_err(study_error)
}

/// An artefact not rebuilt because its input data is not available
/// ([`ExperimentError::DataUnavailable`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Skipped {
    pub(crate) artefact: String,
    pub(crate) reason: String,
}

/// Like [`rebuild`], but an artefact whose input data does not exist is skipped, with the reason,
/// instead of failing the whole run; every other error still fails it.
pub(crate) fn rebuild_available(
    artefacts: &[&Artefact],
    context: &Context,
) -> Result<(BTreeMap<String, ResultTable>, Vec<Skipped>), ReproduceError> {
    let mut tables = BTreeMap::new();
    let mut skipped = Vec::new();
    for a in artefacts {
        match papers::run(a, context) {
            Ok(table) => {
                tables.insert(a.id.to_string(), table);
            }
            Err(e @ ExperimentError::DataUnavailable { .. }) => skipped.push(Skipped {
                artefact: a.id.to_string(),
                reason: e.to_string(),
            }),
            Err(e) => return Err(e.into()),
        }
    }
    Ok((tables, skipped))
}
