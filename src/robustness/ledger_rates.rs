//! The ledger's simulated claims with their holding rates (issue 18, item 4): each claim entry that a
//! built robustness study checked says, after its single-draw verdict, how often it held over the
//! study's replicates, with the Wilson interval and the typed verdict.

use std::collections::BTreeMap;

use crate::ledger::Ledger;
use crate::manifest::Manifest;
use crate::model::ProvenanceClass;
use crate::results::ResultTable;

use super::read::{ClaimRate, claim_rates};
use super::verdict::Robustness;

/// Appends the holding rate of every simulated claim entry of `ledger` that a robustness study among
/// `results` (one per paper of `manifest`) checked: `…; over 200 replicates (A.R1): held in 187,
/// 0.94 [0.89, 0.96], nearly always.`
pub fn add_holding_rates(
    ledger: &mut Ledger,
    manifest: &Manifest,
    results: &BTreeMap<String, ResultTable>,
) {
    let mut rates: BTreeMap<(String, String), (String, ClaimRate)> = BTreeMap::new();
    for study in manifest
        .artefacts
        .iter()
        .filter(|a| a.experiment.is_robustness_study())
    {
        let Some(table) = results.get(study.id.as_str()) else {
            continue;
        };
        for claim in claim_rates(table) {
            let key = (study.paper.clone(), claim.id.clone());
            rates.insert(key, (study.id.to_string(), claim));
        }
    }
    for entry in &mut ledger.entries {
        if entry.class != ProvenanceClass::Simulated {
            continue;
        }
        if let Some((study, claim)) = rates.get(&(entry.paper.clone(), entry.cell.clone())) {
            entry.detail.push_str(&sentence(study, claim));
        }
    }
}

/// `; over R replicates (study): held in k, rate [lo, hi], verdict.`
pub fn sentence(study: &str, claim: &ClaimRate) -> String {
    format!(
        "; over {} replicates ({study}): held in {}, {:.2} [{:.2}, {:.2}], {}.",
        claim.checked,
        claim.held,
        claim.rate,
        claim.lo,
        claim.hi,
        words(claim.verdict)
    )
}

/// The verdict in the reports' words.
pub fn words(verdict: Robustness) -> &'static str {
    match verdict {
        Robustness::NearlyAlways => "holds nearly always",
        Robustness::CoinFlip => "a coin flip",
        Robustness::Unsupported => "the stand-in cannot support it",
    }
}
