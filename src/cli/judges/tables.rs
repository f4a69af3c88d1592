//! The tables of a judges analysis as plain-text cells (names unescaped), from the typed results of
//! [`crate::judges::analysis`]; [`mod@super::render`] escapes and lays them out per format.

use crate::judges::analysis::JudgesAnalysis;
use crate::judges::estimate::Estimate;
use crate::judges::label_agreement::LabelOutcome;
use crate::judges::ranking::{Tau, Value};
use crate::judges::significance::SignificanceOutcome;
use crate::judges::subsets::{PowerOutcome, SplitOutcome, SplitRule, Subset};

/// One table: a title, column heads, rows of cells and notes under it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Table {
    pub(crate) title: String,
    pub(crate) columns: Vec<String>,
    pub(crate) rows: Vec<Vec<String>>,
    pub(crate) notes: Vec<String>,
}

/// A number as every table prints it: four decimals, no negative zero.
pub(crate) fn num(v: f64) -> String {
    format!("{:.4}", v + 0.0).replace("-0.0000", "0.0000")
}

/// A value with its interval, or "undefined".
pub(crate) fn estimate(e: &Estimate) -> String {
    match (e.value, e.ci) {
        (Some(v), Some([lo, hi])) => format!("{} [{}, {}]", num(v), num(lo), num(hi)),
        (Some(v), None) => num(v),
        _ => "undefined".into(),
    }
}

pub(crate) fn tau(t: &Tau) -> String {
    match (t.value, t.ci) {
        (Some(v), Some([lo, hi])) => format!("{} [{}, {}]", num(v), num(lo), num(hi)),
        _ => "undefined".into(),
    }
}

pub(crate) fn value(v: &Value) -> String {
    v.value.map_or_else(|| "undefined".into(), num)
}

fn rate(r: Option<f64>) -> String {
    r.map_or_else(|| "—".into(), num)
}

fn owned(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|s| s.to_string()).collect()
}

/// Every table, in report order.
pub(crate) fn tables(a: &JudgesAnalysis) -> Vec<Table> {
    let mut out = vec![documents(a), kappas(a)];
    out.extend(confusions(a));
    out.push(per_topic(a));
    if a.runs_given {
        out.extend(rankings(a));
        out.push(run_scores(a));
        out.push(significance(a));
    }
    out.push(subsets(a));
    if a.runs_given {
        out.push(coverage(a));
    }
    out
}

fn documents(a: &JudgesAnalysis) -> Table {
    let rows = a
        .labels
        .iter()
        .map(|l| {
            let mut row = vec![
                l.judge.clone(),
                l.reference.clone(),
                l.shared_documents.to_string(),
                l.only_reference.to_string(),
                l.only_judge.to_string(),
            ];
            match &l.outcome {
                LabelOutcome::Shared(s) => row.extend([
                    num(s.raw_agreement),
                    num(s.leniency.mean_difference),
                    num(s.leniency.judged_higher),
                    num(s.leniency.judged_lower),
                ]),
                LabelOutcome::NoSharedDocuments => {
                    row.extend([
                        "no shared documents".into(),
                        "—".into(),
                        "—".into(),
                        "—".into(),
                    ]);
                }
            }
            row
        })
        .collect();
    Table {
        title: "Label agreement: documents and leniency".into(),
        columns: owned(&[
            "judge",
            "reference",
            "shared",
            "only reference",
            "only judge",
            "raw agreement",
            "mean label difference",
            "judged higher",
            "judged lower",
        ]),
        rows,
        notes: vec![
            "Leniency: the judge's label minus the reference's, over the shared documents.".into(),
            "Two judges that share no document have no agreement to measure (not a low one)."
                .into(),
        ],
    }
}

