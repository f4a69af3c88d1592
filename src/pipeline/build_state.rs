//! The incremental-build state kept in the output directory (`<out>/.evia-repro-state.json`).
//!
//! For every artefact it records two fingerprints of its inputs — one of what the experiment reads
//! (program, seed, manifest entry, data and stand-in files), one of what its renderings read (the
//! templates) — the content hash of every file written for it, and its [`ResultTable`], so that the
//! reports, the index and the claims ledger can be re-rendered without re-running up-to-date
//! experiments. Documents (reports, index, ledger) record one fingerprint and their files' hashes.
//!
//! An artefact is up to date when both fingerprints equal the recorded ones and every file recorded for
//! it still exists with its recorded hash (so a deleted or hand-edited output is rewritten). A state file
//! that cannot be read or has another format version is ignored: everything is rebuilt, and `reproduce`
//! says why.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::model::ProvenanceClass;
use crate::provenance::ContentHash;
use crate::results::{ClaimCheck, DynamicRow, ResultTable};

/// The state file's name inside the output directory.
pub(crate) const STATE_FILE: &str = ".evia-repro-state.json";

/// Bumped whenever the layout of [`BuildState`] changes; other versions are ignored (2: a dynamic
/// row's `group` became a typed [`crate::model::GridPlace`]).
pub(crate) const FORMAT_VERSION: u32 = 5;

/// Everything the previous `reproduce` into this output directory recorded.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BuildState {
    pub(crate) format: u32,
    pub(crate) artefacts: BTreeMap<String, ArtefactState>,
    pub(crate) documents: BTreeMap<String, DocumentState>,
}

/// What was recorded for one artefact.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ArtefactState {
    /// Fingerprint of the experiment's inputs (program, seed, manifest entry, files it reads).
    pub(crate) experiment: ContentHash,
    /// Fingerprint of the renderings' inputs (templates).
    pub(crate) render: ContentHash,
    /// Every file written for the artefact (relative to the output directory) and its content hash.
    pub(crate) outputs: BTreeMap<String, ContentHash>,
    pub(crate) result: CachedTable,
}

/// What was recorded for one generated document (a paper's report, the index).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DocumentState {
    pub(crate) fingerprint: ContentHash,
    pub(crate) outputs: BTreeMap<String, ContentHash>,
}

/// A [`ResultTable`] in a JSON-friendly form: cells as a list, each number stored both readably and as
/// its exact IEEE-754 bits (so NaN and every last bit survive the round trip).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CachedTable {
    pub(crate) id: String,
    pub(crate) cells: Vec<CachedCell>,
    pub(crate) pending_rows: Vec<(String, String)>,
    pub(crate) notes: Vec<String>,
    pub(crate) claims: Vec<ClaimCheck>,
    #[serde(default)]
    pub(crate) claim_classes: BTreeMap<String, ProvenanceClass>,
    pub(crate) real_data: bool,
    /// Fitted cells `(panel, row, column, part, tolerance)`.
    #[serde(default)]
    pub(crate) fitted: Vec<(String, String, String, String, f64)>,
    #[serde(default)]
    pub(crate) dynamic_rows: BTreeMap<String, Vec<DynamicRow>>,
    /// Bold cells `(panel, row, column, part)`.
    #[serde(default)]
    pub(crate) bold: Vec<(String, String, String, String)>,
    /// Cells copied from the experiment's inputs `(panel, row, column, part)`.
    #[serde(default)]
    pub(crate) inputs: Vec<(String, String, String, String)>,
    /// Bold cells below a threshold `(panel, row, column, part, threshold)`.
    #[serde(default)]
    pub(crate) bold_below: Vec<(String, String, String, String, f64)>,
    /// Cells a stand-in knob was calibrated toward `(panel, row, column, part)`.
    #[serde(default)]
    pub(crate) calibrated: Vec<(String, String, String, String)>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CachedCell {
    pub(crate) panel: String,
    pub(crate) row: String,
    pub(crate) column: String,
    pub(crate) part: String,
    /// For reading only (`null` for NaN and infinities); `bits` is authoritative.
    pub(crate) value: Option<f64>,
    /// `f64::to_bits` of the value, in hex.
    pub(crate) bits: String,
}

impl From<&ResultTable> for CachedTable {
    fn from(table: &ResultTable) -> Self {
        // Destructured so that a field added to ResultTable fails to compile here instead of being
        // silently dropped from the cache.
        let ResultTable {
            id,
            cells,
            pending_rows,
            notes,
            claims,
            claim_classes,
            real_data,
            fitted,
            dynamic_rows,
            bold,
            inputs,
            bold_below,
            calibrated,
        } = table;
        CachedTable {
            id: id.clone(),
            cells: cells
                .iter()
                .map(|(k, &v)| CachedCell {
                    panel: k.panel.clone(),
                    row: k.row.clone(),
                    column: k.column.clone(),
                    part: k.part.clone(),
                    value: v.is_finite().then_some(v),
                    bits: format!("{:016x}", v.to_bits()),
                })
                .collect(),
            pending_rows: pending_rows.iter().cloned().collect(),
            notes: notes.clone(),
            claims: claims.clone(),
            claim_classes: claim_classes.clone(),
            real_data: *real_data,
            fitted: fitted
                .iter()
                .map(|(k, &t)| {
                    (
                        k.panel.clone(),
                        k.row.clone(),
                        k.column.clone(),
                        k.part.clone(),
                        t,
                    )
                })
                .collect(),
            dynamic_rows: dynamic_rows.clone(),
            bold: bold.iter().map(address).collect(),
            inputs: inputs.iter().map(address).collect(),
            calibrated: calibrated.iter().map(address).collect(),
            bold_below: bold_below
                .iter()
                .map(|(k, &t)| {
                    let (panel, row, column, part) = address(k);
                    (panel, row, column, part, t)
                })
                .collect(),
        }
    }
}

