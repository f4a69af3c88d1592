//! Reviewer mode through the binary: every derived cell has a verdict, the JSON has exactly the
//! documented fields, and `check`'s filters and exit codes behave, against the shared build
//! ([`built`]). That every published number has a ledger entry, and the findings' hints and
//! wording, are tested on the ledger itself (`src/pipeline/tests/claims_ledger.rs`).

use crate::built;
use crate::common::{self, TestCommand};

use std::collections::BTreeSet;
use std::path::Path;

fn root() -> std::path::PathBuf {
    common::project_root()
}

/// Every derived cell of the tables is covered by a consistency check (none left pending).
#[test]
fn every_derived_table_cell_has_a_consistency_verdict() {
    let mut derived = 0;
    for e in built::ledger().iter().filter(|e| {
        e["class"] == "derived" && e["table"].as_str().is_some_and(|t| t.contains(".T"))
    }) {
        assert!(
            ["consistent", "inconsistent", "holds", "fails", "undecided"]
                .iter()
                .any(|v| e["verdict"] == *v),
            "{} {} is {}: {}",
            e["table"],
            e["cell"],
            e["verdict"],
            e["detail"]
        );
        derived += 1;
    }
    assert!(derived > 0, "no derived table cell in the ledger");
}

fn run(root: &Path, args: &[&str]) -> std::process::Output {
    TestCommand::new().args(args).current_dir(root).run()
}

#[test]
fn json_has_exactly_the_issue_fields_and_filters_apply() {
    let output = built::check()
        .args([
            "--format",
            "json",
            "--only",
            "B.T5",
            "--verdict",
            "inconsistent",
        ])
        .run();
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
    let output = built::check().args(["--strict", "--only", "B.T8"]).run();
    assert_eq!(
        output.status.code(),
        Some(1),
        "the papers have inconsistencies"
    );
    let output = built::check().arg("--findings").run();
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
    let output = built::check().args(["--only", "B.T4"]).run();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let entries: Vec<&str> = text.lines().filter(|l| l.starts_with("B B.T4")).collect();
    assert!(!entries.is_empty(), "{text}");
    assert!(entries.iter().all(|l| l.chars().count() <= 100), "{text}");
    assert!(
        !text.contains("SSO = 23/(6 + 23 + 7)"),
        "no arithmetic by default"
    );
    let output = built::check().args(["--only", "B.T4", "--detail"]).run();
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
    let output = built::check().root(project.path()).run();
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
        let output = built::check().root(project.path()).run();
        assert!(!output.status.success(), "{file}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(&format!("{file}:{line}")), "{stderr}");
        assert!(
            stderr.contains("`ug_p[2]`: the artefact's parameter `p` has 2 value(s)"),
            "{stderr}"
        );
    }
}
