//! The knob-space studies (A.M1, B.M1) on the real stand-ins, through the typed results: the two
//! `builds_in` declarations already known come out as decided by or depending on their knob, and
//! the study is the same for any thread count. That a decision no declaration names is a finding
//! `check --strict` fails on is an integration test (`tests/it/knob_space.rs`).
//!
//! The studies re-test every simulated claim of their paper; these tests restrict each to the one
//! artefact whose claim they look at (A.T2, B.T5), which leaves that claim's outcome at every
//! design point unchanged (a point's knob values and seed depend on the study's seed, the knob names
//! and N only, and each artefact draws from its own named streams), at the manifest's N, so that the
//! classes asserted are the shipped study's.

#![allow(clippy::unwrap_used)]

use std::fs;
use std::path::Path;

use crate::manifest::Manifest;
use crate::papers::Context;
use crate::pipeline::reproduce::{manifest_path, rebuild, select};
use crate::results::ResultTable;

use super::common;

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
    let manifest: Manifest = crate::papers::load_manifest(&manifest_path(root)).unwrap();
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
