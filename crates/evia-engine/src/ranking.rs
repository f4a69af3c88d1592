//! Rank correlation between two system rankings given as score vectors (one score per run, the
//! same runs in the same order in both).
//!
//! - Kendall's tau-b with the Hollander–Wolfe–Chicken confidence interval (here);
//! - [`tau_ap`]: Yilmaz, Aslam and Robertson's AP correlation tau_AP and Urbano and Marrero's
//!   tie-aware tau_AP_b;
//! - [`top_k`]: Kendall's tau-b among the reference's top k runs;
//! - [`rbo`]: rank-biased overlap (Webber, Moffat and Zobel 2010), RBO_ext;
//! - [`spearman`]: Spearman's rho with ties (average ranks);
//! - [`ties`]: which scores are tied (a stated relative tolerance) and compensated run sums.
//!
//! Every statistic here compares scores through [`ties::tie_classes`], so scores equal in exact
//! arithmetic but not in their last floating-point bits are ties.
//!
//! Kendall's tau-b (tests/fixtures/statistics.md §2):
//!
//! ```text
//! tau     = tau-b = (C − D) / sqrt((n0 − n_x)(n0 − n_y)),  n0 = n(n−1)/2, n_x / n_y = pairs tied in x / y
//!           (= (C − D) / n0 without ties)
//! C_i     = Σ_{k≠i} sign((x_k − x_i)(y_k − y_i))      (a tie in either variable contributes 0)
//! var_C   = Σ_i (C_i − mean(C))² / (n − 1)
//! sigma²  = 2/(n(n−1)) · [ 2(n−2)/(n(n−1)) · var_C + 1 − tau² ]
//! CI      = tau ± z · sqrt(sigma²)                    (z = 1.959963984540054)
//! ```
//!
//! x_k = x_i is a tie when the two scores are [`ties::tied`]. `ci_low`/`ci_high` are not clipped,
//! as the papers print them (upper ends above 1); [`KendallTau::clipped_interval`] is the interval
//! clipped to [−1, 1], the range tau can take, which the user tools report.
//!
//! The interval is the asymptotically distribution-free one of Hollander, Wolfe & Chicken
//! (Nonparametric Statistical Methods, 3rd ed., §8.3; R package NSM3, `kendall.ci`), which reproduces
//! the intervals printed in both papers.

pub mod rbo;
pub mod spearman;
pub mod tau_ap;
pub mod ties;
pub mod top_k;

/// The 0.975 quantile of the standard normal distribution (tests/fixtures/statistics.md, preamble).
pub const Z_975: f64 = 1.959963984540054;

/// Why Kendall's tau cannot be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TauError {
    #[error("the two rankings have different lengths ({0} and {1})")]
    LengthMismatch(usize, usize),
    #[error("Kendall's tau needs at least 3 runs for its confidence interval, got {0}")]
    TooFewRuns(usize),
    #[error("score {index} (0-based) is {value}, not a finite number")]
    NotFinite { index: usize, value: f64 },
    #[error("the statistic is undefined: every pair of runs is tied in one of the two rankings")]
    AllTied,
    #[error("tau_AP is undefined with tied scores (tau_AP_b handles ties)")]
    Tied,
    #[error("the persistence p of rank-biased overlap is {0}, not in (0, 1)")]
    Persistence(f64),
    #[error("the cutoff k of top-k tau is {0}; it needs at least 3 runs")]
    Cutoff(usize),
}

/// Kendall's tau-b of two score vectors with its pair counts and 95% confidence interval.
#[derive(Debug, Clone, PartialEq)]
pub struct KendallTau {
    /// Number of runs n.
    pub n: usize,
    /// Concordant pairs C.
    pub concordant: usize,
    /// Discordant pairs D.
    pub discordant: usize,
    /// Pairs tied in x only.
    pub ties_x_only: usize,
    /// Pairs tied in y only.
    pub ties_y_only: usize,
    /// Pairs tied in both x and y.
    pub ties_both: usize,
    /// tau-b.
    pub tau: f64,
    /// sigma, the Hollander–Wolfe–Chicken standard error of tau.
    pub sigma: f64,
    /// Lower limit of the 95% interval tau − z·sigma.
    pub ci_low: f64,
    /// Upper limit of the 95% interval tau + z·sigma.
    pub ci_high: f64,
}

