//! Coverage: judged@k of each run under each judge, the share of a run's top k documents the judge
//! labelled, averaged over the topics the judge labelled (a topic the run did not answer counts
//! 0, and a ranking shorter than k counts its missing ranks as unjudged, as trec_eval's `judged`
//! measures do with their cutoff). A judge that labelled few of a run's documents scores it on
//! guesswork: low coverage qualifies that run's scores under that judge.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::judge_labels::JudgeLabels;

/// A run's ranked documents per topic, best first.
#[derive(Debug, Clone, PartialEq)]
pub struct RunRanking {
    pub run: String,
    pub topics: BTreeMap<String, Vec<String>>,
}

/// One run's judged@k under every judge.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunCoverage {
    pub run: String,
    /// `{judge: judged@k}`; a judge with no topic is absent.
    pub judged: BTreeMap<String, f64>,
}

/// judged@k of every run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Coverage {
    pub k: usize,
    pub runs: Vec<RunCoverage>,
}

/// judged@`k` of every run of `rankings` but those `exclude` names, under every judge of
/// `judges` (`k` ≥ 1).
pub fn coverage(
    rankings: &[RunRanking],
    exclude: &BTreeSet<String>,
    judges: &[JudgeLabels],
    k: usize,
) -> Coverage {
    let k = k.max(1);
    let runs = rankings
        .iter()
        .filter(|r| !exclude.contains(&r.run))
        .map(|ranking| {
            let judged = judges
                .iter()
                .filter(|j| !j.topics.is_empty())
                .map(|judge| {
                    let per_topic = judge.topics.iter().map(|(topic, labels)| {
                        let docs = ranking.topics.get(topic).map_or(&[][..], Vec::as_slice);
                        docs.iter()
                            .take(k)
                            .filter(|d| labels.contains_key(*d))
                            .count() as f64
                            / k as f64
                    });
                    let sum: f64 = per_topic.sum();
                    (judge.name.clone(), sum / judge.topics.len() as f64)
                })
                .collect();
            RunCoverage {
                run: ranking.run.clone(),
                judged,
            }
        })
        .collect();
    Coverage { k, runs }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judged_at_k_counts_labelled_documents_in_the_top_k() {
        let judge = JudgeLabels {
            name: "llm".into(),
            topics: BTreeMap::from([
                (
                    "1".into(),
                    BTreeMap::from([("a".into(), 0.0), ("c".into(), 2.0)]),
                ),
                ("2".into(), BTreeMap::from([("x".into(), 1.0)])),
            ]),
        };
        let run = RunRanking {
            run: "r".into(),
            topics: BTreeMap::from([(
                "1".into(),
                vec!["a".into(), "b".into(), "c".into(), "d".into()],
            )]),
        };
        let got = coverage(&[run], &BTreeSet::new(), &[judge], 3);
        // Topic 1: a and c of a, b, c (2/3); topic 2 not answered (0): mean 1/3.
        assert_eq!(got.runs[0].judged["llm"], (2.0 / 3.0 + 0.0) / 2.0);
    }
}
