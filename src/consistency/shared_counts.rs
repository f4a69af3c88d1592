//! A count printed in two tables: paper B prints the all-topic all3 significant-pair counts both in
//! Table 5 (row `all3`) and in Table 8 (row `all3-50`); the two must be equal.

use crate::model::artefact_words;
use serde::Deserialize;

use super::context::CheckContext;
use super::error::WiringError;
use super::{CheckKind, CheckResult};
use crate::model::CellKey;

/// A `shared_counts` entry of the wiring: one row of two tables that print the same counts.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SharedCountSpec {
    pub(crate) first: TableRow,
    pub(crate) second: TableRow,
}

/// One row of one table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TableRow {
    pub(crate) table: String,
    pub(crate) row: String,
}

impl SharedCountSpec {
    /// Compares every cell of the first row with the cell of the same panel, column and part of the
    /// second row, recording the result on both.
    pub(crate) fn apply(&self, context: &mut CheckContext<'_>) -> Result<(), WiringError> {
        let first = context.require_table(&self.first.table)?;
        context.require_table(&self.second.table)?;
        for cell in first.iter().filter(|c| c.row == self.first.row) {
            let other = CellKey::new(
                &self.second.table,
                &cell.panel,
                &self.second.row,
                &cell.column,
                &cell.part,
            );
            let Some(value) = context.printed.cell(&other).map(|c| c.value) else {
                continue;
            };
            let result = shared_count(
                cell.value,
                &format!(
                    "{}, {}, {}",
                    artefact_words(&cell.table),
                    cell.row,
                    cell.column
                ),
                value,
                &format!(
                    "{}, {}, {}",
                    artefact_words(&self.second.table),
                    self.second.row,
                    cell.column
                ),
            );
            context.push(cell.key(), result.clone());
            context.push(other, result);
        }
        Ok(())
    }
}

/// Checks that the same count printed in two tables is equal.
pub(crate) fn shared_count(
    first: f64,
    first_at: &str,
    second: f64,
    second_at: &str,
) -> CheckResult {
    let ok = first == second;
    let relation = if ok { "=" } else { "≠" };
    CheckResult::new(
        CheckKind::SharedCount,
        ok,
        format!("{first} ({first_at}) {relation} {second} ({second_at})"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_counts_must_agree() {
        // Paper B: Table 5 and Table 8 both print all3's nDCG@10 count 31.
        assert!(shared_count(31.0, "B.T5", 31.0, "B.T8").ok);
        assert!(!shared_count(31.0, "B.T5", 30.0, "B.T8").ok);
    }
}
