//! Issues 18 and 14: A.T3's per-(measure, Dmax, N) count claims carry their typed group, keep their
//! ids, and render in the report as one Dmax × N grid per measure (Markdown and LaTeX) instead of a
//! row each.

#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};

use crate::pipeline::reproduce::{load_published, manifest_path};
use crate::provenance::Stamp;
use crate::report::{ArtefactStatus, Format, ReportInput, render_report};
use crate::results::ResultTable;

use super::common;

/// The ledger of paper A with an A.T3 result that has no discrepancy row (every rebuilt count 0),
/// and paper A's report in `format`.
fn ledger_and_report(format: Format) -> (crate::ledger::Ledger, String) {
    let root = common::project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
    let paper = manifest.paper("A").unwrap();
    let published = load_published(&manifest, &root).unwrap();
    let mut results = BTreeMap::new();
    results.insert("A.T3".to_string(), ResultTable::new("A.T3"));
    let statuses: BTreeMap<String, ArtefactStatus> = manifest
        .artefacts
        .iter()
        .map(|a| {
            let status = match &a.pending_reason {
                Some(reason) if a.id != "A.T3" => ArtefactStatus::Pending(reason.clone()),
                _ if a.id == "A.T3" => ArtefactStatus::Built,
                _ => ArtefactStatus::NotRebuilt,
            };
            (a.id.to_string(), status)
        })
        .collect();
    let ledger = crate::ledger::ledger(&manifest, &published, &results);
    let stamp = Stamp::new("0000000000000000000000000000000000000000", manifest.seed);
    let file = published
        .iter()
        .find(|f| f.cells().any(|c| c.table == "A.T3"));
    let sources = crate::sources::Sources::Root(root.clone());
    let account = crate::account::account(&ledger, &manifest, &results);
    let input = ReportInput {
        sources: &sources,
        manifest: &manifest,
        paper,
        published: file,
        results: &results,
        statuses: &statuses,
        account: &account,
        figure_pdfs: &BTreeSet::new(),
        stamp: &stamp,
    };
    let report = render_report(&input, format).unwrap();
    (ledger, report)
}

/// Every A.T3 count claim (id `A.T3.count.<measure>.dmax=<d>.n=<n>`, unchanged) carries the typed
/// group of exactly that measure, Dmax and N, no other claim has one, and there are 3 measures × 3
/// Dmax × 5 N = 45 of them (paper A, Table 3: nG@1, P+, nERR; Dmax 2, 4, 8; N 5 to 80).
#[test]
fn every_a_t3_count_claim_has_its_typed_group_and_its_id() {
    let (ledger, _) = ledger_and_report(Format::Markdown);
    let mut counted = 0;
    for entry in &ledger.entries {
        let is_count = entry.cell.starts_with("A.T3.count.");
        assert_eq!(is_count, entry.group.is_some(), "{}", entry.cell);
        if let Some(g) = &entry.group {
            counted += 1;
            let id = format!("A.T3.count.{}.dmax={}.n={}", g.measure, g.dmax, g.n);
            assert_eq!(entry.cell, id);
        }
    }
    assert_eq!(counted, 45);
}

/// The report shows the count claims as a grid per measure (a `Dmax` header row with the N columns,
/// a row per Dmax) and no longer as one claim row each, in Markdown and in LaTeX.
#[test]
fn grouped_claims_render_as_grids_in_markdown_and_latex() {
    let (_, markdown) = ledger_and_report(Format::Markdown);
    assert!(!markdown.contains("| discrepancies for nG@1 at Dmax = 2, N = 5 |"));
    for measure in ["nG@1", "P+", "nERR"] {
        let title = format!("*Discrepancies counted for {measure} by Dmax (rows) and N (columns)*");
        let at = markdown.find(&title).unwrap_or_else(|| panic!("{title}"));
        let grid = &markdown[at..];
        assert!(
            grid.contains("| Dmax | N = 5 | N = 10 | N = 20 | N = 40 | N = 80 |"),
            "{grid}"
        );
        assert!(grid.contains("| 8 |"), "{grid}");
    }
    // In LaTeX the three grids share their N columns: one table, its header set once, each
    // measure opening with its title as a heading row.
    let (_, latex) = ledger_and_report(Format::Latex);
    assert_eq!(
        latex
            .matches("$D_\\mathrm{max}$ & N = 5 & N = 10 & N = 20 & N = 40 & N = 80 \\\\")
            .count(),
        1,
        "{latex}"
    );
    for measure in ["nG@1", "P+", "nERR"] {
        let heading = format!(
            "\\multicolumn{{6}}{{l}}{{\\textit{{Discrepancies counted for {measure} by Dmax (rows) and N (columns)}}}} \\\\*"
        );
        assert!(latex.contains(&heading), "{heading}\n{latex}");
    }
    assert!(!latex.contains("\\textbf{discrepancies for nG@1 at Dmax = 2, N = 5}"));
}
