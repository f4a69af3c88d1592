//! The knobs of the label stand-in (the `labels:` section of `data/lancers/www-standin.yaml`) and
//! their validation: bounds on sizes and loop counts first, then targets that cannot be met.

use serde::Deserialize;

use super::{invalid, topic_id};
use crate::papers::lancers::standin::joint::{ALL3_LEVELS, JointTable};
use crate::papers::standin_error::SimError;

/// The `labels:` section of `data/lancers/www-standin.yaml` (every value is explained there).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LabelParams {
    /// Number of topics (50).
    pub(crate) topics: usize,
    /// Topic ids are `topic_id_prefix` followed by `first_topic`, `first_topic + topic_step`, …,
    /// zero-padded to `topic_id_width` (`sim-01`, `sim-02`, …: ids that no real topic has).
    #[serde(default)]
    pub(crate) topic_id_prefix: String,
    pub(crate) first_topic: u32,
    pub(crate) topic_step: u32,
    pub(crate) topic_id_width: usize,
    /// Number of pooled documents over all topics (11,214); must equal the joint table's total.
    pub(crate) documents: u64,
    /// The all3 level counts L0..L6 the joint table is fitted to (paper B, Table 2).
    pub(crate) all3_levels: [u64; ALL3_LEVELS],
    pub(crate) pool_size: PoolSizeParams,
    pub(crate) targets: PerTopicTargets,
    pub(crate) search: SearchParams,
}

/// Bounds of a topic's pool size.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PoolSizeParams {
    pub(crate) min: u32,
    pub(crate) max: u32,
}

/// The per-topic agreement statistics of paper B, Table 1 and §3, per pair in the order of
/// [`PAIRS`](crate::papers::lancers::standin::PAIRS).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PerTopicTargets {
    /// Topics whose per-topic kappa is not significantly positive.
    pub(crate) not_significant: [usize; 3],
    /// Topics significantly positive for all three pairs.
    pub(crate) high_agreement: usize,
    pub(crate) mean: [f64; 3],
    pub(crate) min: [f64; 3],
    pub(crate) max: [f64; 3],
    /// Largest accepted |stand-in − target| for the mean, minimum and maximum.
    pub(crate) tolerance: f64,
}

/// Knobs of the swap search (step 4 of the [`labels`](super) module documentation).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SearchParams {
    /// Distance kept from 0 by a CI's lower limit, and from the extremes by other topics' kappas.
    pub(crate) margin: f64,
    pub(crate) status_weight: f64,
    pub(crate) extreme_weight: f64,
    pub(crate) mean_weight: f64,
    /// Proposals before an attempt gives up.
    pub(crate) max_proposals: u64,
    /// Attempts (each from a fresh initial allocation) before the search gives up.
    pub(crate) attempts: u32,
    /// Proposals between two checks of the targets.
    pub(crate) check_every: u64,
}

/// The most topics of the label stand-in.
pub(crate) const MAX_TOPICS: usize = 1_000;
/// The most pooled documents of the label stand-in (paper B: 11,214).
pub(crate) const MAX_DOCUMENTS: u64 = 100_000;
/// The widest zero-padded topic id.
pub(crate) const MAX_TOPIC_ID_WIDTH: usize = 32;
/// The most swap proposals over all attempts (max_proposals × attempts; the shipped knobs: 4 million).
pub(crate) const MAX_PROPOSALS: u64 = 50_000_000;
/// The most per-topic checks over all attempts (topics × checks per attempt × attempts).
pub(crate) const MAX_TOPIC_CHECKS: u64 = 100_000_000;

/// Checks the sizes and loop counts of `params` against the bounds above, so that generation
/// neither allocates without limit nor loops for minutes.
pub(crate) fn validate_bounds(params: &LabelParams) -> Result<(), SimError> {
    let t = params.topics;
    if t > MAX_TOPICS {
        return Err(invalid(
            "labels.topics",
            format!("{t} topics; at most {MAX_TOPICS} are supported"),
        ));
    }
    if params.documents > MAX_DOCUMENTS {
        return Err(invalid(
            "labels.documents",
            format!(
                "{} documents; at most {MAX_DOCUMENTS} are supported",
                params.documents
            ),
        ));
    }
    if params.topic_id_width > MAX_TOPIC_ID_WIDTH {
        return Err(invalid(
            "labels.topic_id_width",
            format!("{}; at most {MAX_TOPIC_ID_WIDTH}", params.topic_id_width),
        ));
    }
    let prefix = &params.topic_id_prefix;
    if prefix.chars().count() > MAX_TOPIC_ID_WIDTH || prefix.chars().any(char::is_whitespace) {
        return Err(invalid(
            "labels.topic_id_prefix",
            format!(
                "`{prefix}`; a prefix has at most {MAX_TOPIC_ID_WIDTH} characters and no whitespace"
            ),
        ));
    }
    let s = &params.search;
    let proposals = s
        .max_proposals
        .saturating_add(1)
        .saturating_mul(u64::from(s.attempts));
    if proposals > MAX_PROPOSALS {
        return Err(invalid(
            "labels.search",
            format!(
                "max_proposals × attempts = {proposals}; at most {MAX_PROPOSALS} are supported"
            ),
        ));
    }
    if s.check_every == 0 {
        return Err(invalid("labels.search.check_every", "must be at least 1"));
    }
    // t ≤ MAX_TOPICS and proposals ≤ MAX_PROPOSALS: no overflow.
    let checks = (proposals / s.check_every + u64::from(s.attempts)) * t as u64;
    if checks > MAX_TOPIC_CHECKS {
        return Err(invalid(
            "labels.search.check_every",
            format!(
                "{checks} per-topic checks (topics × max_proposals / check_every × attempts); at most {MAX_TOPIC_CHECKS} are supported"
            ),
        ));
    }
    Ok(())
}

