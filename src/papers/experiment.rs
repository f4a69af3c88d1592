//! One descriptor per experiment kind, declared beside the experiment in its paper's folder
//! (`src/papers/<slug>/`): everything the pipeline, the renderers, the ledger and the robustness
//! studies need to know about it. The generic layers ask the registry ([`super::experiment()`]) and
//! never name a paper.

use crate::manifest::{Artefact, ExperimentId, ExperimentKind};
use crate::model::HeadlineGrid;
#[cfg(test)]
use crate::model::stream_scope::StreamScope;
use crate::published::PublishedFile;
use crate::results::{ClaimCheck, ResultTable, TranscriptionNote};

use super::{Context, ExperimentError};

/// Computes an artefact's table from its parameters and inputs.
pub(crate) type RunFn = fn(&Artefact, &Context) -> Result<ResultTable, ExperimentError>;

/// The claims that compare a rebuilt table with the paper's printed values: they run in the ledger
/// stage, so that no experiment reads `paper/published` and a changed transcription never forces a
/// rebuild.
pub(crate) type CompareFn = fn(&Artefact, &ResultTable, &PublishedFile) -> Vec<ClaimCheck>;

/// The transcription notes of a table: printed rows whose labels the paper's extractions read
/// differently, with what depends on the reading.
pub(crate) type NotesFn = fn(&Artefact, &ResultTable, &PublishedFile) -> Vec<TranscriptionNote>;

/// Where the headline numbers of an artefact's table sit in the grids a robustness study shows.
pub(crate) type HeadlinesFn = fn(&Artefact) -> HeadlineGrid;

/// How an artefact's figure is drawn.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Figure {
    /// The mean score of every run under each condition, a line per condition (the renderers'
    /// series figure).
    Series,
    /// A robustness study's holding rates, a dot and an interval per claim.
    HoldingRates,
    /// A knob-space study's first-order indices, a heat map of claims × knobs.
    Sensitivity,
    /// Drawn by the paper's own code.
    Own(OwnFigure),
}

/// A figure a paper draws itself: its SVG, and the bands of its stacked panels (top and bottom edges
/// as shares of its height), for a report that sets them side by side.
#[derive(Debug, Clone, Copy)]
pub(crate) struct OwnFigure {
    pub(crate) svg: fn(&Artefact, &ResultTable) -> Result<String, String>,
    pub(crate) bands: fn() -> Vec<(f64, f64)>,
}

/// What one paper's folder declares to the registry.
#[derive(Debug)]
pub(crate) struct PaperCode {
    /// Its experiment kinds, in the paper's order.
    pub(crate) experiments: &'static [&'static Experiment],
    /// The random-stream scopes several of its artefacts share (`model::stream_scope`), for the
    /// registry's test that their names are distinct.
    #[cfg(test)]
    pub(crate) streams: &'static [StreamScope<'static>],
}

/// An experiment kind and what it does.
#[derive(Debug)]
pub(crate) struct Experiment {
    pub(crate) kind: ExperimentKind,
    /// Runs it; `None` for a robustness study, which the pipeline runs.
    pub(crate) run: Option<RunFn>,
    pub(crate) compare: CompareFn,
    pub(crate) notes: NotesFn,
    pub(crate) headlines: HeadlinesFn,
    pub(crate) figure: Option<Figure>,
}

/// A [`CompareFn`] of an experiment that compares nothing with the print.
fn compares_nothing(_: &Artefact, _: &ResultTable, _: &PublishedFile) -> Vec<ClaimCheck> {
    Vec::new()
}

/// A [`NotesFn`] of an experiment without transcription notes.
fn no_notes(_: &Artefact, _: &ResultTable, _: &PublishedFile) -> Vec<TranscriptionNote> {
    Vec::new()
}

/// A [`HeadlinesFn`] of an experiment whose numbers sit in no grid.
fn no_grid(_: &Artefact) -> HeadlineGrid {
    HeadlineGrid::default()
}

impl Experiment {
    /// An experiment kind run by `run` (`None` for a robustness study, which the pipeline runs),
    /// with the defaults of one that has nothing more: it compares nothing with the print, has no
    /// transcription notes, sits in no headline grid and draws no figure. The methods below give it
    /// what it has.
    pub(crate) const fn new(kind: ExperimentKind, run: Option<RunFn>) -> Self {
        Experiment {
            kind,
            run,
            compare: compares_nothing,
            notes: no_notes,
            headlines: no_grid,
            figure: None,
        }
    }

    /// With the claims that compare its table with the print.
    pub(crate) const fn comparing(self, compare: CompareFn) -> Self {
        Experiment { compare, ..self }
    }

    /// With its transcription notes.
    pub(crate) const fn with_notes(self, notes: NotesFn) -> Self {
        Experiment { notes, ..self }
    }

    /// With the headline grid a robustness study shows its numbers in.
    pub(crate) const fn with_headlines(self, headlines: HeadlinesFn) -> Self {
        Experiment { headlines, ..self }
    }

    /// With its figure.
    pub(crate) const fn with_figure(self, figure: Figure) -> Self {
        Experiment {
            figure: Some(figure),
            ..self
        }
    }

    /// The id artefacts of this kind carry.
    pub(crate) fn id(&'static self) -> ExperimentId {
        ExperimentId::new(&self.kind)
    }
}
