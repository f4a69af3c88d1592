//! The documents of a run, rendered once its artefacts are done: each paper's literate report and
//! tables document, and the index with the claims ledger and the reviewer's page; each rendered
//! only when its inputs changed, staged, then committed in order.

use std::collections::{BTreeMap, BTreeSet};

use super::fingerprint::artefact_stamp;
use super::fingerprint::{hash_file, hash_json};
use super::outputs::stage_if_changed;
use super::render::{TABLES_TEMPLATE, render_table, render_tables_document};
use super::{Action, Done, Options, ReproduceError};
use crate::account::Account;
use crate::io::output::{OutputDir, Staged};
use crate::manifest::{Artefact, Manifest, OutputFormat};
use crate::pipeline::build_state::{self, BuildState, CachedTable, DocumentState};
use crate::provenance::{ContentHash, Fnv1a64, Stamp};
use crate::published::PublishedFile;
use crate::render::Templates;
use crate::report::{self, ArtefactStatus, Format, ReportInput};
use crate::results::ResultTable;

/// The documents of a run: per paper its report and tables document, and the index with the ledger.
pub(super) struct Documents<'a> {
    pub(super) manifest: &'a Manifest,
    pub(super) options: &'a Options,
    pub(super) out: &'a OutputDir,
    pub(super) templates: &'a Templates,
    pub(super) results: &'a BTreeMap<String, ResultTable>,
    pub(super) statuses: &'a BTreeMap<String, ArtefactStatus>,
    /// The account of the run, which every document renders.
    pub(super) account: &'a Account,
    pub(super) figure_pdfs: &'a BTreeSet<String>,
    pub(super) published: &'a [PublishedFile],
}

/// A document ready to be written ([`Documents::plan`]): up to date (its previous state kept), or
/// rendered with the state to record and its changed files staged, in the order written.
pub(super) enum PlannedDocument {
    UpToDate {
        name: String,
        state: DocumentState,
    },
    Staged {
        name: String,
        state: DocumentState,
        staged: Vec<Staged>,
    },
}

/// The name of a document in the build state and in a run's account.
pub(super) fn document_name(paper: &str) -> String {
    format!("{paper} report")
}

/// The relative path of the top-level index and of the claims ledger.
pub(crate) const INDEX_PATH: &str = "index.md";
pub(crate) const LEDGER_PATH: &str = "ledger.md";
/// The relative path of the account as JSON (every item, finding and count the views render).
pub(crate) const ACCOUNT_PATH: &str = "account.json";

