//! Readers for the project's input files and atomic writers for its outputs.
//!
//! Every reader reports bad input as a [`SourceError`] that names the file, the line (and column where
//! known) and what was expected, so a user can fix the input without reading the code.

pub mod output;
pub mod qrels;
pub mod run;

use std::fmt;
use std::path::{Path, PathBuf};

/// A position in an input file: 1-based line and, where known, 1-based column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: Option<usize>,
}

impl Position {
    pub fn line(line: usize) -> Self {
        Position { line, column: None }
    }

    pub fn at(line: usize, column: usize) -> Self {
        Position {
            line,
            column: Some(column),
        }
    }
}

/// Bad input: which file, where in it, and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct SourceError {
    pub path: PathBuf,
    pub position: Option<Position>,
    pub message: String,
}

impl SourceError {
    pub fn new(
        path: impl Into<PathBuf>,
        position: Option<Position>,
        message: impl Into<String>,
    ) -> Self {
        SourceError {
            path: path.into(),
            position,
            message: message.into(),
        }
    }

    /// An error at a 1-based line (no column).
    pub fn at_line(path: impl Into<PathBuf>, line: usize, message: impl Into<String>) -> Self {
        Self::new(path, Some(Position::line(line)), message)
    }

    /// An error about the file as a whole (missing, unreadable, empty).
    pub fn whole_file(path: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        Self::new(path, None, message)
    }
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        match self.position {
            Some(Position {
                line,
                column: Some(column),
            }) => write!(f, ":{line}:{column}")?,
            Some(Position { line, column: None }) => write!(f, ":{line}")?,
            None => {}
        }
        write!(f, ": {}", self.message)
    }
}

/// Reads a whole text file, turning I/O failures into a [`SourceError`] that names the file.
pub fn read_text(path: &Path) -> Result<String, SourceError> {
    std::fs::read_to_string(path)
        .map_err(|e| SourceError::whole_file(path, format!("cannot read file: {e}")))
}
