//! Pairwise inter-assessor agreement: Cohen's kappa (linear weighted and binary), raw agreement and
//! their confidence intervals (paper B §3 and Table 1; `tests/fixtures/statistics.md` §1).
//!
//! For a `k × k` confusion matrix of counts `n_ij` over `N` items (rows: the first assessor's label,
//! columns: the second's), `p_ij = n_ij / N`, with marginals `p_i.` and `p_.j`, and agreement weights
//! `w_ij`:
//!
//! ```text
//! p_o     = Σ w_ij p_ij                 p_e = Σ w_ij p_i. p_.j
//! kappa_w = (p_o − p_e) / (1 − p_e)
//! ```
//!
//! Linear weights are `w_ij = 1 − |i − j|/(k − 1)`; binary kappa collapses labels `1..k` into 1 and uses
//! the identity weights on the 2 × 2 table.
//!
//! Unweighted kappa uses the identity weights on the full `k × k` table, for any `k`.
//!
//! For more than two raters: [`fleiss`] (Fleiss' kappa) and [`krippendorff`] (Krippendorff's alpha,
//! nominal, ordinal, interval and ratio, missing labels allowed).

use std::fmt;

pub mod fleiss;
pub mod krippendorff;

/// The 0.975 quantile of the standard normal distribution (`tests/fixtures/statistics.md`).
pub const Z_975: f64 = 1.959_963_984_540_054;

/// A square confusion matrix of counts; rows are the first assessor's labels, columns the second's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfusionMatrix {
    k: usize,
    counts: Vec<u64>,
}

/// A matrix that cannot be analysed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum AgreementError {
    #[error(
        "a confusion matrix must be square with at least 2 labels; got {rows} row(s) of lengths {lengths:?}"
    )]
    NotSquare { rows: usize, lengths: Vec<usize> },
    #[error("the confusion matrix has no items (all counts are zero)")]
    Empty,
    #[error("label {label} is outside the scale 0..{labels} of the confusion matrix")]
    LabelOutOfRange { label: usize, labels: usize },
    #[error(
        "expected agreement is 1 (all items carry the same label for both assessors), so kappa is undefined"
    )]
    Degenerate,
    #[error(
        "Fleiss' kappa needs the same number of labels on every item; items have {fewest} to {most}"
    )]
    UnequalRaters { fewest: usize, most: usize },
    #[error("no item has two or more labels, so there is no agreement to measure")]
    NoPairableItems,
    #[error("Fleiss' kappa needs at least 2 labels per item, got {raters}")]
    TooFewRaters { raters: usize },
    #[error(
        "every label given is the same, so there is no variation to agree on and {statistic} is undefined"
    )]
    NoVariation { statistic: &'static str },
    #[error(
        "Krippendorff's ratio alpha needs values of 0 or more (it compares their ratios); the scale has {value}"
    )]
    NegativeRatioValue { value: f64 },
}

impl ConfusionMatrix {
    /// Builds a matrix from its rows, checking that it is square with at least two labels.
    pub fn from_rows(rows: &[Vec<u64>]) -> Result<Self, AgreementError> {
        let k = rows.len();
        if k < 2 || rows.iter().any(|r| r.len() != k) {
            return Err(AgreementError::NotSquare {
                rows: k,
                lengths: rows.iter().map(Vec::len).collect(),
            });
        }
        Ok(ConfusionMatrix {
            k,
            counts: rows.iter().flatten().copied().collect(),
        })
    }

    /// Counts the pairs of labels `(a, b)` in `0..k`; labels outside the scale are an error of the caller
    /// and are reported by [`ConfusionMatrix::from_label_pairs`] returning `None`.
    pub fn from_label_pairs(
        k: usize,
        pairs: impl IntoIterator<Item = (usize, usize)>,
    ) -> Option<Self> {
        let mut counts = vec![0; k * k];
        for (a, b) in pairs {
            if a >= k || b >= k {
                return None;
            }
            counts[a * k + b] += 1;
        }
        Some(ConfusionMatrix { k, counts })
    }

