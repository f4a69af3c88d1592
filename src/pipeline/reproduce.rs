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
//! ([`crate::manifest::ExperimentParams::input_files`]), the seed, the program (package version and a stamp of the running executable, see [`program_identity`], so a rebuilt program
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

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::io::output::{OutputDir, OutputError, Staged};
use crate::ledger::Ledger;
use crate::manifest::{Artefact, Kind, Manifest, OutputFormat, Status};
use crate::model::stand_in::StandIn;
use crate::papers::{self, Context, ExperimentError};
use crate::pipeline::ahead::Ahead;
use crate::pipeline::build_state::{self, ArtefactState, BuildState, CachedTable, DocumentState};
use crate::pipeline::conversions::{Conversion, Conversions, Owner};
use crate::pipeline::progress::{Progress, Step};
use crate::pipeline::timings::Timings;
use crate::provenance::{ContentHash, Fnv1a64, Stamp};
use crate::published::{PublishedError, PublishedFile};
use crate::render::grid::{self, Target};
use crate::render::{RenderError, Templates};
use crate::report::{self, ArtefactStatus, Format, ReportInput};
use crate::results::ResultTable;
use crate::sources::Sources;

/// Why a reproduction failed.
#[derive(Debug, thiserror::Error)]
pub enum ReproduceError {
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
    Consistency(#[from] crate::consistency::wiring::WiringError),
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
pub struct Options {
    /// The directory that relative data paths of the manifest are read from.
    pub root: PathBuf,
    /// Where the templates and literate sources are read from ([`Sources::Root`] of `root` by
    /// default; `study` uses the built-in ones).
    pub sources: Sources,
    pub seed: u64,
    /// Artefact ids to rebuild; empty means every built artefact.
    pub only: Vec<String>,
    /// A user's real collection (`--data DIR`), for the experiments that support real-data mode.
    pub data_dir: Option<PathBuf>,
    /// Worker threads; results never depend on it.
    pub threads: usize,
    /// Rebuild and rewrite everything, whatever the build state says.
    pub force: bool,
    /// The git commit stamped into generated files ([`crate::provenance::detect_commit`] by default).
    pub commit: String,
    /// The program's identity in fingerprints (see [`program_identity`]); never printed in outputs.
    pub program: String,
    /// The SVG-to-PDF converter (`rsvg-convert`) for figures in LaTeX reports; `None` leaves figures as
    /// SVG only and the LaTeX report says where to find them.
    pub svg_converter: Option<PathBuf>,
    /// Where the run reports each step as it goes (silent by default).
    pub progress: Progress,
    /// The optional trace of where the wall time goes ([`Timings::from_env`]); never changes an output.
    pub timings: Timings,
}

impl Options {
    /// Defaults for `root` and `seed`: every built artefact, no real data, all cores, commit from
    /// [`crate::provenance::COMMIT_ENV`] or git, `rsvg-convert` if it is on the `PATH`.
    pub fn new(root: &Path, seed: u64) -> Self {
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
            progress: Progress::default(),
            timings: Timings::from_env(),
        }
    }
}

/// The package version and a stamp of the running executable: two builds of different code never
/// share cached results.
///
/// The stamp is the executable's file identity and metadata (see `executable_stamp`), not a hash
/// of its contents: hashing the ~40 MB release binary took about 30% of a small rebuild.
pub fn program_identity() -> String {
    let exe = std::env::current_exe()
        .ok()
        .and_then(|p| executable_stamp(&p))
        .unwrap_or_else(|| "unknown executable".to_string());
    format!("evia-repro {} ({exe})", env!("CARGO_PKG_VERSION"))
}

/// The executable's device, inode, size, modification and status-change times (nanoseconds).
///
/// Any write to the file changes its modification and status-change times, and a new build
/// replaces it (a new inode, or a new link, which changes the status-change time); the status-change
/// time cannot be set back by a user (unlike the modification time, `touch -d`, `cp -p`). So a
/// changed program always gets a new stamp; an unchanged one keeps it between runs (a copy or a
/// relink of the same program gets a new stamp: only a rebuild that was not needed).
#[cfg(unix)]
fn executable_stamp(path: &Path) -> Option<String> {
    use std::os::unix::fs::MetadataExt;
    let m = fs::metadata(path).ok()?;
    Some(format!(
        "file {}:{}, {} bytes, modified {}.{:09}, changed {}.{:09}",
        m.dev(),
        m.ino(),
        m.size(),
        m.mtime(),
        m.mtime_nsec(),
        m.ctime(),
        m.ctime_nsec()
    ))
}

/// Elsewhere: the content hash of the executable.
#[cfg(not(unix))]
fn executable_stamp(path: &Path) -> Option<String> {
    fs::read(path).ok().map(|b| ContentHash::of(&b).to_string())
}

/// The first executable called `name` in the directories of `PATH`.
pub fn find_on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// What a run did with one artefact or document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
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
pub struct Done {
    /// An artefact id, or a document name (`A report`, `index`).
    pub name: String,
    pub action: Action,
    /// Files written (only those whose content changed).
    pub files: Vec<PathBuf>,
}

/// The account of a run.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    pub artefacts: Vec<Done>,
    pub documents: Vec<Done>,
    /// Things the user should know (an ignored state file, a failed figure conversion).
    pub notices: Vec<String>,
}

