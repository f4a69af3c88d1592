//! The whole analysis on a small case: the JSON contract's fields (docs/judges.md), left-out
//! runs, determinism, and the ranking rows equal to the rank correlations of the run means.

use std::collections::{BTreeMap, BTreeSet};

use super::*;
use crate::judges::run_scores::JudgeScores;
use crate::judges::significance::SignificanceOutcome;
use evia_engine::agreement::StandardError;
use evia_engine::ranking::kendall_tau;

const TOPICS: usize = 6;
const RUNS: usize = 5;

fn labels(name: &str, flip: usize) -> JudgeLabels {
    let mut topics = BTreeMap::new();
    for t in 0..TOPICS {
        let docs = (0..12)
            .map(|d| {
                let level = (d * 7 + t) % 3;
                let level = if (d + t + flip).is_multiple_of(5) {
                    (level + 1) % 3
                } else {
                    level
                };
                (format!("d{d}"), level as f64)
            })
            .collect();
        topics.insert(format!("t{t}"), docs);
    }
    JudgeLabels {
        name: name.into(),
        topics,
    }
}

fn scores(judge: &str, shift: f64) -> JudgeScores {
    JudgeScores {
        judge: judge.into(),
        topics: (0..TOPICS).map(|t| format!("t{t}")).collect(),
        values: (0..TOPICS * RUNS)
            .map(|i| {
                let (t, r) = (i / RUNS, i % RUNS);
                (r as f64 * 0.1 + ((t * 3 + r) % 4) as f64 * 0.05 + shift * (r % 2) as f64).min(1.0)
            })
            .collect(),
    }
}

fn options(exclude: &[&str]) -> JudgesOptions {
    JudgesOptions {
        labels: LabelOptions {
            se: StandardError::CohenSimple,
            relevant_from: 1.0,
            min_topic_documents: 2,
        },
        ranking: RankingOptions {
            top_k: 3,
            rbo_p: 0.9,
        },
        significance: SignificanceOptions {
            trials: 400,
            seed: 42,
            alpha: 0.05,
            threads: 1,
        },
        split: SplitRule::Median,
        judged_at: 10,
        exclude_runs: exclude
            .iter()
            .map(|s| s.to_string())
            .collect::<BTreeSet<_>>(),
    }
}

fn fixture() -> (Vec<JudgeLabels>, Vec<String>, Vec<MeasureScores>) {
    let judges = vec![labels("human", 0), labels("llm", 1), labels("crowd", 2)];
    let runs = (0..RUNS).map(|r| format!("run{r}")).collect();
    let measures = vec![MeasureScores {
        measure: "nDCG@10".into(),
        judges: vec![
            scores("human", 0.0),
            scores("llm", 0.12),
            scores("crowd", 0.03),
        ],
    }];
    (judges, runs, measures)
}

#[test]
fn the_json_has_every_field_of_the_contract() {
    let (judges, runs, measures) = fixture();
    let input = JudgesInput {
        judges: &judges,
        reference: 0,
        runs: &runs,
        measures: &measures,
        rankings: &[],
    };
    let a = analyse(&input, &options(&[])).unwrap();
    // Two judges against the reference, and the one other pair.
    assert_eq!(a.labels.len(), 3);
    assert!(a.all_judges_alpha.is_some());
    let json = serde_json::to_value(&a).unwrap();
    let pair = &json["labels"][0];
    for field in ["judge", "reference", "shared_documents", "per_topic"] {
        assert!(!pair[field].is_null(), "labels[0].{field}");
    }
    for kappa in ["unweighted", "linear", "quadratic", "binary"] {
        assert!(pair["kappa"][kappa]["value"].is_f64(), "kappa.{kappa}");
        assert!(pair["kappa"][kappa]["ci"].is_array(), "kappa.{kappa}.ci");
    }
    for metric in ["nominal", "ordinal", "interval"] {
        assert!(pair["krippendorff_alpha"][metric]["value"].is_f64());
    }
    let topic = &pair["per_topic"][0];
    assert!(topic["topic"].is_string() && topic["shared_documents"].is_u64());
    assert!(topic["kappa_linear"]["ci"].is_array());
    let ranking = &json["rankings"][0];
    for field in [
        "measure",
        "judge",
        "reference",
        "run_scores",
        "kendall_tau_b",
        "tau_ap",
        "tau_ap_b",
        "top_k_tau",
        "rbo",
        "spearman",
        "same_top_run",
    ] {
        assert!(!ranking[field].is_null(), "rankings[0].{field}");
    }
    assert!(ranking["kendall_tau_b"]["ci"].is_array());
    assert!(ranking["run_scores"]["human"]["run0"].is_f64());
    let sig = &json["significance"][0];
    for field in [
        "measure",
        "judge",
        "reference",
        "pairs",
        "both",
        "only_reference",
        "only_judge",
    ] {
        assert!(!sig[field].is_null(), "significance[0].{field}");
    }
    assert_eq!(sig["pairs"], 10);
    assert_eq!(a.headline.judges.len(), 2);
}

#[test]
fn the_analysis_is_deterministic_and_ranks_the_run_means() {
    let (judges, runs, measures) = fixture();
    let input = JudgesInput {
        judges: &judges,
        reference: 0,
        runs: &runs,
        measures: &measures,
        rankings: &[],
    };
    let a = analyse(&input, &options(&["run2"])).unwrap();
    assert_eq!(a, analyse(&input, &options(&["run2"])).unwrap());
    assert_eq!(a.excluded_runs, ["run2"]);
    let row = &a.rankings[0];
    assert!(!row.run_scores["llm"].contains_key("run2"));
    let x: Vec<f64> = row.run_scores["human"].values().copied().collect();
    let y: Vec<f64> = row.run_scores["llm"].values().copied().collect();
    assert_eq!(
        row.agreement.kendall_tau_b.value,
        Some(kendall_tau(&x, &y).unwrap().tau)
    );
    let SignificanceOutcome::Tested(c) = &a.significance[0].outcome else {
        panic!("tested")
    };
    assert_eq!(c.pairs, 6);
    assert_eq!(c.both + c.only_reference + c.only_judge + c.neither, 6);
}

#[test]
fn bad_inputs_are_errors() {
    let (judges, runs, measures) = fixture();
    let mut short = measures.clone();
    short[0].judges[1].values.pop();
    let mut input = JudgesInput {
        judges: &judges[..1],
        reference: 0,
        runs: &runs,
        measures: &measures,
        rankings: &[],
    };
    assert_eq!(
        analyse(&input, &options(&[])),
        Err(JudgesError::TooFewJudges(1))
    );
    input.judges = &judges;
    input.reference = 3;
    assert!(matches!(
        analyse(&input, &options(&[])),
        Err(JudgesError::NoReference { .. })
    ));
    input.reference = 0;
    input.measures = &short;
    assert!(matches!(
        analyse(&input, &options(&[])),
        Err(JudgesError::Shape { .. })
    ));
}
