//! The pairwise statistics of many assessors as distributions over the pairs: for each statistic
//! the number of pairs where it is defined and its minimum, quartiles and maximum (quantiles by
//! linear interpolation between order statistics, Hyndman and Fan's 1996 type 7, numpy's default),
//! instead of one row per pair (762 assessors share documents in tens of thousands of pairs).

use serde::Serialize;

use super::table::{Table, fixed};
use crate::assessors::agreement::Analysis;
use crate::assessors::agreement_values::{KappaOutcome, PairAgreement};

/// The type 7 quantile `q` of sorted `values` (not empty): `x[h]` interpolated at
/// `h = (n − 1)·q`.
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let h = (sorted.len() - 1) as f64 * q;
    let lo = h.floor() as usize;
    let hi = h.ceil() as usize;
    sorted[lo] + (h - lo as f64) * (sorted[hi] - sorted[lo])
}

/// One statistic's distribution over the pairs where it is defined (finite).
#[derive(Debug, Clone, Serialize)]
pub(super) struct Spread {
    pub(super) statistic: &'static str,
    /// How many pairs the statistic is defined for.
    pub(super) pairs: usize,
    /// Minimum, quartiles and maximum; `None` when no pair has a value.
    pub(super) min: Option<f64>,
    pub(super) q25: Option<f64>,
    pub(super) median: Option<f64>,
    pub(super) q75: Option<f64>,
    pub(super) max: Option<f64>,
}

impl Spread {
    fn of(statistic: &'static str, mut values: Vec<f64>) -> Self {
        values.retain(|v| v.is_finite());
        values.sort_by(f64::total_cmp);
        let q = |q: f64| (!values.is_empty()).then(|| quantile(&values, q) + 0.0);
        Spread {
            statistic,
            pairs: values.len(),
            min: q(0.0),
            q25: q(0.25),
            median: q(0.5),
            q75: q(0.75),
            max: q(1.0),
        }
    }

    /// The table row: name, count, min, quartiles, max.
    fn row(&self) -> Vec<String> {
        let mut cells = vec![self.statistic.to_string(), self.pairs.to_string()];
        cells.extend(
            [self.min, self.q25, self.median, self.q75, self.max]
                .map(|v| v.map_or_else(|| "–".to_string(), fixed)),
        );
        cells
    }
}

fn kappas(a: &Analysis, pick: fn(&PairAgreement) -> &KappaOutcome) -> Vec<f64> {
    a.pairs
        .iter()
        .filter_map(|p| match pick(p) {
            KappaOutcome::Defined { kappa, .. } => Some(*kappa),
            KappaOutcome::Undefined { .. } => None,
        })
        .collect()
}

fn significant(a: &Analysis, pick: fn(&PairAgreement) -> &KappaOutcome) -> usize {
    a.pairs
        .iter()
        .filter(|p| matches!(pick(p), KappaOutcome::Defined { ci_lo, .. } if *ci_lo > 0.0))
        .count()
}

/// Pairs whose kappa's 95% interval lies above 0, per kappa.
#[derive(Debug, Clone, Serialize)]
pub(super) struct SignificantPairs {
    pub(super) unweighted: usize,
    pub(super) linear: usize,
    pub(super) quadratic: usize,
    pub(super) binary: usize,
}

/// The per-topic kappas summed over the pairs.
#[derive(Debug, Clone, Serialize)]
pub(super) struct PerTopicOverPairs {
    /// (pair, topic) cells: topics on which a pair shares documents.
    pub(super) cells: usize,
    pub(super) significantly_positive: usize,
    pub(super) not_significantly_positive: usize,
    pub(super) undefined: usize,
    pub(super) too_small: usize,
    /// The distribution of the pairs' mean per-topic kappa.
    pub(super) mean_per_topic_kappa: Spread,
}

/// The pairwise statistics as distributions over the pairs: what `--pairs summary` prints, and
/// the JSON's `pair_distribution` in place of every pair.
#[derive(Debug, Clone, Serialize)]
pub(super) struct PairDistribution {
    pub(super) pairs: usize,
    pub(super) statistics: Vec<Spread>,
    pub(super) significantly_positive: SignificantPairs,
    pub(super) per_topic: PerTopicOverPairs,
}

