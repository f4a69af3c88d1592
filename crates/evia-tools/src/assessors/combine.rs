//! Rules that consolidate one document's labels from several assessors into one relevance level or
//! gain.
//!
//! The labels are the integers the assessors gave (on the declared scale); `n` is how many labels the
//! document received (assessors who did not judge it are left out):
//!
//! - `sum`: `Σ labels` (paper B's qrels versions; paper A's `RawG_i`, §2.3);
//! - `mean`: `Σ labels / n`;
//! - `min`, `max`: the lowest / highest label;
//! - `majority-low`, `majority-high`: the most frequent label; a tie between several most frequent
//!   labels goes to the lowest (`-low`) or the highest (`-high`) of them;
//! - `ug`: the unanimity-aware gain of paper A's Eq. 2, `UG = RawG + p·n·(Dmax − D)` if `RawG > 0`
//!   else 0, with `D = max − min` and `Dmax` the scale's highest label (the scale must start at 0),
//!   computed by `evia_engine::gain::item_gains`.

use evia_engine::gain::{GainSetting, item_gains};

/// A consolidation rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Rule {
    Sum,
    Mean,
    Min,
    Max,
    MajorityLow,
    MajorityHigh,
    /// Unanimity-aware gain (paper A, Eq. 2); needs `--p` and a scale starting at 0.
    Ug,
}

impl Rule {
    /// Whether the rule always gives an integer (and so can be written as a level `Lx`).
    pub fn integral(self) -> bool {
        !matches!(self, Rule::Mean | Rule::Ug)
    }
}

/// Why a document's labels cannot be combined by a rule.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CombineError {
    #[error(
        "the unanimity-aware gain needs ratings on 0..Dmax; the scale starts at {min}: shift the labels to start at 0 and declare --scale 0..MAX"
    )]
    UgScale { min: i32 },
    #[error("{0}")]
    Gain(#[from] evia_engine::gain::GainError),
}

/// Combines `labels` (not empty) by `rule`; `p` is Eq. 2's `p` (used by [`Rule::Ug`] only).
pub fn combine(
    rule: Rule,
    labels: &[i32],
    scale_min: i32,
    scale_max: i32,
    p: f64,
) -> Result<f64, CombineError> {
    let n = labels.len() as f64;
    let lowest = labels.iter().copied().min().unwrap_or(0);
    let highest = labels.iter().copied().max().unwrap_or(0);
    Ok(match rule {
        Rule::Sum => f64::from(labels.iter().sum::<i32>()),
        Rule::Mean => f64::from(labels.iter().sum::<i32>()) / n,
        Rule::Min => f64::from(lowest),
        Rule::Max => f64::from(highest),
        Rule::MajorityLow | Rule::MajorityHigh => f64::from(majority(labels, rule)),
        Rule::Ug => {
            if scale_min != 0 {
                return Err(CombineError::UgScale { min: scale_min });
            }
            let ratings: Vec<u32> = labels.iter().map(|&l| l.unsigned_abs()).collect();
            let setting = GainSetting {
                dmax: scale_max.unsigned_abs(),
                p,
            };
            item_gains(&ratings, setting)?.unanimity_aware
        }
    })
}

/// The most frequent label; ties go to the lowest (`MajorityLow`) or highest (`MajorityHigh`).
fn majority(labels: &[i32], rule: Rule) -> i32 {
    let mut sorted = labels.to_vec();
    sorted.sort_unstable();
    let mut best = (0usize, sorted[0]);
    let mut i = 0;
    while i < sorted.len() {
        let j = sorted[i..].iter().take_while(|&&l| l == sorted[i]).count();
        let better = j > best.0 || (j == best.0 && rule == Rule::MajorityHigh);
        if better {
            best = (j, sorted[i]);
        }
        i += j;
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(rule: Rule, labels: &[i32]) -> f64 {
        combine(rule, labels, 0, 2, 0.2).unwrap()
    }

    #[test]
    fn every_rule_on_one_document() {
        let labels = [2, 1, 1, 0];
        assert_eq!(c(Rule::Sum, &labels), 4.0);
        assert_eq!(c(Rule::Mean, &labels), 1.0);
        assert_eq!(c(Rule::Min, &labels), 0.0);
        assert_eq!(c(Rule::Max, &labels), 2.0);
        assert_eq!(c(Rule::MajorityLow, &labels), 1.0);
        assert_eq!(c(Rule::MajorityLow, &[2, 2, 0, 0, 1]), 0.0);
        assert_eq!(c(Rule::MajorityHigh, &[2, 2, 0, 0, 1]), 2.0);
    }

    /// Sakai's survey §4.10, the worked example of Eq. 13 (paper A's Eq. 2): N = 3, Dmax = 2, p = 0.2;
    /// (2, 1, 1) → 4.6 and (2, 2, 0) → 4.0; all zeros → 0.
    #[test]
    fn unanimity_aware_gain_is_paper_a_eq_2() {
        assert!((c(Rule::Ug, &[2, 1, 1]) - 4.6).abs() < 1e-12);
        assert!((c(Rule::Ug, &[2, 2, 0]) - 4.0).abs() < 1e-12);
        assert_eq!(c(Rule::Ug, &[0, 0, 0]), 0.0);
        assert_eq!(
            combine(Rule::Ug, &[0, 1], -1, 1, 0.2),
            Err(CombineError::UgScale { min: -1 })
        );
    }
}
