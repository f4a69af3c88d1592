//! The agreement analysis behind `evia-repro agree`: paper B §3's pairwise statistics (Table 1) for every
//! pair of assessors of a label file, per-topic kappas and the high/low-agreement split, and, for more
//! than two assessors, Fleiss' kappa and Krippendorff's alpha.
//!
//! Linear weights `1 − |i − j|/(k − 1)` run over the declared scale by default ([`WeightsOver`]): the
//! scale's `k` labels, with `i`, `j` their positions on it, as paper B's B.T1 does. R's
//! `irr::kappa2(…, "equal")` builds its table from the labels present, so its weights run over the
//! observed categories (the labels either assessor of the pair used, `k` their number, `i`, `j` their
//! ranks among them); with a label used by neither, the two differ (irr's `anxiety`, raters 2 and 3:
//! 0.1262 declared, 0.1459 observed). Unweighted and binary kappa do not depend on it.
//!
//! Every statistic is the engine's (`evia_engine::agreement`): the pooled and per-topic kappas use the
//! same estimator and standard error as paper B's Table 1, so the two cannot
//! drift apart (`src/pipeline/tests/agree_standin.rs` compares them on paper B's stand-in labels).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::Serialize;

use crate::io::labels::AssessorLabels;
use evia_engine::agreement::fleiss::fleiss_kappa;
use evia_engine::agreement::krippendorff::{Metric, alpha_on_values};
use evia_engine::agreement::{
    AgreementError, ConfusionMatrix, Kappa, StandardError, binary_kappa_from,
    binary_raw_agreement_from, linear_weighted_kappa, quadratic_weighted_kappa, unweighted_kappa,
};

use super::agreement_summary::{Headline, IntervalCounts};
use super::agreement_values::{
    KappaOutcome, ManyRaters, PairAgreement, PairMatrix, PerTopic, TopicKappa, Value, unsigned_zero,
};
pub use super::pair_counts::WorkloadError;
use super::pair_counts::{PairCounts, Workload};

/// Which categories the linear weights of a kappa run over (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum WeightsOver {
    /// Every label of the declared scale (paper B's B.T1).
    #[default]
    Declared,
    /// The labels the pair used in the table at hand (R's irr::kappa2).
    Observed,
}

impl WeightsOver {
    /// How the analysis states it.
    fn describe(self) -> &'static str {
        match self {
            WeightsOver::Declared => "weights over the declared scale",
            WeightsOver::Observed => "weights over the observed categories",
        }
    }
}

/// Which weighted kappa.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Weighting {
    Linear,
    Quadratic,
}

/// The weighted kappa of `m` with its weights over `over`'s categories.
fn weighted_kappa(
    m: &ConfusionMatrix,
    se: StandardError,
    over: WeightsOver,
    weighting: Weighting,
) -> Result<Kappa, AgreementError> {
    let on = |m: &ConfusionMatrix| match weighting {
        Weighting::Linear => linear_weighted_kappa(m, se),
        Weighting::Quadratic => quadratic_weighted_kappa(m, se),
    };
    match over {
        WeightsOver::Declared => on(m),
        WeightsOver::Observed if m.total() == 0 => Err(AgreementError::Empty),
        WeightsOver::Observed => match m.observed() {
            Some(observed) => on(&observed),
            // One label used by both assessors throughout: expected agreement is 1.
            None => Err(AgreementError::Degenerate),
        },
    }
}

/// The linear weighted kappa of `m` with its weights over `over`'s categories.
fn linear_kappa(
    m: &ConfusionMatrix,
    se: StandardError,
    over: WeightsOver,
) -> Result<Kappa, AgreementError> {
    weighted_kappa(m, se, over, Weighting::Linear)
}

