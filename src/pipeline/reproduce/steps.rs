//! The artefact steps of a run, in manifest order: each artefact kept, re-rendered from its cached
//! result, or rebuilt (its experiment run here or ahead on another thread), then written.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use super::build::Build;
use super::experiments::run_experiment;
use super::fingerprint::{artefact_stamp, experiment_fingerprint, render_fingerprint};
use super::outputs::write_if_changed;
use super::render::render_table;
use super::{Action, Done, Options, ReproduceError};
use crate::io::output::{OutputDir, OutputError, Staged};
use crate::manifest::{Artefact, Manifest, Status};
use crate::papers::{Context, ExperimentError};
use crate::pipeline::ahead::Ahead;
use crate::pipeline::build_state::{self, ArtefactState, BuildState, CachedTable};
use crate::pipeline::conversions::{Conversion, Owner};
use crate::pipeline::progress::{Progress, Step};
use crate::provenance::ContentHash;
use crate::published::PublishedFile;
use crate::render::Templates;
use crate::report::ArtefactStatus;
use crate::results::ResultTable;

/// With `--force` and 2 threads or more, starts the experiment of every selected artefact that is
/// not pending on up to `threads` workers of `scope` (each keeps `threads` for its own parallel
/// parts), so that independent tables are computed side by side while the main thread writes the
/// artefacts whose results have arrived; otherwise starts nothing, and each step runs its own
/// experiment (progress then shows it live). Results never depend on the thread count or the order,
/// and the step of each artefact uses (and reports errors of) its result exactly as if it had run
/// the experiment itself.
pub(super) fn start_ahead<'scope, 'env>(
    scope: &'scope std::thread::Scope<'scope, 'env>,
    manifest: &'env Manifest,
    options: &Options,
    selected: &BTreeSet<String>,
    context: &'env Context,
) -> Ahead<'env, Prepared> {
    if !options.force || options.threads < 2 {
        return Ahead::none();
    }
    let jobs: Vec<&Artefact> = manifest
        .artefacts
        .iter()
        .filter(|a| a.status != Status::Pending && selected.contains(a.id.as_str()))
        // A robustness study runs in its own step, on every worker, showing its progress.
        .filter(|a| !a.experiment.is_study())
        .collect();
    Ahead::start(scope, jobs, options.threads, context, &options.timings)
}

/// What every artefact step of [`reproduce`](super::reproduce) reads.
pub(super) struct Rebuild<'a> {
    pub(super) manifest: &'a Manifest,
    pub(super) options: &'a Options,
    pub(super) out: &'a OutputDir,
    pub(super) templates: &'a Templates,
    /// The build state of the previous run in the output directory.
    pub(super) previous: &'a BuildState,
    /// Every paper's published values (a robustness study compares its replicates with them).
    pub(super) published: &'a [PublishedFile],
    pub(super) context: &'a Context,
}

