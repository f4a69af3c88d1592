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

/// A table in the project's terminal style.
pub fn new_table() -> Table {
    let mut table = Table::new();
    table
        .load_preset(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    table
}
