//! Paper B's evaluation artefacts (B.T3–B.T8, B.F1, B.F2) on the stand-in: the tables do not depend
//! on the thread count, and the stand-in sizes and pool depth the manifest states are checked
//! against the generated stand-in. Real-data mode through the binary: `tests/it/lancers_eval.rs`.

use crate::papers::lancers::params::QrelsEvalParams;
use crate::papers::{self, Context};
use crate::pipeline::reproduce::{manifest_path, rebuild, select};

use super::common;

const B_EVAL: [&str; 8] = [
    "B.T3", "B.T4", "B.T5", "B.T6", "B.T7", "B.T8", "B.F1", "B.F2",
];

/// Same seed, 1 or 2 threads: every number of every paper-B evaluation artefact is identical (the
/// randomised Tukey HSD splits its trials into independently seeded blocks).
#[test]
fn results_do_not_depend_on_the_thread_count() {
    let root = common::project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
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
    let mut manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
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

/// The stand-in sizes an evaluation artefact states (`topics`, `runs`, `teams`) are checked against
/// the generated stand-in: a manifest that says 49 topics where the stand-in has 50 is an error
/// naming both, not a report quoting the wrong number.
#[test]
fn stated_standin_sizes_must_match_the_standin() {
    let manifest = crate::papers::load_manifest(&manifest_path(&common::project_root())).unwrap();
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
