//! The entries of qualitative claims: an experiment's claims about its rebuilt results, and the
//! statements of the running text checked on the printed numbers.

use super::{Entry, Verdict};
use crate::consistency::Hint;
use crate::consistency::outcome::StatementOutcome;
use crate::model::ProvenanceClass;
use crate::results::{ClaimCheck, ResultTable};

/// A qualitative claim checked by an experiment, of class `simulated` (stand-in) or `real-data`.
pub(super) fn claim_entry(paper: &str, table: &ResultTable, claim: &ClaimCheck) -> Entry {
    Entry {
        paper: paper.to_string(),
        table: claim.section.clone(),
        cell: claim.id.clone(),
        printed: claim.printed.clone(),
        class: match table.claim_classes.get(&claim.id) {
            Some(&class) => class,
            None if table.real_data => ProvenanceClass::RealData,
            None => ProvenanceClass::Simulated,
        },
        rebuilt: Some(claim.rebuilt.clone()),
        verdict: if claim.holds {
            Verdict::Holds
        } else {
            Verdict::Fails
        },
        detail: format!("{}: {}", claim.statement, claim.detail),
        hint: None,
        repair: None,
        fitted: false,
        label: Some(claim.statement.clone()),
        words: None,
        group: claim.group.clone(),
    }
}

/// A statement of the running text checked on the printed numbers.
pub(super) fn statement_entry(statement: &StatementOutcome) -> Entry {
    Entry {
        paper: statement.paper.to_string(),
        table: statement.table.clone(),
        cell: format!("{} ({})", statement.id, statement.section),
        printed: statement.printed.clone(),
        class: statement.class,
        rebuilt: None,
        verdict: if statement.holds {
            Verdict::Holds
        } else {
            Verdict::Fails
        },
        detail: format!("{}: {}", statement.claim, statement.detail),
        hint: (!statement.holds).then_some(Hint::StatementContradicted),
        repair: None,
        fitted: false,
        label: Some(statement.claim.clone()),
        words: None,
        group: None,
    }
}
