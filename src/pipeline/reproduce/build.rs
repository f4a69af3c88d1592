//! What the artefact steps of a run accumulate ([`Build`]): the new build state, the results and
//! statuses the ledger and reports read, and the account; then the figure conversions collected into
//! it, and the build state written.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use super::outputs::write_if_changed;
use super::{Action, Done, ReproduceError, Summary};
use crate::io::output::OutputDir;
use crate::pipeline::build_state::{self, ArtefactState, BuildState};
use crate::pipeline::conversions::{Conversions, Owner};
use crate::provenance::ContentHash;
use crate::report::ArtefactStatus;
use crate::results::ResultTable;

/// Writes the build state (`build_state::STATE_FILE`) of this run.
pub(super) fn write_build_state(out: &OutputDir, state: &BuildState) -> Result<(), ReproduceError> {
    let text = serde_json::to_string_pretty(state).map_err(|e| ReproduceError::Render {
        artefact: "(build state)".to_string(),
        source: e.into(),
    })? + "\n";
    let mut ignored = BTreeMap::new();
    write_if_changed(
        out,
        build_state::STATE_FILE,
        text.as_bytes(),
        &mut ignored,
        false,
    )?;
    Ok(())
}

/// Waits for the figure conversions the artefact steps started, in the order started, and records
/// each as the step that started it would have: a PDF's hash in its artefact's state, the artefact
/// among those with a PDF and the file among those it wrote (at the place it was converted); a
/// failure as a notice.
pub(super) fn collect_conversions(build: &mut Build) {
    // PDFs already inserted in each account, which shift the later ones of the same artefact.
    let mut inserted: BTreeMap<usize, usize> = BTreeMap::new();
    for converted in std::mem::take(&mut build.conversions).finish() {
        let Owner {
            artefact,
            done_index,
            file_index,
        } = converted.owner;
        match converted.result {
            Ok((path, bytes)) => {
                if let Some(state) = build.state.artefacts.get_mut(&artefact) {
                    state
                        .outputs
                        .insert(converted.pdf_rel, ContentHash::of(&bytes));
                }
                let shift = inserted.entry(done_index).or_default();
                if let Some(done) = build.summary.artefacts.get_mut(done_index) {
                    let at = (file_index + *shift).min(done.files.len());
                    done.files.insert(at, path);
                }
                *shift += 1;
                build.figure_pdfs.insert(artefact);
            }
            Err(message) => build.summary.notices.push(format!(
                "{artefact}: the figure stays SVG only in the LaTeX report: {message}"
            )),
        }
    }
}

/// What the artefact steps of [`reproduce`](super::reproduce) accumulate: the new build state, the results the ledger
/// and the reports read, each artefact's status, the artefacts whose figure has a PDF, the account.
pub(super) struct Build {
    pub(super) state: BuildState,
    pub(super) results: BTreeMap<String, ResultTable>,
    pub(super) statuses: BTreeMap<String, ArtefactStatus>,
    pub(super) figure_pdfs: BTreeSet<String>,
    pub(super) summary: Summary,
    /// Figure conversions started by the steps, collected by [`collect_conversions`].
    pub(super) conversions: Conversions,
}

impl Default for Build {
    fn default() -> Self {
        Build {
            state: BuildState {
                format: build_state::FORMAT_VERSION,
                ..BuildState::default()
            },
            results: BTreeMap::new(),
            statuses: BTreeMap::new(),
            figure_pdfs: BTreeSet::new(),
            summary: Summary::default(),
            conversions: Conversions::default(),
        }
    }
}

impl Build {
    /// Records that artefact `id` ended with `action`, having written `files`.
    pub(super) fn done(&mut self, id: &str, action: Action, files: Vec<PathBuf>) {
        self.summary.artefacts.push(Done {
            name: id.to_string(),
            action,
            files,
        });
    }

    /// Records artefact `id` as up to date: its previous state `prev` and cached result `table`.
    pub(super) fn up_to_date(&mut self, id: &str, prev: &ArtefactState, table: ResultTable) {
        if prev.outputs.keys().any(|k| k.ends_with(".pdf")) {
            self.figure_pdfs.insert(id.to_string());
        }
        self.state.artefacts.insert(id.to_string(), prev.clone());
        self.results.insert(id.to_string(), table);
        self.statuses.insert(id.to_string(), ArtefactStatus::Built);
        self.done(id, Action::UpToDate, Vec::new());
    }

    /// Records artefact `id` as not built, with `status` and `action` saying why.
    pub(super) fn not_built(&mut self, id: &str, status: ArtefactStatus, action: Action) {
        self.statuses.insert(id.to_string(), status);
        self.done(id, action, Vec::new());
    }
}
