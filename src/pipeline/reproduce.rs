//! The `reproduce` pipeline: run the experiment of every built artefact whose inputs changed, write its
//! renderings, then render each paper's literate report, the index and the claims ledger — all into one
//! output directory, atomically, each file stamped with its provenance.
//!
//! Output layout (`<out>` is `build/` by default):
//!
//! - `<out>/<paper slug>/<artefact id>.{md,tex,json,svg}` per artefact (and `<id>.pdf` beside a figure's
//!   SVG when an SVG converter is available), `<out>/<paper slug>/tables.tex` (a standalone LaTeX
//!   document inputting every rebuilt table), `<out>/<paper slug>/report.{md,tex}` (the literate report);
//! - `<out>/index.md` (links to both reports and the ledger, and a per-artefact summary) and
//!   `<out>/ledger.md` (the claims ledger);
//! - `<out>/.evia-repro-state.json`, the incremental-build state ([`crate::pipeline::build_state`]).
//!
//! **Incremental rebuilds.** An artefact's inputs are its manifest entry (serialised) and its paper's
//! entry, the files named by its file-valued parameters
//! ([`crate::manifest::params::Parameters::input_files`]), the seed, the program (package version and a stamp of the running executable, see [`program_identity`], so a rebuilt program
//! never reuses results of an older one) and the templates its renderings use. When only templates
//! changed, the artefact is re-rendered from its cached results without re-running the experiment. With
//! `--data` the experiment always runs (a user's collection is not hashed). A report is rendered again
//! when any of its inputs changes: its literate source, the report templates, the published values, or
//! the manifest entries, status and results of its paper's artefacts; the index and the ledger likewise
//! over both papers. `force` rebuilds everything.
//!
//! **Order and errors.** Steps take effect in manifest order, then the documents in order: an error
//! stops the run at its step, with every earlier output written and nothing of a later one. With
//! `--force` and two threads or more (the private module `pipeline::ahead`) a result that arrives
//! before its turn is rendered at once, its files staged under temporary names
//! ([`OutputDir::stage`]) and its figure's conversion started; its step only renames the files into
//! place. The documents are rendered and staged side by side once the artefacts are done, then
//! committed in order. Staged files and conversions not reached are removed when the run stops, so
//! the contract is unchanged.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::io::output::{OutputDir, OutputError};
use crate::manifest::Manifest;
use crate::papers::{self, Context, ExperimentError};
use crate::pipeline::build_state;
use crate::pipeline::conversions::Conversions;
use crate::pipeline::done::{Action, Done};
use crate::pipeline::progress::{Progress, Step};
use crate::pipeline::timings::Timings;
use crate::published::PublishedError;
use crate::render::{RenderError, Templates};
use crate::sources::Sources;

mod build;
mod documents;
mod experiments;
mod fingerprint;
mod inputs;
mod outputs;
mod program;
mod render;
mod selection;
mod steps;

use build::{Build, collect_conversions, write_build_state};
use documents::{Documents, document_name};
pub(crate) use experiments::rebuild;
pub(crate) use experiments::{Skipped, rebuild_available};
pub(crate) use fingerprint::experiment_fingerprint;
pub(crate) use inputs::load_published;
pub(crate) use inputs::{load_checks, published_of};
use outputs::check_output_paths;
pub(crate) use program::{find_on_path, program_identity};
pub(crate) use selection::check_real_data_selection;
pub(crate) use selection::select;
use steps::{Rebuild, start_ahead};

