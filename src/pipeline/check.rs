//! `evia-repro check`: rebuild (or take from the build state) the artefacts and compare them with the
//! published values.

use std::collections::BTreeMap;
use std::path::Path;

use crate::account::{Account, account};
use crate::consistency::outcome::Checks;
use crate::consistency::wiring;
use crate::ledger::{Basis, Entry, EntryKind, Ledger};
use crate::manifest::{Artefact, Manifest};
use crate::model::ProvenanceClass;
use crate::papers::Context;
use crate::pipeline::build_state;
use crate::pipeline::reproduce::{
    Options, Skipped, experiment_fingerprint, load_published, rebuild_available, select,
};
use crate::published::PublishedFile;
use crate::results::ResultTable;

/// Why the ledger of a project could not be built.
#[derive(Debug, thiserror::Error)]
pub(crate) enum CheckError {
    #[error(transparent)]
    Published(#[from] crate::published::PublishedError),
    #[error(transparent)]
    Reproduce(#[from] crate::pipeline::reproduce::ReproduceError),
    #[error(transparent)]
    Wiring(#[from] crate::consistency::error::WiringError),
    #[error(transparent)]
    Source(#[from] crate::io::SourceError),
}

/// Loads the published values of every paper of `manifest` and the consistency wiring
/// (`paper/consistency.yaml`), rebuilds every built artefact and returns the ledger.
#[cfg(test)]
pub(crate) fn check_project(manifest: &Manifest, context: &Context) -> Result<Ledger, CheckError> {
    let (ledger, _, _) = ledger_of(manifest, context, &[], |_| None)?;
    Ok(ledger)
}

/// Where `check` took each artefact's results from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct CheckSources {
    /// Artefacts whose results came from the build state, their experiment fingerprint unchanged.
    pub(crate) reused: Vec<String>,
    /// Artefacts whose experiment ran in this check.
    pub(crate) rebuilt: Vec<String>,
    /// Robustness and knob-space studies selected but not in the build state (never run here):
    /// their holding rates and classes are missing from the account.
    pub(crate) studies_missing: Vec<String>,
}

/// The account of the ledger, rebuilding only what it must: the artefacts of `only` when every id there is an
/// artefact (`check --only B.T3`; otherwise, e.g. for a text section, every built artefact), each
/// taken from the build state of a previous `reproduce --out state_dir` when its experiment
/// fingerprint (program, seed, manifest entry, input files) still matches, and rerun otherwise. With
/// `--data` nothing is reused, as in `reproduce`.
pub(crate) fn check_with_state(
    manifest: &Manifest,
    options: &Options,
    only: &[String],
    state_dir: &Path,
) -> Result<(Account, CheckSources), CheckError> {
    let artefacts_only = only.iter().all(|id| manifest.artefact(id).is_some());
    let (state, _unreadable) = build_state::load(state_dir);
    let context = Context {
        data_dir: options.data_dir.clone(),
        threads: options.threads,
        ..Context::new(&options.root, options.seed)
    };
    let cached = |artefact: &Artefact| {
        state
            .artefacts
            .get(artefact.id.as_str())
            .filter(|_| options.data_dir.is_none())
            .filter(|s| s.experiment == experiment_fingerprint(manifest, artefact, options))
            .and_then(|s| s.result.to_result())
    };
    let selection = if artefacts_only { only } else { &[] };
    let (ledger, tables, sources) = ledger_of(manifest, &context, selection, cached)?;
    Ok((account(&ledger, manifest, &tables), sources))
}

/// The ledger of the artefacts `selection` names (every built one when it is empty), each taken
/// from `cached` when that has its results and rebuilt otherwise, with the tables it rests on and
/// where each came from. A robustness study (R rebuilds of its paper) is never rerun here: its
/// holding rates come from `cached`, or are absent.
fn ledger_of(
    manifest: &Manifest,
    context: &Context,
    selection: &[String],
    cached: impl Fn(&Artefact) -> Option<ResultTable>,
) -> Result<(Ledger, BTreeMap<String, ResultTable>, CheckSources), CheckError> {
    let root = &context.root;
    let published = load_published(manifest, root)?;
    let checks = wiring::load_project_checks(root, manifest, &published)?;
    let selected = select(manifest, selection)?;
    let mut sources = CheckSources::default();
    let mut tables = BTreeMap::new();
    let mut to_run = Vec::new();
    for artefact in selected {
        match cached(artefact) {
            Some(table) => {
                sources.reused.push(artefact.id.to_string());
                tables.insert(artefact.id.to_string(), table);
            }
            None if artefact.experiment.is_study() => {
                sources.studies_missing.push(artefact.id.to_string());
            }
            None => to_run.push(artefact),
        }
    }
    let (fresh, skipped) = rebuild_available(&to_run, context)?;
    sources.rebuilt = fresh.keys().cloned().collect();
    tables.extend(fresh);
    let ledger = ledger_with_skipped(root, manifest, &published, &checks, &tables, skipped)?;
    Ok((ledger, tables, sources))
}

/// The ledger of the `rebuilt` tables, with an artefact skipped for want of its (real) input data
/// listed as pending, with the reason.
fn ledger_with_skipped(
    root: &Path,
    manifest: &Manifest,
    published: &[PublishedFile],
    checks: &Checks,
    rebuilt: &BTreeMap<String, ResultTable>,
    skipped: Vec<Skipped>,
) -> Result<Ledger, CheckError> {
    let mut ledger = super::ledger::assemble(root, manifest, published, checks, rebuilt)?;
    ledger.entries.extend(skipped.into_iter().map(|s| {
        let paper = manifest
            .artefact(&s.artefact)
            .map_or_else(String::new, |a| a.paper.clone());
        Entry {
            detail: format!("skipped: {}", s.reason),
            ..Entry::pending(
                EntryKind::Cell,
                &paper,
                &s.artefact,
                "(whole artefact)".to_string(),
                "-",
                ProvenanceClass::RealData,
                Basis::RealData,
            )
        }
    }));
    Ok(ledger)
}
