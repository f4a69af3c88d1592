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

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use crate::io::labels::AssessorLabels;
use evia_engine::agreement::fleiss::fleiss_kappa;
use evia_engine::agreement::krippendorff::{Metric, alpha_on_values};
use evia_engine::agreement::{
    AgreementError, ConfusionMatrix, Kappa, StandardError, binary_kappa, binary_raw_agreement,
    linear_weighted_kappa, quadratic_weighted_kappa, unweighted_kappa,
};

use super::agreement_summary::{Headline, IntervalCounts};
use super::agreement_values::{
    KappaOutcome, ManyRaters, PairAgreement, PerTopic, Value, unsigned_zero,
};

/// Which categories the linear weights of a kappa run over (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub(crate) enum WeightsOver {
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
pub(crate) struct Analysis {
    pub(crate) labels: String,
    /// How much data, and the agreement over all of it: what a reader wants first.
    pub(crate) headline: Headline,
    /// Fleiss' kappa and Krippendorff's alpha; `None` with two assessors or fewer.
    pub(crate) many_raters: Option<ManyRaters>,
    pub(crate) scale: String,
    /// The scale's labels, lowest first (the confusion matrices' row and column order).
    pub(crate) scale_labels: Vec<i32>,
    pub(crate) standard_error: String,
    /// The categories the linear and quadratic weights run over.
    pub(crate) weights: String,
    /// Repeated labels dropped by the `--duplicates` rule.
    pub(crate) repeats_dropped: usize,
    /// The fewest documents a topic must have, and a pair must share on it, for a per-topic kappa
    /// to be tested.
    pub(crate) min_topic_items: usize,
    /// Which 95% intervals were made, over every pooled and per-topic kappa.
    pub(crate) intervals: IntervalCounts,
    pub(crate) assessors: Vec<String>,
    pub(crate) items: usize,
    pub(crate) labels_read: usize,
    pub(crate) topics: usize,
    pub(crate) pairs: Vec<PairAgreement>,
    /// Topics where every pair with documents on the topic shares at least the minimum number of
    /// them and has a significantly positive per-topic kappa (paper B §3's high-agreement set), in
    /// topic order.
    pub(crate) high_agreement_topics: Vec<String>,
    /// The other topics with at least the minimum number of documents (the low-agreement set).
    pub(crate) low_agreement_topics: Vec<String>,
    /// Topics with fewer documents than the minimum: in neither set.
    pub(crate) too_small_topics: Vec<String>,
}

/// Pairwise confusion matrices of one topic (or of all topics), keyed by assessor pair `(a, b)`, `a < b`.
type PairMatrices = HashMap<(usize, usize), Vec<u64>>;

fn add_pairs(matrices: &mut PairMatrices, labels: &[(usize, u16)], k: usize) {
    for (i, &(a, la)) in labels.iter().enumerate() {
        for &(b, lb) in &labels[i + 1..] {
            let m = matrices.entry((a, b)).or_insert_with(|| vec![0; k * k]);
            m[usize::from(la) * k + usize::from(lb)] += 1;
        }
    }
}

fn matrix(counts: &[u64], k: usize) -> ConfusionMatrix {
    let rows: Vec<Vec<u64>> = counts.chunks(k).map(<[u64]>::to_vec).collect();
    // A scale has at least 2 labels and every row has k counts, so the matrix is square.
    ConfusionMatrix::from_rows(&rows).unwrap_or_else(|_| unreachable!("k × k counts"))
}

