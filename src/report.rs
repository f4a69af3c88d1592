//! Literate reports: one per paper, rendered to Markdown and LaTeX from the paper's literate source
//! (`paper/<slug>.report.md.j2` and `paper/<slug>.report.tex.j2`), and the top-level index.
//!
//! A literate source is prose in the project's own words with calls into the results:
//!
//! - `{{ artefact("B.T1") }}` — the artefact's block: its status (built, pending with the reason, skipped
//!   with the reason), the rebuilt table (or the figure), the numbers as printed in the paper beneath it
//!   with a per-cell marker of provenance class and verdict, and an account of what could not be
//!   reproduced and why (pending cells grouped by reason, mismatches, inconsistencies, qualitative claims).
//! - `{{ value("B.T1", "statistics", "kappa_w", "lancer1-lancer2", "estimate") }}` — one rebuilt number,
//!   formatted by Rust with the artefact's cell format ([`crate::render::number`]); an error when the
//!   artefact was not rebuilt or has no such cell. `part` defaults to `value`. A column that depends on
//!   a parameter is named by its index, `value("A.T1", "main", "item1", "ug_p[0]")` (UG with the
//!   artefact's first `p`), never by repeating the parameter's value.
//! - `{{ printed(id, panel, row, column, part) }}` — the number as the paper printed it (strict too).
//! - `{% if built("A.T2") %}` — whether the artefact has rebuilt results, for prose about pending ones.
//!
//! The LaTeX source uses the LaTeX-safe delimiters of [`crate::render`] (`<< >>`, `<% %>`). Every artefact
//! of the paper appears in the report in manifest order: those the source does not place are appended
//! in a final section, so a new artefact is never missing from its paper's report.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};

use minijinja::{Environment, ErrorKind, State, Value};
use serde::Serialize;

use crate::ledger::{Basis, Entry, EntryKind, Ledger, Verdict, cell_name, is_finding};
use crate::manifest::{Artefact, CellFormat, Kind, Label, Manifest, OutputFormat, Paper, Status};
use crate::model::{CellKey, ProvenanceClass, VALUE};
use crate::provenance::Stamp;
use crate::published::PublishedFile;
use crate::render::RenderError;
use crate::render::grid::{self, Grid, Target, escape_latex_breakable, escape_markdown};
use crate::render::number::{Minus, format_value};
use crate::results::ResultTable;
use crate::sources::{Sources, TEMPLATES_DIR};

mod claim_grids;
pub mod html;
mod mark;
mod printed;
mod robustness_section;
mod summary;

pub use mark::{LegendItem, Mark};

/// The two report formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Markdown,
    Latex,
}

impl Format {
    /// File extension of the rendered report and of its literate source (`<slug>.report.<ext>.j2`).
    pub fn extension(self) -> &'static str {
        match self {
            Format::Markdown => "md",
            Format::Latex => "tex",
        }
    }

    fn target(self) -> Target {
        match self {
            Format::Markdown => Target::Markdown,
            Format::Latex => Target::Latex,
        }
    }

    fn minus(self) -> Minus {
        match self {
            Format::Markdown => Minus::Unicode,
            Format::Latex => Minus::Latex,
        }
    }

    fn escape(self, text: &str) -> String {
        match self {
            Format::Markdown => escape_markdown(text),
            Format::Latex => escape_latex_breakable(text),
        }
    }

    /// A manifest label: its LaTeX spelling when it has one and the format is LaTeX, else its escaped
    /// text.
    fn label(self, label: &Label) -> String {
        match (self, label.latex()) {
            (Format::Latex, Some(latex)) => latex.to_string(),
            _ => self.escape(label.text()),
        }
    }
}

/// The literate source of `paper` in `format`, relative to the project root.
pub fn source_path(paper: &Paper, format: Format) -> String {
    format!("paper/{}.report.{}.j2", paper.slug, format.extension())
}

/// The templates (under `templates/`) a report in `format` renders with, besides its literate source.
pub fn report_templates(format: Format) -> [&'static str; 2] {
    match format {
        Format::Markdown => ["report.md.j2", "report-artefact.md.j2"],
        Format::Latex => ["report.tex.j2", "report-artefact.tex.j2"],
    }
}

/// The templates of the "How robust are the conclusions?" section, which every literate source
/// includes once ([`robustness_section`]).
pub const ROBUSTNESS_TEMPLATES: [&str; 2] = ["report-robustness.md.j2", "report-robustness.tex.j2"];

/// The template of the top-level index.
pub const INDEX_TEMPLATE: &str = "index.md.j2";

/// What happened to an artefact in this run, as far as its report is concerned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum ArtefactStatus {
    /// Results are available (rebuilt now or taken from the build state).
    Built,
    /// The manifest marks it pending.
    Pending(String),
    /// Its experiment could not run for lack of external data.
    Skipped(String),
    /// Not selected by `--only` and no up-to-date results in the build state.
    NotRebuilt,
}

/// Everything a paper's report is rendered from.
#[derive(Debug, Clone, Copy)]
pub struct ReportInput<'a> {
    /// Where the literate source and the templates are read from.
    pub sources: &'a Sources,
    pub manifest: &'a Manifest,
    pub paper: &'a Paper,
    /// The paper's published values (`None`: it has none).
    pub published: Option<&'a PublishedFile>,
    pub results: &'a BTreeMap<String, ResultTable>,
    pub statuses: &'a BTreeMap<String, ArtefactStatus>,
    pub ledger: &'a Ledger,
    /// Figure artefacts whose SVG was converted to PDF next to it (for LaTeX).
    pub figure_pdfs: &'a BTreeSet<String>,
    pub stamp: &'a Stamp,
}

