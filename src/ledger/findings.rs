//! The findings about a paper: its `inconsistent` entries and failing statements, in a reviewer's
//! words.

use serde::Serialize;

use super::{Entry, Ledger, Verdict};
use crate::consistency::Hint;
use crate::model::ProvenanceClass;

/// One inconsistency found in a paper's own numbers, for the report's "Findings" section.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    pub paper: String,
    pub table: String,
    pub cell: String,
    pub printed: String,
    /// The finding in a reviewer's words, with the arithmetic behind it.
    pub text: String,
    /// What the inconsistency points to (worded in `text`).
    #[serde(skip)]
    pub hint: Option<Hint>,
}

/// Every `inconsistent` entry of `paper` in the ledger, as a finding in a reviewer's words. Entries
/// of one table with the same arithmetic (an interval's two limits, a row's six numbers) are merged
/// into one finding whose `cell` lists them, separated by `; `.
pub fn findings(ledger: &Ledger, paper: &str) -> Vec<Finding> {
    let mut out: Vec<Finding> = Vec::new();
    let mut details: Vec<(String, String)> = Vec::new();
    for e in ledger
        .entries
        .iter()
        .filter(|e| e.paper == paper && is_finding(e))
    {
        let key = (e.table.clone(), e.detail.clone());
        if let Some(at) = details.iter().position(|d| *d == key) {
            out[at].cell.push_str("; ");
            out[at].cell.push_str(&e.cell);
            out[at].printed.push_str("; ");
            out[at].printed.push_str(&e.printed);
            continue;
        }
        details.push(key);
        out.push(Finding {
            paper: e.paper.clone(),
            table: e.table.clone(),
            cell: e.cell.clone(),
            printed: e.printed.clone(),
            text: String::new(),
            hint: e.hint,
        });
    }
    for (finding, (_, detail)) in out.iter_mut().zip(&details) {
        finding.text = reviewer_wording(finding, detail);
    }
    out
}

/// An entry that says something about the paper itself: an `inconsistent` number, or a statement of
/// the text that `fails` on the paper's own printed numbers (not a stand-in's qualitative claim).
pub fn is_finding(e: &Entry) -> bool {
    e.verdict == Verdict::Inconsistent
        || (e.verdict == Verdict::Fails
            && matches!(e.class, ProvenanceClass::Exact | ProvenanceClass::Derived))
}

/// An entry that compares the paper with the stand-in collection rather than checking the paper
/// against itself: a `simulated` claim or fitted cell that `holds` or `fails` on the stand-in's
/// numbers. Summaries count these apart from the findings, so that "the stand-in disagrees" never
/// reads as "the paper contradicts itself", nor the reverse.
pub fn is_stand_in_comparison(e: &Entry) -> bool {
    e.class == ProvenanceClass::Simulated && matches!(e.verdict, Verdict::Holds | Verdict::Fails)
}

/// A finding in a reviewer's words: where, what the printed numbers say, and which way the checks
/// point (a typesetting or extraction slip in one number, or a property of the whole table).
fn reviewer_wording(finding: &Finding, detail: &str) -> String {
    let pointer = match finding.hint {
        Some(Hint::TypesettingSlip) => {
            "Every other check on this cell passes once that one number is changed, which points to a typesetting slip in it rather than to the analysis."
        }
        Some(Hint::ShiftedInterval) => {
            "The same interval is printed, centred, for another cell: the intervals look shifted between cells, which points to a typesetting error rather than to a wrong computation."
        }
        Some(Hint::AsymmetricInterval) => {
            "A symmetric interval (estimate ± z·SE) cannot have this midpoint; either the estimate or a limit is misprinted, or the interval was not computed as the paper says."
        }
        Some(Hint::DefinitionMismatch) => {
            "p-value and effect size cannot both hold under the stated ES_HSD = |d|/√V_E; the detail names the reading of the definition, if any, under which they agree."
        }
        Some(Hint::StatementContradicted) => {
            "The statement in the text is not borne out by the paper's own table."
        }
        None => "The printed numbers contradict each other.",
    };
    format!(
        "{} {} (printed {}): {detail}. {pointer}",
        finding.table, finding.cell, finding.printed
    )
}
