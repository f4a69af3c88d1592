//! What several artefacts of one run compute alike, computed once per [`crate::papers::Context`]:
//! paper B's stand-in collection (every B table and figure that evaluates runs names the same files
//! and seed), the randomised Tukey HSD p-values of a condition tested by more than one table (B.T4 and
//! B.T5, B.T7 and B.T8, and Table 8's all3 which is Table 5's), paper A's STC stand-in and its
//! per-condition RawG/UG scores (A.T2 and A.T3).
//!
//! Each cache is a [`Memo`] keyed by exactly what its computation reads — the seed, the parameters,
//! and the input files as their paths and bytes ([`FileKey`]; exact, so no collision) — so a cached
//! value is the value the artefact would compute itself: results never depend on which artefact ran
//! first, on the order, or on the thread count. The caches live in the context (clones share them);
//! a robustness replicate starts with empty ones, so that memory stays bounded over replicates.

use std::path::{Path, PathBuf};

use crate::papers::lancers::eval::{Collection, CollectionKey, HsdKey};
use crate::papers::memo::Memo;
use crate::papers::unanimity::stc::{ConditionScores, ScoresKey, StandinKey, StcStandin};

/// The caches of one run (module documentation).
#[derive(Debug, Default)]
pub struct Shared {
    /// Paper B's stand-in collection (labels, runs, high-agreement split).
    pub(crate) lancers_collections: Memo<CollectionKey, Collection>,
    /// Paper B's randomised Tukey HSD p-values, pairs in `run_pairs` order.
    pub(crate) lancers_hsd: Memo<HsdKey, Vec<f64>>,
    /// Paper A's STC stand-in collection.
    pub(crate) stc_standins: Memo<StandinKey, StcStandin>,
    /// Paper A's RawG and UG scores of one condition (Dmax, N) on a stand-in.
    pub(crate) stc_scores: Memo<ScoresKey, ConditionScores>,
}

impl Shared {
    /// How many values the caches remember (for tests and diagnostics).
    pub fn len(&self) -> usize {
        self.lancers_collections.len()
            + self.lancers_hsd.len()
            + self.stc_standins.len()
            + self.stc_scores.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// An input file as part of a cache key: its path and its whole content.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct FileKey {
    pub(crate) path: PathBuf,
    pub(crate) bytes: Vec<u8>,
}

impl FileKey {
    /// The file at `path`, or `None` when it cannot be read (the caller then computes without the
    /// cache, and reports the reading error as it always did).
    pub(crate) fn read(path: &Path) -> Option<FileKey> {
        let bytes = std::fs::read(path).ok()?;
        Some(FileKey {
            path: path.to_path_buf(),
            bytes,
        })
    }
}