/// Renders the report of `input.paper` in `format`.
pub fn render_report(input: &ReportInput<'_>, format: Format) -> Result<String, RenderError> {
    let sources = input.sources;
    let source_name = source_path(input.paper, format);
    let template_err = |name: &str, place: String| {
        let name = name.to_string();
        move |source| RenderError::Template {
            name: name.clone(),
            place: place.clone(),
            source,
        }
    };
    let source = sources
        .read(&source_name)
        .map_err(|e| RenderError::Template {
            name: source_name.clone(),
            place: sources.describe(),
            source: minijinja::Error::new(
                ErrorKind::TemplateNotFound,
                format!("cannot read the literate source: {e}"),
            ),
        })?;

    let blocks = Arc::new(blocks(input, format));
    let placed = Arc::new(Mutex::new(Vec::<String>::new()));
    let mut env = environment(sources, format)?;
    register_functions(&mut env, input, format, &blocks, &placed);
    env.add_template_owned(source_name.clone(), source)
        .map_err(template_err(&source_name, sources.describe()))?;
    let body = env
        .get_template(&source_name)
        .and_then(|t| t.render(Value::UNDEFINED))
        .map_err(template_err(&source_name, sources.describe()))?;

    let placed: BTreeSet<String> = placed
        .lock()
        .map(|p| p.iter().cloned().collect())
        .unwrap_or_default();
    let [wrapper, block_template] = report_templates(format);
    let mut appendix = Vec::new();
    for artefact in paper_artefacts(input.manifest, &input.paper.id) {
        if !placed.contains(artefact.id.as_str()) {
            let block = &blocks[artefact.id.as_str()];
            appendix.push(
                env.get_template(block_template)
                    .and_then(|t| t.render(block))
                    .map_err(template_err(block_template, sources.place(TEMPLATES_DIR)))?,
            );
        }
    }

    let running = running_text(input, format);
    let findings: Vec<FindingView> =
        crate::ledger::ranked(crate::ledger::findings(input.ledger, &input.paper.id))
            .iter()
            .map(|f| FindingView::new(f, format))
            .collect();
    let context = WrapperContext {
        title: format.escape(&input.paper.title),
        venue: format.escape(&input.paper.venue),
        paper: &input.paper.id,
        stamp_comment: match format {
            Format::Markdown => input.stamp.markdown_comment(),
            Format::Latex => input.stamp.latex_comment(),
        },
        headline: format.escape(&input.stamp.headline()),
        inputs: input
            .stamp
            .input_lines()
            .iter()
            .map(|l| format.escape(l))
            .collect(),
        body,
        appendix,
        running,
        findings,
        legend: Mark::legend(format),
        claim_legend: Mark::claim_legend(format),
        published: input.paper.published.is_some(),
        claims_checked: input
            .ledger
            .entries
            .iter()
            .filter(|e| e.paper == input.paper.id && e.kind == EntryKind::Claim)
            .count(),
        summary: summary::review_summary(
            input.ledger,
            input.manifest,
            input.results,
            &input.paper.id,
        )
        .in_format(format),
        built_in: built_in_views(input.ledger, &input.paper.id, format),
    };
    env.get_template(wrapper)
        .and_then(|t| t.render(Value::from_serialize(&context)))
        .map_err(template_err(wrapper, sources.place(TEMPLATES_DIR)))
}

/// The artefacts of `paper` in manifest order.
pub fn paper_artefacts<'m>(manifest: &'m Manifest, paper: &str) -> Vec<&'m Artefact> {
    manifest
        .artefacts
        .iter()
        .filter(|a| a.paper == paper)
        .collect()
}

fn environment(sources: &Sources, format: Format) -> Result<Environment<'static>, RenderError> {
    let mut env = crate::render::environment(sources, format == Format::Latex)?;
    env.set_keep_trailing_newline(true);
    Ok(env)
}

fn invalid(message: String) -> minijinja::Error {
    minijinja::Error::new(ErrorKind::InvalidOperation, message)
}