    /// Number of labels `k`.
    pub fn labels(&self) -> usize {
        self.k
    }

    /// Count `n_ij`.
    pub fn count(&self, i: usize, j: usize) -> u64 {
        self.counts[i * self.k + j]
    }

    /// The rows of counts.
    pub fn rows(&self) -> Vec<Vec<u64>> {
        self.counts.chunks(self.k).map(<[u64]>::to_vec).collect()
    }

    /// Number of items `N`.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Row totals: how many items the first assessor put at each label.
    pub fn row_totals(&self) -> Vec<u64> {
        self.counts.chunks(self.k).map(|r| r.iter().sum()).collect()
    }

    /// Column totals: how many items the second assessor put at each label.
    pub fn column_totals(&self) -> Vec<u64> {
        (0..self.k)
            .map(|j| (0..self.k).map(|i| self.count(i, j)).sum())
            .collect()
    }

    /// The same matrix with rows and columns exchanged (the assessors swapped).
    pub fn transposed(&self) -> Self {
        let counts = (0..self.k)
            .flat_map(|i| (0..self.k).map(move |j| (i, j)))
            .map(|(i, j)| self.count(j, i))
            .collect();
        ConfusionMatrix { k: self.k, counts }
    }

    /// The matrix restricted to the observed categories: the labels that either assessor used (a
    /// row or column with a count), in scale order. Linear weights over them are the weights R's
    /// `irr::kappa2` uses (it builds the table from the labels present). `None` when fewer than two
    /// labels are used.
    pub fn observed(&self) -> Option<Self> {
        let rows = self.row_totals();
        let columns = self.column_totals();
        let used: Vec<usize> = (0..self.k).filter(|&i| rows[i] + columns[i] > 0).collect();
        if used.len() < 2 {
            return None;
        }
        let counts = used
            .iter()
            .flat_map(|&i| used.iter().map(move |&j| (i, j)))
            .map(|(i, j)| self.count(i, j))
            .collect();
        Some(ConfusionMatrix {
            k: used.len(),
            counts,
        })
    }

    /// The 2 × 2 matrix obtained by collapsing labels `1..k` into 1 ("relevant"), as paper B §3 does
    /// for its binary kappa.
    pub fn collapsed_binary(&self) -> Self {
        let mut counts = vec![0; 4];
        for i in 0..self.k {
            for j in 0..self.k {
                counts[usize::from(i > 0) * 2 + usize::from(j > 0)] += self.count(i, j);
            }
        }
        ConfusionMatrix { k: 2, counts }
    }

    /// Counts of the summed labels `i + j` (levels `0..=2(k−1)`): the relevance levels of a qrels made by
    /// summing the two assessors' labels (paper B, Table 2, row "2lancers").
    pub fn summed_level_counts(&self) -> Vec<u64> {
        let mut levels = vec![0; 2 * self.k - 1];
        for i in 0..self.k {
            for j in 0..self.k {
                levels[i + j] += self.count(i, j);
            }
        }
        levels
    }
}

/// Agreement weights `w_ij` for a `k`-label scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weights {
    /// `w_ij = 1` if `i = j`, else 0 (unweighted kappa).
    Identity,
    /// `w_ij = 1 − |i − j|/(k − 1)` (linear weights; `tests/fixtures/statistics.md` §1).
    Linear,
}

impl Weights {
    fn weight(self, i: usize, j: usize, k: usize) -> f64 {
        match self {
            Weights::Identity => f64::from(u8::from(i == j)),
            Weights::Linear => 1.0 - i.abs_diff(j) as f64 / (k - 1) as f64,
        }
    }
}

