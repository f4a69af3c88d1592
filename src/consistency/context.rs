//! What a check sees while it is applied: the printed numbers, the wiring's limits, the other
//! entries of the wiring, and the results gathered so far.

use std::collections::BTreeMap;
use std::path::Path;

use super::CheckResult;
use super::error::WiringError;
use super::limits::Limits;
use super::outcome::Checks;
use super::printed::Printed;
use crate::io::SourceError;
use crate::manifest::Manifest;
use crate::model::CellKey;
use crate::published::PublishedCell;

/// What one entry of the wiring tells the checks of another, keyed by overlap table: the counts
/// table its significant pairs feed (its `pair_counts` entry) and the decimals its SSO percentages
/// are printed with (its `sso` entry). The first entry for a table is the one used.
#[derive(Debug, Clone, Default)]
pub(crate) struct Links {
    counts_tables: BTreeMap<String, String>,
    sso_decimals: BTreeMap<String, u32>,
}

impl Links {
    /// Records that overlap table `overlap` feeds counts table `counts`, unless one is recorded.
    pub(crate) fn add_counts_table(&mut self, overlap: &str, counts: &str) {
        self.counts_tables
            .entry(overlap.to_string())
            .or_insert_with(|| counts.to_string());
    }

    /// Records that overlap table `overlap` prints its SSO with `decimals` decimals, unless recorded.
    pub(crate) fn add_sso_decimals(&mut self, overlap: &str, decimals: u32) {
        self.sso_decimals
            .entry(overlap.to_string())
            .or_insert(decimals);
    }

    /// The counts table the significant pairs of overlap table `overlap` feed.
    pub(crate) fn counts_table(&self, overlap: &str) -> Option<&str> {
        self.counts_tables.get(overlap).map(String::as_str)
    }

    /// The decimals of overlap table `overlap`'s printed SSO percentages.
    pub(crate) fn sso_decimals(&self, overlap: &str) -> Option<u32> {
        self.sso_decimals.get(overlap).copied()
    }
}

/// The state of one application of the wiring to the published files.
#[derive(Debug)]
pub(crate) struct CheckContext<'a> {
    pub(crate) printed: Printed<'a>,
    /// The manifest, against whose artefacts parameter-derived columns of cell keys resolve.
    pub(crate) manifest: &'a Manifest,
    pub(crate) limits: &'a Limits,
    /// What checks read of the wiring's other entries (the SSO corrections read the counts table an
    /// overlap table feeds).
    pub(crate) links: Links,
    /// The wiring's text and path, to name the line of a reference that does not resolve.
    source: (&'a str, &'a Path),
    pub(crate) checks: Checks,
}

impl<'a> CheckContext<'a> {
    pub(crate) fn new(
        printed: Printed<'a>,
        manifest: &'a Manifest,
        limits: &'a Limits,
        links: Links,
        source: (&'a str, &'a Path),
    ) -> Self {
        CheckContext {
            printed,
            manifest,
            limits,
            links,
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
