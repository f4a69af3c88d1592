//! The experiments the manifest may name, as one closed enum: an unknown name is a manifest error with
//! line and column (rejected while the YAML is parsed), and every dispatch over experiments is an
//! exhaustive `match`.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer, de};

use super::PaperId;

/// An experiment of either paper, spelled in the manifest as `<paper slug>.<name>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ExperimentId {
    UnanimityGainExamples,
    UnanimityRankCorrelation,
    UnanimitySignificanceDiscrepancies,
    UnanimityRealRatings,
    LancersAgreement,
    LancersLevelCounts,
    LancersQrelsRankCorrelation,
    LancersQrelsOverlap,
    LancersTopicsetRankCorrelation,
    LancersTopicsetOverlap,
    LancersQrelsMeansFigure,
    LancersTopicsetMeansFigure,
    /// Paper A's robustness study (issue 18): its simulated claims over R stand-in replicates.
    UnanimityRobustness,
    /// Paper B's robustness study (issue 18).
    LancersRobustness,
}

impl ExperimentId {
    /// Every experiment, in the papers' order.
    pub const ALL: [ExperimentId; 14] = [
        ExperimentId::UnanimityGainExamples,
        ExperimentId::UnanimityRankCorrelation,
        ExperimentId::UnanimitySignificanceDiscrepancies,
        ExperimentId::UnanimityRealRatings,
        ExperimentId::LancersAgreement,
        ExperimentId::LancersLevelCounts,
        ExperimentId::LancersQrelsRankCorrelation,
        ExperimentId::LancersQrelsOverlap,
        ExperimentId::LancersTopicsetRankCorrelation,
        ExperimentId::LancersTopicsetOverlap,
        ExperimentId::LancersQrelsMeansFigure,
        ExperimentId::LancersTopicsetMeansFigure,
        ExperimentId::UnanimityRobustness,
        ExperimentId::LancersRobustness,
    ];

    /// The manifest's spelling (`lancers.agreement`).
    pub fn as_str(self) -> &'static str {
        match self {
            ExperimentId::UnanimityGainExamples => "unanimity.gain_examples",
            ExperimentId::UnanimityRankCorrelation => "unanimity.rank_correlation",
            ExperimentId::UnanimitySignificanceDiscrepancies => {
                "unanimity.significance_discrepancies"
            }
            ExperimentId::UnanimityRealRatings => "unanimity.real_ratings",
            ExperimentId::LancersAgreement => "lancers.agreement",
            ExperimentId::LancersLevelCounts => "lancers.level_counts",
            ExperimentId::LancersQrelsRankCorrelation => "lancers.qrels_rank_correlation",
            ExperimentId::LancersQrelsOverlap => "lancers.qrels_overlap",
            ExperimentId::LancersTopicsetRankCorrelation => "lancers.topicset_rank_correlation",
            ExperimentId::LancersTopicsetOverlap => "lancers.topicset_overlap",
            ExperimentId::LancersQrelsMeansFigure => "lancers.qrels_means_figure",
            ExperimentId::LancersTopicsetMeansFigure => "lancers.topicset_means_figure",
            ExperimentId::UnanimityRobustness => "unanimity.robustness",
            ExperimentId::LancersRobustness => "lancers.robustness",
        }
    }

    /// Whether the experiment is a robustness study, which runs the experiments of other artefacts
    /// of its paper on independent stand-in replicates (the `robustness` layer, run by the pipeline)
    /// rather than an experiment of one paper module.
    pub fn is_robustness_study(self) -> bool {
        matches!(
            self,
            ExperimentId::UnanimityRobustness | ExperimentId::LancersRobustness
        )
    }

    /// Whether the experiment can run on a user's real collection (`reproduce --data DIR`) instead of
    /// its stand-in: paper A's STC evaluation (A.T2, A.T3) and every paper-B experiment that needs
    /// per-assessor labels or runs. A.T1 (printed ratings), B.T1's pooled matrices aside, and A.X1
    /// (the vendored real ratings) have no stand-in to replace.
    pub fn has_real_data_mode(self) -> bool {
        match self {
            ExperimentId::UnanimityGainExamples
            | ExperimentId::UnanimityRealRatings
            | ExperimentId::UnanimityRobustness
            | ExperimentId::LancersRobustness => false,
            ExperimentId::UnanimityRankCorrelation
            | ExperimentId::UnanimitySignificanceDiscrepancies
            | ExperimentId::LancersAgreement
            | ExperimentId::LancersLevelCounts
            | ExperimentId::LancersQrelsRankCorrelation
            | ExperimentId::LancersQrelsOverlap
            | ExperimentId::LancersTopicsetRankCorrelation
            | ExperimentId::LancersTopicsetOverlap
            | ExperimentId::LancersQrelsMeansFigure
            | ExperimentId::LancersTopicsetMeansFigure => true,
        }
    }

    /// The paper whose artefacts the experiment computes.
    pub fn paper(self) -> PaperId {
        match self {
            ExperimentId::UnanimityGainExamples
            | ExperimentId::UnanimityRankCorrelation
            | ExperimentId::UnanimitySignificanceDiscrepancies
            | ExperimentId::UnanimityRealRatings
            | ExperimentId::UnanimityRobustness => PaperId::A,
            ExperimentId::LancersAgreement
            | ExperimentId::LancersLevelCounts
            | ExperimentId::LancersQrelsRankCorrelation
            | ExperimentId::LancersQrelsOverlap
            | ExperimentId::LancersTopicsetRankCorrelation
            | ExperimentId::LancersTopicsetOverlap
            | ExperimentId::LancersQrelsMeansFigure
            | ExperimentId::LancersTopicsetMeansFigure
            | ExperimentId::LancersRobustness => PaperId::B,
        }
    }
}