fn kappas(a: &JudgesAnalysis) -> Table {
    let rows = a
        .labels
        .iter()
        .filter_map(|l| {
            let s = l.shared()?;
            let al = &s.krippendorff_alpha;
            Some(vec![
                l.judge.clone(),
                l.reference.clone(),
                estimate(&s.kappa.unweighted),
                estimate(&s.kappa.linear),
                estimate(&s.kappa.quadratic),
                estimate(&s.kappa.binary),
                estimate(&al.nominal),
                estimate(&al.ordinal),
                estimate(&al.interval),
            ])
        })
        .collect();
    let mut notes = vec![format!(
        "Binary kappa: relevant from label {} (--relevant-from). Intervals: 95%, kappa ± 1.959964·SE (Wilson's score interval where the SE is 0), clipped to [−1, 1].",
        num_label(a.headline.relevant_from)
    )];
    if a.real_valued_gains {
        notes.push("Real-valued gains: kappa, alpha nominal and ordinal, the confusion matrix and the per-topic kappas are not defined (they compare label levels, and gains are amounts); binary kappa (gain at least --relevant-from) and interval alpha are computed, and so are the rankings and significance.".into());
    }
    notes.push(if a.categories_declared {
        "Linear and quadratic weights over every integer label from the lowest to the highest."
            .into()
    } else {
        "Linear and quadratic weights over the ranks of the distinct labels observed.".into()
    });
    if let Some(all) = &a.all_judges_alpha {
        notes.push(format!(
            "Krippendorff's alpha over all {} judges: nominal {}, ordinal {}, interval {}.",
            a.judges.len(),
            estimate(&all.nominal),
            estimate(&all.ordinal),
            estimate(&all.interval)
        ));
    }
    Table {
        title: "Label agreement: Cohen's kappa and Krippendorff's alpha".into(),
        columns: owned(&[
            "judge",
            "reference",
            "kappa",
            "linear kappa",
            "quadratic kappa",
            "binary kappa",
            "alpha nominal",
            "alpha ordinal",
            "alpha interval",
        ]),
        rows,
        notes,
    }
}

/// A label as its shortest text (2, not 2.0000).
pub(crate) fn num_label(v: f64) -> String {
    format!("{}", v + 0.0)
}

fn confusions(a: &JudgesAnalysis) -> Vec<Table> {
    a.labels
        .iter()
        .filter_map(|l| {
            let c = l.shared()?.confusion.as_ref()?;
            let mut columns = vec![format!("{} \\ {}", l.reference, l.judge)];
            columns.extend(c.categories.iter().map(|&v| num_label(v)));
            let rows = c
                .categories
                .iter()
                .zip(&c.rows)
                .map(|(&v, row)| {
                    let mut cells = vec![num_label(v)];
                    cells.extend(row.iter().map(u64::to_string));
                    cells
                })
                .collect();
            Some(Table {
                title: format!(
                    "Confusion matrix: {} (rows) against {} (columns)",
                    l.reference, l.judge
                ),
                columns,
                rows,
                notes: Vec::new(),
            })
        })
        .collect()
}

fn per_topic(a: &JudgesAnalysis) -> Table {
    let pairs: Vec<_> = a
        .labels
        .iter()
        .filter_map(|l| Some((l, l.shared()?)))
        .collect();
    let mut topics: Vec<&str> = pairs
        .iter()
        .flat_map(|(_, s)| s.per_topic.iter().map(|t| t.topic.as_str()))
        .collect();
    topics.sort_unstable();
    topics.dedup();
    let mut columns = vec!["topic".to_string()];
    for (l, _) in &pairs {
        columns.push(format!("{}/{} shared", l.judge, l.reference));
        columns.push(format!("{}/{} linear kappa", l.judge, l.reference));
    }
    let rows = topics
        .iter()
        .map(|&topic| {
            let mut row = vec![topic.to_string()];
            for (_, s) in &pairs {
                match s.per_topic.iter().find(|t| t.topic == topic) {
                    Some(t) => {
                        row.extend([t.shared_documents.to_string(), estimate(&t.kappa_linear)])
                    }
                    None => row.extend(["0".into(), "—".into()]),
                }
            }
            row
        })
        .collect();
    Table {
        title: "Per-topic linear kappa".into(),
        columns,
        rows,
        notes: vec!["A topic's kappa is undefined when the pair shares too few documents on it or every label is the same.".into()],
    }
}

