//! The entry of one printed table cell: compared with its rebuild (`exact`, `real-data`), with the
//! fit of a stand-in, or through the paper-internal consistency checks.

use std::collections::BTreeMap;

use super::checks_verdict::{checked, checks_evidence, checks_hint, checks_repair};
use super::printed_number::cell_name;
use super::{Basis, Entry, EntryKind, Verdict};
use crate::consistency::{CheckResult, half_unit};
use crate::manifest::built_in::BuiltIns;
use crate::manifest::{Manifest, Status};
use crate::model::{ProvenanceClass, StandIn};
use crate::published::PublishedCell;
use crate::published::cell_label::CellWords;
use crate::published::printed_style::PrintedStyle;
use crate::results::ResultTable;

/// The verdict on a stand-in number fitted to a printed one: `fitted` when within the fit's
/// tolerance, else `fails`.
fn fitted_verdict(rebuilt: f64, printed: &str, value: f64, tolerance: f64) -> (Verdict, String) {
    let style = PrintedStyle::of(printed);
    let difference = (rebuilt - value).abs();
    let holds = difference <= tolerance + 1e-9;
    let detail = format!(
        "the stand-in is fitted to this printed number: |{} − {}| = {} {} {} (the fit's tolerance); it agrees by construction and reproduces nothing by itself",
        style.guarded(rebuilt),
        operand(printed),
        style.amount(difference),
        if holds { "≤" } else { ">" },
        style.amount(tolerance)
    );
    (
        if holds {
            Verdict::Fitted
        } else {
            Verdict::Fails
        },
        detail,
    )
}

