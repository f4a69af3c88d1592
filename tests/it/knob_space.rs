//! The knob-space study B.M1 through the binary: a decision no `builds_in` declaration names is a
//! finding that `check --strict` fails on, and the claim's item in `check --format json` says it.
//! What the studies conclude about the declared knobs, and that a study is the same for any thread
//! count, is tested on the typed results inside the crate (`src/pipeline/tests/knob_space.rs`).
//!
//! The study re-tests every simulated claim of paper B; the test restricts it to the one artefact
//! whose claim it looks at (B.T5), which leaves that claim's outcome at every design point unchanged
//! (a point's knob values and seed depend on the study's seed, the knob names and N only, and each
//! artefact draws from its own named streams), at the manifest's N.

use std::fs;
use std::path::Path;

use crate::common::{self, TestCommand};
use crate::project_manifest::manifest_path;

/// Rewrites, in the scratch project at `root`, the `artefacts:` list of study `study` to `only`.
fn restrict(root: &Path, study: &str, only: &str) {
    let path = manifest_path(root);
    let text = fs::read_to_string(&path).unwrap();
    let start = text.find(&format!("  - id: {study}\n")).unwrap();
    let (head, tail) = text.split_at(start);
    let from = tail.find("artefacts: [").unwrap();
    let to = from + tail[from..].find(']').unwrap() + 1;
    let tail = format!("{}artefacts: [{only}]{}", &tail[..from], &tail[to..]);
    fs::write(&path, format!("{head}{tail}")).unwrap();
}

/// A claim decided by a knob that no `builds_in` declaration names is a finding about the stand-in:
/// with "student least discriminative" taken out of the declaration of `runs.assessor_weights`, the
/// study names the knob as undeclared, and `check --strict` exits 1 naming the claim.
#[test]
fn an_undeclared_decision_is_a_finding_that_check_strict_fails_on() {
    let project = common::scratch_project();
    let root = project.path();
    restrict(root, "B.M1", "B.T5");
    let runs = root.join("data/lancers/www-runs.yaml");
    let text = fs::read_to_string(&runs).unwrap();
    let declared = "claims: [B.T5.student_least_discriminative, B.T4.student_disagrees_most]";
    assert!(text.contains(declared));
    fs::write(
        &runs,
        text.replace(declared, "claims: [B.T4.student_disagrees_most]"),
    )
    .unwrap();
    TestCommand::new()
        .root(root)
        .env(
            "EVIA_REPRO_COMMIT",
            "0000000000000000000000000000000000000000",
        )
        .args(["reproduce", "--only", "B.M1", "--replicates", "2", "--out"])
        .arg(root.join("out"))
        .assert_success();
    let table: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(root.join("out/lancers/B.M1.json")).unwrap())
            .unwrap();
    let undeclared = table["cells"].as_array().unwrap().iter().any(|c| {
        c["panel"] == "declared"
            && c["row"] == "B.T5.student_least_discriminative"
            && c["column"] == "runs.assessor_weights[2]"
            && c["value"] == 1.0
    });
    assert!(undeclared, "the study does not name the undeclared knob");
    TestCommand::new()
        .root(root)
        .args(["check", "--strict", "--replicates", "2", "--state"])
        .arg(root.join("out"))
        .assert_failure_with(
            1,
            "B.T5.student_least_discriminative (runs.assessor_weights[2])",
        );
    // Without --strict the finding is information, not a failure, and the claim's item says it.
    let json = TestCommand::new()
        .root(root)
        .args(["check", "--format", "json", "--replicates", "2", "--state"])
        .arg(root.join("out"))
        .assert_success();
    let items: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let item = items
        .as_array()
        .unwrap()
        .iter()
        .find(|i| {
            i.to_string()
                .contains("\"B.T5.student_least_discriminative\"")
        })
        .unwrap();
    let across = item["across"].as_str().unwrap_or_default();
    assert!(
        across.contains("decided by runs.assessor_weights[2]")
            && across.contains("not declared in builds_in"),
        "{across}"
    );
}
