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
//! Linear weights are `w_ij = 1 − |i − j|/(k − 1)`; quadratic weights `w_ij = 1 − (i − j)²/(k − 1)²`
//! (Cohen 1968; Fleiss and Cohen 1973 show that quadratic-weighted kappa is then, in large
//! samples, the intraclass correlation of the two assessors' labels); binary kappa collapses
//! labels `1..k` into 1 and uses the identity weights on the 2 × 2 table.
//!
//! Unweighted kappa uses the identity weights on the full `k × k` table, for any `k`.
//!
//! **Intervals.** The 95% interval is `kappa ± z·SE` (Wald), with `z` = [`Z_975`]. Both standard
//! errors are zero when every item has the same agreement weight (every item on the diagonal, for
//! one), and a zero-width interval would call any such table significant however few its items. A
//! zero SE is therefore replaced by the Wilson (1927) score interval for the observed agreement
//! `p_o` over `N` items, with the chance term `p_e` held fixed as Cohen's simple SE holds it, mapped
//! through `kappa = (p − p_e)/(1 − p_e)` (increasing in `p`):
//!
//! ```text
//! centre = (p_o + z²/2N) / (1 + z²/N)      half = z/(1 + z²/N) · sqrt(p_o(1 − p_o)/N + z²/4N²)
//! ```
//!
//! (Wilson, "Probable inference, the law of succession, and statistical inference", JASA 22, 1927;
//! recommended over the Wald interval by Agresti and Coull, The American Statistician 52, 1998, and
//! Brown, Cai and DasGupta, Statistical Science 16, 2001). `p_o(1 − p_o)` is the largest variance an
//! agreement weight in [0, 1] with mean `p_o` can have, so the interval is not narrower than the
//! item weights' spread allows. Every interval is then clipped to [−1, 1], the range of kappa
//! (`kappa ≤ 1` as `p_o ≤ 1`; `kappa ≥ −1`: Cohen 1960 for the identity weights, and for linear and
//! quadratic weights checked on every table of a small size, see the tests); [`Kappa`] says which
//! interval applied and whether it was clipped.
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
    /// `w_ij = 1 − (i − j)²/(k − 1)²` (quadratic weights, Cohen 1968; Fleiss and Cohen 1973).
    Quadratic,
}

