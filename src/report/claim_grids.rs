//! The grouped claims of an artefact's claims table (A.T3's discrepancy count per measure, Dmax and
//! N, [`ClaimGroup`]) as one Dmax × N grid per measure ([`claim_grids`]): a cell shows the printed
//! count, the rebuilt count (with those whose p-value lies within two Monte Carlo standard errors of
//! alpha) and the verdict mark. The ledger keeps one entry per claim; only the report folds them.

use super::Format;
use super::mark::Mark;
use crate::ledger::Entry;
use crate::model::ClaimGroup;
use crate::render::claim_grid::{ClaimGrid, HOLDS_WHEN, claim_grids};

/// The grids of the grouped claims among `entries` ([`Entry::group`]), escaped for `format`, each
/// with the words of its measure; a cell reads `printed / rebuilt mark`.
pub(crate) fn entry_grids(entries: &[&Entry], format: Format) -> Vec<ClaimGridView> {
    let cells = entries
        .iter()
        .filter_map(|e| {
            let group = e.group.as_ref()?;
            let rebuilt = e.rebuilt.as_deref().unwrap_or("-");
            let text = format!(
                "{} / {} {}",
                format.escape(&e.printed),
                format.escape(rebuilt),
                Mark::of(e).symbol(format)
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
