//! The Wilson score interval for a binomial proportion.
//!
//! For `k` successes in `n` trials, p̂ = k/n and the standard normal quantile z (1.959964 for 95%):
//!
//! ```text
//! centre = (p̂ + z²/(2n)) / (1 + z²/n)
//! half   = z / (1 + z²/n) · sqrt(p̂(1 − p̂)/n + z²/(4n²))
//! [lo, hi] = [centre − half, centre + half]
//! ```
//!
//! Source: E. B. Wilson, "Probable inference, the law of succession, and statistical inference",
//! JASA 22 (1927) 209–212; recommended over the Wald interval by Agresti & Coull, "Approximate is
//! better than 'exact' for interval estimation of binomial proportions", The American Statistician
//! 52 (1998) 119–126; method 3 of Newcombe, "Two-sided confidence intervals for the single
//! proportion: comparison of seven methods", Statistics in Medicine 17 (1998) 857–872, whose Table I
//! gives the reference values the tests check.

/// The 0.975 quantile of the standard normal distribution (two-sided 95%).
pub(crate) const Z_95: f64 = 1.959_963_984_540_054;

/// A two-sided interval for a proportion.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub(crate) struct Interval {
    pub(crate) lo: f64,
    pub(crate) hi: f64,
}

/// Why a Wilson interval cannot be computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub(crate) enum WilsonError {
    #[error("a proportion needs at least one trial")]
    NoTrials,
    #[error("{successes} successes exceed {trials} trials")]
    TooManySuccesses { successes: u64, trials: u64 },
}

/// The Wilson score interval (module documentation) for `successes` of `trials` at quantile `z`.
pub(crate) fn wilson(successes: u64, trials: u64, z: f64) -> Result<Interval, WilsonError> {
    if trials == 0 {
        return Err(WilsonError::NoTrials);
    }
    if successes > trials {
        return Err(WilsonError::TooManySuccesses { successes, trials });
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = z / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Ok(Interval {
        lo: (centre - half).max(0.0),
        hi: (centre + half).min(1.0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rounded(x: f64) -> f64 {
        (x * 10_000.0).round() / 10_000.0
    }

    /// Newcombe (1998), Table I, method 3 (score interval without continuity correction), printed to
    /// four decimals: 81/263 → 0.2553–0.3662, 15/148 → 0.0624–0.1605, 0/20 → 0.0000–0.1611,
    /// 1/29 → 0.0061–0.1718.
    #[test]
    fn matches_newcombe_1998_table_1() {
        for (k, n, lo, hi) in [
            (81, 263, 0.2553, 0.3662),
            (15, 148, 0.0624, 0.1605),
            (0, 20, 0.0, 0.1611),
            (1, 29, 0.0061, 0.1718),
        ] {
            let interval = wilson(k, n, Z_95).unwrap();
            assert_eq!(rounded(interval.lo), lo, "{k}/{n} lower");
            assert_eq!(rounded(interval.hi), hi, "{k}/{n} upper");
        }
    }

    #[test]
    fn rejects_impossible_counts() {
        assert_eq!(wilson(0, 0, Z_95), Err(WilsonError::NoTrials));
        assert_eq!(
            wilson(3, 2, Z_95),
            Err(WilsonError::TooManySuccesses {
                successes: 3,
                trials: 2
            })
        );
    }
}
