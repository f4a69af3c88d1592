//! The claims ledger: every published number beside its rebuilt value, with its provenance class and a
//! verdict.
//!
//! A published cell's verdict is:
//! - `match` / `mismatch` when the artefact was rebuilt and holds the cell: the rebuilt value is compared
//!   at the printed precision, `|rebuilt − printed| ≤ ½·10^−d` where `d` is the number of printed
//!   decimals (so either rounding of an exact tie is accepted);
//! - `pending` when the cell's artefact or row is not rebuilt yet, with the reason.
//!
//! Only a `mismatch` of an `exact` cell makes `check` fail: numbers of other classes are information
//! about the paper or about the stand-in collections, never a reproduction failure.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use crate::manifest::{Manifest, Status};
use crate::published::{ProvenanceClass, PublishedCell, PublishedFile, TextClaim};
use crate::results::{CellKey, ClaimCheck, ResultTable};

/// The outcome for one ledger entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Match,
    Mismatch,
    /// A `derived` number that agrees with the printed numbers it follows from.
    Consistent,
    /// A `derived` number that contradicts the printed numbers it follows from (a finding about the
    /// paper, not a failure of the rebuild).
    Inconsistent,
    /// A qualitative claim that holds on the rebuilt results.
    Holds,
    /// A qualitative claim that does not hold on the rebuilt results.
    Fails,
    Pending,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Match => "match",
            Verdict::Mismatch => "mismatch",
            Verdict::Consistent => "consistent",
            Verdict::Inconsistent => "inconsistent",
            Verdict::Holds => "holds",
            Verdict::Fails => "fails",
            Verdict::Pending => "pending",
        })
    }
}

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

    /// Counts of entries by (class, verdict).
    pub fn summary(&self) -> BTreeMap<(String, Verdict), usize> {
        let mut counts = BTreeMap::new();
        for e in &self.entries {
            *counts.entry((e.class.to_string(), e.verdict)).or_insert(0) += 1;
        }
        counts
    }
}

/// One inconsistency found in a paper's own numbers, for the report's "Findings" section.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    pub paper: String,
    pub table: String,
    pub cell: String,
    pub printed: String,
    /// The finding in a reviewer's words, with the arithmetic behind it.
    pub text: String,
}

/// Every `inconsistent` entry of `paper` in the ledger, as a finding.
pub fn findings(ledger: &Ledger, paper: &str) -> Vec<Finding> {
    ledger
        .entries
        .iter()
        .filter(|e| e.paper == paper && e.verdict == Verdict::Inconsistent)
        .map(|e| Finding {
            paper: e.paper.clone(),
            table: e.table.clone(),
            cell: e.cell.clone(),
            printed: e.printed.clone(),
            text: e.detail.clone(),
        })
        .collect()
}

/// Builds the ledger of `published` against the `rebuilt` tables of the artefacts of `manifest`.
pub fn ledger(
    manifest: &Manifest,
    published: &[PublishedFile],
    rebuilt: &BTreeMap<String, ResultTable>,
) -> Ledger {
    let mut entries = Vec::new();
    for file in published {
        let paper = file.paper.to_string();
        for cell in file.cells() {
            entries.push(cell_entry(&paper, manifest, cell, rebuilt));
        }
        for claim in &file.text {
            entries.push(text_entry(&paper, claim));
        }
        for artefact in manifest.artefacts.iter().filter(|a| a.paper == paper) {
            if let Some(table) = rebuilt.get(&artefact.id) {
                entries.extend(table.claims.iter().map(|c| claim_entry(&paper, table, c)));
            }
        }
    }
    Ledger { entries }
}

/// A qualitative claim checked by an experiment, of class `simulated` (stand-in) or `real-data`.
fn claim_entry(paper: &str, table: &ResultTable, claim: &ClaimCheck) -> Entry {
    Entry {
        paper: paper.to_string(),
        table: claim.section.clone(),
        cell: claim.id.clone(),
        printed: claim.printed.clone(),
        class: if table.real_data {
            ProvenanceClass::RealData
        } else {
            ProvenanceClass::Simulated
        },
        rebuilt: Some(claim.rebuilt.clone()),
        verdict: if claim.holds {
            Verdict::Holds
        } else {
            Verdict::Fails
        },
        detail: format!("{}: {}", claim.statement, claim.detail),
    }
}

