//! Significance agreement per measure: the randomised Tukey HSD (paper B §4; the engine's
//! `randomised_hsd`, `tests/fixtures/statistics.md` §3) over every pair of runs under each judge,
//! then, for each judge against the reference, the pairs significant under both, under the
//! reference only and under the judge only, the judge's false-positive rate (significant under the
//! judge among the pairs the reference does not separate) and false-negative rate (not significant
//! under the judge among the pairs the reference separates), each judge's discriminative power
//! and the Statistical Significance Overlap, SSO = both / (both + only one) (Sakai 2016).
//!
//! Each test draws from its own seeded ChaCha stream, `judges.hsd` / `<measure>/<judge>/<topics>`,
//! as paper B's code seeds one stream per qrels version, topic subset and measure: results do not
//! depend on the order of the judges, the measures, or the threads.

use serde::Serialize;

use super::run_scores::{JudgeScores, RunSelection};
use evia_engine::rng::StreamSpec;
use evia_engine::significance::overlap::{discriminative_power, overlap_of_p_values};
use evia_engine::significance::randomised_hsd::randomised_hsd;

/// The stream (artefact part) of every randomised Tukey HSD of a judges analysis.
pub const HSD_STREAM: &str = "judges.hsd";

/// The choices of the significance tests.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct SignificanceOptions {
    /// Trials B of each randomised Tukey HSD.
    pub trials: u64,
    pub seed: u64,
    /// A pair is significant when p < alpha.
    pub alpha: f64,
    #[serde(skip)]
    pub threads: usize,
}

/// One judge's HSD p-values over the run pairs (`run_pairs` order), or why they are missing.
pub type PValues = Result<Vec<f64>, String>;

/// The HSD p-values of `scores` over the topics `keep` accepts, drawn from the stream of unit
/// `<measure>/<judge>/<topics>`.
pub fn p_values(
    scores: &JudgeScores,
    measure: &str,
    topics: &str,
    runs: &RunSelection,
    keep: impl Fn(&str) -> bool,
    options: SignificanceOptions,
) -> PValues {
    let matrix = scores.matrix(runs, keep).map_err(|e| e.to_string())?;
    let unit = format!("{measure}/{}/{topics}", scores.judge);
    let stream = StreamSpec {
        seed: options.seed,
        artefact: HSD_STREAM,
        unit: &unit,
    };
    let result = randomised_hsd(
        &matrix,
        options.trials,
        stream,
        options.threads.max(1),
        None,
    )
    .map_err(|e| e.to_string())?;
    Ok(result.pairs.iter().map(|p| p.p).collect())
}

/// A judge's discriminative power: the run pairs significant under it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Power {
    pub significant_pairs: usize,
    pub pairs: usize,
}

impl Power {
    pub fn of(p: &[f64], alpha: f64) -> Self {
        Power {
            significant_pairs: discriminative_power(p, alpha),
            pairs: p.len(),
        }
    }
}

/// The significance decisions of a judge and the reference compared.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Compared {
    pub pairs: usize,
    pub both: usize,
    pub only_reference: usize,
    pub only_judge: usize,
    pub neither: usize,
    /// only_judge / (only_judge + neither); `None` when the reference separates every pair.
    pub false_positive_rate: Option<f64>,
    /// only_reference / (both + only_reference); `None` when the reference separates no pair.
    pub false_negative_rate: Option<f64>,
    /// both / (both + only_reference + only_judge); `None` when no pair is significant.
    pub sso: Option<f64>,
    pub reference_power: Power,
    pub judge_power: Power,
}

/// The comparison, or why it cannot be made.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum SignificanceOutcome {
    Tested(Compared),
    Pending { reason: String },
}

/// One measure's significance agreement of one judge against the reference.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SignificanceAgreement {
    pub measure: String,
    pub judge: String,
    pub reference: String,
    pub trials: u64,
    pub alpha: f64,
    #[serde(flatten)]
    pub outcome: SignificanceOutcome,
}

/// Compares the reference's p-values with the judge's (same pairs, same order).
pub fn compare(reference: &PValues, judge: &PValues, alpha: f64) -> SignificanceOutcome {
    let (r, j) = match (reference, judge) {
        (Ok(r), Ok(j)) => (r, j),
        (Err(e), _) => {
            return SignificanceOutcome::Pending {
                reason: format!("under the reference: {e}"),
            };
        }
        (_, Err(e)) => {
            return SignificanceOutcome::Pending {
                reason: format!("under the judge: {e}"),
            };
        }
    };
    let o = match overlap_of_p_values(r, j, alpha) {
        Ok(o) => o,
        Err(e) => {
            return SignificanceOutcome::Pending {
                reason: e.to_string(),
            };
        }
    };
    let pairs = r.len();
    let neither = pairs - o.only_a - o.both - o.only_b;
    let rate = |num: usize, den: usize| (den > 0).then(|| num as f64 / den as f64);
    SignificanceOutcome::Tested(Compared {
        pairs,
        both: o.both,
        only_reference: o.only_a,
        only_judge: o.only_b,
        neither,
        false_positive_rate: rate(o.only_b, o.only_b + neither),
        false_negative_rate: rate(o.only_a, o.only_a + o.both),
        sso: o.sso(),
        reference_power: Power::of(r, alpha),
        judge_power: Power::of(j, alpha),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_count_the_judges_errors_against_the_reference() {
        // Pairs: both, only reference, only judge, neither, neither.
        let r = Ok(vec![0.01, 0.02, 0.5, 0.6, 0.7]);
        let j = Ok(vec![0.01, 0.3, 0.04, 0.6, 0.9]);
        let SignificanceOutcome::Tested(c) = compare(&r, &j, 0.05) else {
            panic!("tested")
        };
        assert_eq!(
            (c.both, c.only_reference, c.only_judge, c.neither),
            (1, 1, 1, 2)
        );
        // By the definitions: 1 false positive among the 3 pairs the reference does not separate,
        // 1 miss among its 2 significant pairs, SSO 1/3.
        assert_eq!(c.false_positive_rate, Some(1.0 / 3.0));
        assert_eq!(c.false_negative_rate, Some(0.5));
        assert_eq!(c.sso, Some(1.0 / 3.0));
        assert_eq!(c.judge_power.significant_pairs, 2);
        let pending = compare(&Err("too few topics".into()), &j, 0.05);
        assert!(matches!(pending, SignificanceOutcome::Pending { .. }));
    }

    #[test]
    fn p_values_do_not_depend_on_threads() {
        let runs: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let selection = RunSelection::new(&runs, &Default::default());
        let scores = JudgeScores {
            judge: "j".into(),
            topics: (0..6).map(|t| t.to_string()).collect(),
            values: (0..18).map(|v| f64::from(v * 7 % 11) / 10.0).collect(),
        };
        let options = |threads| SignificanceOptions {
            trials: 600,
            seed: 7,
            alpha: 0.05,
            threads,
        };
        let one = p_values(&scores, "AP", "all", &selection, |_| true, options(1));
        let two = p_values(&scores, "AP", "all", &selection, |_| true, options(2));
        assert_eq!(one, two);
        assert_eq!(one.unwrap().len(), 3);
        let too_few = p_values(&scores, "AP", "all", &selection, |t| t == "0", options(1));
        assert!(too_few.is_err());
    }
}
