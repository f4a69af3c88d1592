//! The distribution function of the range of m standard normals, P(R_m <= w), as a piecewise
//! Chebyshev interpolant built on demand, so that the outer integral of the studentized range
//! ([`super::ptukey`]) reads it instead of integrating the range anew at each of its nodes.
//!
//! Every classical Tukey HSD p-value is an outer integral Σ_j g_j P(R_m <= q s_j) over about 64
//! nodes s_j (Copenhaver & Holland 1988; see [`super::ptukey`]), and each P(R_m <= w) is itself an
//! integral over up to 160 inner nodes. For one test, m is fixed and only w = q s_j varies, so the
//! function w ↦ P(R_m <= w) is computed once, on panels of width h = 1/2 over [0, 19], and
//! interpolated:
//!
//! ```text
//! on a panel [a, a + h]:   x = (2 (w − a) − h) / h ∈ [−1, 1]
//! nodes:                   x_k = cos(π (k + 1/2) / N),  k = 0..N−1      (Chebyshev points, N = 16)
//! coefficients:            c_j = (2/N) Σ_k F(x_k) cos(π j (k + 1/2) / N)
//! interpolant:             F(x) ≈ Σ_{j=0}^{N−1} c_j T_j(x) − c_0 / 2      (Clenshaw's recurrence)
//! ```
//!
//! (Trefethen, *Approximation Theory and Approximation Practice*, SIAM 2013, ch. 3–4 and 8: for a
//! function analytic in a Bernstein ellipse of parameter ρ around the panel the interpolation error
//! falls like ρ^(−N).) P(R_m <= w) is entire in w and varies on a scale of about 1 in w, so on
//! panels of width 1/2 sixteen nodes leave an interpolation error below 1e-13: the unit test checks
//! 1e-12 against the direct quadrature for m from 3 to 200 on a dense grid of w (largest difference
//! 3e-13; for m = 16, 4e-15). A panel is
//! computed the first time a w inside it is asked for (`OnceLock`, so threads may share a table and
//! the values never depend on which thread filled a panel); w beyond 19 — where P(R_m <= w) is 1 in
//! double precision for m up to about 10⁶ — and m = 2 (closed form) are computed directly.

use super::range_cdf::{integrand_cut, range_cdf_is_one, range_cdf_with_cut};
use std::f64::consts::PI;
use std::sync::OnceLock;

/// Chebyshev nodes (and coefficients) per panel.
const NODES: usize = 16;
/// Width of a panel in w (a power of two, so panel ends are exact in binary).
const PANEL_WIDTH: f64 = 0.5;
/// The panels cover [0, TABLE_END].
const TABLE_END: f64 = 19.0;
/// Number of panels.
const PANELS: usize = (TABLE_END / PANEL_WIDTH) as usize;

/// Chebyshev coefficients c_0..c_{N−1} of one panel.
type Coefficients = [f64; NODES];

/// P(R_m <= w) for one m, interpolated on panels built on demand (see the module documentation).
pub(crate) struct RangeCdfTable {
    m: usize,
    cut: f64,
    panels: Vec<OnceLock<Coefficients>>,
}

impl RangeCdfTable {
    /// An empty table for the range of `m` >= 2 standard normals.
    pub(crate) fn new(m: usize) -> Self {
        RangeCdfTable {
            m,
            cut: integrand_cut(m.max(2)),
            panels: (0..PANELS).map(|_| OnceLock::new()).collect(),
        }
    }

