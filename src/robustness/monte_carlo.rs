//! The Monte Carlo error of a randomised test's p-value, for the note of a study whose replicates
//! run the randomised Tukey HSD with fewer trials than the paper's setting.
//!
//! A randomised p-value is the share of B independent trials whose statistic reaches the observed
//! one, so it is a binomial proportion: at a true p-value p its standard error is
//! sqrt(p(1 − p)/B). Near the significance level, p = alpha, that is sqrt(alpha(1 − alpha)/B): the
//! width of the zone in which a replicate's significance verdict is decided by the trials rather
//! than by the collection. (The same standard error A.T3's `p_se` columns report per p-value.)

/// sqrt(alpha(1 − alpha)/trials), the standard error of a randomised p-value near `alpha`.
pub(crate) fn p_value_se(alpha: f64, trials: u32) -> f64 {
    (alpha * (1.0 - alpha) / f64::from(trials.max(1))).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// sqrt(0.05 · 0.95 / 1000) = 0.006892…, sqrt(0.05 · 0.95 / 5000) = 0.003082…,
    /// sqrt(0.05 · 0.95 / 10000) = 0.002179….
    #[test]
    fn binomial_standard_error_at_alpha() {
        assert!((p_value_se(0.05, 1000) - 0.006_892_024).abs() < 1e-9);
        assert!((p_value_se(0.05, 5000) - 0.003_082_207).abs() < 1e-9);
        assert!((p_value_se(0.05, 10_000) - 0.002_179_449).abs() < 1e-9);
    }
}
