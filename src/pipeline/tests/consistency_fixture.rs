//! A newcomer adds a consistency check entry by editing YAML only (README, "Layout"): a wiring file
//! with entries that `paper/consistency.yaml` does not have, over existing check kinds
//! (`tests/fixtures/consistency-extra-check.yaml`), is read and applied without a code change, and
//! its verdicts reach the ledger.

use std::collections::BTreeMap;

use crate::consistency::wiring::{self, CONSISTENCY_FILE};
use crate::ledger::{Verdict, cell_name, ledger_checked};
use crate::manifest::Manifest;
use crate::pipeline::reproduce::{load_published, manifest_path};
use crate::published::PublishedFile;

use super::common;

const FIXTURE: &str = "tests/fixtures/consistency-extra-check.yaml";
const STATEMENT: &str = "B.stmt.fixture_2lancers_above_each_lancer";

/// The published values as the pipeline reads them (parameter-derived columns resolved).
fn published(manifest: &Manifest) -> Vec<PublishedFile> {
    load_published(manifest, &common::project_root()).unwrap()
}

#[test]
fn extra_entries_of_existing_kinds_reach_the_ledger() {
    let root = common::project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
    let published = published(&manifest);
    let checks = wiring::load_and_evaluate(&root.join(FIXTURE), &manifest, &published).unwrap();
    let ledger = ledger_checked(
        &manifest,
        &published,
        &checks,
        &BTreeMap::new(),
        &Default::default(),
    );

    // The statement: 2lancers' count above lancer1's and lancer2's in every column of B.T5,
    // recomputed here from the printed cells.
    let lancers = &published[1];
    let count = |row: &str, column: &str| {
        lancers
            .cells()
            .find(|c| c.table == "B.T5" && c.row == row && c.column == column)
            .map(|c| c.value)
            .unwrap()
    };
    let columns = ["nDCG@10", "Q@10", "nERR@10"];
    let expected = columns.iter().all(|column| {
        ["lancer1", "lancer2"]
            .iter()
            .all(|single| count("2lancers", column) > count(single, column))
    });
    let entry = ledger
        .entries
        .iter()
        .find(|e| e.cell.starts_with(STATEMENT))
        .expect("the fixture's statement has a ledger entry");
    let want = if expected {
        Verdict::Holds
    } else {
        Verdict::Fails
    };
    assert_eq!(entry.verdict, want, "{}", entry.detail);
    assert!(entry.detail.contains("6 comparisons"), "{}", entry.detail);

    // The bold entry at alpha = 0.01: each p-value of A.T3 is consistent exactly when its bold mark
    // agrees with p < 0.01 and its row has exactly one p below 0.01.
    let unanimity = &published[0];
    let p_cells: Vec<_> = unanimity
        .cells()
        .filter(|c| c.table == "A.T3" && c.part == "p")
        .collect();
    assert!(!p_cells.is_empty());
    let mut inconsistent = 0;
    for cell in &p_cells {
        let row_below = p_cells
            .iter()
            .filter(|c| c.panel == cell.panel && c.row == cell.row && c.value < 0.01)
            .count();
        let bold_ok = cell.bold.is_none_or(|b| b == (cell.value < 0.01));
        let want = if bold_ok && row_below == 1 {
            Verdict::Consistent
        } else {
            Verdict::Inconsistent
        };
        inconsistent += usize::from(want == Verdict::Inconsistent);
        let key = cell.key();
        let entry = ledger
            .entries
            .iter()
            .find(|e| e.table == "A.T3" && e.cell == cell_name(&key))
            .unwrap();
        assert_eq!(entry.verdict, want, "{key}: {}", entry.detail);
        assert!(entry.detail.contains("α = 0.01"), "{key}: {}", entry.detail);
    }
    // Table 3 prints p-values in [0.01, 0.05) in bold: the stricter alpha must flag some of them.
    assert!(inconsistent > 0);
}

#[test]
fn the_fixture_entries_are_not_in_the_project_wiring() {
    let root = common::project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
    let published = published(&manifest);
    let project =
        wiring::load_and_evaluate(&root.join(CONSISTENCY_FILE), &manifest, &published).unwrap();
    assert!(project.statements.iter().all(|s| s.id != STATEMENT));
    let fixture = wiring::load_and_evaluate(&root.join(FIXTURE), &manifest, &published).unwrap();
    assert!(fixture.statements.iter().any(|s| s.id == STATEMENT));
}

/// Found by the fuzz campaign: a `tau` entry naming billions of runs made the grid check enumerate
/// every attainable tau (minutes, then memory). The run count is bounded, and the error names the
/// entry's line.
#[test]
fn a_tau_entry_with_too_many_runs_is_an_error_at_its_line() {
    let root = common::project_root();
    let manifest = crate::papers::load_manifest(&root.join("paper/manifest.yaml")).unwrap();
    let published = published(&manifest);
    let text = std::fs::read_to_string(root.join(CONSISTENCY_FILE))
        .unwrap()
        .replacen(
            "{table: B.T3, runs: 13, decimals: 3}",
            "{table: B.T3, runs: 4294967295, decimals: 3}",
            1,
        );
    let line = text
        .lines()
        .position(|l| l.contains("runs: 4294967295"))
        .unwrap()
        + 1;
    let path = std::path::Path::new("consistency.yaml");
    let parsed = wiring::parse(&text, path).unwrap();
    let err = wiring::evaluate(&parsed, &manifest, &published, (&text, path))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(&format!("consistency.yaml:{line}"))
            && err.contains("runs must be between 2 and 2000"),
        "{err}"
    );
}
