//! A transcription note: a printed row whose labels the paper's extractions read differently (paper
//! A's Table 3 comes as a one-line and an MD extraction that disagree on a few rows). It is a doubt
//! about the transcription, not a claim of the paper: the ledger and the reports show it in a box of
//! its own, with the readings, the reading adopted and what depends on the choice, never as a claim
//! with a holding rate.

use serde::Serialize;

/// One row whose printed labels differ between extractions.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct TranscriptionNote {
    pub(crate) paper: String,
    /// The table (`A.T3`).
    pub(crate) table: String,
    /// The row in words, as the adopted reading labels it (`P+, ICL00-C-R1 vs. Grad1-C-R1`).
    pub(crate) row: String,
    /// Each extraction's reading of the labels that differ (`MD extraction: Dmax = 2, N = 5`).
    pub(crate) readings: Vec<String>,
    /// The extraction whose reading the ledger adopts.
    pub(crate) adopted: String,
    /// What depends on the choice, one item each (a printed count that changes, a verdict that
    /// flips); empty when nothing does.
    pub(crate) depends: Vec<String>,
}
