//! One line of the ledger and the ledger itself.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Verdict;
use crate::consistency::Hint;
use crate::consistency::repair::Repair;
use crate::model::ProvenanceClass;

/// One line of the ledger.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Entry {
    /// `A` or `B`.
    pub paper: String,
    /// Table id (`A.T1`) or text section (`A.text`).
    pub table: String,
    /// The cell within the table: `panel/row/column/part`, or the text claim id.
    pub cell: String,
    pub printed: String,
    pub class: ProvenanceClass,
    /// The rebuilt value at the printed precision, when there is one.
    pub rebuilt: Option<String>,
    pub verdict: Verdict,
    /// The arithmetic or the reason behind the verdict, in one line.
    pub detail: String,
    /// What an `inconsistent` or failing entry points to, when its checks know (not serialised: the
    /// ledger's JSON keeps its fields; the findings word it).
    #[serde(skip)]
    pub hint: Option<Hint>,
    /// The single change that repairs the failed checks of the entry, when one does (a typesetting
    /// slip; the findings show one finding per repair, with every cell it breaks).
    #[serde(skip)]
    pub repair: Option<Repair>,
    /// Whether the rebuilt number is a stand-in's, fitted to the printed one: it `holds` by
    /// construction and reproduces nothing (the reports mark it apart from a match).
    #[serde(skip)]
    pub fitted: bool,
    /// What the entry is about in words, for a claim or statement (its statement, which also opens
    /// `detail`); `None` for a table cell, named by `cell`.
    #[serde(skip)]
    pub label: Option<String>,
}

/// The full ledger, in the order of the published files.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Ledger {
    pub entries: Vec<Entry>,
}

impl Ledger {
    /// Whether any `exact` cell mismatches (the only failure `check` reports by its exit code).
    pub fn has_exact_mismatch(&self) -> bool {
        self.entries
            .iter()
            .any(|e| e.class == ProvenanceClass::Exact && e.verdict == Verdict::Mismatch)
    }

    /// Whether any entry is `inconsistent` (what `check --strict` also fails on).
    pub fn has_inconsistency(&self) -> bool {
        self.entries
            .iter()
            .any(|e| e.verdict == Verdict::Inconsistent)
    }

    /// Counts of entries by (class, verdict).
    pub fn summary(&self) -> BTreeMap<(String, Verdict), usize> {
        let mut counts = BTreeMap::new();
        for e in &self.entries {
            *counts.entry((e.class.to_string(), e.verdict)).or_insert(0) += 1;
        }
        counts
    }
}
