//! The parameters of a knob-space study (`unanimity.knob_space`, `lancers.knob_space`).

use serde::{Deserialize, Serialize};

use super::Params;
use crate::manifest::parameter_rules::{self as rules, Violation};
use crate::model::ArtefactId;

/// Fewest design points a knob-space study may ask for: two per bin of each knob's range (the
/// studies split each range into four bins), the least that gives a bin a rate with any spread.
pub(crate) const MIN_DESIGN_POINTS: u32 = 8;

/// Most design points: each keeps one outcome per claim, and far more than the default 256 would
/// run for hours.
pub(crate) const MAX_DESIGN_POINTS: u32 = 10_000;

/// A knob-space study: the simulated artefacts of its paper whose claims it re-tests at
/// `design_points` points of the plausible knob space, one independent stand-in draw per point.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct KnobSpaceParams {
    /// N, the number of design points; `reproduce --design-points` overrides it.
    pub(crate) design_points: u32,
    /// The re-tested artefacts, each of the study's paper, built, and without a `seed:` of its own
    /// (checked when the manifest loads).
    pub(crate) artefacts: Vec<ArtefactId>,
    /// Randomised Tukey HSD trials B inside each draw, in place of each artefact's own (as a
    /// robustness study's `trials:`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) trials: Option<u32>,
}

impl Params for KnobSpaceParams {
    /// None of its own: the pipeline fingerprints the re-tested artefacts' inputs (the knob files
    /// with their plausible ranges among them) and the paper's published values with the study.
    fn input_files(&self) -> Vec<(&'static str, &str)> {
        Vec::new()
    }

    fn seed(&self) -> Option<u64> {
        None
    }

    fn validate(&self) -> Result<(), Violation> {
        if !(MIN_DESIGN_POINTS..=MAX_DESIGN_POINTS).contains(&self.design_points) {
            return Err(rules::violation(
                "design_points",
                format!(
                    "design_points = {}: expected a whole number from {MIN_DESIGN_POINTS} to {MAX_DESIGN_POINTS}",
                    self.design_points
                ),
            ));
        }
        rules::non_empty("artefacts", &self.artefacts)?;
        self.trials.map_or(Ok(()), rules::trials)
    }
}
