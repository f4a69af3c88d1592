//! Readers for the project's input files and atomic writers for its outputs.
//!
//! Every reader reports bad input as a [`SourceError`] that names the file, the line (and column where
//! known) and what was expected, so a user can fix the input without reading the code.

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

pub mod confusion;
pub mod intent_qrels;
pub mod intents;
pub mod matrix;
pub mod output;
pub mod qrels;
pub mod ratings;
pub mod run;
pub mod stc;
pub mod stc_labels;
pub mod www_labels;

/// The first `N` whitespace-separated fields of a line and how many fields it has, counted up to
/// `N + 1` so that a line with too many fields is recognised without scanning all of it.
pub(crate) fn split_fields<const N: usize>(line: &str) -> ([&str; N], usize) {
    let mut fields = [""; N];
    let mut count = 0;
    for field in line.split_ascii_whitespace() {
        if count < N {
            fields[count] = field;
        }
        count += 1;
        if count > N {
            break;
        }
    }
    (fields, count)
}

/// A line as shown in an error message: quoted and cut at 60 characters, or "an empty line".
pub(crate) fn describe_line(line: &str) -> String {
    if line.trim().is_empty() {
        "an empty line".to_string()
    } else {
        let shown: String = line.chars().take(60).collect();
        format!("`{shown}`")
    }
}

/// Reads a YAML file into `T`, reporting syntax errors, unknown or duplicate keys and wrong types with
/// the file, line and column.
pub fn read_yaml<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, SourceError> {
    parse_yaml(path, &read_text(path)?)
}

/// Parses YAML text into `T`; `path` is used in error messages only.
///
/// serde reports a duplicate key at the start of its mapping; the position is moved to the duplicate
/// itself so the message points at the line to fix.
pub fn parse_yaml<T: serde::de::DeserializeOwned>(
    path: &Path,
    text: &str,
) -> Result<T, SourceError> {
    serde_yaml::from_str(text).map_err(|e| {
        let mut position = e.location().map(|l| Position::at(l.line(), l.column()));
        let message = e.to_string();
        // serde_yaml appends " at line L column C"; the position is reported separately.
        let message = match message.find(" at line ") {
            Some(i) => message[..i].to_string(),
            None => message,
        };
        if let (Some(start), Some(key)) = (position, duplicated_key(&message)) {
            position = Some(second_key_position(text, start, key).unwrap_or(start));
        }
        SourceError::new(path, position, message)
    })
}

/// The key named by serde's "duplicate field `k`" or serde_yaml's "duplicate entry with key \"k\"".
fn duplicated_key(message: &str) -> Option<&str> {
    if let Some(rest) = message.split("duplicate field `").nth(1) {
        return rest.split('`').next();
    }
    let rest = message.split("duplicate entry with key \"").nth(1)?;
    rest.split('"').next()
}

/// The position of the second `key:` of the mapping that starts at `start` (block or one-line flow style).
fn second_key_position(text: &str, start: Position, key: &str) -> Option<Position> {
    let lines: Vec<&str> = text.lines().collect();
    let first = *lines.get(start.line.checked_sub(1)?)?;
    let column = start.column?.checked_sub(1)?;
    let pattern = format!("{key}:");
    if first[column.min(first.len())..]
        .trim_start()
        .starts_with('{')
    {
        let hits: Vec<usize> = first
            .match_indices(&pattern)
            .map(|(i, _)| i)
            .filter(|&i| i > 0 && matches!(first.as_bytes()[i - 1], b'{' | b',' | b' '))
            .collect();
        return hits.get(1).map(|&i| Position::at(start.line, i + 1));
    }
    let mut seen = 0;
    for (offset, line) in lines[start.line - 1..].iter().enumerate() {
        let indent = line.len() - line.trim_start().len();
        let content = line.trim_start();
        if offset > 0 && !content.is_empty() && !content.starts_with('#') && indent < column {
            break;
        }
        let at_key_level = (offset == 0 && line.len() > column) || indent == column;
        if at_key_level && line[column.min(line.len())..].starts_with(&pattern) {
            seen += 1;
            if seen == 2 {
                return Some(Position::at(start.line + offset, column + 1));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Item {
        id: String,
        #[serde(default)]
        k: Option<u32>,
        #[serde(default)]
        cap: Option<u32>,
    }

    #[test]
    fn duplicate_keys_point_at_the_duplicate() {
        let block = "- id: x\n  cap: 1\n  k: 2\n  cap: 2\n";
        let err = parse_yaml::<Vec<Item>>(Path::new("f.yaml"), block).unwrap_err();
        assert_eq!(err.position, Some(Position::at(4, 3)), "{err}");
        let flow = "- {id: y, k: 1, k: 2}\n";
        let err = parse_yaml::<Vec<Item>>(Path::new("f.yaml"), flow).unwrap_err();
        assert_eq!(err.position, Some(Position::at(1, 17)), "{err}");
    }
}
