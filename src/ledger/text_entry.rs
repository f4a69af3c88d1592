//! The entry of one number of the running text: compared with the rebuilt cell it repeats (`exact`),
//! or with the arithmetic the wiring recomputes from printed numbers.

use std::collections::BTreeMap;

use super::checks_verdict::{checked, checks_hint};
use super::printed_number::printed_decimals;
use super::{Entry, Verdict};
use crate::consistency::outcome::TextDerivation;
use crate::consistency::{CheckKind, CheckResult, half_unit};
use crate::model::ProvenanceClass;
use crate::published::TextClaim;
use crate::results::ResultTable;

pub(super) fn text_entry(
    paper: &str,
    claim: &TextClaim,
    derivation: Option<&TextDerivation>,
    rebuilt: &BTreeMap<String, ResultTable>,
) -> Entry {
    let base = Entry {
        paper: paper.to_string(),
        table: claim.id.split('.').take(2).collect::<Vec<_>>().join("."),
        cell: format!("{} ({})", claim.id, claim.section),
        printed: claim.printed.clone(),
        class: claim.class,
        rebuilt: None,
        verdict: Verdict::Pending,
        detail: format!("text claim not checked: {}", claim.claim),
        hint: None,
    };
    let Some(derivation) = derivation else {
        return base;
    };
    let decimals = printed_decimals(&claim.printed);
    let tolerance = half_unit(decimals as u32) + 1e-9;
    if claim.class == ProvenanceClass::Exact {
        let Some(key) = &derivation.cell else {
            if let Some((value, arithmetic)) = &derivation.value {
                let ok = (value - claim.value).abs() <= tolerance;
                return Entry {
                    rebuilt: Some(format!("{value:.decimals$}")),
                    verdict: if ok {
                        Verdict::Match
                    } else {
                        Verdict::Mismatch
                    },
                    detail: format!("{}: {arithmetic}", claim.claim),
                    ..base
                };
            }
            return base;
        };
        let Some(value) = rebuilt.get(&key.table).and_then(|t| t.cells.get(key)) else {
            return Entry {
                detail: format!(
                    "{}: repeats {key}, which is not rebuilt in this run",
                    claim.claim
                ),
                ..base
            };
        };
        let difference = (value - claim.value).abs();
        let ok = difference <= tolerance;
        return Entry {
            rebuilt: Some(format!("{value:.decimals$}")),
            verdict: if ok {
                Verdict::Match
            } else {
                Verdict::Mismatch
            },
            detail: format!(
                "{}: rebuilt {key} = {value:.6}, |Δ| = {difference:.6} {} {tolerance:.6}",
                claim.claim,
                if ok { "≤" } else { ">" }
            ),
            ..base
        };
    }
    let mut results = derivation.results.clone();
    if let Some((value, arithmetic)) = &derivation.value {
        let ok = (value - claim.value).abs() <= tolerance;
        let relation = if ok { "=" } else { "≠" };
        results.insert(
            0,
            CheckResult::new(
                CheckKind::Text,
                ok,
                format!("{arithmetic} {relation} printed {}", claim.printed),
            ),
        );
    }
    match checked(&results) {
        Some((verdict, detail)) => Entry {
            rebuilt: derivation
                .value
                .as_ref()
                .map(|(v, _)| format!("{v:.decimals$}")),
            verdict,
            detail,
            hint: checks_hint(&results),
            ..base
        },
        None => base,
    }
}