impl Weights {
    fn weight(self, i: usize, j: usize, k: usize) -> f64 {
        match self {
            Weights::Identity => f64::from(u8::from(i == j)),
            Weights::Linear => 1.0 - i.abs_diff(j) as f64 / (k - 1) as f64,
            Weights::Quadratic => {
                let d = i.abs_diff(j) as f64 / (k - 1) as f64;
                1.0 - d * d
            }
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

/// Which 95% interval a [`Kappa`] carries (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interval {
    /// `kappa ± z·SE`.
    Wald,
    /// The SE is zero: Wilson's score interval for `p_o`, mapped to kappa.
    WilsonZeroSe,
}

/// Kappa with its ingredients and a 95% confidence interval (`kappa ± z·SE`, or Wilson's when the
/// SE is zero), clipped to [−1, 1].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Kappa {
    pub observed: f64,
    pub expected: f64,
    pub kappa: f64,
    pub se: f64,
    pub ci_lo: f64,
    pub ci_hi: f64,
    /// Number of items `N`.
    pub items: u64,
    /// Which interval `ci_lo`, `ci_hi` are.
    pub interval: Interval,
    /// Whether an end of the interval lay outside [−1, 1] and was moved onto it.
    pub clipped: bool,
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
    // A variance that is zero up to rounding (every item's weight the same) is zero.
    let scale = match se {
        StandardError::CohenSimple => observed * observed,
        StandardError::FleissCohenEveritt => 1.0,
    };
    let zero = variance * denominator <= 8.0 * f64::EPSILON * scale.max(f64::MIN_POSITIVE);
    let se = if zero { 0.0 } else { variance.sqrt() };
    let (lo, hi, interval) = if se > 0.0 {
        (kappa - Z_975 * se, kappa + Z_975 * se, Interval::Wald)
    } else {
        let (p_lo, p_hi) = wilson(observed.clamp(0.0, 1.0), nf, Z_975);
        let to_kappa = |p: f64| (p - expected) / (1.0 - expected);
        (to_kappa(p_lo), to_kappa(p_hi), Interval::WilsonZeroSe)
    };
    let (ci_lo, ci_hi) = (lo.max(-1.0), hi.min(1.0));
    Ok(Kappa {
        observed,
        expected,
        kappa,
        se,
        ci_lo,
        ci_hi,
        items: n,
        interval,
        clipped: ci_lo != lo || ci_hi != hi,
    })
}

/// Wilson's (1927) score interval for a proportion `p` of `n` trials at the normal quantile `z`
/// (formula in the module documentation).
pub fn wilson(p: f64, n: f64, z: f64) -> (f64, f64) {
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Linear weighted kappa on the full scale (paper B, Table 1, "Linear weighted Cohen's κ").
pub fn linear_weighted_kappa(
    m: &ConfusionMatrix,
    se: StandardError,
) -> Result<Kappa, AgreementError> {
    kappa(m, Weights::Linear, se)
}

/// Quadratic weighted kappa on the full scale, `w_ij = 1 − (i − j)²/(k − 1)²` (Cohen 1968), with the
/// standard error `se` selects. The Fleiss–Cohen–Everitt SE is the large-sample SE of a weighted
/// kappa with any weights (Fleiss, Cohen and Everitt 1969, Psychological Bulletin 72(5):323–327,
/// Eq. 5 there; [`StandardError::FleissCohenEveritt`]); Cohen's simple SE holds `p_e` fixed.
pub fn quadratic_weighted_kappa(
    m: &ConfusionMatrix,
    se: StandardError,
) -> Result<Kappa, AgreementError> {
    kappa(m, Weights::Quadratic, se)
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

    /// Quadratic weighted kappa equals `2·s_xy / (s_x² + s_y² + (x̄ − ȳ)²)` with the moments of the
    /// two assessors' label positions taken over the items (dividing by N): the identity behind
    /// Fleiss and Cohen's (1973) reading of it as an intraclass correlation. Checked on Boyd et al.'s
    /// (1982) 85 xeromammograms rated by two radiologists on four categories (the table of
    /// Altman's 1991 textbook and of the Stata manual's `kap` entry) and on every 3 × 3 table of 4
    /// items.
    #[test]
    fn quadratic_kappa_is_the_moment_ratio() {
        let moments = |m: &ConfusionMatrix| {
            let n = m.total() as f64;
            let k = m.labels();
            let cells = (0..k).flat_map(|i| (0..k).map(move |j| (i, j)));
            let mean = |f: &dyn Fn(usize, usize) -> f64| {
                cells
                    .clone()
                    .map(|(i, j)| f(i, j) * m.count(i, j) as f64)
                    .sum::<f64>()
                    / n
            };
            let (mx, my) = (mean(&|i, _| i as f64), mean(&|_, j| j as f64));
            let sx = mean(&|i, _| (i as f64 - mx).powi(2));
            let sy = mean(&|_, j| (j as f64 - my).powi(2));
            let sxy = mean(&|i, j| (i as f64 - mx) * (j as f64 - my));
            2.0 * sxy / (sx + sy + (mx - my).powi(2))
        };
        let boyd = ConfusionMatrix::from_rows(&[
            vec![21, 12, 0, 0],
            vec![4, 17, 1, 0],
            vec![3, 9, 15, 2],
            vec![0, 0, 0, 1],
        ])
        .unwrap();
        let q = quadratic_weighted_kappa(&boyd, StandardError::CohenSimple).unwrap();
        assert!(close(q.kappa, moments(&boyd), 1e-12), "{q:?}");
        assert_eq!(
            format!("{:.4} {:.4}", q.observed, q.expected),
            "0.9477 0.8409"
        );
        let mut checked = 0;
        for_each_table(3, 4, &mut |m| {
            if let Ok(q) = quadratic_weighted_kappa(m, StandardError::CohenSimple) {
                assert!(close(q.kappa, moments(m), 1e-12), "{m:?}");
                checked += 1;
            }
        });
        assert!(checked > 100, "{checked}");
    }

    /// Quadratic weighted kappa against published values: the two examples of Maplesoft's help
    /// page for `EssayTools[QuadraticWeightedKappa]` (grades 1–10 of nine essays by two raters),
    /// which prints 0.758620689655172 and 0.438095238095238.
    #[test]
    fn quadratic_kappa_matches_published_values() {
        let table = |a: &[usize], b: &[usize]| {
            let mut rows = vec![vec![0u64; 10]; 10];
            for (&x, &y) in a.iter().zip(b) {
                rows[x - 1][y - 1] += 1;
            }
            ConfusionMatrix::from_rows(&rows).unwrap()
        };
        let first = [9, 7, 8, 7, 6, 8, 3, 5, 10];
        for (second, published) in [
            ([8, 8, 6, 6, 7, 6, 1, 4, 8], 0.758620689655172),
            ([3, 5, 6, 6, 7, 6, 1, 4, 8], 0.438095238095238),
        ] {
            let q = quadratic_weighted_kappa(&table(&first, &second), StandardError::CohenSimple)
                .unwrap();
            assert!(close(q.kappa, published, 1e-14), "{q:?} vs {published}");
        }
    }

    /// Calls `f` with every `k × k` table of `n` items.
    fn for_each_table(k: usize, n: u64, f: &mut dyn FnMut(&ConfusionMatrix)) {
        fn fill(counts: &mut Vec<u64>, left: u64, k: usize, f: &mut dyn FnMut(&ConfusionMatrix)) {
            if counts.len() == k * k - 1 {
                counts.push(left);
                f(&ConfusionMatrix {
                    k,
                    counts: counts.clone(),
                });
                counts.pop();
                return;
            }
            for c in 0..=left {
                counts.push(c);
                fill(counts, left - c, k, f);
                counts.pop();
            }
        }
        fill(&mut Vec::new(), n, k, f);
    }

    /// Kappa lies in [−1, 1] with identity, linear and quadratic weights on every 3 × 3 table of up
    /// to 8 items and every 4 × 4 table of up to 5 items (the range the intervals are clipped to),
    /// and every interval lies in it and contains its estimate.
    #[test]
    fn kappa_and_its_interval_lie_in_minus_one_to_one() {
        let mut lowest: f64 = 1.0;
        for (k, most) in [(3, 8), (4, 5)] {
            for n in 1..=most {
                for_each_table(k, n, &mut |m| {
                    for weights in [Weights::Identity, Weights::Linear, Weights::Quadratic] {
                        for se in [
                            StandardError::CohenSimple,
                            StandardError::FleissCohenEveritt,
                        ] {
                            if let Ok(x) = kappa(m, weights, se) {
                                assert!(x.kappa >= -1.0 - 1e-12 && x.kappa <= 1.0 + 1e-12);
                                assert!(x.ci_lo >= -1.0 && x.ci_hi <= 1.0, "{x:?}");
                                assert!(x.ci_lo <= x.kappa + 1e-12 && x.kappa <= x.ci_hi + 1e-12);
                                lowest = lowest.min(x.kappa);
                            }
                        }
                    }
                });
            }
        }
        // The bound is reached (two items, each assessor's labels the other's reversed).
        assert!(close(lowest, -1.0, 1e-12), "{lowest}");
    }

    /// A table whose items all agree has a zero SE: its interval is Wilson's, not [1, 1], and two
    /// such items are not significantly positive, while 30 are. A wide Wald interval is clipped.
    #[test]
    fn a_zero_standard_error_gives_wilson_s_interval() {
        let two = ConfusionMatrix::from_rows(&[vec![1, 0], vec![0, 1]]).unwrap();
        let k = unweighted_kappa(&two, StandardError::CohenSimple).unwrap();
        assert_eq!(
            (k.kappa, k.se, k.interval),
            (1.0, 0.0, Interval::WilsonZeroSe)
        );
        assert!(!k.significantly_positive(), "{k:?}");
        assert_eq!(k.ci_hi, 1.0);
        // Wilson for 2 of 2: lower limit 2/(2 + z²) = 0.3423; p_e = 0.5, so kappa (0.3423 − 0.5)/0.5.
        assert!(
            close(k.ci_lo, (2.0 / (2.0 + Z_975 * Z_975) - 0.5) / 0.5, 1e-12),
            "{k:?}"
        );
        let thirty = ConfusionMatrix::from_rows(&[vec![15, 0], vec![0, 15]]).unwrap();
        for se in [
            StandardError::CohenSimple,
            StandardError::FleissCohenEveritt,
        ] {
            let k = unweighted_kappa(&thirty, se).unwrap();
            assert_eq!(k.interval, Interval::WilsonZeroSe);
            assert!(k.significantly_positive(), "{k:?}");
        }
        let small = ConfusionMatrix::from_rows(&[vec![3, 1], vec![0, 2]]).unwrap();
        let k = unweighted_kappa(&small, StandardError::CohenSimple).unwrap();
        assert_eq!(k.interval, Interval::Wald);
        assert!(k.clipped && k.ci_hi == 1.0, "{k:?}");
        let (lo, hi) = wilson(0.5, 100.0, Z_975);
        assert!(
            close(lo, 0.403_832, 1e-6) && close(hi, 0.596_168, 1e-6),
            "{lo} {hi}"
        );
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
