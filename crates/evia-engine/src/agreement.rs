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
        self.collapsed_from(1)
    }

    /// The 2 × 2 matrix obtained by collapsing the labels at positions `from..k` of the scale into 1
    /// ("relevant") and those below into 0: a document counts as relevant from that label up.
    pub fn collapsed_from(&self, from: usize) -> Self {
        let mut counts = vec![0; 4];
        for i in 0..self.k {
            for j in 0..self.k {
                counts[usize::from(i >= from) * 2 + usize::from(j >= from)] += self.count(i, j);
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

/// Cohen's kappa on the 2 × 2 table of labels at positions `from..k` ("relevant") against those
/// below ([`ConfusionMatrix::collapsed_from`]); `from = 1` is [`binary_kappa`].
pub fn binary_kappa_from(
    m: &ConfusionMatrix,
    from: usize,
    se: StandardError,
) -> Result<Kappa, AgreementError> {
    kappa(&m.collapsed_from(from), Weights::Identity, se)
}

/// Binary raw agreement `(n00 + n11) / N` on the collapsed 2 × 2 table (paper B, Table 1).
pub fn binary_raw_agreement(m: &ConfusionMatrix) -> Result<f64, AgreementError> {
    binary_raw_agreement_from(m, 1)
}

/// Binary raw agreement on the 2 × 2 table of [`ConfusionMatrix::collapsed_from`].
pub fn binary_raw_agreement_from(m: &ConfusionMatrix, from: usize) -> Result<f64, AgreementError> {
    let b = m.collapsed_from(from);
    let n = b.total();
    if n == 0 {
        return Err(AgreementError::Empty);
    }
    Ok((b.count(0, 0) + b.count(1, 1)) as f64 / n as f64)
}

#[cfg(test)]
mod tests;
