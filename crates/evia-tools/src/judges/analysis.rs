//! The whole meta-evaluation of a set of relevance judges against a reference judge, as one typed
//! result: label agreement, ranking agreement and significance agreement per measure, the topic
//! split, coverage and the headline (docs/judges.md describes each and the JSON contract).

use std::collections::BTreeSet;

use serde::Serialize;

use super::coverage::{Coverage, RunRanking, coverage};
use super::headline::{Headline, headline};
use super::judge_labels::{Categories, JudgeLabels};
use super::label_agreement::{
    Alphas, LabelAgreement, LabelOptions, all_judges_alpha, label_agreement,
};
use super::ranking::RankingOptions;
use super::rankings::{MeasureRanking, measure_rankings};
use super::run_scores::{MeasureScores, RunSelection};
use super::significance::{SignificanceAgreement, SignificanceOptions, compare, p_values};
use super::subsets::{SplitInputs, SplitRule, TopicSplit, topic_split};

/// Why the inputs cannot be analysed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum JudgesError {
    #[error("a judges analysis needs at least two judges, got {0}")]
    TooFewJudges(usize),
    #[error("the reference is judge {reference} (0-based) of {judges}")]
    NoReference { reference: usize, judges: usize },
    #[error("two judges are named {0}: each judge needs its own name")]
    DuplicateJudge(String),
    #[error("measure {measure}: scores under {got} judges, for {want} judges")]
    JudgeCount {
        measure: String,
        got: usize,
        want: usize,
    },
    #[error(
        "measure {measure}, judge {judge}: {values} scores are not {topics} topics × {runs} runs"
    )]
    Shape {
        measure: String,
        judge: String,
        values: usize,
        topics: usize,
        runs: usize,
    },
}

/// What is analysed.
#[derive(Debug, Clone, Copy)]
pub struct JudgesInput<'a> {
    /// Every judge's labels.
    pub judges: &'a [JudgeLabels],
    /// The reference's index in `judges`.
    pub reference: usize,
    /// Every run, in the column order of the scores.
    pub runs: &'a [String],
    /// Each measure's scores under every judge (judge order as `judges`).
    pub measures: &'a [MeasureScores],
    /// The runs' rankings, for coverage.
    pub rankings: &'a [RunRanking],
}

/// The choices of the analysis.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgesOptions {
    pub labels: LabelOptions,
    pub ranking: RankingOptions,
    pub significance: SignificanceOptions,
    pub split: SplitRule,
    /// k of judged@k.
    pub judged_at: usize,
    /// Runs left out of every ranking and test (e.g. a judge's own family of systems).
    pub exclude_runs: BTreeSet<String>,
}

/// The whole analysis.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JudgesAnalysis {
    pub reference: String,
    pub judges: Vec<String>,
    /// Whether runs were given: without them only the label agreement is computed (no rankings,
    /// significance, subset rankings or coverage).
    pub runs_given: bool,
    /// The runs compared, in input order.
    pub runs: Vec<String>,
    pub excluded_runs: Vec<String>,
    /// The label categories the kappas run over, lowest first.
    pub categories: Vec<f64>,
    /// Whether they are the integer scale from the lowest label to the highest (else the distinct
    /// labels observed).
    pub categories_declared: bool,
    /// Whether some label is not an integer: real-valued gains, on which the statistics that
    /// compare levels are not defined.
    pub real_valued_gains: bool,
    pub significance_options: SignificanceOptions,
    pub headline: Headline,
    /// Each judge against the reference, then every other pair when there are more than two.
    pub labels: Vec<LabelAgreement>,
    /// Krippendorff's alpha over every judge; `None` with two judges (the pair's alpha is in
    /// `labels`).
    pub all_judges_alpha: Option<Alphas>,
    pub rankings: Vec<MeasureRanking>,
    pub significance: Vec<SignificanceAgreement>,
    pub subsets: TopicSplit,
    pub coverage: Coverage,
}

