//! The printed numbers an artefact compares cell by cell with the stand-in (A.T3's discrepancy
//! count per measure, Dmax and N, [`ClaimGroup`]) as one Dmax × N grid per measure
//! ([`claim_grids`]): a cell shows the printed count, the stand-in's count on its shipped draw (with
//! those whose p-value lies within two Monte Carlo standard errors of alpha) and the mark of that
//! comparison, so every mark sits beside the two values it judges. The ledger keeps one entry per
//! cell; only the report folds them.

use super::Format;
use super::mark::Mark;
use crate::account::{Item, Term};
use crate::ledger::Verdict;
use crate::model::ClaimGroup;
use crate::render::grid::claim_grid::{ClaimGrid, HOLDS_WHEN, claim_grids};

/// The grids of the per-cell comparisons among `items` ([`crate::ledger::Entry::group`]), escaped
/// for `format`, each with the words of its measure; a cell reads `printed / stand-in mark`, the
/// mark that of the comparison on the stand-in's shipped draw.
pub(crate) fn item_grids(items: &[&Item], format: Format) -> Vec<ClaimGridView> {
    let cells = items
        .iter()
        .filter_map(|i| {
            let e = &i.entry;
            let group = e.group.as_ref()?;
            let stand_in = e.stand_in.as_deref().unwrap_or("-");
            let on_the_draw = if e.verdict == Verdict::Holds {
                Term::HeldOnOneDraw
            } else {
                Term::FailedOnOneDraw
            };
            let text = format!(
                "{} / {} {}",
                format.escape(&e.printed),
                format.escape(stand_in),
                Mark(on_the_draw).symbol(format)
            );
            Some((group.clone(), text))
        })
        .collect();
    views(claim_grids(cells), format)
}

/// A measure's grid with its title, escaped for a template.
#[derive(Debug, Clone, serde::Serialize)]
pub(crate) struct ClaimGridView {
    pub(crate) title: String,
    pub(crate) grid: ClaimGrid,
}

/// When a grid cell's claim holds, in words escaped for `format` ([`HOLDS_WHEN`]).
pub(crate) fn rule(format: Format) -> String {
    format.escape(HOLDS_WHEN)
}

/// `grids` with their titles ([`ClaimGroup::grid_title`]) and measures escaped for `format` (the
/// cells are escaped by the caller, which may add markup).
pub(crate) fn views(grids: Vec<ClaimGrid>, format: Format) -> Vec<ClaimGridView> {
    grids
        .into_iter()
        .map(|mut grid| {
            let title = format.escape(&ClaimGroup::grid_title(&grid.measure));
            grid.measure = format.escape(&grid.measure);
            ClaimGridView { title, grid }
        })
        .collect()
}