/// The whole analysis (the JSON document of `agree --format json`).
#[derive(Debug, Clone, Serialize)]
pub struct Analysis {
    pub labels: String,
    /// How much data, and the agreement over all of it: what a reader wants first.
    pub headline: Headline,
    /// Fleiss' kappa and Krippendorff's alpha; `None` with two assessors or fewer.
    pub many_raters: Option<ManyRaters>,
    pub scale: String,
    /// The scale's labels, lowest first (the confusion matrices' row and column order).
    pub scale_labels: Vec<i32>,
    pub standard_error: String,
    /// The categories the linear and quadratic weights run over.
    pub weights: String,
    /// Repeated labels dropped by the `--duplicates` rule.
    pub repeats_dropped: usize,
    /// The fewest documents a topic must have, and a pair must share on it, for a per-topic kappa
    /// to be tested.
    pub min_topic_items: usize,
    /// Which 95% intervals were made, over every pooled and per-topic kappa.
    pub intervals: IntervalCounts,
    pub assessors: Vec<String>,
    pub items: usize,
    pub labels_read: usize,
    pub topics: usize,
    /// Every pair that shares a document, in pair order; `agree`'s JSON lists them or summarises
    /// them (`--pairs`).
    #[serde(skip)]
    pub pairs: Vec<PairAgreement>,
    /// Topics where every pair with documents on the topic shares at least the minimum number of
    /// them and has a significantly positive per-topic kappa (paper B §3's high-agreement set), in
    /// topic order.
    pub high_agreement_topics: Vec<String>,
    /// Topics with at least the minimum number of documents whose every label is the same: the
    /// assessors agree perfectly, kappa is undefined (chance agreement is 1), and the topic is in
    /// neither set.
    pub perfect_agreement_topics: Vec<String>,
    /// The other topics with at least the minimum number of documents (the low-agreement set).
    pub low_agreement_topics: Vec<String>,
    /// Topics with fewer documents than the minimum: in neither set.
    pub too_small_topics: Vec<String>,
    /// Topics on which no two assessors share a document (no agreement can be measured there).
    pub unshared_topics: Vec<String>,
    /// The binary kappa counts a document as relevant from this label up.
    pub binary_relevant_from: i32,
}

fn matrix(counts: &[u32], k: usize) -> ConfusionMatrix {
    let rows: Vec<Vec<u64>> = counts
        .chunks(k)
        .map(|row| row.iter().map(|&c| u64::from(c)).collect())
        .collect();
    // A scale has at least 2 labels and every row has k counts, so the matrix is square.
    ConfusionMatrix::from_rows(&rows).unwrap_or_else(|_| unreachable!("k × k counts"))
}

/// Where a topic falls in paper B §3's split.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TopicClass {
    /// Every pair with documents on the topic has a significantly positive per-topic kappa.
    High,
    /// Every label of the topic is the same: the assessors agree on every document, and kappa is
    /// undefined (chance agreement is 1).
    Perfect,
    Low,
    /// Fewer documents than the minimum.
    TooSmall,
    /// No two assessors share a document on the topic.
    Unshared,
}

/// One pair's per-topic kappas as they accumulate, topic by topic in topic order.
#[derive(Debug, Clone, Default)]
struct TopicTally {
    topics: usize,
    significantly_positive: usize,
    not_significantly_positive: usize,
    undefined: usize,
    too_small: usize,
    defined: usize,
    sum: f64,
    min: Option<f64>,
    max: Option<f64>,
    values: Vec<TopicKappa>,
}

impl TopicTally {
    fn per_topic(&self) -> PerTopic {
        PerTopic {
            topics: self.topics,
            significantly_positive: self.significantly_positive,
            not_significantly_positive: self.not_significantly_positive,
            undefined: self.undefined,
            too_small: self.too_small,
            mean: (self.defined > 0).then(|| unsigned_zero(self.sum / self.defined as f64)),
            min: self.min.map(unsigned_zero),
            max: self.max.map(unsigned_zero),
            values: self.values.clone(),
        }
    }
}

/// Runs the analysis of `labels` with the kappa interval's standard error `se`, the weights over
/// `over`'s categories, and per-topic kappas tested only where a topic has, and a pair shares on
/// it, at least `min_topic_items` documents.
///
/// The work is bounded before it starts ([`Workload`]): one pass counts every pair's pooled
/// matrix, a second counts one topic's matrices at a time, tests them and forgets them, so the
/// memory is the pooled matrices plus the largest topic's, and the time is proportional to the
/// pairs of labels on the documents.
pub fn analyse(
    labels: &AssessorLabels,
    source: &str,
    se: StandardError,
    over: WeightsOver,
    min_topic_items: usize,
) -> Result<Analysis, WorkloadError> {
    analyse_relevant_from(labels, source, se, over, min_topic_items, 1, None)
}

/// The most per-topic kappas an analysis lists ([`PerTopic::values`], when asked for): each is a
/// few dozen bytes, so the list stays within about 100 MB.
pub const MAX_TOPIC_VALUES: usize = 1_000_000;

