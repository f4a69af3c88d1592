//! SVG figures drawn with plotters from a figure artefact's [`ResultTable`].
//!
//! [`svg`] draws what the artefact's experiment declares ([`Figure`]): the series figure, a
//! robustness study's holding rates, or the paper's own drawing. A figure's numbers live
//! in its result table like a table's (so the claims check and JSON output see them); the drawing code only
//! lays them out.

use crate::manifest::Artefact;
use crate::papers::Figure;
use crate::render::figure_parts::{Band, FigureError};
use crate::results::ResultTable;

/// The bands of `artefact`'s figure when it draws its panels one above another (the series figure's
/// panels and the note below them, a paper's own stacked charts), top to bottom; none for a figure
/// of one chart (a robustness study's). The note is the one [`svg`] draws for `table`.
pub(crate) fn bands(artefact: &Artefact, table: &ResultTable) -> Vec<Band> {
    let stand_in = artefact
        .experiment
        .stand_in(table.real_data)
        .map(|s| s.note());
    match crate::papers::experiment(artefact.experiment).figure {
        Some(Figure::Series) => crate::render::figure_means::bands(artefact, table, stand_in),
        Some(Figure::Own(own)) => (own.bands)()
            .into_iter()
            .map(|(top, bottom)| Band { top, bottom })
            .collect(),
        Some(Figure::HoldingRates | Figure::Sensitivity) | None => Vec::new(),
    }
}

/// The SVG document of `artefact`'s figure. A figure that rests on a stand-in carries the stand-in
/// note ([`crate::model::StandIn::note`]) as visible text inside the SVG, so it cannot travel
/// without it.
pub(crate) fn svg(artefact: &Artefact, table: &ResultTable) -> Result<String, FigureError> {
    let stand_in = artefact
        .experiment
        .stand_in(table.real_data)
        .map(|s| s.note());
    match crate::papers::experiment(artefact.experiment).figure {
        Some(Figure::Series) => crate::render::figure_means::svg(artefact, table, stand_in),
        Some(Figure::HoldingRates) => {
            crate::render::figure_robustness::svg(artefact, table, stand_in)
        }
        Some(Figure::Sensitivity) => {
            crate::render::figure_sensitivity::svg(artefact, table, stand_in)
        }
        Some(Figure::Own(own)) => (own.svg)(artefact, table).map_err(FigureError::Draw),
        None => Err(FigureError::NoRenderer(artefact.experiment)),
    }
}