fn check(input: &JudgesInput<'_>) -> Result<(), JudgesError> {
    let n = input.judges.len();
    if n < 2 {
        return Err(JudgesError::TooFewJudges(n));
    }
    if input.reference >= n {
        return Err(JudgesError::NoReference {
            reference: input.reference,
            judges: n,
        });
    }
    let mut names = BTreeSet::new();
    if let Some(j) = input.judges.iter().find(|j| !names.insert(j.name.as_str())) {
        return Err(JudgesError::DuplicateJudge(j.name.clone()));
    }
    for m in input.measures {
        if m.judges.len() != n {
            return Err(JudgesError::JudgeCount {
                measure: m.measure.clone(),
                got: m.judges.len(),
                want: n,
            });
        }
        for j in &m.judges {
            if j.values.len() != j.topics.len() * input.runs.len() {
                return Err(JudgesError::Shape {
                    measure: m.measure.clone(),
                    judge: j.judge.clone(),
                    values: j.values.len(),
                    topics: j.topics.len(),
                    runs: input.runs.len(),
                });
            }
        }
    }
    Ok(())
}

/// Analyses `input` under `options`.
pub fn analyse(
    input: &JudgesInput<'_>,
    options: &JudgesOptions,
) -> Result<JudgesAnalysis, JudgesError> {
    check(input)?;
    let judges = input.judges;
    let r = input.reference;
    let all: Vec<&JudgeLabels> = judges.iter().collect();
    let categories = Categories::of(&all);
    let mut labels: Vec<LabelAgreement> = (0..judges.len())
        .filter(|&i| i != r)
        .map(|i| label_agreement(&judges[r], &judges[i], &categories, options.labels))
        .collect();
    for a in (0..judges.len()).filter(|&a| a != r) {
        for b in (a + 1..judges.len()).filter(|&b| b != r) {
            labels.push(label_agreement(
                &judges[a],
                &judges[b],
                &categories,
                options.labels,
            ));
        }
    }
    let runs = RunSelection::new(input.runs, &options.exclude_runs);
    let mut rankings = Vec::new();
    let mut significance = Vec::new();
    let sig = options.significance;
    for m in input.measures {
        rankings.extend(measure_rankings(m, r, &runs, options.ranking));
        let p: Vec<_> = m
            .judges
            .iter()
            .map(|j| p_values(j, &m.measure, "all", &runs, |_| true, sig))
            .collect();
        for (i, judge) in m.judges.iter().enumerate().filter(|&(i, _)| i != r) {
            significance.push(SignificanceAgreement {
                measure: m.measure.clone(),
                judge: judge.judge.clone(),
                reference: m.judges[r].judge.clone(),
                trials: sig.trials,
                alpha: sig.alpha,
                outcome: compare(&p[r], &p[i], sig.alpha),
            });
        }
    }
    let pairs: Vec<&LabelAgreement> = labels.iter().collect();
    let subsets = topic_split(
        &SplitInputs {
            pairs: &pairs,
            measures: input.measures,
            reference: r,
            runs: &runs,
            ranking: options.ranking,
            significance: sig,
        },
        options.split,
    );
    let reference = judges[r].name.clone();
    Ok(JudgesAnalysis {
        headline: headline(
            &reference,
            options.labels.relevant_from,
            &labels,
            &rankings,
            &significance,
        ),
        reference,
        judges: judges.iter().map(|j| j.name.clone()).collect(),
        runs_given: !input.runs.is_empty(),
        runs: runs.names.clone(),
        excluded_runs: runs.excluded.clone(),
        categories: categories.values().to_vec(),
        categories_declared: categories.declared(),
        real_valued_gains: categories.real_valued(),
        significance_options: sig,
        all_judges_alpha: (judges.len() > 2).then(|| all_judges_alpha(&all, &categories)),
        labels,
        rankings,
        significance,
        subsets,
        coverage: coverage(
            input.rankings,
            &options.exclude_runs,
            judges,
            options.judged_at,
        ),
    })
}

#[cfg(test)]
#[path = "analysis_tests.rs"]
mod tests;
