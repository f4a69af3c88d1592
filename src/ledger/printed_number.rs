//! How a printed number is named and how precise it is.

use crate::model::CellKey;

/// `panel/row/column/part` with the default panel `main` and part `value` left out.
pub(crate) fn cell_name(key: &CellKey) -> String {
    let mut parts = Vec::new();
    if key.panel != "main" {
        parts.push(key.panel.as_str());
    }
    parts.push(&key.row);
    parts.push(&key.column);
    if key.part != crate::results::VALUE {
        parts.push(&key.part);
    }
    parts.join("/")
}