/// Which standard error the confidence interval uses (`tests/fixtures/statistics.md` §1.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StandardError {
    /// Cohen's (1960, 1968) simple SE, which treats the chance term as fixed:
    /// `SE² = (Σ w_ij² p_ij − p_o²) / (N (1 − p_e)²)`. It reproduces all six intervals of paper B's
    /// Table 1, and is the default.
    #[default]
    CohenSimple,
    /// The large-sample SE of Fleiss, Cohen and Everitt (1969):
    /// `SE² = [Σ p_ij (w_ij − (w̄_i. + w̄_.j)(1 − κ))² − (κ − p_e(1 − κ))²] / (N (1 − p_e)²)`, with
    /// `w̄_i. = Σ_j p_.j w_ij` and `w̄_.j = Σ_i p_i. w_ij`.
    FleissCohenEveritt,
}

impl fmt::Display for StandardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StandardError::CohenSimple => "Cohen's simple SE",
            StandardError::FleissCohenEveritt => "Fleiss-Cohen-Everitt SE",
        })
    }
}

/// Kappa with its ingredients and a 95% confidence interval `kappa ± z·SE`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Kappa {
    pub observed: f64,
    pub expected: f64,
    pub kappa: f64,
    pub se: f64,
    pub ci_lo: f64,
    pub ci_hi: f64,
}

impl Kappa {
    /// A topic "statistically agrees" when the CI's lower limit is above 0 (`tests/fixtures/statistics.md` §1).
    pub fn significantly_positive(&self) -> bool {
        self.ci_lo > 0.0
    }
}

/// Cohen's kappa of `m` with weights `weights` and a 95% CI using `se` (`tests/fixtures/statistics.md` §1).
pub fn kappa(
    m: &ConfusionMatrix,
    weights: Weights,
    se: StandardError,
) -> Result<Kappa, AgreementError> {
    let n = m.total();
    if n == 0 {
        return Err(AgreementError::Empty);
    }
    let nf = n as f64;
    let k = m.labels();
    let p = |i, j| m.count(i, j) as f64 / nf;
    let rows: Vec<f64> = m.row_totals().iter().map(|&t| t as f64 / nf).collect();
    let cols: Vec<f64> = m.column_totals().iter().map(|&t| t as f64 / nf).collect();
    let w = |i, j| weights.weight(i, j, k);
    let cells = || (0..k).flat_map(|i| (0..k).map(move |j| (i, j)));

    let observed: f64 = cells().map(|(i, j)| w(i, j) * p(i, j)).sum();
    let expected: f64 = cells().map(|(i, j)| w(i, j) * rows[i] * cols[j]).sum();
    if (1.0 - expected).abs() < f64::EPSILON {
        return Err(AgreementError::Degenerate);
    }
    let kappa = (observed - expected) / (1.0 - expected);
    let denominator = nf * (1.0 - expected).powi(2);
    let variance = match se {
        StandardError::CohenSimple => {
            let second: f64 = cells().map(|(i, j)| w(i, j).powi(2) * p(i, j)).sum();
            (second - observed * observed) / denominator
        }
        StandardError::FleissCohenEveritt => {
            let row_mean_w: Vec<f64> = (0..k)
                .map(|i| (0..k).map(|j| cols[j] * w(i, j)).sum())
                .collect();
            let col_mean_w: Vec<f64> = (0..k)
                .map(|j| (0..k).map(|i| rows[i] * w(i, j)).sum())
                .collect();
            let first: f64 = cells()
                .map(|(i, j)| {
                    p(i, j) * (w(i, j) - (row_mean_w[i] + col_mean_w[j]) * (1.0 - kappa)).powi(2)
                })
                .sum();
            (first - (kappa - expected * (1.0 - kappa)).powi(2)) / denominator
        }
    };
    let se = variance.max(0.0).sqrt();
    Ok(Kappa {
        observed,
        expected,
        kappa,
        se,
        ci_lo: kappa - Z_975 * se,
        ci_hi: kappa + Z_975 * se,
    })
}

/// Linear weighted kappa on the full scale (paper B, Table 1, "Linear weighted Cohen's κ").
pub fn linear_weighted_kappa(
    m: &ConfusionMatrix,
    se: StandardError,
) -> Result<Kappa, AgreementError> {
    kappa(m, Weights::Linear, se)
}

