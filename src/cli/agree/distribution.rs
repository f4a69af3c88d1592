//! The pairwise statistics of many assessors as distributions over the pairs: for each statistic
//! the number of pairs where it is defined and its minimum, quartiles and maximum (quantiles by
//! linear interpolation between order statistics, Hyndman and Fan's 1996 type 7, numpy's default),
//! instead of one row per pair (762 assessors share documents in tens of thousands of pairs).

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

/// One row: the statistic's name, how many values, min, quartiles, max.
fn row(name: &str, mut values: Vec<f64>) -> Vec<String> {
    values.retain(|v| v.is_finite());
    values.sort_by(f64::total_cmp);
    let mut cells = vec![name.to_string(), values.len().to_string()];
    if values.is_empty() {
        cells.extend(std::iter::repeat_n("–".to_string(), 5));
    } else {
        cells.extend([0.0, 0.25, 0.5, 0.75, 1.0].map(|q| fixed(quantile(&values, q))));
    }
    cells
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

const HEADERS: [&str; 7] = ["statistic", "pairs", "min", "25%", "median", "75%", "max"];

/// The pairwise table as distributions over the pairs.
pub(super) fn distribution_table(a: &Analysis) -> Table {
    let p = &a.pairs;
    let rows = vec![
        row(
            "documents shared",
            p.iter().map(|p| p.items as f64).collect(),
        ),
        row("raw agreement", p.iter().map(|p| p.raw_agreement).collect()),
        row("unweighted κ", kappas(a, |p| &p.kappa_unweighted)),
        row("linear κ", kappas(a, |p| &p.kappa_linear)),
        row("quadratic κ", kappas(a, |p| &p.kappa_quadratic)),
        row(
            "binary raw agreement",
            p.iter().map(|p| p.raw_agreement_binary).collect(),
        ),
        row("binary κ", kappas(a, |p| &p.kappa_binary)),
    ];
    Table {
        title: format!(
            "Pairwise agreement over {} pairs (95% CIs, {}; linear and quadratic κ: {}); pairs with the interval's lower limit above 0: unweighted {}, linear {}, quadratic {}, binary {}",
            p.len(),
            a.standard_error,
            a.weights,
            significant(a, |p| &p.kappa_unweighted),
            significant(a, |p| &p.kappa_linear),
            significant(a, |p| &p.kappa_quadratic),
            significant(a, |p| &p.kappa_binary),
        ),
        headers: HEADERS.map(str::to_string).to_vec(),
        rows,
    }
}

/// The per-topic tests summed over the pairs, and the distribution of the pairs' mean per-topic
/// kappa.
pub(super) fn per_topic_summary(a: &Analysis) -> Table {
    let sum = |f: fn(&PairAgreement) -> usize| a.pairs.iter().map(f).sum::<usize>();
    Table {
        title: format!(
            "Per-topic linear weighted κ over the pairs: {} (pair, topic) cells, {} significantly positive, {} not, {} undefined, {} too small (fewer than {} shared documents)",
            sum(|p| p.per_topic.topics),
            sum(|p| p.per_topic.significantly_positive),
            sum(|p| p.per_topic.not_significantly_positive),
            sum(|p| p.per_topic.undefined),
            sum(|p| p.per_topic.too_small),
            a.min_topic_items
        ),
        headers: HEADERS.map(str::to_string).to_vec(),
        rows: vec![row(
            "mean per-topic κ of a pair",
            a.pairs.iter().filter_map(|p| p.per_topic.mean).collect(),
        )],
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
