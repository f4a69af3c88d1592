//! Terminal tables (comfy-table) for `show` and `check`.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{CellAlignment, ColumnConstraint, ContentArrangement, Table, Width};

use crate::render::grid::Grid;

/// Renders every panel of `grid` as a terminal table, with the caption and notes around them.
pub(crate) fn render_grid(grid: &Grid) -> String {
    let mut out = format!("{}: {}\n", grid.id, grid.caption);
    if let Some(note) = &grid.stand_in {
        out.push_str(&format!("{note}\n"));
    }
    for panel in &grid.panels {
        if !panel.label.is_empty() {
            out.push_str(&format!("\n{}\n", panel.label));
        }
        let mut table = new_table();
        let mut header = vec![panel.stub.clone()];
        header.extend(panel.header.iter().cloned());
        table.set_header(header);
        for row in &panel.rows {
            let mut cells = vec![row.label.clone()];
            cells.extend(row.cells.iter().cloned());
            table.add_row(cells);
        }
        // A column is never narrower than its widest cell (a number, a bold marker) or its longest
        // word (a run name, a header word), so nothing is split inside a word; a header is kept on
        // one line when the table still fits the terminal, else it wraps at spaces.
        let words = |text: &str| text.split_whitespace().map(|w| w.chars().count()).max();
        let stub = panel
            .rows
            .iter()
            .filter_map(|r| words(&r.label))
            .chain(words(&panel.stub))
            .max()
            .unwrap_or(0);
        let cells = |i: usize| {
            panel
                .rows
                .iter()
                .filter_map(|r| r.cells.get(i))
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        };
        let mut widths: Vec<usize> = (0..panel.header.len())
            .map(|i| cells(i).max(words(&panel.header[i]).unwrap_or(0)))
            .collect();
        // The borders (one more than the columns) and each column's padding of one.
        let available = usize::from(table.width().unwrap_or(DEFAULT_WIDTH))
            .saturating_sub(panel.header.len() + 2);
        let mut used = stub + 1 + widths.iter().map(|w| w + 1).sum::<usize>();
        for (i, width) in widths.iter_mut().enumerate() {
            let whole = cells(i).max(panel.header[i].chars().count());
            if used + (whole - *width) <= available {
                used += whole - *width;
                *width = whole;
            }
        }
        for i in 0..=panel.header.len() {
            let width = if i == 0 { stub } else { widths[i - 1] };
            if let Some(column) = table.column_mut(i) {
                column.set_padding((1, 0));
                // The width counts the column's padding too. A number column is exactly as wide as
                // computed above; the row labels take what is left, at least their longest word.
                let width = Width::Fixed(u16::try_from(width + 1).unwrap_or(u16::MAX));
                column.set_constraint(if i == 0 {
                    ColumnConstraint::LowerBoundary(width)
                } else {
                    ColumnConstraint::Absolute(width)
                });
                if i > 0 {
                    column.set_cell_alignment(CellAlignment::Right);
                }
            }
        }
        out.push_str(&table.to_string());
        out.push('\n');
    }
    for line in &grid.legend {
        out.push_str(&format!("{line}\n"));
    }
    for note in &grid.notes {
        out.push_str(&format!("- {note}\n"));
    }
    out
}

/// The width a table may take when stdout is not a terminal (a pipe, a file, a test): `COLUMNS` when
/// it is a number, else 100 columns.
pub(crate) const DEFAULT_WIDTH: u16 = 100;

/// A table in the project's terminal style, as wide as the terminal at most: comfy-table asks the
/// terminal; when there is none, the width is `COLUMNS` or [`DEFAULT_WIDTH`], so that piped output
/// (`| less`, a file) fits an ordinary terminal too.
pub(crate) fn new_table() -> Table {
    let mut table = Table::new();
    table
        .load_preset(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    if table.width().is_none() {
        table.set_width(fallback_width());
    }
    table
}

/// `COLUMNS` when it parses as a width of at least 40 columns, else [`DEFAULT_WIDTH`].
fn fallback_width() -> u16 {
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<u16>().ok())
        .filter(|&w| w >= 40)
        .unwrap_or(DEFAULT_WIDTH)
}