/// Registers `value`, `printed`, `built`, `artefact` (see the module documentation) and
/// `robustness` (the data of the "How robust are the conclusions?" section, or none).
fn register_functions(
    env: &mut Environment<'static>,
    input: &ReportInput<'_>,
    format: Format,
    blocks: &Arc<BTreeMap<String, BlockContext>>,
    placed: &Arc<Mutex<Vec<String>>>,
) {
    // Owned copies: minijinja functions must be 'static.
    let results: Arc<BTreeMap<String, ResultTable>> = Arc::new(input.results.clone());
    let artefacts: Arc<BTreeMap<String, Artefact>> = Arc::new(
        paper_artefacts(input.manifest, &input.paper.id)
            .into_iter()
            .map(|a| (a.id.to_string(), a.clone()))
            .collect(),
    );
    let printed: Arc<BTreeMap<CellKey, String>> = Arc::new(
        input
            .published
            .into_iter()
            .flat_map(PublishedFile::cells)
            .map(|c| (c.key(), c.printed.clone()))
            .collect(),
    );

    {
        let results = Arc::clone(&results);
        let artefacts = Arc::clone(&artefacts);
        env.add_function(
            "value",
            move |id: String,
                  panel: String,
                  row: String,
                  column: String,
                  part: Option<String>|
                  -> Result<String, minijinja::Error> {
                let part = part.unwrap_or_else(|| VALUE.to_string());
                let artefact = artefacts.get(&id).ok_or_else(|| {
                    invalid(format!("value(): no artefact `{id}` in this paper"))
                })?;
                let table = results.get(&id).ok_or_else(|| {
                    invalid(format!(
                        "value(): artefact `{id}` has no rebuilt results in this run; guard the prose with built(\"{id}\")"
                    ))
                })?;
                let column = artefact
                    .resolve_column(&column)
                    .map_err(|e| invalid(format!("value(): artefact `{id}`: {e}")))?;
                let number = table.get(&panel, &row, &column, &part).ok_or_else(|| {
                    invalid(format!(
                        "value(): artefact `{id}` has no cell {panel}/{row}/{column}/{part}"
                    ))
                })?;
                let cell_format = cell_format(artefact, &panel, &row, &column).ok_or_else(|| {
                    invalid(format!(
                        "value(): artefact `{id}` has no format for {panel}/{row}/{column} in its layout"
                    ))
                })?;
                Ok(format_value(number, &cell_format, format.minus()))
            },
        );
    }
    {
        let printed = Arc::clone(&printed);
        let artefacts = Arc::clone(&artefacts);
        let paper = input.paper.id.clone();
        env.add_function(
            "printed",
            move |id: String,
                  panel: String,
                  row: String,
                  column: String,
                  part: Option<String>|
                  -> Result<String, minijinja::Error> {
                let part = part.unwrap_or_else(|| VALUE.to_string());
                let column = match artefacts.get(&id) {
                    Some(artefact) => artefact
                        .resolve_column(&column)
                        .map_err(|e| invalid(format!("printed(): artefact `{id}`: {e}")))?,
                    None => column,
                };
                let key = CellKey::new(&id, &panel, &row, &column, &part);
                printed.get(&key).map(|p| format.escape(p)).ok_or_else(|| {
                    invalid(format!(
                        "printed(): paper {paper}'s published values have no cell {key}"
                    ))
                })
            },
        );
    }
    {
        let artefacts = Arc::clone(&artefacts);
        env.add_function(
            "param",
            move |id: String, name: String| -> Result<String, minijinja::Error> {
                let artefact = artefacts
                    .get(&id)
                    .ok_or_else(|| invalid(format!("param(): no artefact `{id}` in this paper")))?;
                parameter_text(artefact, &name).ok_or_else(|| {
                    invalid(format!(
                        "param(): artefact `{id}` has no parameter `{name}` in the manifest"
                    ))
                })
            },
        );
    }
    {
        let results = Arc::clone(&results);
        let artefacts = Arc::clone(&artefacts);
        env.add_function(
            "built",
            move |id: String| -> Result<bool, minijinja::Error> {
                if !artefacts.contains_key(&id) {
                    return Err(invalid(format!(
                        "built(): no artefact `{id}` in this paper"
                    )));
                }
                Ok(results.contains_key(&id))
            },
        );
    }
    let robustness = robustness_section::section(input.manifest, &input.paper.id, input.results)
        .map_or_else(|| Value::from(()), |s| Value::from_serialize(&s));
    env.add_function("robustness", move || robustness.clone());
    {
        let blocks = Arc::clone(blocks);
        let placed = Arc::clone(placed);
        let [_, block_template] = report_templates(format);
        env.add_function(
            "artefact",
            move |state: &State, id: String| -> Result<Value, minijinja::Error> {
                let block = blocks.get(&id).ok_or_else(|| {
                    invalid(format!("artefact(): no artefact `{id}` in this paper"))
                })?;
                let mut earlier = Vec::new();
                if let Ok(mut placed) = placed.lock() {
                    if placed.contains(&id) {
                        return Err(invalid(format!(
                            "artefact(): `{id}` is placed twice in the report"
                        )));
                    }
                    earlier.clone_from(&placed);
                    placed.push(id.clone());
                }
                let block = without_repeated_notes(block, &earlier, &blocks);
                let text = state
                    .env()
                    .get_template(block_template)?
                    .render(Value::from_serialize(&block))?;
                Ok(Value::from_safe_string(text))
            },
        );
    }
}

/// `block` as placed after the blocks `earlier` (ids, in report order): a note an earlier block
/// already printed word for word (paper B's stand-in collection, conditions and test, said under
/// every table built on them) is left out and counted under the first block that printed it
/// ([`BlockContext::repeated_notes`]), so the report says each note once. The artefact's own files
/// keep all their notes.
fn without_repeated_notes(
    block: &BlockContext,
    earlier: &[String],
    blocks: &BTreeMap<String, BlockContext>,
) -> BlockContext {
    let mut block = block.clone();
    let mut fresh = Vec::new();
    for note in std::mem::take(&mut block.notes) {
        let first = earlier
            .iter()
            .filter_map(|id| blocks.get(id))
            .find(|b| b.notes.contains(&note));
        match first {
            Some(b) => match block.repeated_notes.iter_mut().find(|r| r.artefact == b.id) {
                Some(repeated) => repeated.count += 1,
                None => block.repeated_notes.push(RepeatedNotes {
                    artefact: b.id.clone(),
                    count: 1,
                }),
            },
            None => fresh.push(note),
        }
    }
    block.notes = fresh;
    block
}

/// How many of a block's notes were printed first under an earlier block, and which.
#[derive(Debug, Clone, Serialize)]
struct RepeatedNotes {
    /// The earlier block's artefact id, escaped.
    artefact: String,
    count: usize,
}

/// The format of cell `panel/row/column` of `artefact`'s layout (row over column over panel).
pub fn cell_format(
    artefact: &Artefact,
    panel: &str,
    row: &str,
    column: &str,
) -> Option<CellFormat> {
    let panel = artefact
        .layout
        .as_ref()?
        .panels
        .iter()
        .find(|p| p.id == panel)?;
    let row = panel.rows.iter().find(|r| r.id == row)?;
    let column = panel.columns.iter().find(|c| c.id == column)?;
    panel.cell_format(row, column)
}

#[derive(Debug, Serialize)]
struct WrapperContext<'a> {
    title: String,
    venue: String,
    paper: &'a str,
    stamp_comment: String,
    headline: String,
    inputs: Vec<String>,
    body: String,
    appendix: Vec<String>,
    /// The running text's numbers and statements, one table per kind.
    running: Vec<RunningGroup>,
    findings: Vec<FindingView>,
    /// One symbol per mark ([`Mark::legend`]).
    legend: Vec<LegendItem>,
    /// The claim marks only, for a report without published values.
    claim_legend: Vec<LegendItem>,
    /// Whether the paper has published values (`false` for `evia-repro study`): the summary,
    /// the printed-value legend, the running-text numbers and the findings appear only then.
    published: bool,
    /// How many of the paper's claims the ledger checked (for a study: paper B's claims that apply
    /// to the user's collection).
    claims_checked: usize,
    /// The reviewer's summary that opens the report.
    summary: summary::SummaryText,
    /// What the stand-in was built to produce, one entry per knob declaration.
    built_in: Vec<BuiltInView>,
}

