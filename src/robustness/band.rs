//! The replicate distribution of one number: its mean and its 5th–95th percentile band.
//!
//! Percentiles are Hyndman & Fan's type 7 ("Sample quantiles in statistical packages", The American
//! Statistician 50 (1996) 361–365; R's default): for the sorted values x₀ ≤ … ≤ x_{n−1} and
//! probability q, h = (n − 1)·q and Q(q) = x_⌊h⌋ + (h − ⌊h⌋)·(x_⌊h⌋+1 − x_⌊h⌋).

/// Mean and 5th/95th percentiles of a number over the replicates.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub(crate) struct Band {
    pub(crate) mean: f64,
    pub(crate) p05: f64,
    pub(crate) p95: f64,
}

/// The band of `values`; `None` when there are none or one is not finite.
pub(crate) fn band(values: &[f64]) -> Option<Band> {
    if values.is_empty() || values.iter().any(|v| !v.is_finite()) {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    Some(Band {
        mean: sorted.iter().sum::<f64>() / sorted.len() as f64,
        p05: quantile(&sorted, 0.05),
        p95: quantile(&sorted, 0.95),
    })
}

/// Hyndman & Fan type 7 quantile of non-empty `sorted` (module documentation).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let h = (sorted.len() - 1) as f64 * q;
    let below = h.floor() as usize;
    let above = (below + 1).min(sorted.len() - 1);
    sorted[below] + (h - h.floor()) * (sorted[above] - sorted[below])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// R: `quantile(1:10, c(.05, .95))` is 1.45 and 9.55 (type 7); the mean of 1..10 is 5.5.
    #[test]
    fn matches_r_type_7() {
        let values: Vec<f64> = (1..=10).rev().map(f64::from).collect();
        let b = band(&values).unwrap();
        assert!((b.p05 - 1.45).abs() < 1e-12, "{b:?}");
        assert!((b.p95 - 9.55).abs() < 1e-12, "{b:?}");
        assert!((b.mean - 5.5).abs() < 1e-12, "{b:?}");
    }

    #[test]
    fn empty_or_non_finite_has_no_band() {
        assert_eq!(band(&[]), None);
        assert_eq!(band(&[1.0, f64::NAN]), None);
        assert_eq!(band(&[3.0]).map(|b| b.p95), Some(3.0));
    }
}
