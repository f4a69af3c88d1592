//! The summary `agree` prints first ([`Headline`]: how much data, and the mean pairwise kappas),
//! the count of which 95% intervals were made ([`IntervalCounts`]), and the default minimum topic
//! size of the per-topic kappas ([`default_min_topic_items`]).

use serde::Serialize;

use super::agreement_values::{KappaOutcome, PairAgreement};
use crate::io::labels::AssessorLabels;
use evia_engine::agreement::{Interval, Kappa};

/// How much data there is, and the mean agreement of the assessor pairs.
#[derive(Debug, Clone, Serialize)]
pub struct Headline {
    pub assessors: usize,
    pub topics: usize,
    /// Documents (topic, document) with at least one label line.
    pub items: usize,
    pub labels: usize,
    /// Assessor pairs with at least one document in common.
    pub pairs: usize,
    /// Each kappa's mean over the pairs where it is defined.
    pub mean_pairwise: MeanPairwise,
}

/// The mean of each pairwise kappa over the pairs where it is defined (for unweighted kappa this
/// is Light's 1971 kappa for many raters), and how many pairs each mean is over.
#[derive(Debug, Clone, Serialize)]
pub struct MeanPairwise {
    pub unweighted: Option<f64>,
    pub linear: Option<f64>,
    pub quadratic: Option<f64>,
    pub binary: Option<f64>,
    /// Pairs with a defined unweighted, linear, quadratic and binary kappa.
    pub defined: [usize; 4],
}

impl Headline {
    /// The headline of `labels` with `topics` topics and the analysed `pairs`.
    pub fn of(labels: &AssessorLabels, topics: usize, pairs: &[PairAgreement]) -> Self {
        let mean = |pick: fn(&PairAgreement) -> &KappaOutcome| {
            let values: Vec<f64> = pairs
                .iter()
                .filter_map(|p| match pick(p) {
                    KappaOutcome::Defined { kappa, .. } => Some(*kappa),
                    KappaOutcome::Undefined { .. } => None,
                })
                .collect();
            let mean = (!values.is_empty())
                .then(|| values.iter().sum::<f64>() / values.len() as f64 + 0.0);
            (mean, values.len())
        };
        let (unweighted, n_u) = mean(|p| &p.kappa_unweighted);
        let (linear, n_l) = mean(|p| &p.kappa_linear);
        let (quadratic, n_q) = mean(|p| &p.kappa_quadratic);
        let (binary, n_b) = mean(|p| &p.kappa_binary);
        Headline {
            assessors: labels.assessors.len(),
            topics,
            items: labels.items.len(),
            labels: labels.items.iter().map(|i| i.labels.len()).sum(),
            pairs: pairs.len(),
            mean_pairwise: MeanPairwise {
                unweighted,
                linear,
                quadratic,
                binary,
                defined: [n_u, n_l, n_q, n_b],
            },
        }
    }
}

/// Which 95% intervals were made (`evia_engine::agreement`'s module documentation), counted over
/// every pooled and per-topic kappa of an analysis.
#[derive(Debug, Clone, Default, Serialize)]
pub struct IntervalCounts {
    /// kappa ± 1.959964·SE (the 97.5% standard normal quantile).
    pub wald: usize,
    /// The SE was zero: Wilson's score interval for the observed agreement, mapped to kappa.
    pub wilson_zero_se: usize,
    /// An end lay outside [−1, 1] and was moved onto it.
    pub clipped: usize,
}

impl IntervalCounts {
    pub fn count(&mut self, k: &Kappa) {
        match k.interval {
            Interval::Wald => self.wald += 1,
            Interval::WilsonZeroSe => self.wilson_zero_se += 1,
        }
        self.clipped += usize::from(k.clipped);
    }
}

/// The default fewest documents for a per-topic kappa on a scale of `k` labels: `2k²`, the rule of
/// thumb of Cicchetti and Fleiss (1977, "Comparison of the null distributions of weighted kappa
/// and the C ordinal statistic", Applied Psychological Measurement 1:195–201) for the
/// large-sample standard error of (weighted) kappa to be trusted. 8 documents for binary labels,
/// 18 on a three-label scale.
pub fn default_min_topic_items(k: usize) -> usize {
    2 * k * k
}
