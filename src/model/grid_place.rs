//! Where a number or claim of a family sits in the grid a renderer folds the family into, instead of
//! a row each: paper A's tables are grids of (Dmax, N) per measure ([`ClaimGroup`]); paper B's are
//! grids of items (qrels versions, topic sets or pairs of them) by measure ([`ItemMeasure`]). The
//! ledger and every JSON keep each number or claim with its own id; the place only tells the
//! renderers where its cell is.

use serde::{Deserialize, Serialize};

use super::{ClaimGroup, ItemMeasure};

/// A cell of a measure's Dmax × N grid, or of a table's items × measures grid.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum GridPlace {
    /// Paper A: one measure's grid, rows Dmax, columns N.
    DmaxByN(ClaimGroup),
    /// Paper B: one table's grid, rows its items, columns its measures.
    ItemByMeasure(ItemMeasure),
}

impl GridPlace {
    /// The Dmax × N cell, when the place is one.
    pub(crate) fn dmax_by_n(&self) -> Option<&ClaimGroup> {
        match self {
            GridPlace::DmaxByN(group) => Some(group),
            GridPlace::ItemByMeasure(_) => None,
        }
    }
}

impl From<ClaimGroup> for GridPlace {
    fn from(group: ClaimGroup) -> Self {
        GridPlace::DmaxByN(group)
    }
}
