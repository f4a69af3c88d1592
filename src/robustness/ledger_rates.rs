//! The ledger's simulated claims with their holding rates: each claim entry that a built robustness
//! study checked says, after its single-draw verdict, how often it held over the study's
//! replicates, with the Wilson interval and the rate's word ([`crate::model::RateWord`]).

use std::collections::BTreeMap;

use crate::ledger::{Holding, Ledger};
use crate::manifest::Manifest;
use crate::model::ProvenanceClass;
use crate::results::ResultTable;

use super::read::{ClaimRate, claim_rates};

/// Sets the holding rate of every simulated claim entry of `ledger` that a robustness study among
/// `results` (one per paper of `manifest`) checked, and says it after the entry's detail: `…; over
/// replicates: 0.94 [0.89, 0.96], usually (187 of 200 replicates of A.R1).`
pub(crate) fn add_holding_rates(
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
            let holding = Holding {
                study: study.clone(),
                held: claim.held,
                checked: claim.checked,
                rate: claim.rate,
                lo: claim.lo,
                hi: claim.hi,
                word: claim.word,
            };
            entry
                .detail
                .push_str(&format!("; over replicates: {}.", holding.words()));
            entry.holding = Some(holding);
        }
    }
}
