//! The `reproduce` pipeline: run the experiment of every built artefact (or the selected ones) and
//! write its renderings into the output directory.
//!
//! Output layout: `<out>/<paper slug>/<artefact id>.{md,tex,json}` per table, and
//! `<out>/<paper slug>/tables.tex`, a standalone LaTeX document that inputs every rebuilt table of the paper.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::experiments::{self, Context, ExperimentError};
use crate::io::output::{OutputDir, OutputError};
use crate::manifest::{Artefact, Kind, Manifest, OutputFormat, Status};
use crate::render::grid::{self, Target};
use crate::render::{RenderError, Templates};
use crate::results::ResultTable;

/// Why a reproduction failed.
#[derive(Debug, thiserror::Error)]
pub enum ReproduceError {
    #[error("unknown artefact id `{id}` in --only; known ids: {known}")]
    UnknownArtefact { id: String, known: String },
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
}

/// What one artefact's reproduction wrote.
#[derive(Debug, Clone)]
pub struct Written {
    pub artefact: String,
    pub files: Vec<PathBuf>,
    /// Why the artefact was skipped (its input data is not available), when it was.
    pub skipped: Option<String>,
}

/// An artefact not rebuilt because its input data is not available
/// ([`ExperimentError::DataUnavailable`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub artefact: String,
    pub reason: String,
}

/// Settings of a run.
#[derive(Debug, Clone)]
pub struct Options {
    pub root: PathBuf,
    pub seed: u64,
    /// Artefact ids to rebuild; empty means every built artefact.
    pub only: Vec<String>,
    /// A user's real collection (`--data DIR`), for the experiments that support real-data mode.
    pub data_dir: Option<PathBuf>,
    /// Worker threads; results never depend on it.
    pub threads: usize,
}

/// The artefacts selected by `only` (every built one when empty), checking that named ones exist and
/// are built.
pub fn select<'m>(
    manifest: &'m Manifest,
    only: &[String],
) -> Result<Vec<&'m Artefact>, ReproduceError> {
    if only.is_empty() {
        return Ok(manifest
            .artefacts
            .iter()
            .filter(|a| a.status == Status::Built)
            .collect());
    }
    only.iter()
        .map(|id| {
            let artefact =
                manifest
                    .artefact(id)
                    .ok_or_else(|| ReproduceError::UnknownArtefact {
                        id: id.clone(),
                        known: manifest
                            .artefacts
                            .iter()
                            .map(|a| a.id.as_str())
                            .collect::<Vec<_>>()
                            .join(", "),
                    })?;
            if artefact.status == Status::Pending {
                return Err(ReproduceError::Pending(
                    artefact.id.clone(),
                    artefact.pending_reason.clone().unwrap_or_default(),
                ));
            }
            Ok(artefact)
        })
        .collect()
}

/// Runs the experiments of `artefacts`, in order.
pub fn rebuild(
    artefacts: &[&Artefact],
    context: &Context,
) -> Result<BTreeMap<String, ResultTable>, ReproduceError> {
    artefacts
        .iter()
        .map(|a| Ok((a.id.clone(), experiments::run(a, context)?)))
        .collect()
}

/// Like [`rebuild`], but an artefact whose input data does not exist is skipped, with the reason,
/// instead of failing the whole run; every other error still fails it.
pub fn rebuild_available(
    artefacts: &[&Artefact],
    context: &Context,
) -> Result<(BTreeMap<String, ResultTable>, Vec<Skipped>), ReproduceError> {
    let mut tables = BTreeMap::new();
    let mut skipped = Vec::new();
    for a in artefacts {
        match experiments::run(a, context) {
            Ok(table) => {
                tables.insert(a.id.clone(), table);
            }
            Err(e @ ExperimentError::DataUnavailable { .. }) => skipped.push(Skipped {
                artefact: a.id.clone(),
                reason: e.to_string(),
            }),
            Err(e) => return Err(e.into()),
        }
    }
    Ok((tables, skipped))
}

/// A one-line provenance stamp for generated files.
pub fn provenance(artefact: &Artefact, seed: u64) -> String {
    format!(
        "rebuilt by evia-repro {} (experiment {}, seed {seed})",
        env!("CARGO_PKG_VERSION"),
        artefact.experiment
    )
}

#[derive(Serialize)]
struct TableContext<'a> {
    #[serde(flatten)]
    grid: &'a grid::Grid,
    provenance: String,
}

#[derive(Serialize)]
struct JsonCell<'a> {
    panel: &'a str,
    row: &'a str,
    column: &'a str,
    part: &'a str,
    value: f64,
}

#[derive(Serialize)]
struct JsonTable<'a> {
    id: &'a str,
    paper: &'a str,
    caption: &'a str,
    experiment: &'a str,
    seed: u64,
    generator: String,
    notes: &'a [String],
    cells: Vec<JsonCell<'a>>,
}