fn rankings(a: &JudgesAnalysis) -> Vec<Table> {
    let Some(first) = a.rankings.first() else {
        return Vec::new();
    };
    let rows = a
        .rankings
        .iter()
        .map(|r| {
            let g = &r.agreement;
            vec![
                r.measure.clone(),
                r.judge.clone(),
                r.reference.clone(),
                g.runs.to_string(),
                tau(&g.kendall_tau_b),
                value(&g.tau_ap),
                value(&g.tau_ap_b),
                tau(&g.top_k_tau),
                value(&g.rbo),
                value(&g.spearman),
                if g.same_top_run { "yes" } else { "no" }.into(),
                match &g.largest_rank_change {
                    Some(c) if c.reference_rank != c.compared_rank => {
                        format!("{} ({} → {})", c.run, c.reference_rank, c.compared_rank)
                    }
                    _ => "none".into(),
                },
            ]
        })
        .collect();
    vec![Table {
        title: "Ranking agreement".into(),
        columns: owned(&[
            "measure", "judge", "reference", "runs", "Kendall's tau_b [95% CI]", "tau_AP",
            "tau_AP_b", &format!("top-{} tau", first.top_k), &format!("RBO (p = {})", first.rbo_p),
            "Spearman's rho", "same top run", "largest rank change (rank from → to)",
        ]),
        rows,
        notes: vec![
            "Run means over the topics both judges labelled; equal means (relative tolerance 1e-9) are ties. Kendall's interval is Hollander–Wolfe–Chicken's, clipped to [−1, 1]; tau_AP is undefined with ties (tau_AP_b handles them).".into(),
            "How wide the interval is depends on the number of runs: with several dozen runs it is narrow whatever the judges, so it measures precision, not whether the rankings are interchangeable.".into(),
        ],
    }]
}

fn run_scores(a: &JudgesAnalysis) -> Table {
    let mut columns = vec!["run".to_string()];
    let mut keys = Vec::new();
    for r in &a.rankings {
        if !keys.contains(&(&r.measure, &r.reference)) {
            keys.push((&r.measure, &r.reference));
            columns.push(format!("{} {}", r.measure, r.reference));
        }
        keys.push((&r.measure, &r.judge));
        columns.push(format!("{} {}", r.measure, r.judge));
    }
    let rows = a
        .runs
        .iter()
        .map(|run| {
            let mut row = vec![run.clone()];
            for (measure, judge) in &keys {
                let v = a
                    .rankings
                    .iter()
                    .find(|r| &&r.measure == measure && r.run_scores.contains_key(*judge))
                    .and_then(|r| r.run_scores[*judge].get(run));
                row.push(v.map_or_else(|| "—".into(), |&v| num(v)));
            }
            row
        })
        .collect();
    Table {
        title: "Run scores (mean over the topics shared with the reference)".into(),
        columns,
        rows,
        notes: if a.excluded_runs.is_empty() {
            Vec::new()
        } else {
            vec![format!(
                "Left out (--exclude-runs): {}.",
                a.excluded_runs.join(", ")
            )]
        },
    }
}

fn power(p: &crate::judges::significance::Power) -> String {
    format!("{}/{}", p.significant_pairs, p.pairs)
}

fn significance(a: &JudgesAnalysis) -> Table {
    let rows = a
        .significance
        .iter()
        .map(|s| {
            let mut row = vec![s.measure.clone(), s.judge.clone(), s.reference.clone()];
            match &s.outcome {
                SignificanceOutcome::Tested(c) => row.extend([
                    c.pairs.to_string(),
                    c.both.to_string(),
                    c.only_reference.to_string(),
                    c.only_judge.to_string(),
                    rate(c.false_positive_rate),
                    rate(c.false_negative_rate),
                    rate(c.sso),
                    power(&c.reference_power),
                    power(&c.judge_power),
                ]),
                SignificanceOutcome::Pending { reason } => {
                    row.push(format!("pending: {reason}"));
                    row.extend(std::iter::repeat_n("—".to_string(), 8));
                }
            }
            row
        })
        .collect();
    let o = a.significance_options;
    Table {
        title: "Significance agreement".into(),
        columns: owned(&[
            "measure",
            "judge",
            "reference",
            "pairs",
            "both",
            "only reference",
            "only judge",
            "false-positive rate",
            "false-negative rate",
            "SSO",
            "power reference",
            "power judge",
        ]),
        rows,
        notes: vec![format!(
            "Randomised Tukey HSD over every run pair under each judge, B = {} trials, significant when p < {}, seed {} (one stream per measure, judge and topic set). False-positive rate: pairs significant under the judge only, among the pairs the reference does not separate; false-negative rate: pairs the judge misses, among those the reference separates; SSO = both / (both + only one); power: significant pairs / pairs.",
            o.trials, o.alpha, o.seed
        )],
    }
}

