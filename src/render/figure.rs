//! SVG figures drawn with plotters from a figure artefact's [`ResultTable`].
//!
//! [`svg`] dispatches on the artefact's experiment to the function that draws it. A figure's numbers live
//! in its result table like a table's (so the claims check and JSON output see them); the drawing code only
//! lays them out.

use crate::manifest::Artefact;
use crate::model::ExperimentId;
use crate::render::stand_in::StandIn;
use crate::results::ResultTable;

/// Why a figure could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum FigureError {
    #[error("experiment `{0}` has no figure renderer; remove `svg` from the artefact's outputs")]
    NoRenderer(ExperimentId),
    #[error("cannot draw the figure: {0}")]
    Draw(String),
}

/// The SVG document of `artefact`'s figure. A figure that rests on a stand-in carries the stand-in
/// note ([`StandIn::note`]) as visible text inside the SVG, so it cannot travel without it.
pub fn svg(artefact: &Artefact, table: &ResultTable) -> Result<String, FigureError> {
    let stand_in = StandIn::of(artefact.experiment, table.real_data).map(StandIn::note);
    match artefact.experiment {
        ExperimentId::LancersQrelsMeansFigure | ExperimentId::LancersTopicsetMeansFigure => {
            crate::render::figure_means::svg(artefact, table, stand_in)
        }
        ExperimentId::UnanimityRealRatings => {
            crate::render::figure_unanimity_real::svg(artefact, table)
        }
        ExperimentId::UnanimityRobustness | ExperimentId::LancersRobustness => {
            crate::render::figure_robustness::svg(artefact, table, stand_in)
        }
        ExperimentId::UnanimityGainExamples
        | ExperimentId::UnanimityRankCorrelation
        | ExperimentId::UnanimitySignificanceDiscrepancies
        | ExperimentId::LancersAgreement
        | ExperimentId::LancersLevelCounts
        | ExperimentId::LancersQrelsRankCorrelation
        | ExperimentId::LancersQrelsOverlap
        | ExperimentId::LancersTopicsetRankCorrelation
        | ExperimentId::LancersTopicsetOverlap => Err(FigureError::NoRenderer(artefact.experiment)),
    }
}
