//! Reviewer mode: every published number has a ledger entry, the JSON has exactly the issue's
//! fields, the findings come from the checks, and `check`'s filters and exit codes behave.

use crate::common::{self, TestCommand};

use std::collections::BTreeSet;
use std::path::Path;

use evia_repro::consistency::Hint;
use evia_repro::consistency::tukey::EffectSizeReading;
use evia_repro::ledger::{Verdict, cell_name, findings};
use evia_repro::papers::Context;
use evia_repro::pipeline::check_project;
use evia_repro::pipeline::reproduce::{load_published, manifest_path};

fn root() -> std::path::PathBuf {
    common::project_root()
}

fn ledger() -> evia_repro::ledger::Ledger {
    let manifest =
        evia_repro::papers::load_manifest(&manifest_path(&root())).expect("manifest loads");
    check_project(&manifest, &Context::new(root(), manifest.seed)).expect("check runs")
}

#[test]
fn no_published_cell_or_text_claim_is_missing_from_the_ledger() {
    let ledger = ledger();
    let entries: BTreeSet<(String, String)> = ledger
        .entries
        .iter()
        .map(|e| (e.table.clone(), e.cell.clone()))
        .collect();
    let mut walked = 0;
    let manifest =
        evia_repro::papers::load_manifest(&manifest_path(&root())).expect("manifest loads");
    for published in load_published(&manifest, &root()).expect("published files load") {
        for cell in published.cells() {
            let key = cell.key();
            assert!(
                entries.contains(&(key.table.clone(), cell_name(&key))),
                "no ledger entry for {key}"
            );
            walked += 1;
        }
        for claim in &published.text {
            assert!(
                ledger.entries.iter().any(|e| e.cell.starts_with(&claim.id)),
                "no ledger entry for {}",
                claim.id
            );
            walked += 1;
        }
    }
    assert!(walked > 700, "walked only {walked} published numbers");
}

/// Every derived cell of the tables is covered by a consistency check (none left pending).
#[test]
fn every_derived_table_cell_has_a_consistency_verdict() {
    for e in ledger().entries.iter().filter(|e| {
        e.class == evia_repro::published::ProvenanceClass::Derived && e.table.contains(".T")
    }) {
        assert!(
            matches!(
                e.verdict,
                Verdict::Consistent
                    | Verdict::Inconsistent
                    | Verdict::Holds
                    | Verdict::Fails
                    | Verdict::Undecided
            ),
            "{} {} is {:?}: {}",
            e.table,
            e.cell,
            e.verdict,
            e.detail
        );
    }
}

