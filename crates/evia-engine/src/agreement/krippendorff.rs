//! Krippendorff's alpha for any number of raters and missing labels (Krippendorff, K. (2011).
//! *Computing Krippendorff's Alpha-Reliability*. Annenberg School for Communication, University of
//! Pennsylvania, §B–§C; Hayes & Krippendorff (2007), *Communication Methods and Measures* 1(1), 77–89).
//!
//! Labels are the levels `0..k` of a scale whose values are `v_0 < … < v_{k−1}` ([`alpha`]: the levels
//! themselves; [`alpha_on_values`]: any values, such as the labels of a scale `MIN..MAX`). A unit with `m_u ≥ 2` labels ("pairable") adds to
//! the coincidence matrix every ordered pair of its labels from different raters, weighted `1/(m_u − 1)`;
//! units with fewer than two labels are left out:
//!
//! ```text
//! o_ck = Σ_u (number of ordered pairs (c, k) within u) / (m_u − 1)
//! n_c  = Σ_k o_ck,   n = Σ_c n_c
//! α    = 1 − (n − 1) Σ_ck o_ck δ²_ck / Σ_ck n_c n_k δ²_ck
//! ```
//!
//! with the difference functions (Krippendorff 2011, §C)
//!
//! ```text
//! nominal   δ²_ck = 0 if c = k, else 1
//! ordinal   δ²_ck = (Σ_{g = min(c,k)}^{max(c,k)} n_g − (n_c + n_k)/2)²
//! interval  δ²_ck = (v_c − v_k)²
//! ratio     δ²_ck = ((v_c − v_k) / (v_c + v_k))²      (0 when v_c = v_k = 0; values ≥ 0)
//! ```
//!
//! Checked against the Python package `krippendorff` (`krippendorff.alpha`) on the golden cases of
//! `tests/golden/agreement/` (made by `scripts/gen_agreement_golden.py`), and against the four
//! values Krippendorff (2011) prints for his example of §C (nominal .743, ordinal .815, interval
//! .849, ratio .797).

use super::AgreementError;

/// The level of measurement, which chooses the difference function `δ²`; named in outputs in lower
/// case (`nominal`, …, [`Metric::name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum Metric {
    /// Labels are unordered categories.
    Nominal,
    /// Labels are ordered; distances are the ranks between them.
    Ordinal,
    /// Labels are numbers; distances are their differences.
    Interval,
    /// Labels are numbers with a true zero; distances are relative to their sum.
    Ratio,
}

impl Metric {
    /// Every metric, in the order outputs list them.
    pub const ALL: [Metric; 4] = [
        Metric::Nominal,
        Metric::Ordinal,
        Metric::Interval,
        Metric::Ratio,
    ];

    /// The metric's name in outputs.
    pub fn name(self) -> &'static str {
        self.into()
    }
}

/// The coincidence matrix `o_ck` (row-major, `k × k`) of the pairable units.
fn coincidences(units: &[Vec<usize>], k: usize) -> Result<Vec<f64>, AgreementError> {
    let mut o = vec![0.0; k * k];
    let mut counts = vec![0u64; k];
    for unit in units {
        if let Some(&label) = unit.iter().find(|&&l| l >= k) {
            return Err(AgreementError::LabelOutOfRange { label, labels: k });
        }
        let m = unit.len();
        if m < 2 {
            continue;
        }
        counts.iter_mut().for_each(|c| *c = 0);
        unit.iter().for_each(|&l| counts[l] += 1);
        let weight = 1.0 / (m - 1) as f64;
        for c in 0..k {
            for d in 0..k {
                // Ordered pairs of different raters: n_c n_d, less the n_c self-pairs on the diagonal.
                let pairs = if c == d {
                    counts[c] * counts[c].saturating_sub(1)
                } else {
                    counts[c] * counts[d]
                };
                o[c * k + d] += pairs as f64 * weight;
            }
        }
    }
    Ok(o)
}

/// `δ²_ck` of `metric`, given the values `v_c` of the levels and the coincidence margins `n_c`.
fn delta_squared(metric: Metric, c: usize, d: usize, values: &[f64], margins: &[f64]) -> f64 {
    let (vc, vd) = (values[c], values[d]);
    match metric {
        Metric::Nominal => f64::from(u8::from(c != d)),
        Metric::Interval => (vc - vd).powi(2),
        Metric::Ratio if vc + vd == 0.0 => 0.0,
        Metric::Ratio => ((vc - vd) / (vc + vd)).powi(2),
        Metric::Ordinal => {
            let (lo, hi) = (c.min(d), c.max(d));
            let between: f64 = margins[lo..=hi].iter().sum();
            (between - (margins[c] + margins[d]) / 2.0).powi(2)
        }
    }
}

/// Krippendorff's alpha of `units` (each unit lists the labels it received, as levels `0..k`; missing
/// labels are simply absent) under `metric`, the levels being their own values.
pub fn alpha(units: &[Vec<usize>], k: usize, metric: Metric) -> Result<f64, AgreementError> {
    let values: Vec<f64> = (0..k).map(|l| l as f64).collect();
    alpha_on_values(units, &values, metric)
}

