//! The typed group of a claim that is one cell of a family of claims: paper A's Table 3 has one
//! discrepancy-count claim per (measure, Dmax, N) group (§5, Table 3), and a reader sees them as one
//! Dmax × N grid per measure rather than as 45 rows. The ledger and every JSON keep each claim with
//! its own id; the group only tells the renderers where its cell is.

use serde::{Deserialize, Serialize};

/// Where a claim sits in its family's grid: the measure (its position in the artefact's typed
/// measure list, then the table's panel id, e.g. `nG@1`), the maximum spread Dmax (grid row) and the
/// number of ratings per item N (grid column). The derived order is the reading order: measure as
/// the manifest lists them (never the panel id's spelling), then Dmax, then N, numerically.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub(crate) struct ClaimGroup {
    /// The measure's position in its artefact's `measures:` (nG@1, P+, nERR@10 for paper A).
    pub(crate) measure_rank: u32,
    pub(crate) measure: String,
    pub(crate) dmax: u32,
    pub(crate) n: u32,
}

impl ClaimGroup {
    /// The words above the grid of `measure`'s family of claims (A.T3's discrepancy counts).
    pub(crate) fn grid_title(measure: &str) -> String {
        format!("Discrepancies counted for {measure} by Dmax (rows) and N (columns)")
    }
}
