//! Which manifest parameter a setting printed in a paper's text names (`44 runs`, `B = 5,000`): the
//! typed name a `settings:` entry of `paper/published/*.yaml` gives, parsed at the edge.

use serde::{Deserialize, Serialize};

/// A parameter of an artefact's experiment that a paper states in its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum SettingParameter {
    /// Number of topics of the collection.
    Topics,
    /// Number of runs.
    Runs,
    /// Number of teams the runs come from.
    Teams,
    /// Randomised Tukey HSD trials B.
    Trials,
    /// Significance level alpha.
    Alpha,
    /// Unanimity-aware upgrade strength p (paper A, Eq. 2).
    P,
    /// Highest rating Dmax of a simulated assessor (paper A).
    Dmax,
    /// Number of ratings N per item (paper A).
    N,
    /// Evaluation depth or measure cutoff.
    Cutoffs,
    /// Official gain values of the relevance levels L1, L2, ….
    Gains,
    /// Depth of the pools the judged documents come from (paper B: "depth-30 pools").
    PoolDepth,
}

impl SettingParameter {
    /// The parameter's key in `paper/manifest.yaml`.
    pub(crate) fn key(self) -> &'static str {
        match self {
            SettingParameter::Topics => "topics",
            SettingParameter::Runs => "runs",
            SettingParameter::Teams => "teams",
            SettingParameter::Trials => "trials",
            SettingParameter::Alpha => "alpha",
            SettingParameter::P => "p",
            SettingParameter::Dmax => "dmax",
            SettingParameter::N => "n",
            SettingParameter::Cutoffs => "cutoffs",
            SettingParameter::Gains => "gains",
            SettingParameter::PoolDepth => "pool_depth",
        }
    }
}
