//! The reviewer's page, `index.html`: one self-contained HTML file (styles, script and figures
//! inline; a Content-Security-Policy that refuses every request) that renders what the ledger
//! already knows. The summary first (the rows of the reports' first page, [`super::summary`]), then
//! each paper's tables laid out as printed with a focusable item per printed cell ([`tables`]), its
//! other entries in the ledger's sections ([`entries`]), its figures and its findings. Selecting an
//! item shows the detail `check --detail` prints for each of its entries; the ledger is embedded as
//! JSON, each entry exactly as `check --format json` writes it, so a test (and the page's own
//! `#selftest`) can compare what is shown with it. Every string the page shows, printed or
//! embedded, has its invisible characters written as code points (`U+202E`, [`text::visible`]). Nothing is recomputed here: every verdict, word
//! and count comes from the ledger and the reports' own functions.

mod entries;
mod tables;
pub(crate) mod text;

use std::borrow::Cow;
use std::collections::BTreeMap;

use base64::Engine as _;
use minijinja::Value;
use serde::Serialize;
use strum::IntoEnumIterator;

use entries::{DetailView, EntryData, EntryList};
use text::{artefact_anchor, entry_anchor, script_json};

use super::summary::{self, finding_anchor};
use super::{Format, Mark, class_letter};
use crate::account::{Account, Item, Section, Term};
use crate::ledger::{artefact_words, cell_name};
use crate::manifest::{Artefact, Manifest, OutputFormat};
use crate::model::{ProvenanceClass, StandIn};
use crate::provenance::Stamp;
use crate::published::PublishedFile;
use crate::render::RenderError;
use crate::results::ResultTable;
use crate::sources::{Sources, TEMPLATES_DIR};

/// The page's template and the style sheet and script it includes (under `templates/`).
pub(crate) const PAGE_TEMPLATES: [&str; 3] = ["index.html.j2", "page.css", "page.js"];

/// Where the page is written, relative to the output directory.
pub(crate) const PAGE_PATH: &str = "index.html";

/// Everything the page is rendered from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PageInput<'a> {
    pub(crate) sources: &'a Sources,
    pub(crate) manifest: &'a Manifest,
    /// The published values of the papers that have them.
    pub(crate) published: &'a [PublishedFile],
    pub(crate) results: &'a BTreeMap<String, ResultTable>,
    /// The account of the run: every verdict, count, word and finding number the page shows.
    pub(crate) account: &'a Account,
    pub(crate) stamp: &'a Stamp,
}

