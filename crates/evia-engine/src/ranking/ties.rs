//! Ties between run scores: which scores are equal, and how per-run sums are accumulated so that
//! scores equal in exact arithmetic stay equal.
//!
//! Run means are averages of per-topic measure values computed in floating point. Two runs whose
//! means are equal in exact arithmetic (e.g. the same count of relevant documents in their top 10,
//! spread differently over the topics) can get means that differ in the last bits, because
//! `0.1 + 0.2 ≠ 0.3` in binary floating point. Every rank correlation of this module therefore
//!
//! 1. takes means accumulated with Neumaier's compensated summation ([`neumaier_sum`]; Neumaier 1974,
//!    "Rundungsfehleranalyse einiger Verfahren zur Summation endlicher Summen", ZAMM 54), whose
//!    error does not grow with the number of topics, and
//! 2. treats two scores as tied when they differ by at most a relative tolerance
//!    ([`TIE_RELATIVE_TOLERANCE`]):
//!
//! ```text
//! tied(a, b)  ⇔  |a − b| ≤ 1e−9 · max(|a|, |b|)
//! ```
//!
//! Why a tolerance rather than exact rationals: the measures are real-valued in general (AP, nDCG,
//! real-valued gains), so no exact representation exists for all of them. Why 1e−9: a mean of
//! non-negative per-topic values, each computed with a few hundred floating-point operations
//! (relative error ≤ ~1e−13 at depth 1,000), and summed with compensation, is within ~1e−12 of its
//! exact value; two means that differ in exact arithmetic by less than 1e−9 of their size differ in
//! no printed digit and in no meaningful way (P@10 means over n topics differ by at least
//! 1/(10·n)). Scores are grouped into tie classes by sorting them and chaining neighbours that are
//! tied ([`tie_classes`]), so the relation used by every statistic is an equivalence.

use std::cmp::Ordering;

/// The relative tolerance under which two scores are tied (see the module documentation).
pub const TIE_RELATIVE_TOLERANCE: f64 = 1e-9;

/// Whether `a` and `b` are tied: `|a − b| ≤ TIE_RELATIVE_TOLERANCE · max(|a|, |b|)`.
pub fn tied(a: f64, b: f64) -> bool {
    a == b || (a - b).abs() <= TIE_RELATIVE_TOLERANCE * a.abs().max(b.abs())
}

/// `a` against `b` with ties at [`TIE_RELATIVE_TOLERANCE`]: `Equal` when [`tied`], else the
/// numeric order. (Pairwise only; [`tie_classes`] gives the transitive grouping.)
pub fn compare(a: f64, b: f64) -> Ordering {
    if tied(a, b) {
        Ordering::Equal
    } else {
        a.total_cmp(&b)
    }
}

/// The tie class of every score, a dense rank from 0 (lowest) upward: scores are sorted, and a
/// score joins its lower neighbour's class when the two are [`tied`]. Equal classes are ties,
/// a higher class a higher score. Scores must be finite (the callers check).
pub fn tie_classes(x: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..x.len()).collect();
    order.sort_by(|&i, &j| x[i].total_cmp(&x[j]).then(i.cmp(&j)));
    let mut classes = vec![0; x.len()];
    let mut class = 0;
    for w in 1..order.len() {
        if !tied(x[order[w - 1]], x[order[w]]) {
            class += 1;
        }
        classes[order[w]] = class;
    }
    classes
}

/// Average ranks (1 = lowest) over [`tie_classes`]: tied scores share the mean of the ranks they
/// occupy, as `scipy.stats.rankdata(method="average")` gives them.
pub fn average_ranks(x: &[f64]) -> Vec<f64> {
    let classes = tie_classes(x);
    let groups = classes.iter().max().map_or(0, |&c| c + 1);
    let mut sizes = vec![0usize; groups];
    for &c in &classes {
        sizes[c] += 1;
    }
    let mut first = vec![0usize; groups];
    for c in 1..groups {
        first[c] = first[c - 1] + sizes[c - 1];
    }
    classes
        .iter()
        .map(|&c| first[c] as f64 + (sizes[c] as f64 + 1.0) / 2.0)
        .collect()
}

/// Neumaier's compensated sum (the improved Kahan–Babuška algorithm):
///
/// ```text
/// s ← 0, c ← 0
/// for x:  t ← s + x
///         c ← c + ((s − t) + x)   if |s| ≥ |x|
///         c ← c + ((x − t) + s)   otherwise
///         s ← t
/// sum = s + c
/// ```
///
/// The error is bounded by ~2ε·Σ|x| independently of the number of terms (Neumaier 1974).
pub fn neumaier_sum<I: IntoIterator<Item = f64>>(values: I) -> f64 {
    let (mut sum, mut compensation) = (0.0f64, 0.0f64);
    for x in values {
        let t = sum + x;
        if sum.abs() >= x.abs() {
            compensation += (sum - t) + x;
        } else {
            compensation += (x - t) + sum;
        }
        sum = t;
    }
    sum + compensation
}

/// The mean of `values` with [`neumaier_sum`]; NaN for no values.
pub fn compensated_mean(values: &[f64]) -> f64 {
    neumaier_sum(values.iter().copied()) / values.len() as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_counts_summed_in_different_orders_are_tied() {
        // 0.1 + 0.2 != 0.3 in binary floating point; the means of (0.1, 0.2) and (0.3, 0.0) are
        // equal in exact arithmetic.
        let a = (0.1 + 0.2) / 2.0;
        let b = (0.3 + 0.0) / 2.0;
        assert_ne!(a, b);
        assert!(tied(a, b));
        assert_eq!(compare(a, b), Ordering::Equal);
        assert_eq!(compare(0.3, 0.31), Ordering::Less);
        assert!(!tied(0.0, 1e-300));
        assert_eq!(tie_classes(&[a, 0.5, b, 0.1]), vec![1, 2, 1, 0]);
        assert_eq!(average_ranks(&[a, 0.5, b, 0.1]), vec![2.5, 4.0, 2.5, 1.0]);
    }

    #[test]
    fn neumaier_recovers_what_naive_summation_loses() {
        let values = [1.0, 1e100, 1.0, -1e100];
        assert_eq!(values.iter().sum::<f64>(), 0.0);
        assert_eq!(neumaier_sum(values), 2.0);
        let tenths = vec![0.1; 10];
        assert_eq!(compensated_mean(&tenths), 0.1);
    }
}