impl PairDistribution {
    pub(super) fn of(a: &Analysis) -> Self {
        let p = &a.pairs;
        let sum = |f: fn(&PairAgreement) -> usize| p.iter().map(f).sum::<usize>();
        PairDistribution {
            pairs: p.len(),
            statistics: vec![
                Spread::of(
                    "documents shared",
                    p.iter().map(|p| p.items as f64).collect(),
                ),
                Spread::of("raw agreement", p.iter().map(|p| p.raw_agreement).collect()),
                Spread::of("unweighted κ", kappas(a, |p| &p.kappa_unweighted)),
                Spread::of("linear κ", kappas(a, |p| &p.kappa_linear)),
                Spread::of("quadratic κ", kappas(a, |p| &p.kappa_quadratic)),
                Spread::of(
                    "binary raw agreement",
                    p.iter().map(|p| p.raw_agreement_binary).collect(),
                ),
                Spread::of("binary κ", kappas(a, |p| &p.kappa_binary)),
            ],
            significantly_positive: SignificantPairs {
                unweighted: significant(a, |p| &p.kappa_unweighted),
                linear: significant(a, |p| &p.kappa_linear),
                quadratic: significant(a, |p| &p.kappa_quadratic),
                binary: significant(a, |p| &p.kappa_binary),
            },
            per_topic: PerTopicOverPairs {
                cells: sum(|p| p.per_topic.topics),
                significantly_positive: sum(|p| p.per_topic.significantly_positive),
                not_significantly_positive: sum(|p| p.per_topic.not_significantly_positive),
                undefined: sum(|p| p.per_topic.undefined),
                too_small: sum(|p| p.per_topic.too_small),
                mean_per_topic_kappa: Spread::of(
                    "mean per-topic κ of a pair",
                    p.iter().filter_map(|p| p.per_topic.mean).collect(),
                ),
            },
        }
    }
}

const HEADERS: [&str; 7] = ["statistic", "pairs", "min", "25%", "median", "75%", "max"];

/// The pairwise table as distributions over the pairs.
pub(super) fn distribution_table(a: &Analysis, d: &PairDistribution) -> Table {
    let s = &d.significantly_positive;
    Table {
        title: format!(
            "Pairwise agreement over {} pairs (95% CIs, {}; linear and quadratic κ: {}); pairs with the interval's lower limit above 0: unweighted {}, linear {}, quadratic {}, binary {}",
            d.pairs, a.standard_error, a.weights, s.unweighted, s.linear, s.quadratic, s.binary,
        ),
        headers: HEADERS.map(str::to_string).to_vec(),
        rows: d.statistics.iter().map(Spread::row).collect(),
    }
}

/// The per-topic tests summed over the pairs, and the distribution of the pairs' mean per-topic
/// kappa.
pub(super) fn per_topic_summary(a: &Analysis, d: &PairDistribution) -> Table {
    let t = &d.per_topic;
    Table {
        title: format!(
            "Per-topic linear weighted κ over the pairs: {} (pair, topic) cells, {} significantly positive, {} not, {} undefined, {} too small (fewer than {} shared documents)",
            t.cells,
            t.significantly_positive,
            t.not_significantly_positive,
            t.undefined,
            t.too_small,
            a.min_topic_items
        ),
        headers: HEADERS.map(str::to_string).to_vec(),
        rows: vec![t.mean_per_topic_kappa.row()],
    }
}

#[cfg(test)]
mod tests {
    use super::quantile;

    /// numpy.quantile([1, 2, 3, 4, 10], [0, .25, .5, .75, 1]) = 1, 2, 3, 4, 10;
    /// numpy.quantile([1, 2], .25) = 1.25.
    #[test]
    fn quantiles_interpolate_as_numpy_does() {
        let v = [1.0, 2.0, 3.0, 4.0, 10.0];
        let got: Vec<f64> = [0.0, 0.25, 0.5, 0.75, 1.0]
            .iter()
            .map(|&q| quantile(&v, q))
            .collect();
        assert_eq!(got, [1.0, 2.0, 3.0, 4.0, 10.0]);
        assert_eq!(quantile(&[1.0, 2.0], 0.25), 1.25);
        assert_eq!(quantile(&[7.0], 0.5), 7.0);
    }
}
