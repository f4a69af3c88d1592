//! The headline of a judges analysis: for each judge against the reference, the few numbers a
//! reader wants first (label agreement, the ranking agreement and significance agreement of the
//! first measure), taken from the full results, never recomputed.

use serde::Serialize;

use super::estimate::Estimate;
use super::label_agreement::LabelAgreement;
use super::ranking::{Tau, Value};
use super::rankings::MeasureRanking;
use super::significance::{SignificanceAgreement, SignificanceOutcome};

/// One judge's headline.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeadlineJudge {
    pub judge: String,
    pub reference: String,
    pub shared_documents: u64,
    /// `None` when the two share no document.
    pub kappa_unweighted: Option<Estimate>,
    pub kappa_linear: Option<Estimate>,
    pub kappa_binary: Option<Estimate>,
    pub alpha_ordinal: Option<Estimate>,
    /// The first measure; `None` without runs.
    pub measure: Option<String>,
    pub kendall_tau_b: Option<Tau>,
    pub tau_ap: Option<Value>,
    pub same_top_run: Option<bool>,
    pub significance: Option<SignificanceOutcome>,
}

/// The headline of every judge against the reference, in judge order.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Headline {
    pub relevant_from: f64,
    pub judges: Vec<HeadlineJudge>,
}

/// The headline of the `labels` pairs whose reference is `reference`, with the first measure's
/// rows of `rankings` and `significance`.
pub fn headline(
    reference: &str,
    relevant_from: f64,
    labels: &[LabelAgreement],
    rankings: &[MeasureRanking],
    significance: &[SignificanceAgreement],
) -> Headline {
    let first = rankings.first().map(|r| r.measure.as_str());
    let judges = labels
        .iter()
        .filter(|l| l.reference == reference)
        .map(|l| {
            let shared = l.shared();
            let ranking = rankings
                .iter()
                .find(|r| Some(r.measure.as_str()) == first && r.judge == l.judge);
            let tested = significance
                .iter()
                .find(|s| Some(s.measure.as_str()) == first && s.judge == l.judge);
            HeadlineJudge {
                judge: l.judge.clone(),
                reference: l.reference.clone(),
                shared_documents: l.shared_documents,
                kappa_unweighted: shared.map(|s| s.kappa.unweighted.clone()),
                kappa_linear: shared.map(|s| s.kappa.linear.clone()),
                kappa_binary: shared.map(|s| s.kappa.binary.clone()),
                alpha_ordinal: shared.map(|s| s.krippendorff_alpha.ordinal.clone()),
                measure: first.map(str::to_string),
                kendall_tau_b: ranking.map(|r| r.agreement.kendall_tau_b.clone()),
                tau_ap: ranking.map(|r| r.agreement.tau_ap.clone()),
                same_top_run: ranking.map(|r| r.agreement.same_top_run),
                significance: tested.map(|s| s.outcome.clone()),
            }
        })
        .collect();
    Headline {
        relevant_from,
        judges,
    }
}
