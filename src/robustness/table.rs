//! A study as a [`ResultTable`], the form renderers and the ledger consume.
//!
//! Panel `claims`: a row per simulated claim (its id; label: its statement), columns `held` and
//! `checked` (replicate counts), `rate` (part `value` = held/checked, parts `ci_lo`/`ci_hi` = its
//! Wilson 95% interval) and `shipped` (1 if it held on replicate 0, the shipped draw, else 0).
//! Panel `counts`: a row per printed simulated number (`<table>/<panel>/<row>/<column>/<part>`),
//! columns `mean`, `p05`, `p95` (its replicate band), `printed` and `inside` (1 if the printed value
//! lies in the band, else 0).

use crate::results::{ResultTable, VALUE};

use super::study::Study;

/// The panel of holding rates.
pub const CLAIMS_PANEL: &str = "claims";
/// The panel of printed numbers beside their replicate bands.
pub const COUNTS_PANEL: &str = "counts";

/// `study` as table `id` (module documentation), with a note saying what the replicates are.
pub fn study_table(id: &str, study: &Study) -> ResultTable {
    let mut table = ResultTable::new(id);
    for claim in &study.claims {
        table.add_row(CLAIMS_PANEL, &claim.id, &claim.statement);
        let mut set = |column: &str, part: &str, value: f64| {
            table.set(CLAIMS_PANEL, &claim.id, column, part, value);
        };
        set("held", VALUE, f64::from(claim.held));
        set("checked", VALUE, f64::from(claim.checked));
        set(
            "rate",
            VALUE,
            f64::from(claim.held) / f64::from(claim.checked),
        );
        set("rate", "ci_lo", claim.interval.lo);
        set("rate", "ci_hi", claim.interval.hi);
        set("shipped", VALUE, f64::from(u8::from(claim.shipped)));
    }
    for count in &study.counts {
        let k = &count.key;
        let row = format!("{}/{}/{}/{}/{}", k.table, k.panel, k.row, k.column, k.part);
        table.add_row(COUNTS_PANEL, &row, &row);
        let mut set =
            |column: &str, value: f64| table.set(COUNTS_PANEL, &row, column, VALUE, value);
        set("mean", count.band.mean);
        set("p05", count.band.p05);
        set("p95", count.band.p95);
        set("printed", count.printed);
        set("inside", f64::from(u8::from(count.inside)));
    }
    table.note(format!(
        "Stand-in: {} independent stand-in collections (replicate 0 is the shipped draw); holding \
         rates with Wilson 95% intervals, printed numbers beside the 5th-95th percentile band of \
         their replicates.",
        study.replicates
    ));
    table
}
