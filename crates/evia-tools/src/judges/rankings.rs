//! Ranking agreement per measure: for each judge against the reference, the run means under both
//! and every rank correlation of [`super::ranking`] between them.

use std::collections::BTreeMap;

use serde::Serialize;

use super::ranking::{RankingAgreement, RankingOptions, ranking_agreement};
use super::run_scores::{JudgeScores, MeasureScores, RunSelection, by_run};

/// One measure's ranking agreement of one judge against the reference.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MeasureRanking {
    /// As the user spelled it.
    pub measure: String,
    pub judge: String,
    pub reference: String,
    /// `{judge name: {run: mean}}` for the reference and the judge.
    pub run_scores: BTreeMap<String, BTreeMap<String, f64>>,
    /// RBO's persistence p.
    pub rbo_p: f64,
    /// k of top-k tau.
    pub top_k: usize,
    #[serde(flatten)]
    pub agreement: RankingAgreement,
}

/// The ranking agreement of every judge of `scores` but the reference (index `reference`) against
/// it, on the runs of `runs`, each over the topics both labelled (a judge's means over topics the
/// reference never labelled would rank the runs on other questions).
pub fn measure_rankings(
    scores: &MeasureScores,
    reference: usize,
    runs: &RunSelection,
    options: RankingOptions,
) -> Vec<MeasureRanking> {
    let r = &scores.judges[reference];
    scores
        .judges
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != reference)
        .map(|(_, judge)| {
            let (ref_means, judge_means) = paired_means(r, judge, runs, |_| true);
            let agreement = ranking_agreement(&runs.names, &ref_means, &judge_means, options);
            MeasureRanking {
                measure: scores.measure.clone(),
                judge: judge.judge.clone(),
                reference: r.judge.clone(),
                run_scores: BTreeMap::from([
                    (r.judge.clone(), by_run(runs, &ref_means)),
                    (judge.judge.clone(), by_run(runs, &judge_means)),
                ]),
                rbo_p: options.rbo_p,
                top_k: options.top_k,
                agreement,
            }
        })
        .collect()
}

/// The run means of `a` and `b` over the topics both have and `keep` accepts (empty when there
/// is none: every statistic is then undefined for too few runs).
pub fn paired_means(
    a: &JudgeScores,
    b: &JudgeScores,
    runs: &RunSelection,
    keep: impl Fn(&str) -> bool,
) -> (Vec<f64>, Vec<f64>) {
    let in_a: std::collections::BTreeSet<&str> = a.topics.iter().map(String::as_str).collect();
    let in_b: std::collections::BTreeSet<&str> = b.topics.iter().map(String::as_str).collect();
    let both = |t: &str| in_a.contains(t) && in_b.contains(t) && keep(t);
    match (a.means(runs, both), b.means(runs, both)) {
        (Some(x), Some(y)) => (x, y),
        _ => (Vec::new(), Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judges_are_compared_on_the_topics_both_labelled() {
        let runs: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let selection = RunSelection::new(&runs, &Default::default());
        let human = JudgeScores {
            judge: "human".into(),
            topics: vec!["1".into(), "2".into()],
            values: vec![0.3, 0.2, 0.1, 0.0, 0.5, 1.0],
        };
        // Topic 3 alone would reverse the order; it is not the reference's.
        let llm = JudgeScores {
            judge: "llm".into(),
            topics: vec!["1".into(), "3".into()],
            values: vec![0.6, 0.4, 0.2, 0.0, 0.5, 1.0],
        };
        let scores = MeasureScores {
            measure: "nDCG@10".into(),
            judges: vec![human, llm],
        };
        let options = RankingOptions {
            top_k: 10,
            rbo_p: 0.9,
        };
        let got = measure_rankings(&scores, 0, &selection, options);
        assert_eq!(got.len(), 1);
        let g = &got[0];
        assert_eq!((g.judge.as_str(), g.reference.as_str()), ("llm", "human"));
        assert_eq!(g.run_scores["human"]["a"], 0.3);
        assert_eq!(g.run_scores["llm"]["c"], 0.2);
        assert_eq!(g.agreement.kendall_tau_b.value, Some(1.0));
        assert!(g.agreement.same_top_run);
    }
}
