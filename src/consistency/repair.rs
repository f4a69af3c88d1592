//! The single change that repairs a typesetting slip in an `a/b/c (sso%)` overlap group: one of a,
//! b, c replaced so that the group's SSO (`b/(a + b + c)`, paper B §4.1.2) and the counts it feeds
//! (`a + b`, `b + c` in the counts table, paper B §4.1.2 "all3 obtained 2 + 29 = 31") all hold.
//! The SSO check and the pair-count checks of the group name the same repair, so that the findings
//! show the slip once, with every cell it breaks.

use std::collections::BTreeMap;

use super::context::CheckContext;
use super::sso_arithmetic::single_corrections;

/// One number of an overlap group changed: `part` (`a`, `b` or `c`) of `table`'s cell
/// `panel/row/column` printed `from`, and every check on the group holds with `to`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Repair {
    pub(crate) table: String,
    pub(crate) panel: String,
    pub(crate) row: String,
    pub(crate) column: String,
    pub(crate) part: char,
    pub(crate) from: u64,
    pub(crate) to: u64,
}

impl Repair {
    /// Whether the repair changes the printed number `cell` (`panel/row/column/part`) of `table`
    /// itself; the other numbers it repairs are consistent once it is made.
    pub(crate) fn changes(&self, table: &str, cell: &str) -> bool {
        table == self.table
            && cell == format!("{}/{}/{}/{}", self.panel, self.row, self.column, self.part)
    }
}

impl std::fmt::Display for Repair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}, {}, {} vs {}: {} = {} instead of {}",
            crate::model::artefact_words(&self.table),
            self.panel,
            self.row,
            self.column,
            self.part,
            self.to,
            self.from
        )
    }
}

/// The repair of the overlap group `(panel, row, column)` of `table` (its printed `parts`), when
/// exactly one single-number change makes its SSO and the counts it feeds hold; `None` when the
/// group has no SSO or counts to check, no such change, or several (then no one change is named).
pub(crate) fn group_repair(
    context: &CheckContext<'_>,
    table: &str,
    (panel, row, column): (&str, &str, &str),
    parts: &BTreeMap<String, f64>,
) -> Option<Repair> {
    let (a, b, c) = (parts.get("a")?, parts.get("b")?, parts.get("c")?);
    let pct = parts.get("sso_pct")?;
    let decimals = context.links.sso_decimals(table)?;
    let counts_table = context.links.counts_table(table);
    let count = |who: &str| {
        counts_table
            .and_then(|t| context.printed.get(t, "main", who, panel, "count"))
            .map(|v| v as u64)
    };
    let fixes = single_corrections(
        [*a as u64, *b as u64, *c as u64],
        *pct,
        decimals,
        count(row),
        count(column),
        context.limits.correction_limit,
    );
    match fixes.as_slice() {
        [(part, from, to)] => Some(Repair {
            table: table.to_string(),
            panel: panel.to_string(),
            row: row.to_string(),
            column: column.to_string(),
            part: *part,
            from: *from,
            to: *to,
        }),
        _ => None,
    }
}
