//! A third paper is YAML only when it reuses existing experiment kinds (ARCHITECTURE.md, "A paper is
//! a folder"): `tests/fixtures/third-paper/` declares paper C (a manifest entry with paper A's
//! `unanimity.gain_examples`, its printed values, one consistency wiring entry, its literate sources
//! and its ratings), and `reproduce` and `check` run on it as on the shipped papers, with no code of
//! its own.

use std::fs;
use std::path::Path;

use serde_json::Value;

use crate::common::{self, TestCommand};

const FIXTURE: &str = "tests/fixtures/third-paper";

/// A scratch project holding the fixture paper and the project's templates.
fn fixture_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    common::copy_dir(&common::project_root().join(FIXTURE), dir.path());
    common::copy_dir(
        &common::project_root().join("templates"),
        &dir.path().join("templates"),
    );
    dir
}

/// `check --format json` on the project at `root`, and its exit code.
fn check(root: &Path) -> (Vec<Value>, i32) {
    let output = TestCommand::new()
        .root(root)
        .current_dir(root)
        .args(["check", "--format", "json"])
        .run();
    let entries: Vec<Value> = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "check printed no JSON ({e}): {}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    (entries, output.status.code().unwrap())
}

fn entry<'a>(entries: &'a [Value], table: &str, cell: &str) -> &'a Value {
    entries
        .iter()
        .find(|e| e["table"] == table && e["cell"].as_str().unwrap().starts_with(cell))
        .unwrap_or_else(|| panic!("no ledger entry {table} {cell}"))
}

#[test]
fn the_fixture_paper_reproduces_and_checks_with_no_code_of_its_own() {
    let project = fixture_project();
    let root = project.path();
    let stdout = TestCommand::new()
        .root(root)
        .current_dir(root)
        .args(["reproduce", "--out", "build"])
        .stdout();
    assert!(stdout.contains("C.T1"), "{stdout}");
    let table = fs::read_to_string(root.join("build/fixture/C.T1.md")).unwrap();
    assert!(table.contains("UG_i (p = 0.5)"), "{table}");
    let report = fs::read_to_string(root.join("build/fixture/report.md")).unwrap();
    assert!(report.contains("UG = 12 with p = 0.5"), "{report}");

    let (entries, code) = check(root);
    assert_eq!(code, 0, "{entries:#?}");
    // 4 items × (4 ratings + RawG, D, WG, UG) printed cells and one number of the running text.
    assert_eq!(entries.len(), 4 * 8 + 1, "{entries:#?}");
    for e in &entries {
        assert_eq!(e["paper"], "C", "{e}");
        assert_eq!(e["class"], "exact", "{e}");
        // The ratings are printed inputs, echoed back (never a match); every other number matches.
        let expected = if e["input"] == true {
            "echoed"
        } else {
            "match"
        };
        assert_eq!(e["verdict"], expected, "{e}");
    }
    let text = entry(&entries, "C.text", "C.text.unanimous_ug");
    assert_eq!(text["rebuilt"], "12", "{text}");
}

/// The ledger is not a rubber stamp: a misprint in the fixture's table is a mismatch of that cell
/// (and `check` exits 1), and the running text that quotes the table still matches the rebuilt value.
#[test]
fn a_misprinted_cell_of_the_fixture_paper_is_a_mismatch() {
    let project = fixture_project();
    let root = project.path();
    let published = root.join("paper/published/fixture.yaml");
    let text = fs::read_to_string(&published).unwrap();
    let line = r#"row: c2, column: rawg, printed: "6", value: 6"#;
    assert!(text.contains(line));
    fs::write(
        &published,
        text.replace(line, r#"row: c2, column: rawg, printed: "7", value: 7"#),
    )
    .unwrap();

    let (entries, code) = check(root);
    assert_eq!(code, 1, "{entries:#?}");
    let cell = entry(&entries, "C.T1", "c2/rawg");
    assert_eq!(cell["verdict"], "mismatch", "{cell}");
    assert_eq!(cell["rebuilt"], "6", "{cell}");
    let mismatches = entries
        .iter()
        .filter(|e| e["verdict"] != "match" && e["verdict"] != "echoed")
        .count();
    assert_eq!(mismatches, 1, "{entries:#?}");
}
