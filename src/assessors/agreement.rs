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
//! drift apart (`tests/it/agree_cli.rs` compares them on paper B's stand-in labels).

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;

use crate::io::labels::AssessorLabels;
use evia_engine::agreement::fleiss::fleiss_kappa;
use evia_engine::agreement::krippendorff::{Metric, alpha_on_values};
use evia_engine::agreement::{
    AgreementError, ConfusionMatrix, Kappa, StandardError, binary_kappa, binary_raw_agreement,
    linear_weighted_kappa, unweighted_kappa,
};

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
            WeightsOver::Declared => "linear weights over the declared scale",
            WeightsOver::Observed => "linear weights over the observed categories",
        }
    }
}

/// The linear weighted kappa of `m` with its weights over `over`'s categories.
fn linear_kappa(
    m: &ConfusionMatrix,
    se: StandardError,
    over: WeightsOver,
) -> Result<Kappa, AgreementError> {
    match over {
        WeightsOver::Declared => linear_weighted_kappa(m, se),
        WeightsOver::Observed if m.total() == 0 => Err(AgreementError::Empty),
        WeightsOver::Observed => match m.observed() {
            Some(observed) => linear_weighted_kappa(&observed, se),
            // One label used by both assessors throughout: expected agreement is 1.
            None => Err(AgreementError::Degenerate),
        },
    }
}

/// `v` with a negative zero made positive (a printed "-0.000" would suggest a sign it lacks).
fn unsigned_zero(v: f64) -> f64 {
    v + 0.0
}

/// A kappa with its 95% interval, or why it is undefined.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum KappaOutcome {
    Defined {
        kappa: f64,
        se: f64,
        ci_lo: f64,
        ci_hi: f64,
    },
    Undefined {
        undefined: String,
    },
}

impl KappaOutcome {
    fn from(result: Result<Kappa, evia_engine::agreement::AgreementError>) -> Self {
        match result {
            Ok(k) => KappaOutcome::Defined {
                kappa: unsigned_zero(k.kappa),
                se: unsigned_zero(k.se),
                ci_lo: unsigned_zero(k.ci_lo),
                ci_hi: unsigned_zero(k.ci_hi),
            },
            Err(e) => KappaOutcome::Undefined {
                undefined: e.to_string(),
            },
        }
    }
}

/// A statistic's value, or why it is undefined.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub(crate) enum Value {
    Defined(f64),
    Undefined { undefined: String },
}

impl Value {
    fn from(result: Result<f64, evia_engine::agreement::AgreementError>) -> Self {
        match result {
            Ok(v) => Value::Defined(unsigned_zero(v)),
            Err(e) => Value::Undefined {
                undefined: e.to_string(),
            },
        }
    }
}

/// Per-topic linear weighted kappas of one pair (paper B, Table 1's per-topic rows).
#[derive(Debug, Clone, Serialize)]
pub struct PerTopic {
    /// Topics on which both assessors labelled at least one document.
    pub topics: usize,
    /// Topics whose kappa's 95% CI lower limit is above 0.
    pub(crate) significantly_positive: usize,
    /// Topics whose kappa is defined but whose CI lower limit is not above 0.
    pub not_significantly_positive: usize,
    /// Topics whose kappa is undefined (one label used by both assessors throughout).
    pub undefined: usize,
    pub mean: Option<f64>,
    pub min: Option<f64>,
    pub max: Option<f64>,
}

/// Everything about one pair of assessors.
#[derive(Debug, Clone, Serialize)]
pub struct PairAgreement {
    pub first: String,
    pub second: String,
    /// Documents both labelled.
    pub(crate) items: u64,
    /// Confusion matrix, rows the first assessor's labels, columns the second's (scale order).
    pub(crate) matrix: Vec<Vec<u64>>,
    /// Share of documents with the same label.
    pub(crate) raw_agreement: f64,
    /// Unweighted Cohen's kappa on the full scale.
    pub(crate) kappa_unweighted: KappaOutcome,
    pub kappa_linear: KappaOutcome,
    /// Share of documents on the same side of "lowest label vs the rest".
    pub raw_agreement_binary: f64,
    pub kappa_binary: KappaOutcome,
    pub per_topic: PerTopic,
}

/// Fleiss' kappa and Krippendorff's alpha over all assessors.
#[derive(Debug, Clone, Serialize)]
pub struct ManyRaters {
    pub(crate) fleiss_kappa: Value,
    pub(crate) alpha_nominal: Value,
    pub(crate) alpha_ordinal: Value,
    pub(crate) alpha_interval: Value,
    /// Ratio alpha on the labels' values (undefined for a scale with negative labels).
    pub(crate) alpha_ratio: Value,
}

