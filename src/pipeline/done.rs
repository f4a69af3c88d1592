//! What a run did with each artefact or document: the lines of its account, which the progress
//! display and the summary report.

use std::path::PathBuf;

/// What a run did with one artefact or document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Action {
    /// The experiment ran and the renderings were written.
    Rebuilt,
    /// Only templates changed: rendered again from the cached results, the experiment did not run.
    Rerendered,
    /// Inputs unchanged and outputs intact: nothing written.
    UpToDate,
    /// The manifest marks the artefact pending.
    Pending(String),
    /// The experiment's external data is unavailable.
    Skipped(String),
    /// Not selected by `--only` (and not up to date).
    NotSelected,
}

/// One line of a run's account.
#[derive(Debug, Clone)]
pub(crate) struct Done {
    /// An artefact id, or a document name (`A report`, `index`).
    pub(crate) name: String,
    pub(crate) action: Action,
    /// Files written (only those whose content changed).
    pub(crate) files: Vec<PathBuf>,
}