#[derive(Debug, Serialize)]
struct PageContext {
    headline: String,
    inputs: Vec<String>,
    /// Whether every paper is a user's study (no published values).
    study: bool,
    /// The vocabulary: every term with its mark, word and meaning.
    vocabulary: Vec<TermView>,
    /// The rate words with the range of rates each covers.
    bands: Vec<(&'static str, String)>,
    classes: Vec<FilterView>,
    /// The filters by section and by term: each item of the page is counted once in each.
    sections: Vec<FilterView>,
    terms: Vec<FilterView>,
    /// How many items the page shows (the filters' counts each add up to it).
    items: usize,
    papers: Vec<PaperView>,
    /// The embedded account, escaped for a script element.
    data: String,
    /// The style sheet and script (`templates/page.css`, `templates/page.js`), inlined.
    css: String,
    js: String,
}

#[derive(Debug, Serialize)]
struct TermView {
    term: Term,
    symbol: &'static str,
    word: &'static str,
    meaning: &'static str,
}

/// One checkbox of a filter: its value, words and how many items of the page it covers.
#[derive(Debug, Serialize)]
struct FilterView {
    value: String,
    words: String,
    symbol: &'static str,
    count: usize,
}

#[derive(Debug, Serialize)]
struct PaperView {
    id: String,
    anchor: String,
    title: String,
    venue: String,
    published: bool,
    summary: Option<summary::SummaryText>,
    findings: Vec<FindingView>,
    artefacts: Vec<ArtefactView>,
    /// The running text's items (numbers, settings, statements, claims of the text).
    running: Vec<EntryList>,
    running_details: Vec<DetailView>,
}

#[derive(Debug, Serialize)]
struct FindingView {
    anchor: String,
    number: usize,
    headline: String,
    text: String,
    cells: Vec<CellLink>,
}

#[derive(Debug, Serialize)]
struct CellLink {
    anchor: String,
    label: String,
    printed: String,
}

#[derive(Debug, Serialize)]
struct ArtefactView {
    anchor: String,
    id: String,
    name: String,
    caption: String,
    built: bool,
    stand_in: Option<String>,
    /// The heading over what was rebuilt: `Rebuilt`, `Rebuilt on the stand-in`, …
    rebuilt_heading: &'static str,
    notes: Vec<String>,
    panels: Vec<tables::Panel<tables::PrintedCell>>,
    /// The rebuilt table, under the rebuilt heading.
    rebuilt: Vec<tables::Panel<tables::RebuiltCell>>,
    figure: Option<FigureView>,
    lists: Vec<EntryList>,
    details: Vec<DetailView>,
}

#[derive(Debug, Serialize)]
struct FigureView {
    data_uri: String,
    alt: String,
}

/// Renders the reviewer's page.
pub(crate) fn render_page(input: &PageInput<'_>) -> Result<String, RenderError> {
    let account = input.account;
    let papers: Vec<PaperView> = input
        .manifest
        .papers
        .iter()
        .map(|paper| paper_view(input, paper))
        .collect();
    let data: Vec<EntryData<'_>> = account.items.iter().map(EntryData::of).collect();
    let mut data = serde_json::json!({ "entries": data });
    text::visible_strings(&mut data);
    let data = script_json(&serde_json::to_string(&data)?);
    // Every item the page shows, counted once: a printed cell by its most serious part.
    let shown: Vec<(Section, Term, String)> = papers
        .iter()
        .flat_map(|p| {
            let lists = p
                .artefacts
                .iter()
                .flat_map(|a| a.lists.iter())
                .chain(&p.running);
            let listed = lists.flat_map(|l| l.items.iter());
            let printed = p.artefacts.iter().flat_map(|a| {
                a.panels
                    .iter()
                    .flat_map(|panel| panel.rows.iter().flat_map(|r| r.cells.iter().flatten()))
            });
            printed
                .chain(listed)
                .map(|i| (i.section, i.term, i.class.clone()))
                .collect::<Vec<_>>()
        })
        .collect();
    let count =
        |keep: &dyn Fn(&(Section, Term, String)) -> bool| shown.iter().filter(|s| keep(s)).count();
    let context = PageContext {
        headline: input.stamp.headline(),
        inputs: input.stamp.input_lines(),
        study: input.manifest.papers.iter().all(|p| p.published.is_none()),
        vocabulary: Term::iter()
            .map(|t| TermView {
                term: t,
                symbol: Mark(t).symbol(Format::Markdown),
                word: t.word(),
                meaning: t.meaning(),
            })
            .collect(),
        bands: crate::model::rate_word::RATE_BANDS
            .iter()
            .map(|b| (b.words(), b.range_words()))
            .collect(),
        classes: [
            ProvenanceClass::Exact,
            ProvenanceClass::Derived,
            ProvenanceClass::Simulated,
            ProvenanceClass::RealData,
        ]
        .into_iter()
        .map(|c| FilterView {
            value: c.to_string(),
            words: format!("{} {}", class_letter(c), c),
            symbol: "",
            count: count(&|s| s.2 == c.to_string()),
        })
        .filter(|f| f.count > 0)
        .collect(),
        sections: Section::iter()
            .map(|section| FilterView {
                value: serde_plain(&section),
                words: section_words(section).to_string(),
                symbol: "",
                count: count(&|s| s.0 == section),
            })
            .filter(|f| f.count > 0)
            .collect(),
        terms: Term::iter()
            .map(|term| FilterView {
                value: serde_plain(&term),
                words: term.word().to_string(),
                symbol: Mark(term).symbol(Format::Markdown),
                count: count(&|s| s.1 == term),
            })
            .filter(|f| f.count > 0)
            .collect(),
        items: shown.len(),
        papers,
        data,
        css: inline_file(input.sources, PAGE_TEMPLATES[1], "</style")?,
        js: inline_file(input.sources, PAGE_TEMPLATES[2], "</script")?,
    };
    let mut env = crate::render::environment(input.sources, false)?;
    // Every value the page prints shows its invisible characters as code points; the style sheet,
    // script and embedded ledger are the page's own (marked safe).
    env.set_formatter(
        |out, state, value| match value.as_str().filter(|_| !value.is_safe()) {
            Some(text) if matches!(text::visible(text), Cow::Owned(_)) => {
                let shown = Value::from(text::visible(text).into_owned());
                minijinja::escape_formatter(out, state, &shown)
            }
            _ => minijinja::escape_formatter(out, state, value),
        },
    );
    let name = PAGE_TEMPLATES[0];
    env.get_template(name)
        .and_then(|t| t.render(Value::from_serialize(&context)))
        .map_err(|source| RenderError::Template {
            name: name.to_string(),
            place: input.sources.place(TEMPLATES_DIR),
            source,
        })
}

/// A serde unit variant's name (`stand-in-claims`), the value of a filter's checkbox.
fn serde_plain(value: &impl Serialize) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// A section in the few words of a filter's checkbox; the filters count the page's items, and a
/// printed number's item is its cell (an estimate and its interval are one item), so the words say
/// "cells" where the summary says "numbers".
fn section_words(section: Section) -> &'static str {
    match section {
        Section::Numbers => "cells of the paper's printed numbers",
        Section::Settings => "settings the text states",
        Section::PaperClaims => "the paper's claims about its own numbers",
        Section::StandInClaims => "claims re-tested on the stand-in",
        Section::StandInChecks => "cells compared with the stand-in",
        Section::Observations => "observations the stand-in cannot re-test",
        Section::BuiltIn => "built into the stand-in",
        Section::RealData => "claims re-tested on real data",
        Section::NotApplicable => "claims that do not apply",
    }
}