/// One knob declaration of what the stand-in builds in, with the claims and printed numbers of the
/// paper it names (escaped).
#[derive(Debug, Clone, Serialize)]
struct BuiltInView {
    /// `runs.assessor_weights in data/lancers/www-runs.yaml`.
    knobs: String,
    /// `designed in`, `fitted to the print`, `calibrated to the print`.
    kind: &'static str,
    why: String,
    /// The claims, each with its verdict on the shipped draw and its holding rate.
    claims: Vec<String>,
    /// The printed numbers, by their place (`Table 2, all3: L0 2,603, L1 1,897`).
    cells: Vec<String>,
    /// The printed numbers as (place, part and printed value), before grouping.
    #[serde(skip)]
    cell_units: Vec<(String, String)>,
}

/// The knob declarations behind the entries of `paper` in `ledger`, in ledger order.
fn built_in_views(ledger: &Ledger, paper: &str, format: Format) -> Vec<BuiltInView> {
    let mut views: Vec<(crate::model::BuiltInRef, BuiltInView)> = Vec::new();
    for e in ledger.entries.iter().filter(|e| e.paper == paper) {
        let Some(b) = &e.built_in else { continue };
        let at = match views.iter().position(|(r, _)| r == b) {
            Some(at) => at,
            None => {
                views.push((
                    b.clone(),
                    BuiltInView {
                        knobs: format.escape(&b.knobs_in_file()),
                        kind: b.kind.words(),
                        why: format.escape(&b.why),
                        claims: Vec::new(),
                        cells: Vec::new(),
                        cell_units: Vec::new(),
                    },
                ));
                views.len() - 1
            }
        };
        let label = e.label.as_deref().unwrap_or(&e.cell);
        let view = &mut views[at].1;
        if e.kind == EntryKind::Claim {
            let rate = e.holding.as_ref().map_or_else(String::new, |h| {
                format!(
                    "; over replicates {:.2} [{:.2}, {:.2}], {}",
                    h.rate,
                    h.lo,
                    h.hi,
                    h.word.words()
                )
            });
            view.claims.push(format.escape(&format!(
                "{label} ({} on the shipped draw{rate})",
                e.verdict
            )));
        } else {
            let unit = match &e.words {
                Some(words) if words.part.is_none() => {
                    let (group, column) = words.cell_in_table();
                    (
                        format!("{}, {group}", words.table),
                        format!("{column} {}", e.printed),
                    )
                }
                Some(words) => (
                    words.place(),
                    format!("{} {}", words.short_part(), e.printed),
                ),
                None => (String::new(), format!("{label}: {}", e.printed)),
            };
            view.cell_units.push(unit);
        }
    }
    views
        .into_iter()
        .map(|(_, mut v)| {
            v.cells = crate::ledger::grouped(&v.cell_units)
                .iter()
                .map(|(place, items)| {
                    format.escape(&if place.is_empty() {
                        items.join("; ")
                    } else {
                        format!("{place}: {}", items.join(", "))
                    })
                })
                .collect();
            v
        })
        .collect()
}

#[derive(Debug, Clone, Serialize)]
struct FindingView {
    place: String,
    /// The affected cells in words (empty when the place and text say it).
    cells: String,
    /// The affected cells under their groups, for a small table when there are several groups.
    affected: Vec<AffectedView>,
    /// Numbers of the running text that repeat an affected cell (the same printed numbers).
    also_in_text: Vec<String>,
    printed: String,
    text: String,
    /// The one-sentence headline (LaTeX with its math where it has one): an artefact's block shows
    /// it and points to the report's "Findings" section, which gives the evidence once.
    headline: String,
}

impl FindingView {
    fn new(f: &crate::ledger::Finding, format: Format) -> Self {
        FindingView {
            place: format.escape(&f.place),
            cells: format.escape(&f.cells),
            affected: f
                .affected_groups
                .iter()
                .map(|(group, items)| AffectedView {
                    group: format.escape(group),
                    items: format.escape(&items.join(", ")),
                })
                .collect(),
            also_in_text: f.also_in_text.iter().map(|t| format.escape(t)).collect(),
            printed: format.escape(&f.printed),
            text: format.escape(&f.text),
            headline: match (format, &f.headline_latex) {
                (Format::Latex, Some(latex)) => latex.clone(),
                _ => format.escape(&f.headline),
            },
        }
    }
}

/// The affected cells of a finding under one group (`nG@1, Dmax = 2, N = 5` and its pairs).
#[derive(Debug, Clone, Serialize)]
struct AffectedView {
    group: String,
    items: String,
}

/// One ledger entry as shown in a report.
#[derive(Debug, Clone, Default, Serialize)]
struct EntryView {
    table: String,
    cell: String,
    printed: String,
    class: String,
    /// The value recomputed from the paper's inputs or numbers, `—` when there is none.
    rebuilt: String,
    /// Whether the ledger has a recomputed value (a statement checked on the paper's own table has
    /// none).
    rebuilt_known: bool,
    /// What the stand-in shows for the number or claim (`—` when it shows nothing), with the
    /// calibration dagger where a knob was calibrated to the number.
    stand_in: String,
    /// The verdict in words that say whether it is about the paper or the stand-in.
    verdict: String,
    /// The holding rate over a robustness study's replicates, with its interval and word, or `—`.
    rate: String,
    /// What builds the claim or number into the stand-in (`designed in by runs.assessor_weights in
    /// data/lancers/www-runs.yaml`), empty when nothing does.
    built_in: String,
    marker: String,
    detail: String,
    /// A claim's or statement's words, else the cell name.
    label: String,
    /// The arithmetic behind the verdict, without the label that opens a claim's detail.
    why: String,
    /// The mark of the verdict alone (no class letter).
    mark: &'static str,
    /// The class letter and the mark, spelled in a line (`E ✓`), for the running-text table.
    class_mark: String,
    /// In the running-text tables: the label without the words its table's title says.
    item: String,
}

