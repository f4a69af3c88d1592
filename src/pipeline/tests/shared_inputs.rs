//! The caches of what artefacts compute alike (`papers::shared`): an artefact run in a context where
//! another artefact already built the shared inputs gives exactly the table it gives in a fresh
//! context (cells, notes, claims), and the shared inputs are built once — paper B's stand-in
//! collection once for B.T3, B.T6 and B.F1; paper A's STC stand-in and its 15 conditions' scores once
//! for two runs of A.T2.

use crate::manifest::Manifest;
use crate::papers::{self, Context};
use crate::pipeline::reproduce::manifest_path;
use crate::results::ResultTable;

use super::common;

fn manifest() -> Manifest {
    crate::papers::load_manifest(&manifest_path(&common::project_root())).unwrap()
}

/// `id`'s table in `context`.
fn run(manifest: &Manifest, id: &str, context: &Context) -> ResultTable {
    papers::run(manifest.artefact(id).unwrap(), context).unwrap()
}

fn fresh(manifest: &Manifest) -> Context {
    Context::new(common::project_root(), manifest.seed)
}

/// Cells (to the bit), notes and claims of two tables are the same.
fn assert_same(id: &str, a: &ResultTable, b: &ResultTable) {
    assert_eq!(a.cells.len(), b.cells.len(), "{id}: cell count");
    for ((ka, va), (kb, vb)) in a.cells.iter().zip(&b.cells) {
        assert_eq!(ka, kb, "{id}");
        assert_eq!(va.to_bits(), vb.to_bits(), "{id} {ka:?}: {va} vs {vb}");
    }
    assert_eq!(a.notes, b.notes, "{id}: notes");
    assert_eq!(format!("{:?}", a.claims), format!("{:?}", b.claims), "{id}");
}

#[test]
fn paper_b_collection_is_built_once_and_changes_no_table() {
    let manifest = manifest();
    let shared = fresh(&manifest);
    for id in ["B.T3", "B.T6", "B.F1"] {
        let cached = run(&manifest, id, &shared);
        let alone = run(&manifest, id, &fresh(&manifest));
        assert_same(id, &cached, &alone);
    }
    // One stand-in collection (no randomised test in these three).
    assert_eq!(shared.shared.len(), 1);
}

#[test]
fn paper_a_standin_and_condition_scores_are_computed_once() {
    let manifest = manifest();
    let context = fresh(&manifest);
    let first = run(&manifest, "A.T2", &context);
    let after_first = context.shared.len();
    // The stand-in and one score set per (Dmax, N): 3 × 5 conditions.
    assert_eq!(after_first, 1 + 15);
    let again = run(&manifest, "A.T2", &context);
    assert_eq!(context.shared.len(), after_first);
    assert_same("A.T2", &first, &again);
    // Another seed is another stand-in: nothing of the first is reused.
    let other = Context {
        seed: manifest.seed + 1,
        ..context.clone()
    };
    let reseeded = run(&manifest, "A.T2", &other);
    assert_eq!(context.shared.len(), 2 * after_first);
    assert_same(
        "A.T2 (seed + 1)",
        &reseeded,
        &run(
            &manifest,
            "A.T2",
            &Context::new(common::project_root(), manifest.seed + 1),
        ),
    );
}
