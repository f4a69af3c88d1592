//! A study as a [`ResultTable`], the form renderers and the ledger consume.
//!
//! Claims, a panel per typed verdict ([`Robustness`]: `nearly_always`, `coin_flip`, `unsupported`),
//! rows supplied at run time (id: the claim's id; label: its statement): columns `held` and
//! `checked` (replicate counts), `rate` (part `estimate` = held/checked, parts `ci_lo`/`ci_hi` = its
//! Wilson 95% interval) and `shipped` (1 if it held on replicate 0, the shipped draw, else 0).
//! Printed numbers, panel `inside` or `outside` (whether the printed value lies in the replicate
//! band): a row per printed simulated number (id `<table>/<panel>/<row>/<column>/<part>`; label the
//! same with spaces around each `/`), columns
//! `mean`, `p05`, `p95` (its replicate band) and `printed`.

use crate::results::{ResultTable, VALUE};

use super::study::Study;
use super::verdict::{Robustness, robustness};

/// The claims panel of each verdict.
pub fn claims_panel(verdict: Robustness) -> &'static str {
    match verdict {
        Robustness::NearlyAlways => "nearly_always",
        Robustness::CoinFlip => "coin_flip",
        Robustness::Unsupported => "unsupported",
    }
}

/// The panel of printed numbers inside their replicate band, and of those outside it.
pub const INSIDE_PANEL: &str = "inside";
pub const OUTSIDE_PANEL: &str = "outside";

/// The part of the `rate` column holding the holding rate itself.
pub const RATE_PART: &str = "estimate";

/// `study` as table `id` (module documentation), with `note` saying what the replicates are.
pub fn study_table(id: &str, study: &Study, note: &str) -> ResultTable {
    let mut table = ResultTable::new(id);
    for claim in &study.claims {
        let panel = claims_panel(robustness(claim.interval));
        table.add_row(panel, &claim.id, &claim.statement);
        let mut set = |column: &str, part: &str, value: f64| {
            table.set(panel, &claim.id, column, part, value);
        };
        set("held", VALUE, f64::from(claim.held));
        set("checked", VALUE, f64::from(claim.checked));
        set(
            "rate",
            RATE_PART,
            f64::from(claim.held) / f64::from(claim.checked),
        );
        set("rate", "ci_lo", claim.interval.lo);
        set("rate", "ci_hi", claim.interval.hi);
        set("shipped", VALUE, f64::from(u8::from(claim.shipped)));
    }
    for count in &study.counts {
        let k = &count.key;
        let row = format!("{}/{}/{}/{}/{}", k.table, k.panel, k.row, k.column, k.part);
        let panel = if count.inside {
            INSIDE_PANEL
        } else {
            OUTSIDE_PANEL
        };
        // The label spaces the parts out, so a LaTeX column can break it.
        let label = format!(
            "{} / {} / {} / {} / {}",
            k.table, k.panel, k.row, k.column, k.part
        );
        table.add_row(panel, &row, &label);
        let mut set = |column: &str, value: f64| table.set(panel, &row, column, VALUE, value);
        set("mean", count.band.mean);
        set("p05", count.band.p05);
        set("p95", count.band.p95);
        set("printed", count.printed);
    }
    table.note(note);
    table
}
