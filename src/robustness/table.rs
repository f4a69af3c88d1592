//! A study as a [`ResultTable`], the form renderers and the ledger consume.
//!
//! Claims that stand alone, a panel per range of rates their whole Wilson interval lies in
//! ([`RateBand::id`]: `nearly_always`, `usually`, `more_often_than_not`, `less_often_than_not`,
//! `rarely`, `almost_never`), and [`SPANS_PANEL`] for those whose interval crosses a boundary
//! between two ranges; claims a stand-in knob builds in,
//! whatever their rate, in [`BUILT_IN_PANEL`] (their label says what builds them in, and their word);
//! grouped claims (A.T3's counts, each with its typed cell in its
//! family's grid) in panel [`GROUPED_PANEL`], in the typed grid order (measure, Dmax, N), the
//! verdict following from the interval as for the others. Rows supplied at run time (id: the
//! claim's id; label: its statement): columns `held` and
//! `checked` (replicate counts), `rate` (part `estimate` = held/checked, parts `ci_lo`/`ci_hi` = its
//! Wilson 95% interval) and `shipped` (1 if it held on replicate 0, the shipped draw, else 0).
//! Printed numbers, panel `inside` or `outside` (whether the printed value lies in the replicate
//! band): a row per printed simulated number (id `<table>/<panel>/<row>/<column>/<part>`; label the
//! same with spaces around each `/`), columns
//! `mean`, `p05`, `p95` (its replicate band) and `printed`; these are in the table's JSON, its layout
//! shows only the headline numbers.
//! Headline numbers ([`super::headline`]), a panel per role ([`headline_panel`]): a row per number
//! (id as above; label its words; group its cell in its table's grid: Dmax × N per measure for paper
//! A's, items × measures per table for paper B's, [`GridPlace`]), columns `band`
//! (part `estimate` = the replicate mean, parts `ci_lo`/`ci_hi` = the 5th and 95th percentiles),
//! `printed` (in bold when outside the band) and `inside` (1 if the printed value lies in the
//! band, else 0).
//! The boundaries between the ranges of the rate words, panel [`MARKS_PANEL`] (the figure marks
//! them): a row per boundary ([`RATE_BOUNDARIES`]), its value the boundary.

use std::collections::BTreeMap;

use crate::results::{ResultTable, VALUE};

use super::headline::Headline;
use super::study::{HeadlineBand, HoldingRate, Study};
use crate::model::rate_word::{RATE_BOUNDARIES, RateBand, RateWord};
use crate::model::{CellKey, GridPlace};
pub(crate) use crate::render::figure_robustness::BUILT_IN_PANEL;
use crate::render::figure_robustness::MARKS_PANEL;
use crate::render::grid::claim_grid::HOLDS_WHEN;

/// The claims panel of each range of rates.
pub(crate) fn claims_panel(band: RateBand) -> &'static str {
    band.id()
}

/// The panel of the claims whose Wilson interval crosses a boundary between two ranges of rates.
pub(crate) const SPANS_PANEL: &str = "spans";

/// The panel of the headline numbers of each role.
pub(crate) fn headline_panel(role: Headline) -> &'static str {
    match role {
        Headline::Point => "headline_point",
        Headline::Count => "headline_count",
        Headline::Percentage => "headline_percentage",
        Headline::Discrepancies => "headline_discrepancies",
    }
}

/// The panel of the grouped claims (A.T3's discrepancy count per measure, Dmax and N), whatever
/// their verdict: the renderers show them as one Dmax × N grid per measure.
pub(crate) const GROUPED_PANEL: &str = "grouped_claims";

/// The panel of printed numbers inside their replicate band, and of those outside it.
pub(crate) const INSIDE_PANEL: &str = "inside";
pub(crate) const OUTSIDE_PANEL: &str = "outside";

/// The part of the `rate` column holding the holding rate itself.
pub(crate) const RATE_PART: &str = "estimate";

/// `study` as table `id` (module documentation), with `note` saying what the replicates are; the
/// claims `built_in` names (by id, with the words of what builds them in) go to [`BUILT_IN_PANEL`].
pub(crate) fn study_table(
    id: &str,
    study: &Study,
    note: &str,
    built_in: &BTreeMap<String, String>,
) -> ResultTable {
    let mut table = ResultTable::new(id);
    let mut claims: Vec<&HoldingRate> = study.claims.iter().collect();
    // Claims that stand alone first (in id order), then the grouped ones in grid order.
    claims.sort_by(|a, b| (&a.group, &a.id).cmp(&(&b.group, &b.id)));
    for claim in claims {
        let word = RateWord::of(claim.interval.lo, claim.interval.hi);
        let (panel, label) = match (built_in.get(&claim.id), &claim.group) {
            (Some(how), _) => (
                BUILT_IN_PANEL,
                format!("{} ({how}; {})", claim.statement, word.words()),
            ),
            (None, Some(_)) => (GROUPED_PANEL, claim.statement.clone()),
            (None, None) => (
                word.band().map_or(SPANS_PANEL, claims_panel),
                claim.statement.clone(),
            ),
        };
        let group = match panel {
            GROUPED_PANEL => claim.group.clone().map(GridPlace::from),
            _ => None,
        };
        table.add_grouped_row(panel, &claim.id, &label, group);
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
        let row = key_path(k);
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
    for headline in &study.headlines {
        add_headline(&mut table, headline);
    }
    for boundary in RATE_BOUNDARIES {
        let row = format!("{boundary}");
        table.add_row(MARKS_PANEL, &row, &row);
        table.set(MARKS_PANEL, &row, VALUE, VALUE, boundary);
    }
    table.note(note);
    if study.claims.iter().any(|c| c.group.is_some()) {
        table.note(format!(
            "The discrepancy counts are one claim per measure, Dmax and N, shown as a Dmax × N grid \
             per measure; {HOLDS_WHEN}."
        ));
    }
    table
}

/// The row of `headline` in its role's panel.
fn add_headline(table: &mut ResultTable, headline: &HeadlineBand) {
    let panel = headline_panel(headline.role);
    let count = &headline.count;
    let row = key_path(&count.key);
    table.add_grouped_row(panel, &row, &headline.label, headline.group.clone());
    if !count.inside {
        table.mark_bold(panel, &row, "printed", VALUE);
    }
    let mut set =
        |column: &str, part: &str, value: f64| table.set(panel, &row, column, part, value);
    set("band", RATE_PART, count.band.mean);
    set("band", "ci_lo", count.band.p05);
    set("band", "ci_hi", count.band.p95);
    set("printed", VALUE, count.printed);
    set("inside", VALUE, f64::from(u8::from(count.inside)));
}

/// `<table>/<panel>/<row>/<column>/<part>`, a printed number's row id.
fn key_path(k: &CellKey) -> String {
    format!("{}/{}/{}/{}/{}", k.table, k.panel, k.row, k.column, k.part)
}
