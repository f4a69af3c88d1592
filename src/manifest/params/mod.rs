//! Each experiment's own parameter type, read from the artefact's `parameters:` by the experiment the
//! artefact names ([`ExperimentParams::deserialize_for`]).
//!
//! The types are strict (`deny_unknown_fields`): a key the experiment does not read, a key it needs
//! that is missing, a value of the wrong type, or a list where the experiment uses one value
//! ([`One`]) is an error of the YAML reader, at the offending line and column. The value rules
//! (p in [0, 1], counts positive and bounded, lists non-empty; [`super::parameter_rules`]) are each
//! type's [`Params::validate`], applied when the manifest loads.

mod lancers;
mod one;
mod robustness;
mod stc_measure;
mod unanimity;

use serde::de::{DeserializeSeed, Deserializer};
use serde::{Deserialize, Serialize};

pub use lancers::{
    AgreementParams, Conditions, EvalInputs, Evaluation, KappaSe, LabelInputs, LevelCountsParams,
    ListedTopicSets, QrelsEvalParams, QrelsOverlapParams, QrelsVersionDef, QrelsVersions,
    QrelsVersionsFile, Significance, TopicSetDef, TopicSubset, TopicsetEvalParams,
    TopicsetOverlapParams, UserCollection,
};
pub use one::One;
pub use robustness::{MAX_REPLICATES, ReplicatesParams};
pub use stc_measure::StcMeasure;
pub use unanimity::{
    GainExamplesParams, RealRatingsParams, StcInputs, StcParams, StcSignificanceParams,
};

use super::parameter_rules::{self as rules, Violation};
use crate::model::ExperimentId;

/// What every experiment's parameter type answers.
pub trait Params {
    /// Every file-valued parameter, as `(name, path relative to the project root)`: the files the
    /// experiment reads. Incremental rebuilds hash exactly these files (with the manifest entry, the
    /// templates and the program) to decide whether an artefact is up to date, so a new file-valued
    /// parameter must be listed here.
    fn input_files(&self) -> Vec<(&'static str, &str)>;

    /// The artefact's own `seed:`, overriding the manifest's, if the experiment takes one.
    fn seed(&self) -> Option<u64>;

    /// The first value rule a parameter breaks ([`super::parameter_rules`]).
    fn validate(&self) -> Result<(), Violation>;

    /// The randomised Tukey HSD's trials B, for the experiments that run it.
    fn trials(&self) -> Option<u32> {
        None
    }

    /// The randomised Tukey HSD's significance level alpha, for the experiments that run it.
    fn alpha(&self) -> Option<f64> {
        None
    }

    /// The values of p (paper A, Eq. 2) the experiment computes unanimity-aware gains with, in the
    /// manifest's order: the columns `ug_p[i]` of published values, wiring and templates refer to.
    fn unanimity_p(&self) -> Vec<f64> {
        Vec::new()
    }
}

/// The stand-in sizes an artefact states (`topics`, `runs`, `teams`, `pool_depth`): paper A's STC experiments check
/// them against the generated collection, and the reports quote them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StandinSizes {
    pub topics: Option<u32>,
    pub runs: Option<u32>,
    pub teams: Option<u32>,
    /// Paper B's pool depth (the stand-in runs list that many documents per topic).
    pub pool_depth: Option<u32>,
}

impl StandinSizes {
    fn validate(self) -> Result<(), Violation> {
        rules::size("topics", self.topics)?;
        rules::size("runs", self.runs)?;
        rules::size("teams", self.teams)?;
        rules::size("pool_depth", self.pool_depth)
    }
}

/// An artefact's parameters, typed by its experiment: one variant per [`ExperimentId`], of the same
/// name. Written back (in stamps' manifest-entry hashes and the reports' `param(...)`) as the plain
/// mapping it was read from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ExperimentParams {
    UnanimityGainExamples(GainExamplesParams),
    UnanimityRankCorrelation(StcParams),
    UnanimitySignificanceDiscrepancies(StcSignificanceParams),
    UnanimityRealRatings(RealRatingsParams),
    LancersAgreement(AgreementParams),
    LancersLevelCounts(LevelCountsParams),
    LancersQrelsRankCorrelation(QrelsEvalParams),
    LancersQrelsOverlap(QrelsOverlapParams),
    LancersTopicsetRankCorrelation(TopicsetEvalParams),
    LancersTopicsetOverlap(TopicsetOverlapParams),
    LancersQrelsMeansFigure(QrelsEvalParams),
    LancersTopicsetMeansFigure(TopicsetEvalParams),
    UnanimityRobustness(ReplicatesParams),
    LancersRobustness(ReplicatesParams),
}

