//! A holding rate in words: each word covers a fixed range of rates, and a rate is called by a word
//! only when its whole Wilson 95% interval lies in that word's range. An interval that crosses a
//! boundary is called by the range it spans (`usually to nearly always`), so a reader who sees only
//! the words places the rate right.
//!
//! With `k` of `R` replicates holding, the rate `k/R` and its Wilson 95% interval `[lo, hi]`
//! (computed by the robustness studies), the ranges ([`RateBand`]) are:
//!
//! | word | range of rates |
//! |---|---|
//! | nearly always | 0.9 to 1 |
//! | usually | 0.75 to 0.9 |
//! | more often than not | 0.5 to 0.75 |
//! | less often than not | 0.25 to 0.5 |
//! | rarely | 0.1 to 0.25 |
//! | almost never | 0 to 0.1 |
//!
//! The words of an interval ([`RateWord`]) are the range of its lower limit and the range of its
//! upper limit: one word when the two are the same range, else `<lower> to <upper>`. A limit that
//! falls exactly on a boundary belongs to the range inside the interval (a lower limit of 0.9 is
//! nearly always, an upper limit of 0.9 usually). The rate and interval are printed beside the
//! words wherever they appear.

use serde::Serialize;

/// A fixed range of holding rates with its word (module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum RateBand {
    NearlyAlways,
    Usually,
    MoreOftenThanNot,
    LessOftenThanNot,
    Rarely,
    AlmostNever,
}

/// Every range, from the most to the least often.
pub(crate) const RATE_BANDS: [RateBand; 6] = [
    RateBand::NearlyAlways,
    RateBand::Usually,
    RateBand::MoreOftenThanNot,
    RateBand::LessOftenThanNot,
    RateBand::Rarely,
    RateBand::AlmostNever,
];

/// The boundaries between the ranges, from the top (the figure of a robustness study marks them).
pub(crate) const RATE_BOUNDARIES: [f64; 5] = [0.9, 0.75, 0.5, 0.25, 0.1];

impl RateBand {
    /// The range `[low, high]` of rates the word covers.
    pub(crate) fn range(self) -> (f64, f64) {
        match self {
            RateBand::NearlyAlways => (0.9, 1.0),
            RateBand::Usually => (0.75, 0.9),
            RateBand::MoreOftenThanNot => (0.5, 0.75),
            RateBand::LessOftenThanNot => (0.25, 0.5),
            RateBand::Rarely => (0.1, 0.25),
            RateBand::AlmostNever => (0.0, 0.1),
        }
    }

    /// The word as every view prints it.
    pub(crate) fn words(self) -> &'static str {
        match self {
            RateBand::NearlyAlways => "nearly always",
            RateBand::Usually => "usually",
            RateBand::MoreOftenThanNot => "more often than not",
            RateBand::LessOftenThanNot => "less often than not",
            RateBand::Rarely => "rarely",
            RateBand::AlmostNever => "almost never",
        }
    }

    /// The range in words: `0.9 to 1`.
    pub(crate) fn range_words(self) -> String {
        let (low, high) = self.range();
        format!("{low} to {high}")
    }

    /// A stable id (the study table's panel of the claims whose interval lies in this range).
    pub(crate) fn id(self) -> &'static str {
        match self {
            RateBand::NearlyAlways => "nearly_always",
            RateBand::Usually => "usually",
            RateBand::MoreOftenThanNot => "more_often_than_not",
            RateBand::LessOftenThanNot => "less_often_than_not",
            RateBand::Rarely => "rarely",
            RateBand::AlmostNever => "almost_never",
        }
    }

    /// The range of a lower limit: the one whose `[low, high)` holds it (1 is nearly always).
    fn of_lower(lo: f64) -> RateBand {
        RATE_BANDS
            .into_iter()
            .find(|b| lo >= b.range().0)
            .unwrap_or(RateBand::AlmostNever)
    }

    /// The range of an upper limit: the one whose `(low, high]` holds it (0 is almost never).
    fn of_upper(hi: f64) -> RateBand {
        RATE_BANDS
            .into_iter()
            .rev()
            .find(|b| hi <= b.range().1)
            .unwrap_or(RateBand::NearlyAlways)
    }
}

/// The words of a holding rate's Wilson interval: the range of its lower limit and that of its upper
/// limit (module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct RateWord {
    /// The range of the upper limit (the more often end).
    pub(crate) upper: RateBand,
    /// The range of the lower limit.
    pub(crate) lower: RateBand,
}

impl RateWord {
    /// The words of the Wilson interval `[lo, hi]`.
    pub(crate) fn of(lo: f64, hi: f64) -> RateWord {
        let (lo, hi) = (lo.clamp(0.0, 1.0), hi.clamp(0.0, 1.0));
        let (lower, upper) = (RateBand::of_lower(lo), RateBand::of_upper(hi.max(lo)));
        // A zero-width interval on a boundary: one range, the lower limit's.
        let upper = upper.min(lower);
        RateWord { upper, lower }
    }

