//! Whether a rebuilt artefact rests on a seeded stand-in collection, and the note that travels with
//! it: in the caption of its Markdown and LaTeX table, inside its SVG figure, and in its report block,
//! so that no simulated table or figure can be copied out of the build directory without saying so.

use super::ExperimentId;

/// How much of an artefact comes from the stand-in collection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StandIn {
    /// Every number (paper A's STC tables, paper B's evaluation tables and figures).
    Whole,
    /// The numbers the printed inputs do not determine (B.T1's per-topic statistics, B.T2's all3
    /// levels); the rest is recomputed from the paper's printed confusion matrices.
    Part,
}

impl StandIn {
    /// Whether an artefact of `experiment` rests on a stand-in: never when it ran on a user's real
    /// collection (`real_data`, `reproduce --data`), never for the experiments that read only printed
    /// or real inputs (A.T1's ratings, A.X1's real labels).
    pub fn of(experiment: ExperimentId, real_data: bool) -> Option<StandIn> {
        if real_data {
            return None;
        }
        match experiment {
            ExperimentId::UnanimityGainExamples | ExperimentId::UnanimityRealRatings => None,
            ExperimentId::LancersAgreement | ExperimentId::LancersLevelCounts => {
                Some(StandIn::Part)
            }
            ExperimentId::UnanimityRankCorrelation
            | ExperimentId::UnanimitySignificanceDiscrepancies
            | ExperimentId::LancersQrelsRankCorrelation
            | ExperimentId::LancersQrelsOverlap
            | ExperimentId::LancersTopicsetRankCorrelation
            | ExperimentId::LancersTopicsetOverlap
            | ExperimentId::LancersQrelsMeansFigure
            | ExperimentId::LancersTopicsetMeansFigure
            | ExperimentId::UnanimityRobustness
            | ExperimentId::LancersRobustness => Some(StandIn::Whole),
        }
    }

    /// The short mark repeated on every page a long table continues onto, where the caption with
    /// the full [`StandIn::note`] is not in sight.
    pub fn mark(self) -> &'static str {
        match self {
            StandIn::Whole => "STAND-IN, not the paper's data",
            StandIn::Part => "PARTLY A STAND-IN",
        }
    }

    /// The visible note, plain text (escaped by the caller for its format).
    pub fn note(self) -> &'static str {
        match self {
            StandIn::Whole => {
                "STAND-IN: computed on a seeded stand-in collection with placeholder run names, not on the paper's data; compare with the paper only qualitatively."
            }
            StandIn::Part => {
                "PARTLY A STAND-IN: the numbers the paper's printed inputs do not determine (class simulated) come from a seeded stand-in collection, not from the paper's data."
            }
        }
    }
}

/// What an artefact of `experiment` is computed from, by provenance class, for `list` and `show`:
/// `simulated (stand-in)`, `exact + simulated (partly a stand-in)`, `exact (printed inputs)` or
/// `real-data (vendored real ratings)`. A run on a user's collection (`--data`) is `real-data`.
pub fn data_class(experiment: ExperimentId, real_data: bool) -> &'static str {
    if real_data {
        return "real-data (your collection)";
    }
    match (StandIn::of(experiment, false), experiment) {
        (Some(StandIn::Whole), _) => "simulated (stand-in)",
        (Some(StandIn::Part), _) => "exact + simulated (partly a stand-in)",
        (None, ExperimentId::UnanimityRealRatings) => "real-data (vendored real ratings)",
        (None, _) => "exact (printed inputs)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_data_and_printed_inputs_are_never_stand_ins() {
        assert_eq!(
            StandIn::of(ExperimentId::UnanimitySignificanceDiscrepancies, true),
            None
        );
        assert_eq!(
            StandIn::of(ExperimentId::UnanimityGainExamples, false),
            None
        );
        assert_eq!(StandIn::of(ExperimentId::UnanimityRealRatings, false), None);
        assert_eq!(
            StandIn::of(ExperimentId::LancersQrelsMeansFigure, false),
            Some(StandIn::Whole)
        );
        assert_eq!(
            StandIn::of(ExperimentId::LancersAgreement, false),
            Some(StandIn::Part)
        );
    }
}