impl ExperimentParams {
    /// Reads the parameters of `experiment` from `deserializer`, into that experiment's own type.
    pub fn deserialize_for<'de, D: Deserializer<'de>>(
        experiment: ExperimentId,
        deserializer: D,
    ) -> Result<Self, D::Error> {
        use ExperimentParams as P;
        Ok(match experiment {
            ExperimentId::UnanimityGainExamples => {
                P::UnanimityGainExamples(Deserialize::deserialize(deserializer)?)
            }
            ExperimentId::UnanimityRankCorrelation => {
                P::UnanimityRankCorrelation(Deserialize::deserialize(deserializer)?)
            }
            ExperimentId::UnanimitySignificanceDiscrepancies => {
                P::UnanimitySignificanceDiscrepancies(Deserialize::deserialize(deserializer)?)
            }
            ExperimentId::UnanimityRealRatings => {
                P::UnanimityRealRatings(Deserialize::deserialize(deserializer)?)
            }
            ExperimentId::LancersAgreement => {
                P::LancersAgreement(Deserialize::deserialize(deserializer)?)
            }
            ExperimentId::LancersLevelCounts => {
                P::LancersLevelCounts(Deserialize::deserialize(deserializer)?)
            }
            ExperimentId::LancersQrelsRankCorrelation => {
                P::LancersQrelsRankCorrelation(Deserialize::deserialize(deserializer)?)
            }
            ExperimentId::LancersQrelsOverlap => {
                P::LancersQrelsOverlap(Deserialize::deserialize(deserializer)?)
            }
            ExperimentId::LancersTopicsetRankCorrelation => {
                P::LancersTopicsetRankCorrelation(Deserialize::deserialize(deserializer)?)
            }
            ExperimentId::LancersTopicsetOverlap => {
                P::LancersTopicsetOverlap(Deserialize::deserialize(deserializer)?)
            }
            ExperimentId::LancersQrelsMeansFigure => {
                P::LancersQrelsMeansFigure(Deserialize::deserialize(deserializer)?)
            }
            ExperimentId::LancersTopicsetMeansFigure => {
                P::LancersTopicsetMeansFigure(Deserialize::deserialize(deserializer)?)
            }
            ExperimentId::UnanimityRobustness => {
                P::UnanimityRobustness(Deserialize::deserialize(deserializer)?)
            }
            ExperimentId::LancersRobustness => {
                P::LancersRobustness(Deserialize::deserialize(deserializer)?)
            }
        })
    }

    /// The experiment these parameters are of.
    pub fn experiment(&self) -> ExperimentId {
        use ExperimentParams as P;
        match self {
            P::UnanimityGainExamples(_) => ExperimentId::UnanimityGainExamples,
            P::UnanimityRankCorrelation(_) => ExperimentId::UnanimityRankCorrelation,
            P::UnanimitySignificanceDiscrepancies(_) => {
                ExperimentId::UnanimitySignificanceDiscrepancies
            }
            P::UnanimityRealRatings(_) => ExperimentId::UnanimityRealRatings,
            P::LancersAgreement(_) => ExperimentId::LancersAgreement,
            P::LancersLevelCounts(_) => ExperimentId::LancersLevelCounts,
            P::LancersQrelsRankCorrelation(_) => ExperimentId::LancersQrelsRankCorrelation,
            P::LancersQrelsOverlap(_) => ExperimentId::LancersQrelsOverlap,
            P::LancersTopicsetRankCorrelation(_) => ExperimentId::LancersTopicsetRankCorrelation,
            P::LancersTopicsetOverlap(_) => ExperimentId::LancersTopicsetOverlap,
            P::LancersQrelsMeansFigure(_) => ExperimentId::LancersQrelsMeansFigure,
            P::LancersTopicsetMeansFigure(_) => ExperimentId::LancersTopicsetMeansFigure,
            P::UnanimityRobustness(_) => ExperimentId::UnanimityRobustness,
            P::LancersRobustness(_) => ExperimentId::LancersRobustness,
        }
    }