impl Documents<'_> {
    /// A stamp over `files` (the project's files, relative to the root), the manifest and the data
    /// files of `artefacts`.
    fn stamp(&self, files: &[String], artefacts: &[&Artefact]) -> Stamp {
        let sources = &self.options.sources;
        let mut stamp = Stamp::new(&self.options.commit, self.options.seed);
        for path in
            std::iter::once(crate::sources::MANIFEST).chain(files.iter().map(String::as_str))
        {
            if let Some(hash) = sources.hash(path) {
                stamp.inputs.insert(path.to_string(), hash);
            }
        }
        let data = artefacts.iter().flat_map(|a| a.parameters.input_files());
        for (_, path) in data {
            if let Some(hash) = hash_file(&self.options.root, path) {
                stamp.inputs.insert(path.to_string(), hash);
            }
        }
        stamp
    }

    /// Fingerprint over a stamp's inputs, the program, and the status and results of `artefacts`.
    fn fingerprint(&self, kind: &str, stamp: &Stamp, artefacts: &[&Artefact]) -> ContentHash {
        let mut h = Fnv1a64::new();
        h.field(kind.as_bytes());
        h.field(self.options.program.as_bytes());
        h.field(&self.options.seed.to_le_bytes());
        for (path, hash) in &stamp.inputs {
            h.field(path.as_bytes());
            h.field(&hash.0.to_le_bytes());
        }
        h.field(
            serde_json::to_string(&self.manifest.papers)
                .unwrap_or_default()
                .as_bytes(),
        );
        for artefact in artefacts {
            h.field(
                serde_json::to_string(artefact)
                    .unwrap_or_default()
                    .as_bytes(),
            );
            h.field(
                serde_json::to_string(&self.statuses.get(artefact.id.as_str()))
                    .unwrap_or_default()
                    .as_bytes(),
            );
            if let Some(table) = self.results.get(artefact.id.as_str()) {
                h.field(&hash_json(&CachedTable::from(table)).0.to_le_bytes());
            }
            h.field(&[u8::from(self.figure_pdfs.contains(artefact.id.as_str()))]);
        }
        h.finish()
    }

    /// Renders `files` and stages those whose content changed, unless the document is up to date
    /// (nothing is written until [`Documents::commit`]).
    fn plan(
        &self,
        name: String,
        fingerprint: ContentHash,
        previous: &BuildState,
        render: impl FnOnce() -> Result<Vec<(String, String)>, ReproduceError>,
    ) -> Result<PlannedDocument, ReproduceError> {
        if let Some(prev) = previous.documents.get(&name)
            && !self.options.force
            && prev.fingerprint == fingerprint
            && build_state::outputs_intact(self.out.root(), &prev.outputs)
        {
            return Ok(PlannedDocument::UpToDate {
                name,
                state: prev.clone(),
            });
        }
        let mut outputs = BTreeMap::new();
        let mut staged = Vec::new();
        for (path, text) in render()? {
            staged.extend(stage_if_changed(
                self.out,
                &path,
                text.as_bytes(),
                &mut outputs,
                self.options.force,
            )?);
        }
        Ok(PlannedDocument::Staged {
            name,
            state: DocumentState {
                fingerprint,
                outputs,
            },
            staged,
        })
    }

    /// Writes a planned document (renames its staged files into place): the account line and the
    /// state to record.
    pub(super) fn commit(
        &self,
        planned: PlannedDocument,
    ) -> Result<(Done, String, DocumentState), ReproduceError> {
        let (name, state, action, files) = match planned {
            PlannedDocument::UpToDate { name, state } => {
                (name, state, Action::UpToDate, Vec::new())
            }
            PlannedDocument::Staged {
                name,
                state,
                staged,
            } => {
                let files = staged
                    .into_iter()
                    .map(Staged::commit)
                    .collect::<Result<Vec<_>, _>>()?;
                (name, state, Action::Rebuilt, files)
            }
        };
        let done = Done {
            name: name.clone(),
            action,
            files,
        };
        Ok((done, name, state))
    }

    /// A paper's literate report (Markdown and LaTeX) and its tables document.
    pub(super) fn paper(
        &self,
        paper: &crate::manifest::Paper,
        published: Option<&PublishedFile>,
        previous: &BuildState,
    ) -> Result<PlannedDocument, ReproduceError> {
        let artefacts = report::paper_artefacts(self.manifest, &paper.id);
        let mut files: Vec<String> = paper.published.iter().cloned().collect();
        if paper.published.is_some() {
            files.push(crate::consistency::wiring::CONSISTENCY_FILE.to_string());
        }
        files.extend([
            report::source_path(paper, Format::Markdown),
            report::source_path(paper, Format::Latex),
            format!("templates/{TABLES_TEMPLATE}"),
        ]);
        for format in [Format::Markdown, Format::Latex] {
            files.extend(report::report_templates(format).map(|t| format!("templates/{t}")));
        }
        files.extend(report::ROBUSTNESS_TEMPLATES.map(|t| format!("templates/{t}")));
        files.extend(report::KNOB_SPACE_TEMPLATES.map(|t| format!("templates/{t}")));
        let stamp = self.stamp(&files, &artefacts);
        let fingerprint = self.fingerprint("paper report", &stamp, &artefacts);
        let name = document_name(&paper.id);
        self.plan(name.clone(), fingerprint, previous, || {
            let render_err = |source| ReproduceError::Render {
                artefact: name.clone(),
                source,
            };
            let input = ReportInput {
                sources: &self.options.sources,
                manifest: self.manifest,
                paper,
                published,
                results: self.results,
                statuses: self.statuses,
                account: self.account,
                figure_pdfs: self.figure_pdfs,
                stamp: &stamp,
            };
            let mut files = vec![
                (
                    format!("{}/report.md", paper.slug),
                    report::render_report(&input, Format::Markdown).map_err(render_err)?,
                ),
                (
                    format!("{}/report.tex", paper.slug),
                    report::render_report(&input, Format::Latex).map_err(render_err)?,
                ),
            ];
            let built: Vec<(&Artefact, &ResultTable)> = artefacts
                .iter()
                .filter_map(|&a| self.results.get(a.id.as_str()).map(|t| (a, t)))
                .collect();
            // An artefact's Markdown again, with what the account says of it (the draw shown a
            // rare one): its own step wrote it before the account existed. The run records the
            // file's new hash for the artefact too ([`super::build`]), so the next run finds both
            // up to date.
            for (artefact, table) in &built {
                let notes = self.account.artefact_notes(&paper.id, artefact.id.as_str());
                if notes.is_empty() || !artefact.outputs.contains(&OutputFormat::Markdown) {
                    continue;
                }
                let stamp = artefact_stamp(
                    &self.options.root,
                    artefact,
                    &self.options.commit,
                    self.options.seed,
                );
                let rendered = render_table(
                    self.manifest,
                    artefact,
                    table,
                    self.templates,
                    &stamp,
                    &notes,
                )?;
                files.extend(
                    rendered
                        .into_iter()
                        .filter(|(path, _)| path.ends_with(".md")),
                );
            }
            files.extend(render_tables_document(
                self.manifest,
                &paper.id,
                &built,
                self.account,
                self.templates,
                &stamp,
            )?);
            Ok(files)
        })
    }

    /// `index.md`, `ledger.md` and the reviewer's page `index.html`.
    pub(super) fn index(&self, previous: &BuildState) -> Result<PlannedDocument, ReproduceError> {
        let artefacts: Vec<&Artefact> = self.manifest.artefacts.iter().collect();
        let mut files: Vec<String> = self
            .manifest
            .papers
            .iter()
            .filter_map(|p| p.published.clone())
            .collect();
        if !files.is_empty() {
            files.push(crate::consistency::wiring::CONSISTENCY_FILE.to_string());
        }
        files.push(format!("templates/{}", report::INDEX_TEMPLATE));
        files.extend(report::html::PAGE_TEMPLATES.map(|t| format!("templates/{t}")));
        let stamp = self.stamp(&files, &artefacts);
        let fingerprint = self.fingerprint("index", &stamp, &artefacts);
        self.plan("index".to_string(), fingerprint, previous, || {
            let index = report::render_index(
                &self.options.sources,
                self.manifest,
                self.account,
                LEDGER_PATH,
                &stamp,
            )
            .map_err(|source| ReproduceError::Render {
                artefact: "index".to_string(),
                source,
            })?;
            let items: Vec<_> = self.account.items.iter().collect();
            let notes: Vec<_> = self.account.notes.iter().collect();
            let ledger =
                crate::render::stamp::xml_comment(&stamp) + &report::markdown(&items, &notes);
            let page = report::html::render_page(&report::html::PageInput {
                sources: &self.options.sources,
                manifest: self.manifest,
                published: self.published,
                results: self.results,
                account: self.account,
                stamp: &stamp,
            })
            .map_err(|source| ReproduceError::Render {
                artefact: report::html::PAGE_PATH.to_string(),
                source,
            })?;
            let account =
                report::account_json(self.account).map_err(|e| ReproduceError::Render {
                    artefact: ACCOUNT_PATH.to_string(),
                    source: crate::render::RenderError::from(e),
                })?;
            Ok(vec![
                (INDEX_PATH.to_string(), index),
                (LEDGER_PATH.to_string(), ledger),
                (ACCOUNT_PATH.to_string(), account),
                (report::html::PAGE_PATH.to_string(), page),
            ])
        })
    }
}