impl Summary {
    /// Artefacts (not documents) whose action is `action`'s variant.
    pub fn count(&self, matches: impl Fn(&Action) -> bool) -> usize {
        self.artefacts.iter().filter(|d| matches(&d.action)).count()
    }

    /// Every file written in the run.
    pub fn written(&self) -> Vec<&PathBuf> {
        self.artefacts
            .iter()
            .chain(&self.documents)
            .flat_map(|d| &d.files)
            .collect()
    }
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
                    artefact.id.to_string(),
                    artefact.pending_reason.clone().unwrap_or_default(),
                ));
            }
            Ok(artefact)
        })
        .collect()
}

/// With `--data DIR`, checks that `--only` names the artefacts to run on the real collection and that
/// each of them has a real-data mode ([`crate::model::ExperimentId::has_real_data_mode`]); a user's
/// directory never silently feeds an experiment that ignores it.
pub fn check_real_data_selection(
    manifest: &Manifest,
    options: &Options,
) -> Result<(), ReproduceError> {
    if options.data_dir.is_none() {
        return Ok(());
    }
    let known = || {
        manifest
            .artefacts
            .iter()
            .filter(|a| a.experiment.has_real_data_mode())
            .map(|a| a.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if options.only.is_empty() {
        return Err(ReproduceError::RealDataWithoutOnly { known: known() });
    }
    for artefact in select(manifest, &options.only)? {
        if !artefact.experiment.has_real_data_mode() {
            return Err(ReproduceError::NoRealDataMode {
                id: artefact.id.to_string(),
                known: known(),
            });
        }
    }
    Ok(())
}

/// Runs the experiments of `artefacts` of `manifest`, in order (a robustness study through
/// [`run_experiment`], with the published values it compares with).
pub fn rebuild(
    manifest: &Manifest,
    artefacts: &[&Artefact],
    context: &Context,
) -> Result<BTreeMap<String, ResultTable>, ReproduceError> {
    let studies = artefacts.iter().any(|a| a.experiment.is_robustness_study());
    let published = if studies {
        load_published(manifest, &context.root)?
    } else {
        Vec::new()
    };
    artefacts
        .iter()
        .map(|a| {
            let table = run_experiment(manifest, &published, a, context, &|_, _| {})?;
            Ok((a.id.to_string(), table))
        })
        .collect()
}

/// Runs `artefact`'s experiment: a paper's ([`papers::run`]) or, for a robustness study, its
/// replicates of the paper's other artefacts ([`crate::robustness::run_artefact`]) compared with
/// the paper's values among `published`; `progress` is told each finished replicate count.
pub fn run_experiment(
    manifest: &Manifest,
    published: &[PublishedFile],
    artefact: &Artefact,
    context: &Context,
    progress: &(dyn Fn(u32, u32) + Sync),
) -> Result<ResultTable, ReproduceError> {
    if !artefact.experiment.is_robustness_study() {
        return Ok(papers::run(artefact, context)?);
    }
    let study_error = |source| ReproduceError::Robustness {
        artefact: artefact.id.to_string(),
        source,
    };
    let file = manifest
        .paper(&artefact.paper)
        .and_then(|paper| published_of(published, paper))
        .ok_or_else(|| {
            study_error(crate::robustness::RobustnessError::NoPublished {
                artefact: artefact.id.to_string(),
            })
        })?;
    crate::robustness::run_artefact(manifest, artefact, file, context, progress)
        .map_err(study_error)
}

/// An artefact not rebuilt because its input data is not available
/// ([`ExperimentError::DataUnavailable`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub artefact: String,
    pub reason: String,
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
        match papers::run(a, context) {
            Ok(table) => {
                tables.insert(a.id.to_string(), table);
            }
            Err(e @ ExperimentError::DataUnavailable { .. }) => skipped.push(Skipped {
                artefact: a.id.to_string(),
                reason: e.to_string(),
            }),
            Err(e) => return Err(e.into()),
        }
    }
    Ok((tables, skipped))
}

