//! The ledger's simulated claims with their class across the plausible knob space: each claim entry
//! that a built knob-space study re-tested says, after its verdict (and its holding rate over
//! replicates), how it behaves across plausible data (`…; across plausible data (B.M1, 256 design
//! points: 0.62 [0.56, 0.68]), decided by runs.assessor_weights[2].`).

use std::collections::BTreeMap;

use crate::ledger::{Across, Ledger};
use crate::manifest::Manifest;
use crate::model::ProvenanceClass;
use crate::results::ResultTable;

use super::read::claims;

/// Sets the class across the space of every simulated claim entry of `ledger` that a knob-space
/// study among `results` (of `manifest`) re-tested.
pub(crate) fn add_across(
    ledger: &mut Ledger,
    manifest: &Manifest,
    results: &BTreeMap<String, ResultTable>,
) {
    let mut across: BTreeMap<(String, String), Across> = BTreeMap::new();
    for study in manifest
        .artefacts
        .iter()
        .filter(|a| a.experiment.is_knob_space_study())
    {
        let Some(table) = results.get(study.id.as_str()) else {
            continue;
        };
        for claim in claims(table) {
            across.insert(
                (study.paper.clone(), claim.id.clone()),
                Across {
                    study: study.id.to_string(),
                    class: claim.class,
                    knobs: claim.knobs,
                    held: claim.held,
                    checked: claim.checked,
                    lo: claim.lo,
                    hi: claim.hi,
                    declaration: claim.declaration,
                    undeclared: claim.undeclared,
                },
            );
        }
    }
    for entry in &mut ledger.entries {
        if entry.class != ProvenanceClass::Simulated {
            continue;
        }
        if let Some(a) = across.remove(&(entry.paper.clone(), entry.cell.clone())) {
            entry.detail.push_str(&format!("; {}.", a.detail()));
            entry.across = Some(a);
        }
    }
}
