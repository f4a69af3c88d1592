//! Where the headline numbers of paper A's STC tables sit in a robustness study's grids: one
//! Dmax × N grid per measure, for A.T2's taus (a cell per measure, Dmax and N) and A.T3's
//! discrepancy counts (the rows of each (measure, Dmax, N) group).

use super::compare::stc_setting::stc_inputs;
use super::stc::condition_row_prefix;
use crate::manifest::Artefact;
use crate::model::{ClaimGroup, GridPlace, HeadlineGrid};

/// The typed grid cell of every (measure, Dmax, N) of an STC artefact's parameters, measures outer in
/// the manifest's order, then Dmax, then N.
fn groups(artefact: &Artefact) -> Vec<ClaimGroup> {
    let Some(inputs) = stc_inputs(artefact) else {
        return Vec::new();
    };
    let mut groups = Vec::new();
    for (measure_rank, measure) in (0..).zip(inputs.measures) {
        for &dmax in inputs.dmax {
            for &n in inputs.n {
                groups.push(ClaimGroup {
                    measure_rank,
                    measure: measure.panel().to_string(),
                    dmax,
                    n,
                });
            }
        }
    }
    groups
}

/// A.T2: each tau at layout cell (panel = measure, row `dmax=D`, column `n=N`) in its measure's grid.
pub(crate) fn dmax_by_n_cells(artefact: &Artefact) -> HeadlineGrid {
    HeadlineGrid {
        cells: groups(artefact)
            .into_iter()
            .map(|g| {
                let (row, column) = (format!("dmax={}", g.dmax), format!("n={}", g.n));
                (g.measure.clone(), row, column, GridPlace::DmaxByN(g))
            })
            .collect(),
        ..HeadlineGrid::default()
    }
}

/// A.T3: the rows of each (measure, Dmax, N) group, counted.
pub(crate) fn discrepancy_groups(artefact: &Artefact) -> HeadlineGrid {
    HeadlineGrid {
        row_groups: groups(artefact)
            .into_iter()
            .map(|g| {
                let prefix = condition_row_prefix(g.dmax, g.n);
                (g, prefix)
            })
            .collect(),
        ..HeadlineGrid::default()
    }
}
