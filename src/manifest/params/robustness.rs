//! The parameters of a robustness study (`unanimity.robustness`, `lancers.robustness`).

use serde::{Deserialize, Serialize};

use super::Params;
use crate::manifest::parameter_rules::{self as rules, Violation};
use crate::model::ArtefactId;

/// Largest number of replicates R a study may ask for: far above the default 200, small enough that
/// the per-replicate outcomes it keeps (a few hundred numbers each) stay within memory.
pub(crate) const MAX_REPLICATES: u32 = 10_000;

/// A robustness study: the simulated artefacts of its paper whose claims and printed numbers it
/// checks on `replicates` independent stand-in collections.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReplicatesParams {
    /// R, the number of replicates (replicate 0 is the shipped draw); `reproduce --replicates`
    /// overrides it.
    pub(crate) replicates: u32,
    /// The replicated artefacts, each of the study's paper, built, and without a `seed:` of its own
    /// (checked when the manifest loads).
    pub(crate) artefacts: Vec<ArtefactId>,
    /// Randomised Tukey HSD trials B inside each replicate, in place of each replicated artefact's
    /// own `trials:` (absent: the artefacts' own B). The study's caption gives the Monte Carlo error
    /// this implies for a p-value near alpha.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) trials: Option<u32>,
    /// The replicated artefacts whose headline numbers (taus, significant pairs, SSO percentages,
    /// discrepancy counts; `robustness::headline`) the study's table shows beside their replicate
    /// band; every printed number's band stays in its JSON. Each is one of `artefacts` (checked when
    /// the manifest loads).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) headlines: Vec<ArtefactId>,
}

impl Params for ReplicatesParams {
    /// None of its own: the pipeline fingerprints the replicated artefacts' inputs and the paper's
    /// published values with the study.
    fn input_files(&self) -> Vec<(&'static str, &str)> {
        Vec::new()
    }

    fn seed(&self) -> Option<u64> {
        None
    }

    fn validate(&self) -> Result<(), Violation> {
        rules::counts("replicates", &[self.replicates], MAX_REPLICATES)?;
        rules::non_empty("artefacts", &self.artefacts)?;
        self.trials.map_or(Ok(()), rules::trials)
    }
}
