//! Terminal tables (comfy-table) for `show` and `check`.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{CellAlignment, ContentArrangement, Table};

use crate::render::grid::Grid;

/// Renders every panel of `grid` as a terminal table, with the caption and notes around them.
pub fn render_grid(grid: &Grid) -> String {
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
        for i in 1..=panel.header.len() {
            if let Some(column) = table.column_mut(i) {
                column.set_cell_alignment(CellAlignment::Right);
            }
        }
        out.push_str(&table.to_string());
        out.push('\n');
    }
    for note in &grid.notes {
        out.push_str(&format!("- {note}\n"));
    }
    out
}

/// The width a table may take when stdout is not a terminal (a pipe, a file, a test): `COLUMNS` when
/// it is a number, else 100 columns.
pub const DEFAULT_WIDTH: u16 = 100;

/// A table in the project's terminal style, as wide as the terminal at most: comfy-table asks the
/// terminal; when there is none, the width is `COLUMNS` or [`DEFAULT_WIDTH`], so that piped output
/// (`| less`, a file) fits an ordinary terminal too.
pub fn new_table() -> Table {
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
