//! Progress of a `reproduce` run, reported while it goes: which step starts (an artefact's experiment,
//! a paper's documents) and how each ended. The pipeline only emits [`Step`]s; the CLI decides how to
//! show them (a bar on a terminal, plain lines otherwise).

use std::fmt;
use std::sync::Arc;

use super::done::Done;

/// One event of a run. `position` counts from 1 to `total` (every artefact of the manifest, then each
/// paper's documents and the index).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Step<'a> {
    /// Work on `name` begins (for an artefact that is rebuilt, its experiment runs now).
    Started {
        name: &'a str,
        position: usize,
        total: usize,
    },
    /// A study's experiment (artefact `name`, step `position` of `total`) has finished `done` of its
    /// `replicates` runs, each a `unit` (`replicate`, `design point`).
    Replicates {
        name: &'a str,
        unit: &'static str,
        position: usize,
        total: usize,
        done: u32,
        replicates: u32,
    },
    /// Work on an item ended with `done`'s action.
    Finished {
        done: &'a Done,
        position: usize,
        total: usize,
    },
}

/// A function that receives every [`Step`].
type Sink = Arc<dyn Fn(Step<'_>) + Send + Sync>;

/// Where a run reports its [`Step`]s; silent by default.
#[derive(Clone, Default)]
pub(crate) struct Progress(Option<Sink>);

impl Progress {
    /// Reports every step to `sink`.
    pub(crate) fn new(sink: impl Fn(Step<'_>) + Send + Sync + 'static) -> Self {
        Progress(Some(Arc::new(sink)))
    }

    /// Reports `step` (nothing when silent).
    pub(crate) fn report(&self, step: Step<'_>) {
        if let Some(sink) = &self.0 {
            sink(step);
        }
    }
}

impl fmt::Debug for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "Progress(reporting)"
        } else {
            "Progress(silent)"
        })
    }
}
