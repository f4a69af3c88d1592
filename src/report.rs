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

use crate::ledger::{Entry, Ledger, Verdict, cell_name, is_finding, is_stand_in_comparison};
use crate::manifest::{Artefact, CellFormat, Kind, Label, Manifest, OutputFormat, Paper, Status};
use crate::model::{CellKey, ProvenanceClass, VALUE};
use crate::provenance::Stamp;
use crate::published::PublishedFile;
use crate::render::RenderError;
use crate::render::fold_panels::fold_shared_panels;
use crate::render::grid::{self, Grid, Target, escape_latex_breakable, escape_markdown};
use crate::render::group_breaks::{KEEP_WRAPPED_ROWS, RowBreak, keep_groups};
use crate::render::number::{Minus, format_value};
use crate::render::stand_in::StandIn;
use crate::results::ResultTable;
use crate::sources::{Sources, TEMPLATES_DIR};

mod claim_grids;
mod mark;
mod printed;
mod robustness_section;
mod running_text;
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

    let other = other_entries(input, format);
    let findings: Vec<FindingView> = crate::ledger::findings(input.ledger, &input.paper.id)
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
        other,
        findings,
        legend: Mark::legend(format),
        claim_legend: Mark::claim_legend(format),
        published: input.paper.published.is_some(),
        summary: summary::review_summary(input.ledger, &input.paper.id, format),
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
    other: Vec<EntryView>,
    findings: Vec<FindingView>,
    /// One symbol per mark ([`Mark::legend`]).
    legend: Vec<LegendItem>,
    /// The claim marks only, for a report without published values.
    claim_legend: Vec<LegendItem>,
    /// Whether the paper has published values (`false` for `evia-repro study`): the summary,
    /// the printed-value legend, the running-text numbers and the findings appear only then.
    published: bool,
    /// The reviewer's summary that opens the report.
    summary: summary::ReviewSummary,
}

#[derive(Debug, Clone, Serialize)]
struct FindingView {
    place: String,
    /// The affected cells in words (empty when the place and text say it).
    cells: String,
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
            printed: format.escape(&f.printed),
            text: format.escape(&f.text),
            headline: match (format, &f.headline_latex) {
                (Format::Latex, Some(latex)) => latex.clone(),
                _ => format.escape(&f.headline),
            },
        }
    }
}

