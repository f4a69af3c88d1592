//! The entry of one number of the running text: compared with the rebuilt cell it repeats (`exact`),
//! or with the arithmetic the wiring recomputes from printed numbers.

use std::collections::BTreeMap;

use super::checks_verdict::{checked, checks_evidence, checks_hint};
use super::{Basis, Entry, EntryKind, Verdict};
use crate::consistency::outcome::TextDerivation;
use crate::consistency::{CheckKind, CheckResult, half_unit};
use crate::manifest::built_in::BuiltIns;
use crate::model::{BuiltInKind, ProvenanceClass};
use crate::published::TextClaim;
use crate::published::printed_style::PrintedStyle;
use crate::results::ResultTable;

/// The entry of one text claim, with what the wiring derived for it (if anything).
pub(super) fn text_entry(
    paper: &str,
    claim: &TextClaim,
    derivation: Option<&TextDerivation>,
    rebuilt: &BTreeMap<String, ResultTable>,
    built_ins: &BuiltIns,
) -> Entry {
    let table = claim.id.split('.').take(2).collect::<Vec<_>>().join(".");
    let base = Entry {
        detail: format!("text claim not checked: {}", claim.claim),
        label: Some(claim.claim.clone()),
        ..Entry::pending(
            EntryKind::Text,
            paper,
            &table,
            format!("{} ({})", claim.id, claim.section),
            &claim.printed,
            claim.class,
            Basis::Paper,
        )
    };
    let built_in = built_ins.text(&claim.id).cloned();
    let base = Entry {
        built_in: built_in.clone(),
        ..base
    };
    let Some(derivation) = derivation else {
        return match built_in {
            Some(b) if b.kind == BuiltInKind::Fitted => Entry {
                verdict: Verdict::Fitted,
                basis: Basis::StandIn,
                detail: format!(
                    "{}: the stand-in is fitted to this printed number ({}); it agrees by construction and reproduces nothing by itself",
                    claim.claim,
                    b.knobs_in_file()
                ),
                ..base
            },
            _ => base,
        };
    };
    let base = Entry {
        repeats: derivation.cell.clone(),
        ..base
    };
    if claim.class == ProvenanceClass::Exact {
        exact_entry(claim, derivation, rebuilt, base)
    } else {
        derived_entry(claim, derivation, base)
    }
}

/// Half a unit in the last printed digit of the claim, and how the claim's number is printed.
fn precision(claim: &TextClaim) -> (f64, PrintedStyle) {
    let style = PrintedStyle::of(&claim.printed);
    (half_unit(style.decimals as u32) + 1e-9, style)
}

fn match_verdict(ok: bool) -> Verdict {
    if ok {
        Verdict::Match
    } else {
        Verdict::Mismatch
    }
}

/// An `exact` claim: compared with the rebuilt cell it repeats, or with the value the wiring
/// computes when it repeats none.
fn exact_entry(
    claim: &TextClaim,
    derivation: &TextDerivation,
    rebuilt: &BTreeMap<String, ResultTable>,
    base: Entry,
) -> Entry {
    let (tolerance, style) = precision(claim);
    let Some(key) = &derivation.cell else {
        if let Some((value, arithmetic)) = &derivation.value {
            let ok = (value - claim.value).abs() <= tolerance;
            return Entry {
                rebuilt: Some(style.format(*value)),
                verdict: match_verdict(ok),
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
    Entry {
        rebuilt: Some(style.format(*value)),
        verdict: match_verdict(ok),
        detail: format!(
            "{}: rebuilt {} = {}, |Δ| = {} {} {}",
            claim.claim,
            derivation
                .cell_words
                .clone()
                .unwrap_or_else(|| crate::published::cell_label::key_words(key)),
            style.guarded(*value),
            style.amount(difference),
            if ok { "≤" } else { ">" },
            style.amount(tolerance)
        ),
        ..base
    }
}

/// A claim of another class: the wiring's arithmetic against the print, then the other checks
/// recorded on it.
fn derived_entry(claim: &TextClaim, derivation: &TextDerivation, base: Entry) -> Entry {
    let (tolerance, style) = precision(claim);
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
            rebuilt: derivation.value.as_ref().map(|(v, _)| style.format(*v)),
            verdict,
            detail,
            hint: checks_hint(&results),
            evidence: checks_evidence(&results),
            ..base
        },
        None => base,
    }
}