/// Krippendorff's alpha of `units` (labels as levels `0..values.len()`) where level `l` has the value
/// `values[l]` (increasing), under `metric`. The ratio metric needs values of 0 or more.
pub fn alpha_on_values(
    units: &[Vec<usize>],
    values: &[f64],
    metric: Metric,
) -> Result<f64, AgreementError> {
    let k = values.len();
    if metric == Metric::Ratio
        && let Some(&value) = values.iter().find(|&&v| v < 0.0)
    {
        return Err(AgreementError::NegativeRatioValue { value });
    }
    let o = coincidences(units, k)?;
    let margins: Vec<f64> = o.chunks(k).map(|row| row.iter().sum()).collect();
    let n: f64 = margins.iter().sum();
    if n == 0.0 {
        return Err(AgreementError::NoPairableItems);
    }
    let mut observed = 0.0;
    let mut expected = 0.0;
    for c in 0..k {
        for d in 0..k {
            let delta = delta_squared(metric, c, d, values, &margins);
            observed += o[c * k + d] * delta;
            expected += margins[c] * margins[d] * delta;
        }
    }
    if expected == 0.0 {
        return Err(AgreementError::NoVariation {
            statistic: "Krippendorff's alpha",
        });
    }
    Ok(1.0 - (n - 1.0) * observed / expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of the metrics in outputs, in the order they are listed.
    #[test]
    fn metrics_are_named_in_lower_case_in_order() {
        let names = Metric::ALL.map(Metric::name);
        assert_eq!(names, ["nominal", "ordinal", "interval", "ratio"]);
    }

    /// Krippendorff (2011), §C's nominal example ("C. Nominal data, any number of observers, missing
    /// data"): 4 observers, 12 units, values 1–5, alpha = 0.743 (printed to 3 decimals). Values are
    /// shifted to levels 0–4; units with one value are unpairable.
    #[test]
    fn krippendorff_2011_nominal_example() {
        let units: Vec<Vec<usize>> = [
            &[1, 1, 1][..],
            &[2, 2, 3, 2],
            &[3, 3, 3, 3],
            &[3, 3, 3, 3],
            &[2, 2, 2, 2],
            &[1, 2, 3, 4],
            &[4, 4, 4, 4],
            &[1, 1, 2, 1],
            &[2, 2, 2, 2],
            &[5, 5, 5],
            &[1, 1],
            &[3],
        ]
        .iter()
        .map(|u| u.iter().map(|v| v - 1).collect())
        .collect();
        let a = alpha(&units, 5, Metric::Nominal).unwrap();
        assert_eq!(format!("{a:.3}"), "0.743");
        // The same data with its values 1–5 (the ratio metric is not shift-invariant): Krippendorff
        // (2011) prints .815 (ordinal), .849 (interval) and .797 (ratio).
        let values = [1.0, 2.0, 3.0, 4.0, 5.0];
        let printed = [
            (Metric::Nominal, "0.743"),
            (Metric::Ordinal, "0.815"),
            (Metric::Interval, "0.849"),
            (Metric::Ratio, "0.797"),
        ];
        for (metric, expected) in printed {
            let a = alpha_on_values(&units, &values, metric).unwrap();
            assert_eq!(format!("{a:.3}"), expected, "{}", metric.name());
        }
    }

    #[test]
    fn ratio_alpha_refuses_negative_values_and_one_label_has_no_variation() {
        let units = vec![vec![0, 1], vec![1, 2]];
        assert_eq!(
            alpha_on_values(&units, &[-1.0, 0.0, 1.0], Metric::Ratio),
            Err(AgreementError::NegativeRatioValue { value: -1.0 })
        );
        assert!(alpha_on_values(&units, &[-1.0, 0.0, 1.0], Metric::Interval).is_ok());
        let one_label = vec![vec![2, 2, 2], vec![2, 2, 2]];
        let err = alpha(&one_label, 3, Metric::Nominal).unwrap_err();
        assert_eq!(
            err,
            AgreementError::NoVariation {
                statistic: "Krippendorff's alpha"
            }
        );
        let text = err.to_string();
        assert!(!text.contains("both") && !text.contains("kappa"), "{text}");
    }

    #[test]
    fn perfect_agreement_is_one_and_no_pairs_is_an_error() {
        let units = vec![vec![0, 0], vec![1, 1, 1], vec![2]];
        for metric in Metric::ALL {
            assert!((alpha(&units, 3, metric).unwrap() - 1.0).abs() < 1e-12);
        }
        assert_eq!(
            alpha(&[vec![1], vec![0]], 2, Metric::Nominal),
            Err(AgreementError::NoPairableItems)
        );
        assert_eq!(
            alpha(&[vec![1, 1]], 2, Metric::Nominal),
            Err(AgreementError::NoVariation {
                statistic: "Krippendorff's alpha"
            })
        );
    }
}
