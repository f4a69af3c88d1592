//! A tabulated standard normal distribution function Φ for the studentized range quadrature.
//!
//! The range integral of [`super::ptukey::range_cdf`] evaluates Φ(x + w) at 160 fixed nodes x for
//! every outer node, about ten thousand times per p-value; computing each from the complementary
//! error function costs most of a classical Tukey HSD. Instead Φ is expanded in a Taylor series
//! around the nearest point t₀ of a grid of step h = 1/64 over [−8.5, 8.5]:
//!
//! ```text
//! Φ(t₀ + δ) = Φ(t₀) + Σ_{n=1}^{7} Φ⁽ⁿ⁾(t₀) δⁿ / n!,     |δ| ≤ h/2 = 1/128,
//! Φ⁽ⁿ⁾(t)  = (−1)ⁿ⁻¹ Heₙ₋₁(t) φ(t)                      (probabilists' Hermite polynomials,
//!                                                       He₀ = 1, He₁ = t, Heₖ₊₁ = t Heₖ − k Heₖ₋₁)
//! ```
//!
//! The first omitted term is Φ⁽⁸⁾(t₀) δ⁸/8!, with |He₇(t) φ(t)| < 1e3 on the grid and
//! δ⁸/8! < 4e-22, so the truncation error is below 1e-18; the table's Φ(t₀) comes from [`norm_cdf`]
//! (absolute error about 1e-16), so the tabulated Φ agrees with [`norm_cdf`] to a few units in the
//! last place (the unit test checks 1e-15 on a dense grid). Beyond the grid, Φ(t) for t ≥ 8.5 is 1
//! in double precision (1 − Φ(8.5) < 1e-17) and Φ(t) for t ≤ −8.5 is below 1e-17.

use super::normal::norm_cdf;
use std::f64::consts::PI;
use std::sync::OnceLock;

/// Grid points per unit of t (h = 1/64, a power of two, so grid points are exact in binary).
const POINTS_PER_UNIT: f64 = 64.0;
/// The grid covers [−TABLE_HALF_RANGE, TABLE_HALF_RANGE].
const TABLE_HALF_RANGE: f64 = 8.5;
/// Taylor terms after Φ(t₀).
const ORDER: usize = 7;

/// Per grid point: Φ(t₀) and the Taylor coefficients Φ⁽ⁿ⁾(t₀)/n! for n = 1..=ORDER.
type Coefficients = [f64; ORDER + 1];

fn table() -> &'static [Coefficients] {
    static TABLE: OnceLock<Vec<Coefficients>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let points = (2.0 * TABLE_HALF_RANGE * POINTS_PER_UNIT) as usize + 1;
        (0..points)
            .map(|i| {
                let t = -TABLE_HALF_RANGE + i as f64 / POINTS_PER_UNIT;
                let pdf = (-0.5 * t * t).exp() / (2.0 * PI).sqrt();
                let mut row = [0.0; ORDER + 1];
                row[0] = norm_cdf(t);
                // Hermite recurrence: he[k] = He_k(t).
                let (mut he_prev, mut he) = (0.0, 1.0);
                let mut factorial = 1.0;
                for (n, slot) in row.iter_mut().enumerate().skip(1) {
                    // Here he = He_{n−1}(t), he_prev = He_{n−2}(t).
                    factorial *= n as f64;
                    let sign = if n % 2 == 1 { 1.0 } else { -1.0 };
                    *slot = sign * he * pdf / factorial;
                    let next = t * he - (n - 1) as f64 * he_prev;
                    he_prev = he;
                    he = next;
                }
                row
            })
            .collect()
    })
}

/// Φ(t) from the table (see the module documentation for the formula and its error).
pub fn norm_cdf_tabulated(t: f64) -> f64 {
    if t >= TABLE_HALF_RANGE {
        return 1.0;
    }
    if t <= -TABLE_HALF_RANGE || t.is_nan() {
        return if t.is_nan() { f64::NAN } else { norm_cdf(t) };
    }
    let position = (t + TABLE_HALF_RANGE) * POINTS_PER_UNIT;
    // Nearest grid point (position > 0 here; `round` would be a libm call in this hot loop).
    let index = (position + 0.5) as usize;
    let t0 = -TABLE_HALF_RANGE + index as f64 / POINTS_PER_UNIT;
    let delta = t - t0;
    let row = &table()[index];
    let mut series = row[ORDER];
    for n in (1..ORDER).rev() {
        series = row[n] + delta * series;
    }
    row[0] + delta * series
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tabulated Φ against the series/continued-fraction Φ of `ptukey::norm_cdf` on a grid of
    /// step 1/1000 (not aligned with the table's 1/64), including the table's ends.
    #[test]
    fn tabulated_cdf_agrees_with_norm_cdf() {
        let mut worst: f64 = 0.0;
        let mut t = -9.0;
        while t <= 9.0 {
            let diff = (norm_cdf_tabulated(t) - norm_cdf(t)).abs();
            worst = worst.max(diff);
            t += 0.001;
        }
        assert!(worst < 1e-15, "largest difference {worst:e}");
        assert_eq!(norm_cdf_tabulated(8.5), 1.0);
        assert_eq!(norm_cdf_tabulated(40.0), 1.0);
        assert!(norm_cdf_tabulated(-40.0) < 1e-300);
        assert!(norm_cdf_tabulated(f64::NAN).is_nan());
    }
}
