//! The 16-point Gauss–Legendre rule every panel of the studentized range quadrature uses
//! ([`super::ptukey`]).

use std::f64::consts::PI;
use std::sync::OnceLock;

/// Points of the Gauss–Legendre rule used for every panel.
pub(crate) const GL_POINTS: usize = 16;

/// Nodes and weights of the `GL_POINTS`-point Gauss–Legendre rule on [−1, 1], computed once by
/// Newton's method on the Legendre polynomial (three-term recurrence) from the Chebyshev guesses
/// cos(π (i − 1/4) / (N + 1/2)).
pub(crate) fn gauss_legendre() -> &'static [(f64, f64)] {
    static RULE: OnceLock<Vec<(f64, f64)>> = OnceLock::new();
    RULE.get_or_init(|| {
        let n = GL_POINTS;
        let mut rule = Vec::with_capacity(n);
        for i in 1..=n {
            let mut x = (PI * (i as f64 - 0.25) / (n as f64 + 0.5)).cos();
            let mut derivative = 0.0;
            for _ in 0..100 {
                // p1 = P_n(x), p0 = P_{n−1}(x).
                let (mut p0, mut p1) = (1.0, x);
                for k in 2..=n {
                    let k = k as f64;
                    let p2 = ((2.0 * k - 1.0) * x * p1 - (k - 1.0) * p0) / k;
                    p0 = p1;
                    p1 = p2;
                }
                derivative = n as f64 * (x * p1 - p0) / (x * x - 1.0);
                let step = p1 / derivative;
                x -= step;
                if step.abs() < 1e-16 {
                    break;
                }
            }
            let weight = 2.0 / ((1.0 - x * x) * derivative * derivative);
            rule.push((x, weight));
        }
        rule
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gauss_legendre_integrates_polynomials_exactly() {
        // A 16-point rule is exact up to degree 31: ∫_{-1}^{1} x^30 dx = 2/31.
        let rule = gauss_legendre();
        let sum: f64 = rule.iter().map(|&(x, w)| w * x.powi(30)).sum();
        assert!((sum - 2.0 / 31.0).abs() < 1e-14);
        let weights: f64 = rule.iter().map(|&(_, w)| w).sum();
        assert!((weights - 2.0).abs() < 1e-14);
    }
}