/// The entry of one printed cell, against the `rebuilt` tables, the consistency check `results` on
/// it and the stand-in knobs' declarations `built_ins`.
pub(super) fn cell_entry(
    paper: &str,
    manifest: &Manifest,
    cell: &PublishedCell,
    results: &[CheckResult],
    rebuilt: &BTreeMap<String, ResultTable>,
    built_ins: &BuiltIns,
) -> Entry {
    let key = cell.key();
    let words = CellWords::in_layout(
        cell,
        manifest
            .artefact(&cell.table)
            .and_then(|a| a.layout.as_ref()),
    );
    let base = Entry {
        label: Some(words.label()),
        words: Some(words),
        ..Entry::pending(
            EntryKind::Cell,
            paper,
            &key.table,
            cell_name(&key),
            &cell.printed,
            cell.class,
            Basis::Paper,
        )
    };
    let style = PrintedStyle::of(&cell.printed);
    let table = rebuilt.get(&key.table);
    let value = table.and_then(|t| t.cells.get(&key)).copied();
    let real_data = table.is_some_and(|t| t.real_data);
    if cell.class != ProvenanceClass::Exact
        && !(real_data && cell.class == ProvenanceClass::Simulated)
    {
        // The table's number is the stand-in's when the artefact rests on one and the cell is one
        // the printed inputs do not determine; otherwise it is recomputed from those inputs.
        let stand_in = manifest
            .artefact(&key.table)
            .and_then(|a| a.experiment.stand_in(real_data));
        let from_stand_in = match stand_in {
            Some(StandIn::Whole) => true,
            Some(StandIn::Part) => cell.class == ProvenanceClass::Simulated,
            None => false,
        };
        let fitted = table.and_then(|t| t.fitted.get(&key)).copied();
        let shown = value.map(|v| style.format(v));
        let entry = Entry {
            hint: checks_hint(results),
            repair: checks_repair(results),
            evidence: checks_evidence(results),
            built_in: from_stand_in
                .then(|| built_ins.cell(&key).cloned())
                .flatten(),
            ..checked_entry(cell, value, fitted, results, base)
        };
        return if from_stand_in {
            Entry {
                stand_in: shown,
                ..entry
            }
        } else {
            Entry {
                rebuilt: shown,
                ..entry
            }
        };
    }
    let Some(table) = table else {
        return Entry {
            detail: not_rebuilt(manifest, &key.table),
            ..base
        };
    };
    let Some(value) = value else {
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
    let (class, tolerance, why) = tolerance(manifest, cell, real_data, style.decimals);
    let difference = (value - cell.value).abs();
    let input = table.inputs.contains(&key);
    let verdict = match (difference <= tolerance, input) {
        // A printed input read back: echoed, never counted as a match (rule 1).
        (true, true) => Verdict::Echoed,
        (true, false) => Verdict::Match,
        (false, _) => Verdict::Mismatch,
    };
    let relation = if difference <= tolerance { "≤" } else { ">" };
    Entry {
        class,
        basis: if class == ProvenanceClass::RealData {
            Basis::RealData
        } else {
            Basis::Paper
        },
        rebuilt: Some(style.format(value)),
        input,
        verdict,
        detail: format!(
            "|{} − {}| = {} {relation} {} ({why})",
            style.guarded(value),
            operand(&cell.printed),
            style.amount(difference),
            style.amount(tolerance)
        ),
        ..base
    }
}

/// A `derived` cell, or a `simulated` one not rebuilt from real data: the fit of a stand-in fitted to
/// the print (within `fitted`'s tolerance by construction), else the paper-internal consistency
/// checks, never a match against a stand-in.
fn checked_entry(
    cell: &PublishedCell,
    value: Option<f64>,
    fitted: Option<f64>,
    results: &[CheckResult],
    base: Entry,
) -> Entry {
    if let (Some(v), Some(tolerance)) = (value, fitted) {
        let (verdict, mut detail) = fitted_verdict(v, &cell.printed, cell.value, tolerance);
        if let Some((_, checks)) = checked(results) {
            detail.push_str("; paper-internal checks: ");
            detail.push_str(&checks);
        }
        return Entry {
            verdict,
            detail,
            basis: Basis::StandIn,
            ..base
        };
    }
    match checked(results) {
        Some((verdict, detail)) => Entry {
            verdict,
            detail,
            ..base
        },
        None if cell.class == ProvenanceClass::Simulated => Entry {
            detail: "needs unpublished data and no check of the paper applies to it; the stand-in re-tests the paper's claims about it instead".to_string(),
            basis: Basis::StandIn,
            ..base
        },
        None => Entry {
            detail: "no consistency check applies to this cell".to_string(),
            ..base
        },
    }
}

/// A printed number as the right operand of a difference: as printed, in parentheses when negative
/// (`|−0.12835 − (−0.128)|`).
fn operand(printed: &str) -> String {
    if printed.starts_with(['-', crate::published::printed_style::MINUS]) {
        format!("({printed})")
    } else {
        printed.to_string()
    }
}

/// Why a table has no rebuilt value in this run.
fn not_rebuilt(manifest: &Manifest, table: &str) -> String {
    match manifest.artefact(table) {
        Some(a) if a.status == Status::Pending => format!(
            "artefact pending: {}",
            a.pending_reason.as_deref().unwrap_or("not built yet")
        ),
        Some(_) => "artefact not rebuilt in this run".to_string(),
        None => "no artefact with this id in the manifest".to_string(),
    }
}

/// The class a rebuilt cell is compared under, the tolerance and why: half a unit in the last of the
/// `decimals` printed digits, plus three Monte Carlo standard errors `3·√(p(1−p)/B)` for a p-value
/// rebuilt from real data (B the artefact's `trials`).
fn tolerance(
    manifest: &Manifest,
    cell: &PublishedCell,
    real_data: bool,
    decimals: usize,
) -> (ProvenanceClass, f64, String) {
    let half_unit = half_unit(decimals as u32);
    if !real_data {
        return (
            cell.class,
            half_unit + 1e-9,
            "half a unit in the last printed digit".to_string(),
        );
    }
    let trials = manifest
        .artefact(&cell.table)
        .and_then(|a| a.parameters.trials())
        .unwrap_or(0);
    if cell.part == "p" && trials > 0 {
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitted_cells_hold_within_the_fit_tolerance_only() {
        // B.T1's per-topic kappa targets are fitted within 0.0004 (data/lancers/www-standin.yaml).
        let (verdict, detail) = fitted_verdict(-0.128353, "−0.128", -0.128, 0.0004);
        assert_eq!(verdict, Verdict::Fitted, "{detail}");
        assert!(
            detail.contains("|−0.12835 − (−0.128)| = 0.00035 ≤ 0.0004"),
            "{detail}"
        );
        let (verdict, detail) = fitted_verdict(-0.1290, "−0.128", -0.128, 0.0004);
        assert_eq!(verdict, Verdict::Fails, "{detail}");
        assert!(detail.contains("> 0.0004"), "{detail}");
        // Counts are fitted exactly, and read as counts: `|1,897 − 1,897| = 0 ≤ 0`.
        let (verdict, detail) = fitted_verdict(1897.0, "1,897", 1897.0, 0.0);
        assert_eq!(verdict, Verdict::Fitted);
        assert!(detail.contains("|1,897 − 1,897| = 0 ≤ 0 "), "{detail}");
        assert_eq!(fitted_verdict(18.0, "19", 19.0, 0.0).0, Verdict::Fails);
    }
}