/// Why a reproduction failed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ReproduceError {
    #[error("unknown artefact id `{id}` in --only; known ids: {known}")]
    UnknownArtefact { id: String, known: String },
    #[error(
        "--data needs --only naming the artefacts to run on the real collection; artefacts with a \
         real-data mode: {known}"
    )]
    RealDataWithoutOnly { known: String },
    #[error(
        "artefact `{id}` has no real-data mode, so --data cannot apply to it; artefacts with one: {known}"
    )]
    NoRealDataMode { id: String, known: String },
    #[error("artefact `{0}` is pending and cannot be reproduced yet: {1}")]
    Pending(String, String),
    #[error(transparent)]
    Experiment(#[from] ExperimentError),
    #[error("artefact `{artefact}`: {source}")]
    Render {
        artefact: String,
        #[source]
        source: RenderError,
    },
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error(transparent)]
    Published(#[from] PublishedError),
    #[error(transparent)]
    Consistency(#[from] crate::consistency::error::WiringError),
    #[error(transparent)]
    Source(#[from] crate::io::SourceError),
    #[error("artefact `{artefact}`: {source}")]
    Robustness {
        artefact: String,
        #[source]
        source: crate::robustness::RobustnessError,
    },
}

/// Settings of a run.
#[derive(Debug, Clone)]
pub(crate) struct Options {
    /// The directory that relative data paths of the manifest are read from.
    pub(crate) root: PathBuf,
    /// Where the templates and literate sources are read from ([`Sources::Root`] of `root` by
    /// default; `study` uses the built-in ones).
    pub(crate) sources: Sources,
    pub(crate) seed: u64,
    /// Artefact ids to rebuild; empty means every built artefact.
    pub(crate) only: Vec<String>,
    /// A user's real collection (`--data DIR`), for the experiments that support real-data mode.
    pub(crate) data_dir: Option<PathBuf>,
    /// Worker threads; results never depend on it.
    pub(crate) threads: usize,
    /// Rebuild and rewrite everything, whatever the build state says.
    pub(crate) force: bool,
    /// The git commit stamped into generated files ([`crate::provenance::detect_commit`] by default).
    pub(crate) commit: String,
    /// The program's identity in fingerprints (see [`program_identity`]); never printed in outputs.
    pub(crate) program: String,
    /// The SVG-to-PDF converter (`rsvg-convert`) for figures in LaTeX reports; `None` leaves figures as
    /// SVG only and the LaTeX report says where to find them.
    pub(crate) svg_converter: Option<PathBuf>,
    /// How long one figure conversion may take before it is stopped and its figure left as SVG
    /// only, with a notice ([`crate::pipeline::conversions::CONVERT_LIMIT`] by default).
    pub(crate) convert_limit: std::time::Duration,
    /// Where the run reports each step as it goes (silent by default).
    pub(crate) progress: Progress,
    /// The optional trace of where the wall time goes ([`Timings::from_env`]); never changes an output.
    pub(crate) timings: Timings,
}

impl Options {
    /// Defaults for `root` and `seed`: every built artefact, no real data, all cores, commit from
    /// [`crate::provenance::COMMIT_ENV`] or git, `rsvg-convert` if it is on the `PATH`.
    pub(crate) fn new(root: &Path, seed: u64) -> Self {
        Options {
            root: root.to_path_buf(),
            sources: Sources::Root(root.to_path_buf()),
            seed,
            only: Vec::new(),
            data_dir: None,
            threads: papers::default_threads(),
            force: false,
            commit: crate::provenance::commit_from_env()
                .unwrap_or_else(|| crate::provenance::detect_commit(root)),
            program: program_identity(),
            svg_converter: find_on_path("rsvg-convert"),
            convert_limit: crate::pipeline::conversions::CONVERT_LIMIT,
            progress: Progress::default(),
            timings: Timings::from_env(),
        }
    }
}

/// The account of a run.
#[derive(Debug, Clone, Default)]
pub(crate) struct Summary {
    pub(crate) artefacts: Vec<Done>,
    pub(crate) documents: Vec<Done>,
    /// Things the user should know (an ignored state file, a failed figure conversion).
    pub(crate) notices: Vec<String>,
}

impl Summary {
    /// Artefacts (not documents) whose action is `action`'s variant.
    pub(crate) fn count(&self, matches: impl Fn(&Action) -> bool) -> usize {
        self.artefacts.iter().filter(|d| matches(&d.action)).count()
    }

    /// Every file written in the run.
    pub(crate) fn written(&self) -> Vec<&PathBuf> {
        self.artefacts
            .iter()
            .chain(&self.documents)
            .flat_map(|d| &d.files)
            .collect()
    }
}

/// Rebuilds what changed and writes every rendering, report, the index and the ledger into `out`.
pub(crate) fn reproduce(
    manifest: &Manifest,
    options: &Options,
    out: &OutputDir,
) -> Result<Summary, ReproduceError> {
    check_real_data_selection(manifest, options)?;
    let selected: BTreeSet<String> = select(manifest, &options.only)?
        .into_iter()
        .map(|a| a.id.to_string())
        .collect();
    let templates = Templates::new(&options.sources).map_err(|source| ReproduceError::Render {
        artefact: "(templates)".to_string(),
        source,
    })?;
    let timings = &options.timings;
    let context = Context {
        data_dir: options.data_dir.clone(),
        threads: options.threads,
        ..Context::new(&options.root, options.seed)
    };
    let mut build = Build {
        conversions: Conversions::new(timings),
        ..Build::default()
    };
    // The experiments start on the workers before this thread loads the published values and the
    // consistency checks, which they do not read; an error here stops them (`Ahead`'s drop).
    let (published, checks, previous) = std::thread::scope(|scope| {
        let mut ahead = start_ahead(scope, manifest, options, &selected, &context);
        let published = timings.time(
            || "published values".to_string(),
            || load_published(manifest, &options.root),
        )?;
        let checks = timings.time(
            || "consistency checks".to_string(),
            || load_checks(&options.root, manifest, &published),
        )?;
        check_output_paths(manifest, out)?;
        // Files are staged and figures converted in the root before their steps write them.
        out.create_root()?;
        let (previous, notice) = build_state::load(out.root());
        build.summary.notices.extend(notice);
        let rebuild = Rebuild {
            manifest,
            options,
            out,
            templates: &templates,
            previous: &previous,
            published: &published,
            context: &context,
        };
        rebuild.artefact_steps(&selected, &mut build, &mut ahead)?;
        Ok::<_, ReproduceError>((published, checks, previous))
    })?;
    let total = manifest.artefacts.len() + manifest.papers.len() + 1;

    let ledger = timings.time(
        || "ledger".to_string(),
        || super::ledger::assemble(&options.root, manifest, &published, &checks, &build.results),
    )?;
    // The one account every document renders.
    let account = crate::account::account(&ledger, manifest, &build.results);
    collect_conversions(&mut build);
    let documents = Documents {
        manifest,
        options,
        out,
        templates: &templates,
        results: &build.results,
        statuses: &build.statuses,
        account: &account,
        figure_pdfs: &build.figure_pdfs,
        published: &published,
    };
    // Every document is rendered and staged side by side (they read the same finished results),
    // then each is committed in order, as if written one after the other: an error stops the run at
    // its document, with the documents before it written and none after.
    let papers = &manifest.papers;
    let planned = crate::parallel::try_map_in_turn(papers.len() + 1, options.threads, |i| {
        Ok::<_, std::convert::Infallible>(match papers.get(i) {
            Some(paper) => timings.time(
                || document_name(&paper.id),
                || documents.paper(paper, published_of(&published, paper), &previous),
            ),
            None => timings.time(|| "index".to_string(), || documents.index(&previous)),
        })
    });
    let first = manifest.artefacts.len() + 1;
    for (position, planned) in (first..).zip(planned.unwrap_or_else(|never| match never {})) {
        let (done, name, document) = timings.time(
            || "commit document".to_string(),
            || documents.commit(planned?),
        )?;
        options.progress.report(Step::Finished {
            done: &done,
            position,
            total,
        });
        build.summary.documents.push(done);
        // A file a document wrote again for an artefact (its Markdown with the account's notes) is
        // the artefact's output as it now stands.
        for artefact in build.state.artefacts.values_mut() {
            for (path, hash) in &mut artefact.outputs {
                if let Some(written) = document.outputs.get(path) {
                    *hash = *written;
                }
            }
        }
        build.state.documents.insert(name, document);
    }
    timings.time(
        || "build state".to_string(),
        || write_build_state(out, &build.state),
    )?;
    timings.print();
    Ok(build.summary)
}

/// The project root's manifest path.
pub(crate) fn manifest_path(root: &Path) -> PathBuf {
    root.join(crate::sources::MANIFEST)
}
