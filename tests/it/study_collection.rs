//! Paper B's experiments on a user's collection (the `collection:` parameter that `evia-repro study`
//! generates, issue 15 item 4): paper B's stand-in labels and runs, written out as a per-assessor label
//! file and a run directory and read back through `collection:`, give every cell of B.T1–B.F2 exactly
//! as the stand-in does (computed both ways, no typed numbers), so the general path and the paper's
//! cannot drift apart; a label file with a missing label or a bad scale is an error naming the file.

use std::fmt::Write as _;
use std::path::Path;

use evia_repro::io::labels::{LabelLayout, Scale};
use evia_repro::io::read_yaml;
use evia_repro::manifest::params::UserCollection;
use evia_repro::manifest::{Artefact, ExperimentParams, Manifest};
use evia_repro::papers::lancers::eval::{EvaluationFile, collection};
use evia_repro::papers::{self, Context};
use evia_repro::pipeline::reproduce::manifest_path;
use evia_repro::sim::www::ASSESSORS;

use crate::common::project_root;

const PAPER_B: [&str; 10] = [
    "B.T1", "B.T2", "B.T3", "B.T4", "B.T5", "B.T6", "B.T7", "B.T8", "B.F1", "B.F2",
];

/// `artefact` with `collection:` set to `user`.
fn with_collection(artefact: &Artefact, user: &UserCollection) -> Artefact {
    let mut artefact = artefact.clone();
    let slot = match &mut artefact.parameters {
        ExperimentParams::LancersAgreement(p) => &mut p.collection,
        ExperimentParams::LancersLevelCounts(p) => &mut p.collection,
        ExperimentParams::LancersQrelsRankCorrelation(p)
        | ExperimentParams::LancersQrelsMeansFigure(p) => &mut p.collection,
        ExperimentParams::LancersQrelsOverlap(p) => &mut p.collection,
        ExperimentParams::LancersTopicsetRankCorrelation(p)
        | ExperimentParams::LancersTopicsetMeansFigure(p) => &mut p.collection,
        ExperimentParams::LancersTopicsetOverlap(p) => &mut p.collection,
        other => panic!("{} is not a paper-B experiment", other.experiment()),
    };
    *slot = Some(user.clone());
    artefact
}

/// Writes the stand-in collection of `manifest`'s B.T3 into `dir`: `labels.tsv` (wide, a header
/// naming the three assessors) and `runs/<run>` (TREC runs, scores decreasing with the rank).
fn write_standin(manifest: &Manifest, context: &Context, dir: &Path) {
    let artefact = manifest.artefact("B.T3").unwrap();
    let ExperimentParams::LancersQrelsRankCorrelation(params) = &artefact.parameters else {
        panic!("B.T3 is lancers.qrels_rank_correlation");
    };
    let file: EvaluationFile = read_yaml(&context.data_path(&params.evaluation)).unwrap();
    let standin = collection(artefact, &params.inputs(), context, &file).unwrap();
    let mut labels = format!("topic\tdoc\t{}\n", ASSESSORS.join("\t"));
    for topic in &standin.topics {
        for doc in &topic.docs {
            let row: Vec<String> = doc.labels.iter().map(u8::to_string).collect();
            writeln!(labels, "{}\t{}\t{}", topic.id, doc.doc, row.join("\t")).unwrap();
        }
    }
    std::fs::write(dir.join("labels.tsv"), labels).unwrap();
    std::fs::create_dir(dir.join("runs")).unwrap();
    for run in &standin.runs {
        let mut text = String::new();
        for (topic, list) in standin.topics.iter().zip(&run.lists) {
            for (rank, doc) in list.iter().enumerate() {
                let score = list.len() - rank;
                writeln!(
                    text,
                    "{} Q0 {doc} {} {score} {}",
                    topic.id,
                    rank + 1,
                    run.name
                )
                .unwrap();
            }
        }
        std::fs::write(dir.join("runs").join(&run.name), text).unwrap();
    }
}

fn user_collection(dir: &Path) -> UserCollection {
    UserCollection {
        labels: dir.join("labels.tsv").display().to_string(),
        layout: LabelLayout::Wide,
        scale: Scale::new(0, 2).unwrap(),
        runs: dir.join("runs").display().to_string(),
    }
}

/// Every cell of B.T1–B.F2 computed from the written-out stand-in equals the stand-in's own: B.T1's
/// pooled matrices, kappas and per-topic rows, B.T2's level counts (summed from the labels rather
/// than read off the printed matrices), every tau and CI, every randomised Tukey HSD count and SSO,
/// every mean score.
#[test]
fn paper_b_on_the_written_out_standin_equals_the_standin_cell_for_cell() {
    let root = project_root();
    let manifest = Manifest::load(&manifest_path(&root)).unwrap();
    let context = Context::new(root.clone(), manifest.seed);
    let dir = tempfile::tempdir().unwrap();
    write_standin(&manifest, &context, dir.path());
    let user = user_collection(dir.path());
    for id in PAPER_B {
        let artefact = manifest.artefact(id).unwrap();
        let standin = papers::run(artefact, &context).unwrap();
        let general = papers::run(&with_collection(artefact, &user), &context).unwrap();
        assert!(!standin.cells.is_empty(), "{id}");
        assert_eq!(general.cells, standin.cells, "{id}");
        assert!(general.real_data, "{id}: a user's collection is real data");
    }
}

/// A document without one assessor's label, a scale not starting at 0 and a single assessor are
/// errors naming the label file.
#[test]
fn unusable_label_files_are_errors_naming_the_file() {
    let root = project_root();
    let manifest = Manifest::load(&manifest_path(&root)).unwrap();
    let context = Context::new(root.clone(), manifest.seed);
    let artefact = manifest.artefact("B.T2").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "topic doc a b\nT1 d1 1 NA\nT1 d2 0 2\n",
            "0..2",
            "has no label from assessor `b`",
        ),
        (
            "topic doc a b\nT1 d1 1 1\n",
            "-1..2",
            "the scale must be 0..MAX",
        ),
        ("topic doc a\nT1 d1 1\n", "0..2", "between 2 and"),
    ];
    for (text, scale, expected) in cases {
        let path = dir.path().join("labels.tsv");
        std::fs::write(&path, text).unwrap();
        let user = UserCollection {
            scale: scale.parse().unwrap(),
            ..user_collection(dir.path())
        };
        let err = papers::run(&with_collection(artefact, &user), &context)
            .unwrap_err()
            .to_string();
        assert!(err.contains("labels.tsv"), "{err}");
        assert!(err.contains(expected), "{err}");
    }
}