/// What an artefact block template receives.
#[derive(Debug, Clone, Serialize)]
struct BlockContext {
    id: String,
    kind: &'static str,
    caption: String,
    experiment: String,
    /// `built`, `pending`, `skipped` or `not rebuilt`.
    status: &'static str,
    reason: String,
    /// The rebuilt table, unless it equals the printed one ([`BlockContext::rebuilt_is_printed`]).
    rebuilt: Option<Grid>,
    /// Whether the rebuilt table has the printed numbers (recomputed, or fitted to the print): it
    /// is shown once, as printed with its marks, under [`BlockContext::shown_once`].
    rebuilt_is_printed: bool,
    /// The heading's words when the table is shown once: what its numbers are (recomputed from the
    /// paper's inputs; fitted to the print by the stand-in), never "reproduced" for a fitted one.
    shown_once: String,
    /// The one-line legends of the marks of stand-in numbers in this block (fitted ≡, calibrated
    /// †), escaped, when its printed table has any.
    mark_legends: Vec<String>,
    printed: Option<Grid>,
    /// Printed numbers of the artefact that its layout does not place (listed instead).
    unplaced: Vec<EntryView>,
    figure_svg: Option<String>,
    figure_pdf: Option<String>,
    /// The figure's panels two to a row, when it stacks several ([`crate::render::figure::bands`]):
    /// LaTeX cuts them out of the figure's PDF and sets them side by side, rows that can flow across
    /// pages, instead of one tall narrow picture beside an empty half line.
    figure_rows: Vec<Vec<FigureCut>>,
    /// The stand-in note ([`StandIn::note`]) when the rebuilt artefact rests on a stand-in.
    stand_in: Option<String>,
    notes: Vec<String>,
    /// The block's notes that an earlier block of the report printed already, counted by the block
    /// that printed them first (empty until the block is placed, [`without_repeated_notes`]).
    repeated_notes: Vec<RepeatedNotes>,
    /// What the checks of the paper's numbers found, in a sentence (escaped); empty when the paper
    /// prints no number for the artefact.
    check: String,
    /// Pending printed numbers grouped by reason: `(count, reason)`.
    not_reproduced: Vec<(usize, String)>,
    mismatches: Vec<EntryView>,
    /// The findings about the paper among the artefact's entries, one per root cause.
    findings: Vec<FindingView>,
    /// Statements of the paper checked on its own printed numbers (or claims on its printed inputs).
    paper_claims: Vec<EntryView>,
    /// The claims re-tested on the stand-in that stand alone (`claim_grids` folds the grouped ones);
    /// none a knob builds in.
    stand_in_claims: Vec<EntryView>,
    /// The claims a stand-in knob was set to produce: listed apart, never evidence.
    built_in_claims: Vec<EntryView>,
    /// The claims re-tested on real data.
    real_data_claims: Vec<EntryView>,
    /// The transcription notes of the artefact's printed rows (escaped).
    transcription: Vec<NoteView>,
    /// The grouped claims (A.T3's discrepancy counts), one Dmax × N grid per measure.
    claim_grids: Vec<claim_grids::ClaimGridView>,
    /// When a grid cell's claim holds, in words.
    claim_grid_rule: String,
}

/// A transcription note as a report shows it, escaped for its format.
#[derive(Debug, Clone, Serialize)]
struct NoteView {
    row: String,
    readings: Vec<String>,
    adopted: String,
    depends: Vec<String>,
}

/// One panel of a figure as the shares of the figure's height to cut away above and below it (4
/// decimals: a thousandth of a page-high figure is a fraction of a point).
#[derive(Debug, Clone, Serialize)]
struct FigureCut {
    trim_top: String,
    trim_bottom: String,
}

/// The panels of `artefact`'s figure two to a row, when it stacks at least two; none otherwise.
fn figure_rows(artefact: &Artefact, table: &ResultTable) -> Vec<Vec<FigureCut>> {
    let bands = crate::render::figure::bands(artefact, table);
    if bands.len() < 2 {
        return Vec::new();
    }
    let cuts: Vec<FigureCut> = bands
        .iter()
        .map(|b| FigureCut {
            trim_top: format!("{:.4}", b.top),
            trim_bottom: format!("{:.4}", 1.0 - b.bottom),
        })
        .collect();
    cuts.chunks(2).map(<[FigureCut]>::to_vec).collect()
}

/// The short marker of a class (`E`, `D`, `S`, `R`).
pub fn class_letter(class: ProvenanceClass) -> &'static str {
    match class {
        ProvenanceClass::Exact => "E",
        ProvenanceClass::Derived => "D",
        ProvenanceClass::Simulated => "S",
        ProvenanceClass::RealData => "R",
    }
}

/// A mark's symbol followed by running text: in LaTeX a control word (`\\checkmark`) would swallow
/// the space after it.
fn spaced(symbol: &str, format: Format) -> String {
    match format {
        Format::Latex if symbol.starts_with('\\') => format!("{symbol}{{}}"),
        _ => symbol.to_string(),
    }
}

/// The mark of one printed cell: its classes' letters, the most serious verdict of its parts, and
/// whether a stand-in knob was calibrated to it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CellMark {
    letters: String,
    mark: Mark,
    calibrated: bool,
}

/// The marker of a set of ledger entries (the parts of one printed cell): their classes' letters and
/// their most serious mark ([`Mark`]), as a superscript; empty for no entry.
fn marker(entries: &[&Entry], format: Format) -> String {
    mark_of(entries).map_or_else(String::new, |m| marker_text(&m, format))
}

/// A cell's marker: the class letters and the mark (and the calibration dagger when a stand-in knob
/// was calibrated to the number), as a superscript after the number.
fn marker_text(m: &CellMark, format: Format) -> String {
    match format {
        Format::Markdown => format!("<sup>{}</sup>", mark_words(m, format)),
        Format::Latex => format!("\\textsuperscript{{{}}}", mark_words(m, format)),
    }
}

/// The mark of `entries` (one printed cell), `None` for none.
fn mark_of(entries: &[&Entry]) -> Option<CellMark> {
    let classes: BTreeSet<&str> = entries.iter().map(|e| class_letter(e.class)).collect();
    let worst = entries
        .iter()
        .map(|e| Mark::of(e))
        .max_by_key(|m| m.severity())?;
    Some(CellMark {
        letters: classes.into_iter().collect(),
        mark: worst,
        calibrated: entries.iter().any(|e| e.is_calibrated()),
    })
}

/// The mark spelled in running text (a panel's label), not as a superscript.
fn mark_words(m: &CellMark, format: Format) -> String {
    let dagger = if m.calibrated {
        mark::calibrated_symbol(format)
    } else {
        ""
    };
    match format {
        Format::Markdown => format!("{}{}{dagger}", m.letters, m.mark.symbol(format)),
        Format::Latex => format!("{}\\,{}{dagger}", m.letters, m.mark.symbol(format)),
    }
}

