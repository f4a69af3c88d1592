//! Qualitative claims that compare an experiment's rebuilt result with the printed values: they run
//! in the ledger stage, on the result table and the published file, so that no experiment reads
//! `paper/published` and a changed transcription never forces a rebuild.
//!
//! Claims an experiment can check on its own data alone (a stand-in's fit, the pattern of its own
//! numbers) stay with the experiment ([`crate::results::ResultTable::claims`]).

mod extraction_readings;
mod figure_rank;
mod rank_correlation;
mod significance_discrepancies;
mod stc_setting;

use crate::ledger::TranscriptionNote;
use crate::manifest::Artefact;
use crate::model::ExperimentId;
use crate::published::PublishedFile;
use crate::results::{ClaimCheck, ResultTable};

/// The claims of `artefact` that compare its rebuilt `table` with the `published` file of its paper,
/// in the order the ledger lists them (after the experiment's own claims).
pub fn claims(
    artefact: &Artefact,
    table: &ResultTable,
    published: &PublishedFile,
) -> Vec<ClaimCheck> {
    match artefact.experiment {
        ExperimentId::UnanimityRankCorrelation => {
            rank_correlation::claims(artefact, table, published)
        }
        ExperimentId::UnanimitySignificanceDiscrepancies => {
            significance_discrepancies::claims(artefact, table, published)
        }
        ExperimentId::LancersQrelsMeansFigure | ExperimentId::LancersTopicsetMeansFigure => {
            figure_rank::claims(table, published)
        }
        ExperimentId::UnanimityGainExamples
        | ExperimentId::UnanimityRealRatings
        | ExperimentId::LancersAgreement
        | ExperimentId::LancersLevelCounts
        | ExperimentId::LancersQrelsRankCorrelation
        | ExperimentId::LancersQrelsOverlap
        | ExperimentId::LancersTopicsetRankCorrelation
        | ExperimentId::LancersTopicsetOverlap
        | ExperimentId::UnanimityRobustness
        | ExperimentId::LancersRobustness => Vec::new(),
    }
}

/// The transcription notes of `artefact`: its printed rows whose labels the paper's extractions read
/// differently, with what depends on the reading (a doubt about the transcription, not a claim).
pub fn notes(
    artefact: &Artefact,
    table: &ResultTable,
    published: &PublishedFile,
) -> Vec<TranscriptionNote> {
    match artefact.experiment {
        ExperimentId::UnanimitySignificanceDiscrepancies => {
            significance_discrepancies::notes(artefact, table, published)
        }
        _ => Vec::new(),
    }
}