    /// The one range the whole interval lies in, when it lies in one.
    pub(crate) fn band(self) -> Option<RateBand> {
        (self.upper == self.lower).then_some(self.lower)
    }

    /// The words: `usually`, or `usually to nearly always` for an interval across a boundary.
    pub(crate) fn words(self) -> String {
        match self.band() {
            Some(band) => band.words().to_string(),
            None => format!("{} to {}", self.lower.words(), self.upper.words()),
        }
    }

    /// A stable id: the range's, or `<lower>_to_<upper>`.
    pub(crate) fn id(self) -> String {
        match self.band() {
            Some(band) => band.id().to_string(),
            None => format!("{}_to_{}", self.lower.id(), self.upper.id()),
        }
    }
}

/// A holding rate and its Wilson interval as printed beside their words: `0.81 [0.74, 0.87]`, the
/// rate to two decimals and the interval rounded outward (the lower limit down, the upper up), so
/// the printed interval contains the computed one and visibly fits its words (a lower limit of
/// 0.74999 prints 0.74, under *more often than not to usually*, never 0.75).
pub(crate) fn interval_words(rate: f64, lo: f64, hi: f64) -> String {
    // A limit within rounding error of a hundredth is that hundredth, not the one below or above.
    let down = ((lo * 100.0 + 1e-9).floor() / 100.0).max(0.0);
    let up = ((hi * 100.0 - 1e-9).ceil() / 100.0).min(1.0);
    format!("{rate:.2} [{down:.2}, {up:.2}]")
}

impl Serialize for RateWord {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The interval is rounded outward: 0.81 [0.74999, 0.8649] prints with a lower limit below
    /// 0.75, as its words (more often than not to usually) say.
    #[test]
    fn intervals_print_rounded_outward() {
        assert_eq!(interval_words(0.81, 0.74999, 0.8649), "0.81 [0.74, 0.87]");
        assert_eq!(interval_words(0.5, 0.25, 0.75), "0.50 [0.25, 0.75]");
        assert_eq!(interval_words(1.0, 0.98, 1.0), "1.00 [0.98, 1.00]");
        assert_eq!(interval_words(0.0, 0.0, 0.0183), "0.00 [0.00, 0.02]");
    }

    /// The Wilson 95% interval of k/n (the formula of the robustness studies' `wilson`, whose own
    /// tests check it against Newcombe 1998).
    fn wilson(k: u32, n: u32) -> (f64, f64) {
        let z: f64 = 1.959_963_984_540_054;
        let (k, n) = (f64::from(k), f64::from(n));
        let p = k / n;
        let d = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / d;
        let half = z / d * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    fn words(k: u32, n: u32) -> String {
        let (lo, hi) = wilson(k, n);
        RateWord::of(lo, hi).words()
    }

    /// The rates a reviewer found worded wider than they are: 0.42 [0.36, 0.49] is not rare, 0.30
    /// [0.24, 0.37] reaches into rarely but is not only that, and 0.93 [0.89, 0.96] reaches below
    /// nearly always.
    #[test]
    fn the_words_fit_the_whole_interval() {
        assert_eq!(words(84, 200), "less often than not");
        assert_eq!(words(60, 200), "rarely to less often than not");
        assert_eq!(words(186, 200), "usually to nearly always");
        assert_eq!(words(200, 200), "nearly always");
        assert_eq!(words(0, 200), "almost never");
        assert_eq!(
            words(100, 200),
            "less often than not to more often than not"
        );
        assert_eq!(words(1, 2), "almost never to nearly always");
    }

    /// For every study size up to 1,000 and every count, the interval lies within the range (or the
    /// two ranges) its words name, and the rate itself too.
    #[test]
    fn every_interval_lies_within_its_words() {
        for n in 1..=1_000 {
            for k in 0..=n {
                let (lo, hi) = wilson(k, n);
                let word = RateWord::of(lo, hi);
                let (low, _) = word.lower.range();
                let (_, high) = word.upper.range();
                assert!(low <= lo && hi <= high, "{k}/{n}: [{lo}, {hi}] {word:?}");
                let rate = f64::from(k) / f64::from(n);
                assert!(low <= rate && rate <= high, "{k}/{n}");
                assert!(word.lower >= word.upper, "{k}/{n}: {word:?}");
                if let Some(band) = word.band() {
                    let (a, b) = band.range();
                    assert!(a <= lo && hi <= b, "{k}/{n}");
                }
            }
        }
    }

    /// A limit on a boundary belongs to the range inside the interval.
    #[test]
    fn boundaries_belong_to_the_inside() {
        assert_eq!(RateWord::of(0.9, 0.95).band(), Some(RateBand::NearlyAlways));
        assert_eq!(RateWord::of(0.8, 0.9).band(), Some(RateBand::Usually));
        assert_eq!(RateWord::of(0.0, 0.1).band(), Some(RateBand::AlmostNever));
        assert_eq!(
            RateWord::of(0.5, 0.5).band(),
            Some(RateBand::MoreOftenThanNot)
        );
    }
}
