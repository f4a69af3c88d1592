//! The claims ledger, a pure function of (rebuilt results, published values, consistency wiring): every
//! published number beside its rebuilt value, with its provenance class and a verdict.
//!
//! It does no I/O: the pipeline reads the published files and applies the consistency wiring
//! ([`crate::consistency::wiring`]), then hands both and the rebuilt tables to [`ledger_checked`].
//!
//! A published cell's verdict is:
//! - `match` / `mismatch` when the artefact was rebuilt and holds the cell: the rebuilt value is compared
//!   at the printed precision, `|rebuilt − printed| ≤ ½·10^−d` where `d` is the number of printed
//!   decimals (so either rounding of an exact tie is accepted);
//! - `consistent` / `inconsistent` for `derived` cells, and for `simulated` cells that a
//!   paper-internal consistency check covers ([`crate::consistency`], wired in `paper/consistency.yaml`):
//!   inconsistent if any applicable check fails, the detail naming each check;
//! - for other `simulated` cells `pending`, compared through the qualitative claims (`holds`/`fails`
//!   entries); a stand-in value is shown in `rebuilt` but never matched against the print;
//! - when a table was rebuilt from a user's real collection (`real_data`), its simulated cells become
//!   class `real-data` and are compared within Monte Carlo error: p-values (part `p`) within
//!   `3·sqrt(p(1−p)/B)` (B the artefact's `trials`) plus half a printed unit, everything else (taus,
//!   differences, effect sizes, counts) at the printed precision;
//! - text claims: `match`/`mismatch` for `exact` claims that repeat a rebuilt cell, `consistent` /
//!   `inconsistent` for claims whose arithmetic the wiring recomputes from printed numbers;
//! - settings the text states (`settings:` of the published files: runs, topics, trials, …):
//!   `match` when every artefact they govern uses the printed value in the manifest, else `mismatch`
//!   (a finding: the build does not run the paper's setting);
//! - statements of the running text (`paper/consistency.yaml`, `statements`): `holds` / `fails`;
//! - qualitative claims about rebuilt results (`holds` / `fails`): those an experiment checks on its own
//!   results, and those that compare a result with the printed values (each experiment's [`crate::papers::Experiment::compare`]), which
//!   run here, so that no experiment reads `paper/published`.
//!
//! Only a `mismatch` of an `exact` cell makes `check` fail: numbers of other classes are information
//! about the paper or about the stand-in collections, never a reproduction failure (`check --strict`
//! also fails on `inconsistent`).

use std::collections::BTreeMap;

mod across;
mod basis;
mod cell_entry;
mod checks_verdict;
mod claim_entry;
mod entry;
mod findings;
mod printed_number;
mod rests_on;
mod setting_entry;
mod text_entry;
mod verdict;

pub(crate) use crate::published::cell_label::{artefact_words, grouped, grouped_words, row_words};
pub(crate) use crate::results::TranscriptionNote;
pub(crate) use across::Across;
pub(crate) use basis::Basis;
pub(crate) use entry::Ledger;
pub(crate) use entry::{Entry, EntryKind, Holding};
pub(crate) use findings::findings;
#[cfg(test)]
pub(crate) use findings::is_finding;
pub(crate) use findings::{Finding, ranked};
pub(crate) use printed_number::cell_name;
pub(crate) use rests_on::OnRejected;
pub(crate) use verdict::Verdict;

use cell_entry::cell_entry;
use claim_entry::{claim_entry, statement_entry};
use setting_entry::setting_entry;
use text_entry::text_entry;

use crate::consistency::outcome::Checks;
use crate::manifest::Manifest;
use crate::manifest::built_in::BuiltIns;
use crate::published::PublishedFile;
use crate::results::ResultTable;

/// Builds the ledger of `published` against the `rebuilt` tables of the artefacts of `manifest`.
/// No consistency check is applied (see [`ledger_checked`]).
#[cfg(test)]
pub(crate) fn ledger(
    manifest: &Manifest,
    published: &[PublishedFile],
    rebuilt: &BTreeMap<String, ResultTable>,
) -> Ledger {
    ledger_checked(
        manifest,
        published,
        &Checks::default(),
        rebuilt,
        &BuiltIns::default(),
    )
}

/// Builds the ledger of `published` against the `rebuilt` tables, with the verdicts of the
/// paper-internal consistency `checks` on `derived` and `simulated` entries and the statements, and
/// the qualitative claims of each rebuilt artefact: the experiment's own, then those that compare
/// the result with `published` (each experiment's [`crate::papers::Experiment::compare`]). The stand-in knobs' declarations
/// `built_ins` mark the claims and printed numbers they build in.
pub(crate) fn ledger_checked(
    manifest: &Manifest,
    published: &[PublishedFile],
    checks: &Checks,
    rebuilt: &BTreeMap<String, ResultTable>,
    built_ins: &BuiltIns,
) -> Ledger {
    let mut entries = Vec::new();
    let mut notes = Vec::new();
    for file in published {
        let paper = file.paper.to_string();
        for cell in file.cells() {
            let results = checks.cells.get(&cell.key()).map_or(&[][..], Vec::as_slice);
            entries.push(cell_entry(
                &paper, manifest, cell, results, rebuilt, built_ins,
            ));
        }
        for claim in &file.text {
            entries.push(text_entry(
                &paper,
                claim,
                checks.text.get(&claim.id),
                rebuilt,
                built_ins,
            ));
        }
        for setting in &file.settings {
            entries.push(setting_entry(&paper, manifest, setting));
        }
        for statement in checks.statements.iter().filter(|s| s.paper == file.paper) {
            entries.push(statement_entry(statement));
        }
        for artefact in manifest.artefacts.iter().filter(|a| a.paper == paper) {
            if let Some(table) = rebuilt.get(artefact.id.as_str()) {
                let experiment = crate::papers::experiment(artefact.experiment);
                let compared = (experiment.compare)(artefact, table, file);
                entries.extend(
                    table
                        .claims
                        .iter()
                        .chain(&compared)
                        .map(|c| claim_entry(&paper, table, c, built_ins)),
                );
                notes.extend((experiment.notes)(artefact, table, file));
            }
        }
    }
    // A paper without published values (a user's study): its artefacts' own claims, checked on the
    // data they ran on.
    for paper in manifest
        .papers
        .iter()
        .filter(|p| !published.iter().any(|f| f.paper.to_string() == p.id))
    {
        for artefact in manifest.artefacts.iter().filter(|a| a.paper == paper.id) {
            if let Some(table) = rebuilt.get(artefact.id.as_str()) {
                entries.extend(
                    table
                        .claims
                        .iter()
                        .map(|c| claim_entry(&paper.id, table, c, built_ins)),
                );
            }
        }
    }
    rests_on::judge_on_rejected_numbers(&mut entries);
    Ledger { entries, notes }
}
