//! A robustness study declared in the manifest (`unanimity.robustness`, `lancers.robustness`): the
//! artefacts it names run on R replicates, with its `trials:` override, summarised as a table whose
//! note says what the replicates are and, when the randomised tests run with fewer trials than the
//! replicated artefacts ask for, the Monte Carlo error that implies near alpha.

use crate::manifest::{Artefact, Manifest, ReplicatesParams};
use crate::papers::Context;
use crate::published::PublishedFile;
use crate::results::ResultTable;

use std::collections::BTreeMap;

use super::monte_carlo::p_value_se;
use super::{RobustnessError, run_study, study_table};
use crate::manifest::built_in::BuiltIns;

/// Runs the study `artefact` of `manifest` on `context` (its seed is replicate 0's), comparing with
/// its paper's `published` values; `progress` is told each finished replicate count.
pub(crate) fn run_artefact(
    manifest: &Manifest,
    artefact: &Artefact,
    published: &PublishedFile,
    context: &Context,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> Result<ResultTable, RobustnessError> {
    let params = artefact
        .parameters
        .replicates()
        .ok_or_else(|| RobustnessError::NotAStudy {
            artefact: artefact.id.to_string(),
        })?;
    let replicated: Vec<Artefact> = manifest
        .replicated(artefact)
        .into_iter()
        .map(|a| with_trials(a, params.trials))
        .collect();
    let refs: Vec<&Artefact> = replicated.iter().collect();
    let mut study = run_study(&refs, published, context, params.replicates, progress)?;
    study.headlines.retain(|h| {
        params
            .headlines
            .iter()
            .any(|id| id.as_str() == h.count.key.table)
    });
    let note = note(params, &manifest.replicated(artefact));
    let declared = BuiltIns::load(&context.root, manifest.replicated(artefact))?;
    let built_in: BTreeMap<String, String> = study
        .claims
        .iter()
        .filter_map(|c| {
            let how = declared.claim(&c.id)?;
            Some((
                c.id.clone(),
                format!("{} by {}", how.kind.words(), how.knobs_in_file()),
            ))
        })
        .collect();
    Ok(study_table(&artefact.id, &study, &note, &built_in))
}

/// `artefact` with its randomised test's trials set to `trials`, when given.
pub(crate) fn with_trials(artefact: &Artefact, trials: Option<u32>) -> Artefact {
    let mut artefact = artefact.clone();
    if let Some(trials) = trials {
        artefact.parameters = artefact.parameters.with_trials(trials);
    }
    artefact
}

/// The study's note: what a replicate is, how the rate words are decided, and the trials override.
fn note(params: &ReplicatesParams, replicated: &[&Artefact]) -> String {
    let ids: Vec<&str> = replicated.iter().map(|a| a.id.as_str()).collect();
    let mut note = format!(
        "Stand-in: {} independent stand-in collections of {} (replicate 0 is the shipped draw; \
         labels, runs and ratings redrawn from the seeded streams of each replicate's seed). Each \
         claim's holding rate has a Wilson 95% interval, and the claim stands under the range of \
         rates its whole interval lies in (the panels' labels give the ranges of the rate words), or \
         under the ranges it spans. Claims a stand-in knob was set to produce are listed apart as \
         built in: their rates measure the stand-in's design, not the paper. The headline numbers \
         (taus, significant pairs, SSO percentages, discrepancy counts) are shown beside the mean \
         and 5th-95th percentile band of their replicates, the printed value in bold when it lies \
         outside the band; the band of every printed simulated number is in this table's JSON.",
        params.replicates,
        ids.join(", "),
    );
    if let Some(trials) = params.trials {
        note.push_str(&trials_note(trials, replicated));
    }
    note
}

/// The sentence on the trials override, per replicated artefact that runs a randomised test.
pub(crate) fn trials_note(trials: u32, replicated: &[&Artefact]) -> String {
    let own = replicated
        .iter()
        .filter_map(|a| {
            let p = &a.parameters;
            let (Some(b), Some(alpha)) = (p.trials(), p.alpha()) else {
                return None;
            };
            Some((
                a.id.to_string(),
                format!("alpha = {alpha}; B = {b}: SE {:.4}", p_value_se(alpha, b)),
            ))
        })
        .collect::<Vec<(String, String)>>();
    // Artefacts that share their test settings are named together, their settings said once.
    let mut grouped: Vec<(Vec<String>, String)> = Vec::new();
    for (id, settings) in own {
        match grouped.iter_mut().find(|(_, s)| *s == settings) {
            Some((ids, _)) => ids.push(id),
            None => grouped.push((vec![id], settings)),
        }
    }
    let own: Vec<String> = grouped
        .into_iter()
        .map(|(ids, settings)| format!("{} ({settings})", ids.join(", ")))
        .collect();
    let alpha = replicated
        .iter()
        .find_map(|a| a.parameters.alpha())
        .unwrap_or(0.05);
    format!(
        " For cost, the randomised Tukey HSD inside the replicates uses B = {trials} trials instead \
         of each table's own: a p-value near α = {alpha} then has Monte Carlo standard error \
         √(α(1 − α)/B) = {:.4}, against {} with the tables' own trials.",
        p_value_se(alpha, trials),
        own.join(", ")
    )
}
