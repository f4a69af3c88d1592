//! The entries of qualitative claims: an experiment's claims about its rebuilt results, and the
//! statements of the running text checked on the printed numbers.

use super::{Basis, Entry, EntryKind, Verdict};
use crate::consistency::Hint;
use crate::consistency::outcome::{Judgement, StatementOutcome};
use crate::manifest::built_in::BuiltIns;
use crate::model::ProvenanceClass;
use crate::results::{ClaimCheck, ResultTable};

/// What a claim of `class` is re-tested on.
fn claim_basis(class: ProvenanceClass) -> Basis {
    match class {
        ProvenanceClass::Exact | ProvenanceClass::Derived => Basis::Paper,
        ProvenanceClass::Simulated => Basis::StandIn,
        ProvenanceClass::RealData => Basis::RealData,
    }
}

/// A qualitative claim checked by an experiment: on the stand-in (class `simulated`, built in when a
/// knob declaration of `built_ins` names it), on real data, or on printed inputs.
pub(super) fn claim_entry(
    paper: &str,
    table: &ResultTable,
    claim: &ClaimCheck,
    built_ins: &BuiltIns,
) -> Entry {
    let class = match table.claim_classes.get(&claim.id) {
        Some(&class) => class,
        None if table.real_data => ProvenanceClass::RealData,
        None => ProvenanceClass::Simulated,
    };
    let basis = claim_basis(class);
    let found = Some(claim.rebuilt.clone());
    let (rebuilt, stand_in) = match basis {
        Basis::StandIn => (None, found),
        Basis::Paper | Basis::RealData => (found, None),
    };
    let verdict = match (&claim.not_applicable, claim.proxies.as_slice()) {
        (Some(_), _) => Verdict::NotApplicable,
        (None, [first, rest @ ..]) if rest.iter().any(|p| p.holds != first.holds) => Verdict::Mixed,
        (None, _) if claim.holds => Verdict::Holds,
        (None, _) => Verdict::Fails,
    };
    let detail = match &claim.not_applicable {
        Some(reason) => format!("{}: not applicable: {reason}", claim.statement),
        None => format!("{}: {}", claim.statement, claim.detail),
    };
    Entry {
        rebuilt,
        stand_in,
        verdict,
        detail,
        proxies: claim.proxies.clone(),
        observation: claim.observation,
        not_applicable: claim.not_applicable.clone(),
        built_in: (basis == Basis::StandIn)
            .then(|| built_ins.claim(&claim.id).cloned())
            .flatten(),
        label: Some(claim.statement.clone()),
        group: claim.group.clone(),
        ..Entry::pending(
            EntryKind::Claim,
            paper,
            &claim.section,
            claim.id.clone(),
            &claim.printed,
            class,
            basis,
        )
    }
}

/// A statement of the running text checked on the paper's own printed numbers.
pub(super) fn statement_entry(statement: &StatementOutcome) -> Entry {
    let fails = statement.judgement == Judgement::Fails;
    Entry {
        verdict: match statement.judgement {
            Judgement::Holds => Verdict::Holds,
            Judgement::Fails => Verdict::Fails,
            Judgement::Undecided => Verdict::Undecided,
        },
        detail: format!("{}: {}", statement.claim, statement.detail),
        hint: fails.then_some(Hint::StatementContradicted),
        evidence: fails
            .then(|| statement.detail.clone())
            .into_iter()
            .collect(),
        label: Some(statement.claim.clone()),
        rests_on: statement.rests_on.clone(),
        readings: statement.readings,
        ..Entry::pending(
            EntryKind::Statement,
            &statement.paper.to_string(),
            &statement.table,
            format!("{} ({})", statement.id, statement.section),
            &statement.printed,
            statement.class,
            Basis::Paper,
        )
    }
}