impl KendallTau {
    /// All n(n−1)/2 pairs.
    pub fn pairs(&self) -> usize {
        self.n * (self.n - 1) / 2
    }

    /// Pairs tied in at least one of the two rankings.
    pub fn ties(&self) -> usize {
        self.ties_x_only + self.ties_y_only + self.ties_both
    }

    /// The interval (`ci_low`, `ci_high`) clipped to [−1, 1], the range of tau.
    pub fn clipped_interval(&self) -> (f64, f64) {
        (self.ci_low.clamp(-1.0, 1.0), self.ci_high.clamp(-1.0, 1.0))
    }
}

/// Checks two score vectors for a rank correlation: equal lengths, at least `min_runs`, finite.
pub(crate) fn check_scores(x: &[f64], y: &[f64], min_runs: usize) -> Result<(), TauError> {
    if x.len() != y.len() {
        return Err(TauError::LengthMismatch(x.len(), y.len()));
    }
    let n = x.len();
    if n < min_runs {
        return Err(TauError::TooFewRuns(n));
    }
    for (index, &value) in x.iter().chain(y).enumerate() {
        if !value.is_finite() {
            return Err(TauError::NotFinite {
                index: index % n,
                value,
            });
        }
    }
    Ok(())
}

/// Kendall's tau-b of the paired scores (x_i, y_i) with the 95% Hollander–Wolfe–Chicken interval;
/// scores within [`ties::TIE_RELATIVE_TOLERANCE`] of each other are ties.
pub fn kendall_tau(x: &[f64], y: &[f64]) -> Result<KendallTau, TauError> {
    kendall_tau_with_z(x, y, Z_975)
}

/// [`kendall_tau`] with the interval tau ± `z`·sigma for another normal quantile `z`.
pub fn kendall_tau_with_z(x: &[f64], y: &[f64], z: f64) -> Result<KendallTau, TauError> {
    check_scores(x, y, 3)?;
    let n = x.len();
    let (cx, cy) = (ties::tie_classes(x), ties::tie_classes(y));
    let sign = |a: usize, b: usize| (b as i64 - a as i64).signum();
    let (mut concordant, mut discordant) = (0usize, 0usize);
    let (mut ties_x_only, mut ties_y_only, mut ties_both) = (0usize, 0usize, 0usize);
    let mut c = vec![0i64; n];
    for i in 0..n {
        for k in i + 1..n {
            let sx = sign(cx[i], cx[k]);
            let sy = sign(cy[i], cy[k]);
            match (sx, sy) {
                (0, 0) => ties_both += 1,
                (0, _) => ties_x_only += 1,
                (_, 0) => ties_y_only += 1,
                _ if sx == sy => concordant += 1,
                _ => discordant += 1,
            }
            c[i] += sx * sy;
            c[k] += sx * sy;
        }
    }
    let n0 = (n * (n - 1) / 2) as f64;
    let tied_x = (ties_x_only + ties_both) as f64;
    let tied_y = (ties_y_only + ties_both) as f64;
    let denominator = ((n0 - tied_x) * (n0 - tied_y)).sqrt();
    if denominator == 0.0 {
        return Err(TauError::AllTied);
    }
    let tau = (concordant as f64 - discordant as f64) / denominator;

    let nf = n as f64;
    let mean_c = c.iter().sum::<i64>() as f64 / nf;
    let var_c = c
        .iter()
        .map(|&ci| (ci as f64 - mean_c).powi(2))
        .sum::<f64>()
        / (nf - 1.0);
    let sigma2 =
        2.0 / (nf * (nf - 1.0)) * (2.0 * (nf - 2.0) / (nf * (nf - 1.0)) * var_c + 1.0 - tau * tau);
    let sigma = sigma2.max(0.0).sqrt();
    Ok(KendallTau {
        n,
        concordant,
        discordant,
        ties_x_only,
        ties_y_only,
        ties_both,
        tau,
        sigma,
        ci_low: tau - z * sigma,
        ci_high: tau + z * sigma,
    })
}

