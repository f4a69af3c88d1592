//! Paper B's stand-in labels (src/sim/www): the fitted joint table reproduces Table 1's pairwise
//! matrices and all of Table 2 exactly, and the generated topics meet the per-topic statistics of
//! Table 1 and §3. Every expected number is loaded from `paper/published/lancers.yaml` (the reviewer's
//! ground truth), never typed in.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;

use crate::manifest::Artefact;
use crate::papers::Context;
use crate::papers::lancers::labels;
use crate::papers::lancers::params::AgreementParams;
use crate::papers::lancers::standin::labels::summarise;
use crate::papers::lancers::standin::{
    ASSESSORS, AssessorSet, LabelledTopic, PAIR_IDS, PAIRS, high_agreement_split, topic_agreement,
    topic_matrix,
};
use crate::pipeline::reproduce::manifest_path;
use crate::published::{self, PublishedFile};
use crate::results::CellKey;
use evia_engine::agreement::StandardError;

use super::common;

fn root() -> PathBuf {
    common::project_root()
}

fn published() -> PublishedFile {
    published::load(&root().join("paper/published/lancers.yaml")).unwrap()
}

fn printed(
    file: &PublishedFile,
    table: &str,
    panel: &str,
    row: &str,
    column: &str,
    part: &str,
) -> f64 {
    file.cell(&CellKey::new(table, panel, row, column, part))
        .unwrap_or_else(|| panic!("no published cell {table}/{panel}/{row}/{column}/{part}"))
        .value
}

/// B.T1's typed parameters.
fn agreement_params(artefact: &Artefact) -> &AgreementParams {
    (artefact.parameters.get::<AgreementParams>())
        .unwrap_or_else(|| panic!("B.T1 is lancers.agreement, not {}", artefact.experiment))
}

fn topics_for_seed(seed: u64) -> Vec<LabelledTopic> {
    let manifest = crate::papers::load_manifest(&manifest_path(&root())).unwrap();
    let artefact = manifest.artefact("B.T1").unwrap();
    let context = Context::new(root(), seed);
    labels::standin_topics(&context, artefact, agreement_params(artefact).labels()).unwrap()
}

fn default_topics() -> Vec<LabelledTopic> {
    let manifest = crate::papers::load_manifest(&manifest_path(&root())).unwrap();
    topics_for_seed(manifest.seed)
}

/// Table 1's three pooled matrices, summed over the stand-in's topics, equal the printed ones cell by
/// cell (class exact).
#[test]
fn pooled_matrices_equal_the_printed_ones() {
    let file = published();
    let topics = default_topics();
    let assessors = AssessorSet::paper_b();
    for (p, id) in PAIR_IDS.iter().enumerate() {
        assert_eq!(assessors.pairs()[p].id, *id);
        let mut pooled = [[0u64; 3]; 3];
        for topic in &topics {
            let m = topic_matrix(topic, &assessors, &assessors.pairs()[p]).unwrap();
            for (i, row) in pooled.iter_mut().enumerate() {
                for (j, cell) in row.iter_mut().enumerate() {
                    *cell += m.count(i, j);
                }
            }
        }
        for (i, row) in pooled.iter().enumerate() {
            for (j, &count) in row.iter().enumerate() {
                let want = printed(&file, "B.T1", id, &i.to_string(), &j.to_string(), "value");
                assert_eq!(count as f64, want, "{id} cell ({i},{j})");
            }
        }
    }
}

/// Every row of Table 2 — all3 included — from the stand-in's summed labels equals the print.
#[test]
fn level_counts_of_every_qrels_version_equal_the_printed_ones() {
    let file = published();
    let topics = default_topics();
    let versions: [(&str, &[usize]); 5] = [
        ("all3", &[0, 1, 2]),
        ("2lancers", &[0, 1]),
        ("lancer1", &[0]),
        ("lancer2", &[1]),
        ("student", &[2]),
    ];
    for (row, assessors) in versions {
        let mut levels = vec![0u64; 2 * assessors.len() + 1];
        for doc in topics.iter().flat_map(|t| &t.docs) {
            let level: usize = assessors.iter().map(|&a| usize::from(doc.labels[a])).sum();
            levels[level] += 1;
        }
        for (level, &count) in levels.iter().enumerate() {
            let want = printed(&file, "B.T2", "main", row, &format!("L{level}"), "value");
            assert_eq!(count as f64, want, "{row} L{level}");
        }
        let total = printed(&file, "B.T2", "main", row, "total", "value");
        assert_eq!(levels.iter().sum::<u64>() as f64, total);
    }
}