/// The template an output format of a table renders with (`None`: written without a template).
pub fn template_of(format: OutputFormat) -> Option<&'static str> {
    match format {
        OutputFormat::Markdown => Some("table.md.j2"),
        OutputFormat::Latex => Some("table.tex.j2"),
        OutputFormat::Json | OutputFormat::Svg => None,
    }
}

/// The template of the standalone LaTeX document collecting a paper's tables.
pub const TABLES_TEMPLATE: &str = "tables.tex.j2";

/// The name of a manifest entry among a stamp's inputs.
pub fn manifest_entry_name(id: &str) -> String {
    format!("paper/manifest.yaml#{id}")
}

/// The content hash of the file `relative` under `root`, or `None` when it cannot be read.
pub fn hash_file(root: &Path, relative: &str) -> Option<ContentHash> {
    fs::read(root.join(relative))
        .ok()
        .map(|b| ContentHash::of(&b))
}

/// The hash of `value` serialised as JSON (a manifest entry, a cached result).
fn hash_json(value: &impl Serialize) -> ContentHash {
    ContentHash::of(serde_json::to_string(value).unwrap_or_default().as_bytes())
}

/// The stamp of an artefact's files before the template of each format is added: its manifest entry,
/// the files its experiment reads, and the seed its streams were drawn with ([`Artefact::seed_or`]
/// of the run's global `seed`).
pub fn artefact_stamp(root: &Path, artefact: &Artefact, commit: &str, seed: u64) -> Stamp {
    let mut stamp = Stamp::new(commit, artefact.seed_or(seed));
    stamp
        .inputs
        .insert(manifest_entry_name(&artefact.id), hash_json(artefact));
    for (_, path) in artefact.parameters.input_files() {
        if let Some(hash) = hash_file(root, path) {
            stamp.inputs.insert(path.to_string(), hash);
        }
    }
    stamp
}

#[derive(Serialize)]
struct TableContext<'a> {
    #[serde(flatten)]
    grid: &'a grid::Grid,
    provenance: String,
    stamp: String,
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
    /// The visible stand-in note ([`StandIn::note`]) when the table rests on a stand-in, else null:
    /// the JSON cannot be copied out of the build directory without it.
    stand_in: Option<&'static str>,
    experiment: &'a str,
    provenance: &'a Stamp,
    notes: &'a [String],
    cells: Vec<JsonCell<'a>>,
}

