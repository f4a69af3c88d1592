//! `agree`'s analysis of a label file against paper B's own computation: paper B's stand-in labels,
//! written as a wide label file and read back, give B.T1's pooled kappas, intervals and raw
//! agreement, its per-topic rows and §3's high-agreement split (compared with what the B.T1
//! experiment computes, not with typed numbers). The analysis and B.T1 share the estimators, so
//! they cannot drift apart.

use evia_engine::agreement::StandardError;

use crate::assessors::agreement::{WeightsOver, analyse};
use crate::assessors::agreement_summary::default_min_topic_items;
use crate::assessors::agreement_values::KappaOutcome;
use crate::io::labels::{LabelLayout, Scale, read_labels};
use crate::manifest::Artefact;
use crate::papers::Context;
use crate::papers::lancers::labels as lancers;
use crate::papers::lancers::params::AgreementParams;
use crate::papers::lancers::standin::{
    ASSESSORS, AssessorSet, PAIR_IDS, TopicAgreement, high_agreement_split,
};
use crate::pipeline::reproduce::manifest_path;

use super::common::project_root;

fn agreement_params(artefact: &Artefact) -> &AgreementParams {
    (artefact.parameters.get::<AgreementParams>())
        .unwrap_or_else(|| panic!("B.T1 is lancers.agreement, not {}", artefact.experiment))
}

/// The stand-in labels written as a wide label file, analysed by `agree`, give B.T1's pooled and
/// per-topic statistics and §3's high-agreement split exactly (same estimator, same SE).
#[test]
fn agree_on_the_standin_labels_reproduces_b_t1() {
    let root = project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
    let artefact = manifest.artefact("B.T1").unwrap();
    let params = agreement_params(artefact);
    let context = Context::new(root.clone(), manifest.seed);
    let topics = lancers::standin_topics(&context, artefact, params.labels()).unwrap();
    let table = lancers::agreement(artefact, params, &context).unwrap();

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("labels.tsv");
    let mut text = format!("topic\tdoc\t{}\n", ASSESSORS.join("\t"));
    for t in &topics {
        for d in &t.docs {
            let [a, b, c] = d.labels[..] else {
                panic!("paper B's stand-in has three labels per document")
            };
            text.push_str(&format!("{}\t{}\t{a}\t{b}\t{c}\n", t.id, d.doc));
        }
    }
    std::fs::write(&path, text).unwrap();
    let labels = read_labels(&path, LabelLayout::Wide, Scale::new(0, 2).unwrap()).unwrap();
    let analysis = analyse(
        &labels,
        "labels.tsv",
        StandardError::CohenSimple,
        WeightsOver::Declared,
        default_min_topic_items(3),
    )
    .unwrap();

    assert_eq!(analysis.pairs.len(), 3);
    for (pair, id) in analysis.pairs.iter().zip(PAIR_IDS) {
        assert_eq!(format!("{}-{}", pair.first, pair.second), id);
        let cell = |row: &str, part: &str| table.get("statistics", row, id, part).unwrap();
        for (row, k) in [
            ("kappa_w", &pair.kappa_linear),
            ("kappa_binary", &pair.kappa_binary),
        ] {
            let KappaOutcome::Defined {
                kappa,
                ci_lo,
                ci_hi,
                ..
            } = k
            else {
                panic!("{id} {row} undefined");
            };
            for (part, ours) in [("estimate", kappa), ("ci_lo", ci_lo), ("ci_hi", ci_hi)] {
                let b_t1 = cell(row, part);
                assert!(
                    (ours - b_t1).abs() < 1e-12,
                    "{id} {row} {part}: agree {ours}, B.T1 {b_t1}"
                );
            }
        }
        let raw = cell("raw_agreement_binary", "estimate");
        assert!((pair.raw_agreement_binary - raw).abs() < 1e-12, "{id}");
        let t = &pair.per_topic;
        assert_eq!(t.topics, topics.len());
        assert_eq!(t.undefined, 0);
        assert_eq!(
            t.not_significantly_positive as f64,
            cell("topics_not_significant", "count"),
            "{id}"
        );
        for (part, ours) in [("mean", t.mean), ("min", t.min), ("max", t.max)] {
            let b_t1 = cell("per_topic_kappa_w", part);
            assert!(
                (ours.unwrap() - b_t1).abs() < 1e-12,
                "{id} per-topic {part}"
            );
        }
    }
    let split =
        high_agreement_split(&topics, &AssessorSet::paper_b(), StandardError::CohenSimple).unwrap();
    let high: Vec<String> = topics
        .iter()
        .zip(&split)
        .filter(|(_, h)| **h == TopicAgreement::High)
        .map(|(t, _)| t.id.clone())
        .collect();
    assert_eq!(analysis.high_agreement_topics, high);
    assert_eq!(
        analysis.low_agreement_topics.len(),
        topics.len() - high.len()
    );
    // Three assessors: the many-rater statistics are there.
    assert!(analysis.many_raters.is_some());
}