/// Renders one table to every output format its manifest entry asks for: `(relative path, contents)`.
pub fn render_table(
    manifest: &Manifest,
    artefact: &Artefact,
    table: &ResultTable,
    templates: &Templates,
    seed: u64,
) -> Result<Vec<(String, String)>, ReproduceError> {
    let render_err = |source| ReproduceError::Render {
        artefact: artefact.id.clone(),
        source,
    };
    let slug = paper_slug(manifest, artefact);
    let stamp = provenance(artefact, seed);
    let mut files = Vec::new();
    for format in &artefact.outputs {
        match format {
            OutputFormat::Markdown => {
                let grid = grid::layout(artefact, table, Target::Markdown)
                    .map_err(|e| render_err(e.into()))?;
                let context = TableContext {
                    grid: &grid,
                    provenance: stamp.clone(),
                };
                let text = templates
                    .markdown("table.md.j2", &context)
                    .map_err(render_err)?;
                files.push((format!("{slug}/{}.md", artefact.id), text));
            }
            OutputFormat::Latex => {
                let grid = grid::layout(artefact, table, Target::Latex)
                    .map_err(|e| render_err(e.into()))?;
                let context = TableContext {
                    grid: &grid,
                    provenance: stamp.clone(),
                };
                let text = templates
                    .latex("table.tex.j2", &context)
                    .map_err(render_err)?;
                files.push((format!("{slug}/{}.tex", artefact.id), text));
            }
            OutputFormat::Json => {
                let json = JsonTable {
                    id: &artefact.id,
                    paper: &artefact.paper,
                    caption: &artefact.caption,
                    experiment: &artefact.experiment,
                    seed,
                    generator: format!("evia-repro {}", env!("CARGO_PKG_VERSION")),
                    notes: &table.notes,
                    cells: table
                        .cells
                        .iter()
                        .map(|(k, &value)| JsonCell {
                            panel: &k.panel,
                            row: &k.row,
                            column: &k.column,
                            part: &k.part,
                            value,
                        })
                        .collect(),
                };
                let text = serde_json::to_string_pretty(&json).map_err(|e| render_err(e.into()))?;
                files.push((format!("{slug}/{}.json", artefact.id), text + "\n"));
            }
            OutputFormat::Svg => {
                let text = crate::render::figure::svg(artefact, table)
                    .map_err(|e| render_err(e.into()))?;
                files.push((format!("{slug}/{}.svg", artefact.id), text));
            }
        }
    }
    Ok(files)
}

/// The standalone LaTeX document of one paper that inputs each of its rebuilt tables.
pub fn render_tables_document(
    manifest: &Manifest,
    paper: &str,
    tables: &[&Artefact],
    templates: &Templates,
    seed: u64,
) -> Result<Option<(String, String)>, ReproduceError> {
    let Some(info) = manifest.paper(paper) else {
        return Ok(None);
    };
    let inputs: Vec<String> = tables
        .iter()
        .filter(|a| {
            a.paper == paper && a.kind == Kind::Table && a.outputs.contains(&OutputFormat::Latex)
        })
        .map(|a| format!("{}.tex", a.id))
        .collect();
    if inputs.is_empty() {
        return Ok(None);
    }
    #[derive(Serialize)]
    struct Doc<'a> {
        title: String,
        provenance: String,
        tables: &'a [String],
    }
    let doc = Doc {
        title: grid::escape_latex(&info.title),
        provenance: format!("evia-repro {}, seed {seed}.", env!("CARGO_PKG_VERSION")),
        tables: &inputs,
    };
    let text = templates
        .latex("tables.tex.j2", &doc)
        .map_err(|source| ReproduceError::Render {
            artefact: format!("{paper} tables"),
            source,
        })?;
    Ok(Some((format!("{}/tables.tex", info.slug), text)))
}

fn paper_slug<'m>(manifest: &'m Manifest, artefact: &Artefact) -> &'m str {
    manifest
        .paper(&artefact.paper)
        .map_or("other", |p| p.slug.as_str())
}

/// Rebuilds the selected artefacts and writes every rendering into `out`, atomically.
pub fn reproduce(
    manifest: &Manifest,
    options: &Options,
    out: &OutputDir,
) -> Result<Vec<Written>, ReproduceError> {
    let selected = select(manifest, &options.only)?;
    let context = Context {
        data_dir: options.data_dir.clone(),
        threads: options.threads,
        ..Context::new(&options.root, options.seed)
    };
    let (results, skipped) = rebuild_available(&selected, &context)?;
    let selected: Vec<&Artefact> = selected
        .into_iter()
        .filter(|a| results.contains_key(&a.id))
        .collect();
    let templates = Templates::new(&options.root.join("templates")).map_err(|source| {
        ReproduceError::Render {
            artefact: "(templates)".to_string(),
            source,
        }
    })?;
    let mut written = Vec::new();
    for artefact in &selected {
        let table = &results[&artefact.id];
        let mut files = Vec::new();
        for (path, text) in render_table(manifest, artefact, table, &templates, options.seed)? {
            files.push(out.write(&path, text.as_bytes())?);
        }
        written.push(Written {
            artefact: artefact.id.clone(),
            files,
            skipped: None,
        });
    }
    written.extend(skipped.into_iter().map(|s| Written {
        artefact: s.artefact,
        files: Vec::new(),
        skipped: Some(s.reason),
    }));
    for paper in &manifest.papers {
        if let Some((path, text)) =
            render_tables_document(manifest, &paper.id, &selected, &templates, options.seed)?
        {
            let file = out.write(&path, text.as_bytes())?;
            written.push(Written {
                artefact: format!("{} tables", paper.id),
                files: vec![file],
                skipped: None,
            });
        }
    }
    Ok(written)
}

/// The project root's manifest path.
pub fn manifest_path(root: &Path) -> PathBuf {
    root.join("paper").join("manifest.yaml")
}