/// The findings are produced by the checks: B.T4(b) all3 vs lancer1 (6/23/7 printed 71.9%, while
/// 23/36 = 63.9% and Table 5 gives lancer1 26 = b + c only with c = 3), the off-centre intervals
/// of B.T3 (e.g. 0.974 [0.696, 1.048], centred on 0.872), and A.T3's effect sizes.
#[test]
fn findings_come_from_the_checks() {
    let ledger = ledger();
    let b = findings(&ledger, "B");
    // The Table 4/5 slip is one finding: the SSO and both pair counts it breaks (B.T4's b, c and
    // sso_pct, B.T5's lancer1 Q@10 count), named by the one change that repairs them.
    let slips: Vec<_> = b
        .iter()
        .filter(|f| f.hint == Some(Hint::TypesettingSlip))
        .collect();
    assert_eq!(slips.len(), 1, "{slips:#?}");
    let slip = slips[0];
    assert_eq!(slip.table, "B.T4 and B.T5");
    assert_eq!(slip.place, "Tables 4 and 5 — 4 numbers");
    // Every affected cell by its label (what the cells share named once), never by its id; the
    // ids stay in `cell`, for the JSON.
    assert_eq!(
        slip.cells,
        "Table 4, Mean Q@10, all3, lancer1: b, c, SSO; Table 5, lancer1, Mean Q@10: count"
    );
    assert_eq!(
        slip.cell,
        "Q@10/all3/lancer1/b, Q@10/all3/lancer1/c, Q@10/all3/lancer1/sso_pct, lancer1/Q@10/count"
    );
    assert!(
        slip.text
            .contains("Table 4, Q@10, all3 vs lancer1: c = 3 instead of 7"),
        "{}",
        slip.text
    );
    assert!(
        b.iter()
            .all(|f| f.table == "B.T4 and B.T5" || !f.table.starts_with("B.T4")),
        "no other B.T4 finding"
    );
    assert!(
        b.iter().all(|f| f.table != "B.T5"),
        "no separate B.T5 finding"
    );
    // The place is said once: the text does not repeat the cell labels; no raw id reaches a person.
    assert!(
        b.iter()
            .all(|f| f.cells.is_empty() || !f.text.contains(&f.cells))
    );
    for f in b.iter().chain(findings(&ledger, "A").iter()) {
        for words in [&f.place, &f.cells, &f.text, &f.headline] {
            assert!(
                !words.contains("/r0") && !words.contains("/all3/") && !words.contains("B.T5 "),
                "{words}"
            );
        }
    }
    assert!(b.iter().any(|f| f.table == "B.T3"
        && f.cell.contains("nDCG@10/all3/2lancers")
        && f.text.contains("0.8720")));
    assert!(
        b.iter()
            .any(|f| f.cell.contains("t6_full_low_not_equivalent"))
    );
    // One finding per root cause: B.T3's shifted intervals are one finding, however many cells.
    assert_eq!(
        b.iter()
            .filter(|f| f.table == "B.T3" && f.hint == Some(Hint::ShiftedInterval))
            .count(),
        1
    );
    let a = findings(&ledger, "A");
    // Paper A's ES_HSD cause (|d|/V_E fits, |d|/√V_E does not) is one finding listing its 24 rows.
    let es_hsd: Vec<_> = a.iter().filter(|f| f.table == "A.T3").collect();
    assert_eq!(es_hsd.len(), 1);
    assert_eq!(
        es_hsd[0].hint,
        Some(Hint::DefinitionMismatch {
            fits: Some(EffectSizeReading::Variance)
        })
    );
    assert!(
        es_hsd[0].cell.starts_with("24 rows: nG@1/r01, nG@1/r02"),
        "{}",
        es_hsd[0].cell
    );
    assert_eq!(es_hsd[0].place, "Table 3 — 24 rows");
    assert!(
        es_hsd[0].cells.starts_with(
            "nG@1, Dmax = 2, N = 5: MSRSC-C-R1 vs. Grad1-C-R1, ICL00-C-R1 vs. Grad1-C-R1"
        ),
        "{}",
        es_hsd[0].cells
    );
    assert_eq!(es_hsd[0].cells.matches(" vs. ").count(), 24);
    assert!(
        es_hsd[0].text.contains(
            "The arithmetic, for the first of them (nG@1, Dmax = 2, N = 5: MSRSC-C-R1 vs. Grad1-C-R1)"
        ),
        "{}",
        es_hsd[0].text
    );
    assert!(a.iter().all(|f| !f.text.is_empty()));
    // Consistent tables produce no finding.
    assert!(
        b.iter()
            .all(|f| f.table != "B.T6" || f.cell.contains(".stmt."))
    );
    assert!(b.iter().all(|f| f.table != "B.T8"));
}

fn run(root: &Path, args: &[&str]) -> std::process::Output {
    TestCommand::new().args(args).current_dir(root).run()
}

#[test]
fn json_has_exactly_the_issue_fields_and_filters_apply() {
    let output = run(
        &root(),
        &[
            "check",
            "--format",
            "json",
            "--only",
            "B.T5",
            "--verdict",
            "inconsistent",
        ],
    );
    assert!(output.status.success());
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let entries = value.as_array().expect("an array");
    assert_eq!(entries.len(), 1, "{value}");
    for entry in entries {
        let keys: BTreeSet<&str> = entry
            .as_object()
            .expect("an object")
            .keys()
            .map(String::as_str)
            .collect();
        // The ledger's fields, then the account's: the term, its words and the findings.
        assert_eq!(
            keys,
            BTreeSet::from([
                "paper", "table", "cell", "kind", "printed", "class", "basis", "rebuilt",
                "stand_in", "verdict", "detail", "built_in", "holding", "term", "words",
                "findings"
            ])
        );
        assert_eq!(entry["term"], "inconsistent");
        assert_eq!(entry["cell"], "lancer1/Q@10/count");
    }
}

