//! The studentized range distribution and the classical Tukey HSD p-value
//! (tests/fixtures/statistics.md §5).
//!
//! Our own implementation of the approach of Copenhaver & Holland ("Computation of the distribution
//! of the maximum studentized range statistic with application to multiple significance testing of
//! simple effects", J. Statist. Comput. Simul. 30, 1988), which R's `ptukey` also follows: the
//! distribution of the range of m standard normals as a Gauss–Legendre integral over the normal
//! density, integrated again with Gauss–Legendre over the distribution of the studentising standard
//! deviation. Written from the published formulas, not from R's source.
//!
//! ```text
//! Range of m iid N(0,1):   P(R <= w) = m ∫ φ(x) [Φ(x + w) − Φ(x)]^(m−1) dx
//! Studentized range:       Q = R / s,  s = sqrt(χ²_ν / ν),  density f_ν(s) ∝ s^(ν−1) exp(−ν s²/2)
//!                          P(Q <= q) = ∫_0^∞ f_ν(s) P(R <= q s) ds        (ν = ∞: P(R <= q))
//! Classical Tukey HSD:     p = P(Q_{m,ν} >= |d| / sqrt(V_E / n)),  ν = (n − 1)(m − 1)
//! ```
//!
//! Quadrature: the inner integral runs over x in [−8.5, 8.5] (φ(8.5) < 1e-16) in 10 panels of width
//! 1.7 with 16-point Gauss–Legendre; the nodes' φ(x) and Φ(x) are computed once, Φ(x + w) comes
//! from a Taylor table ([`super::normal_cdf_table`], within 1e-15 of the direct Φ), and nodes where
//! the integrand is below φ(x) · 1e-20 are skipped (`integrand_cut`). The outer integral
//! runs over panels of four standard deviations (1/sqrt(2ν) each; at most 0.25 wide) on both sides of the mode
//! sqrt((ν − 1)/ν) of f_ν, out to where f_ν has fallen by e^−30, again with 16-point Gauss–Legendre;
//! f_ν is normalised by the same quadrature rather than by Γ(ν/2), so the quadrature error of the
//! weight cancels. The golden test (tests/it/hsd_ptukey.rs, values from scipy's `studentized_range`)
//! requires 1e-6 absolute agreement on q in [0.5, 10], m in {2, 3, 5, 10, 16, 44},
//! ν in {10, 100, 1000, ∞}; the largest difference found is about 6e-13. The outer rule depends only
//! on ν and is built once for all pairs of a test, and each distinct statistic is evaluated once.
//! For finite ν the outer integral reads P(R <= q s_j) from a piecewise Chebyshev interpolant of
//! w ↦ P(R <= w) for the test's m (`range_table`, within 1e-12 of the quadrature above for
//! m up to 200), built panel by panel on demand, so the range integral runs at 16 points per panel
//! of width 1/2 in w instead of at every outer node of every statistic: the 120 p-values of 16 runs
//! over 100 topics take about 1.2 ms on one core instead of about 9 ms.

use super::gauss_legendre::gauss_legendre;
pub use super::normal::{erfc, norm_cdf};
pub use super::range_cdf::range_cdf;
use super::range_table::RangeCdfTable;

/// Why a studentized range probability cannot be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PtukeyError {
    #[error("the studentized range needs at least 2 groups, got {0}")]
    TooFewGroups(usize),
    #[error("degrees of freedom must be at least 1 (or infinite), got {0}")]
    BadDf(f64),
    #[error("the studentized range statistic must be a number, got {0}")]
    BadQ(f64),
}

fn check(q: f64, m: usize, df: f64) -> Result<(), PtukeyError> {
    if m < 2 {
        return Err(PtukeyError::TooFewGroups(m));
    }
    if df.is_nan() || df < 1.0 {
        return Err(PtukeyError::BadDf(df));
    }
    if q.is_nan() {
        return Err(PtukeyError::BadQ(q));
    }
    Ok(())
}

/// Widest panel of the outer integral (in units of s). Matters for ν < 128 only.
const MAX_OUTER_PANEL: f64 = 0.25;

