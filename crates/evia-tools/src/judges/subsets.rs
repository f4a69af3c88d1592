//! Topic subsets: the topics split by how well the judges agree on them, and within each subset
//! how alike the judges' rankings are (Kendall's tau-b) and how many run pairs each judge
//! separates (discriminative power), as paper B §5 does for its high- and low-agreement topics.
//!
//! A topic's agreement is the linear kappa of every judge pair on it ([`super::label_agreement`]);
//! a topic where some pair's kappa is undefined (too few shared documents, or one label
//! throughout) is in neither subset, named with the reason. The rules ([`SplitRule`]):
//! - paper B's: high when every pair's kappa is significantly positive (95% interval above 0);
//! - a threshold t: high when every pair's kappa is at least t;
//! - the median: high when the topic's smallest pair kappa is above the median of those values
//!   over the topics split, low otherwise.
//!
//! A subset of fewer than two topics supports no comparison: the split is then pending, with the
//! reason.

use std::collections::BTreeMap;

use serde::Serialize;

use super::estimate::Estimate;
use super::label_agreement::LabelAgreement;
use super::ranking::{RankingOptions, Tau, ranking_agreement};
use super::rankings::paired_means;
use super::run_scores::{MeasureScores, RunSelection};
use super::significance::{Power, SignificanceOptions, p_values};

/// How topics are split into high- and low-agreement subsets.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "rule", rename_all = "snake_case")]
pub enum SplitRule {
    /// Every pair's per-topic kappa significantly positive (paper B §3).
    PaperB,
    /// Every pair's per-topic kappa at least `threshold`.
    KappaAtLeast { threshold: f64 },
    /// The smallest pair kappa above the median over the topics.
    Median,
}

/// A topic in neither subset.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UnsplitTopic {
    pub topic: String,
    pub reason: String,
}

/// A judge's discriminative power within a subset, or why it was not tested.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum PowerOutcome {
    Tested(Power),
    Pending { pending: String },
}

impl PowerOutcome {
    fn of(p: Result<Vec<f64>, String>, alpha: f64) -> Self {
        match p {
            Ok(p) => PowerOutcome::Tested(Power::of(&p, alpha)),
            Err(pending) => PowerOutcome::Pending { pending },
        }
    }
}

/// One judge against the reference within a subset, for one measure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SubsetJudge {
    pub judge: String,
    pub reference: String,
    pub kendall_tau_b: Tau,
    pub judge_power: PowerOutcome,
    pub reference_power: PowerOutcome,
}

/// One measure within a subset.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SubsetMeasure {
    pub measure: String,
    pub judges: Vec<SubsetJudge>,
}

/// One subset's topics and results.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Subset {
    pub topics: Vec<String>,
    pub measures: Vec<SubsetMeasure>,
}

/// The split's results, or why there are none.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum SplitOutcome {
    Split {
        high: Subset,
        low: Subset,
    },
    Pending {
        reason: String,
        high_topics: Vec<String>,
        low_topics: Vec<String>,
    },
}

/// The topic split and what it shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TopicSplit {
    pub rule: SplitRule,
    pub unsplit: Vec<UnsplitTopic>,
    #[serde(flatten)]
    pub outcome: SplitOutcome,
}

/// Which subset each topic falls in under `rule`, from every pair's per-topic kappas: (high, low,
/// unsplit), topics in order.
pub fn classify(
    pairs: &[&LabelAgreement],
    rule: SplitRule,
) -> (Vec<String>, Vec<String>, Vec<UnsplitTopic>) {
    let mut by_topic: BTreeMap<&str, Vec<&Estimate>> = BTreeMap::new();
    for pair in pairs {
        for t in pair.shared().map_or(&[][..], |s| &s.per_topic) {
            by_topic.entry(&t.topic).or_default().push(&t.kappa_linear);
        }
    }
    let mut unsplit = Vec::new();
    let mut split: Vec<(&str, Vec<&Estimate>, f64)> = Vec::new();
    for (topic, kappas) in by_topic {
        if let Some(undefined) = kappas.iter().find_map(|k| k.undefined.as_ref()) {
            unsplit.push(UnsplitTopic {
                topic: topic.to_string(),
                reason: undefined.to_string(),
            });
            continue;
        }
        let smallest = kappas
            .iter()
            .filter_map(|k| k.value)
            .fold(f64::INFINITY, f64::min);
        split.push((topic, kappas, smallest));
    }
    let median = {
        let mut v: Vec<f64> = split.iter().map(|s| s.2).collect();
        v.sort_by(f64::total_cmp);
        match v.len() {
            0 => f64::NAN,
            n if !n.is_multiple_of(2) => v[n / 2],
            n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
        }
    };
    let (mut high, mut low) = (Vec::new(), Vec::new());
    for (topic, kappas, smallest) in split {
        let is_high = match rule {
            SplitRule::PaperB => kappas.iter().all(|k| k.significantly_positive()),
            SplitRule::KappaAtLeast { threshold } => smallest >= threshold,
            SplitRule::Median => smallest > median,
        };
        if is_high { &mut high } else { &mut low }.push(topic.to_string());
    }
    (high, low, unsplit)
}

/// The inputs of a split's comparisons.
#[derive(Debug)]
pub struct SplitInputs<'a> {
    pub pairs: &'a [&'a LabelAgreement],
    pub measures: &'a [MeasureScores],
    pub reference: usize,
    pub runs: &'a RunSelection,
    pub ranking: RankingOptions,
    pub significance: SignificanceOptions,
}

