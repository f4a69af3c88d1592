//! A figure's series as a table for the terminal (`show` on a figure): per panel of the figure's
//! layout, one row per point (a run), one column per series, rows in descending order of the first
//! series (the order the figures plot them in: paper B Figures 1 and 2 sort runs by their all3
//! score).

use std::collections::BTreeSet;

use super::escape::escape_terminal;
use super::grid::{Grid, GridPanel, GridRow};
use super::group_breaks::RowBreak;
use crate::manifest::Artefact;
use crate::results::ResultTable;

/// Decimals of a plotted mean in the terminal (the figures' axes resolve about 0.01).
const DECIMALS: usize = 4;

/// The series of `table` laid out per panel of `artefact` (`None` without a layout).
pub(crate) fn series_grid(artefact: &Artefact, table: &ResultTable) -> Option<Grid> {
    let layout = artefact.layout.as_ref()?;
    let panels = layout
        .panels
        .iter()
        .map(|panel| {
            let columns: Vec<&str> = panel.columns.iter().map(|c| c.id.as_str()).collect();
            let value = |row: &str, column: &str| {
                table
                    .cells
                    .iter()
                    .find(|(k, _)| k.panel == panel.id && k.row == row && k.column == column)
                    .map(|(_, v)| *v)
            };
            let points: BTreeSet<&str> = table
                .cells
                .keys()
                .filter(|k| k.panel == panel.id)
                .map(|k| k.row.as_str())
                .collect();
            let mut points: Vec<&str> = points.into_iter().collect();
            if let Some(first) = columns.first() {
                points.sort_by(|a, b| {
                    let (a, b) = (value(a, first), value(b, first));
                    b.partial_cmp(&a).unwrap_or(std::cmp::Ordering::Equal)
                });
            }
            GridPanel {
                label: panel
                    .label
                    .as_ref()
                    .map(|l| l.text().to_string())
                    .unwrap_or_default(),
                stub: layout
                    .stub
                    .as_ref()
                    .map(|l| l.text().to_string())
                    .unwrap_or_default(),
                stub_wide: false,
                stub_fraction: None,
                header: panel
                    .columns
                    .iter()
                    .map(|c| c.label.text().to_string())
                    .collect(),
                rows: points
                    .iter()
                    .map(|row| GridRow {
                        label: escape_terminal(row),
                        cells: columns
                            .iter()
                            .map(|c| {
                                value(row, c).map_or("-".to_string(), |v| format!("{v:.DECIMALS$}"))
                            })
                            .collect(),
                        group: None,
                        break_after: RowBreak::Allowed,
                    })
                    .collect(),
                lead_lines: 0,
                lines: 0,
                breaks: false,
            }
        })
        .collect();
    Some(Grid {
        id: artefact.id.to_string(),
        caption: escape_terminal(artefact.caption.text()),
        stand_in: artefact
            .experiment
            .stand_in(table.real_data)
            .map(|s| s.note().to_string()),
        stand_in_mark: artefact
            .experiment
            .stand_in(table.real_data)
            .map(|s| s.mark().to_string()),
        panels,
        notes: Vec::new(),
        legend: Vec::new(),
        number: artefact.id.to_string(),
        // Printed on a terminal, never typeset as LaTeX.
        tall: false,
    })
}