fn rule(r: SplitRule) -> String {
    match r {
        SplitRule::PaperB => {
            "paper B's rule (every pair's per-topic kappa significantly positive)".into()
        }
        SplitRule::KappaAtLeast { threshold } => {
            format!("every pair's per-topic kappa at least {threshold}")
        }
        SplitRule::Median => "the smallest pair kappa above the median over the topics".into(),
    }
}

fn power_outcome(p: &PowerOutcome) -> String {
    match p {
        PowerOutcome::Tested(p) => power(p),
        PowerOutcome::Pending { pending } => format!("pending: {pending}"),
    }
}

fn subsets(a: &JudgesAnalysis) -> Table {
    let split = &a.subsets;
    let mut notes = vec![format!("High-agreement topics: {}.", rule(split.rule))];
    if !split.unsplit.is_empty() {
        notes.push(format!(
            "In neither subset ({} topic(s), kappa undefined): {}.",
            split.unsplit.len(),
            split
                .unsplit
                .iter()
                .map(|t| t.topic.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let mut rows = Vec::new();
    match &split.outcome {
        SplitOutcome::Pending { reason, .. } => notes.push(format!("Pending: {reason}.")),
        SplitOutcome::Split { high, low } if !a.runs_given => notes.push(format!(
            "{} high-agreement and {} low-agreement topic(s); tau and discriminative power within them were not computed because no runs were given.",
            high.topics.len(),
            low.topics.len()
        )),
        SplitOutcome::Split { high, low } => {
            for (name, subset) in [("high", high), ("low", low)] {
                rows.extend(subset_rows(name, subset));
            }
        }
    }
    Table {
        title: "Topic subsets".into(),
        columns: owned(&[
            "subset",
            "topics",
            "measure",
            "judge",
            "Kendall's tau_b [95% CI]",
            "power reference",
            "power judge",
        ]),
        rows,
        notes,
    }
}

fn subset_rows(name: &str, subset: &Subset) -> Vec<Vec<String>> {
    subset
        .measures
        .iter()
        .flat_map(|m| {
            m.judges.iter().map(|j| {
                vec![
                    name.to_string(),
                    subset.topics.len().to_string(),
                    m.measure.clone(),
                    j.judge.clone(),
                    tau(&j.kendall_tau_b),
                    power_outcome(&j.reference_power),
                    power_outcome(&j.judge_power),
                ]
            })
        })
        .collect()
}

fn coverage(a: &JudgesAnalysis) -> Table {
    let mut columns = vec!["run".to_string()];
    columns.extend(
        a.judges
            .iter()
            .map(|j| format!("judged@{} {j}", a.coverage.k)),
    );
    let rows = a
        .coverage
        .runs
        .iter()
        .map(|r| {
            let mut row = vec![r.run.clone()];
            row.extend(
                a.judges
                    .iter()
                    .map(|j| r.judged.get(j).map_or_else(|| "—".into(), |&v| num(v))),
            );
            row
        })
        .collect();
    Table {
        title: format!("Coverage: judged@{}", a.coverage.k),
        columns,
        rows,
        notes: vec![format!(
            "The share of each run's top {} documents the judge labelled, averaged over the judge's topics.",
            a.coverage.k
        )],
    }
}
