//! The settings the papers' texts state (44 runs from 16 teams, B = 5,000, 50 topics, 13 runs, …)
//! are checked against the manifest parameters the build uses, and paper B's statement about
//! Figure 1(c) (the top nERR@10 run under all3 is only the fifth best under lancer1) is checked on
//! the rebuilt series.

use super::common;

use std::collections::BTreeMap;
use std::path::Path;

use crate::consistency::Hint;
use crate::ledger::{Verdict, findings, is_finding, ledger};
use crate::manifest::Manifest;
use crate::papers::lancers::params::QrelsOverlapParams;
use crate::papers::unanimity::params::StcSignificanceParams;
use crate::pipeline::reproduce::{load_published, manifest_path};
use crate::published::{self, ProvenanceClass, PublishedFile};
use crate::results::ResultTable;

fn loaded() -> (Manifest, Vec<PublishedFile>) {
    let root = common::project_root();
    let manifest = crate::papers::load_manifest(&manifest_path(&root)).expect("manifest loads");
    let published = load_published(&manifest, &root).expect("published files load");
    (manifest, published)
}

/// Every shipped setting has an `exact` ledger entry that matches the manifest (a setting that
/// names a missing artefact or parameter would be a mismatch).
#[test]
fn every_stated_setting_matches_the_manifest() {
    let (manifest, published) = loaded();
    let ledger = ledger(&manifest, &published, &BTreeMap::new());
    let mut checked = 0;
    for file in &published {
        for setting in &file.settings {
            let entry = ledger
                .entries
                .iter()
                .find(|e| e.cell.starts_with(&format!("{} (", setting.id)))
                .unwrap_or_else(|| panic!("no ledger entry for {}", setting.id));
            assert_eq!(entry.class, ProvenanceClass::Exact, "{}", setting.id);
            assert_eq!(
                entry.verdict,
                Verdict::Match,
                "{}: {}",
                setting.id,
                entry.detail
            );
            checked += 1;
        }
    }
    // Paper A: runs, teams, topics, B, alpha, p, Dmax, N, depth, gains, …; paper B: topics, runs,
    // teams, cutoff, B, alpha, ….
    assert!(checked >= 25, "only {checked} settings checked");
}

/// A build whose A.T3 runs another number of trials than the printed B = 5,000 gets a mismatch,
/// and the mismatch is a finding of its own kind.
#[test]
fn a_setting_the_build_does_not_use_is_a_mismatch_and_a_finding() {
    let (mut manifest, published) = loaded();
    let t3 = manifest
        .artefacts
        .iter_mut()
        .find(|a| a.id.as_str() == "A.T3")
        .expect("A.T3 in the manifest");
    (t3.parameters)
        .edit(|p: &mut StcSignificanceParams| p.trials = 4000)
        .expect("A.T3 is unanimity.significance_discrepancies");
    let ledger = ledger(&manifest, &published, &BTreeMap::new());
    let entry = ledger
        .entries
        .iter()
        .find(|e| e.cell.starts_with("A.setting.trials ("))
        .expect("the trials setting is in the ledger");
    assert_eq!(entry.verdict, Verdict::Mismatch);
    assert!(entry.detail.contains("A.T3 uses 4000"), "{}", entry.detail);
    assert!(is_finding(entry));
    assert!(ledger.has_exact_mismatch());
    let found = findings(&ledger, "A");
    assert!(
        found
            .iter()
            .any(|f| f.hint == Some(Hint::SettingDiffers) && f.cell.contains("A.setting.trials")),
        "no setting finding among {:?}",
        found.iter().map(|f| &f.cell).collect::<Vec<_>>()
    );
}

