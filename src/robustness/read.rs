//! Reading a study's [`ResultTable`] back ([`super::table`] wrote it): its claims with their holding
//! rates and verdicts, and its printed numbers inside or outside their replicate bands, for the
//! ledger's holding rates and the reports' "How robust are the conclusions?" sections.

use crate::model::{ClaimGroup, GridPlace};
use crate::results::{ResultTable, VALUE};

use super::headline::HEADLINES;
use super::table::{
    BUILT_IN_PANEL, GROUPED_PANEL, INSIDE_PANEL, OUTSIDE_PANEL, RATE_PART, SPANS_PANEL,
    claims_panel, headline_panel,
};
use crate::model::rate_word::{RATE_BANDS, RateWord};

/// One claim of a study table.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub(crate) struct ClaimRate {
    pub(crate) id: String,
    pub(crate) statement: String,
    /// The claim's cell in its family's grid, when it has one.
    pub(crate) group: Option<ClaimGroup>,
    pub(crate) held: u32,
    pub(crate) checked: u32,
    pub(crate) rate: f64,
    pub(crate) lo: f64,
    pub(crate) hi: f64,
    /// The rate in words, from its interval ([`RateWord::of`]).
    pub(crate) word: RateWord,
    /// Whether a stand-in knob builds the claim in (never evidence).
    pub(crate) built_in: bool,
}

/// Every claim of study `table`: those that stand alone by range of rates ([`RATE_BANDS`] order,
/// then those across two ranges, [`SPANS_PANEL`]), those built into the stand-in
/// ([`BUILT_IN_PANEL`]), then the grouped ones ([`GROUPED_PANEL`]), each in the table's row order,
/// its words from its interval.
pub(crate) fn claim_rates(table: &ResultTable) -> Vec<ClaimRate> {
    let mut claims = Vec::new();
    let panels = RATE_BANDS.map(claims_panel).into_iter().chain([
        SPANS_PANEL,
        BUILT_IN_PANEL,
        GROUPED_PANEL,
    ]);
    for panel in panels {
        for row in table.rows_of(panel) {
            let get = |column: &str, part: &str| table.get(panel, &row.id, column, part);
            let (Some(held), Some(checked), Some(rate), Some(lo), Some(hi)) = (
                get("held", VALUE),
                get("checked", VALUE),
                get("rate", RATE_PART),
                get("rate", "ci_lo"),
                get("rate", "ci_hi"),
            ) else {
                continue;
            };
            claims.push(ClaimRate {
                id: row.id.clone(),
                statement: row.label.clone(),
                group: row.group.as_ref().and_then(GridPlace::dmax_by_n).cloned(),
                held: held as u32,
                checked: checked as u32,
                rate,
                lo,
                hi,
                word: RateWord::of(lo, hi),
                built_in: panel == BUILT_IN_PANEL,
            });
        }
    }
    claims
}

/// How many printed numbers of study `table` lie inside their replicate band, and how many outside.
pub(crate) fn band_counts(table: &ResultTable) -> (usize, usize) {
    (
        table.rows_of(INSIDE_PANEL).len(),
        table.rows_of(OUTSIDE_PANEL).len(),
    )
}

/// How many headline numbers of study `table` lie inside their replicate band, and how many in all.
pub(crate) fn headline_counts(table: &ResultTable) -> (usize, usize) {
    let mut inside = 0;
    let mut all = 0;
    for role in HEADLINES {
        let panel = headline_panel(role);
        for row in table.rows_of(panel) {
            all += 1;
            let value = table.get(panel, &row.id, "inside", VALUE);
            inside += usize::from(value == Some(1.0));
        }
    }
    (inside, all)
}

/// The replicates R of study `table` (the `checked` count of its claims; 0 when it has none).
pub(crate) fn replicates(table: &ResultTable) -> u32 {
    claim_rates(table)
        .iter()
        .map(|c| c.checked)
        .max()
        .unwrap_or(0)
}