/// P(Q_{m,df} <= q), the distribution function of the studentized range of `m` groups with `df`
/// degrees of freedom (`f64::INFINITY` for a known variance).
pub fn studentized_range_cdf(q: f64, m: usize, df: f64) -> Result<f64, PtukeyError> {
    check(q, m, df)?;
    if q <= 0.0 {
        return Ok(0.0);
    }
    if df.is_infinite() {
        return Ok(range_cdf(q, m));
    }
    Ok(StudentisingRule::new(df).cdf(q, &RangeCdfTable::new(m)))
}

/// The outer quadrature over s = sqrt(χ²_ν/ν) for one ν: nodes s_j with unnormalised weights g_j
/// and their sum, so that P(Q <= q) = Σ_j g_j P(R <= q s_j) / Σ_j g_j. The rule does not depend on
/// q, so a test computing many p-values with the same ν builds it once.
struct StudentisingRule {
    nodes: Vec<(f64, f64)>,
    mass: f64,
}

impl StudentisingRule {
    /// Panels of four standard deviations (the curvature of log g at the mode is −2ν), at most
    /// `MAX_OUTER_PANEL` wide (for small ν the density is wide while P(R <= q s) still changes on a
    /// scale of about 1/q in s), on both sides of the mode out to where the density has fallen by
    /// e^−30; 16-point Gauss–Legendre on each panel.
    fn new(nu: f64) -> Self {
        // Unnormalised log density of s, relative to its mode.
        let mode = ((nu - 1.0) / nu).sqrt();
        let log_g = |s: f64| {
            if s <= 0.0 {
                f64::NEG_INFINITY
            } else {
                (nu - 1.0) * s.ln() - 0.5 * nu * s * s
            }
        };
        let log_g_mode = if mode > 0.0 { log_g(mode) } else { 0.0 };
        let relative = |s: f64| {
            if s <= 0.0 {
                if nu == 1.0 { 1.0 } else { 0.0 }
            } else {
                (log_g(s) - log_g_mode).exp()
            }
        };
        let panel = (4.0 / (2.0 * nu).sqrt()).min(MAX_OUTER_PANEL);
        const CUTOFF: f64 = -30.0;
        let mut upper_panels = 0usize;
        while log_g(mode + (upper_panels as f64) * panel) - log_g_mode > CUTOFF || upper_panels == 0
        {
            upper_panels += 1;
        }
        let mut lower_panels = 0usize;
        while mode - (lower_panels as f64) * panel > 0.0
            && log_g(mode - (lower_panels as f64) * panel) - log_g_mode > CUTOFF
        {
            lower_panels += 1;
        }
        let lower = (mode - lower_panels as f64 * panel).max(0.0);
        let upper = mode + upper_panels as f64 * panel;
        let rule = gauss_legendre();
        let mut nodes = Vec::new();
        let mut mass = 0.0;
        for (a, b) in [(lower, mode), (mode, upper)] {
            if b <= a {
                continue;
            }
            let panels = ((b - a) / panel).ceil().max(1.0) as usize;
            let width = (b - a) / panels as f64;
            let half = 0.5 * width;
            for p in 0..panels {
                let centre = a + (p as f64 + 0.5) * width;
                for &(x, w) in rule {
                    let s = centre + half * x;
                    let g = half * w * relative(s);
                    if g == 0.0 {
                        continue;
                    }
                    mass += g;
                    nodes.push((s, g));
                }
            }
        }
        StudentisingRule { nodes, mass }
    }

    /// P(Q_{m,ν} <= q) for q > 0, reading P(R_m <= q s_j) from `range` (the table of m).
    fn cdf(&self, q: f64, range: &RangeCdfTable) -> f64 {
        let weighted: f64 = self.nodes.iter().map(|&(s, g)| g * range.cdf(q * s)).sum();
        (weighted / self.mass).clamp(0.0, 1.0)
    }
}

/// P(Q_{m,df} >= q), the survival function of the studentized range.
pub fn studentized_range_sf(q: f64, m: usize, df: f64) -> Result<f64, PtukeyError> {
    Ok(1.0 - studentized_range_cdf(q, m, df)?)
}

/// The classical Tukey HSD p-value of a difference `d` of two of `m` run means over `n` topics with
/// residual variance `v_e` (tests/fixtures/statistics.md §5): P(Q_{m,(n−1)(m−1)} >= |d| / sqrt(V_E / n)).
/// `None` when V_E = 0.
pub fn tukey_hsd_p(d: f64, v_e: f64, n: usize, m: usize) -> Result<Option<f64>, PtukeyError> {
    if v_e <= 0.0 {
        return Ok(None);
    }
    let q = d.abs() / (v_e / n as f64).sqrt();
    let df = ((n.saturating_sub(1)) * (m.saturating_sub(1))) as f64;
    studentized_range_sf(q, m, df).map(Some)
}

