//! The paper's tables as it prints them, for the reviewer's page: the printed numbers laid out like
//! the reports' printed grids ([`crate::report::printed`]: the manifest's layout, or for a panel
//! whose rows come at run time the printed rows in the paper's order), each cell an item carrying
//! its ledger entries. Printed cells the layout does not place are returned for the entry lists.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::entries::ItemView;
use super::text::unescape_markdown;
use crate::ledger::{Entry, cell_name};
use crate::manifest::Artefact;
use crate::model::CellKey;
use crate::published::PublishedCell;
use crate::render::grid::{self, Target};

/// One panel of a printed table.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PanelView {
    pub label: String,
    pub stub: String,
    pub header: Vec<String>,
    pub rows: Vec<RowView>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct RowView {
    pub label: String,
    /// One per column: an item, or `None` where the paper prints nothing.
    pub cells: Vec<Option<ItemView>>,
}

/// The printed table of `artefact` from its published `cells` and their ledger entries `by_cell`
/// (by cell name), and the keys of the cells placed in it.
pub(crate) fn printed_panels(
    artefact: &Artefact,
    cells: &[&PublishedCell],
    by_cell: &BTreeMap<&str, &Entry>,
) -> (Vec<PanelView>, BTreeSet<CellKey>) {
    let mut placed = BTreeSet::new();
    let Some(layout) = artefact.layout.as_ref().filter(|_| !cells.is_empty()) else {
        return (Vec::new(), placed);
    };
    let as_printed = crate::report::printed::printed_table(artefact, cells);
    // The Markdown grid gives the reports' spelling of labels and numbers (Unicode minus, bold as
    // `**`); the page shows it as plain text.
    let Ok(grid) = grid::layout(artefact, &as_printed, Target::Markdown) else {
        return (Vec::new(), placed);
    };
    let mut panels = Vec::new();
    for (panel, grid_panel) in layout.panels.iter().zip(&grid.panels) {
        let rows: Vec<(String, Option<String>)> = if panel.rows.is_empty() {
            as_printed
                .rows_of(&panel.id)
                .iter()
                .map(|r| (r.id.clone(), None))
                .collect()
        } else {
            panel
                .rows
                .iter()
                .map(|r| (r.id.clone(), r.part.clone()))
                .collect()
        };
        let mut printed_columns = vec![false; panel.columns.len()];
        let mut row_views = Vec::new();
        for ((row, row_part), grid_row) in rows.iter().zip(&grid_panel.rows) {
            let mut items = Vec::new();
            for (i, (column, text)) in panel.columns.iter().zip(&grid_row.cells).enumerate() {
                let part = row_part.as_deref().or(column.part.as_deref());
                let here: Vec<&Entry> = cells
                    .iter()
                    .filter(|c| c.panel == panel.id && c.row == *row && c.column == column.id)
                    .filter(|c| part.is_none_or(|p| p == c.part))
                    .filter_map(|c| {
                        placed.insert(c.key());
                        by_cell.get(cell_name(&c.key()).as_str()).copied()
                    })
                    .collect();
                let (text, bold) = match text.strip_prefix("**").and_then(|t| t.strip_suffix("**"))
                {
                    Some(inner) => (inner, true),
                    None => (text.as_str(), false),
                };
                let item = ItemView::of(&here, unescape_markdown(text), bold);
                printed_columns[i] |= item.is_some();
                items.push(item);
            }
            row_views.push(RowView {
                label: unescape_markdown(&grid_row.label),
                cells: items,
            });
        }
        let mut header: Vec<String> = grid_panel
            .header
            .iter()
            .map(|h| unescape_markdown(h))
            .collect();
        // A panel whose rows come from the print keeps only the columns the paper fills.
        if panel.rows.is_empty() {
            let keep = |i: usize| printed_columns.get(i).copied().unwrap_or(true);
            header = header
                .into_iter()
                .enumerate()
                .filter(|(i, _)| keep(*i))
                .map(|(_, h)| h)
                .collect();
            for row in &mut row_views {
                row.cells = std::mem::take(&mut row.cells)
                    .into_iter()
                    .enumerate()
                    .filter(|(i, _)| keep(*i))
                    .map(|(_, c)| c)
                    .collect();
            }
        }
        if !row_views.is_empty() {
            panels.push(PanelView {
                label: unescape_markdown(&grid_panel.label),
                stub: unescape_markdown(&grid_panel.stub),
                header,
                rows: row_views,
            });
        }
    }
    (panels, placed)
}
