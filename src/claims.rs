//! The claims ledger: every published number beside its rebuilt value, with its provenance class and a
//! verdict.
//!
//! A published cell's verdict is:
//! - `match` / `mismatch` when the artefact was rebuilt and holds the cell: the rebuilt value is compared
//!   at the printed precision, `|rebuilt − printed| ≤ ½·10^−d` where `d` is the number of printed
//!   decimals (so either rounding of an exact tie is accepted);
//! - `consistent` / `inconsistent` for `derived` cells, and for `simulated` cells that a
//!   paper-internal consistency check covers ([`crate::consistency`], wired in `paper/consistency.yaml`):
//!   inconsistent if any applicable check fails, the detail naming each check;
//! - for other `simulated` cells `pending`, compared through the qualitative claims (`holds`/`fails`
//!   entries); a stand-in value is shown in `rebuilt` but never matched against the print;
//! - when a table was rebuilt from a user's real collection (`real_data`), its simulated cells become
//!   class `real-data` and are compared within Monte Carlo error: p-values (part `p`) within
//!   `3·sqrt(p(1−p)/B)` (B the artefact's `trials`) plus half a printed unit, everything else (taus,
//!   differences, effect sizes, counts) at the printed precision;
//! - text claims: `match`/`mismatch` for `exact` claims that repeat a rebuilt cell, `consistent` /
//!   `inconsistent` for claims whose arithmetic the wiring recomputes from printed numbers;
//! - statements of the running text (`paper/consistency.yaml`, `statements`): `holds` / `fails`.
//!
//! Only a `mismatch` of an `exact` cell makes `check` fail: numbers of other classes are information
//! about the paper or about the stand-in collections, never a reproduction failure (`check --strict`
//! also fails on `inconsistent`).

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;

use crate::consistency::outcome::{Checks, StatementOutcome, TextDerivation};
use crate::consistency::wiring;
use crate::consistency::{CheckKind, CheckResult, Hint};
use crate::manifest::{Manifest, Status};
use crate::model::{CellKey, ProvenanceClass};
use crate::published::{PublishedCell, PublishedFile, TextClaim};
use crate::results::{ClaimCheck, ResultTable};

