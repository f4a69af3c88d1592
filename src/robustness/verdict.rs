//! A claim's robustness in words, decided from its Wilson interval (never from its point rate alone),
//! for the reports' "How robust are the conclusions?" sections.
//!
//! With the Wilson 95% interval [lo, hi] of the holding rate ([`super::wilson`]):
//! - [`Robustness::NearlyAlways`] if lo ≥ [`NEARLY`] (it holds in nearly every plausible collection);
//! - [`Robustness::Unsupported`] if hi ≤ 1 − [`NEARLY`] (the stand-in cannot support it);
//! - [`Robustness::CoinFlip`] otherwise (whether it holds depends on the draw).

use super::wilson::Interval;

/// The share of replicates the interval must clear to call a claim robust (or unsupported).
pub const NEARLY: f64 = 0.9;

/// How robust a claim is across replicates (module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Robustness {
    NearlyAlways,
    CoinFlip,
    Unsupported,
}

/// The robustness of a claim whose holding rate has Wilson interval `interval`.
pub fn robustness(interval: Interval) -> Robustness {
    if interval.lo >= NEARLY {
        Robustness::NearlyAlways
    } else if interval.hi <= 1.0 - NEARLY {
        Robustness::Unsupported
    } else {
        Robustness::CoinFlip
    }
}

#[cfg(test)]
mod tests {
    use super::super::wilson::{Z_95, wilson};
    use super::*;

    /// 200/200 has Wilson lower limit 0.981 (≥ 0.9); 0/200 upper limit 0.019; 100/200 straddles
    /// one half; 195/200 has lower limit 0.943; 185/200 (rate 0.925) has lower limit 0.880, below
    /// 0.9, so it is not yet robust.
    #[test]
    fn decided_by_the_interval() {
        let of = |k| robustness(wilson(k, 200, Z_95).unwrap());
        assert_eq!(of(200), Robustness::NearlyAlways);
        assert_eq!(of(0), Robustness::Unsupported);
        assert_eq!(of(100), Robustness::CoinFlip);
        assert_eq!(of(185), Robustness::CoinFlip);
        assert_eq!(of(195), Robustness::NearlyAlways);
    }
}
