//! A holding rate in words, decided by its Wilson 95% interval, never by the point rate alone.
//!
//! With `k` of `R` replicates holding, the rate `k/R` and its Wilson 95% interval `[lo, hi]`
//! (computed by the robustness studies):
//!
//! | word | condition |
//! |---|---|
//! | nearly always | `lo ≥ 0.9` |
//! | usually | `0.5 < lo < 0.9` |
//! | uncertain | `lo ≤ 0.5 ≤ hi` and `0.25 ≤ k/R ≤ 0.75` |
//! | rarely | `0.1 < hi < 0.5` |
//! | almost never | `hi ≤ 0.1` |
//! | too few replicates | `lo ≤ 0.5 ≤ hi` and `k/R` outside `[0.25, 0.75]` |
//!
//! So a claim is called uncertain only when its interval reaches one half *and* its rate lies in
//! `[0.25, 0.75]`: a rate outside that range is never called undecided. The last row exists only for
//! small studies: with at least 14 replicates (`MIN_REPLICATES_FOR_WORDS`), a rate outside
//! `[0.25, 0.75]` always has an interval clear of one half (a test checks every `k` for `R` up to
//! 5,000), so the words are the first five. The rate and interval are printed beside the word
//! wherever the word appears.

use serde::Serialize;

/// A Wilson lower limit at or above this: nearly always; an upper limit at or below one minus it:
/// almost never.
pub(crate) const NEARLY: f64 = 0.9;
/// The interval's side of one half decides usually / uncertain / rarely.
pub(crate) const HALF: f64 = 0.5;
/// A rate within `[UNDECIDED_FROM, 1 − UNDECIDED_FROM]` may be uncertain; outside it, never.
pub(crate) const UNDECIDED_FROM: f64 = 0.25;

/// How often a claim held across replicates, in words (module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RateWord {
    NearlyAlways,
    Usually,
    Uncertain,
    Rarely,
    AlmostNever,
    TooFewReplicates,
}

/// Every word, from most to least often.
pub const RATE_WORDS: [RateWord; 6] = [
    RateWord::NearlyAlways,
    RateWord::Usually,
    RateWord::Uncertain,
    RateWord::Rarely,
    RateWord::AlmostNever,
    RateWord::TooFewReplicates,
];

impl RateWord {
    /// The word of `held` of `checked` replicates whose rate has Wilson interval `[lo, hi]`.
    pub fn of(held: u32, checked: u32, lo: f64, hi: f64) -> RateWord {
        let rate = if checked == 0 {
            0.0
        } else {
            f64::from(held) / f64::from(checked)
        };
        if lo >= NEARLY {
            RateWord::NearlyAlways
        } else if hi <= 1.0 - NEARLY {
            RateWord::AlmostNever
        } else if lo > HALF {
            RateWord::Usually
        } else if hi < HALF {
            RateWord::Rarely
        } else if (UNDECIDED_FROM..=1.0 - UNDECIDED_FROM).contains(&rate) {
            RateWord::Uncertain
        } else {
            RateWord::TooFewReplicates
        }
    }

    /// The word as the reports print it.
    pub(crate) fn words(self) -> &'static str {
        match self {
            RateWord::NearlyAlways => "nearly always",
            RateWord::Usually => "usually",
            RateWord::Uncertain => "uncertain",
            RateWord::Rarely => "rarely",
            RateWord::AlmostNever => "almost never",
            RateWord::TooFewReplicates => "too few replicates to say",
        }
    }

    /// The condition on the interval, as a clause (`… when the Wilson lower limit is at least 0.9`).
    pub(crate) fn rule(self) -> &'static str {
        match self {
            RateWord::NearlyAlways => "the Wilson lower limit is at least 0.9",
            RateWord::Usually => "the lower limit is above 0.5 (and below 0.9)",
            RateWord::Uncertain => {
                "the interval contains 0.5 and the rate lies within [0.25, 0.75]"
            }
            RateWord::Rarely => "the upper limit is below 0.5 (and above 0.1)",
            RateWord::AlmostNever => "the upper limit is at most 0.1",
            RateWord::TooFewReplicates => {
                "the interval contains 0.5 but the rate lies outside [0.25, 0.75] (possible only with fewer than 14 replicates)"
            }
        }
    }

    /// A stable id (the study table's panel of the claims with this word).
    pub(crate) fn id(self) -> &'static str {
        match self {
            RateWord::NearlyAlways => "nearly_always",
            RateWord::Usually => "usually",
            RateWord::Uncertain => "uncertain",
            RateWord::Rarely => "rarely",
            RateWord::AlmostNever => "almost_never",
            RateWord::TooFewReplicates => "too_few_replicates",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fewest replicates for which the five words always apply (module documentation).
    const MIN_REPLICATES_FOR_WORDS: u32 = 14;

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

    fn word(k: u32, n: u32) -> RateWord {
        let (lo, hi) = wilson(k, n);
        RateWord::of(k, n, lo, hi)
    }

    /// The rates the reports showed: 0.12 [0.08, 0.17] is rarely, 0.81 [0.75, 0.86], 0.87 and
    /// 0.92 [0.87, 0.95] usually; 200/200 (lower limit 0.981) nearly always, 0/200 almost never,
    /// 100/200 uncertain.
    #[test]
    fn decided_by_the_interval() {
        assert_eq!(word(24, 200), RateWord::Rarely);
        assert_eq!(word(162, 200), RateWord::Usually);
        assert_eq!(word(174, 200), RateWord::Usually);
        assert_eq!(word(184, 200), RateWord::Usually);
        assert_eq!(word(195, 200), RateWord::NearlyAlways);
        assert_eq!(word(200, 200), RateWord::NearlyAlways);
        assert_eq!(word(0, 200), RateWord::AlmostNever);
        assert_eq!(word(100, 200), RateWord::Uncertain);
        assert_eq!(word(2, 2), RateWord::TooFewReplicates);
        assert_eq!(word(1, 2), RateWord::Uncertain);
    }

    /// No rate outside [0.25, 0.75] is called uncertain, for any study size; from
    /// `MIN_REPLICATES_FOR_WORDS` replicates on, every rate gets one of the five words, and below it
    /// some rate does not (so the constant is the smallest that works).
    #[test]
    fn nothing_outside_the_middle_is_uncertain() {
        let mut smallest_with_all_words = 1;
        for n in 1..=5_000 {
            let mut all_words = true;
            for k in 0..=n {
                let w = word(k, n);
                let rate = f64::from(k) / f64::from(n);
                if w == RateWord::Uncertain {
                    assert!((0.25..=0.75).contains(&rate), "{k}/{n}");
                }
                if w == RateWord::TooFewReplicates {
                    all_words = false;
                }
            }
            if !all_words {
                smallest_with_all_words = n + 1;
            }
        }
        assert_eq!(smallest_with_all_words, MIN_REPLICATES_FOR_WORDS);
    }
}
