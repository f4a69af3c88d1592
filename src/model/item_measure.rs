//! The typed place of a number in a printed table that gives one number per item and measure: paper
//! B's Tables 3 to 8 print, for every measure (nDCG@10, Q@10, nERR@10), one number per qrels version
//! or topic set (Tables 5 and 8: rows × measure columns) or per pair of them (Tables 3, 4, 6 and 7: a
//! triangular grid per measure). A reader sees a family of such numbers (the robustness study's
//! headline bands) as the table's items (rows) by its measures (columns), one grid per table, rather
//! than as one row per number.

use serde::{Deserialize, Serialize};

/// Where a number sits in its table's items × measures grid. The ranks are the typed positions the
/// grid is read in (the table's layout order of its items, the artefact's `measures:` order); the
/// words are what the grid prints. The derived order is the reading order within one table.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub(crate) struct ItemMeasure {
    /// The artefact whose printed numbers these are (`B.T3`).
    pub(crate) table: String,
    /// What the items are, in the table's words: the stub of its layout (`qrels`, `topic set`).
    pub(crate) stub: String,
    /// The item's position in the table's reading order (layout rows, then columns for a pair).
    pub(crate) item_rank: u32,
    /// The item in the table's words: a row (`all3`) or a pair of a row and a column (`all3 vs.
    /// 2lancers`).
    pub(crate) item: String,
    /// The measure's position in the artefact's `measures:`.
    pub(crate) measure_rank: u32,
    /// The measure in the table's words (its panel or column label, `(a) Mean nDCG@10`).
    pub(crate) measure: String,
}
