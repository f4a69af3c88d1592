//! Fleiss' kappa for many raters (Fleiss, J. L. (1971). Measuring nominal scale agreement among many
//! raters. *Psychological Bulletin* 76(5), 378–382).
//!
//! `N` items each rated by the same number `n ≥ 2` of raters into `k` categories; `n_ij` raters put item
//! `i` in category `j`:
//!
//! ```text
//! p_j  = Σ_i n_ij / (N n)                       share of all ratings in category j
//! P_i  = (Σ_j n_ij² − n) / (n (n − 1))          agreement among the raters of item i
//! P̄    = Σ_i P_i / N,   P̄_e = Σ_j p_j²
//! κ    = (P̄ − P̄_e) / (1 − P̄_e)
//! ```
//!
//! The raters need not be the same people from item to item (the columns are exchangeable), which is
//! why it suits crowd labels. Checked against statsmodels' `fleiss_kappa` on the golden cases of
//! `tests/golden/agreement/` (made by `scripts/gen_agreement_golden.py`).

use super::AgreementError;

/// Fleiss' kappa of `units`: each unit lists its labels as indices `0..k` (one per rater; every unit
/// must have the same number of labels, at least 2).
pub fn fleiss_kappa(units: &[Vec<usize>], k: usize) -> Result<f64, AgreementError> {
    let fewest = units
        .iter()
        .map(Vec::len)
        .min()
        .ok_or(AgreementError::NoPairableItems)?;
    let most = units.iter().map(Vec::len).max().unwrap_or(fewest);
    if fewest != most {
        return Err(AgreementError::UnequalRaters { fewest, most });
    }
    let first = fewest;
    if first < 2 {
        return Err(AgreementError::TooFewRaters { raters: first });
    }
    let n = first as f64;
    let mut category_totals = vec![0u64; k];
    let mut p_sum = 0.0;
    let mut counts = vec![0u64; k];
    for unit in units {
        counts.iter_mut().for_each(|c| *c = 0);
        for &label in unit {
            if label >= k {
                return Err(AgreementError::LabelOutOfRange { label, labels: k });
            }
            counts[label] += 1;
        }
        let squares: f64 = counts.iter().map(|&c| (c * c) as f64).sum();
        p_sum += (squares - n) / (n * (n - 1.0));
        for (t, c) in category_totals.iter_mut().zip(&counts) {
            *t += c;
        }
    }
    let total = units.len() as f64 * n;
    let p_bar = p_sum / units.len() as f64;
    let p_e: f64 = category_totals
        .iter()
        .map(|&t| (t as f64 / total).powi(2))
        .sum();
    if (1.0 - p_e).abs() < f64::EPSILON {
        return Err(AgreementError::NoVariation {
            statistic: "Fleiss' kappa",
        });
    }
    Ok((p_bar - p_e) / (1.0 - p_e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Computed by hand from Fleiss (1971)'s formulas: two items, three raters, two categories, labels
    /// (0, 0, 0) and (0, 0, 1): P_1 = 1, P_2 = 1/3, P̄ = 2/3; p_0 = 5/6, p_1 = 1/6, P̄_e = 26/36;
    /// κ = (2/3 − 26/36)/(10/36) = −0.2.
    #[test]
    fn hand_computed_case() {
        let k = fleiss_kappa(&[vec![0, 0, 0], vec![0, 0, 1]], 2).unwrap();
        assert!((k + 0.2).abs() < 1e-12, "{k}");
    }

    #[test]
    fn refuses_unequal_raters_and_single_raters() {
        assert!(matches!(
            fleiss_kappa(&[vec![0, 1], vec![0, 1, 1]], 2),
            Err(AgreementError::UnequalRaters { .. })
        ));
        assert!(matches!(
            fleiss_kappa(&[vec![0], vec![1]], 2),
            Err(AgreementError::TooFewRaters { .. })
        ));
        assert_eq!(fleiss_kappa(&[], 2), Err(AgreementError::NoPairableItems));
        assert_eq!(
            fleiss_kappa(&[vec![1, 1], vec![1, 1]], 2),
            Err(AgreementError::NoVariation {
                statistic: "Fleiss' kappa"
            })
        );
    }
}
