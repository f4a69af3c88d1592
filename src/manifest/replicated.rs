//! The artefacts a study re-runs (`artefacts:` of the robustness studies `unanimity.robustness`,
//! `lancers.robustness` and of the knob-space studies `unanimity.knob_space`, `lancers.knob_space`),
//! checked when the manifest loads, and the `--replicates` and `--design-points` overrides.

use std::path::Path;

use super::{Artefact, Manifest, Status, locate_parameter};
use crate::io::SourceError;

impl Manifest {
    /// The artefacts `study` re-runs, in its `artefacts:` order (empty for an artefact that is not
    /// a study). Every one exists: [`check_replicated`] ran when the manifest loaded.
    pub(crate) fn replicated(&self, study: &Artefact) -> Vec<&Artefact> {
        study
            .parameters
            .replicated()
            .iter()
            .filter_map(|id| self.artefact(id))
            .collect()
    }

    /// This manifest with every knob-space study's design points set to `points` (`reproduce
    /// --design-points`). The study's manifest entry changes with it, so its fingerprint does and
    /// nothing else's.
    pub(crate) fn with_design_points(mut self, points: u32) -> Manifest {
        for artefact in &mut self.artefacts {
            artefact.parameters = artefact.parameters.with_design_points(points);
        }
        self
    }

    /// This manifest with every robustness study's R set to `replicates` (`reproduce --replicates`).
    /// The study's manifest entry changes with it, so its fingerprint does and nothing else's.
    pub(crate) fn with_replicates(mut self, replicates: u32) -> Manifest {
        for artefact in &mut self.artefacts {
            artefact.parameters = artefact.parameters.with_replicates(replicates);
        }
        self
    }
}

/// Checks that every artefact a study names exists, is of the study's paper, is built, is not itself
/// a study, and draws from the global seed (an own `seed:` would make every replicate the same
/// draw).
pub(super) fn check_replicated(
    manifest: &Manifest,
    study: &Artefact,
    path: &Path,
    text: &str,
) -> Result<(), SourceError> {
    let replicated = study.parameters.replicated();
    if replicated.is_empty() {
        return Ok(());
    }
    let error = |message: String| {
        SourceError::new(
            path,
            locate_parameter(text, &study.id, "artefacts"),
            format!("artefact `{}`: {message}", study.id),
        )
    };
    for id in replicated {
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
        } else if artefact.experiment.is_study() {
            Some("is itself a study".to_string())
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
    let Some(params) = study.parameters.replicates() else {
        return Ok(());
    };
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