impl Rebuild<'_> {
    /// Every artefact's step in manifest order, each reported as it starts and ends, taking the
    /// results of the experiments running `ahead` ([`start_ahead`]) as they arrive.
    pub(super) fn artefact_steps(
        &self,
        selected: &BTreeSet<String>,
        build: &mut Build,
        ahead: &mut Ahead<'_, Prepared>,
    ) -> Result<(), ReproduceError> {
        let (options, manifest) = (self.options, self.manifest);
        let total = manifest.artefacts.len() + manifest.papers.len() + 1;
        let mut reported = 0;
        for (position, artefact) in (1..).zip(&manifest.artefacts) {
            // Each step pushes exactly one `Done`; the previous one is reported here, the last after
            // the loop.
            report_finished(
                &options.progress,
                &build.summary.artefacts,
                &mut reported,
                total,
            );
            options.progress.report(Step::Started {
                name: &artefact.id,
                position,
                total,
            });
            let selected = selected.contains(artefact.id.as_str());
            options.timings.time(
                || format!("step {}", artefact.id),
                || self.artefact(artefact, selected, build, ahead),
            )?;
        }
        report_finished(
            &options.progress,
            &build.summary.artefacts,
            &mut reported,
            total,
        );
        Ok(())
    }

    /// One artefact's step: pending, or not `selected` (kept from the previous run if still valid), or
    /// up to date, or re-rendered from its cached result, or rebuilt (skipped when an optional input is
    /// missing), then written.
    fn artefact(
        &self,
        artefact: &Artefact,
        selected: bool,
        build: &mut Build,
        ahead: &mut Ahead<'_, Prepared>,
    ) -> Result<(), ReproduceError> {
        let (id, options) = (artefact.id.as_str(), self.options);
        if artefact.status == Status::Pending {
            let reason = artefact.pending_reason.clone().unwrap_or_default();
            let status = ArtefactStatus::Pending(reason.clone());
            build.not_built(id, status, Action::Pending(reason));
            return Ok(());
        }
        let experiment_fp = experiment_fingerprint(self.manifest, artefact, options);
        let render_fp = render_fingerprint(artefact, options, self.templates);
        let prev = self.previous.artefacts.get(id);
        let cached = prev
            .filter(|p| p.experiment == experiment_fp && options.data_dir.is_none())
            .and_then(|p| p.result.to_result().map(|t| (p, t)));
        let intact = |p: &ArtefactState| {
            p.render == render_fp && build_state::outputs_intact(self.out.root(), &p.outputs)
        };
        if !selected {
            // Not asked for: keep what the state has, and use its results only if still valid.
            if let Some(p) = prev {
                build.state.artefacts.insert(id.to_string(), p.clone());
            }
            match cached {
                Some((p, table)) if intact(p) => build.up_to_date(id, p, table),
                _ => build.not_built(id, ArtefactStatus::NotRebuilt, Action::NotSelected),
            }
            return Ok(());
        }
        let (table, rendered, action) = match cached {
            Some((p, table)) if !options.force && intact(p) => {
                build.up_to_date(id, p, table);
                return Ok(());
            }
            Some((_, table)) if !options.force => (table, None, Action::Rerendered),
            _ => match ahead
                .take(&artefact.id, &mut |got, result| self.prepare(got, result))
                .map_or_else(
                    || self.run_experiment(artefact).map(|t| (t, None)),
                    |r| r.map(|(t, rendered)| (t, Some(rendered))),
                ) {
                Ok((table, rendered)) => (table, rendered, Action::Rebuilt),
                Err(ReproduceError::Experiment(ExperimentError::DataUnavailable {
                    path,
                    reason,
                    ..
                })) => {
                    let reason = format!("input {path} is not available: {reason}");
                    let status = ArtefactStatus::Skipped(reason.clone());
                    build.not_built(id, status, Action::Skipped(reason));
                    return Ok(());
                }
                Err(ReproduceError::Experiment(ExperimentError::Undefined { reason, .. })) => {
                    let status = ArtefactStatus::Pending(reason.clone());
                    build.not_built(id, status, Action::Pending(reason));
                    return Ok(());
                }
                Err(e) => return Err(e),
            },
        };
        let rendered = match rendered {
            Some(rendered) => rendered,
            None => self.render(artefact, &table)?,
        };
        let (outputs, files) = self.write_rendered(artefact, rendered, build)?;
        let state = ArtefactState {
            experiment: experiment_fp,
            render: render_fp,
            outputs,
            result: CachedTable::from(&table),
        };
        build.state.artefacts.insert(id.to_string(), state);
        build.results.insert(id.to_string(), table);
        build.statuses.insert(id.to_string(), ArtefactStatus::Built);
        build.done(id, action, files);
        Ok(())
    }

    /// Runs `artefact`'s experiment ([`run_experiment`]), reporting a study's replicates or design
    /// points as progress steps.
    fn run_experiment(&self, artefact: &Artefact) -> Result<ResultTable, ReproduceError> {
        let position = 1 + self
            .manifest
            .artefacts
            .iter()
            .position(|a| a.id == artefact.id)
            .unwrap_or(0);
        let total = self.manifest.artefacts.len() + self.manifest.papers.len() + 1;
        let progress = &self.options.progress;
        let report = |done: u32, replicates: u32| {
            progress.report(Step::Replicates {
                name: &artefact.id,
                unit: artefact
                    .experiment
                    .study()
                    .map_or("replicate", |study| study.unit()),
                position,
                total,
                done,
                replicates,
            });
        };
        run_experiment(
            self.manifest,
            self.published,
            artefact,
            self.context,
            &report,
        )
    }

    /// An experiment's `result` that arrived ahead of its step, made ready for it: rendered, its
    /// figure's conversion started ([`Rebuild::render`]); nothing is written.
    fn prepare(
        &self,
        artefact: &Artefact,
        result: Result<ResultTable, ExperimentError>,
    ) -> Prepared {
        let table = result?;
        let mut rendered = self.render(artefact, &table)?;
        // Results run ahead only with `--force`, which writes every file: each is written now under
        // a temporary name, and only renamed into place by its step.
        if self.options.force {
            self.options.timings.time(
                || format!("stage {}", artefact.id),
                || rendered.stage(self.out),
            )?;
        }
        Ok((table, rendered))
    }

    /// Renders `table` in every format of `artefact` ([`render_table`]) and starts converting its
    /// SVG figure to PDF when a converter is available (the conversion reads its own copy of the SVG,
    /// see [`crate::pipeline::conversions`]); nothing is written until [`Rebuild::write_rendered`].
    fn render(&self, artefact: &Artefact, table: &ResultTable) -> Result<Rendered, ReproduceError> {
        let options = self.options;
        options.timings.time(
            || format!("render {}", artefact.id),
            || {
                let stamp = artefact_stamp(&options.root, artefact, &options.commit, options.seed);
                let files: Vec<RenderedFile> =
                    render_table(self.manifest, artefact, table, self.templates, &stamp, &[])?
                        .into_iter()
                        .map(|(path, text)| RenderedFile {
                            path,
                            text,
                            staged: None,
                        })
                        .collect();
                let mut conversions = Vec::new();
                if let Some(converter) = options.svg_converter.as_deref() {
                    for (at, RenderedFile { path, text, .. }) in files.iter().enumerate() {
                        if let Some(stem) = path.strip_suffix(".svg") {
                            let pdf = format!("{stem}.pdf");
                            let paths = (path.as_str(), pdf.as_str());
                            let conversion = Conversion::start(
                                (converter, options.convert_limit),
                                self.out,
                                paths,
                                text.as_bytes(),
                            );
                            conversions.push((at, conversion));
                        }
                    }
                }
                Ok(Rendered { files, conversions })
            },
        )
    }

    /// Writes the files of `rendered` whose content changed (a staged file is renamed into place),
    /// and places each figure conversion in the run after its SVG: the hashes of all its outputs
    /// and the files written.
    fn write_rendered(
        &self,
        artefact: &Artefact,
        rendered: Rendered,
        build: &mut Build,
    ) -> Result<(BTreeMap<String, ContentHash>, Vec<PathBuf>), ReproduceError> {
        let mut hashes = BTreeMap::new();
        let mut files = Vec::new();
        let mut conversions = rendered.conversions.into_iter().peekable();
        for (at, file) in rendered.files.into_iter().enumerate() {
            let RenderedFile { path, text, staged } = file;
            match staged {
                Some(staged) => {
                    hashes.insert(path, ContentHash::of(text.as_bytes()));
                    files.push(staged.commit()?);
                }
                None => files.extend(write_if_changed(
                    self.out,
                    &path,
                    text.as_bytes(),
                    &mut hashes,
                    self.options.force,
                )?),
            }
            while let Some((_, conversion)) = conversions.next_if(|(of, _)| *of == at) {
                let owner = Owner {
                    artefact: artefact.id.to_string(),
                    done_index: build.summary.artefacts.len(),
                    file_index: files.len(),
                };
                build.conversions.adopt(conversion, owner);
            }
        }
        Ok((hashes, files))
    }
}

