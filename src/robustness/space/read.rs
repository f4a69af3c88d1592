//! Reading a knob-space study's [`ResultTable`] back ([`super::table`] wrote it): each claim's class
//! with its knobs, its rate over the space and its declaration checked, for the ledger, the account
//! and the figure.

use crate::model::{Declaration, SPACE_CLASSES, SpaceClass, VALUE};
use crate::results::ResultTable;

use super::table::{
    DECLARED_PANEL, ESTIMATE, INDICES_PANEL, KNOBS_PANEL, SPACE_PANEL, class_panel,
};

/// One claim of a knob-space study's table.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ClaimAcross {
    pub(crate) id: String,
    /// Its statement with its class's words (the row's label).
    pub(crate) label: String,
    pub(crate) class: SpaceClass,
    /// The knobs its class names, largest index first.
    pub(crate) knobs: Vec<String>,
    pub(crate) held: u32,
    pub(crate) checked: u32,
    pub(crate) rate: f64,
    pub(crate) lo: f64,
    pub(crate) hi: f64,
    pub(crate) declaration: Declaration,
    /// The knobs that decide it though no declaration of it names them.
    pub(crate) undeclared: Vec<String>,
}

/// The ranged knobs' names, in the study's order.
pub(crate) fn knob_names(table: &ResultTable) -> Vec<String> {
    table
        .rows_of(KNOBS_PANEL)
        .iter()
        .map(|r| r.id.clone())
        .collect()
}

/// The ranged knobs' names with their ranges in words (`0.1 to 0.55`, `×0.75 to ×1.5`).
pub(crate) fn knobs(table: &ResultTable) -> Vec<(String, String)> {
    table
        .rows_of(KNOBS_PANEL)
        .iter()
        .map(|r| {
            let get = |c: &str| table.get(KNOBS_PANEL, &r.id, c, VALUE).unwrap_or(f64::NAN);
            let range = if get("scale") == 1.0 {
                format!("×{} to ×{}", get("lo"), get("hi"))
            } else {
                format!("{} to {}", get("lo"), get("hi"))
            };
            let name = r.id.strip_suffix(" ×").unwrap_or(&r.id).to_string();
            (name, range)
        })
        .collect()
}

/// How many knobs of the knob files are kept fixed.
pub(crate) fn fixed_knobs(table: &ResultTable) -> usize {
    table
        .get(SPACE_PANEL, "knobs", "fixed", VALUE)
        .map_or(0, |n| n as usize)
}

/// Every claim of study `table`, class by class (decided, depends, robust), each in the table's row
/// order.
pub(crate) fn claims(table: &ResultTable) -> Vec<ClaimAcross> {
    let names = knob_names(table);
    let mut out = Vec::new();
    for class in SPACE_CLASSES.iter().rev().copied() {
        let panel = class_panel(class);
        for row in table.rows_of(panel) {
            let get = |part: &str| table.get(panel, &row.id, "rate", part);
            let (Some(rate), Some(lo), Some(hi), Some(held), Some(checked)) = (
                get(ESTIMATE),
                get("ci_lo"),
                get("ci_hi"),
                get("held"),
                get("checked"),
            ) else {
                continue;
            };
            let level = |name: &str| {
                table
                    .get(INDICES_PANEL, &row.id, name, "class")
                    .unwrap_or(0.0)
            };
            let needed = if class == SpaceClass::DecidedBy {
                2.0
            } else {
                1.0
            };
            let mut knobs: Vec<(f64, usize, String)> = names
                .iter()
                .enumerate()
                .filter(|(_, n)| class != SpaceClass::Robust && level(n) >= needed)
                .map(|(k, n)| {
                    let index = table.get(INDICES_PANEL, &row.id, n, VALUE).unwrap_or(0.0);
                    (index, k, n.clone())
                })
                .collect();
            knobs.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
            let declaration = table
                .get(DECLARED_PANEL, &row.id, "declaration", VALUE)
                .and_then(|p| Declaration::ALL.get(p as usize).copied())
                .unwrap_or(Declaration::Undeclared);
            out.push(ClaimAcross {
                id: row.id.clone(),
                label: row.label.clone(),
                class,
                knobs: knobs.into_iter().map(|(_, _, n)| n).collect(),
                held: held as u32,
                checked: checked as u32,
                rate,
                lo,
                hi,
                declaration,
                undeclared: names
                    .iter()
                    .filter(|n| table.get(DECLARED_PANEL, &row.id, n, VALUE) == Some(1.0))
                    .cloned()
                    .collect(),
            });
        }
    }
    out
}

/// The design points N of study `table` (the largest `checked` of its claims; 0 when it has none).
pub(crate) fn design_points(table: &ResultTable) -> u32 {
    claims(table).iter().map(|c| c.checked).max().unwrap_or(0)
}