/// The outcome for one ledger entry (also the values of `check --verdict`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, clap::ValueEnum)]
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
    /// What an `inconsistent` or failing entry points to, when its checks know (not serialised: the
    /// ledger's JSON keeps its fields; the findings word it).
    #[serde(skip)]
    pub hint: Option<Hint>,
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
fn is_finding(e: &Entry) -> bool {
    e.verdict == Verdict::Inconsistent
        || (e.verdict == Verdict::Fails
            && matches!(e.class, ProvenanceClass::Exact | ProvenanceClass::Derived))
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

/// Builds the ledger of `published` against the `rebuilt` tables of the artefacts of `manifest`.
/// No consistency check is applied (see [`ledger_checked`]).
pub fn ledger(
    manifest: &Manifest,
    published: &[PublishedFile],
    rebuilt: &BTreeMap<String, ResultTable>,
) -> Ledger {
    ledger_checked(manifest, published, &Checks::default(), rebuilt)
}

/// Builds the ledger of `published` against the `rebuilt` tables, with the verdicts of the
/// paper-internal consistency `checks` on `derived` and `simulated` entries and the statements.
pub fn ledger_checked(
    manifest: &Manifest,
    published: &[PublishedFile],
    checks: &Checks,
    rebuilt: &BTreeMap<String, ResultTable>,
) -> Ledger {
    let mut entries = Vec::new();
    for file in published {
        let paper = file.paper.to_string();
        for cell in file.cells() {
            let results = checks.cells.get(&cell.key()).map_or(&[][..], Vec::as_slice);
            entries.push(cell_entry(&paper, manifest, cell, results, rebuilt));
        }
        for claim in &file.text {
            entries.push(text_entry(
                &paper,
                claim,
                checks.text.get(&claim.id),
                rebuilt,
            ));
        }
        for statement in checks.statements.iter().filter(|s| s.paper == file.paper) {
            entries.push(statement_entry(statement));
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
    }
}

/// What the failed checks of an entry point to: the hint of highest precedence among them.
fn checks_hint(results: &[CheckResult]) -> Option<Hint> {
    results
        .iter()
        .filter(|r| !r.ok)
        .fold(None, |hint, r| Hint::first(hint, r.hint))
}

/// The verdict and detail of the consistency checks on one entry (`None` when none applies).
fn checked(results: &[CheckResult]) -> Option<(Verdict, String)> {
    if results.is_empty() {
        return None;
    }
    let ok = results.iter().all(|r| r.ok);
    let mut seen = Vec::new();
    let shown: Vec<String> = results
        .iter()
        .filter(|r| !ok || r.ok)
        .filter(|r| !r.ok || ok)
        .filter(|r| {
            let new = !seen.contains(&r.detail);
            seen.push(r.detail.clone());
            new
        })
        .map(|r| format!("{}: {}", r.check, r.detail))
        .collect();
    let verdict = if ok {
        Verdict::Consistent
    } else {
        Verdict::Inconsistent
    };
    Some((verdict, shown.join("; ")))
}

/// The verdict on a stand-in number fitted to a printed one: `holds` when within the fit's tolerance.
fn fitted_verdict(rebuilt: f64, printed: f64, tolerance: f64) -> (Verdict, String) {
    let difference = (rebuilt - printed).abs();
    let holds = difference <= tolerance + 1e-9;
    let detail = format!(
        "the stand-in is fitted to this printed number: |{rebuilt:.6} − {printed}| = {difference:.6} {} {tolerance} (the fit's tolerance); it agrees by construction and reproduces nothing by itself",
        if holds { "≤" } else { ">" }
    );
    (
        if holds {
            Verdict::Holds
        } else {
            Verdict::Fails
        },
        detail,
    )
}

fn cell_entry(
    paper: &str,
    manifest: &Manifest,
    cell: &PublishedCell,
    results: &[CheckResult],
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
        hint: None,
    };
    let decimals = printed_decimals(&cell.printed);
    let table = rebuilt.get(&key.table);
    let value = table.and_then(|t| t.cells.get(&key)).copied();
    let shown = value.map(|v| format!("{v:.decimals$}"));
    let real_data = table.is_some_and(|t| t.real_data);
    if cell.class != ProvenanceClass::Exact
        && !(real_data && cell.class == ProvenanceClass::Simulated)
    {
        // A stand-in cell fitted to the print: within the fit's tolerance by construction.
        if let (Some(v), Some(&tolerance)) = (value, table.and_then(|t| t.fitted.get(&key))) {
            let (verdict, mut detail) = fitted_verdict(v, cell.value, tolerance);
            if let Some((_, checks)) = checked(results) {
                detail.push_str("; paper-internal checks: ");
                detail.push_str(&checks);
            }
            return Entry {
                rebuilt: shown,
                verdict,
                detail,
                hint: checks_hint(results),
                ..base
            };
        }
        // Derived and simulated cells: paper-internal consistency, never a match against a stand-in.
        let (verdict, detail) = checked(results).unwrap_or_else(|| {
            let why = if cell.class == ProvenanceClass::Simulated {
                "needs unpublished data; compared through the qualitative claims (holds/fails entries)"
            } else {
                "no consistency check applies to this cell"
            };
            (Verdict::Pending, why.to_string())
        });
        return Entry {
            rebuilt: shown,
            verdict,
            detail,
            hint: checks_hint(results),
            ..base
        };
    }
    if table.is_none() {
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
    let Some(value) = value else {
        // A panel whose rows the experiment chose at run time (A.T3's discrepancies) lists its own
        // rows; a printed row it does not have is compared through the table's claims instead.
        let detail = if table.is_some_and(|t| t.dynamic_rows.contains_key(&key.panel)) {
            "the rebuilt panel lists its own rows (found at run time), not this printed row; compared through the table's claims"
        } else {
            "the experiment does not rebuild this cell yet (see the table's notes)"
        };
        return Entry {
            detail: detail.to_string(),
            ..base
        };
    };
    let half_unit = crate::consistency::half_unit(decimals as u32);
    let (class, tolerance, why) = if real_data {
        let trials = manifest
            .artefact(&key.table)
            .and_then(|a| a.parameters.trials)
            .unwrap_or(0);
        if key.part == "p" && trials > 0 {
            let p = cell.value.clamp(0.0, 1.0);
            let mc = 3.0 * (p * (1.0 - p) / f64::from(trials)).sqrt();
            (
                ProvenanceClass::RealData,
                half_unit + mc + 1e-9,
                format!("half a printed unit + 3·√(p(1−p)/{trials}) Monte Carlo error"),
            )
        } else {
            (
                ProvenanceClass::RealData,
                half_unit + 1e-9,
                "half a unit in the last printed digit; real data".to_string(),
            )
        }
    } else {
        (
            cell.class,
            half_unit + 1e-9,
            "half a unit in the last printed digit".to_string(),
        )
    };
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
        class,
        rebuilt: shown,
        verdict,
        detail: format!(
            "|{value:.6} − {}| = {difference:.6} {relation} {tolerance:.6} ({why})",
            cell.value
        ),
        ..base
    }
}

fn text_entry(
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
    let tolerance = crate::consistency::half_unit(decimals as u32) + 1e-9;
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

/// A statement of the running text checked on the printed numbers.
fn statement_entry(statement: &StatementOutcome) -> Entry {
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
    }
}

/// `panel/row/column/part` with the default panel `main` and part `value` left out.
pub fn cell_name(key: &CellKey) -> String {
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

/// Loads the consistency wiring (`paper/consistency.yaml` under `root`) and evaluates its checks on
/// the `published` values.
pub fn load_checks(
    root: &std::path::Path,
    published: &[PublishedFile],
) -> Result<Checks, wiring::WiringError> {
    wiring::load_and_evaluate(&root.join(wiring::CONSISTENCY_FILE), published)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitted_cells_hold_within_the_fit_tolerance_only() {
        // B.T1's per-topic kappa targets are fitted within 0.0004 (data/lancers/www-standin.yaml).
        let (verdict, detail) = fitted_verdict(-0.128353, -0.128, 0.0004);
        assert_eq!(verdict, Verdict::Holds, "{detail}");
        let (verdict, detail) = fitted_verdict(-0.1290, -0.128, 0.0004);
        assert_eq!(verdict, Verdict::Fails, "{detail}");
        assert!(detail.contains("> 0.0004"), "{detail}");
        // Counts are fitted exactly.
        assert_eq!(fitted_verdict(19.0, 19.0, 0.0).0, Verdict::Holds);
        assert_eq!(fitted_verdict(18.0, 19.0, 0.0).0, Verdict::Fails);
    }

    #[test]
    fn counts_printed_decimals() {
        assert_eq!(printed_decimals(".987"), 3);
        assert_eq!(printed_decimals("11,214"), 0);
        assert_eq!(printed_decimals("87.9%"), 1);
        assert_eq!(printed_decimals("\u{2212}0.128"), 3);
        assert_eq!(printed_decimals("13"), 0);
    }
}