/// [`tukey_hsd_p`] for many differences `diffs` of the same matrix, computed on up to `threads`
/// threads. The outer quadrature depends only on ν, so it is built once; each distinct |d| is
/// evaluated once. Every value is computed independently of the others, so the result does not
/// depend on `threads`.
pub fn tukey_hsd_p_many(
    diffs: &[f64],
    v_e: f64,
    n: usize,
    m: usize,
    threads: usize,
) -> Result<Vec<Option<f64>>, PtukeyError> {
    if v_e <= 0.0 {
        return Ok(vec![None; diffs.len()]);
    }
    let scale = (v_e / n as f64).sqrt();
    let df = ((n.saturating_sub(1)) * (m.saturating_sub(1))) as f64;
    let statistics: Vec<f64> = diffs.iter().map(|d| d.abs() / scale).collect();
    for &q in &statistics {
        check(q, m, df)?;
    }
    let mut distinct = statistics.clone();
    distinct.sort_by(f64::total_cmp);
    distinct.dedup();
    let rule = (!df.is_infinite()).then(|| StudentisingRule::new(df));
    let range = RangeCdfTable::new(m);
    let sf = |q: f64| {
        let cdf = if q <= 0.0 {
            0.0
        } else {
            match &rule {
                Some(rule) => rule.cdf(q, &range),
                None => range_cdf(q, m),
            }
        };
        1.0 - cdf
    };
    let threads = threads.clamp(1, distinct.len().max(1));
    let chunk = distinct.len().div_ceil(threads).max(1);
    let distinct_sf: Vec<f64> = std::thread::scope(|scope| {
        let handles: Vec<_> = distinct
            .chunks(chunk)
            .map(|part| scope.spawn(|| part.iter().map(|&q| sf(q)).collect::<Vec<f64>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| match h.join() {
                Ok(part) => part,
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    });
    Ok(statistics
        .iter()
        .map(|q| {
            // Every statistic is in `distinct`, which is sorted and free of NaN (checked above).
            let index = distinct.partition_point(|x| x.total_cmp(q).is_lt());
            Some(distinct_sf[index])
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::PI;

    #[test]
    fn many_p_values_do_not_depend_on_threads() {
        let diffs = [0.01, -0.05, 0.1, 0.2, 0.0];
        let one = tukey_hsd_p_many(&diffs, 0.02, 20, 4, 1).unwrap();
        let three = tukey_hsd_p_many(&diffs, 0.02, 20, 4, 3).unwrap();
        assert_eq!(one, three);
        for (d, many) in diffs.iter().zip(&one) {
            assert_eq!(*many, tukey_hsd_p(*d, 0.02, 20, 4).unwrap(), "d = {d}");
        }
        assert_eq!(one[4], Some(1.0));
        assert_eq!(tukey_hsd_p_many(&diffs, 0.0, 20, 4, 2).unwrap()[0], None);
    }

    /// For m = 2, Q = sqrt(2)·|T_ν| with T_ν Student's t, whose tails are closed-form for ν = 1
    /// (Cauchy: P(|T| >= x) = 1 − (2/π) atan x) and ν = 2 (P(|T| >= x) = 1 − x / sqrt(2 + x²)).
    /// These small-ν cases need the capped outer panels.
    #[test]
    fn two_groups_with_one_or_two_df_are_closed_form() {
        for q in [0.5, 2.0, 5.0, 10.0, 20.0, 50.0] {
            let x = q / 2f64.sqrt();
            let cauchy = 1.0 - 2.0 / PI * x.atan();
            let t2 = 1.0 - x / (2.0 + x * x).sqrt();
            let sf1 = studentized_range_sf(q, 2, 1.0).unwrap();
            let sf2 = studentized_range_sf(q, 2, 2.0).unwrap();
            assert!((sf1 - cauchy).abs() < 1e-8, "q {q}: {sf1} vs {cauchy}");
            assert!((sf2 - t2).abs() < 1e-8, "q {q}: {sf2} vs {t2}");
        }
    }
}
