//! Bold marks and significance: paper A Table 3 prints in bold the p-values below alpha, and each of
//! its rows is a discrepancy, significant under exactly one of the two gains (paper A §5).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::context::CheckContext;
use super::error::WiringError;
use super::{CheckKind, CheckResult};
use crate::published::PublishedCell;

/// A `bold` entry of the wiring: a table of discrepancy rows whose p-values (part `p`) are bold below
/// `alpha`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BoldSpec {
    pub(crate) table: String,
    pub(crate) alpha: f64,
}

impl BoldSpec {
    /// Checks each p-value's bold mark, and each (panel, row)'s count of p-values below alpha.
    pub(crate) fn apply(&self, context: &mut CheckContext<'_>) -> Result<(), WiringError> {
        let cells = context.require_table(&self.table)?;
        let mut rows: BTreeMap<(&str, &str), Vec<&PublishedCell>> = BTreeMap::new();
        for cell in cells.iter().filter(|c| c.part == "p") {
            rows.entry((&cell.panel, &cell.row)).or_default().push(cell);
        }
        for ps in rows.values() {
            let values: Vec<f64> = ps.iter().map(|c| c.value).collect();
            let one = exactly_one_below(&values, self.alpha);
            for cell in ps {
                if let Some(b) = cell.bold {
                    context.push(cell.key(), bold_agrees(cell.value, b, self.alpha));
                }
                context.push(cell.key(), one.clone());
            }
        }
        Ok(())
    }
}

/// Checks that a p-value is bold exactly when p < alpha.
pub(crate) fn bold_agrees(p: f64, bold: bool, alpha: f64) -> CheckResult {
    let significant = p < alpha;
    let ok = significant == bold;
    let shown = if bold { "bold" } else { "not bold" };
    let relation = if significant { "<" } else { "≥" };
    CheckResult::new(
        CheckKind::Bold,
        ok,
        format!("p = {p} {relation} α = {alpha} and the value is {shown}"),
    )
}

/// Checks that exactly one of a discrepancy row's p-values is below alpha.
pub(crate) fn exactly_one_below(p_values: &[f64], alpha: f64) -> CheckResult {
    let below = p_values.iter().filter(|&&p| p < alpha).count();
    let list: Vec<String> = p_values.iter().map(f64::to_string).collect();
    CheckResult::new(
        CheckKind::OneSignificant,
        below == 1,
        format!(
            "{below} of the p-values {} are below α = {alpha} (a discrepancy needs exactly one)",
            list.join(", ")
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bold_follows_alpha() {
        // Paper A Table 3 row 1: .064 plain, .034 bold.
        assert!(bold_agrees(0.064, false, 0.05).ok);
        assert!(bold_agrees(0.034, true, 0.05).ok);
        assert!(!bold_agrees(0.064, true, 0.05).ok);
        assert!(!bold_agrees(0.034, false, 0.05).ok);
    }

    #[test]
    fn a_discrepancy_has_one_significant_p() {
        assert!(exactly_one_below(&[0.064, 0.034], 0.05).ok);
        assert!(!exactly_one_below(&[0.04, 0.03], 0.05).ok);
        assert!(!exactly_one_below(&[0.06, 0.07], 0.05).ok);
    }
}
