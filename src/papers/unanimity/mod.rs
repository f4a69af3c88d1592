//! Paper A, "Unanimity-Aware Gain for Highly Subjective Assessments" (Sakai, EVIA 2017): its
//! experiments, one file each.
//!
//! - [`gain_examples`]: Table 1, RawG, D, WG and UG of the printed example items (Eqs. 1–3).
//! - [`stc`]: Tables 2 and 3 on the seeded NTCIR-12 STC stand-in (or a user's real collection):
//!   Kendall's tau between RawG- and UG-based rankings, and the team-best run pairs whose significance
//!   differs.
//! - [`real_ratings`]: A.X1, beyond the paper, the same quantities on the real NTCIR-12 STC Japanese
//!   ratings shipped in `data/external/`.

pub(crate) mod collection;
pub(crate) mod compare;
pub(crate) mod gain_examples;
pub(crate) mod headlines;
pub(crate) mod label_files;
pub(crate) mod params;
pub(crate) mod real_ratings;
pub(crate) mod real_ratings_figure;
pub(crate) mod standin;
pub(crate) mod stc;
pub(crate) mod stc_files;
pub(crate) mod stc_measure;

use super::experiment::{Experiment, Figure, OwnFigure, PaperCode};
use super::{Context, parameters};
use crate::manifest::experiment::StudyKind;
use crate::manifest::params::{KnobSpaceParams, ReplicatesParams, reader};
use crate::manifest::{Artefact, DataSource, ExperimentKind};
use crate::model::StandIn;
use crate::papers::unanimity::params::{
    GainExamplesParams, RealRatingsParams, StcParams, StcSignificanceParams,
};

/// Paper A's code, for the registry.
pub(crate) static PAPER: PaperCode = PaperCode {
    experiments: EXPERIMENTS,
    #[cfg(test)]
    streams: &[stc::STREAM],
};

/// Paper A's experiments, in the paper's order.
pub(crate) static EXPERIMENTS: &[&Experiment] = &[
    &GAIN_EXAMPLES,
    &RANK_CORRELATION,
    &SIGNIFICANCE_DISCREPANCIES,
    &REAL_RATINGS,
    &ROBUSTNESS,
    &KNOB_SPACE,
];

/// Table 1: RawG, D, WG and UG of the printed example items.
pub(crate) static GAIN_EXAMPLES: Experiment = Experiment::new(
    ExperimentKind {
        name: "unanimity.gain_examples",
        data: DataSource::Printed,
        real_data_mode: false,
        study: None,
        cost: 0,
        parse: reader::<GainExamplesParams>(),
    },
    Some(|artefact: &Artefact, context: &Context| {
        gain_examples::gain_examples(artefact, parameters(artefact)?, context)
    }),
);

/// Table 2: Kendall's tau between RawG- and UG-based run rankings on the STC stand-in.
pub(crate) static RANK_CORRELATION: Experiment = Experiment::new(
    ExperimentKind {
        name: "unanimity.rank_correlation",
        data: DataSource::StandIn(StandIn::Whole),
        real_data_mode: true,
        study: None,
        // The STC stand-in and its RawG/UG scores of every condition.
        cost: 1,
        parse: reader::<StcParams>(),
    },
    Some(|artefact: &Artefact, context: &Context| {
        stc::rank_correlation(artefact, parameters::<StcParams>(artefact)?, context)
    }),
)
.comparing(compare::rank_correlation::claims)
.with_headlines(headlines::dmax_by_n_cells);

/// Table 3: team-best run pairs whose significance differs between RawG and UG.
pub(crate) static SIGNIFICANCE_DISCREPANCIES: Experiment = Experiment::new(
    ExperimentKind {
        name: "unanimity.significance_discrepancies",
        data: DataSource::StandIn(StandIn::Whole),
        real_data_mode: true,
        study: None,
        // 45 randomised Tukey HSD tests under two gains.
        cost: 2,
        parse: reader::<StcSignificanceParams>(),
    },
    Some(|artefact: &Artefact, context: &Context| {
        stc::significance_discrepancies(
            artefact,
            parameters::<StcSignificanceParams>(artefact)?,
            context,
        )
    }),
)
.comparing(compare::significance_discrepancies::claims)
.with_notes(compare::significance_discrepancies::notes)
.with_headlines(headlines::discrepancy_groups);

/// A.X1, beyond the paper: D_i, UG - RawG, unanimity, order flips and ideal-list changes on the
/// real NTCIR-12 STC Japanese ratings vs the paper's simulation.
pub(crate) static REAL_RATINGS: Experiment = Experiment::new(
    ExperimentKind {
        name: "unanimity.real_ratings",
        data: DataSource::ShippedRealData,
        real_data_mode: false,
        study: None,
        // Unanimity statistics of every pooled rating on the real ratings.
        cost: 1,
        parse: reader::<RealRatingsParams>(),
    },
    Some(|artefact: &Artefact, context: &Context| {
        real_ratings::real_ratings(artefact, parameters(artefact)?, context)
    }),
)
.with_figure(Figure::Own(OwnFigure {
    svg: real_ratings_figure::svg,
    bands: real_ratings_figure::bands,
}));

/// A.R1: paper A's robustness study, how often each simulated claim holds over R independent
/// stand-in collections, and the replicate band of every printed simulated number.
pub(crate) static ROBUSTNESS: Experiment = Experiment::new(
    ExperimentKind {
        name: "unanimity.robustness",
        data: DataSource::StandIn(StandIn::Whole),
        real_data_mode: false,
        study: Some(StudyKind::Replicates),
        cost: 0,
        parse: reader::<ReplicatesParams>(),
    },
    None,
)
.with_figure(Figure::HoldingRates);

/// A.M1: paper A's knob-space study, each simulated claim re-tested across the whole space of
/// plausible knob values of its stand-in (what we do not know about the data).
pub(crate) static KNOB_SPACE: Experiment = Experiment::new(
    ExperimentKind {
        name: "unanimity.knob_space",
        data: DataSource::StandIn(StandIn::Whole),
        real_data_mode: false,
        study: Some(StudyKind::KnobSpace),
        cost: 0,
        parse: reader::<KnobSpaceParams>(),
    },
    None,
)
.with_figure(Figure::Sensitivity);
