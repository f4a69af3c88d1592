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

use minijinja::{Environment, ErrorKind, Value};
use serde::Serialize;

use crate::account::{Account, Section};
use crate::manifest::{Artefact, Label, Manifest, Paper};
use crate::provenance::Stamp;
use crate::published::PublishedFile;
use crate::render::RenderError;
use crate::render::escape::{code_span, escape_latex_breakable, escape_markdown};
use crate::render::grid::Target;
use crate::render::number::Minus;
use crate::results::ResultTable;
use crate::sources::{Sources, TEMPLATES_DIR};

mod block;
mod built_in_views;
mod claim_grids;
mod entry_words;
mod functions;
pub(crate) mod html;
mod index;
mod knob_space;
mod ledger_views;
mod mark;
mod printed;
mod running_text;
pub(crate) mod summary;

use block::{FindingView, blocks};
use built_in_views::{BuiltInView, built_in_views};
use entry_words::{CellMark, class_letter, mark_of, mark_words, marker, marker_text};
#[cfg(test)]
pub(crate) use functions::parameter_text;
use functions::register_functions;
pub(crate) use index::render_index;
pub(crate) use ledger_views::{FindingsFormat, account_json, findings_view, json, markdown, text};
use running_text::{RunningGroup, running_summary, running_text};

pub(crate) use mark::{LegendItem, Mark};

/// The two report formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    Markdown,
    Latex,
}

impl Format {
    /// File extension of the rendered report and of its literate source (`<slug>.report.<ext>.j2`).
    pub(crate) fn extension(self) -> &'static str {
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

    /// `text` shown as code: a Markdown code span, or escaped for LaTeX's `\texttt`.
    fn code(self, text: &str) -> String {
        match self {
            Format::Markdown => code_span(text),
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
pub(crate) fn source_path(paper: &Paper, format: Format) -> String {
    format!("paper/{}.report.{}.j2", paper.slug, format.extension())
}

/// The templates (under `templates/`) a report in `format` renders with, besides its literate source.
pub(crate) fn report_templates(format: Format) -> [&'static str; 2] {
    match format {
        Format::Markdown => ["report.md.j2", "report-artefact.md.j2"],
        Format::Latex => ["report.tex.j2", "report-artefact.tex.j2"],
    }
}

/// The templates of the "How robust are the conclusions?" section, which every literate source
/// includes once (through the template function `robustness()`, [`functions`]).
pub(crate) const ROBUSTNESS_TEMPLATES: [&str; 2] =
    ["report-robustness.md.j2", "report-robustness.tex.j2"];

/// The templates of the "What we do not know about the data" section, which every literate source
/// includes once after the robustness section.
pub(crate) const KNOB_SPACE_TEMPLATES: [&str; 2] =
    ["report-knob-space.md.j2", "report-knob-space.tex.j2"];

/// The template of the top-level index.
pub(crate) const INDEX_TEMPLATE: &str = "index.md.j2";

/// What happened to an artefact in this run, as far as its report is concerned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) enum ArtefactStatus {
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
pub(crate) struct ReportInput<'a> {
    /// Where the literate source and the templates are read from.
    pub(crate) sources: &'a Sources,
    pub(crate) manifest: &'a Manifest,
    pub(crate) paper: &'a Paper,
    /// The paper's published values (`None`: it has none).
    pub(crate) published: Option<&'a PublishedFile>,
    pub(crate) results: &'a BTreeMap<String, ResultTable>,
    pub(crate) statuses: &'a BTreeMap<String, ArtefactStatus>,
    /// The account of the run, which every view renders.
    pub(crate) account: &'a Account,
    /// Figure artefacts whose SVG was converted to PDF next to it (for LaTeX).
    pub(crate) figure_pdfs: &'a BTreeSet<String>,
    pub(crate) stamp: &'a Stamp,
}

/// Renders the report of `input.paper` in `format`.
pub(crate) fn render_report(
    input: &ReportInput<'_>,
    format: Format,
) -> Result<String, RenderError> {
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
    let running_words = format.escape(&running_summary(input));
    let paper_account = input.account.paper(&input.paper.id);
    let findings: Vec<FindingView> = paper_account
        .map(|p| {
            p.findings
                .iter()
                .enumerate()
                .map(|(i, f)| FindingView::new(&p.id, i + 1, f, format))
                .collect()
        })
        .unwrap_or_default();
    let context = WrapperContext {
        title: format.escape(&input.paper.title),
        venue: format.escape(&input.paper.venue),
        paper: &input.paper.id,
        stamp_comment: match format {
            Format::Markdown => crate::render::stamp::xml_comment(input.stamp),
            Format::Latex => crate::render::stamp::latex_comment(input.stamp),
        },
        headline: format.escape(&input.stamp.headline()),
        inputs: input
            .stamp
            .input_lines()
            .iter()
            .map(|l| format.code(l))
            .collect(),
        body,
        appendix,
        running,
        running_summary: running_words,
        findings,
        legend: Mark::legend(&Mark::ALL, format),
        claim_legend: Mark::legend(&Mark::CLAIMS, format),
        published: input.paper.published.is_some(),
        claims_checked: paper_account.map_or(0, |p| {
            [
                Section::PaperClaims,
                Section::StandInClaims,
                Section::RealData,
                Section::BuiltIn,
            ]
            .iter()
            .map(|&s| p.tally.in_section(s))
            .sum()
        }),
        not_applicable: paper_account.map_or(0, |p| p.tally.in_section(Section::NotApplicable)),
        summary: paper_account.map(|p| summary::summary_text(input.account, p, format, "")),
        built_in: built_in_views(input.account, &input.paper.id, format),
    };
    env.get_template(wrapper)
        .and_then(|t| t.render(Value::from_serialize(&context)))
        .map_err(template_err(wrapper, sources.place(TEMPLATES_DIR)))
}

/// The artefacts of `paper` in manifest order.
pub(crate) fn paper_artefacts<'m>(manifest: &'m Manifest, paper: &str) -> Vec<&'m Artefact> {
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
    /// The running text's numbers and statements a reviewer should see, one table per kind.
    running: Vec<RunningGroup>,
    /// The running text's items counted in the vocabulary's words.
    running_summary: String,
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
    /// How many of its claims do not apply to the data at hand (counted apart, never failing).
    not_applicable: usize,
    /// The reviewer's summary that opens the report.
    summary: Option<summary::SummaryText>,
    /// What the stand-in was built to produce, one entry per knob declaration.
    built_in: Vec<BuiltInView>,
}