/// One ledger entry as shown in a report.
#[derive(Debug, Clone, Default, Serialize)]
struct EntryView {
    table: String,
    cell: String,
    printed: String,
    class: String,
    rebuilt: String,
    /// Whether the ledger has a rebuilt value (a statement checked on the paper's own table has none).
    rebuilt_known: bool,
    verdict: String,
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
    /// In the running-text table: the words this entry and the next ones share, on the first of
    /// them ([`running_text::group_running_text`]).
    group: Option<String>,
    /// In the LaTeX running-text table: whether a page may break after this entry (not inside a
    /// group, whose heading would be left behind; [`keep_groups`]).
    break_after: RowBreak,
    /// In the running-text table: the label without the shared words of its group.
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
    /// Whether the rebuilt table is the printed one, number for number: it is shown once, as
    /// printed with its marks.
    rebuilt_is_printed: bool,
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
    counts: BTreeMap<String, usize>,
    classes: Vec<String>,
    /// Pending printed numbers grouped by reason: `(count, reason)`.
    not_reproduced: Vec<(usize, String)>,
    mismatches: Vec<EntryView>,
    /// The findings about the paper among the artefact's entries, one per root cause.
    findings: Vec<FindingView>,
    /// The claims that stand alone (`claim_grids` folds the grouped ones).
    claims: Vec<EntryView>,
    /// The grouped claims (A.T3's discrepancy counts), one Dmax × N grid per measure.
    claim_grids: Vec<claim_grids::ClaimGridView>,
    /// When a grid cell's claim holds, in words.
    claim_grid_rule: String,
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

/// The marker of a set of ledger entries (the parts of one printed cell): their classes' letters and
/// their most serious mark ([`Mark`]).
fn marker(entries: &[&Entry], format: Format) -> String {
    mark_of(entries).map_or_else(String::new, |(letters, worst)| {
        marker_text(&letters, worst, format)
    })
}

/// A cell's marker: the class letters and the mark, as a superscript after the number.
fn marker_text(letters: &str, mark: Mark, format: Format) -> String {
    match format {
        Format::Markdown => format!("<sup>{letters}{}</sup>", mark.symbol(format)),
        Format::Latex => format!("\\textsuperscript{{{letters}\\,{}}}", mark.symbol(format)),
    }
}

/// The class letters and the most serious mark of `entries` (one printed cell), `None` for none.
fn mark_of(entries: &[&Entry]) -> Option<(String, Mark)> {
    let classes: BTreeSet<&str> = entries.iter().map(|e| class_letter(e.class)).collect();
    let worst = entries
        .iter()
        .map(|e| Mark::of(e))
        .max_by_key(|m| m.severity())?;
    Some((classes.into_iter().collect(), worst))
}

/// The mark `(letters, mark)` spelled in running text (a panel's label), not as a superscript.
fn mark_words(letters: &str, mark: Mark, format: Format) -> String {
    match format {
        Format::Markdown => format!("{letters}{}", mark.symbol(format)),
        Format::Latex => format!("{letters}\\,{}", mark.symbol(format)),
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
            .map_or_else(|| "-".to_string(), |r| format.escape(r)),
        rebuilt_known: entry.rebuilt.is_some(),
        verdict: entry.verdict.to_string(),
        marker: marker(&[entry], format),
        detail: format.escape(&entry.detail),
        label: format.escape(entry.label.as_deref().unwrap_or(&entry.cell)),
        why: format.escape(why(entry)),
        mark: Mark::of(entry).symbol(format),
        class_mark: mark_words(class_letter(entry.class), Mark::of(entry), format),
        group: None,
        break_after: RowBreak::Allowed,
        item: format.escape(entry.label.as_deref().unwrap_or(&entry.cell)),
    }
}

/// The arithmetic behind a verdict, without the label that opens a claim's detail and without its
/// closing full stop (the templates end the sentence).
fn why(entry: &Entry) -> &str {
    let detail = entry
        .label
        .as_deref()
        .and_then(|l| entry.detail.strip_prefix(l))
        .and_then(|rest| rest.strip_prefix(": "))
        .unwrap_or(&entry.detail);
    detail.strip_suffix('.').unwrap_or(detail)
}

/// Ledger entries of the paper that belong to no artefact (numbers in the running text).
fn other_entries(input: &ReportInput<'_>, format: Format) -> Vec<EntryView> {
    let ids: BTreeSet<&str> = paper_artefacts(input.manifest, &input.paper.id)
        .iter()
        .map(|a| a.id.as_str())
        .collect();
    let mut views: Vec<EntryView> = input
        .ledger
        .entries
        .iter()
        .filter(|e| e.paper == input.paper.id && !ids.contains(e.table.as_str()))
        .map(|e| entry_view(e, format))
        .collect();
    running_text::group_running_text(&mut views);
    if format == Format::Latex {
        keep_groups(&mut views, KEEP_WRAPPED_ROWS);
    }
    views
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
    // In LaTeX, consecutive panels of the same columns (the claims by verdict) share one table.
    let rebuilt = rebuilt
        .filter(|_| !rebuilt_is_printed)
        .map(|g| match format {
            Format::Latex => fold_shared_panels(g),
            Format::Markdown => g,
        });
    let unplaced: Vec<EntryView> = published_cells
        .iter()
        .filter(|c| !placed_keys.contains(&c.key()))
        .filter_map(|c| by_cell.get(cell_name(&c.key()).as_str()))
        .map(|e| entry_view(e, format))
        .collect();

    let mut counts = entry_counts(&entries);
    counts.insert("total".to_string(), entries.len());
    let classes: BTreeSet<String> = entries.iter().map(|e| e.class.to_string()).collect();
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
        matches!(e.verdict, Verdict::Holds | Verdict::Fails) && !is_finding(e) && !e.fitted
    };
    let grouped: Vec<&Entry> = entries
        .iter()
        .copied()
        .filter(|e| is_claim(e) && e.group.is_some())
        .collect();
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
            .and_then(|t| StandIn::of(artefact.experiment, t.real_data))
            .map(|s| format.escape(s.note())),
        notes: result
            .map(|t| t.notes.iter().map(|n| format.escape(n)).collect())
            .unwrap_or_default(),
        repeated_notes: Vec::new(),
        counts,
        classes: classes.into_iter().collect(),
        not_reproduced: reasons
            .into_iter()
            .map(|(r, n)| (n, format.escape(&r)))
            .collect(),
        mismatches: views(&|e| e.verdict == Verdict::Mismatch),
        findings: block_findings(&entries, &input.paper.id, format),
        // A fitted cell is marked in the printed table (≡), not listed again as a claim.
        claims: views(&|e| is_claim(e) && e.group.is_none()),
        claim_grids: claim_grids::entry_grids(&grouped, format),
        claim_grid_rule: claim_grids::rule(format),
    }
}

/// The findings about the paper among one artefact's `entries`, one per root cause, for its block.
fn block_findings(entries: &[&Entry], paper: &str, format: Format) -> Vec<FindingView> {
    let ledger = Ledger {
        entries: entries.iter().map(|e| (*e).clone()).collect(),
    };
    crate::ledger::findings(&ledger, paper)
        .iter()
        .map(|f| FindingView::new(f, format))
        .collect()
}

/// The summary counts' key for the findings about the paper ([`is_finding`]), counted apart from the
/// verdicts' keys.
const FINDINGS_KEY: &str = "findings";
/// The summary counts' key for the comparisons with the stand-in ([`is_stand_in_comparison`]).
const STAND_IN_KEY: &str = "stand_in";

