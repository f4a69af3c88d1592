//! Reader for pairwise confusion matrices (`data/lancers/confusion-matrices.yaml`).

use std::path::Path;

use serde::Deserialize;

use crate::io::{SourceError, read_yaml};
use evia_engine::agreement::ConfusionMatrix;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    labels: Vec<u32>,
    pairs: Vec<PairEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PairEntry {
    id: String,
    first: String,
    second: String,
    rows: Vec<Vec<u64>>,
}

/// The confusion matrix of two named assessors.
#[derive(Debug, Clone)]
pub struct AssessorPair {
    /// `first-second`, e.g. `lancer1-lancer2`.
    pub id: String,
    pub first: String,
    pub second: String,
    /// Rows: `first`'s labels; columns: `second`'s.
    pub matrix: ConfusionMatrix,
}

/// The most labels of a confusion matrix.
pub const MAX_LABELS: usize = 100;
/// The largest count of a cell (sums over a matrix stay exact in `u64` and in `f64`).
pub const MAX_COUNT: u64 = 1_000_000_000_000;

/// Reads the matrices, checking each is square over the declared labels, with at most
/// [`MAX_LABELS`] labels and cells of at most [`MAX_COUNT`].
pub fn read_confusion_matrices(path: &Path) -> Result<Vec<AssessorPair>, SourceError> {
    let file: File = read_yaml(path)?;
    if file.labels.len() > MAX_LABELS {
        return Err(SourceError::whole_file(
            path,
            format!(
                "{} labels; at most {MAX_LABELS} are supported",
                file.labels.len()
            ),
        ));
    }
    if let Some(p) = file
        .pairs
        .iter()
        .find(|p| p.rows.iter().flatten().any(|&c| c > MAX_COUNT))
    {
        return Err(SourceError::whole_file(
            path,
            format!("pair `{}`: a count exceeds {MAX_COUNT}", p.id),
        ));
    }
    file.pairs
        .into_iter()
        .map(|p| {
            if p.rows.len() != file.labels.len() {
                return Err(SourceError::whole_file(
                    path,
                    format!(
                        "pair `{}`: expected {} rows (one per label), found {}",
                        p.id,
                        file.labels.len(),
                        p.rows.len()
                    ),
                ));
            }
            let matrix = ConfusionMatrix::from_rows(&p.rows)
                .map_err(|e| SourceError::whole_file(path, format!("pair `{}`: {e}", p.id)))?;
            Ok(AssessorPair {
                id: p.id,
                first: p.first,
                second: p.second,
                matrix,
            })
        })
        .collect()
}