/// A cell's address within its table: (panel, row, column, part).
fn address(k: &crate::model::CellKey) -> (String, String, String, String) {
    (
        k.panel.clone(),
        k.row.clone(),
        k.column.clone(),
        k.part.clone(),
    )
}

impl CachedTable {
    /// The result table back, or `None` if a cell's bits are malformed (the cache is then ignored).
    pub(crate) fn to_result(&self) -> Option<ResultTable> {
        let mut table = ResultTable::new(&self.id);
        for c in &self.cells {
            let bits = u64::from_str_radix(&c.bits, 16).ok()?;
            table.set(&c.panel, &c.row, &c.column, &c.part, f64::from_bits(bits));
        }
        table.pending_rows = self.pending_rows.iter().cloned().collect::<BTreeSet<_>>();
        table.notes = self.notes.clone();
        table.claims = self.claims.clone();
        table.claim_classes = self.claim_classes.clone();
        for (panel, row, column, part, tolerance) in &self.fitted {
            table.fitted_to_print(panel, row, column, part, *tolerance);
        }
        table.dynamic_rows = self.dynamic_rows.clone();
        for (panel, row, column, part) in &self.bold {
            table.mark_bold(panel, row, column, part);
        }
        for (panel, row, column, part) in &self.inputs {
            table.inputs.insert(crate::model::CellKey::new(
                &self.id, panel, row, column, part,
            ));
        }
        for (panel, row, column, part, threshold) in &self.bold_below {
            table.mark_bold_below(panel, row, column, part, *threshold);
        }
        for (panel, row, column, part) in &self.calibrated {
            table.calibrated.insert(crate::model::CellKey::new(
                &self.id, panel, row, column, part,
            ));
        }
        table.real_data = self.real_data;
        Some(table)
    }
}

/// The state of `out`, and a message when a state file exists but had to be ignored.
pub(crate) fn load(out: &Path) -> (BuildState, Option<String>) {
    let path = out.join(STATE_FILE);
    if !path.exists() {
        return (BuildState::default(), None);
    }
    let text = match crate::io::read_text(&path) {
        Ok(text) => text,
        Err(e) => {
            return (
                BuildState::default(),
                Some(format!("{e}; rebuilding everything")),
            );
        }
    };
    match serde_json::from_str::<BuildState>(&text) {
        Ok(state) if state.format == FORMAT_VERSION => (state, None),
        Ok(state) => (
            BuildState::default(),
            Some(format!(
                "{} has format {} (this program writes {FORMAT_VERSION}); rebuilding everything",
                path.display(),
                state.format
            )),
        ),
        Err(e) => (
            BuildState::default(),
            Some(format!(
                "cannot read {} ({e}); rebuilding everything",
                path.display()
            )),
        ),
    }
}

/// Whether every file in `outputs` exists under `out` with its recorded hash.
pub(crate) fn outputs_intact(out: &Path, outputs: &BTreeMap<String, ContentHash>) -> bool {
    outputs.iter().all(|(relative, hash)| {
        fs::read(out.join(relative)).is_ok_and(|bytes| ContentHash::of(&bytes) == *hash)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_tables_survive_the_cache_bit_for_bit() {
        let mut table = ResultTable::new("X.T1");
        table.set("main", "r", "c", "value", 0.1 + 0.2);
        table.set("main", "r", "c", "nan", f64::NAN);
        table.set("main", "r", "d", "value", -0.0);
        table.mark_pending_row("main", "q");
        table.note("a note");
        let cached = CachedTable::from(&table);
        let json = serde_json::to_string(&cached).unwrap();
        let back = serde_json::from_str::<CachedTable>(&json)
            .unwrap()
            .to_result()
            .unwrap();
        assert_eq!(back.cells.len(), 3);
        for (k, v) in &table.cells {
            assert_eq!(back.cells[k].to_bits(), v.to_bits(), "{k}");
        }
        assert_eq!(back.pending_rows, table.pending_rows);
        assert_eq!(back.notes, table.notes);
    }

    #[test]
    fn a_corrupt_state_file_is_ignored_with_a_message() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join(STATE_FILE), "{not json").unwrap();
        let (state, message) = load(dir.path());
        assert_eq!(state, BuildState::default());
        assert!(message.unwrap().contains("rebuilding everything"));
        let (_, none) = load(&dir.path().join("missing"));
        assert!(none.is_none());
    }
}