/// [`analyse`] with the binary kappa counting a document as relevant from the label at position
/// `relevant_from` of the scale (1 to k − 1; [`analyse`] takes 1, the lowest label against the
/// rest), and each pair's kappa on every topic listed ([`PerTopic::values`]) when `topic_values`
/// is given: at most that many in all ([`MAX_TOPIC_VALUES`] at most), or an error. Without it the
/// lists stay empty, and the memory is bounded as [`analyse`]'s.
pub fn analyse_relevant_from(
    labels: &AssessorLabels,
    source: &str,
    se: StandardError,
    over: WeightsOver,
    min_topic_items: usize,
    relevant_from: usize,
    topic_values: Option<usize>,
) -> Result<Analysis, WorkloadError> {
    let value_limit = topic_values.map(|n| n.min(MAX_TOPIC_VALUES));
    let mut values_kept = 0usize;
    Workload::of(labels, source)?;
    let k = labels.scale.levels();
    let n = labels.assessors.len();
    let mut by_topic: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut pooled = PairCounts::new(n, k);
    for (i, item) in labels.items.iter().enumerate() {
        by_topic.entry(&item.topic).or_default().push(i);
        pooled.add(&item.labels);
    }
    let mut tallies = vec![TopicTally::default(); pooled.len()];
    let mut intervals = IntervalCounts::default();
    let mut classes: Vec<(&str, TopicClass)> = Vec::with_capacity(by_topic.len());
    let mut topic = PairCounts::new(n, k);
    for (&id, items) in &by_topic {
        topic.clear();
        for &i in items {
            topic.add(&labels.items[i].labels);
        }
        let sized = items.len() >= min_topic_items;
        let mut all_significant = !topic.is_empty();
        for (slot, pair) in topic.pairs().enumerate() {
            // Every pair of a topic shares a document, so it is among the pooled pairs.
            let tally = &mut tallies[pooled.slot_of(pair).unwrap_or_else(|| unreachable!())];
            tally.topics += 1;
            let counts = topic.counts(slot);
            let shared = counts.iter().map(|&c| u64::from(c)).sum::<u64>();
            let mut value = TopicKappa {
                topic: id.to_string(),
                shared_documents: shared,
                kappa_linear: None,
            };
            let keep = match value_limit {
                None => false,
                Some(limit) if values_kept < limit => {
                    values_kept += 1;
                    true
                }
                Some(limit) => {
                    return Err(WorkloadError::TopicValues {
                        source_name: source.to_string(),
                        limit,
                    });
                }
            };
            if shared < min_topic_items as u64 {
                tally.too_small += 1;
                if keep {
                    tally.values.push(value);
                }
                all_significant = false;
                continue;
            }
            let result = linear_kappa(&matrix(counts, k), se, over);
            if keep {
                value.kappa_linear = Some(KappaOutcome::from(result.clone()));
                tally.values.push(value);
            }
            match result {
                Ok(kt) => {
                    intervals.count(&kt);
                    if kt.significantly_positive() {
                        tally.significantly_positive += 1;
                    } else {
                        tally.not_significantly_positive += 1;
                        all_significant = false;
                    }
                    tally.defined += 1;
                    tally.sum += kt.kappa;
                    tally.min = Some(tally.min.map_or(kt.kappa, |m| m.min(kt.kappa)));
                    tally.max = Some(tally.max.map_or(kt.kappa, |m| m.max(kt.kappa)));
                }
                Err(_) => {
                    tally.undefined += 1;
                    all_significant = false;
                }
            }
        }
        let class = if topic.is_empty() {
            TopicClass::Unshared
        } else if !sized {
            TopicClass::TooSmall
        } else if all_significant {
            TopicClass::High
        } else if !topic.is_empty() && one_label(labels, items) {
            TopicClass::Perfect
        } else {
            TopicClass::Low
        };
        classes.push((id, class));
    }
    drop(topic);
    let topics_in = |class: TopicClass| -> Vec<String> {
        classes
            .iter()
            .filter(|(_, c)| *c == class)
            .map(|(id, _)| (*id).to_string())
            .collect()
    };
    let names: Vec<Arc<str>> = labels
        .assessors
        .iter()
        .map(|a| Arc::from(a.as_str()))
        .collect();
    let context = PairContext { k, se, over };
    let pairs: Vec<PairAgreement> = pooled
        .sorted_slots()
        .into_iter()
        .map(|slot| {
            pair_agreement(
                &names,
                &context,
                pooled.counts(slot),
                pooled.pair(slot),
                tallies[slot].per_topic(),
                &mut intervals,
                relevant_from,
            )
        })
        .collect();
    Ok(Analysis {
        labels: source.to_string(),
        headline: Headline::of(labels, by_topic.len(), &pairs),
        many_raters: (labels.assessors.len() >= 2).then(|| many_raters(labels)),
        scale: labels.scale.to_string(),
        scale_labels: (0..k).map(|l| labels.scale.label(l)).collect(),
        standard_error: se.to_string(),
        weights: over.describe().to_string(),
        repeats_dropped: labels.repeats_dropped,
        min_topic_items,
        intervals,
        assessors: labels.assessors.clone(),
        items: labels.items.len(),
        labels_read: labels.items.iter().map(|i| i.labels.len()).sum(),
        topics: by_topic.len(),
        pairs,
        high_agreement_topics: topics_in(TopicClass::High),
        perfect_agreement_topics: topics_in(TopicClass::Perfect),
        low_agreement_topics: topics_in(TopicClass::Low),
        too_small_topics: topics_in(TopicClass::TooSmall),
        unshared_topics: topics_in(TopicClass::Unshared),
        binary_relevant_from: labels.scale.label(relevant_from.min(k - 1)),
    })
}