/// Paper B's "depth-30 pools" (§2, §3) is checked against the manifest's `pool_depth` of every
/// artefact built on the stand-in runs (which the experiments check against the depth the runs are
/// built to, `data/lancers/www-runs.yaml`): a manifest stating another depth is a mismatch.
#[test]
fn the_pool_depth_is_checked_against_the_manifest() {
    let (mut manifest, published) = loaded();
    let entry = |manifest: &Manifest| {
        ledger(manifest, &published, &BTreeMap::new())
            .entries
            .into_iter()
            .find(|e| e.cell.starts_with("B.setting.pool_depth ("))
            .expect("the pool depth setting is in the ledger")
    };
    let shipped = entry(&manifest);
    assert_eq!(shipped.verdict, Verdict::Match, "{}", shipped.detail);
    assert!(shipped.detail.contains("B.T5 30"), "{}", shipped.detail);
    let t5 = manifest
        .artefacts
        .iter_mut()
        .find(|a| a.id.as_str() == "B.T5")
        .expect("B.T5 in the manifest");
    (t5.parameters)
        .edit(|p: &mut QrelsOverlapParams| p.pool_depth = Some(20))
        .expect("B.T5 is lancers.qrels_overlap");
    let changed = entry(&manifest);
    assert_eq!(changed.verdict, Verdict::Mismatch);
    assert!(
        changed.detail.contains("B.T5 uses 20"),
        "{}",
        changed.detail
    );
    assert!(is_finding(&changed));
}

/// A B.F1 series of six runs whose all3-best run (x = 1) has `others_above` runs ahead of it under
/// lancer1 (ties included once, competition ranking).
fn figure(others_above: usize) -> ResultTable {
    let mut table = ResultTable::new("B.F1");
    for r in 0..6 {
        let run = format!("RUN-{r}");
        table.set("nERR@10", &run, "x", "value", (r + 1) as f64);
        table.set("nERR@10", &run, "all3", "value", 0.6 - 0.05 * r as f64);
        let lancer1 = if r == 0 {
            0.40
        } else if r <= others_above {
            0.50 + 0.01 * r as f64
        } else {
            0.30 - 0.01 * r as f64
        };
        table.set("nERR@10", &run, "lancer1", "value", lancer1);
    }
    table
}

/// The rank is computed from the rebuilt series: the claim holds when the all3-best run is fifth
/// under lancer1 (four runs ahead) and fails otherwise, naming the computed rank.
#[test]
fn the_figure_rank_claim_is_computed_from_the_series() {
    let (manifest, published) = loaded();
    for (above, holds) in [(4, true), (1, false), (5, false)] {
        let rebuilt = BTreeMap::from([("B.F1".to_string(), figure(above))]);
        let ledger = ledger(&manifest, &published, &rebuilt);
        let entry = ledger
            .entries
            .iter()
            .find(|e| e.cell == "B.F1.top_all3_rank_lancer1")
            .expect("the Figure 1(c) claim is in the ledger");
        assert_eq!(entry.class, ProvenanceClass::Simulated);
        let expected = if holds {
            Verdict::Holds
        } else {
            Verdict::Fails
        };
        assert_eq!(entry.verdict, expected, "{}", entry.detail);
        let rank = format!("(RUN-0) ranks {} of 6 under lancer1", above + 1);
        let rebuilt = entry.stand_in.as_deref().unwrap_or_default();
        assert!(rebuilt.contains(&rank), "{rebuilt}");
    }
}

const SETTING: &str = r#"paper: A
title: "t"
venue: "v"
source: "s"
tables:
  - table: A.T1
    caption: "c"
    class: exact
    cells:
      - {panel: main, row: item1, column: wg, printed: "10.0", value: 10.0}
settings:
  - id: A.setting.trials
    section: "§5"
    quote: "with B = 5,000 trials for each test"
    claim: "trials"
    printed: "5,000"
    values: [5000]
    parameter: trials
    artefacts: [A.T3]
"#;

/// A setting whose values are not the parse of its printed token, or that names an unknown
/// parameter, is rejected naming the file and line.
#[test]
fn a_malformed_setting_names_the_file_and_line() {
    let path = Path::new("paper/published/unanimity.yaml");
    assert!(published::parse(SETTING, path).is_ok());
    for (from, to) in [
        ("values: [5000]", "values: [500]"),
        ("parameter: trials", "parameter: trails"),
        ("artefacts: [A.T3]", "artefacts: []"),
        ("id: A.setting.trials", "id: B.setting.trials"),
    ] {
        let broken = SETTING.replace(from, to);
        let err = published::parse(&broken, path).expect_err(to);
        let message = err.source_error().to_string();
        assert!(
            message.starts_with("paper/published/unanimity.yaml:"),
            "{to}: {message}"
        );
    }
}