/// Renders one artefact to every output format its manifest entry asks for: `(relative path, contents)`.
/// `stamp` is the artefact's stamp ([`artefact_stamp`]); each file's stamp adds the template it renders
/// with.
pub fn render_table(
    manifest: &Manifest,
    artefact: &Artefact,
    table: &ResultTable,
    templates: &Templates,
    stamp: &Stamp,
) -> Result<Vec<(String, String)>, ReproduceError> {
    let render_err = |source| ReproduceError::Render {
        artefact: artefact.id.to_string(),
        source,
    };
    let slug = paper_slug(manifest, artefact);
    let mut files = Vec::new();
    for format in &artefact.outputs {
        let mut stamp = stamp.clone();
        if let Some(name) = template_of(*format) {
            if let Some(hash) = templates.sources().template_hash(name) {
                stamp.inputs.insert(format!("templates/{name}"), hash);
            }
        }
        match format {
            OutputFormat::Markdown | OutputFormat::Latex => {
                let (target, name, ext, comment) = if *format == OutputFormat::Markdown {
                    (
                        Target::Markdown,
                        "table.md.j2",
                        "md",
                        stamp.markdown_comment(),
                    )
                } else {
                    (Target::Latex, "table.tex.j2", "tex", stamp.latex_comment())
                };
                let grid =
                    grid::layout(artefact, table, target).map_err(|e| render_err(e.into()))?;
                let headline = stamp.headline();
                let context = TableContext {
                    grid: &grid,
                    provenance: if target == Target::Latex {
                        grid::escape_latex(&headline)
                    } else {
                        grid::escape_markdown(&headline)
                    },
                    stamp: comment,
                };
                let text = if target == Target::Markdown {
                    templates.markdown(name, &context)
                } else {
                    templates.latex(name, &context)
                }
                .map_err(render_err)?;
                files.push((format!("{slug}/{}.{ext}", artefact.id), text));
            }
            OutputFormat::Json => {
                let json = JsonTable {
                    id: &artefact.id,
                    paper: &artefact.paper,
                    caption: artefact.caption.text(),
                    stand_in: artefact
                        .experiment
                        .stand_in(table.real_data)
                        .map(StandIn::note),
                    experiment: artefact.experiment.as_str(),
                    provenance: &stamp,
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
                let svg = crate::render::figure::svg(artefact, table)
                    .map_err(|e| render_err(e.into()))?;
                files.push((
                    format!("{slug}/{}.svg", artefact.id),
                    stamp_svg(&svg, &stamp),
                ));
            }
        }
    }
    Ok(files)
}

/// `svg` with the stamp as an XML comment after the XML declaration (or at the start).
fn stamp_svg(svg: &str, stamp: &Stamp) -> String {
    let comment = stamp.markdown_comment().replace("--", "- -");
    let comment = comment.replacen("<!- -", "<!--", 1).replace("- ->", "-->");
    match svg.strip_prefix("<?xml") {
        Some(_) => match svg.find("?>") {
            Some(end) => format!(
                "{}\n{comment}{}",
                &svg[..end + 2],
                svg[end + 2..].trim_start()
            ),
            None => format!("{comment}{svg}"),
        },
        None => format!("{comment}{svg}"),
    }
}

/// The standalone LaTeX document of one paper that inputs each of its rebuilt tables.
pub fn render_tables_document(
    manifest: &Manifest,
    paper: &str,
    tables: &[&Artefact],
    templates: &Templates,
    stamp: &Stamp,
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
        stamp: String,
        tables: &'a [String],
    }
    let doc = Doc {
        title: grid::escape_latex(&info.title),
        provenance: grid::escape_latex(&stamp.headline()),
        stamp: stamp.latex_comment(),
        tables: &inputs,
    };
    let text = templates
        .latex(TABLES_TEMPLATE, &doc)
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

/// The relative paths `artefact`'s renderings are written to.
fn output_paths(manifest: &Manifest, artefact: &Artefact) -> Vec<String> {
    let slug = paper_slug(manifest, artefact);
    artefact
        .outputs
        .iter()
        .map(|f| {
            let ext = match f {
                OutputFormat::Markdown => "md",
                OutputFormat::Latex => "tex",
                OutputFormat::Json => "json",
                OutputFormat::Svg => "svg",
            };
            format!("{slug}/{}.{ext}", artefact.id)
        })
        .collect()
}

/// Fingerprint of what `artefact`'s experiment reads.
pub(crate) fn experiment_fingerprint(
    manifest: &Manifest,
    artefact: &Artefact,
    options: &Options,
) -> ContentHash {
    let mut h = Fnv1a64::new();
    h.field(b"experiment");
    h.field(options.program.as_bytes());
    h.field(&artefact.seed_or(options.seed).to_le_bytes());
    h.field(
        serde_json::to_string(artefact)
            .unwrap_or_default()
            .as_bytes(),
    );
    h.field(
        serde_json::to_string(&manifest.paper(&artefact.paper))
            .unwrap_or_default()
            .as_bytes(),
    );
    hash_input_files(&mut h, artefact, &options.root);
    // A robustness study reads what its replicated artefacts read, and the published values its
    // claims compare with: a changed stand-in knob or printed value rebuilds it too.
    for replicated in manifest.replicated(artefact) {
        h.field(
            serde_json::to_string(replicated)
                .unwrap_or_default()
                .as_bytes(),
        );
        hash_input_files(&mut h, replicated, &options.root);
    }
    let published = manifest
        .paper(&artefact.paper)
        .and_then(|p| p.published.as_deref())
        .filter(|_| artefact.experiment.is_robustness_study());
    if let Some(path) = published {
        h.field(path.as_bytes());
        match hash_file(&options.root, path) {
            Some(hash) => h.field(&hash.0.to_le_bytes()),
            None => h.field(b"missing"),
        }
    }
    h.finish()
}

/// Adds the names, paths and contents of `artefact`'s input files to `h`.
fn hash_input_files(h: &mut Fnv1a64, artefact: &Artefact, root: &Path) {
    for (name, path) in artefact.parameters.input_files() {
        h.field(name.as_bytes());
        h.field(path.as_bytes());
        match hash_file(root, path) {
            Some(hash) => h.field(&hash.0.to_le_bytes()),
            None => h.field(b"missing"),
        }
    }
}

/// Fingerprint of what `artefact`'s renderings read besides its results.
fn render_fingerprint(
    artefact: &Artefact,
    options: &Options,
    templates: &Templates,
) -> ContentHash {
    let mut h = Fnv1a64::new();
    h.field(b"render");
    for format in &artefact.outputs {
        h.field(format!("{format:?}").as_bytes());
        if let Some(name) = template_of(*format) {
            h.field(name.as_bytes());
            match templates.sources().template_hash(name) {
                Some(hash) => h.field(&hash.0.to_le_bytes()),
                None => h.field(b"missing"),
            }
        }
        if *format == OutputFormat::Svg {
            let converter = options
                .svg_converter
                .as_ref()
                .map_or_else(String::new, |c| c.display().to_string());
            h.field(converter.as_bytes());
        }
    }
    h.finish()
}

/// Writes `text` to `relative` unless the file already holds exactly it (or always, with `force`);
/// returns the path if written.
fn write_if_changed(
    out: &OutputDir,
    relative: &str,
    text: &[u8],
    hashes: &mut BTreeMap<String, ContentHash>,
    force: bool,
) -> Result<Option<PathBuf>, ReproduceError> {
    hashes.insert(relative.to_string(), ContentHash::of(text));
    let dest = out.resolve(relative)?;
    if !force && fs::read(&dest).is_ok_and(|old| old == text) {
        return Ok(None);
    }
    Ok(Some(out.write(relative, text)?))
}

/// Like [`write_if_changed`], but only stages the file ([`OutputDir::stage`]) for a later commit.
fn stage_if_changed(
    out: &OutputDir,
    relative: &str,
    text: &[u8],
    hashes: &mut BTreeMap<String, ContentHash>,
    force: bool,
) -> Result<Option<Staged>, ReproduceError> {
    hashes.insert(relative.to_string(), ContentHash::of(text));
    let dest = out.resolve(relative)?;
    if !force && fs::read(&dest).is_ok_and(|old| old == text) {
        return Ok(None);
    }
    Ok(Some(out.stage(relative, text)?))
}

/// The published values of every paper that has them (`published:`), in manifest order, their
/// parameter-derived columns resolved against the manifest.
pub fn load_published(
    manifest: &Manifest,
    root: &Path,
) -> Result<Vec<PublishedFile>, ReproduceError> {
    manifest
        .papers
        .iter()
        .filter_map(|p| p.published.as_deref())
        .map(|published| {
            let path = root.join(published);
            let text = crate::io::read_text(&path).map_err(PublishedError::Read)?;
            let mut file = crate::published::parse(&text, &path)?;
            super::published_layout::resolve_parameter_columns(manifest, &mut file, &path, &text)?;
            super::published_layout::check_cells_exist(manifest, &file, &path, &text)?;
            Ok(file)
        })
        .collect()
}

/// The published values of `paper` among `published` (`None` when it has none).
pub fn published_of<'p>(
    published: &'p [PublishedFile],
    paper: &crate::manifest::Paper,
) -> Option<&'p PublishedFile> {
    paper.published.as_ref()?;
    published.iter().find(|f| f.paper.to_string() == paper.id)
}