/// Whether the documents `items` of `labels` carry one label throughout.
fn one_label(labels: &AssessorLabels, items: &[usize]) -> bool {
    let mut levels = items
        .iter()
        .flat_map(|&i| labels.items[i].labels.iter().map(|&(_, l)| l));
    levels.next().is_none_or(|first| levels.all(|l| l == first))
}

/// What every pair's analysis shares.
struct PairContext {
    k: usize,
    se: StandardError,
    over: WeightsOver,
}

fn pair_agreement(
    names: &[Arc<str>],
    context: &PairContext,
    counts: &[u32],
    (a, b): (usize, usize),
    per_topic: PerTopic,
    intervals: &mut IntervalCounts,
    relevant_from: usize,
) -> PairAgreement {
    let (k, se, over) = (context.k, context.se, context.over);
    let m = matrix(counts, k);
    // A pair is listed only when both assessors labelled a document, so the total is positive.
    let raw = (0..k).map(|i| m.count(i, i)).sum::<u64>() as f64 / m.total() as f64;
    let mut counted = |result: Result<Kappa, AgreementError>| {
        if let Ok(kappa) = &result {
            intervals.count(kappa);
        }
        KappaOutcome::from(result)
    };
    let kappa_unweighted = counted(unweighted_kappa(&m, se));
    let kappa_linear = counted(linear_kappa(&m, se, over));
    let kappa_quadratic = counted(weighted_kappa(&m, se, over, Weighting::Quadratic));
    let kappa_binary = counted(binary_kappa_from(&m, relevant_from, se));
    PairAgreement {
        first: Arc::clone(&names[a]),
        second: Arc::clone(&names[b]),
        items: m.total(),
        matrix: PairMatrix::new(k, counts),
        raw_agreement: raw,
        kappa_unweighted,
        kappa_linear,
        kappa_quadratic,
        raw_agreement_binary: binary_raw_agreement_from(&m, relevant_from).unwrap_or(f64::NAN),
        kappa_binary,
        per_topic,
    }
}

fn many_raters(labels: &AssessorLabels) -> ManyRaters {
    let k = labels.scale.levels();
    let units: Vec<Vec<usize>> = labels
        .items
        .iter()
        .filter(|i| !i.labels.is_empty())
        .map(|i| i.labels.iter().map(|&(_, l)| usize::from(l)).collect())
        .collect();
    let values: Vec<f64> = (0..k).map(|l| f64::from(labels.scale.label(l))).collect();
    let a = |metric| Value::from(alpha_on_values(&units, &values, metric));
    ManyRaters {
        fleiss_kappa: Value::from(fleiss_kappa(&units, k)),
        alpha_nominal: a(Metric::Nominal),
        alpha_ordinal: a(Metric::Ordinal),
        alpha_interval: a(Metric::Interval),
        alpha_ratio: a(Metric::Ratio),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::io::label_scale::Scale;
    use crate::io::labels::{LabelLayout, parse_labels};

    /// Per-topic kappas are listed only when asked for, and no more than the limit: an analysis
    /// that summarises its pairs keeps the memory of the pooled and one topic's matrices.
    #[test]
    fn per_topic_values_are_kept_only_when_asked_and_bounded() {
        let text = "topic doc a b c\nT1 d1 0 0 1\nT1 d2 1 1 1\nT1 d3 2 2 0\nT2 d4 0 1 1\nT2 d5 2 2 2\nT2 d6 1 1 0\n";
        let scale = Scale::new(0, 2).unwrap();
        let labels = parse_labels(Path::new("l"), text, LabelLayout::Wide, scale).unwrap();
        let run = |values| {
            analyse_relevant_from(
                &labels,
                "l",
                StandardError::CohenSimple,
                WeightsOver::Declared,
                2,
                1,
                values,
            )
        };
        let summarised = run(None).unwrap();
        assert!(
            summarised
                .pairs
                .iter()
                .all(|p| p.per_topic.values.is_empty())
        );
        let listed = run(Some(usize::MAX)).unwrap();
        // Three pairs, each sharing a document on both topics.
        let kept: usize = listed.pairs.iter().map(|p| p.per_topic.values.len()).sum();
        assert_eq!(kept, 6);
        assert_eq!(
            listed.pairs[0].per_topic.topics,
            summarised.pairs[0].per_topic.topics
        );
        assert!(matches!(
            run(Some(5)),
            Err(WorkloadError::TopicValues { limit: 5, .. })
        ));
    }
}