impl Serialize for ExperimentId {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ExperimentId {
    /// Parses the manifest's spelling; anything else is an error listing the known experiments. It is
    /// read as an enum variant so that the YAML reader reports the line and column of the name itself.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        const NAMES: &[&str] = &[
            "unanimity.gain_examples",
            "unanimity.rank_correlation",
            "unanimity.significance_discrepancies",
            "unanimity.real_ratings",
            "lancers.agreement",
            "lancers.level_counts",
            "lancers.qrels_rank_correlation",
            "lancers.qrels_overlap",
            "lancers.topicset_rank_correlation",
            "lancers.topicset_overlap",
            "lancers.qrels_means_figure",
            "lancers.topicset_means_figure",
            "unanimity.robustness",
            "lancers.robustness",
        ];
        deserializer.deserialize_enum("ExperimentId", NAMES, IdVisitor)
    }
}

/// Reads the experiment's name as an enum variant (see [`ExperimentId`]'s `Deserialize`).
struct IdVisitor;

impl<'de> de::Visitor<'de> for IdVisitor {
    type Value = ExperimentId;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an experiment name such as `lancers.agreement`")
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<ExperimentId, A::Error> {
        let (id, variant) = data.variant_seed(IdName)?;
        de::VariantAccess::unit_variant(variant)?;
        Ok(id)
    }
}

/// The variant name itself: an unknown name fails here, while the reader still points at it.
struct IdName;

impl<'de> de::DeserializeSeed<'de> for IdName {
    type Value = ExperimentId;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<ExperimentId, D::Error> {
        deserializer.deserialize_identifier(self)
    }
}

impl<'de> de::Visitor<'de> for IdName {
    type Value = ExperimentId;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an experiment name")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<ExperimentId, E> {
        ExperimentId::ALL
            .into_iter()
            .find(|id| id.as_str() == name)
            .ok_or_else(|| {
                let known: Vec<&str> = ExperimentId::ALL.iter().map(|id| id.as_str()).collect();
                E::custom(format!(
                    "unknown experiment `{name}`; expected one of: {}",
                    known.join(", ")
                ))
            })
    }
}

impl fmt::Display for ExperimentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every id round-trips through its manifest spelling, and `ALL` lists each variant once.
    #[test]
    fn serde_spelling_matches_as_str() {
        let mut seen = std::collections::BTreeSet::new();
        for id in ExperimentId::ALL {
            let yaml = serde_yaml::to_string(&id).unwrap();
            assert_eq!(yaml.trim(), id.as_str());
            let back: ExperimentId = serde_yaml::from_str(id.as_str()).unwrap();
            assert_eq!(back, id);
            assert!(seen.insert(id));
        }
        let unknown = serde_yaml::from_str::<ExperimentId>("lancers.nope").unwrap_err();
        assert!(
            unknown
                .to_string()
                .contains("unknown experiment `lancers.nope`")
        );
        for (name, id) in ExperimentId::ALL.iter().map(|id| (id.as_str(), *id)) {
            assert_eq!(serde_yaml::from_str::<ExperimentId>(name).unwrap(), id);
        }
    }
}