fn cell_entry(
    paper: &str,
    manifest: &Manifest,
    cell: &PublishedCell,
    rebuilt: &BTreeMap<String, ResultTable>,
) -> Entry {
    let key = cell.key();
    let base = Entry {
        paper: paper.to_string(),
        table: key.table.clone(),
        cell: cell_name(&key),
        printed: cell.printed.clone(),
        class: cell.class,
        rebuilt: None,
        verdict: Verdict::Pending,
        detail: String::new(),
    };
    let Some(table) = rebuilt.get(&key.table) else {
        let detail = match manifest.artefact(&key.table) {
            Some(a) if a.status == Status::Pending => format!(
                "artefact pending: {}",
                a.pending_reason.as_deref().unwrap_or("not built yet")
            ),
            Some(_) => "artefact not rebuilt in this run".to_string(),
            None => "no artefact with this id in the manifest".to_string(),
        };
        return Entry { detail, ..base };
    };
    let Some(&value) = table.cells.get(&key) else {
        // A panel whose rows the experiment chose at run time (A.T3's discrepancies) lists its own
        // rows; a printed row it does not have is compared through the table's claims instead.
        let detail = if table.dynamic_rows.contains_key(&key.panel) {
            "the rebuilt panel lists its own rows (found at run time), not this printed row; compared through the table's claims"
        } else {
            "the experiment does not rebuild this cell yet (see the table's notes)"
        };
        return Entry {
            detail: detail.to_string(),
            ..base
        };
    };
    let decimals = printed_decimals(&cell.printed);
    let tolerance = 0.5 * 10f64.powi(-(decimals as i32)) + 1e-9;
    let difference = (value - cell.value).abs();
    let verdict = if difference <= tolerance {
        Verdict::Match
    } else {
        Verdict::Mismatch
    };
    let relation = if verdict == Verdict::Match {
        "≤"
    } else {
        ">"
    };
    Entry {
        rebuilt: Some(format!("{value:.decimals$}")),
        verdict,
        detail: format!(
            "|{value:.6} − {}| = {difference:.6} {relation} {tolerance:.6} (half a unit in the last printed digit)",
            cell.value
        ),
        ..base
    }
}

fn text_entry(paper: &str, claim: &TextClaim) -> Entry {
    Entry {
        paper: paper.to_string(),
        table: claim.id.split('.').take(2).collect::<Vec<_>>().join("."),
        cell: format!("{} ({})", claim.id, claim.section),
        printed: claim.printed.clone(),
        class: claim.class,
        rebuilt: None,
        verdict: Verdict::Pending,
        detail: format!("text claim not checked yet: {}", claim.claim),
    }
}

/// `panel/row/column/part` with the default panel `main` and part `value` left out.
fn cell_name(key: &CellKey) -> String {
    let mut parts = Vec::new();
    if key.panel != "main" {
        parts.push(key.panel.as_str());
    }
    parts.push(&key.row);
    parts.push(&key.column);
    if key.part != crate::results::VALUE {
        parts.push(&key.part);
    }
    parts.join("/")
}

/// Digits after the decimal point of a printed number (`.987` → 3, `11,214` → 0, `87.9%` → 1).
pub fn printed_decimals(printed: &str) -> usize {
    let digits = printed.trim_end_matches('%');
    digits.find('.').map_or(0, |i| {
        digits[i + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .count()
    })
}

/// Why the ledger of a project could not be built.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    #[error(transparent)]
    Published(#[from] crate::published::PublishedError),
    #[error(transparent)]
    Reproduce(#[from] crate::reproduce::ReproduceError),
}

/// Loads the published values of every paper of `manifest`, rebuilds every built artefact and returns
/// the ledger.
pub fn check_project(
    manifest: &Manifest,
    context: &crate::experiments::Context,
) -> Result<Ledger, CheckError> {
    let root = &context.root;
    let published = manifest
        .papers
        .iter()
        .map(|p| crate::published::load(&root.join(&p.published)))
        .collect::<Result<Vec<_>, _>>()?;
    let built = crate::reproduce::select(manifest, &[])?;
    let rebuilt = crate::reproduce::rebuild(&built, context)?;
    Ok(ledger(manifest, &published, &rebuilt))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_printed_decimals() {
        assert_eq!(printed_decimals(".987"), 3);
        assert_eq!(printed_decimals("11,214"), 0);
        assert_eq!(printed_decimals("87.9%"), 1);
        assert_eq!(printed_decimals("\u{2212}0.128"), 3);
        assert_eq!(printed_decimals("13"), 0);
    }
}