/// Splits the topics under `rule` and compares the judges within each subset.
pub fn topic_split(inputs: &SplitInputs<'_>, rule: SplitRule) -> TopicSplit {
    let (high, low, unsplit) = classify(inputs.pairs, rule);
    let outcome = if high.len() < 2 || low.len() < 2 {
        SplitOutcome::Pending {
            reason: format!(
                "the rule puts {} topic(s) in the high-agreement subset and {} in the low one \
                 ({} in neither); each subset needs at least 2 topics",
                high.len(),
                low.len(),
                unsplit.len()
            ),
            high_topics: high,
            low_topics: low,
        }
    } else {
        SplitOutcome::Split {
            high: subset(inputs, high, "high"),
            low: subset(inputs, low, "low"),
        }
    };
    TopicSplit {
        rule,
        unsplit,
        outcome,
    }
}

fn subset(inputs: &SplitInputs<'_>, topics: Vec<String>, name: &str) -> Subset {
    let within = |t: &str| topics.binary_search_by(|x| x.as_str().cmp(t)).is_ok();
    let alpha = inputs.significance.alpha;
    let measures = inputs
        .measures
        .iter()
        .map(|m| {
            let reference = &m.judges[inputs.reference];
            let power = |j: &super::run_scores::JudgeScores| {
                let p = p_values(
                    j,
                    &m.measure,
                    name,
                    inputs.runs,
                    within,
                    inputs.significance,
                );
                PowerOutcome::of(p, alpha)
            };
            let reference_power = power(reference);
            let judges = m
                .judges
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != inputs.reference)
                .map(|(_, judge)| {
                    let (x, y) = paired_means(reference, judge, inputs.runs, within);
                    let agreement = ranking_agreement(&inputs.runs.names, &x, &y, inputs.ranking);
                    SubsetJudge {
                        judge: judge.judge.clone(),
                        reference: reference.judge.clone(),
                        kendall_tau_b: agreement.kendall_tau_b,
                        judge_power: power(judge),
                        reference_power: reference_power.clone(),
                    }
                })
                .collect();
            SubsetMeasure {
                measure: m.measure.clone(),
                judges,
            }
        })
        .collect();
    Subset { topics, measures }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judges::label_agreement::{
        Alphas, Kappas, LabelOutcome, Leniency, SharedAgreement, TopicKappa,
    };

    fn kappa(value: f64, lo: f64) -> Estimate {
        Estimate {
            value: Some(value),
            ci: Some([lo, 1.0]),
            undefined: None,
        }
    }

    fn pair(topics: Vec<(&str, Estimate)>) -> LabelAgreement {
        let none = || Estimate::undefined(String::new());
        LabelAgreement {
            judge: "llm".into(),
            reference: "human".into(),
            shared_documents: 1,
            only_reference: 0,
            only_judge: 0,
            outcome: LabelOutcome::Shared(Box::new(SharedAgreement {
                raw_agreement: 1.0,
                kappa: Kappas {
                    unweighted: none(),
                    linear: none(),
                    quadratic: none(),
                    binary: none(),
                },
                relevant_from: 1.0,
                binary_raw_agreement: 1.0,
                krippendorff_alpha: Alphas {
                    nominal: none(),
                    ordinal: none(),
                    interval: none(),
                },
                confusion: None,
                leniency: Leniency {
                    mean_difference: 0.0,
                    judged_higher: 0.0,
                    judged_lower: 0.0,
                },
                per_topic: topics
                    .into_iter()
                    .map(|(t, k)| TopicKappa {
                        topic: t.into(),
                        shared_documents: 10,
                        kappa_linear: k,
                    })
                    .collect(),
            })),
        }
    }

    #[test]
    fn each_rule_splits_by_its_definition() {
        let p = pair(vec![
            ("1", kappa(0.8, 0.5)),
            ("2", kappa(0.6, 0.2)),
            ("3", kappa(0.4, -0.1)),
            ("4", kappa(0.2, -0.3)),
            ("5", Estimate::undefined("one label".into())),
        ]);
        let pairs = [&p];
        let (high, low, unsplit) = classify(&pairs, SplitRule::PaperB);
        assert_eq!(
            (high, low),
            (vec!["1".into(), "2".into()], vec!["3".into(), "4".into()])
        );
        assert_eq!(unsplit[0].topic, "5");
        let (high, _, _) = classify(&pairs, SplitRule::KappaAtLeast { threshold: 0.6 });
        assert_eq!(high, ["1", "2"]);
        // Median of 0.8, 0.6, 0.4, 0.2 is 0.5.
        let (high, low, _) = classify(&pairs, SplitRule::Median);
        assert_eq!((high.len(), low.len()), (2, 2));
    }

    #[test]
    fn every_topic_high_is_pending_not_a_false_sentence() {
        let p = pair(vec![("1", kappa(0.8, 0.5)), ("2", kappa(0.9, 0.6))]);
        let pairs = [&p];
        let runs = RunSelection::new(&[], &Default::default());
        let inputs = SplitInputs {
            pairs: &pairs,
            measures: &[],
            reference: 0,
            runs: &runs,
            ranking: RankingOptions {
                top_k: 10,
                rbo_p: 0.9,
            },
            significance: SignificanceOptions {
                trials: 10,
                seed: 1,
                alpha: 0.05,
                threads: 1,
            },
        };
        let split = topic_split(&inputs, SplitRule::PaperB);
        let SplitOutcome::Pending {
            reason,
            high_topics,
            ..
        } = split.outcome
        else {
            panic!("pending")
        };
        assert_eq!(high_topics.len(), 2);
        assert!(reason.contains("2 topic(s) in the high-agreement subset and 0 in the low"));
    }
}