/// The text of `templates/<name>`, to be inlined in an element that `end` would close: an error
/// when the file cannot be read or contains `end`.
fn inline_file(sources: &Sources, name: &str, end: &str) -> Result<String, RenderError> {
    let error = |message: String| RenderError::Template {
        name: name.to_string(),
        place: sources.place(TEMPLATES_DIR),
        source: minijinja::Error::new(minijinja::ErrorKind::InvalidOperation, message),
    };
    let text = sources
        .read(&format!("{TEMPLATES_DIR}/{name}"))
        .map_err(|e| error(format!("cannot read it: {e}")))?;
    if text.to_ascii_lowercase().contains(end) {
        return Err(error(format!(
            "it contains `{end}`, which would end its element in the page"
        )));
    }
    Ok(text)
}

fn paper_view(input: &PageInput<'_>, paper: &crate::manifest::Paper) -> PaperView {
    let account = input.account;
    let published = input
        .published
        .iter()
        .find(|f| f.paper.to_string() == paper.id);
    let of_paper: Vec<&Item> = account.items_of(&paper.id).collect();
    let paper_account = account.paper(&paper.id);
    let findings = paper_account
        .map(|p| {
            p.findings
                .iter()
                .enumerate()
                .map(|(i, f)| FindingView {
                    anchor: finding_anchor(&p.id, i + 1),
                    number: i + 1,
                    headline: f.headline.clone(),
                    text: f.text.clone(),
                    cells: f
                        .entries
                        .iter()
                        .filter_map(|(table, cell)| account.item(table, cell))
                        .map(|item| CellLink {
                            anchor: entry_anchor(&item.entry.table, &item.entry.cell),
                            label: entries::label(item),
                            printed: item.entry.printed.clone(),
                        })
                        .collect(),
                })
                .collect()
        })
        .unwrap_or_default();
    let artefacts: Vec<&Artefact> = super::paper_artefacts(input.manifest, &paper.id);
    let artefact_views = artefacts
        .iter()
        .map(|a| artefact_view(input, a, published, &of_paper))
        .collect();
    let running: Vec<&Item> = of_paper
        .iter()
        .copied()
        .filter(|i| !artefacts.iter().any(|a| a.id.as_str() == i.entry.table))
        .filter(|i| i.artefact.is_none())
        .collect();
    PaperView {
        id: paper.id.clone(),
        anchor: format!("paper-{}", artefact_anchor(&paper.id)),
        title: paper.title.clone(),
        venue: paper.venue.clone(),
        published: paper.published.is_some(),
        summary: paper_account.map(|p| {
            let mut text = summary::summary_text(account, p, Format::Markdown, "");
            // The page shows the words as plain text and escapes them for HTML itself.
            text.unescape(text::unescape_markdown);
            text
        }),
        findings,
        artefacts: artefact_views,
        running: entries::lists(&running),
        running_details: running.iter().map(|i| DetailView::of(i)).collect(),
    }
}

