//! The numbers as printed in the paper, laid out like the paper's table with a marker per cell.
//!
//! A table whose rows are fixed in the manifest takes them from there; a panel whose rows the
//! experiment finds at run time (`rows: []`, paper A Table 3's discrepancy rows) takes the printed
//! rows in the paper's order, each labelled from its cells' `meta` (`Dmax = 2, N = 5: X vs. Y`), so
//! that the print is shown as the paper lays it out instead of as a list of cells. Columns the paper
//! does not print (the rebuild's Monte Carlo SEs) are left out of the printed layout.

use std::collections::{BTreeMap, BTreeSet};

use super::{CellMark, Format, mark_of, mark_words, marker, marker_text};
use crate::account::Item;
use crate::ledger::cell_name;
use crate::manifest::Artefact;
use crate::model::CellKey;
use crate::published::PublishedCell;
use crate::render::grid::{self, Grid};
use crate::results::ResultTable;

/// The printed cells of an artefact placed on its layout: the table as printed, laid out for one
/// target, and for each panel the account's items of the cells placed at each row and column. The
/// reports mark the grid's cells with them, the page shows them as items.
pub(crate) struct PrintedLayout<'i> {
    pub(crate) grid: Grid,
    /// One per panel of the layout, in its order.
    pub(crate) panels: Vec<PlacedPanel<'i>>,
    /// The keys of the cells placed (the rest are listed apart).
    pub(crate) placed: BTreeSet<CellKey>,
}

/// The items placed on one panel of a [`PrintedLayout`].
pub(crate) struct PlacedPanel<'i> {
    /// Row by row, column by column, the items of the printed cells there.
    pub(crate) items: Vec<Vec<Vec<&'i Item>>>,
    /// The rows come from the print (`rows: []`): the panel keeps only the columns the paper fills.
    pub(crate) rows_from_print: bool,
    /// Whether the paper prints something in each column.
    pub(crate) printed_columns: Vec<bool>,
}

/// Places the printed `cells` of `artefact` on its layout, laid out for `target`, with the items of
/// `by_cell` (by cell name); `None` when nothing is printed or the table cannot be laid out.
pub(crate) fn printed_layout<'i>(
    artefact: &Artefact,
    cells: &[&PublishedCell],
    by_cell: &BTreeMap<&str, &'i Item>,
    target: grid::Target,
) -> Option<PrintedLayout<'i>> {
    let layout = artefact.layout.as_ref().filter(|_| !cells.is_empty())?;
    let as_printed = printed_table(artefact, cells);
    let grid = grid::layout(artefact, &as_printed, target).ok()?;
    let mut placed = BTreeSet::new();
    let mut panels = Vec::new();
    for (panel, grid_panel) in layout.panels.iter().zip(&grid.panels) {
        let rows: Vec<(String, Option<String>)> = if panel.rows.is_empty() {
            let rows = as_printed.rows_of(&panel.id);
            rows.iter().map(|r| (r.id.clone(), None)).collect()
        } else {
            let rows = panel.rows.iter();
            rows.map(|r| (r.id.clone(), r.part.clone())).collect()
        };
        let mut printed_columns = vec![false; panel.columns.len()];
        let mut items = Vec::new();
        for ((row, row_part), _) in rows.iter().zip(&grid_panel.rows) {
            let mut row_items = Vec::new();
            for (i, column) in panel.columns.iter().enumerate() {
                let part = row_part.as_deref().or(column.part.as_deref());
                let here: Vec<&Item> = cells
                    .iter()
                    .filter(|c| c.panel == panel.id && c.row == *row && c.column == column.id)
                    .filter(|c| part.is_none_or(|p| p == c.part))
                    .filter_map(|c| {
                        placed.insert(c.key());
                        by_cell.get(cell_name(&c.key()).as_str()).copied()
                    })
                    .collect();
                printed_columns[i] |= !here.is_empty();
                row_items.push(here);
            }
            items.push(row_items);
        }
        panels.push(PlacedPanel {
            items,
            rows_from_print: panel.rows.is_empty(),
            printed_columns,
        });
    }
    Some(PrintedLayout {
        grid,
        panels,
        placed,
    })
}

/// The printed cells of `artefact` laid out like its table, with markers from the account's items
/// `by_cell` (the paper's terms only: a printed number never carries a stand-in's word); `None`
/// when nothing can be placed. Returns the keys of the cells placed (the rest are listed apart).
pub(super) fn printed_grid(
    artefact: &Artefact,
    cells: &[&PublishedCell],
    by_cell: &BTreeMap<&str, &Item>,
    format: Format,
) -> (Option<Grid>, BTreeSet<CellKey>) {
    let Some(PrintedLayout {
        mut grid,
        panels,
        placed,
    }) = printed_layout(artefact, cells, by_cell, format.target())
    else {
        return (None, BTreeSet::new());
    };
    for (grid_panel, placed_panel) in grid.panels.iter_mut().zip(&panels) {
        let mut marks = Vec::new();
        for (grid_row, row_items) in grid_panel.rows.iter_mut().zip(&placed_panel.items) {
            for (cell, here) in grid_row.cells.iter_mut().zip(row_items) {
                if here.is_empty() {
                    *cell = empty(format);
                } else {
                    cell.push_str(&marker(here, format));
                    marks.extend(mark_of(here));
                }
            }
        }
        hoist_uniform_mark(grid_panel, &marks, format);
        if placed_panel.rows_from_print {
            keep_columns(grid_panel, &placed_panel.printed_columns);
        }
    }
    grid.notes.clear();
    let any = grid.panels.iter().any(|p| !p.rows.is_empty());
    (any.then_some(grid), placed)
}

