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

/// Every `inconsistent` entry of `paper` in the ledger, as findings in a reviewer's words, one per
/// root cause. A cause is typed, never read from the detail's prose (`Cause::of`): every row of a
/// table whose printed p-value and effect size disagree under the stated definition is one cause
/// (paper A's ES_HSD), as is every interval of a table shifted from or off its estimate; any other
/// entry is grouped only with the entries of its table that share its arithmetic (an interval's two
/// limits, a row's six numbers). A grouped finding's `cell` lists the affected cells (rows, for a
/// definition mismatch) and its text gives the evidence once, from the first of them; the ledger
/// keeps every cell.
pub fn findings(ledger: &Ledger, paper: &str) -> Vec<Finding> {
    let mut groups: Vec<(Cause, Vec<&Entry>)> = Vec::new();
    for e in ledger
        .entries
        .iter()
        .filter(|e| e.paper == paper && is_finding(e))
    {
        let cause = Cause::of(e);
        match groups.iter_mut().find(|(c, _)| *c == cause) {
            Some((_, entries)) => entries.push(e),
            None => groups.push((cause, vec![e])),
        }
    }
    groups
        .into_iter()
        .map(|(cause, entries)| finding(&cause, &entries))
        .collect()
}

/// What a finding is about: one property of a whole table, or one piece of arithmetic.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Cause {
    /// A hint that speaks for every affected cell of the table at once.
    TableWide { table: String, hint: Hint },
    /// Entries of one table that share their detail (an interval's limits, a row's numbers).
    SameArithmetic { table: String, detail: String },
}

impl Cause {
    fn of(e: &Entry) -> Cause {
        match e.hint {
            Some(
                hint
                @ (Hint::DefinitionMismatch | Hint::ShiftedInterval | Hint::AsymmetricInterval),
            ) => Cause::TableWide {
                table: e.table.clone(),
                hint,
            },
            _ => Cause::SameArithmetic {
                table: e.table.clone(),
                detail: e.detail.clone(),
            },
        }
    }
}

/// The finding of one cause from its entries (at least one), in ledger order.
fn finding(cause: &Cause, entries: &[&Entry]) -> Finding {
    let first = entries[0];
    let join = |f: fn(&Entry) -> &str| -> String {
        entries.iter().map(|e| f(e)).collect::<Vec<_>>().join("; ")
    };
    let mut out = Finding {
        paper: first.paper.clone(),
        table: first.table.clone(),
        cell: join(|e| &e.cell),
        printed: join(|e| &e.printed),
        text: String::new(),
        hint: first.hint,
    };
    if let Cause::TableWide { hint, .. } = cause {
        // Rows for a definition mismatch (p, |d| and ES of one system pair), cells (panel/row/column,
        // an interval's two limits together) for an interval.
        let depth = if *hint == Hint::DefinitionMismatch {
            2
        } else {
            3
        };
        let mut affected: Vec<String> = Vec::new();
        for e in entries {
            let unit: Vec<&str> = e.cell.split('/').take(depth).collect();
            let unit = unit.join("/");
            if !affected.contains(&unit) {
                affected.push(unit);
            }
        }
        let same: Vec<&Entry> = entries
            .iter()
            .copied()
            .filter(|e| e.detail == first.detail)
            .collect();
        let noun = if depth == 2 { "rows" } else { "cells" };
        out.cell = format!("{} {noun}: {}", affected.len(), affected.join(", "));
        out.printed = same
            .iter()
            .map(|e| e.printed.as_str())
            .collect::<Vec<_>>()
            .join("; ");
        let evidence = format!(
            "{} {} (printed {})",
            first.table,
            same.iter()
                .map(|e| e.cell.as_str())
                .collect::<Vec<_>>()
                .join("; "),
            out.printed
        );
        out.text = reviewer_wording(&out, &first.detail, Some(&evidence));
    } else {
        out.text = reviewer_wording(&out, &first.detail, None);
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
/// `evidence`, for a cause shared by several cells, names the first of them, whose arithmetic stands
/// for all.
fn reviewer_wording(finding: &Finding, detail: &str, evidence: Option<&str>) -> String {
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
    match evidence {
        Some(first) => format!(
            "{} {}. {pointer} Evidence, from the first of them, {first}: {detail}.",
            finding.table, finding.cell
        ),
        None => format!(
            "{} {} (printed {}): {detail}. {pointer}",
            finding.table, finding.cell, finding.printed
        ),
    }
}
