//! Spearman's rank correlation rho with ties: Pearson's correlation of the average ranks
//! (Spearman 1904; the tie correction of Kendall, *Rank Correlation Methods*, ch. 3), as
//! `scipy.stats.spearmanr` computes it.
//!
//! ```text
//! r_i, s_i = average ranks of x_i among x and of y_i among y   (ties share the mean rank)
//! rho      = Σ (r_i − r̄)(s_i − s̄) / sqrt(Σ (r_i − r̄)² · Σ (s_i − s̄)²)
//! ```
//!
//! Ties are [`super::ties::tied`] scores.

use super::{TauError, check_scores, ties::average_ranks};

/// Spearman's rho of the paired scores (x_i, y_i), ties by average ranks. Needs at least 2 runs
/// and not every run tied in either vector ([`TauError::AllTied`]).
pub fn spearman_rho(x: &[f64], y: &[f64]) -> Result<f64, TauError> {
    check_scores(x, y, 2)?;
    let (r, s) = (average_ranks(x), average_ranks(y));
    let n = r.len() as f64;
    let mean = (n + 1.0) / 2.0;
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in r.iter().zip(&s) {
        sxy += (a - mean) * (b - mean);
        sxx += (a - mean) * (a - mean);
        syy += (b - mean) * (b - mean);
    }
    if sxx == 0.0 || syy == 0.0 {
        return Err(TauError::AllTied);
    }
    Ok(sxy / (sxx * syy).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extremes_and_all_tied() {
        let x = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(spearman_rho(&x, &x).unwrap(), 1.0);
        assert_eq!(spearman_rho(&x, &[4.0, 3.0, 2.0, 1.0]).unwrap(), -1.0);
        assert_eq!(
            spearman_rho(&x, &[1.0, 1.0, 1.0, 1.0]),
            Err(TauError::AllTied)
        );
    }
}
