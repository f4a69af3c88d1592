//! The per-topic kappa summary of paper B's Table 1 and §3, and the final check of the generated
//! topics against every target with the engine's own kappa.

use super::params::LabelParams;
use crate::papers::lancers::standin::{AssessorSet, LabelledTopic, topic_agreement};
use crate::papers::standin_error::SimError;
use evia_engine::agreement::StandardError;

/// Per-pair summary of per-topic kappas: mean, minimum, maximum and the number of topics whose kappa
/// is not significantly positive (paper B, Table 1), plus the number of high-agreement topics (§3).
/// Each vector has one entry per assessor pair, in the order of the kappas summarised.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PerTopicSummary {
    pub(crate) mean: Vec<f64>,
    pub(crate) min: Vec<f64>,
    pub(crate) max: Vec<f64>,
    pub(crate) not_significant: Vec<usize>,
    pub(crate) high_agreement: usize,
}

/// Summarises per-topic kappas (one kappa per assessor pair and topic, as from
/// [`crate::papers::lancers::standin::topic_kappas`]; every topic has the same pairs). A kappa that is
/// undefined (`None`) is not significantly positive and is left out of the mean, minimum and maximum,
/// which are NaN for a pair without a defined one.
pub(crate) fn summarise(
    per_topic: &[Vec<Option<evia_engine::agreement::Kappa>>],
) -> PerTopicSummary {
    let pairs = per_topic.first().map_or(0, Vec::len);
    let column = |p: usize| {
        per_topic
            .iter()
            .filter_map(move |k| k[p].as_ref().map(|k| k.kappa))
    };
    PerTopicSummary {
        mean: (0..pairs)
            .map(|p| column(p).sum::<f64>() / column(p).count() as f64)
            .collect(),
        min: (0..pairs)
            .map(|p| column(p).fold(f64::INFINITY, f64::min))
            .map(|m| if m.is_finite() { m } else { f64::NAN })
            .collect(),
        max: (0..pairs)
            .map(|p| column(p).fold(f64::NEG_INFINITY, f64::max))
            .map(|m| if m.is_finite() { m } else { f64::NAN })
            .collect(),
        not_significant: (0..pairs)
            .map(|p| {
                per_topic
                    .iter()
                    .filter(|k| !k[p].as_ref().is_some_and(|k| k.significantly_positive()))
                    .count()
            })
            .collect(),
        high_agreement: per_topic
            .iter()
            .filter(|k| {
                k.iter()
                    .all(|k| k.as_ref().is_some_and(|k| k.significantly_positive()))
            })
            .count(),
    }
}

/// Checks the generated topics against every target with the engine's kappa.
pub(super) fn verify(params: &LabelParams, topics: &[LabelledTopic]) -> Result<(), SimError> {
    let per_topic = topics
        .iter()
        .map(|t| {
            topic_agreement(t, &AssessorSet::paper_b(), StandardError::CohenSimple)
                .map(|kappas| kappas.into_iter().map(Some).collect::<Vec<_>>())
                .map_err(|e| SimError::Infeasible(format!("topic {}: {e}", t.id)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let summary = summarise(&per_topic);
    let g = &params.targets;
    let close = |a: &[f64], b: &[f64; 3]| {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() <= g.tolerance)
    };
    if summary.not_significant[..] != g.not_significant[..]
        || summary.high_agreement != g.high_agreement
        || !close(&summary.mean, &g.mean)
        || !close(&summary.min, &g.min)
        || !close(&summary.max, &g.max)
    {
        return Err(SimError::NotConverged(format!(
            "generated topics miss the per-topic targets: {summary:?}"
        )));
    }
    Ok(())
}
