//! What we do not know about the data: every stand-in claim re-tested across the whole space of
//! plausible knob values (the knob-space studies `unanimity.knob_space`, A.M1, and
//! `lancers.knob_space`, B.M1).
//!
//! A robustness study redraws the stand-in at one guess of each knob. A knob-space study spreads a
//! Latin hypercube ([`design`]) over the plausible ranges the knob files declare
//! ([`crate::manifest::plausible`]), draws one independent stand-in at each point ([`points`]) and,
//! per claim, measures its rate over the space, its rate in each quarter of each knob's range, how
//! much of its variation each knob explains ([`sensitivity`]) and its class: robust, depends on K,
//! decided by K ([`mod@classify`]). The `builds_in` declarations are checked against the classes
//! ([`declared`]): a claim decided by a knob no declaration names is a finding about the stand-in.

pub(crate) mod classify;
pub(crate) mod declared;
pub(crate) mod design;
pub(crate) mod ledger_across;
pub(crate) mod points;
pub(crate) mod read;
pub(crate) mod sensitivity;
pub(crate) mod table;

use crate::manifest::built_in::BuiltIns;
use crate::manifest::{Artefact, KnobSpace, Manifest};
use crate::papers::Context;
use crate::published::PublishedFile;
use crate::results::ResultTable;

use super::RobustnessError;
use super::artefact::{trials_note, with_trials};
use classify::{ClaimSpace, classify, outcomes_by_claim};
use design::latin_hypercube;
use sensitivity::{BINS, PERMUTATIONS, bin_of};
use table::{INDICES_PANEL, Row, space_table};

/// Runs the knob-space study `artefact` of `manifest` on `context` (its seed draws the design and
/// the points' seeds), comparing with its paper's `published` values; `progress` is told each
/// finished design point count.
pub(crate) fn run_artefact(
    manifest: &Manifest,
    artefact: &Artefact,
    published: &PublishedFile,
    context: &Context,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> Result<ResultTable, RobustnessError> {
    let params = artefact
        .parameters
        .knob_space()
        .ok_or_else(|| RobustnessError::NotAStudy {
            artefact: artefact.id.to_string(),
        })?;
    let retested = manifest.replicated(artefact);
    let space = KnobSpace::load(&context.root, retested.iter().copied())?;
    let names: Vec<String> = space.ranged.iter().map(|k| k.name()).collect();
    check_layout(artefact, &names)?;
    let runs: Vec<Artefact> = retested
        .iter()
        .map(|a| with_trials(a, params.trials))
        .collect();
    let refs: Vec<&Artefact> = runs.iter().collect();
    let points = params.design_points as usize;
    let design = latin_hypercube(context.seed, &names, points);
    let outcomes = points::run_points(&refs, published, context, &space, &design, progress)?;
    let bins: Vec<Vec<usize>> = design
        .units
        .iter()
        .map(|u| u.iter().map(|&x| bin_of(x)).collect())
        .collect();
    let claims: Vec<ClaimSpace> = outcomes_by_claim(&outcomes)
        .into_iter()
        .map(|(id, (statement, held))| {
            classify(&id, &statement, &held, &bins, &names, context.seed)
        })
        .collect::<Result<_, _>>()?;
    let declared_in = BuiltIns::load(&context.root, retested.iter().copied())?;
    let rows: Vec<Row<'_>> = claims
        .iter()
        .map(|claim| Row {
            claim,
            checked: declared::check(claim, &space.ranged, &declared_in),
            built_in: declared_in
                .claim(&claim.id)
                .map(|b| format!("{} by {}", b.kind.words(), b.knobs.join(", "))),
        })
        .collect();
    let mut notes = vec![note(&space, points, &retested)];
    if let Some(trials) = params.trials {
        notes[0].push_str(&trials_note(trials, &retested));
    }
    Ok(space_table(artefact.id.as_str(), &space, &rows, &notes))
}

/// The layout's panel of indices lists every ranged knob once, in the knob files' order, so that
/// the table and the figure show every knob the study varied under the label the manifest gives it.
fn check_layout(artefact: &Artefact, names: &[String]) -> Result<(), RobustnessError> {
    let error = |message: String| RobustnessError::KnobSpace {
        artefact: artefact.id.to_string(),
        message,
    };
    if names.is_empty() {
        return Err(error(
            "its knob files range no knob (`plausible: ranged:`), so there is no space to study"
                .to_string(),
        ));
    }
    let columns: Vec<&str> = artefact
        .layout
        .as_ref()
        .and_then(|l| l.panels.iter().find(|p| p.id == INDICES_PANEL))
        .map(|p| p.columns.iter().map(|c| c.id.as_str()).collect())
        .unwrap_or_default();
    if columns != names.iter().map(String::as_str).collect::<Vec<_>>() {
        return Err(error(format!(
            "its layout's panel `{INDICES_PANEL}` lists the columns [{}], but the knob files range [{}]: list each ranged knob once, in that order",
            columns.join(", "),
            names.join(", ")
        )));
    }
    Ok(())
}

/// The study's note: the design, how each number is computed, and the classes.
fn note(space: &KnobSpace, points: usize, retested: &[&Artefact]) -> String {
    let ids: Vec<&str> = retested.iter().map(|a| a.id.as_str()).collect();
    let ranges: Vec<String> = space
        .ranged
        .iter()
        .map(|k| format!("{} {}", k.path, k.range_words()))
        .collect();
    format!(
        "Stand-in across plausible data: {points} points of a Latin hypercube over the {} ranged \
         knobs of the stand-in ({}; each range and its reason in the knob file, with the {} knobs \
         kept fixed and why), one independent stand-in draw of {} per point. A claim's rate over \
         the space has a Wilson 95% interval; lowest and highest are its rates in the {BINS} equal \
         bins of each knob's range. A knob's index is its first-order sensitivity index (the share \
         of the claim's variance the knob explains alone, estimated from the bins with Kelley's \
         correction; 0 to 1), in bold when the knob moves the claim's rate (permutation test, \
         {PERMUTATIONS} re-pairings, Holm-adjusted over the knobs, p < 0.05). Classes: decided by K \
         when K moves the rate and K's range has a bin where the claim mostly fails and one where \
         it mostly holds (whole interval below or above 0.5); depends on K when K moves the rate \
         without deciding it; robust when no knob moves it detectably at this design size.",
        space.ranged.len(),
        ranges.join(", "),
        space.fixed.len(),
        ids.join(", "),
    )
}
