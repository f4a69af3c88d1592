//! Paper B, "The Effect of Inter-Assessor Disagreement on IR System Evaluation: A Case Study with
//! Lancers and Students" (Sakai, EVIA 2017): its experiments.
//!
//! - [`labels`]: Tables 1 and 2, from the printed confusion matrices and the (stand-in) per-assessor
//!   labels: kappa with intervals, raw agreement, relevance-level counts per qrels version.
//! - [`eval`]: Tables 3–8 and Figures 1–2, evaluating the (stand-in) runs under every qrels version
//!   and topic subset: Kendall's tau with intervals, randomised Tukey HSD and SSO, mean scores.
//! - [`study`]: the manifest of `evia-repro study`, these ten artefacts on a user's collection.

pub(crate) mod collection;
pub(crate) mod collection_files;
pub(crate) mod definitions;
pub(crate) mod eval;
pub(crate) mod figure_rank;
pub(crate) mod headlines;
pub(crate) mod labels;
pub(crate) mod level_counts;
pub(crate) mod params;
pub(crate) mod standin;
pub(crate) mod standin_files;
pub(crate) mod study;
pub(crate) mod study_layout;
pub(crate) mod study_versions;
pub(crate) mod user_collection;

use super::experiment::{Experiment, Figure, PaperCode};
use super::{Context, parameters};
use crate::manifest::experiment::StudyKind;
use crate::manifest::params::{KnobSpaceParams, ReplicatesParams, reader};
use crate::manifest::{Artefact, DataSource, ExperimentId, ExperimentKind};
use crate::model::StandIn;
use crate::papers::lancers::params::{
    AgreementParams, LevelCountsParams, QrelsEvalParams, QrelsOverlapParams, TopicsetEvalParams,
    TopicsetOverlapParams,
};

/// Paper B's code, for the registry.
pub(crate) static PAPER: PaperCode = PaperCode {
    experiments: EXPERIMENTS,
    #[cfg(test)]
    streams: &[
        standin::labels::STREAM,
        standin::runs::STREAM,
        eval::HSD_STREAM,
    ],
};

/// Paper B's experiments, in the paper's order.
pub(crate) static EXPERIMENTS: &[&Experiment] = &[
    &AGREEMENT,
    &LEVEL_COUNTS,
    &QRELS_RANK_CORRELATION,
    &QRELS_OVERLAP,
    &TOPICSET_RANK_CORRELATION,
    &TOPICSET_OVERLAP,
    &QRELS_MEANS_FIGURE,
    &TOPICSET_MEANS_FIGURE,
    &ROBUSTNESS,
    &KNOB_SPACE,
];

/// An experiment of paper B's evaluation (Tables 3–8, Figures 1–2): on the stand-in runs, or on a
/// user's real collection.
const fn evaluation(
    name: &'static str,
    parse: crate::manifest::params::ParamsReader,
) -> ExperimentKind {
    ExperimentKind {
        name,
        data: DataSource::StandIn(StandIn::Whole),
        real_data_mode: true,
        study: None,
        cost: 0,
        parse,
    }
}

/// Whether `experiment` reads a collection's runs (Tables 3–8, Figures 1–2), so that `reproduce
/// --data` warns about runs that miss labelled topics.
pub(crate) fn reads_runs(experiment: ExperimentId) -> bool {
    [
        &QRELS_RANK_CORRELATION,
        &QRELS_OVERLAP,
        &TOPICSET_RANK_CORRELATION,
        &TOPICSET_OVERLAP,
        &QRELS_MEANS_FIGURE,
        &TOPICSET_MEANS_FIGURE,
    ]
    .iter()
    .any(|e| ExperimentId::new(&e.kind) == experiment)
}

/// Table 1: pairwise kappa with CIs and raw agreement from the confusion matrices.
pub(crate) static AGREEMENT: Experiment = Experiment::new(
    ExperimentKind {
        name: "lancers.agreement",
        data: DataSource::StandIn(StandIn::Part),
        real_data_mode: true,
        study: None,
        cost: 0,
        parse: reader::<AgreementParams>(),
    },
    Some(|artefact: &Artefact, context: &Context| {
        labels::agreement(artefact, parameters(artefact)?, context)
    }),
);

