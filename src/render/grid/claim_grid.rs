//! A family of grouped claims ([`ClaimGroup`]: paper A's Table 3 discrepancy counts, one claim per
//! measure, Dmax and N, §5 and Table 3) laid out as one small Dmax × N grid per measure, rows Dmax
//! and columns N, so that a reader sees the pattern instead of one row per claim. What a cell shows
//! is the caller's: printed and rebuilt count with the verdict mark (the reports' claims tables), or
//! the holding rate over replicates (the robustness study's table and section).

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::GridRow;
use crate::model::ClaimGroup;

/// The grid of one measure.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ClaimGrid {
    /// The measure (the table's panel id, e.g. `nG@1`).
    pub(crate) measure: String,
    /// One column per N, ascending: `N = 5`, `N = 10`, ….
    pub(crate) header: Vec<String>,
    /// One row per Dmax, ascending, labelled by its value (`2`; the stub column says Dmax); a cell without a claim shows [`ABSENT`](super::ABSENT).
    pub(crate) rows: Vec<GridRow>,
}

/// What a grid's cell means, for the words above the grids: the comparison of a cell holds when the
/// printed discrepancy count and the stand-in's are both zero or both positive (A.T3's counts).
pub(crate) const HOLDS_WHEN: &str = "a cell's comparison holds when the printed count and the stand-in's are both zero or both positive";

/// The grids of `cells` (a claim's group and the text of its cell), one per measure in the typed
/// measure order ([`ClaimGroup::measure_rank`], whatever the order of `cells`); Dmax and N
/// ascending, every N of the family a column of every grid.
pub(crate) fn claim_grids(cells: Vec<(ClaimGroup, String)>) -> Vec<ClaimGrid> {
    let mut ranked: BTreeSet<(u32, String)> = BTreeSet::new();
    let mut dmaxes = BTreeSet::new();
    let mut ns = BTreeSet::new();
    let mut text: BTreeMap<(String, u32, u32), String> = BTreeMap::new();
    for (group, cell) in cells {
        ranked.insert((group.measure_rank, group.measure.clone()));
        dmaxes.insert(group.dmax);
        ns.insert(group.n);
        text.insert((group.measure, group.dmax, group.n), cell);
    }
    ranked
        .into_iter()
        .map(|(_, measure)| {
            let rows = dmaxes
                .iter()
                .filter(|&&d| {
                    ns.iter()
                        .any(|&n| text.contains_key(&(measure.clone(), d, n)))
                })
                .map(|&dmax| {
                    GridRow::of_cells(
                        dmax.to_string(),
                        ns.iter().map(|&n| text.get(&(measure.clone(), dmax, n))),
                    )
                })
                .collect();
            ClaimGrid {
                header: ns.iter().map(|n| format!("N = {n}")).collect(),
                measure,
                rows,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::grid::ABSENT;

    fn group(measure: &str, dmax: u32, n: u32) -> ClaimGroup {
        ClaimGroup {
            measure_rank: u32::from(measure == "P+"),
            measure: measure.to_string(),
            dmax,
            n,
        }
    }

    /// Two measures in their typed order (nG@1 ranks before P+ though `P+` sorts first as text and
    /// comes first in the input), Dmax rows and N columns ascending whatever the input order
    /// (N = 5 before N = 10), and a missing (measure, Dmax, N) cell shown absent.
    #[test]
    fn one_grid_per_measure_rows_dmax_columns_n() {
        let grids = claim_grids(vec![
            (group("P+", 2, 10), "c".to_string()),
            (group("nG@1", 8, 10), "a".to_string()),
            (group("nG@1", 2, 5), "b".to_string()),
            (group("nG@1", 2, 10), "d".to_string()),
        ]);
        let measures: Vec<&str> = grids.iter().map(|g| g.measure.as_str()).collect();
        assert_eq!(measures, ["nG@1", "P+"]);
        assert_eq!(grids[0].header, ["N = 5", "N = 10"]);
        let rows: Vec<(&str, Vec<&str>)> =
            grids[0].rows.iter().map(GridRow::label_and_cells).collect();
        assert_eq!(rows, [("2", vec!["b", "d"]), ("8", vec![ABSENT, "a"])]);
        assert_eq!(grids[1].rows.len(), 1);
        assert_eq!(grids[1].rows[0].cells, [ABSENT, "c"]);
    }
}
