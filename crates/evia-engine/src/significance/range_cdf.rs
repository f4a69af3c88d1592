//! P(R <= w) for the range R of m independent standard normals (tests/fixtures/statistics.md §5):
//! m ∫ φ(x) [Φ(x + w) − Φ(x)]^(m−1) dx over x in [−8.5, 8.5] in 10 panels of 16-point Gauss–Legendre,
//! Φ(x + w) from the Taylor table ([`super::normal_cdf_table`]), nodes where the integrand is below
//! φ(x) · 1e-20 skipped ([`integrand_cut`]). The inner integral of [`super::ptukey`].

use std::sync::OnceLock;

use super::gauss_legendre::{GL_POINTS, gauss_legendre};
use super::normal::{erfc, norm_cdf, norm_pdf};
use super::normal_cdf_table::norm_cdf_tabulated;

/// Half-width of the inner integral's range: φ(8.5) < 1e-16.
const INNER_HALF_RANGE: f64 = 8.5;
/// Panels of the inner integral (width 1.7).
const INNER_PANELS: usize = 10;

/// Inner quadrature nodes x_k with weights w_k φ(x_k) and Φ(x_k), which do not depend on w;
/// sorted by x_k, so that [`range_cdf_with_cut`] can select the nodes inside its cut by bisection.
fn inner_nodes() -> &'static [(f64, f64, f64)] {
    static NODES: OnceLock<Vec<(f64, f64, f64)>> = OnceLock::new();
    NODES.get_or_init(|| {
        let rule = gauss_legendre();
        let a = -INNER_HALF_RANGE;
        let width = 2.0 * INNER_HALF_RANGE / INNER_PANELS as f64;
        let half = 0.5 * width;
        let mut nodes = Vec::with_capacity(INNER_PANELS * GL_POINTS);
        for p in 0..INNER_PANELS {
            let centre = a + (p as f64 + 0.5) * width;
            for &(x, w) in rule {
                let x = centre + half * x;
                nodes.push((x, half * w * norm_pdf(x), norm_cdf(x)));
            }
        }
        nodes.sort_by(|a, b| a.0.total_cmp(&b.0));
        nodes
    })
}

/// Bound on the range integrand [Φ(x + w) − Φ(x)]^(m−1) outside the cut of [`integrand_cut`].
const NEGLIGIBLE_INTEGRAND: f64 = 1e-20;

/// The cut c_m of the range integral: outside x ∈ [−w − c_m, c_m] the integrand
/// φ(x) [Φ(x + w) − Φ(x)]^(m−1) is below φ(x) · 1e-20, because there Φ(x + w) − Φ(x) is at most
/// 1 − Φ(c_m) (for x > c_m) or Φ(−c_m) (for x < −w − c_m), and c_m solves
/// (1 − Φ(c_m))^(m−1) = 1e-20. Leaving those nodes out changes P(R <= w) by less than m · 1e-20.
/// Found by bisection on [−9, 9] (c_m decreases with m: about 6.4 for m = 3, 1.7 for m = 16,
/// −0.4 for m = 100, where the integrand is negligible unless every one of the m normals lands
/// close to the others).
pub(crate) fn integrand_cut(m: usize) -> f64 {
    let tail = NEGLIGIBLE_INTEGRAND.powf(1.0 / (m - 1) as f64);
    let (mut lo, mut hi) = (-9.0f64, 9.0f64);
    for _ in 0..64 {
        let mid = 0.5 * (lo + hi);
        // 1 − Φ(mid) decreases in mid: move towards where it equals `tail`.
        if 1.0 - norm_cdf(mid) > tail {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi
}

/// P(R <= w) for the range R of `m` independent standard normals:
/// m ∫ φ(x) [Φ(x + w) − Φ(x)]^(m−1) dx. Exact for m = 2: 2Φ(w/√2) − 1.
pub fn range_cdf(w: f64, m: usize) -> f64 {
    if m < 2 {
        return 1.0;
    }
    range_cdf_with_cut(w, m, integrand_cut(m))
}

/// [`range_cdf`] with the integrand's cut c_m = [`integrand_cut`]`(m)` computed by the caller
/// (once for the many evaluations of one studentized range probability).
pub(crate) fn range_cdf_with_cut(w: f64, m: usize, cut: f64) -> f64 {
    if w <= 0.0 || m < 2 {
        return if m < 2 { 1.0 } else { 0.0 };
    }
    if m == 2 {
        return 1.0 - erfc(0.5 * w);
    }
    if range_cdf_is_one(w, m) {
        return 1.0;
    }
    let nodes = inner_nodes();
    let first = nodes.partition_point(|node| node.0 < -w - cut);
    let last = nodes.partition_point(|node| node.0 <= cut);
    let power = m - 1;
    let mut total = 0.0;
    for &(x, weighted_pdf, cdf_x) in nodes.get(first..last).unwrap_or(&[]) {
        let inside = norm_cdf_tabulated(x + w) - cdf_x;
        if inside > 0.0 {
            total += weighted_pdf * integer_power(inside, power);
        }
    }
    (m as f64 * total).min(1.0)
}

/// Whether P(R_m <= w) is 1 in double precision: 1 − P(R <= w) <= m · 2Φ(−w/2) (a union bound over
/// the m normals straying w/2 from their middle), below 1e-17.
pub(crate) fn range_cdf_is_one(w: f64, m: usize) -> bool {
    m as f64 * 2.0 * (1.0 - norm_cdf_tabulated(0.5 * w)) < 1e-17
}

/// x^n by binary exponentiation, inlined (`f64::powi` with a run-time exponent is a library call
/// per inner node). Same multiplications as the usual square-and-multiply.
#[inline]
fn integer_power(mut x: f64, mut n: usize) -> f64 {
    let mut result = 1.0;
    while n > 0 {
        if n & 1 == 1 {
            result *= x;
        }
        x *= x;
        n >>= 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_of_two_normals_is_closed_form() {
        // For m = 2 the general integral must agree with 2Φ(w/√2) − 1.
        let power = 1;
        for w in [0.3, 1.0, 2.5, 4.0] {
            let integral: f64 = inner_nodes()
                .iter()
                .map(|&(x, wp, cx)| wp * (norm_cdf(x + w) - cx).powi(power))
                .sum::<f64>()
                * 2.0;
            assert!((integral - range_cdf(w, 2)).abs() < 1e-12, "{w}");
        }
    }
}