/// The values of tau attainable by n runs without ties that print as `printed` with `decimals`
/// decimals: every `(D, 1 − 2D/N)`, N = n(n−1)/2, with |1 − 2D/N − printed| <= 0.5·10^−decimals
/// (both ends included, so the check does not depend on the rounding rule). Empty when the printed
/// value is not attainable (tests/fixtures/statistics.md §2, "Granularity": with 13 runs tau is a multiple of 1/39).
pub fn attainable_tau(printed: f64, decimals: u32, n: usize) -> Vec<(usize, f64)> {
    let Some(pairs) = n.checked_mul(n.saturating_sub(1)).map(|p| p / 2) else {
        return Vec::new();
    };
    if n < 2 || !printed.is_finite() {
        return Vec::new();
    }
    let half_unit = 0.5 * 10f64.powi(-(decimals.min(300) as i32));
    // Only D near (1 − printed)·N/2 can match: visit that window (one step wider on each side for
    // rounding), not all N + 1 values.
    let centre = (1.0 - printed) * pairs as f64 / 2.0;
    let reach = (half_unit + 1e-12) * pairs as f64 / 2.0 + 1.0;
    let first = (centre - reach).floor().clamp(0.0, pairs as f64) as usize;
    let last = (centre + reach).ceil().clamp(0.0, pairs as f64) as usize;
    (first..=last)
        .map(|d| (d, 1.0 - 2.0 * d as f64 / pairs as f64))
        .filter(|&(_, tau)| (tau - printed).abs() <= half_unit + 1e-12)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The windowed search finds exactly what the scan of every D from 0 to N finds (the 13-run
    /// grid of tests/fixtures/statistics.md §2 and others), and a run count whose pair count
    /// overflows gives nothing instead of looping.
    #[test]
    fn attainable_tau_equals_the_full_scan() {
        let scan = |printed: f64, decimals: u32, n: usize| -> Vec<(usize, f64)> {
            let pairs = n * (n - 1) / 2;
            let half_unit = 0.5 * 10f64.powi(-(decimals as i32));
            (0..=pairs)
                .map(|d| (d, 1.0 - 2.0 * d as f64 / pairs as f64))
                .filter(|&(_, tau)| (tau - printed).abs() <= half_unit + 1e-12)
                .collect()
        };
        for n in [2, 3, 5, 13, 44, 200] {
            for decimals in [0, 1, 2, 3, 4] {
                for printed in [-1.0, -0.5, 0.0, 0.333, 0.897, 0.974, 1.0, 1.2] {
                    assert_eq!(
                        attainable_tau(printed, decimals, n),
                        scan(printed, decimals, n),
                        "n {n}, decimals {decimals}, printed {printed}"
                    );
                }
            }
        }
        assert!(attainable_tau(0.5, 3, usize::MAX).is_empty());
        assert!(attainable_tau(f64::NAN, 3, 13).is_empty());
    }

    /// Means equal in exact arithmetic but summed naively, (0.1 + 0.2)/2 and (0.3 + 0.0)/2, are a
    /// tie: tau_b = 2/sqrt(2·3) (scipy.stats.kendalltau([1, 1, 2], [1, 2, 3])), not the 1/3 that
    /// counting the pair as discordant gives.
    #[test]
    fn naive_means_equal_in_exact_arithmetic_are_ties() {
        let x = [(0.1 + 0.2) / 2.0, (0.3 + 0.0) / 2.0, 0.4];
        assert!(x[0] > x[1], "the naive sums differ in the last bit");
        let t = kendall_tau(&x, &[0.1, 0.2, 0.3]).unwrap();
        assert_eq!((t.ties_x_only, t.concordant, t.discordant), (1, 2, 0));
        assert!((t.tau - 2.0 / 6f64.sqrt()).abs() < 1e-15, "{}", t.tau);
        let (lo, hi) = t.clipped_interval();
        assert!(-1.0 <= lo && hi <= 1.0);
    }

    #[test]
    fn rejects_bad_input() {
        assert_eq!(
            kendall_tau(&[1.0, 2.0], &[1.0]),
            Err(TauError::LengthMismatch(2, 1))
        );
        assert_eq!(
            kendall_tau(&[1.0, 2.0], &[1.0, 2.0]),
            Err(TauError::TooFewRuns(2))
        );
        assert_eq!(
            kendall_tau(&[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0]),
            Err(TauError::AllTied)
        );
        assert!(matches!(
            kendall_tau(&[1.0, f64::NAN, 3.0], &[1.0, 2.0, 3.0]),
            Err(TauError::NotFinite { index: 1, .. })
        ));
    }
}