fn entry_view(entry: &Entry, format: Format) -> EntryView {
    EntryView {
        table: format.escape(&entry.table),
        cell: format.escape(&entry.cell),
        printed: format.escape(&entry.printed),
        class: entry.class.to_string(),
        rebuilt: entry
            .rebuilt
            .as_deref()
            .map_or_else(|| "—".to_string(), |r| format.escape(r)),
        rebuilt_known: entry.rebuilt.is_some(),
        stand_in: match &entry.stand_in {
            Some(v) if entry.is_calibrated() => {
                format!("{}{}", format.escape(v), mark::calibrated_symbol(format))
            }
            Some(v) => format.escape(v),
            None => "—".to_string(),
        },
        verdict: entry.verdict_words().to_string(),
        rate: entry.holding.as_ref().map_or_else(
            || "—".to_string(),
            |h| {
                format.escape(&format!(
                    "{:.2} [{:.2}, {:.2}], {}",
                    h.rate,
                    h.lo,
                    h.hi,
                    h.word.words()
                ))
            },
        ),
        built_in: entry.built_in.as_ref().map_or_else(String::new, |b| {
            format.escape(&format!("{} by {}", b.kind.words(), b.knobs_in_file()))
        }),
        marker: marker(&[entry], format),
        detail: format.escape(&entry.detail),
        label: format.escape(entry.label.as_deref().unwrap_or(&entry.cell)),
        why: format.escape(&why(entry)),
        mark: Mark::of(entry).symbol(format),
        class_mark: mark_of(&[entry])
            .map(|m| mark_words(&m, format))
            .unwrap_or_default(),
        item: format.escape(entry.label.as_deref().unwrap_or(&entry.cell)),
    }
}

/// The arithmetic behind a verdict, without the label that opens a claim's detail and without its
/// closing full stop (the templates end the sentence).
fn why(entry: &Entry) -> String {
    let detail = entry
        .label
        .as_deref()
        .and_then(|l| entry.detail.strip_prefix(l))
        .and_then(|rest| rest.strip_prefix(": "))
        .unwrap_or(&entry.detail);
    // The holding rate has a column of its own.
    let detail = match &entry.holding {
        Some(h) => detail
            .strip_suffix(&format!("; over replicates: {}.", h.words()))
            .unwrap_or(detail),
        None => detail,
    };
    detail.strip_suffix('.').unwrap_or(detail).to_string()
}

/// The numbers and statements of a paper's running text of one kind, as one table of the report.
#[derive(Debug, Clone, Serialize)]
struct RunningGroup {
    /// What the rows are (a heading of its own table, never a row above rows it does not describe).
    title: &'static str,
    /// The head of the value column (`recomputed`, `the build uses`, `the stand-in shows`).
    value_head: &'static str,
    rows: Vec<EntryView>,
}

/// The kinds of the running text's entries, in the order the report shows them: each entry's group,
/// its value column's head, and which value it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RunningKind {
    Recomputed,
    Derived,
    Setting,
    Statement,
    StandIn,
    RealData,
}

impl RunningKind {
    const ALL: [RunningKind; 6] = [
        RunningKind::Recomputed,
        RunningKind::Derived,
        RunningKind::Setting,
        RunningKind::Statement,
        RunningKind::StandIn,
        RunningKind::RealData,
    ];

    fn of(e: &Entry) -> RunningKind {
        match (e.basis, e.kind) {
            (Basis::RealData, _) => RunningKind::RealData,
            (Basis::StandIn, _) => RunningKind::StandIn,
            (Basis::Paper, EntryKind::Setting) => RunningKind::Setting,
            (Basis::Paper, EntryKind::Statement | EntryKind::Claim) => RunningKind::Statement,
            (Basis::Paper, _) if e.class == ProvenanceClass::Exact => RunningKind::Recomputed,
            (Basis::Paper, _) => RunningKind::Derived,
        }
    }

    fn title(self) -> &'static str {
        match self {
            RunningKind::Recomputed => {
                "Numbers recomputed from the inputs the paper prints (its worked examples)"
            }
            RunningKind::Derived => {
                "Numbers that follow from the paper's other printed numbers (checks of the paper against itself)"
            }
            RunningKind::Setting => "Settings the text states, beside the value the build uses",
            RunningKind::Statement => "Statements of the text checked on the paper's own tables",
            RunningKind::StandIn => {
                "Numbers and claims of the text on the stand-in (built into it: not evidence)"
            }
            RunningKind::RealData => "Claims of the text re-tested on real data",
        }
    }

    fn value_head(self) -> &'static str {
        match self {
            RunningKind::Recomputed => "recomputed",
            RunningKind::Derived => "recomputed from the print",
            RunningKind::Setting => "the build uses",
            RunningKind::Statement => "recomputed",
            RunningKind::StandIn => "the stand-in shows",
            RunningKind::RealData => "real data show",
        }
    }
}

/// Ledger entries of the paper that belong to no artefact (numbers and statements of the running
/// text), one table per [`RunningKind`]; a setting's words without the `Setting:` they all share.
fn running_text(input: &ReportInput<'_>, format: Format) -> Vec<RunningGroup> {
    let ids: BTreeSet<&str> = paper_artefacts(input.manifest, &input.paper.id)
        .iter()
        .map(|a| a.id.as_str())
        .collect();
    let entries: Vec<&Entry> = input
        .ledger
        .entries
        .iter()
        .filter(|e| e.paper == input.paper.id && !ids.contains(e.table.as_str()))
        .collect();
    RunningKind::ALL
        .into_iter()
        .filter_map(|kind| {
            let rows: Vec<EntryView> = entries
                .iter()
                .filter(|e| RunningKind::of(e) == kind)
                .map(|e| {
                    let mut view = entry_view(e, format);
                    if let Some(item) = view.label.strip_prefix("Setting: ") {
                        view.item = item.to_string();
                    }
                    if kind == RunningKind::StandIn {
                        view.rebuilt = view.stand_in.clone();
                    }
                    view
                })
                .collect();
            (!rows.is_empty()).then(|| RunningGroup {
                title: kind.title(),
                value_head: kind.value_head(),
                rows,
            })
        })
        .collect()
}