/// The project's consistency checks on the `published` values
/// ([`crate::consistency::wiring::load_project_checks`]); none when no paper of the manifest has
/// published values (the wiring checks printed numbers, so it has nothing to apply to).
pub fn load_checks(
    root: &Path,
    manifest: &Manifest,
    published: &[PublishedFile],
) -> Result<crate::consistency::outcome::Checks, ReproduceError> {
    if published.is_empty() {
        return Ok(crate::consistency::outcome::Checks::default());
    }
    Ok(crate::consistency::wiring::load_project_checks(
        root, manifest, published,
    )?)
}

/// Rebuilds what changed and writes every rendering, report, the index and the ledger into `out`.
pub fn reproduce(
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
    collect_conversions(&mut build);
    let documents = Documents {
        manifest,
        options,
        out,
        templates: &templates,
        results: &build.results,
        statuses: &build.statuses,
        ledger: &ledger,
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
        build.state.documents.insert(name, document);
    }
    timings.time(
        || "build state".to_string(),
        || write_build_state(out, &build.state),
    )?;
    timings.print();
    Ok(build.summary)
}

/// Every output path of the manifest, checked against the output directory before anything runs or is
/// written.
fn check_output_paths(manifest: &Manifest, out: &OutputDir) -> Result<(), ReproduceError> {
    for artefact in &manifest.artefacts {
        for path in output_paths(manifest, artefact) {
            out.resolve(&path)?;
        }
    }
    for paper in &manifest.papers {
        for name in ["report.md", "report.tex", "tables.tex"] {
            out.resolve(&format!("{}/{name}", paper.slug))?;
        }
    }
    Ok(())
}