/// Unweighted (Cohen's 1960) kappa on the full scale: only identical labels agree.
pub fn unweighted_kappa(m: &ConfusionMatrix, se: StandardError) -> Result<Kappa, AgreementError> {
    kappa(m, Weights::Identity, se)
}

/// Binary kappa: labels `1..k` collapsed into "relevant" (paper B, Table 1, "Binary Cohen's κ").
pub fn binary_kappa(m: &ConfusionMatrix, se: StandardError) -> Result<Kappa, AgreementError> {
    kappa(&m.collapsed_binary(), Weights::Identity, se)
}

/// Binary raw agreement `(n00 + n11) / N` on the collapsed 2 × 2 table (paper B, Table 1).
pub fn binary_raw_agreement(m: &ConfusionMatrix) -> Result<f64, AgreementError> {
    let b = m.collapsed_binary();
    let n = b.total();
    if n == 0 {
        return Err(AgreementError::Empty);
    }
    Ok((b.count(0, 0) + b.count(1, 1)) as f64 / n as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matrix(rows: [[u64; 3]; 3]) -> ConfusionMatrix {
        ConfusionMatrix::from_rows(&rows.map(Vec::from)).unwrap()
    }

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    /// `tests/fixtures/statistics.md` §1.2, weighted table (paper B, Table 1): p_o, p_e, kappa_w and SE to 1e-6.
    #[test]
    fn weighted_kappa_matches_reference_vectors() {
        let cases = [
            (
                [[3991, 1354, 487], [947, 1260, 882], [447, 1047, 799]],
                0.728108,
                0.590231,
                0.336474,
                0.007420,
            ),
            (
                [[3406, 1540, 886], [1051, 1100, 938], [416, 787, 1090]],
                0.691457,
                0.569656,
                0.283033,
                0.007510,
            ),
            (
                [[3215, 1232, 938], [1203, 1415, 1043], [455, 780, 933]],
                0.685928,
                0.574941,
                0.261110,
                0.007712,
            ),
        ];
        for (rows, po, pe, k, se) in cases {
            let got = linear_weighted_kappa(&matrix(rows), StandardError::CohenSimple).unwrap();
            assert!(close(got.observed, po, 1e-6), "{got:?}");
            assert!(close(got.expected, pe, 1e-6), "{got:?}");
            assert!(close(got.kappa, k, 1e-6), "{got:?}");
            assert!(close(got.se, se, 1e-6), "{got:?}");
        }
    }

    /// `tests/fixtures/statistics.md` §1.2, binary table: raw agreement, p_e, kappa, Cohen SE and FCE SE to 1e-6.
    #[test]
    fn binary_kappa_matches_reference_vectors() {
        let cases = [
            (
                [[3991, 1354, 487], [947, 1260, 882], [447, 1047, 799]],
                0.711521,
                0.499206,
                0.423958,
                0.008543,
                0.008519,
            ),
            (
                [[3406, 1540, 886], [1051, 1100, 938], [416, 787, 1090]],
                0.652845,
                0.497373,
                0.309318,
                0.008944,
                0.008830,
            ),
            (
                [[3215, 1232, 938], [1203, 1415, 1043], [455, 780, 933]],
                0.658641,
                0.502592,
                0.313725,
                0.009002,
                0.008947,
            ),
        ];
        for (rows, raw, pe, k, se_cohen, se_fce) in cases {
            let m = matrix(rows);
            assert!(close(binary_raw_agreement(&m).unwrap(), raw, 1e-6));
            let cohen = binary_kappa(&m, StandardError::CohenSimple).unwrap();
            let fce = binary_kappa(&m, StandardError::FleissCohenEveritt).unwrap();
            assert!(close(cohen.expected, pe, 1e-6), "{cohen:?}");
            assert!(close(cohen.kappa, k, 1e-6), "{cohen:?}");
            assert!(close(cohen.se, se_cohen, 1e-6), "{cohen:?}");
            assert!(close(fce.se, se_fce, 1e-6), "{fce:?}");
        }
    }

    /// `tests/fixtures/statistics.md` §1.1: the FCE weighted interval for lancer1–lancer2 is about 0.001
    /// narrower than Cohen's, [0.323, 0.350].
    #[test]
    fn fleiss_cohen_everitt_weighted_interval_is_narrower() {
        let m = matrix([[3991, 1354, 487], [947, 1260, 882], [447, 1047, 799]]);
        let fce = linear_weighted_kappa(&m, StandardError::FleissCohenEveritt).unwrap();
        assert_eq!(format!("{:.3} {:.3}", fce.ci_lo, fce.ci_hi), "0.323 0.350");
    }

    /// Disagreement weights |i − j| give the same kappa as linear agreement weights (tests/fixtures/statistics.md §1).
    #[test]
    fn symmetric_under_assessor_swap() {
        let m = matrix([[3991, 1354, 487], [947, 1260, 882], [447, 1047, 799]]);
        let a = linear_weighted_kappa(&m, StandardError::CohenSimple).unwrap();
        let b = linear_weighted_kappa(&m.transposed(), StandardError::CohenSimple).unwrap();
        assert!(close(a.kappa, b.kappa, 1e-12));
    }

    #[test]
    fn summed_levels_and_margins() {
        let m = matrix([[1, 2, 3], [4, 5, 6], [7, 8, 9]]);
        assert_eq!(m.summed_level_counts(), vec![1, 2 + 4, 3 + 5 + 7, 6 + 8, 9]);
        assert_eq!(m.row_totals(), vec![6, 15, 24]);
        assert_eq!(m.column_totals(), vec![12, 15, 18]);
        assert_eq!(m.collapsed_binary().rows(), vec![vec![1, 5], vec![11, 28]]);
    }

    /// The observed categories of a table where one label is used by neither assessor: the
    /// restricted table, and the linear kappa over it, which is R `irr::kappa2(anxiety[, 2:3],
    /// "equal")` = 0.1459 on irr's `anxiety` data (ratings 1–6, label 5 unused by raters 2 and 3),
    /// against 0.1262 with the weights over the whole scale 1–6.
    #[test]
    fn observed_categories_give_irr_s_weights() {
        let rater2 = [3, 6, 4, 6, 2, 4, 2, 4, 3, 3, 2, 3, 3, 3, 2, 2, 1, 3, 3, 4];
        let rater3 = [2, 1, 4, 4, 3, 2, 1, 6, 1, 1, 1, 2, 3, 3, 1, 1, 3, 3, 2, 2];
        let pairs = rater2.iter().zip(&rater3).map(|(&a, &b)| (a - 1, b - 1));
        let m = ConfusionMatrix::from_label_pairs(6, pairs).unwrap();
        let observed = m.observed().unwrap();
        assert_eq!(observed.labels(), 5);
        assert_eq!(observed.total(), 20);
        let declared = linear_weighted_kappa(&m, StandardError::CohenSimple).unwrap();
        let over_observed = linear_weighted_kappa(&observed, StandardError::CohenSimple).unwrap();
        assert_eq!(format!("{:.4}", declared.kappa), "0.1262");
        assert_eq!(format!("{:.4}", over_observed.kappa), "0.1459");
        let one_label = ConfusionMatrix::from_rows(&[vec![0, 0], vec![0, 4]]).unwrap();
        assert_eq!(one_label.observed(), None);
    }

    #[test]
    fn rejects_bad_matrices() {
        assert!(ConfusionMatrix::from_rows(&[vec![1, 2], vec![3]]).is_err());
        let zero = ConfusionMatrix::from_rows(&[vec![0, 0], vec![0, 0]]).unwrap();
        assert_eq!(
            kappa(&zero, Weights::Identity, StandardError::CohenSimple),
            Err(AgreementError::Empty)
        );
        let all_one_label = ConfusionMatrix::from_rows(&[vec![5, 0], vec![0, 0]]).unwrap();
        assert_eq!(
            kappa(
                &all_one_label,
                Weights::Identity,
                StandardError::CohenSimple
            ),
            Err(AgreementError::Degenerate)
        );
    }
}
