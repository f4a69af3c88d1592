//! Paper B's stand-in run knobs are calibrated to the replicate mean, not to one draw.
//! `src/robustness/calibration.rs` states the estimator; the `calibrated` declaration of
//! `data/lancers/www-runs.yaml` names the calibrated cells (Table 5's all3 row among them) and
//! records the calibration at R = 200.

#![allow(clippy::unwrap_used)]

use crate::manifest::{Artefact, BuiltIns, Manifest};
use crate::papers::Context;
use crate::papers::lancers::params::QrelsOverlapParams;
use crate::pipeline::reproduce::manifest_path;
use crate::published::load;
use crate::robustness::calibration::{TOLERANCE_SE, estimate, run_replicates, targets};

use super::common;

/// Replicates of the acceptance test. Its Monte Carlo SE is √(200/R) ≈ 3.2 times that of the R = 200
/// calibration recorded in the knob file, so the test is the weaker check: it fails when a knob
/// change moves a replicate mean by more than about 2 SE ≈ 1.5 pairs (nDCG@10, Q@10; replicate sd
/// ≈ 3.5) or 2.3 pairs (nERR@10; sd ≈ 5) from its printed target, as the knobs calibrated to one
/// seed did (their means over 100 replicates lay 5 to 7 pairs above the printed nDCG@10 and Q@10).
const REPLICATES: u32 = 20;

/// The table holding the calibrated counts run here: Table 5 (its all3 row is Table 8's full set).
const CALIBRATED_TABLE: &str = "B.T5";

/// Table 5 restricted to the all3 qrels: the calibrated row is all3's, whose runs, score matrices
/// and randomised Tukey HSD streams (one per qrels version, subset and measure) do not depend on the
/// other qrels versions, so dropping them leaves the calibrated numbers unchanged and saves four
/// fifths of the tests.
fn all3_only(manifest: &Manifest) -> Artefact {
    let mut artefact = manifest
        .artefacts
        .iter()
        .find(|a| a.id.as_str() == CALIBRATED_TABLE)
        .cloned()
        .unwrap();
    (artefact.parameters)
        .edit(|p: &mut QrelsOverlapParams| p.qrels.retain(|q| q == "all3"))
        .unwrap_or_else(|| panic!("{CALIBRATED_TABLE} is lancers.qrels_overlap"));
    artefact
}

/// Acceptance: over replicates 0 … R−1 (replicate 0 the shipped draw), the mean of every calibrated
/// count — Table 5, row all3, read from paper/published/lancers.yaml — lies within TOLERANCE_SE Monte
/// Carlo standard errors (sd/√R of the replicates themselves) of its printed value.
#[test]
fn calibrated_counts_sit_on_their_printed_values_on_average() {
    let root = common::project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).unwrap();
    let published = load(&root.join("paper/published/lancers.yaml")).unwrap();
    let artefact = all3_only(&manifest);
    let built_ins = BuiltIns::load(&root, [&artefact]).unwrap();
    let targets = targets(&published, &built_ins, &[&artefact]).unwrap();
    assert_eq!(targets.len(), 3, "{targets:?}");
    assert!(targets.iter().all(|t| t.key.row == "all3"), "{targets:?}");
    let context = Context {
        threads: 2,
        ..Context::new(&root, manifest.seed)
    };
    let outcomes =
        run_replicates(&[&artefact], &published, &context, REPLICATES, &|_, _| {}).unwrap();
    let mut report = Vec::new();
    for target in &targets {
        let e = estimate(target, &outcomes).unwrap();
        assert!(e.se > 0.0, "replicates should redraw the stand-in: {e:?}");
        report.push(format!(
            "{}: mean {:.2} ± {:.2}, printed {}, z {:+.2}",
            e.key.column,
            e.mean,
            e.se,
            e.printed,
            e.z()
        ));
        assert!(
            e.on_target(),
            "{} lies more than {TOLERANCE_SE} SE from its target: {}",
            e.key.column,
            report.join("; ")
        );
    }
}
