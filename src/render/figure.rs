//! SVG figures drawn with plotters from a figure artefact's [`ResultTable`].
//!
//! [`svg`] draws what the artefact's experiment declares ([`Figure`]): the series figure, a
//! robustness study's holding rates, or the paper's own drawing. A figure's numbers live
//! in its result table like a table's (so the claims check and JSON output see them); the drawing code only
//! lays them out.

use serde::Serialize;

use crate::manifest::{Artefact, ExperimentId};
use crate::papers::Figure;
use crate::results::ResultTable;

/// A horizontal band of a figure's SVG (a panel, or the stand-in note's strip below the panels):
/// its top and bottom edges as shares of the SVG's height, 0 at the top, so that a report can cut the
/// figure's PDF into its panels ([`bands`]) whatever size the converter gives it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub(crate) struct Band {
    pub(crate) top: f64,
    pub(crate) bottom: f64,
}

impl Band {
    /// The bands of `heights` (pixels) stacked from the top of a figure `total` pixels high.
    pub(crate) fn stack(heights: &[u32], total: u32) -> Vec<Band> {
        let total = f64::from(total.max(1));
        let mut top = 0u32;
        heights
            .iter()
            .map(|&h| {
                let band = Band {
                    top: f64::from(top) / total,
                    bottom: f64::from(top.saturating_add(h)) / total,
                };
                top = top.saturating_add(h);
                band
            })
            .collect()
    }
}

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

/// Why a figure could not be drawn.
#[derive(Debug, thiserror::Error)]
pub(crate) enum FigureError {
    #[error("experiment `{0}` has no figure renderer; remove `svg` from the artefact's outputs")]
    NoRenderer(ExperimentId),
    #[error("cannot draw the figure: {0}")]
    Draw(String),
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