/// One row of the index's summary: an artefact (or the running text of a paper) and one provenance
/// class of its printed numbers, with the count of each verdict.
#[derive(Debug, Clone, Serialize)]
pub struct SummaryRow {
    pub paper: String,
    pub artefact: String,
    pub kind: String,
    pub status: String,
    pub class: String,
    pub counts: BTreeMap<String, usize>,
}

/// How many of `entries` have each verdict, and how many are findings about the paper and stand-in
/// comparisons ([`FINDINGS_KEY`], [`STAND_IN_KEY`]).
fn entry_counts(entries: &[&Entry]) -> BTreeMap<String, usize> {
    let verdicts = [
        Verdict::Match,
        Verdict::Mismatch,
        Verdict::Consistent,
        Verdict::Inconsistent,
        Verdict::Holds,
        Verdict::Fails,
        Verdict::Pending,
    ];
    let mut counts: BTreeMap<String, usize> = verdicts
        .iter()
        .map(|v| {
            let n = entries.iter().filter(|e| e.verdict == *v).count();
            (v.to_string(), n)
        })
        .collect();
    counts.insert(
        FINDINGS_KEY.to_string(),
        entries.iter().filter(|e| is_finding(e)).count(),
    );
    counts.insert(
        STAND_IN_KEY.to_string(),
        entries.iter().filter(|e| is_stand_in_comparison(e)).count(),
    );
    counts
}

/// The index's summary: per artefact and class, the verdict counts of its ledger entries; artefacts
/// without printed numbers (figures) get one row with class `-`; then the paper's running-text numbers.
pub fn summary_rows(
    manifest: &Manifest,
    statuses: &BTreeMap<String, ArtefactStatus>,
    ledger: &Ledger,
) -> Vec<SummaryRow> {
    let mut rows = Vec::new();
    for paper in &manifest.papers {
        let artefacts = paper_artefacts(manifest, &paper.id);
        let mut groups: Vec<(String, String, String)> = artefacts
            .iter()
            .map(|a| {
                let kind = match a.kind {
                    Kind::Table => "table",
                    Kind::Figure => "figure",
                };
                let status = match statuses.get(a.id.as_str()) {
                    Some(ArtefactStatus::Built) => "built",
                    Some(ArtefactStatus::Pending(_)) => "pending",
                    Some(ArtefactStatus::Skipped(_)) => "skipped",
                    Some(ArtefactStatus::NotRebuilt) | None => "not rebuilt",
                };
                (a.id.to_string(), kind.to_string(), status.to_string())
            })
            .collect();
        let ids: BTreeSet<&str> = artefacts.iter().map(|a| a.id.as_str()).collect();
        let mut others: Vec<String> = Vec::new();
        for e in ledger.entries.iter().filter(|e| e.paper == paper.id) {
            if !ids.contains(e.table.as_str()) && !others.contains(&e.table) {
                others.push(e.table.clone());
            }
        }
        groups.extend(
            others
                .into_iter()
                .map(|t| (t, "text".to_string(), "-".to_string())),
        );
        for (id, kind, status) in groups {
            let entries: Vec<&Entry> = ledger
                .entries
                .iter()
                .filter(|e| e.paper == paper.id && e.table == id)
                .collect();
            let classes: BTreeSet<ProvenanceClass> = entries.iter().map(|e| e.class).collect();
            if classes.is_empty() {
                rows.push(SummaryRow {
                    paper: paper.id.clone(),
                    artefact: id.clone(),
                    kind: kind.clone(),
                    status: status.clone(),
                    class: "-".to_string(),
                    counts: entry_counts(&[]),
                });
            }
            for class in classes {
                let of_class: Vec<&Entry> = entries
                    .iter()
                    .copied()
                    .filter(|e| e.class == class)
                    .collect();
                rows.push(SummaryRow {
                    paper: paper.id.clone(),
                    artefact: id.clone(),
                    kind: kind.clone(),
                    status: status.clone(),
                    class: class.to_string(),
                    counts: entry_counts(&of_class),
                });
            }
        }
    }
    rows
}

/// Everything the index is rendered from.
#[derive(Debug, Clone, Serialize)]
pub struct IndexContext {
    pub stamp_comment: String,
    pub headline: String,
    pub papers: Vec<IndexPaper>,
    pub ledger: String,
    pub rows: Vec<SummaryRow>,
}

#[derive(Debug, Clone, Serialize)]
pub struct IndexPaper {
    pub id: String,
    pub title: String,
    pub report_md: String,
    pub report_tex: String,
}

/// Renders `build/index.md`: links to both reports and the ledger, and the summary table.
pub fn render_index(
    sources: &Sources,
    manifest: &Manifest,
    statuses: &BTreeMap<String, ArtefactStatus>,
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
                report_md: format!("{}/report.md", p.slug),
                report_tex: format!("{}/report.tex", p.slug),
            })
            .collect(),
        ledger: ledger_path.to_string(),
        rows: summary_rows(manifest, statuses, ledger),
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
