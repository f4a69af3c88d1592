//! The knob-space studies (A.M1, B.M1) on the real stand-ins: the two `builds_in` declarations
//! already known come out as decided by or depending on their knob, a decision no declaration names
//! is a finding that `check --strict` fails on, and the study is the same for any thread count.
//!
//! The studies re-test every simulated claim of their paper; these tests restrict each to the one
//! artefact whose claim they look at (A.T2, B.T5), which leaves that claim's outcome at every
//! design point unchanged (a point's knob values and seed depend on the study's seed, the knob names
//! and N only, and each artefact draws from its own named streams), at the manifest's N, so that the
//! classes asserted are the shipped study's.

use std::fs;
use std::path::Path;

use evia_repro::manifest::Manifest;
use evia_repro::papers::Context;
use evia_repro::pipeline::reproduce::{manifest_path, rebuild, select};
use evia_repro::results::ResultTable;

use crate::common::{self, TestCommand};

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

/// Runs the studies `ids` of the project at `root` on two threads.
fn run_studies(root: &Path, ids: &[&str], threads: usize) -> Vec<ResultTable> {
    let manifest: Manifest = evia_repro::papers::load_manifest(&manifest_path(root)).unwrap();
    let selected = select(
        &manifest,
        &ids.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
    )
    .unwrap();
    let context = Context {
        threads,
        ..Context::new(root.to_path_buf(), manifest.seed)
    };
    let mut results = rebuild(&manifest, &selected, &context).unwrap();
    ids.iter().map(|id| results.remove(*id).unwrap()).collect()
}

/// The class panel claim `id` is listed in.
fn class_of(table: &ResultTable, id: &str) -> &'static str {
    ["decided_by", "depends_on", "robust"]
        .into_iter()
        .find(|panel| table.rows_of(panel).iter().any(|r| r.id == id))
        .unwrap_or_else(|| panic!("{id} is in no class panel of {}", table.id))
}

/// What knob `knob` does to claim `id`: 2 decides it, 1 moves its rate, 0 neither.
fn effect(table: &ResultTable, id: &str, knob: &str) -> f64 {
    table.get("indices", id, knob, "class").unwrap()
}

/// The declared cases must come out as measured: the calibration of `within_team_drop` for A.T2's upper limits and
/// `runs.assessor_weights` for "student least discriminative" are built in, and the analysis must
/// find it: each claim is decided by, or depends on, its declared knob, and its declaration is
/// confirmed (position 1 of the declarations).
#[test]
fn the_declared_knobs_decide_or_move_their_claims() {
    let project = common::scratch_project();
    let root = project.path();
    restrict(root, "A.M1", "A.T2");
    restrict(root, "B.M1", "B.T5");
    let tables = run_studies(root, &["A.M1", "B.M1"], 2);
    for (table, claim, knobs) in [
        (
            &tables[0],
            "A.T2.ci_upper_at_least_one",
            &["within_team_drop.min", "within_team_drop.max"][..],
        ),
        (
            &tables[1],
            "B.T5.student_least_discriminative",
            &["runs.assessor_weights[2]"][..],
        ),
    ] {
        let class = class_of(table, claim);
        assert!(
            matches!(class, "decided_by" | "depends_on"),
            "{claim}: {class}"
        );
        let strongest = knobs
            .iter()
            .map(|k| effect(table, claim, k))
            .fold(0.0, f64::max);
        assert!(
            strongest >= 1.0,
            "{claim}: none of {knobs:?} moves it ({class})"
        );
        assert_eq!(
            table.get("declared", claim, "declaration", "value"),
            Some(1.0),
            "{claim}: its declaration is not confirmed"
        );
    }
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

/// The study is the same table for one thread and two (design, points' draws, permutation tests).
#[test]
fn a_knob_space_study_is_the_same_for_any_thread_count() {
    let project = common::scratch_project();
    let root = project.path();
    restrict(root, "A.M1", "A.T2");
    let path = manifest_path(root);
    let text = fs::read_to_string(&path).unwrap();
    let start = text.find("  - id: A.M1\n").unwrap();
    let (head, tail) = text.split_at(start);
    let tail = tail.replacen("design_points: 256", "design_points: 16", 1);
    fs::write(&path, format!("{head}{tail}")).unwrap();
    let one = run_studies(root, &["A.M1"], 1);
    let two = run_studies(root, &["A.M1"], 2);
    assert_eq!(one[0].cells, two[0].cells);
    for panel in ["decided_by", "depends_on", "robust", "indices"] {
        let rows = |t: &ResultTable| -> Vec<(String, String)> {
            t.rows_of(panel)
                .iter()
                .map(|r| (r.id.clone(), r.label.clone()))
                .collect()
        };
        assert_eq!(rows(&one[0]), rows(&two[0]), "{panel}");
    }
    assert!(!one[0].rows_of("indices").is_empty());
}