fn artefact_view(
    input: &PageInput<'_>,
    artefact: &Artefact,
    published: Option<&PublishedFile>,
    of_paper: &[&Item],
) -> ArtefactView {
    let id = artefact.id.as_str();
    // Its printed numbers (by table) and the claims it checks.
    let items: Vec<&Item> = of_paper
        .iter()
        .copied()
        .filter(|i| i.entry.table == id || i.artefact.as_deref() == Some(id))
        .collect();
    let by_cell: BTreeMap<&str, &Item> = items
        .iter()
        .filter(|i| i.entry.table == id)
        .map(|i| (i.entry.cell.as_str(), *i))
        .collect();
    let cells: Vec<_> = published
        .into_iter()
        .flat_map(PublishedFile::cells)
        .filter(|c| c.table == id)
        .collect();
    let (panels, placed) = tables::printed_panels(artefact, &cells, &by_cell);
    let placed_names: Vec<String> = placed.iter().map(cell_name).collect();
    let listed: Vec<&Item> = items
        .iter()
        .copied()
        .filter(|i| !(i.entry.table == id && placed_names.contains(&i.entry.cell)))
        .collect();
    let result = input.results.get(id);
    let stand_in_kind = result.and_then(|t| artefact.experiment.stand_in(t.real_data));
    let stand_in = stand_in_kind.map(|s| s.note().to_string());
    let figure = result
        .filter(|_| artefact.outputs.contains(&OutputFormat::Svg))
        .and_then(|t| crate::render::figure::svg(artefact, t).ok())
        .map(|svg| FigureView {
            data_uri: format!(
                "data:image/svg+xml;base64,{}",
                base64::engine::general_purpose::STANDARD.encode(svg.as_bytes())
            ),
            alt: match &stand_in {
                Some(note) => format!("{} — {note}", artefact.caption.text()),
                None => artefact.caption.text().to_string(),
            },
        });
    // The rebuilt table under the rebuilt heading, unless it equals the print (a table
    // reproduced from printed inputs is shown once, as printed).
    let numbers: Vec<&&Item> = by_cell
        .values()
        .filter(|i| i.section() == Section::Numbers)
        .collect();
    let reproduced_only = !numbers.is_empty()
        && numbers
            .iter()
            .all(|i| matches!(i.term, Term::PrintedInput | Term::Reproduced));
    let rebuilt = match result {
        Some(table) if !reproduced_only => tables::rebuilt_panels(artefact, table),
        _ => Vec::new(),
    };
    let rebuilt_heading = match stand_in_kind {
        Some(StandIn::Whole) => "Rebuilt on the stand-in",
        Some(StandIn::Part) => "Rebuilt, partly on the stand-in",
        None if result.is_some_and(|t| t.real_data) => "Computed from real data",
        None if reproduced_only => "How it was rebuilt",
        None => "Rebuilt",
    };
    let words = artefact_words(id);
    ArtefactView {
        anchor: artefact_anchor(id),
        id: id.to_string(),
        name: if words == id {
            words
        } else {
            format!("{words} ({id})")
        },
        caption: artefact.caption.text().to_string(),
        built: result.is_some(),
        stand_in,
        rebuilt_heading,
        // The table's notes, then the account's (the shown draw a rare one): as every view says them.
        notes: result
            .map(|t| {
                let mut notes = t.notes.clone();
                notes.extend(input.account.artefact_notes(&artefact.paper, id));
                notes
            })
            .unwrap_or_default(),
        panels,
        rebuilt,
        figure,
        lists: entries::lists(&listed),
        details: items.iter().map(|i| DetailView::of(i)).collect(),
    }
}