/// The block context of every artefact of the paper.
fn blocks(input: &ReportInput<'_>, format: Format) -> BTreeMap<String, BlockContext> {
    paper_artefacts(input.manifest, &input.paper.id)
        .into_iter()
        .map(|a| (a.id.to_string(), block(input, a, format)))
        .collect()
}

fn block(input: &ReportInput<'_>, artefact: &Artefact, format: Format) -> BlockContext {
    let target = format.target();
    let id = &artefact.id;
    let (status, reason) = match input.statuses.get(id.as_str()) {
        Some(ArtefactStatus::Built) => ("built", String::new()),
        Some(ArtefactStatus::Pending(r)) => ("pending", r.clone()),
        Some(ArtefactStatus::Skipped(r)) => ("skipped", r.clone()),
        Some(ArtefactStatus::NotRebuilt) | None => match artefact.status {
            Status::Pending => (
                "pending",
                artefact.pending_reason.clone().unwrap_or_default(),
            ),
            Status::Built => (
                "not rebuilt",
                "not selected in this run (`--only`) and no up-to-date results in the build state"
                    .to_string(),
            ),
        },
    };
    let result = input.results.get(id.as_str());

    // Ledger entries of this artefact, by cell name.
    let entries: Vec<&Entry> = input
        .ledger
        .entries
        .iter()
        .filter(|e| e.paper == input.paper.id && e.table == id.as_str())
        .collect();
    let by_cell: BTreeMap<&str, &Entry> = entries.iter().map(|e| (e.cell.as_str(), *e)).collect();

    let rebuilt = match (artefact.kind, result) {
        (Kind::Table, Some(table)) => grid::layout(artefact, table, target).ok(),
        _ => None,
    };

    // The printed numbers laid out like the table, with markers; the rest listed.
    let published_cells: Vec<_> = input
        .published
        .into_iter()
        .flat_map(PublishedFile::cells)
        .filter(|c| c.table == id.as_str())
        .collect();
    let (printed, placed_keys) =
        printed::printed_grid(artefact, &published_cells, &by_cell, format);
    // A rebuilt table equal to the print is shown once: as printed, with its marks.
    let rebuilt_is_printed = printed.is_some()
        && rebuilt
            .as_ref()
            .is_some_and(|r| printed::rebuilt_is_printed(artefact, &published_cells, r, format));
    let rebuilt = rebuilt.filter(|_| !rebuilt_is_printed);
    let unplaced: Vec<EntryView> = published_cells
        .iter()
        .filter(|c| !placed_keys.contains(&c.key()))
        .filter_map(|c| by_cell.get(cell_name(&c.key()).as_str()))
        .map(|e| entry_view(e, format))
        .collect();

    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for e in entries.iter().filter(|e| e.verdict == Verdict::Pending) {
        *reasons.entry(e.detail.clone()).or_insert(0) += 1;
    }
    let views = |keep: &dyn Fn(&Entry) -> bool| -> Vec<EntryView> {
        entries
            .iter()
            .filter(|e| keep(e))
            .map(|e| entry_view(e, format))
            .collect()
    };
    let is_figure = artefact.kind == Kind::Figure;
    let is_claim = |e: &Entry| {
        matches!(e.verdict, Verdict::Holds | Verdict::Fails)
            && matches!(e.kind, EntryKind::Claim | EntryKind::Statement)
    };
    let grouped: Vec<&Entry> = entries
        .iter()
        .copied()
        .filter(|e| is_claim(e) && e.group.is_some() && !e.is_built_in_claim())
        .collect();
    let fitted = entries.iter().any(|e| e.verdict == Verdict::Fitted);
    let calibrated = entries.iter().any(|e| e.is_calibrated());
    let mut mark_legends = Vec::new();
    if fitted {
        mark_legends.push(format!(
            "{} {}",
            Mark(Verdict::Fitted).symbol(format),
            format.escape(Mark(Verdict::Fitted).meaning())
        ));
    }
    if calibrated {
        mark_legends.push(format!(
            "{} {}",
            mark::calibrated_symbol(format),
            format.escape(mark::CALIBRATED.2)
        ));
    }
    // A figure, or a table that also draws one (A.X1), embeds its SVG (and the PDF made from it).
    let has_svg = result.is_some() && artefact.outputs.contains(&OutputFormat::Svg);
    BlockContext {
        id: format.escape(id),
        kind: if is_figure { "figure" } else { "table" },
        caption: format.label(&artefact.caption),
        experiment: format.escape(artefact.experiment.as_str()),
        status,
        reason: format.escape(&reason),
        rebuilt,
        rebuilt_is_printed,
        shown_once: if fitted {
            format!(
                "As printed in the paper; the rebuilt table has the same numbers, those marked {} recomputed from the paper's inputs and those marked {} fitted to the print by the stand-in (they agree by construction and reproduce nothing), so it is shown once",
                spaced(Mark(Verdict::Match).symbol(format), format),
                spaced(Mark(Verdict::Fitted).symbol(format), format)
            )
        } else {
            "As printed in the paper, and as recomputed: every number of the rebuilt table equals the print, so it is shown once".to_string()
        },
        mark_legends,
        printed,
        unplaced,
        figure_svg: has_svg.then(|| format!("{id}.svg")),
        figure_pdf: (has_svg && input.figure_pdfs.contains(id.as_str()))
            .then(|| format!("{id}.pdf")),
        figure_rows: match result {
            Some(table) if has_svg => figure_rows(artefact, table),
            _ => Vec::new(),
        },
        stand_in: result
            .and_then(|t| artefact.experiment.stand_in(t.real_data))
            .map(|s| format.escape(s.note())),
        notes: result
            .map(|t| t.notes.iter().map(|n| format.escape(n)).collect())
            .unwrap_or_default(),
        repeated_notes: Vec::new(),
        check: format.escape(&check_sentence(&entries, artefact.kind)),
        not_reproduced: reasons
            .into_iter()
            .map(|(r, n)| (n, format.escape(&r)))
            .collect(),
        mismatches: views(&|e| e.verdict == Verdict::Mismatch),
        findings: block_findings(&entries, &input.paper.id, format),
        paper_claims: views(&|e| is_claim(e) && e.basis == Basis::Paper && !is_finding(e)),
        stand_in_claims: views(&|e| {
            is_claim(e) && e.basis == Basis::StandIn && e.group.is_none() && !e.is_built_in_claim()
        }),
        built_in_claims: views(&|e| e.is_built_in_claim()),
        real_data_claims: views(&|e| is_claim(e) && e.basis == Basis::RealData),
        transcription: input
            .ledger
            .notes
            .iter()
            .filter(|n| n.paper == input.paper.id && n.table == id.as_str())
            .map(|n| NoteView {
                row: format.escape(&n.row),
                readings: n.readings.iter().map(|r| format.escape(r)).collect(),
                adopted: format.escape(&n.adopted),
                depends: n.depends.iter().map(|d| format.escape(d)).collect(),
            })
            .collect(),
        claim_grids: claim_grids::entry_grids(&grouped, format),
        claim_grid_rule: claim_grids::rule(format),
    }
}

