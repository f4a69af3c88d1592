//! Where an artefact's headline numbers sit in the grids a robustness study shows them in, as its
//! experiment declares it: cells placed in a grid by the layout cell that prints them, the measures
//! of a table whose items are laid out by measure, or groups whose numbers are counts of rows.

use super::{ClaimGroup, GridPlace};

/// The grid places of an artefact's headline numbers (module documentation).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct HeadlineGrid {
    /// Layout cells `(panel, row, column)` and the grid cell each number goes to.
    pub(crate) cells: Vec<(String, String, String, GridPlace)>,
    /// The measures, by the names the layout gives its panels or columns, in the artefact's order:
    /// a table of items by measure.
    pub(crate) measures: Vec<String>,
    /// For a table whose rows the experiment finds at run time, the groups it counts rows in, each
    /// with the prefix of its rows' ids.
    pub(crate) row_groups: Vec<(ClaimGroup, String)>,
}