/// Runs the analysis of `labels` with the kappa interval's standard error `se`, the weights over
/// `over`'s categories, and per-topic kappas tested only where a topic has, and a pair shares on
/// it, at least `min_topic_items` documents.
pub(crate) fn analyse(
    labels: &AssessorLabels,
    source: &str,
    se: StandardError,
    over: WeightsOver,
    min_topic_items: usize,
) -> Analysis {
    let k = labels.scale.levels();
    let mut by_topic: BTreeMap<&str, PairMatrices> = BTreeMap::new();
    let mut topic_items: BTreeMap<&str, usize> = BTreeMap::new();
    let mut pooled = PairMatrices::new();
    for item in &labels.items {
        add_pairs(by_topic.entry(&item.topic).or_default(), &item.labels, k);
        *topic_items.entry(&item.topic).or_default() += 1;
        add_pairs(&mut pooled, &item.labels, k);
    }
    let mut keys: Vec<(usize, usize)> = pooled.keys().copied().collect();
    keys.sort_unstable();
    let (sized, too_small): (Vec<&str>, Vec<&str>) = by_topic
        .keys()
        .copied()
        .partition(|t| topic_items[t] >= min_topic_items);
    let (high, low): (Vec<&str>, Vec<&str>) = sized.into_iter().partition(|t| {
        let matrices = &by_topic[t];
        !matrices.is_empty()
            && matrices.values().all(|counts| {
                counts.iter().sum::<u64>() >= min_topic_items as u64
                    && linear_kappa(&matrix(counts, k), se, over)
                        .is_ok_and(|kt| kt.significantly_positive())
            })
    });
    let context = PairContext {
        by_topic: &by_topic,
        k,
        se,
        over,
        min_topic_items,
    };
    let mut intervals = IntervalCounts::default();
    let pairs: Vec<PairAgreement> = keys
        .iter()
        .map(|&(a, b)| pair_agreement(labels, &context, &pooled[&(a, b)], (a, b), &mut intervals))
        .collect();
    Analysis {
        labels: source.to_string(),
        headline: Headline::of(labels, by_topic.len(), &pairs),
        many_raters: (labels.assessors.len() > 2).then(|| many_raters(labels)),
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
        high_agreement_topics: high.into_iter().map(str::to_string).collect(),
        low_agreement_topics: low.into_iter().map(str::to_string).collect(),
        too_small_topics: too_small.into_iter().map(str::to_string).collect(),
    }
}

/// What every pair's analysis shares.
struct PairContext<'a> {
    by_topic: &'a BTreeMap<&'a str, PairMatrices>,
    k: usize,
    se: StandardError,
    over: WeightsOver,
    min_topic_items: usize,
}

fn pair_agreement(
    labels: &AssessorLabels,
    context: &PairContext<'_>,
    counts: &[u64],
    (a, b): (usize, usize),
    intervals: &mut IntervalCounts,
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
    let kappa_binary = counted(binary_kappa(&m, se));
    PairAgreement {
        first: labels.assessors[a].clone(),
        second: labels.assessors[b].clone(),
        items: m.total(),
        matrix: m.rows(),
        raw_agreement: raw,
        kappa_unweighted,
        kappa_linear,
        kappa_quadratic,
        raw_agreement_binary: binary_raw_agreement(&m).unwrap_or(f64::NAN),
        kappa_binary,
        per_topic: per_topic(context, (a, b), intervals),
    }
}

fn per_topic(
    context: &PairContext<'_>,
    pair: (usize, usize),
    intervals: &mut IntervalCounts,
) -> PerTopic {
    let mut result = PerTopic {
        topics: 0,
        significantly_positive: 0,
        not_significantly_positive: 0,
        undefined: 0,
        too_small: 0,
        mean: None,
        min: None,
        max: None,
    };
    let mut kappas = Vec::new();
    for matrices in context.by_topic.values() {
        let Some(counts) = matrices.get(&pair) else {
            continue;
        };
        result.topics += 1;
        if counts.iter().sum::<u64>() < context.min_topic_items as u64 {
            result.too_small += 1;
            continue;
        }
        match linear_kappa(&matrix(counts, context.k), context.se, context.over) {
            Ok(kt) => {
                intervals.count(&kt);
                if kt.significantly_positive() {
                    result.significantly_positive += 1;
                } else {
                    result.not_significantly_positive += 1;
                }
                kappas.push(kt.kappa);
            }
            Err(_) => result.undefined += 1,
        }
    }
    if !kappas.is_empty() {
        result.mean = Some(unsigned_zero(
            kappas.iter().sum::<f64>() / kappas.len() as f64,
        ));
        result.min = kappas.iter().copied().reduce(f64::min).map(unsigned_zero);
        result.max = kappas.iter().copied().reduce(f64::max).map(unsigned_zero);
    }
    result
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
