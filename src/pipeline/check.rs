//! `evia-repro check`: rebuild every built artefact and compare it with the published values.

use crate::claims::{Entry, Ledger, Verdict, ledger_checked, load_checks};
use crate::consistency::wiring;
use crate::manifest::Manifest;
use crate::model::ProvenanceClass;

/// Why the ledger of a project could not be built.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error(transparent)]
    Published(#[from] crate::published::PublishedError),
    #[error(transparent)]
    Reproduce(#[from] crate::pipeline::reproduce::ReproduceError),
    #[error(transparent)]
    Wiring(#[from] wiring::WiringError),
}

/// Loads the published values of every paper of `manifest` and the consistency wiring
/// (`paper/consistency.yaml`), rebuilds every built artefact and returns the ledger.
pub fn check_project(
    manifest: &Manifest,
    context: &crate::experiments::Context,
) -> Result<Ledger, CheckError> {
    let root = &context.root;
    let published = manifest
        .papers
        .iter()
        .map(|p| crate::published::load(&root.join(&p.published)))
        .collect::<Result<Vec<_>, _>>()?;
    let checks = load_checks(root, &published)?;
    let built = crate::pipeline::reproduce::select(manifest, &[])?;
    let (rebuilt, skipped) = crate::pipeline::reproduce::rebuild_available(&built, context)?;
    let mut ledger = ledger_checked(manifest, &published, &checks, &rebuilt);
    // An artefact skipped for want of its (real) input data is listed as pending, with the reason.
    ledger.entries.extend(skipped.into_iter().map(|s| {
        Entry {
            paper: manifest
                .artefact(&s.artefact)
                .map_or_else(String::new, |a| a.paper.clone()),
            table: s.artefact,
            cell: "(whole artefact)".to_string(),
            printed: "-".to_string(),
            class: ProvenanceClass::RealData,
            rebuilt: None,
            verdict: Verdict::Pending,
            detail: format!("skipped: {}", s.reason),
            hint: None,
        }
    }));
    Ok(ledger)
}