/// An artefact's renderings made before its step writes them: its files in the order written, and
/// the conversions started from them, each with the index of its SVG among them.
pub(super) struct Rendered {
    files: Vec<RenderedFile>,
    conversions: Vec<(usize, Conversion)>,
}

/// One rendered file: its path relative to the output directory, its contents, and the file staged
/// with them if it was written ahead ([`OutputDir::stage`]).
struct RenderedFile {
    path: String,
    text: String,
    staged: Option<Staged>,
}

impl Rendered {
    /// Stages every file (written ahead under a temporary name; see [`Rebuild::prepare`]).
    fn stage(&mut self, out: &OutputDir) -> Result<(), OutputError> {
        for file in &mut self.files {
            file.staged = Some(out.stage(&file.path, file.text.as_bytes())?);
        }
        Ok(())
    }
}

/// An experiment's result prepared ahead of its step ([`Rebuild::prepare`]): the result and its
/// renderings, or the error the step reports.
type Prepared = Result<(ResultTable, Rendered), ReproduceError>;

/// Reports the artefacts pushed to `done` since the last call (`reported` counts those already reported).
fn report_finished(progress: &Progress, done: &[Done], reported: &mut usize, total: usize) {
    for (position, item) in (*reported + 1..).zip(&done[*reported..]) {
        progress.report(Step::Finished {
            done: item,
            position,
            total,
        });
    }
    *reported = done.len();
}
