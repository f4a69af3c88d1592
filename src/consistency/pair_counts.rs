//! Significant-pair counts: an `a/b/c` overlap cell between conditions X (row) and Y (column) says
//! that X has `a + b` significantly different pairs and Y has `b + c` (paper B §4.1.2: "all3
//! obtained 2 + 29 = 31 … 2lancers obtained 29 + 2 = 31"); the counts table deduced from it must
//! print the same numbers.

use crate::model::artefact_words;
use serde::Deserialize;

use super::context::CheckContext;
use super::error::WiringError;
use super::printed::overlap_groups;
use super::repair::group_repair;
use super::{CheckKind, CheckResult};
use crate::model::CellKey;

/// A `pair_counts` entry of the wiring: an overlap table (a/b/c cells, rows and columns naming
/// conditions, panels naming measures) and the counts table it feeds (rows naming conditions,
/// columns naming the overlap table's panels).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PairCountSpec {
    pub(crate) overlap: String,
    pub(crate) counts: String,
}

impl PairCountSpec {
    /// Checks `a + b` against the row condition's count and `b + c` against the column condition's,
    /// recording each result on the count and on the overlap cells it sums.
    pub(crate) fn apply(&self, context: &mut CheckContext<'_>) -> Result<(), WiringError> {
        let cells = context.require_table(&self.overlap)?;
        context.require_table(&self.counts)?;
        for ((panel, row, column), parts) in overlap_groups(&cells) {
            let (Some(&a), Some(&b), Some(&c)) = (parts.get("a"), parts.get("b"), parts.get("c"))
            else {
                continue;
            };
            let group = (panel.as_str(), row.as_str(), column.as_str());
            let repair = group_repair(context, &self.overlap, group, &parts);
            for (who, first, second, label, only_part) in
                [(&row, a, b, "a + b", "a"), (&column, b, c, "b + c", "c")]
            {
                let Some(count) = context
                    .printed
                    .get(&self.counts, "main", who, &panel, "count")
                else {
                    return Err(context.invalid(
                        &self.counts,
                        format!(
                            "{} has no count for `{who}` under `{panel}` (needed by {}/{panel}/{row}/{column})",
                            self.counts, self.overlap
                        ),
                    ));
                };
                let mut result = significant_count(
                    first as u64,
                    second as u64,
                    label,
                    count,
                    &format!("{}, {who}, {panel}", artefact_words(&self.counts)),
                );
                if let (false, Some(repair)) = (result.ok, &repair) {
                    result = result.with_repair(repair.clone());
                }
                // The count's other reading: the pairs the overlap table prints for it.
                let back = CheckResult {
                    detail: format!(
                        "{} ({}, {panel}, {row}, {column})",
                        result.detail,
                        artefact_words(&self.overlap)
                    ),
                    implied: (!result.ok).then_some(first + second),
                    ..result.clone()
                };
                context.push(
                    CellKey::new(&self.counts, "main", who, &panel, "count"),
                    back,
                );
                context.push(
                    CellKey::new(&self.overlap, &panel, &row, &column, only_part),
                    result.clone(),
                );
                context.push(
                    CellKey::new(&self.overlap, &panel, &row, &column, "b"),
                    result,
                );
            }
        }
        Ok(())
    }
}

/// Checks `first + second` (`a + b` or `b + c`, in that order: the pairs significant under one
/// condition) against the count printed for that condition in the counts table (`where_printed`
/// names that cell for the detail).
pub(crate) fn significant_count(
    first: u64,
    second: u64,
    sum_label: &str,
    printed_count: f64,
    where_printed: &str,
) -> CheckResult {
    let total = first + second;
    let ok = total as f64 == printed_count;
    let relation = if ok { "=" } else { "≠" };
    CheckResult::new(
        CheckKind::PairCount,
        ok,
        format!(
            "{sum_label} = {first} + {second} = {total} {relation} {printed_count} printed in {where_printed}"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_must_equal_the_counts_they_feed() {
        // Paper B: Table 4(a) all3 vs 2lancers 2/29/2 and Table 5's all3 nDCG@10 count 31.
        assert!(significant_count(2, 29, "a + b", 31.0, "B.T5").ok);
        // Table 4(b) all3 vs lancer1 6/23/7: b + c = 30, Table 5 prints 26 for lancer1.
        let r = significant_count(23, 7, "b + c", 26.0, "B.T5");
        assert!(!r.ok);
        assert!(r.detail.contains("30 ≠ 26"), "{}", r.detail);
    }
}