/// The whole analysis (the JSON document of `agree --format json`).
#[derive(Debug, Clone, Serialize)]
pub struct Analysis {
    pub(crate) labels: String,
    pub(crate) scale: String,
    /// The scale's labels, lowest first (the confusion matrices' row and column order).
    pub(crate) scale_labels: Vec<i32>,
    pub(crate) standard_error: String,
    /// The categories the linear weights run over.
    pub(crate) weights: String,
    pub(crate) assessors: Vec<String>,
    pub(crate) items: usize,
    pub labels_read: usize,
    pub(crate) topics: usize,
    pub pairs: Vec<PairAgreement>,
    /// Topics where every pair with documents on the topic has a significantly positive per-topic
    /// kappa (paper B §3's high-agreement set), in topic order.
    pub high_agreement_topics: Vec<String>,
    /// The other topics (the low-agreement set).
    pub low_agreement_topics: Vec<String>,
    /// `None` with two assessors or fewer.
    pub many_raters: Option<ManyRaters>,
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

/// Runs the analysis of `labels` with the kappa interval's standard error `se` and the linear weights
/// over `over`'s categories.
pub fn analyse(
    labels: &AssessorLabels,
    source: &str,
    se: StandardError,
    over: WeightsOver,
) -> Analysis {
    let k = labels.scale.levels();
    let mut by_topic: BTreeMap<&str, PairMatrices> = BTreeMap::new();
    let mut pooled = PairMatrices::new();
    for item in &labels.items {
        add_pairs(by_topic.entry(&item.topic).or_default(), &item.labels, k);
        add_pairs(&mut pooled, &item.labels, k);
    }
    let mut keys: Vec<(usize, usize)> = pooled.keys().copied().collect();
    keys.sort_unstable();
    let (high, low): (Vec<&str>, Vec<&str>) = by_topic.keys().copied().partition(|t| {
        let matrices = &by_topic[t];
        !matrices.is_empty()
            && matrices.values().all(|counts| {
                linear_kappa(&matrix(counts, k), se, over)
                    .is_ok_and(|kt| kt.significantly_positive())
            })
    });
    let pairs = keys
        .iter()
        .map(|&(a, b)| pair_agreement(labels, &by_topic, &pooled[&(a, b)], (a, b), (se, over)))
        .collect();
    Analysis {
        labels: source.to_string(),
        scale: labels.scale.to_string(),
        scale_labels: (0..k).map(|l| labels.scale.label(l)).collect(),
        standard_error: se.to_string(),
        weights: over.describe().to_string(),
        assessors: labels.assessors.clone(),
        items: labels.items.len(),
        labels_read: labels.items.iter().map(|i| i.labels.len()).sum(),
        topics: by_topic.len(),
        pairs,
        high_agreement_topics: high.into_iter().map(str::to_string).collect(),
        low_agreement_topics: low.into_iter().map(str::to_string).collect(),
        many_raters: (labels.assessors.len() > 2).then(|| many_raters(labels)),
    }
}

fn pair_agreement(
    labels: &AssessorLabels,
    by_topic: &BTreeMap<&str, PairMatrices>,
    counts: &[u64],
    (a, b): (usize, usize),
    (se, over): (StandardError, WeightsOver),
) -> PairAgreement {
    let k = labels.scale.levels();
    let m = matrix(counts, k);
    // A pair is listed only when both assessors labelled a document, so the total is positive.
    let raw = (0..k).map(|i| m.count(i, i)).sum::<u64>() as f64 / m.total() as f64;
    PairAgreement {
        first: labels.assessors[a].clone(),
        second: labels.assessors[b].clone(),
        items: m.total(),
        matrix: m.rows(),
        raw_agreement: raw,
        kappa_unweighted: KappaOutcome::from(unweighted_kappa(&m, se)),
        kappa_linear: KappaOutcome::from(linear_kappa(&m, se, over)),
        raw_agreement_binary: binary_raw_agreement(&m).unwrap_or(f64::NAN),
        kappa_binary: KappaOutcome::from(binary_kappa(&m, se)),
        per_topic: per_topic(by_topic, (a, b), k, (se, over)),
    }
}

fn per_topic(
    by_topic: &BTreeMap<&str, PairMatrices>,
    pair: (usize, usize),
    k: usize,
    (se, over): (StandardError, WeightsOver),
) -> PerTopic {
    let mut result = PerTopic {
        topics: 0,
        significantly_positive: 0,
        not_significantly_positive: 0,
        undefined: 0,
        mean: None,
        min: None,
        max: None,
    };
    let mut kappas = Vec::new();
    for matrices in by_topic.values() {
        let Some(counts) = matrices.get(&pair) else {
            continue;
        };
        result.topics += 1;
        match linear_kappa(&matrix(counts, k), se, over) {
            Ok(kt) if kt.significantly_positive() => {
                result.significantly_positive += 1;
                kappas.push(kt.kappa);
            }
            Ok(kt) => {
                result.not_significantly_positive += 1;
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
