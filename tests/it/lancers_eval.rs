//! Paper B's evaluation artefacts (B.T3–B.T8, B.F1, B.F2): determinism across thread counts on the
//! stand-in, and real-data mode (`reproduce --data DIR`) through the real binary on a small synthetic
//! collection written by the test.

#![allow(clippy::unwrap_used)]

use std::fs;
use std::path::Path;
use std::process::Output;

use evia_repro::papers::lancers::params::QrelsEvalParams;
use evia_repro::papers::{self, Context};
use evia_repro::pipeline::reproduce::{manifest_path, rebuild, select};

use crate::common::{self, TestCommand};

const B_EVAL: [&str; 8] = [
    "B.T3", "B.T4", "B.T5", "B.T6", "B.T7", "B.T8", "B.F1", "B.F2",
];

fn run(root: &Path, args: &[&str]) -> Output {
    TestCommand::new().root(root).args(args).run()
}

fn only() -> String {
    B_EVAL.join(",")
}

/// Same seed, 1 or 2 threads: every number of every paper-B evaluation artefact is identical (the
/// randomised Tukey HSD splits its trials into independently seeded blocks).
#[test]
fn results_do_not_depend_on_the_thread_count() {
    let root = common::project_root();
    let manifest = evia_repro::papers::load_manifest(&manifest_path(&root)).unwrap();
    let ids: Vec<String> = B_EVAL.iter().map(|s| s.to_string()).collect();
    let selected = select(&manifest, &ids).unwrap();
    let tables = |threads| {
        let context = Context {
            threads,
            ..Context::new(&root, manifest.seed)
        };
        rebuild(&manifest, &selected, &context).unwrap()
    };
    let (one, two) = (tables(1), tables(2));
    for id in &ids {
        assert_eq!(one[id].cells, two[id].cells, "{id}");
        assert_eq!(one[id].claims, two[id].claims, "{id}");
    }
}

/// The stand-in runs are pooled to the depth the manifest states (`pool_depth`, paper B's
/// "depth-30 pools", checked against the text in the ledger): a manifest stating another depth than
/// the runs' knob file (`data/lancers/www-runs.yaml`, `runs: depth:`) is an error naming both.
#[test]
fn the_stand_in_runs_have_the_stated_pool_depth() {
    let root = common::project_root();
    let mut manifest = evia_repro::papers::load_manifest(&manifest_path(&root)).unwrap();
    let t3 = manifest
        .artefacts
        .iter_mut()
        .find(|a| a.id.as_str() == "B.T3")
        .unwrap();
    (t3.parameters)
        .edit(|p: &mut QrelsEvalParams| p.pool_depth = Some(40))
        .expect("B.T3 is lancers.qrels_rank_correlation");
    let selected = select(&manifest, &["B.T3".to_string()]).unwrap();
    let error = rebuild(&manifest, &selected, &Context::new(&root, manifest.seed))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("the manifest says pool_depth: 40, but the stand-in has 30"),
        "{error}"
    );
}

/// A synthetic collection: 6 topics of 40 documents. Topics 1–3 have three identical labels per
/// document (perfect agreement: high-agreement topics), topics 4–6 independent-looking labels
/// (no agreement beyond chance: low-agreement topics). Four runs rank the documents differently.
fn write_collection(dir: &Path) {
    let mut labels = String::new();
    for t in 1..=6 {
        for d in 0..40u32 {
            let l = if t <= 3 {
                [d % 3, d % 3, d % 3]
            } else {
                [d % 3, (d / 3) % 3, (d / 9) % 3]
            };
            labels.push_str(&format!("T{t} D{t}-{d} {} {} {}\n", l[0], l[1], l[2]));
        }
    }
    fs::write(dir.join("labels.tsv"), labels).unwrap();
    fs::create_dir_all(dir.join("runs")).unwrap();
    for r in 0..4u32 {
        let mut text = String::new();
        for t in 1..=6 {
            for rank in 0..30u32 {
                // Run r starts at a different offset, so the runs' top 10 differ in relevance.
                let d = (rank * 7 + r * 5 + t) % 40;
                let score = 100 - rank;
                text.push_str(&format!("T{t} Q0 D{t}-{d} {} {score} run{r}\n", rank + 1));
            }
        }
        // A topic the label file does not have is ignored, as the WWW runs cover more topics.
        text.push_str("T99 Q0 X1 1 1 run\n");
        fs::write(dir.join("runs").join(format!("run{r}.txt")), text).unwrap();
    }
}

