//! The artefacts a robustness study replicates (`artefacts:` of `unanimity.robustness` and
//! `lancers.robustness`), checked when the manifest loads, and the `--replicates` override.

use std::path::Path;

use super::{Artefact, Manifest, Status, locate_parameter};
use crate::io::SourceError;

impl Manifest {
    /// The artefacts `study` replicates, in its `artefacts:` order (empty for an artefact that is not
    /// a robustness study). Every one exists: [`check_replicated`] ran when the manifest loaded.
    pub(crate) fn replicated(&self, study: &Artefact) -> Vec<&Artefact> {
        study
            .parameters
            .replicates()
            .map(|p| {
                p.artefacts
                    .iter()
                    .filter_map(|id| self.artefact(id))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// This manifest with every robustness study's R set to `replicates` (`reproduce --replicates`).
    /// The study's manifest entry changes with it, so its fingerprint does and nothing else's.
    pub fn with_replicates(mut self, replicates: u32) -> Manifest {
        for artefact in &mut self.artefacts {
            artefact.parameters = artefact.parameters.with_replicates(replicates);
        }
        self
    }
}

/// Checks that every artefact a robustness study names exists, is of the study's paper, is built,
/// is not itself a study, and draws from the global seed (an own `seed:` would make every replicate
/// the same draw).
pub(super) fn check_replicated(
    manifest: &Manifest,
    study: &Artefact,
    path: &Path,
    text: &str,
) -> Result<(), SourceError> {
    let Some(params) = study.parameters.replicates() else {
        return Ok(());
    };
    let error = |message: String| {
        SourceError::new(
            path,
            locate_parameter(text, &study.id, "artefacts"),
            format!("artefact `{}`: {message}", study.id),
        )
    };
    for id in &params.artefacts {
        let Some(artefact) = manifest.artefact(id) else {
            return Err(error(format!(
                "replicates unknown artefact `{id}`; expected ids of paper {}'s simulated artefacts",
                study.paper
            )));
        };
        let problem = if artefact.paper != study.paper {
            Some(format!(
                "is of paper {}, not {}",
                artefact.paper, study.paper
            ))
        } else if artefact.experiment.is_robustness_study() {
            Some("is itself a robustness study".to_string())
        } else if artefact.status != Status::Built {
            Some("is pending".to_string())
        } else if artefact.parameters.seed().is_some() {
            Some("has its own `seed:`, so its replicates could not be redrawn".to_string())
        } else {
            None
        };
        if let Some(problem) = problem {
            return Err(error(format!("replicated artefact `{id}` {problem}")));
        }
    }
    if let Some(id) = params
        .headlines
        .iter()
        .find(|h| !params.artefacts.contains(h))
    {
        return Err(SourceError::new(
            path,
            locate_parameter(text, &study.id, "headlines"),
            format!(
                "artefact `{}`: headline table `{id}` is not one of the study's `artefacts`",
                study.id
            ),
        ));
    }
    Ok(())
}