#[test]
fn strict_fails_on_inconsistencies_and_findings_print() {
    let output = run(&root(), &["check", "--strict", "--only", "B.T8"]);
    assert_eq!(
        output.status.code(),
        Some(1),
        "the papers have inconsistencies"
    );
    let output = run(&root(), &["check", "--findings"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(text.contains("## Findings: paper A"));
    assert!(text.contains("## Findings: paper B"));
    // One numbered entry per root cause: the Table 4/5 slip once, naming its repairing change, and
    // paper A's ES_HSD once, listing its 24 rows.
    let entries = |needle: &str| {
        text.lines()
            .filter(|l| {
                l.split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
            })
            .filter(|l| l.contains(needle))
            .count()
    };
    assert_eq!(entries("c = 3 instead of 7"), 1, "{text}");
    assert_eq!(entries("Table 5, lancer1, Mean Q@10: count"), 1, "{text}");
    assert_eq!(entries("Table 3 — 24 rows"), 1, "{text}");
    assert_eq!(entries("Table 3 — 24 rows: A row's p-value"), 1, "{text}");
    // Affected cells by their labels, never their ids.
    assert!(
        !text.contains("nG@1/r0") && !text.contains("/all3/"),
        "{text}"
    );
}

/// `check`'s default text view is one line per entry that fits a terminal of 100 columns;
/// `--detail` adds the arithmetic beneath each line.
#[test]
fn check_text_is_one_line_per_entry_and_detail_adds_the_arithmetic() {
    let output = run(&root(), &["check", "--only", "B.T4"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let entries: Vec<&str> = text.lines().filter(|l| l.starts_with("B B.T4")).collect();
    assert!(!entries.is_empty(), "{text}");
    assert!(entries.iter().all(|l| l.chars().count() <= 100), "{text}");
    assert!(
        !text.contains("SSO = 23/(6 + 23 + 7)"),
        "no arithmetic by default"
    );
    let output = run(&root(), &["check", "--only", "B.T4", "--detail"]);
    let detailed = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(detailed.contains("SSO = 23/(6 + 23 + 7)"), "{detailed}");
    assert_eq!(
        detailed.lines().filter(|l| l.starts_with("B B.T4")).count(),
        entries.len()
    );
}

/// `show` on a figure prints its series as a table: paper B Figure 1's 13 runs per measure, in
/// descending order of their all3 mean (the figure's order), one column per qrels version, with the
/// stand-in note.
#[test]
fn show_prints_a_figure_series_as_a_table() {
    let output = run(&root(), &["show", "B.F1"]);
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(text.contains("STAND-IN"), "{text}");
    let rows: Vec<Vec<f64>> = text
        .lines()
        .filter(|l| l.contains("TEAM-"))
        .map(|l| {
            l.split('┆')
                .skip(1)
                .map(|c| {
                    c.trim()
                        .trim_end_matches('│')
                        .trim()
                        .parse()
                        .expect("a number")
                })
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 3 * 13, "{text}");
    assert!(rows.iter().all(|r| r.len() == 5), "{text}");
    for panel in rows.chunks(13) {
        assert!(panel.windows(2).all(|w| w[0][0] >= w[1][0]), "{text}");
    }
}

#[test]
fn a_broken_wiring_reference_names_the_file_and_line() {
    let project = common::scratch_project();
    let path = project.path().join("paper/consistency.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replace(
            "B.T4/Q@10/lancer1/student/a}",
            "B.T4/Q@10/nobody/student/a}",
        ),
    )
    .unwrap();
    let output = run(project.path(), &["check"]);
    assert!(!output.status.success());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("consistency.yaml:"), "{stderr}");
    assert!(
        stderr.contains("no published cell `B.T4/Q@10/nobody/student/a`"),
        "{stderr}"
    );
}

/// Parameter-derived columns are named by index (`ug_p[0]`: UG_i with A.T1's first `p`); an index
/// the artefact's `p` does not have is an error naming the file and line, in the published values
/// as in the wiring.
#[test]
fn a_parameter_column_index_out_of_range_names_the_file_and_line() {
    for (file, from, to) in [
        (
            "paper/published/unanimity.yaml",
            r#"{panel: main, row: item4, column: "ug_p[1]""#,
            r#"{panel: main, row: item4, column: "ug_p[2]""#,
        ),
        (
            "paper/consistency.yaml",
            r#"cell: "A.T1/main/item3/ug_p[0]/value""#,
            r#"cell: "A.T1/main/item3/ug_p[2]/value""#,
        ),
    ] {
        let project = common::scratch_project();
        let path = project.path().join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{file} no longer has {from}");
        let line = text.lines().position(|l| l.contains(from)).unwrap() + 1;
        std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
        let output = run(project.path(), &["check"]);
        assert!(!output.status.success(), "{file}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(&format!("{file}:{line}")), "{stderr}");
        assert!(
            stderr.contains("`ug_p[2]`: the artefact's parameter `p` has 2 value(s)"),
            "{stderr}"
        );
    }
}
