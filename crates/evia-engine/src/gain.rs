//! Gains from the individual ratings of several assessors (paper A, §2.3–§3).
//!
//! An item `i` is rated by `N` assessors on the scale `0, 1, …, Dmax`. From its ratings:
//!
//! - `RawG_i = Σ ratings` — the summed ("raw") gain (paper A §2.3; Sakai's survey §4.10 uses the same sum
//!   as the relevance level);
//! - `D_i = max − min` — the spread of the ratings (paper A §2.3, §3);
//! - `WG_i = (1 − D_i/Dmax) · RawG_i` — the confusability-weighted gain after Li and Yoshikawa (paper A, Eq. 1);
//! - `UG_i = RawG_i + p·N·(Dmax − D_i)` if `RawG_i > 0`, otherwise `0` — the unanimity-aware gain
//!   (paper A, Eq. 2; the survey's Eq. 13). Its largest possible value is `(1 + p)·N·Dmax` (paper A §3).

use std::fmt;

/// The rating scale and the unanimity parameter shared by all items of one gain computation.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GainSetting {
    /// Highest rating an assessor can give (`Dmax`); ratings are integers in `0..=dmax`.
    pub dmax: u32,
    /// Upgrade strength `p` of Eq. 2 (paper A uses 0.2, and 0.1 in Table 1).
    pub p: f64,
}

/// Ratings that cannot be turned into gains.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GainError {
    #[error("an item needs at least one rating")]
    NoRatings,
    #[error("rating {rating} is above Dmax = {dmax}")]
    AboveDmax { rating: u32, dmax: u32 },
    #[error("Dmax must be at least 1")]
    ZeroDmax,
}

/// The gains of one item, all computed from the same ratings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ItemGains {
    /// Number of assessors `N`.
    pub n: usize,
    /// `RawG_i`, the sum of the ratings.
    pub raw: u32,
    /// `D_i`, the highest minus the lowest rating.
    pub spread: u32,
    /// `WG_i` (Eq. 1).
    pub weighted: f64,
    /// `UG_i` (Eq. 2).
    pub unanimity_aware: f64,
}

impl fmt::Display for ItemGains {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "RawG={} D={} WG={} UG={}",
            self.raw, self.spread, self.weighted, self.unanimity_aware
        )
    }
}

/// `RawG_i`: the sum of the ratings (paper A §2.3).
pub fn raw_gain(ratings: &[u32]) -> u32 {
    ratings.iter().sum()
}

/// `D_i`: the highest minus the lowest rating (paper A §2.3); 0 for an empty slice.
pub fn spread(ratings: &[u32]) -> u32 {
    match (ratings.iter().max(), ratings.iter().min()) {
        (Some(max), Some(min)) => max - min,
        _ => 0,
    }
}

/// `WG_i = (1 − D_i/Dmax) · RawG_i` (paper A, Eq. 1).
pub fn weighted_gain(raw: u32, spread: u32, dmax: u32) -> f64 {
    (1.0 - f64::from(spread) / f64::from(dmax)) * f64::from(raw)
}

/// `UG_i = RawG_i + p·N·(Dmax − D_i)` if `RawG_i > 0`, else 0 (paper A, Eq. 2; survey Eq. 13).
pub fn unanimity_aware_gain(raw: u32, spread: u32, n: usize, setting: GainSetting) -> f64 {
    if raw == 0 {
        return 0.0;
    }
    f64::from(raw) + setting.p * n as f64 * f64::from(setting.dmax - spread)
}

/// The highest possible `UG_i`, `(1 + p)·N·Dmax` (paper A §3).
pub fn max_unanimity_aware_gain(n: usize, setting: GainSetting) -> f64 {
    (1.0 + setting.p) * n as f64 * f64::from(setting.dmax)
}

/// All gains of one item from its ratings, after checking the ratings lie on the scale.
pub fn item_gains(ratings: &[u32], setting: GainSetting) -> Result<ItemGains, GainError> {
    if setting.dmax == 0 {
        return Err(GainError::ZeroDmax);
    }
    if ratings.is_empty() {
        return Err(GainError::NoRatings);
    }
    if let Some(&rating) = ratings.iter().find(|&&r| r > setting.dmax) {
        return Err(GainError::AboveDmax {
            rating,
            dmax: setting.dmax,
        });
    }
    let raw = raw_gain(ratings);
    let spread = spread(ratings);
    Ok(ItemGains {
        n: ratings.len(),
        raw,
        spread,
        weighted: weighted_gain(raw, spread, setting.dmax),
        unanimity_aware: unanimity_aware_gain(raw, spread, ratings.len(), setting),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sakai's survey §4.10, the worked example of Eq. 13: with N = 3, Dmax = 2 and p = 0.2, the
    /// responses labelled (2, 1, 1) and (2, 2, 0) both have raw gain 4 but unanimity-aware gains 4.6
    /// and 4.0.
    #[test]
    fn survey_worked_example_of_eq_13() {
        let setting = GainSetting { dmax: 2, p: 0.2 };
        let a = item_gains(&[2, 1, 1], setting).unwrap();
        let b = item_gains(&[2, 2, 0], setting).unwrap();
        assert_eq!((a.raw, b.raw), (4, 4));
        assert!((a.unanimity_aware - 4.6).abs() < 1e-12, "{a}");
        assert!((b.unanimity_aware - 4.0).abs() < 1e-12, "{b}");
    }

    /// Paper A §3: an item with no positive rating keeps gain 0 whatever its unanimity.
    #[test]
    fn all_zero_ratings_get_no_upgrade() {
        let g = item_gains(&[0, 0, 0, 0, 0], GainSetting { dmax: 3, p: 0.2 }).unwrap();
        assert_eq!(g.raw, 0);
        assert_eq!(g.unanimity_aware, 0.0);
        assert_eq!(g.weighted, 0.0);
    }

    /// Paper A §3: a perfectly unanimous item at the top rating reaches (1 + p)·N·Dmax.
    #[test]
    fn unanimous_top_rating_reaches_the_maximum() {
        let setting = GainSetting { dmax: 4, p: 0.2 };
        let g = item_gains(&[4; 10], setting).unwrap();
        assert!((g.unanimity_aware - max_unanimity_aware_gain(10, setting)).abs() < 1e-12);
    }

    #[test]
    fn rejects_ratings_off_the_scale() {
        let setting = GainSetting { dmax: 2, p: 0.2 };
        assert_eq!(
            item_gains(&[0, 3], setting),
            Err(GainError::AboveDmax { rating: 3, dmax: 2 })
        );
        assert_eq!(item_gains(&[], setting), Err(GainError::NoRatings));
    }
}