/// What the checks of the paper's printed numbers of one artefact found, in a sentence: the
/// verdicts in words, the findings counted by cause (listed under the block), and how many claims
/// were re-tested on the stand-in. Empty when the paper prints nothing for the artefact.
fn check_sentence(entries: &[&Entry], kind: Kind) -> String {
    let paper: Vec<&&Entry> = entries
        .iter()
        .filter(|e| e.basis == Basis::Paper && matches!(e.kind, EntryKind::Cell | EntryKind::Text))
        .collect();
    let noun = match kind {
        Kind::Table => "table",
        Kind::Figure => "figure",
    };
    if entries.is_empty() {
        return format!("The paper prints no number for this {noun} that the ledger can compare.");
    }
    let mut parts: Vec<(&'static str, usize)> = Vec::new();
    for e in &paper {
        let words = e.verdict_words();
        match parts.iter_mut().find(|(w, _)| *w == words) {
            Some((_, n)) => *n += 1,
            None => parts.push((words, 1)),
        }
    }
    let stand_in = entries
        .iter()
        .filter(|e| e.basis == Basis::StandIn && e.kind == EntryKind::Claim)
        .count();
    let mut sentence = if paper.is_empty() {
        "No printed number of this table is checked against the paper's inputs or its other numbers"
            .to_string()
    } else {
        format!(
            "Checks of the paper's {} printed {}: {}",
            paper.len(),
            if paper.len() == 1 {
                "number"
            } else {
                "numbers"
            },
            parts
                .iter()
                .map(|(w, n)| format!("{n} {w}"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    if stand_in > 0 {
        sentence.push_str(&format!(
            "; {stand_in} {} re-tested on the stand-in, listed apart below",
            if stand_in == 1 { "claim" } else { "claims" }
        ));
    }
    sentence.push('.');
    sentence
}

/// The findings about the paper among one artefact's `entries`, one per root cause, for its block.
fn block_findings(entries: &[&Entry], paper: &str, format: Format) -> Vec<FindingView> {
    let ledger = Ledger {
        entries: entries.iter().map(|e| (*e).clone()).collect(),
        notes: Vec::new(),
    };
    crate::ledger::findings(&ledger, paper)
        .iter()
        .map(|f| FindingView::new(f, format))
        .collect()
}

/// Everything the index is rendered from.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct IndexContext {
    stamp_comment: String,
    headline: String,
    papers: Vec<IndexPaper>,
    ledger: String,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct IndexPaper {
    id: String,
    title: String,
    /// Whether the paper has published values (`false` for a user's study).
    published: bool,
    report_md: String,
    report_tex: String,
    /// The paper's reviewer's summary, as its report opens with it.
    summary: summary::SummaryText,
}

/// Renders `build/index.md`: links to both reports and the ledger, and the summary table.
pub fn render_index(
    sources: &Sources,
    manifest: &Manifest,
    results: &BTreeMap<String, ResultTable>,
    ledger: &Ledger,
    ledger_path: &str,
    stamp: &Stamp,
) -> Result<String, RenderError> {
    let env = environment(sources, Format::Markdown)?;
    let context = IndexContext {
        stamp_comment: stamp.markdown_comment(),
        headline: escape_markdown(&stamp.headline()),
        papers: manifest
            .papers
            .iter()
            .map(|p| IndexPaper {
                id: p.id.clone(),
                title: escape_markdown(&p.title),
                published: p.published.is_some(),
                report_md: format!("{}/report.md", p.slug),
                report_tex: format!("{}/report.tex", p.slug),
                summary: summary::review_summary(ledger, manifest, results, &p.id)
                    .in_format(Format::Markdown),
            })
            .collect(),
        ledger: ledger_path.to_string(),
    };
    env.get_template(INDEX_TEMPLATE)
        .and_then(|t| t.render(Value::from_serialize(&context)))
        .map_err(|source| RenderError::Template {
            name: INDEX_TEMPLATE.to_string(),
            place: sources.place(TEMPLATES_DIR),
            source,
        })
}

/// A manifest parameter of `artefact` as prose: numbers as written in the manifest (`5000`, `0.05`),
/// lists joined with ", ", so that the literate sources quote an experiment's settings instead of typing
/// them. `None` when the parameter is absent.
pub fn parameter_text(artefact: &Artefact, name: &str) -> Option<String> {
    fn text(value: &serde_json::Value) -> Option<String> {
        match value {
            serde_json::Value::Null => None,
            serde_json::Value::String(s) => Some(s.clone()),
            serde_json::Value::Number(n) => Some(n.to_string()),
            serde_json::Value::Bool(b) => Some(b.to_string()),
            serde_json::Value::Array(items) => Some(
                items
                    .iter()
                    .map(|v| text(v).unwrap_or_default())
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            serde_json::Value::Object(_) => None,
        }
    }
    let parameters = serde_json::to_value(&artefact.parameters).ok()?;
    text(parameters.get(name)?)
}