/// Whether `rebuilt` shows exactly the printed numbers of `cells` (every panel, row label and cell
/// text equal, as laid out for `format`): the report then shows the table once, as printed with
/// its marks, instead of twice.
pub(super) fn rebuilt_is_printed(
    artefact: &Artefact,
    cells: &[&PublishedCell],
    rebuilt: &Grid,
    format: Format,
) -> bool {
    if cells.is_empty() {
        return false;
    }
    let as_printed = printed_table(artefact, cells);
    let Ok(printed) = grid::layout(artefact, &as_printed, format.target()) else {
        return false;
    };
    // A fitted number's mark is not part of the number.
    let mark = format.target().fitted_mark();
    let same_cells = |p: &[String], r: &[String]| {
        p.len() == r.len()
            && p.iter()
                .zip(r)
                .all(|(p, r)| p == r.strip_suffix(mark).unwrap_or(r))
    };
    printed.panels.len() == rebuilt.panels.len()
        && printed.panels.iter().zip(&rebuilt.panels).all(|(p, r)| {
            p.rows.len() == r.rows.len()
                && p.rows.iter().zip(&r.rows).all(|(p, r)| {
                    p.label == r.label && p.group == r.group && same_cells(&p.cells, &r.cells)
                })
        })
}

/// The printed values as a result table: the numbers, their bold, and for a panel whose rows come
/// at run time the printed rows in the paper's order, labelled from their `meta`.
pub(super) fn printed_table(artefact: &Artefact, cells: &[&PublishedCell]) -> ResultTable {
    let mut table = ResultTable::new(&artefact.id);
    let dynamic: BTreeSet<&str> = artefact
        .layout
        .iter()
        .flat_map(|l| &l.panels)
        .filter(|p| p.rows.is_empty())
        .map(|p| p.id.as_str())
        .collect();
    let mut seen: BTreeSet<(&str, &str)> = BTreeSet::new();
    for c in cells {
        table.set(&c.panel, &c.row, &c.column, &c.part, c.value);
        if c.bold == Some(true) {
            table.mark_bold(&c.panel, &c.row, &c.column, &c.part);
        }
        if dynamic.contains(c.panel.as_str()) && seen.insert((&c.panel, &c.row)) {
            table.add_row(&c.panel, &c.row, &crate::ledger::row_words(c));
        }
    }
    table
}

/// When every marked cell of `panel` carries the same mark (`marks`, one per marked cell), says it
/// once in the panel's label instead of in every cell: A.T3's printed cells all carry `S ≠`, and a
/// mark repeated on every number told the reader nothing the label cannot say once.
fn hoist_uniform_mark(panel: &mut grid::GridPanel, marks: &[CellMark], format: Format) {
    let Some(first) = marks.first() else {
        return;
    };
    if marks.len() < 2 || marks.iter().any(|m| m != first) {
        return;
    }
    let suffix = marker_text(first, format);
    for cell in panel.rows.iter_mut().flat_map(|r| r.cells.iter_mut()) {
        if let Some(bare) = cell.strip_suffix(suffix.as_str()) {
            *cell = bare.to_string();
        }
    }
    let words = mark_words(first, format);
    let dash = match format {
        Format::Latex => "---",
        Format::Markdown => "—",
    };
    panel.label = if panel.label.is_empty() {
        format!("Every cell marked {words}")
    } else {
        format!("{} {dash} every cell marked {words}", panel.label)
    };
}

/// The mark of a cell the paper leaves empty.
fn empty(format: Format) -> String {
    match format {
        Format::Latex => "--".to_string(),
        Format::Markdown => "–".to_string(),
    }
}

/// Drops the columns of a panel that no printed cell fills.
fn keep_columns(panel: &mut grid::GridPanel, keep: &[bool]) {
    retain_columns(&mut panel.header, keep);
    for row in &mut panel.rows {
        retain_columns(&mut row.cells, keep);
    }
}

/// Keeps the entries of `cells` whose column `keep` marks (a column beyond `keep` is kept): a
/// panel whose rows come from the print shows only the columns the paper fills.
pub(crate) fn retain_columns<T>(cells: &mut Vec<T>, keep: &[bool]) {
    let mut i = 0;
    cells.retain(|_| {
        i += 1;
        keep.get(i - 1).copied().unwrap_or(true)
    });
}
