//! Statistical Significance Overlap recomputed from the a/b/c counts it is printed with
//! (tests/fixtures/statistics.md §4): `SSO = b / (a + b + c)`, printed in percent with one decimal and
//! round-half-even (56.25 → 56.2).

use serde::Deserialize;

use super::Hint;
use super::context::CheckContext;
use super::error::WiringError;
use super::printed::overlap_groups;
use super::repair::group_repair;
use super::sso_arithmetic::{single_corrections, sso_percent};
use crate::model::CellKey;

/// A `sso` entry of the wiring: an overlap table whose `a`/`b`/`c` cells are printed with an SSO
/// percentage (`sso_pct`) of `decimals` decimals.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SsoSpec {
    pub(crate) table: String,
    pub(crate) decimals: u32,
}

impl SsoSpec {
    /// Checks every `a/b/c (sso%)` group of the table; a failing group names the single-number
    /// corrections that satisfy every check on it (its SSO and the counts it feeds, from the
    /// `pair_counts` entry of the same overlap table).
    pub(crate) fn apply(&self, context: &mut CheckContext<'_>) -> Result<(), WiringError> {
        let cells = context.require_table(&self.table)?;
        let counts_table = context.links.counts_table(&self.table).map(str::to_owned);
        for ((panel, row, column), parts) in overlap_groups(&cells) {
            let (Some(&a), Some(&b), Some(&c), Some(&pct)) = (
                parts.get("a"),
                parts.get("b"),
                parts.get("c"),
                parts.get("sso_pct"),
            ) else {
                continue;
            };
            let abc = [a as u64, b as u64, c as u64];
            let mut result = sso_percent(abc[0], abc[1], abc[2], pct, self.decimals);
            if !result.ok {
                let count = |who: &str| {
                    counts_table
                        .as_deref()
                        .and_then(|t| context.printed.get(t, "main", who, &panel, "count"))
                        .map(|v| v as u64)
                };
                let fixes = single_corrections(
                    abc,
                    pct,
                    self.decimals,
                    count(&row),
                    count(&column),
                    context.limits.correction_limit,
                );
                if !fixes.is_empty() {
                    let list: Vec<String> = fixes
                        .iter()
                        .map(|(part, from, to)| format!("{part} = {to} instead of {from}"))
                        .collect();
                    result.detail.push_str(&format!(
                        "; a single change satisfies every check on this cell: {}",
                        list.join(" or ")
                    ));
                    result.hint = Some(Hint::TypesettingSlip);
                }
                let group = (panel.as_str(), row.as_str(), column.as_str());
                if let Some(repair) = group_repair(context, &self.table, group, &parts) {
                    result = result.with_repair(repair);
                }
            }
            context.push(
                CellKey::new(&self.table, &panel, &row, &column, "sso_pct"),
                result,
            );
        }
        Ok(())
    }
}