/// Writes the build state (`build_state::STATE_FILE`) of this run.
fn write_build_state(out: &OutputDir, state: &BuildState) -> Result<(), ReproduceError> {
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
fn collect_conversions(build: &mut Build) {
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

/// What the artefact steps of [`reproduce`] accumulate: the new build state, the results the ledger
/// and the reports read, each artefact's status, the artefacts whose figure has a PDF, the account.
struct Build {
    state: BuildState,
    results: BTreeMap<String, ResultTable>,
    statuses: BTreeMap<String, ArtefactStatus>,
    figure_pdfs: BTreeSet<String>,
    summary: Summary,
    /// Figure conversions started by the steps, collected by [`collect_conversions`].
    conversions: Conversions,
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
    fn done(&mut self, id: &str, action: Action, files: Vec<PathBuf>) {
        self.summary.artefacts.push(Done {
            name: id.to_string(),
            action,
            files,
        });
    }

    /// Records artefact `id` as up to date: its previous state `prev` and cached result `table`.
    fn up_to_date(&mut self, id: &str, prev: &ArtefactState, table: ResultTable) {
        if prev.outputs.keys().any(|k| k.ends_with(".pdf")) {
            self.figure_pdfs.insert(id.to_string());
        }
        self.state.artefacts.insert(id.to_string(), prev.clone());
        self.results.insert(id.to_string(), table);
        self.statuses.insert(id.to_string(), ArtefactStatus::Built);
        self.done(id, Action::UpToDate, Vec::new());
    }

    /// Records artefact `id` as not built, with `status` and `action` saying why.
    fn not_built(&mut self, id: &str, status: ArtefactStatus, action: Action) {
        self.statuses.insert(id.to_string(), status);
        self.done(id, action, Vec::new());
    }
}

/// With `--force` and 2 threads or more, starts the experiment of every selected artefact that is
/// not pending on up to `threads` workers of `scope` (each keeps `threads` for its own parallel
/// parts), so that independent tables are computed side by side while the main thread writes the
/// artefacts whose results have arrived; otherwise starts nothing, and each step runs its own
/// experiment (progress then shows it live). Results never depend on the thread count or the order,
/// and the step of each artefact uses (and reports errors of) its result exactly as if it had run
/// the experiment itself.
fn start_ahead<'scope, 'env>(
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
        .filter(|a| !a.experiment.is_robustness_study())
        .collect();
    Ahead::start(scope, jobs, options.threads, context, &options.timings)
}

/// What every artefact step of [`reproduce`] reads.
struct Rebuild<'a> {
    manifest: &'a Manifest,
    options: &'a Options,
    out: &'a OutputDir,
    templates: &'a Templates,
    /// The build state of the previous run in the output directory.
    previous: &'a BuildState,
    /// Every paper's published values (a robustness study compares its replicates with them).
    published: &'a [PublishedFile],
    context: &'a Context,
}

impl Rebuild<'_> {
    /// Every artefact's step in manifest order, each reported as it starts and ends, taking the
    /// results of the experiments running `ahead` ([`start_ahead`]) as they arrive.
    fn artefact_steps(
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

    /// Runs `artefact`'s experiment ([`run_experiment`]), reporting a robustness study's replicates
    /// as progress steps.
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
                    render_table(self.manifest, artefact, table, self.templates, &stamp)?
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
                            let conversion =
                                Conversion::start(converter, self.out, paths, text.as_bytes());
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
struct Rendered {
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

/// The documents of a run: per paper its report and tables document, and the index with the ledger.
struct Documents<'a> {
    manifest: &'a Manifest,
    options: &'a Options,
    out: &'a OutputDir,
    templates: &'a Templates,
    results: &'a BTreeMap<String, ResultTable>,
    statuses: &'a BTreeMap<String, ArtefactStatus>,
    ledger: &'a Ledger,
    figure_pdfs: &'a BTreeSet<String>,
    published: &'a [PublishedFile],
}

/// A document ready to be written ([`Documents::plan`]): up to date (its previous state kept), or
/// rendered with the state to record and its changed files staged, in the order written.
enum PlannedDocument {
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
fn document_name(paper: &str) -> String {
    format!("{paper} report")
}

/// The relative path of the top-level index and of the claims ledger.
pub const INDEX_PATH: &str = "index.md";
pub const LEDGER_PATH: &str = "ledger.md";

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
        if let Some(prev) = previous.documents.get(&name) {
            if !self.options.force
                && prev.fingerprint == fingerprint
                && build_state::outputs_intact(self.out.root(), &prev.outputs)
            {
                return Ok(PlannedDocument::UpToDate {
                    name,
                    state: prev.clone(),
                });
            }
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
    fn commit(
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
    fn paper(
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
                ledger: self.ledger,
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
            let built: Vec<&Artefact> = artefacts
                .iter()
                .copied()
                .filter(|a| self.results.contains_key(a.id.as_str()))
                .collect();
            files.extend(render_tables_document(
                self.manifest,
                &paper.id,
                &built,
                self.templates,
                &stamp,
            )?);
            Ok(files)
        })
    }

    /// `index.md`, `ledger.md` and the reviewer's page `index.html`.
    fn index(&self, previous: &BuildState) -> Result<PlannedDocument, ReproduceError> {
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
                self.results,
                self.ledger,
                LEDGER_PATH,
                &stamp,
            )
            .map_err(|source| ReproduceError::Render {
                artefact: "index".to_string(),
                source,
            })?;
            let ledger = stamp.markdown_comment() + &crate::render::ledger::markdown(self.ledger);
            let page = report::html::render_page(&report::html::PageInput {
                sources: &self.options.sources,
                manifest: self.manifest,
                published: self.published,
                results: self.results,
                ledger: self.ledger,
                stamp: &stamp,
            })
            .map_err(|source| ReproduceError::Render {
                artefact: report::html::PAGE_PATH.to_string(),
                source,
            })?;
            Ok(vec![
                (INDEX_PATH.to_string(), index),
                (LEDGER_PATH.to_string(), ledger),
                (report::html::PAGE_PATH.to_string(), page),
            ])
        })
    }
}

/// The project root's manifest path.
pub fn manifest_path(root: &Path) -> PathBuf {
    root.join(crate::sources::MANIFEST)
}
