//! A.X1 (paper A beyond the paper) through the binary: the real NTCIR-12 STC Japanese ratings,
//! shipped in `data/external/ntcir12-stc-japanese/` (Apache-2.0, see its `SOURCE.md`). The skip
//! path (data absent) and the error path (data malformed) run on scratch copies of the project. The
//! experiment's numbers against an independent parse of the label file:
//! `src/pipeline/tests/unanimity_real.rs`.

#![allow(clippy::unwrap_used)]

use std::fs;
use std::path::Path;

use crate::common::{self, TestCommand};

const ID: &str = "A.X1";

/// A.X1's label file, vendored under `data/external/`.
const LABELS: &str = "data/external/ntcir12-stc-japanese/test-final-labeled.txt.gz";

fn run(root: &Path, args: &[&str]) -> std::process::Output {
    TestCommand::new().root(root).args(args).run()
}

/// In a copy of the project whose vendored label file was deleted (a user may do that), A.X1 is
/// skipped with a message, the other artefacts are rebuilt, and `check` lists A.X1 as pending real
/// data.
#[test]
fn missing_real_data_is_skipped_and_listed_as_pending() {
    let dir = common::scratch_project();
    let root = dir.path().to_path_buf();
    fs::remove_file(root.join(LABELS)).unwrap();

    let out = root.join("build");
    let output = run(
        &root,
        &[
            "reproduce",
            "--replicates",
            common::TEST_REPLICATES_ARG,
            "--design-points",
            common::TEST_STUDIES[3],
            "--out",
            out.to_str().unwrap(),
        ],
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(
        stdout.contains(&format!("A.X1       skipped: input {LABELS}")),
        "{stdout}"
    );
    assert!(!out.join("unanimity/A.X1.md").exists());
    assert!(out.join("unanimity/A.T1.md").is_file());
    let tables = fs::read_to_string(out.join("unanimity/tables.tex")).unwrap();
    assert!(!tables.contains("A.X1"), "{tables}");

    let output = run(&root, &["check", "--format", "json"]);
    assert_eq!(output.status.code(), Some(0));
    let entries: Vec<serde_json::Value> = serde_json::from_slice(&output.stdout).unwrap();
    let skipped: Vec<_> = entries.iter().filter(|e| e["table"] == ID).collect();
    assert_eq!(skipped.len(), 1, "{skipped:?}");
    assert_eq!(skipped[0]["verdict"], "pending");
    assert_eq!(skipped[0]["class"], "real-data");
}

/// A label file that exists but is malformed is an error naming the file and line, not a skip.
#[test]
fn malformed_real_data_is_an_error_with_file_and_line() {
    let project = common::scratch_project();
    let labels = project.path().join("data/labels.txt");
    fs::write(
        &labels,
        "p1\tr1\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\np1\tr2\t0\t1\t2\t0\t0\t0\t0\t0\t0\n",
    )
    .unwrap();
    let manifest_file = project.path().join("paper/manifest.yaml");
    let text = fs::read_to_string(&manifest_file)
        .unwrap()
        .replace(LABELS, "data/labels.txt");
    fs::write(&manifest_file, text).unwrap();
    let output = run(project.path(), &["reproduce", "--only", ID]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("data/labels.txt:2: expected N = 10 labels (none NA)"),
        "{stderr}"
    );
}