    /// The parameters as their experiment's [`Params`].
    fn params(&self) -> &dyn Params {
        use ExperimentParams as P;
        match self {
            P::UnanimityGainExamples(p) => p,
            P::UnanimityRankCorrelation(p) => p,
            P::UnanimitySignificanceDiscrepancies(p) => p,
            P::UnanimityRealRatings(p) => p,
            P::LancersAgreement(p) => p,
            P::LancersLevelCounts(p) => p,
            P::LancersQrelsRankCorrelation(p) | P::LancersQrelsMeansFigure(p) => p,
            P::LancersQrelsOverlap(p) => p,
            P::LancersTopicsetRankCorrelation(p) | P::LancersTopicsetMeansFigure(p) => p,
            P::LancersTopicsetOverlap(p) => p,
            P::UnanimityRobustness(p) | P::LancersRobustness(p) => p,
        }
    }

    /// The robustness study's parameters, when these are a study's.
    pub fn replicates(&self) -> Option<&ReplicatesParams> {
        use ExperimentParams as P;
        match self {
            P::UnanimityRobustness(p) | P::LancersRobustness(p) => Some(p),
            _ => None,
        }
    }

    /// The robustness study's parameters, mutable (for `reproduce --replicates`).
    pub fn replicates_mut(&mut self) -> Option<&mut ReplicatesParams> {
        use ExperimentParams as P;
        match self {
            P::UnanimityRobustness(p) | P::LancersRobustness(p) => Some(p),
            _ => None,
        }
    }

    /// These parameters with the randomised test's trials B set to `trials`, for the experiments
    /// that run it (a robustness study's `trials:` override); others unchanged.
    pub fn with_trials(&self, trials: u32) -> ExperimentParams {
        use ExperimentParams as P;
        let mut params = self.clone();
        match &mut params {
            P::UnanimitySignificanceDiscrepancies(p) => p.trials = trials,
            P::LancersQrelsOverlap(p) => p.trials = trials,
            P::LancersTopicsetOverlap(p) => p.trials = trials,
            P::UnanimityGainExamples(_)
            | P::UnanimityRankCorrelation(_)
            | P::UnanimityRealRatings(_)
            | P::LancersAgreement(_)
            | P::LancersLevelCounts(_)
            | P::LancersQrelsRankCorrelation(_)
            | P::LancersTopicsetRankCorrelation(_)
            | P::LancersQrelsMeansFigure(_)
            | P::LancersTopicsetMeansFigure(_)
            | P::UnanimityRobustness(_)
            | P::LancersRobustness(_) => {}
        }
        params
    }

    /// [`Params::input_files`] of the experiment's parameters.
    pub fn input_files(&self) -> Vec<(&'static str, &str)> {
        self.params().input_files()
    }

    /// [`Params::seed`] of the experiment's parameters.
    pub fn seed(&self) -> Option<u64> {
        self.params().seed()
    }

    /// [`Params::validate`] of the experiment's parameters.
    pub fn validate(&self) -> Result<(), Violation> {
        self.params().validate()
    }

    /// [`Params::trials`] of the experiment's parameters.
    pub fn trials(&self) -> Option<u32> {
        self.params().trials()
    }

    /// [`Params::alpha`] of the experiment's parameters.
    pub fn alpha(&self) -> Option<f64> {
        self.params().alpha()
    }

    /// [`Params::unanimity_p`] of the experiment's parameters.
    pub fn unanimity_p(&self) -> Vec<f64> {
        self.params().unanimity_p()
    }
}

/// Reads an artefact's `parameters:` as those of `experiment` (the artefact's `experiment:`, read
/// before them).
#[derive(Debug, Clone, Copy)]
pub struct ParamsSeed(pub ExperimentId);

impl<'de> DeserializeSeed<'de> for ParamsSeed {
    type Value = ExperimentParams;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        ExperimentParams::deserialize_for(self.0, deserializer)
    }
}
