//! The address of one printed or rebuilt number: `table/panel/row/column/part`.

use std::fmt;

use serde::Serialize;

/// The address of one number in a table: `table/panel/row/column/part`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub(crate) struct CellKey {
    pub(crate) table: String,
    pub(crate) panel: String,
    pub(crate) row: String,
    pub(crate) column: String,
    pub(crate) part: String,
}

impl CellKey {
    pub(crate) fn new(table: &str, panel: &str, row: &str, column: &str, part: &str) -> Self {
        CellKey {
            table: table.to_string(),
            panel: panel.to_string(),
            row: row.to_string(),
            column: column.to_string(),
            part: part.to_string(),
        }
    }
}

impl fmt::Display for CellKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/{}/{}/{}/{}",
            self.table, self.panel, self.row, self.column, self.part
        )
    }
}

/// The part name of a cell that holds a single number.
pub(crate) const VALUE: &str = "value";