    /// P(R_m <= w): 0 for w <= 0, 1 where the direct quadrature returns 1, the interpolant on
    /// [0, TABLE_END], the direct quadrature beyond it and for m = 2.
    pub(crate) fn cdf(&self, w: f64) -> f64 {
        if w <= 0.0 || self.m <= 2 || range_cdf_is_one(w, self.m) {
            return range_cdf_with_cut(w, self.m, self.cut);
        }
        let index = (w / PANEL_WIDTH) as usize;
        let Some(panel) = self.panels.get(index) else {
            return range_cdf_with_cut(w, self.m, self.cut);
        };
        let start = index as f64 * PANEL_WIDTH;
        let coefficients = panel.get_or_init(|| self.panel_coefficients(start));
        let x = (2.0 * (w - start) - PANEL_WIDTH) / PANEL_WIDTH;
        clenshaw(coefficients, x).clamp(0.0, 1.0)
    }

    /// c_j = (2/N) Σ_k F(w_k) cos(π j (k + 1/2) / N) at the Chebyshev points w_k of [start, start + h].
    fn panel_coefficients(&self, start: f64) -> Coefficients {
        let mut values = [0.0; NODES];
        for (k, value) in values.iter_mut().enumerate() {
            let x = (PI * (k as f64 + 0.5) / NODES as f64).cos();
            let w = start + 0.5 * PANEL_WIDTH * (x + 1.0);
            *value = range_cdf_with_cut(w, self.m, self.cut);
        }
        let mut coefficients = [0.0; NODES];
        for (j, c) in coefficients.iter_mut().enumerate() {
            let sum: f64 = values
                .iter()
                .enumerate()
                .map(|(k, v)| v * (PI * j as f64 * (k as f64 + 0.5) / NODES as f64).cos())
                .sum();
            *c = 2.0 / NODES as f64 * sum;
        }
        coefficients
    }
}

/// Σ_{j=0}^{N−1} c_j T_j(x) − c_0/2 by Clenshaw's recurrence b_j = 2x b_{j+1} − b_{j+2} + c_j.
#[inline]
fn clenshaw(c: &Coefficients, x: f64) -> f64 {
    let (mut b1, mut b2) = (0.0, 0.0);
    for &cj in c[1..].iter().rev() {
        let b0 = 2.0 * x * b1 - b2 + cj;
        b2 = b1;
        b1 = b0;
    }
    x * b1 - b2 + 0.5 * c[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::significance::ptukey::range_cdf;

    /// The interpolant against the direct quadrature on a grid of step 1/997 (not aligned with the
    /// panels or their nodes) over [0, 20]: within 1e-12 for m up to 200 (the largest difference
    /// seen, 3e-13, is at m = 100). For m from 300 to 1000 the differences, up to 1.1e-10, are the
    /// direct quadrature's own noise: they stay the same when the panels are halved.
    #[test]
    fn interpolant_agrees_with_direct_quadrature() {
        for (m, bound) in [
            (2, 1e-12),
            (3, 1e-12),
            (5, 1e-12),
            (10, 1e-12),
            (16, 1e-12),
            (44, 1e-12),
            (100, 1e-12),
            (200, 1e-12),
            (500, 1e-10),
            (1000, 1e-9),
        ] {
            let table = RangeCdfTable::new(m);
            let mut worst: f64 = 0.0;
            let mut w = 0.0;
            while w <= 20.0 {
                worst = worst.max((table.cdf(w) - range_cdf(w, m)).abs());
                w += 1.0 / 997.0;
            }
            assert!(worst < bound, "m = {m}: largest difference {worst:e}");
        }
    }

    /// Clenshaw's sum reproduces T_0..T_3 at a few points: T_2(x) = 2x² − 1, T_3(x) = 4x³ − 3x.
    #[test]
    fn clenshaw_sums_chebyshev_polynomials() {
        let mut c = [0.0; NODES];
        c[0] = 2.0; // contributes c_0/2 = 1
        c[2] = 3.0;
        c[3] = -1.0;
        for x in [-1.0, -0.3, 0.0, 0.7, 1.0] {
            let expected = 1.0 + 3.0 * (2.0 * x * x - 1.0) - (4.0 * x * x * x - 3.0 * x);
            assert!((clenshaw(&c, x) - expected).abs() < 1e-14, "x = {x}");
        }
    }
}