/// Table 1's per-topic rows and §3's split: the counts of non-significant topics (8, 15, 19) and of
/// high-agreement topics (27 of 50) exactly; mean, min and max within 0.02 of the print (the issue's
/// bound) — and in fact at the printed precision.
#[test]
fn per_topic_statistics_meet_the_published_ones() {
    assert_meets_published_per_topic_statistics(&default_topics());
}

fn assert_meets_published_per_topic_statistics(topics: &[LabelledTopic]) {
    let file = published();
    assert_eq!(topics.len(), 50);
    let per_topic: Vec<_> = topics
        .iter()
        .map(|t| {
            topic_agreement(t, &AssessorSet::paper_b(), StandardError::CohenSimple)
                .unwrap()
                .into_iter()
                .map(Some)
                .collect::<Vec<_>>()
        })
        .collect();
    let summary = summarise(&per_topic);
    for (p, id) in PAIR_IDS.iter().enumerate() {
        let count = printed(
            &file,
            "B.T1",
            "statistics",
            "topics_not_significant",
            id,
            "count",
        );
        assert_eq!(summary.not_significant[p] as f64, count, "{id}");
        for (part, got) in [
            ("mean", summary.mean[p]),
            ("min", summary.min[p]),
            ("max", summary.max[p]),
        ] {
            let want = printed(&file, "B.T1", "statistics", "per_topic_kappa_w", id, part);
            assert!((got - want).abs() <= 0.02, "{id} {part}: {got} vs {want}");
            assert!((got - want).abs() < 0.0005, "{id} {part}: {got} vs {want}");
        }
    }
    let split =
        high_agreement_split(topics, &AssessorSet::paper_b(), StandardError::CohenSimple).unwrap();
    let high = split
        .iter()
        .filter(|&&h| h == crate::papers::lancers::standin::TopicAgreement::High)
        .count();
    assert_eq!(high, summary.high_agreement);
    // §3 (B.text): "There were 27 topics where all three per-topic κ's were statistically
    // significantly positive; for the remaining 23 topics, at least one per-topic κ was not."
    let high_printed = file
        .text
        .iter()
        .find(|c| c.id == "B.text.high_agreement_topics")
        .unwrap()
        .value;
    assert_eq!(high as f64, high_printed);
}

/// Pool sizes lie in [30, 390] (the union of 13 runs' top 30), ids are the odd WWW topic ids, every
/// label is 0..=2 and document ids are unique within a topic.
#[test]
fn topics_pools_and_ids_are_well_formed() {
    let topics = default_topics();
    let total: usize = topics.iter().map(|t| t.docs.len()).sum();
    let file = published();
    assert_eq!(
        total as f64,
        printed(&file, "B.T2", "main", "all3", "total", "value")
    );
    for (i, topic) in topics.iter().enumerate() {
        // No real WWW topic id (four digits) can be read into a stand-in topic's.
        assert_eq!(topic.id, format!("sim-{:02}", i + 1));
        assert!(
            (30..=390).contains(&topic.docs.len()),
            "{}",
            topic.docs.len()
        );
        let mut ids: Vec<&str> = topic.docs.iter().map(|d| d.doc.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), topic.docs.len());
        assert!(topic.docs.iter().all(|d| d.labels.iter().all(|&l| l <= 2)));
    }
    assert_eq!(ASSESSORS.len(), PAIRS.len());
}

/// The same seed gives the same collection; other seeds give other collections that meet the same
/// targets. Seed 7's first attempt stalls in a local minimum, so it exercises the restart.
#[test]
fn deterministic_for_a_seed_and_converges_for_other_seeds() {
    let a = default_topics();
    let b = default_topics();
    assert_eq!(a, b);
    for seed in [1, 7] {
        let other = topics_for_seed(seed);
        assert_ne!(other, a);
        assert_meets_published_per_topic_statistics(&other);
    }
}