/// Table 2: relevance-level counts of each qrels version.
pub(crate) static LEVEL_COUNTS: Experiment = Experiment::new(
    ExperimentKind {
        name: "lancers.level_counts",
        data: DataSource::StandIn(StandIn::Part),
        real_data_mode: true,
        study: None,
        cost: 0,
        parse: reader::<LevelCountsParams>(),
    },
    Some(|artefact: &Artefact, context: &Context| {
        level_counts::level_counts(artefact, parameters(artefact)?, context)
    }),
);

/// Table 3: Kendall's tau between run rankings of every pair of qrels versions.
pub(crate) static QRELS_RANK_CORRELATION: Experiment = Experiment::new(
    evaluation(
        "lancers.qrels_rank_correlation",
        reader::<QrelsEvalParams>(),
    ),
    Some(|artefact: &Artefact, context: &Context| {
        eval::qrels_rank_correlation(artefact, parameters(artefact)?, context)
    }),
)
.with_headlines(headlines::item_by_measure);

/// Tables 4 and 5: statistical significance overlap between qrels versions.
pub(crate) static QRELS_OVERLAP: Experiment = Experiment::new(
    evaluation("lancers.qrels_overlap", reader::<QrelsOverlapParams>()),
    Some(|artefact: &Artefact, context: &Context| {
        eval::qrels_overlap(artefact, parameters(artefact)?, context)
    }),
)
.with_headlines(headlines::item_by_measure);

/// Table 6: Kendall's tau between run rankings of the full, high- and low-agreement topic sets.
pub(crate) static TOPICSET_RANK_CORRELATION: Experiment = Experiment::new(
    evaluation(
        "lancers.topicset_rank_correlation",
        reader::<TopicsetEvalParams>(),
    ),
    Some(|artefact: &Artefact, context: &Context| {
        eval::topicset_rank_correlation(artefact, parameters(artefact)?, context)
    }),
)
.with_headlines(headlines::item_by_measure);

/// Tables 7 and 8: statistical significance overlap between topic sets.
pub(crate) static TOPICSET_OVERLAP: Experiment = Experiment::new(
    evaluation(
        "lancers.topicset_overlap",
        reader::<TopicsetOverlapParams>(),
    ),
    Some(|artefact: &Artefact, context: &Context| {
        eval::topicset_overlap(artefact, parameters(artefact)?, context)
    }),
)
.with_headlines(headlines::item_by_measure);

/// Figure 1: mean scores of the 13 runs under each qrels version.
pub(crate) static QRELS_MEANS_FIGURE: Experiment = Experiment::new(
    evaluation("lancers.qrels_means_figure", reader::<QrelsEvalParams>()),
    Some(|artefact: &Artefact, context: &Context| {
        eval::qrels_means_figure(artefact, parameters(artefact)?, context)
    }),
)
.comparing(|_, table, published| figure_rank::claims(table, published))
.with_headlines(headlines::item_by_measure)
.with_figure(Figure::Series);

/// Figure 2: mean scores of the 13 runs under each topic set.
pub(crate) static TOPICSET_MEANS_FIGURE: Experiment = Experiment::new(
    evaluation(
        "lancers.topicset_means_figure",
        reader::<TopicsetEvalParams>(),
    ),
    Some(|artefact: &Artefact, context: &Context| {
        eval::topicset_means_figure(artefact, parameters(artefact)?, context)
    }),
)
.comparing(|_, table, published| figure_rank::claims(table, published))
.with_headlines(headlines::item_by_measure)
.with_figure(Figure::Series);

/// B.R1: paper B's robustness study, how often each simulated claim holds over R independent
/// stand-in collections, and the replicate band of every printed simulated number.
pub(crate) static ROBUSTNESS: Experiment = Experiment::new(
    ExperimentKind {
        name: "lancers.robustness",
        data: DataSource::StandIn(StandIn::Whole),
        real_data_mode: false,
        study: Some(StudyKind::Replicates),
        cost: 0,
        parse: reader::<ReplicatesParams>(),
    },
    None,
)
.with_figure(Figure::HoldingRates);

/// B.M1: paper B's knob-space study, each simulated claim re-tested across the whole space of
/// plausible knob values of its stand-in (what we do not know about the data).
pub(crate) static KNOB_SPACE: Experiment = Experiment::new(
    ExperimentKind {
        name: "lancers.knob_space",
        data: DataSource::StandIn(StandIn::Whole),
        real_data_mode: false,
        study: Some(StudyKind::KnobSpace),
        cost: 0,
        parse: reader::<KnobSpaceParams>(),
    },
    None,
)
.with_figure(Figure::Sensitivity);