#[test]
fn real_data_mode_reads_labels_and_runs() {
    let project = common::scratch_project();
    let data = tempfile::tempdir().unwrap();
    write_collection(data.path());
    let out = tempfile::tempdir().unwrap();
    let output = run(
        project.path(),
        &[
            "reproduce",
            "--data",
            data.path().to_str().unwrap(),
            "--only",
            &only(),
            "--out",
            out.path().to_str().unwrap(),
        ],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: serde_json::Value =
        serde_json::from_slice(&fs::read(out.path().join("lancers/B.T5.json")).unwrap()).unwrap();
    let notes = json["notes"].to_string();
    assert!(notes.contains("Real collection from"), "{notes}");
    assert!(notes.contains("6 topics, 4 runs"), "{notes}");
    // The topic sets are the 3 perfect-agreement topics and the other 3.
    let t8: serde_json::Value =
        serde_json::from_slice(&fs::read(out.path().join("lancers/B.T8.json")).unwrap()).unwrap();
    let t8_notes = t8["notes"].to_string();
    assert!(
        t8_notes.contains("all3-high27 = all3 on 3 topics")
            && t8_notes.contains("all3-low23 = all3 on 3 topics"),
        "{t8_notes}"
    );
    // The figure's numbers are in its JSON: 3 measures × 4 runs × (5 qrels means + x position).
    let f1: serde_json::Value =
        serde_json::from_slice(&fs::read(out.path().join("lancers/B.F1.json")).unwrap()).unwrap();
    assert_eq!(f1["cells"].as_array().unwrap().len(), 3 * 4 * 6);
    let svg = fs::read_to_string(out.path().join("lancers/B.F1.svg")).unwrap();
    // The SVG follows the provenance comment (`<!-- generated by ... -->`).
    assert!(svg.contains("<svg") && svg.contains("(c) Mean nERR@10"));
}

fn real_data_error(edit: impl Fn(&Path)) -> String {
    let project = common::scratch_project();
    let data = tempfile::tempdir().unwrap();
    write_collection(data.path());
    edit(data.path());
    let out = tempfile::tempdir().unwrap();
    let output = run(
        project.path(),
        &[
            "reproduce",
            "--data",
            data.path().to_str().unwrap(),
            "--only",
            "B.T3",
            "--out",
            out.path().to_str().unwrap(),
        ],
    );
    assert!(!output.status.success());
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn malformed_or_missing_real_data_names_file_and_line() {
    let stderr = real_data_error(|dir| {
        let path = dir.join("labels.tsv");
        let text = fs::read_to_string(&path).unwrap();
        fs::write(&path, text.replacen("T1 D1-1 1 1 1", "T1 D1-1 1 7 1", 1)).unwrap();
    });
    assert!(
        stderr.contains("labels.tsv:2: expected the lancer2 label (field 4) to be 0, 1 or 2"),
        "{stderr}"
    );
    let stderr = real_data_error(|dir| {
        let path = dir.join("runs").join("run2.txt");
        let text = fs::read_to_string(&path).unwrap();
        fs::write(&path, text.replacen(" 99 run2\n", " high run2\n", 1)).unwrap();
    });
    assert!(
        stderr.contains("run2.txt:2: expected a score (a number) in the fifth field"),
        "{stderr}"
    );
    let stderr = real_data_error(|dir| fs::remove_dir_all(dir.join("runs")).unwrap());
    assert!(stderr.contains("cannot read the run directory"), "{stderr}");
    let stderr = real_data_error(|dir| fs::remove_file(dir.join("labels.tsv")).unwrap());
    assert!(
        stderr.contains("labels.tsv") && stderr.contains("cannot read file"),
        "{stderr}"
    );
}

/// The stand-in sizes an evaluation artefact states (`topics`, `runs`, `teams`) are checked against
/// the generated stand-in: a manifest that says 49 topics where the stand-in has 50 is an error
/// naming both, not a report quoting the wrong number.
#[test]
fn stated_standin_sizes_must_match_the_standin() {
    let manifest =
        evia_repro::papers::load_manifest(&manifest_path(&common::project_root())).unwrap();
    let mut artefact = manifest.artefact("B.T3").unwrap().clone();
    let params = (artefact.parameters.get::<QrelsEvalParams>())
        .expect("B.T3 is lancers.qrels_rank_correlation");
    assert_eq!(
        params.topics,
        Some(50),
        "B.T3 states the stand-in's 50 topics"
    );
    (artefact.parameters)
        .edit(|p: &mut QrelsEvalParams| p.topics = Some(49))
        .unwrap();
    let context = Context::new(common::project_root(), manifest.seed);
    let err = papers::run(&artefact, &context).unwrap_err().to_string();
    assert!(
        err.contains("artefact `B.T3`: the manifest says topics: 49, but the stand-in has 50"),
        "{err}"
    );
}
