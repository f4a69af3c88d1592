//! What a check sees while it is applied: the printed numbers, the wiring's limits, the other
//! entries of the wiring, and the results gathered so far.

use std::path::Path;

use super::CheckResult;
use super::check_spec::CheckSpec;
use super::outcome::Checks;
use super::printed::Printed;
use super::wiring::{Limits, WiringError};
use crate::io::SourceError;
use crate::manifest::Manifest;
use crate::model::CellKey;
use crate::published::PublishedCell;

/// The state of one application of the wiring to the published files.
#[derive(Debug)]
pub(crate) struct CheckContext<'a> {
    pub(crate) printed: Printed<'a>,
    /// The manifest, against whose artefacts parameter-derived columns of cell keys resolve.
    pub(crate) manifest: &'a Manifest,
    pub(crate) limits: &'a Limits,
    /// Every entry of the wiring, for checks that read another check's entry (the SSO corrections
    /// read the counts table an overlap table feeds).
    pub(crate) specs: &'a [CheckSpec],
    /// The wiring's text and path, to name the line of a reference that does not resolve.
    source: (&'a str, &'a Path),
    pub(crate) checks: Checks,
}

impl<'a> CheckContext<'a> {
    pub(crate) fn new(
        printed: Printed<'a>,
        manifest: &'a Manifest,
        limits: &'a Limits,
        specs: &'a [CheckSpec],
        source: (&'a str, &'a Path),
    ) -> Self {
        CheckContext {
            printed,
            manifest,
            limits,
            specs,
            source,
            checks: Checks::default(),
        }
    }

    /// An error at the first line of the wiring that mentions `needle` (the whole file if none does).
    pub(crate) fn invalid(&self, needle: &str, message: String) -> WiringError {
        let (text, path) = self.source;
        let line = text.lines().position(|l| l.contains(needle)).map(|i| i + 1);
        WiringError::Invalid(match line {
            Some(line) => SourceError::at_line(path, line, message),
            None => SourceError::whole_file(path, message),
        })
    }

    /// The printed cells of table `id`; an error naming the wiring's line when it has none.
    pub(crate) fn require_table(&self, id: &str) -> Result<Vec<&'a PublishedCell>, WiringError> {
        let cells = self.printed.table(id);
        if cells.is_empty() {
            return Err(self.invalid(id, format!("table `{id}` has no published cells")));
        }
        Ok(cells)
    }

    /// The key with its parameter-derived column (`prefix[i]`) resolved against the artefact of its
    /// table ([`crate::manifest::Artefact::resolve_column`]).
    pub(crate) fn resolve_key(&self, key: CellKey) -> Result<CellKey, String> {
        let Some(artefact) = self.manifest.artefact(&key.table) else {
            return Ok(key);
        };
        let column = artefact
            .resolve_column(&key.column)
            .map_err(|e| format!("{}: {e}", key.table))?;
        Ok(CellKey { column, ..key })
    }

    /// Records a result on a printed cell.
    pub(crate) fn push(&mut self, key: CellKey, result: CheckResult) {
        self.checks.cells.entry(key).or_default().push(result);
    }
}
