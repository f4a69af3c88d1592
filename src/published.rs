//! The published values of both papers: every number printed in their tables, and the checkable
//! numbers of their running text, as transcribed in `paper/published/{unanimity,lancers}.yaml`.
//!
//! These files are the reviewer's ground truth for `evia-repro check`. Each entry is one printed
//! number, keyed by [`CellKey`] (table, panel, row, column, part), with the token exactly as printed
//! next to its parsed value and its provenance class (ARCHITECTURE.md, "Invariants"). The transcription follows `tests/fixtures/published-values.md`; its coverage is
//! tested in `src/pipeline/tests/published_coverage.rs`.
//!
//! The loader is strict, because a silently misread ground truth would make every check meaningless:
//! unknown keys, duplicate keys (in a mapping, or two entries with the same cell key / table id /
//! claim id), wrong types, and a `value` that is not the parse of its `printed` token are all
//! rejected with an error naming the file, line and column (see [`crate::io::SourceError`]).

use std::path::Path;

use crate::io::{Position, SourceError, read_text};

pub(crate) mod cell_label;
mod entries;
mod printed_number;
pub(crate) mod printed_style;
mod raw_file;
mod unique;

pub(crate) use entries::{FigureRankClaim, PublishedTable, Reading, SettingClaim, TextClaim};
pub(crate) use entries::{PublishedCell, PublishedFile};
pub(crate) use printed_number::parse_ordinal;
pub(crate) use printed_number::{parse_printed, parse_text_printed};
use raw_file::{RawFile, resolve};

/// The two published-value files, relative to the package root.
#[cfg(test)]
pub(crate) const PUBLISHED_FILES: [&str; 2] = [
    "paper/published/unanimity.yaml",
    "paper/published/lancers.yaml",
];

pub(crate) use crate::model::SettingParameter;
pub(crate) use crate::model::{PaperId as Paper, ProvenanceClass};

/// The identity of one published number (shared with rebuilt result tables).
pub(crate) use crate::model::CellKey;

/// Why a published-values file could not be loaded. Both variants name the file and, where the
/// problem is at a place in the file, its line and column.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub(crate) enum PublishedError {
    /// The file is missing or unreadable.
    #[error(transparent)]
    Read(SourceError),
    /// The file is not valid YAML or breaks the format (unknown or duplicate key, wrong type,
    /// `value` disagreeing with `printed`, a table or claim id of the other paper).
    #[error(transparent)]
    Invalid(SourceError),
}

impl PublishedError {
    /// The underlying error with its file, position and message.
    #[cfg(test)]
    pub(crate) fn source_error(&self) -> &SourceError {
        match self {
            PublishedError::Read(err) | PublishedError::Invalid(err) => err,
        }
    }
}

/// Reads and validates one published-values file.
pub(crate) fn load(path: &Path) -> Result<PublishedFile, PublishedError> {
    let text = read_text(path).map_err(PublishedError::Read)?;
    parse(&text, path)
}

/// Parses and validates the text of a published-values file; `path` is only used in errors.
pub(crate) fn parse(text: &str, path: &Path) -> Result<PublishedFile, PublishedError> {
    crate::io::yaml_depth::check_depth(path, text).map_err(PublishedError::Invalid)?;
    let raw: RawFile = serde_yaml::from_str(text)
        .map_err(|err| PublishedError::Invalid(yaml_error(path, &err)))?;
    resolve(raw, text, path)
}

/// Turns a serde_yaml error into a [`SourceError`] at the error's line and column.
fn yaml_error(path: &Path, err: &serde_yaml::Error) -> SourceError {
    let mut message = err.to_string();
    match err.location() {
        Some(location) => {
            // serde_yaml appends " at line L column C"; the position is reported separately.
            let suffix = format!(" at line {} column {}", location.line(), location.column());
            if let Some(stripped) = message.strip_suffix(&suffix) {
                message = stripped.to_string();
            }
            SourceError::new(
                path,
                Some(Position::at(location.line(), location.column())),
                message,
            )
        }
        None => SourceError::whole_file(path, message),
    }
}

#[cfg(test)]
mod loader_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_key_displays_with_slashes() {
        let key = CellKey::new("B.T1", "statistics", "kappa_w", "lancer1-lancer2", "ci_lo");
        assert_eq!(
            key.to_string(),
            "B.T1/statistics/kappa_w/lancer1-lancer2/ci_lo"
        );
    }

    #[test]
    fn provenance_classes_use_the_files_spelling() {
        let classes: Vec<ProvenanceClass> =
            serde_yaml::from_str("[exact, derived, simulated, real-data]").expect("valid list");
        let shown: Vec<String> = classes.iter().map(|class| class.to_string()).collect();
        assert_eq!(shown, ["exact", "derived", "simulated", "real-data"]);
    }
}
