//! Where the headline numbers of paper B's evaluation tables (Tables 3 to 8) sit in a robustness
//! study's grids: a grid of items by measure per table, the measures in the artefact's order, by
//! the names the layout gives its panels or columns.

use crate::manifest::Artefact;
use crate::model::HeadlineGrid;
use crate::papers::lancers::params::{
    EvalInputs, QrelsEvalParams, QrelsOverlapParams, TopicsetEvalParams, TopicsetOverlapParams,
};
use crate::papers::lancers::standin::scores::Measure;

/// The evaluation inputs of a paper-B evaluation artefact's parameters; `None` for any other.
pub(crate) fn eval_inputs(artefact: &Artefact) -> Option<EvalInputs<'_>> {
    let p = &artefact.parameters;
    p.get::<QrelsEvalParams>()
        .map(QrelsEvalParams::inputs)
        .or_else(|| {
            p.get::<QrelsOverlapParams>()
                .map(QrelsOverlapParams::inputs)
        })
        .or_else(|| {
            p.get::<TopicsetEvalParams>()
                .map(TopicsetEvalParams::inputs)
        })
        .or_else(|| {
            p.get::<TopicsetOverlapParams>()
                .map(TopicsetOverlapParams::inputs)
        })
}

/// The measures of the table (`nDCG@10` for `MSnDCG@10`, [`Measure::printed_name`]), in the
/// artefact's `measures:` order.
pub(crate) fn item_by_measure(artefact: &Artefact) -> HeadlineGrid {
    let measures = eval_inputs(artefact).map_or_else(Vec::new, |inputs| {
        // The manifest's loader has refused any measure `Measure::parse` does not read.
        inputs
            .measures
            .iter()
            .filter_map(|m| Measure::parse(m).ok())
            .map(|m| m.printed_name())
            .collect()
    });
    HeadlineGrid {
        measures,
        ..HeadlineGrid::default()
    }
}