pub(super) fn validate(params: &LabelParams, joint: &JointTable) -> Result<(), SimError> {
    validate_bounds(params)?;
    let t = params.topics;
    if t < 2 {
        return Err(invalid("labels.topics", "at least 2 topics are needed"));
    }
    // Topic ids are `first_topic + index × topic_step`: distinct numbers, so distinct ids, unless
    // the step is 0. Document ids are `clueweb12-standin-<topic id>-<k>`, distinct with them.
    if params.topic_step == 0 {
        return Err(invalid(
            "labels.topic_step",
            format!(
                "0 gives all {t} topics the id {}; generated topic (and document) ids must be unique, so the step must be at least 1",
                topic_id(params, 0)
            ),
        ));
    }
    if joint.total() != params.documents {
        return Err(invalid(
            "labels.documents",
            format!(
                "{} documents, but the joint table counts {}",
                params.documents,
                joint.total()
            ),
        ));
    }
    let PoolSizeParams { min, max } = params.pool_size;
    if min == 0 || min > max {
        return Err(invalid(
            "labels.pool_size",
            format!("need 0 < min <= max, got min {min}, max {max}"),
        ));
    }
    if (t as u64) * u64::from(min) > params.documents
        || (t as u64) * u64::from(max) < params.documents
    {
        return Err(invalid(
            "labels.pool_size",
            format!(
                "{t} topics with pools of {min}..={max} documents cannot hold {} documents",
                params.documents
            ),
        ));
    }
    let g = &params.targets;
    let low = t.checked_sub(g.high_agreement).ok_or_else(|| {
        invalid(
            "labels.targets.high_agreement",
            format!("{} exceeds the {t} topics", g.high_agreement),
        )
    })?;
    // Each count is at most `low` once the first test passes; saturate so a huge count cannot overflow.
    let incidences = g
        .not_significant
        .iter()
        .fold(0usize, |sum, &n| sum.saturating_add(n));
    if g.not_significant.iter().any(|&n| n > low) || incidences < low {
        return Err(invalid(
            "labels.targets.not_significant",
            format!(
                "{:?} cannot be spread over {low} low-agreement topics (each pair at most {low}, at least one per topic)",
                g.not_significant
            ),
        ));
    }
    for p in 0..3 {
        if g.not_significant[p] == 0 || g.high_agreement == 0 {
            return Err(invalid(
                "labels.targets",
                "the minimum needs a non-significant topic and the maximum a high-agreement one for every pair",
            ));
        }
        if !(g.min[p] <= g.mean[p] && g.mean[p] <= g.max[p]) {
            return Err(invalid(
                "labels.targets",
                format!(
                    "pair {p}: need min <= mean <= max, got {} / {} / {}",
                    g.min[p], g.mean[p], g.max[p]
                ),
            ));
        }
    }
    let s = &params.search;
    if !(g.tolerance > 0.0 && s.margin >= 0.0 && s.check_every > 0) {
        return Err(invalid(
            "labels.search",
            "need tolerance > 0, margin >= 0 and check_every > 0",
        ));
    }
    Ok(())
}

/// The shipped knobs of `data/lancers/www-standin.yaml`, for the tests of the steps.
#[cfg(test)]
pub(super) fn shipped_params() -> LabelParams {
    #[derive(Deserialize)]
    struct File {
        labels: LabelParams,
    }
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/lancers/www-standin.yaml");
    crate::io::read_yaml::<File>(&path).unwrap().labels
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sizes and loop counts that would allocate without limit or search for minutes are rejected
    /// with their bound.
    #[test]
    fn knobs_whose_cost_would_explode_are_rejected() {
        type Change = fn(&mut LabelParams);
        let cases: [(&str, Change); 5] = [
            ("at most 1000", |p| p.topics = 1_000_000_000),
            ("at most 100000", |p| p.documents = u64::MAX),
            ("at most 32", |p| p.topic_id_width = usize::MAX),
            ("max_proposals × attempts", |p| {
                p.search.max_proposals = u64::MAX
            }),
            ("per-topic checks", |p| p.search.check_every = 1),
        ];
        for (expected, change) in cases {
            let mut p = shipped_params();
            change(&mut p);
            let err = validate_bounds(&p).unwrap_err().to_string();
            assert!(err.contains(expected), "{expected}: {err}");
        }
        validate_bounds(&shipped_params()).unwrap();
    }

    /// Targets that cannot be met are refused up front, naming the parameter.
    #[test]
    fn impossible_targets_are_rejected() {
        let name_of = |params: &LabelParams| {
            let mut counts = [[[0; 3]; 3]; 3];
            counts[0][0][0] = params.documents;
            match validate(params, &JointTable::from_counts(counts)) {
                Err(SimError::InvalidParameter { name, .. }) => name,
                other => panic!("expected an invalid parameter, got {other:?}"),
            }
        };
        let mut params = shipped_params();
        params.targets.not_significant[2] = params.topics - params.targets.high_agreement + 1;
        assert_eq!(name_of(&params), "labels.targets.not_significant");
        let mut params = shipped_params();
        params.pool_size = PoolSizeParams { min: 300, max: 390 };
        assert_eq!(name_of(&params), "labels.pool_size");
        let mut params = shipped_params();
        params.documents += 1;
        let mut counts = [[[0; 3]; 3]; 3];
        counts[0][0][0] = params.documents - 1;
        assert!(validate(&params, &JointTable::from_counts(counts)).is_err());
    }
}