/// The joint fit, fed the printed matrices and the printed all3 row, meets all 27 pairwise-margin
/// equations and all 7 level equations with non-negative integer cells; inconsistent level counts are
/// an error, not a table.
#[test]
fn joint_fit_meets_every_equation_or_fails() {
    use crate::papers::lancers::standin::joint::{JointTargets, fit_joint};
    use evia_engine::agreement::ConfusionMatrix;
    let file = published();
    let pairs = PAIR_IDS.map(|id| {
        let rows: Vec<Vec<u64>> = (0..3)
            .map(|i| {
                (0..3)
                    .map(|j| {
                        printed(&file, "B.T1", id, &i.to_string(), &j.to_string(), "value") as u64
                    })
                    .collect()
            })
            .collect();
        ConfusionMatrix::from_rows(&rows).unwrap()
    });
    let all3_levels: [u64; 7] = std::array::from_fn(|l| {
        printed(&file, "B.T2", "main", "all3", &format!("L{l}"), "value") as u64
    });
    let targets = JointTargets {
        pairs: pairs.clone(),
        all3_levels,
    };
    let joint = fit_joint(&targets).unwrap();
    for (p, pair) in pairs.iter().enumerate() {
        let (first, second) = PAIRS[p];
        for i in 0..3u8 {
            for j in 0..3u8 {
                let sum: u64 = joint
                    .cells()
                    .filter(|(l, _)| l[first] == i && l[second] == j)
                    .map(|(_, n)| n)
                    .sum();
                assert_eq!(sum, pair.count(usize::from(i), usize::from(j)));
            }
        }
    }
    for (level, &want) in all3_levels.iter().enumerate() {
        let sum: u64 = joint
            .cells()
            .filter(|(l, _)| l.iter().map(|&x| usize::from(x)).sum::<usize>() == level)
            .map(|(_, n)| n)
            .sum();
        assert_eq!(sum, want, "L{level}");
    }
    // One document moved from L3 to L4 breaks the mean label the pairwise matrices imply.
    let mut bad = targets.clone();
    bad.all3_levels[3] -= 1;
    bad.all3_levels[4] += 1;
    assert!(fit_joint(&bad).is_err());
}

/// The `lancers.agreement` and `lancers.level_counts` experiments rebuild every cell of B.T1 and B.T2
/// (none pending); the ledger matches each exact printed cell at the printed precision, says the fitted
/// simulated ones hold within the fit's tolerance, and the §3 claims hold, the pooled ones with class
/// exact.
#[test]
fn b_t1_and_b_t2_are_fully_rebuilt_and_match_the_ledger() {
    use crate::ledger::Verdict;
    use crate::published::ProvenanceClass;
    let ledger = common::ledger();
    let cells: Vec<_> = ledger
        .entries
        .iter()
        // The text's statements about these tables (`B.stmt.…`, holds/fails) are not table cells.
        .filter(|e| (e.table == "B.T1" || e.table == "B.T2") && !e.cell.contains(".stmt."))
        .collect();
    assert_eq!(
        cells.len(),
        published().table("B.T1").unwrap().cells.len()
            + published().table("B.T2").unwrap().cells.len()
    );
    // Exact cells match the print; stand-in cells fitted to it are `fitted` within the fit's
    // tolerance, declared built in by the stand-in's knobs (the ledger never calls a stand-in
    // number a match, nor counts it as support).
    for entry in &cells {
        let want = if entry.class == ProvenanceClass::Exact && entry.input {
            // B.T1's confusion counts are printed inputs, echoed back (never a match).
            Verdict::Echoed
        } else if entry.class == ProvenanceClass::Exact {
            Verdict::Match
        } else {
            Verdict::Fitted
        };
        assert_eq!(entry.verdict, want, "{entry:?}");
        if want == Verdict::Fitted {
            assert!(
                entry.built_in.is_some() && entry.rebuilt.is_none(),
                "{entry:?}"
            );
        }
    }
    let claim = |id: &str| {
        ledger
            .entries
            .iter()
            .find(|e| e.cell == id)
            .unwrap_or_else(|| panic!("no ledger entry {id}"))
    };
    let entry = claim("B.T1.per_topic_lancers_agree_more");
    assert_eq!(entry.verdict, Verdict::Holds, "{entry:?}");
    assert_eq!(entry.class, ProvenanceClass::Simulated, "{entry:?}");
    // On the printed matrices §3's "significantly higher" is judged once, by the published
    // statement on the printed CIs; the rebuild does not count it again.
    let higher: Vec<&str> = ledger
        .entries
        .iter()
        .filter(|e| e.cell.contains("lancers_above_students"))
        .map(|e| e.cell.as_str())
        .collect();
    assert!(higher.is_empty(), "{higher:?}");
}

/// With `--data`, the topics must come from the real labels (`DIR/labels.tsv`): a missing file is an
/// error naming it, never a silent fall-back to the stand-in.
#[test]
fn real_data_mode_does_not_fall_back_to_the_standin() {
    let manifest = crate::papers::load_manifest(&manifest_path(&root())).unwrap();
    let artefact = manifest.artefact("B.T1").unwrap();
    let mut context = Context::new(root(), manifest.seed);
    context.data_dir = Some(root().join("no-such-dir"));
    let labels = agreement_params(artefact).labels();
    let err = labels::topics(&context, artefact, labels)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("no-such-dir/labels.tsv") && err.contains("cannot read file"),
        "{err}"
    );
}
