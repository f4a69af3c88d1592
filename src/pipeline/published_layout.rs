//! Published cells must name cells that exist: every cell of `paper/published/*.yaml` listed under a
//! table of the manifest names one of that table's panels, and a row and a column of that panel (a
//! panel whose rows are supplied at run time, `rows: []`, accepts any row). A typo in a transcription
//! would otherwise leave its number silently unchecked, so it is an error naming the file and line.
//!
//! Before that check, a column that depends on a parameter is resolved against the manifest: the
//! published values name a family of parameter columns by index, `prefix[i]` (the column of the
//! artefact's i-th value), never repeating the value ([`crate::manifest::Artefact::resolve_column`]).

use std::path::Path;

use crate::io::SourceError;
use crate::manifest::{Layout, Manifest};
use crate::published::{PublishedCell, PublishedError, PublishedFile};

/// Resolves every parameter-derived column reference of `file` (read from `path`, whose text is
/// `text`) against the artefact of its table.
pub(crate) fn resolve_parameter_columns(
    manifest: &Manifest,
    file: &mut PublishedFile,
    path: &Path,
    text: &str,
) -> Result<(), PublishedError> {
    for table in &mut file.tables {
        let Some(artefact) = manifest.artefact(&table.table) else {
            continue;
        };
        for cell in &mut table.cells {
            match artefact.resolve_column(&cell.column) {
                Ok(column) => cell.column = column,
                Err(err) => {
                    let message = format!("table {}: {err}", cell.table);
                    return Err(PublishedError::Invalid(match line_of_cell(text, cell) {
                        Some(line) => SourceError::at_line(path, line, message),
                        None => SourceError::whole_file(path, message),
                    }));
                }
            }
        }
    }
    Ok(())
}

/// Checks every cell of `file` (read from `path`, whose text is `text`) against the manifest's layouts.
pub(crate) fn check_cells_exist(
    manifest: &Manifest,
    file: &PublishedFile,
    path: &Path,
    text: &str,
) -> Result<(), PublishedError> {
    for cell in file.cells() {
        let Some(layout) = manifest
            .artefact(&cell.table)
            .and_then(|a| a.layout.as_ref())
        else {
            continue;
        };
        if let Some(problem) = missing_part(layout, cell) {
            let message = format!(
                "cell {}/{}/{} of {} names {problem}",
                cell.panel, cell.row, cell.column, cell.table
            );
            return Err(PublishedError::Invalid(match line_of_cell(text, cell) {
                Some(line) => SourceError::at_line(path, line, message),
                None => SourceError::whole_file(path, message),
            }));
        }
    }
    Ok(())
}

/// What the cell names that its table's layout lacks, in words, or `None` when it exists.
fn missing_part(layout: &Layout, cell: &PublishedCell) -> Option<String> {
    let ids = |headers: &[crate::manifest::Header]| {
        headers
            .iter()
            .map(|h| h.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let Some(panel) = layout.panels.iter().find(|p| p.id == cell.panel) else {
        let known = layout
            .panels
            .iter()
            .map(|p| p.id.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        return Some(format!(
            "panel `{}`, which the manifest's layout does not have; expected one of: {known}",
            cell.panel
        ));
    };
    if !panel.rows.is_empty() && !panel.rows.iter().any(|r| r.id == cell.row) {
        return Some(format!(
            "row `{}`, which panel `{}` does not have; expected one of: {}",
            cell.row,
            panel.id,
            ids(&panel.rows)
        ));
    }
    if !panel.columns.iter().any(|c| c.id == cell.column) {
        return Some(format!(
            "column `{}`, which panel `{}` does not have; expected one of: {}",
            cell.column,
            panel.id,
            ids(&panel.columns)
        ));
    }
    None
}

/// The 1-based line of the cell's flow mapping: the first line naming its panel, row and column,
/// after the line that opens its table.
fn line_of_cell(text: &str, cell: &PublishedCell) -> Option<usize> {
    let named = |line: &str, key: &str, value: &str| {
        line.contains(&format!("{key}: {value},"))
            || line.contains(&format!("{key}: \"{value}\""))
            || line.contains(&format!("{key}: {value}}}"))
    };
    let start = text.lines().position(|l| {
        l.trim_start().trim_start_matches("- ") == format!("table: {}", cell.table)
    })?;
    text.lines()
        .enumerate()
        .skip(start)
        .find(|(_, l)| {
            named(l, "panel", &cell.panel)
                && named(l, "row", &cell.row)
                && named(l, "column", &cell.column)
        })
        .map(|(i, _)| i + 1)
}
