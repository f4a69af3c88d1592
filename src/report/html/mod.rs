//! The reviewer's page, `index.html`: one self-contained HTML file (styles, script and figures
//! inline; a Content-Security-Policy that refuses every request) that renders what the ledger
//! already knows. The summary first (the rows of the reports' first page, [`super::summary`]), then
//! each paper's tables laid out as printed with a focusable item per printed cell ([`tables`]), its
//! other entries in the ledger's sections ([`entries`]), its figures and its findings. Selecting an
//! item shows the detail `check --detail` prints for each of its entries; the ledger is embedded as
//! JSON, each entry exactly as `check --format json` writes it, so a test (and the page's own
//! `#selftest`) can compare what is shown with it. Nothing is recomputed here: every verdict, word
//! and count comes from the ledger and the reports' own functions.

mod entries;
mod tables;
pub(crate) mod text;

use std::collections::BTreeMap;

use minijinja::Value;
use serde::Serialize;

use entries::{DetailView, EntryData, EntryList, FindingLink, FindingsOf};
use text::{artefact_anchor, entry_anchor, finding_anchor, script_json};

use super::{Format, Mark, class_letter, summary};
use crate::ledger::{Entry, Ledger, Verdict, artefact_words, cell_name, findings, ranked};
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
    pub(crate) ledger: &'a Ledger,
    pub(crate) stamp: &'a Stamp,
}

#[derive(Debug, Serialize)]
struct PageContext {
    headline: String,
    inputs: Vec<String>,
    /// Whether every paper is a user's study (no published values).
    study: bool,
    legend: Vec<LegendView>,
    calibrated: LegendView,
    classes: Vec<ClassView>,
    papers: Vec<PaperView>,
    /// The embedded ledger, escaped for a script element.
    data: String,
    /// The style sheet and script (`templates/page.css`, `templates/page.js`), inlined.
    css: String,
    js: String,
}

#[derive(Debug, Serialize)]
struct LegendView {
    verdict: String,
    symbol: &'static str,
    word: &'static str,
    meaning: &'static str,
    count: usize,
}

#[derive(Debug, Serialize)]
struct ClassView {
    name: String,
    letter: &'static str,
    meaning: &'static str,
    count: usize,
}

#[derive(Debug, Serialize)]
struct PaperView {
    id: String,
    anchor: String,
    title: String,
    venue: String,
    published: bool,
    summary: SummaryView,
    findings: Vec<FindingView>,
    artefacts: Vec<ArtefactView>,
    /// The running text's entries (numbers, settings, statements, claims of the text).
    running: Vec<EntryList>,
    running_details: Vec<DetailView>,
}

/// The reports' summary of a paper ([`summary::review_summary`]), in plain words.
#[derive(Debug, Serialize)]
struct SummaryView {
    rows: Vec<SummaryRow>,
    stand_in_claims: String,
    built_in: String,
    transcription_notes: usize,
}

#[derive(Debug, Serialize)]
struct SummaryRow {
    artefact: String,
    rests_on: String,
    recomputed: String,
    /// The row's findings: their numbers and anchors.
    findings: Vec<(usize, String)>,
    stand_in_claims: String,
    built_in: String,
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
    /// The rebuilt table, shown when nothing of the artefact is printed (a user's study).
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
    let ledger = input.ledger;
    let mut findings_of = FindingsOf::new();
    let mut papers = Vec::new();
    for paper in &input.manifest.papers {
        let ranked = ranked(findings(ledger, &paper.id));
        let mut finding_views = Vec::new();
        for (i, f) in ranked.iter().enumerate() {
            let anchor = finding_anchor(&paper.id, i + 1);
            let link = FindingLink {
                anchor: anchor.clone(),
                number: i + 1,
                headline: f.headline.clone(),
            };
            let mut cells = Vec::new();
            for (table, cell) in &f.entries {
                let entry_id = entry_anchor(table, cell);
                findings_of
                    .entry(entry_id.clone())
                    .or_insert_with(|| link.clone());
                if let Some(e) = ledger
                    .entries
                    .iter()
                    .find(|e| e.table == *table && e.cell == *cell)
                {
                    cells.push(CellLink {
                        anchor: entry_id,
                        label: entries::label(e),
                        printed: e.printed.clone(),
                    });
                }
            }
            finding_views.push(FindingView {
                anchor,
                number: i + 1,
                headline: f.headline.clone(),
                text: f.text.clone(),
                cells,
            });
        }
        papers.push((paper, finding_views));
    }
    let papers: Vec<PaperView> = papers
        .into_iter()
        .map(|(paper, findings)| paper_view(input, paper, findings, &findings_of))
        .collect();

    let data: Vec<EntryData<'_>> = ledger
        .entries
        .iter()
        .map(|e| EntryData::of(e, &findings_of))
        .collect();
    let data = script_json(&serde_json::to_string(
        &serde_json::json!({ "entries": data }),
    )?);
    let count_verdict = |v: Verdict| ledger.entries.iter().filter(|e| e.verdict == v).count();
    let count_class = |c: ProvenanceClass| ledger.entries.iter().filter(|e| e.class == c).count();
    let context = PageContext {
        headline: input.stamp.headline(),
        inputs: input.stamp.input_lines(),
        study: input.manifest.papers.iter().all(|p| p.published.is_none()),
        legend: Mark::ALL
            .iter()
            .map(|m| LegendView {
                verdict: m.0.to_string(),
                symbol: m.symbol(Format::Markdown),
                word: m.word(),
                meaning: m.meaning(),
                count: count_verdict(m.0),
            })
            .collect(),
        calibrated: LegendView {
            verdict: "calibrated".to_string(),
            symbol: super::mark::CALIBRATED.0,
            word: "calibrated",
            meaning: super::mark::CALIBRATED.2,
            count: ledger.entries.iter().filter(|e| e.is_calibrated()).count(),
        },
        classes: [
            ProvenanceClass::Exact,
            ProvenanceClass::Derived,
            ProvenanceClass::Simulated,
            ProvenanceClass::RealData,
        ]
        .into_iter()
        .map(|c| ClassView {
            name: c.to_string(),
            letter: class_letter(c),
            meaning: class_meaning(c),
            count: count_class(c),
        })
        .collect(),
        papers,
        data,
        css: inline_file(input.sources, PAGE_TEMPLATES[1], "</style")?,
        js: inline_file(input.sources, PAGE_TEMPLATES[2], "</script")?,
    };
    let env = crate::render::environment(input.sources, false)?;
    let name = PAGE_TEMPLATES[0];
    env.get_template(name)
        .and_then(|t| t.render(Value::from_serialize(&context)))
        .map_err(|source| RenderError::Template {
            name: name.to_string(),
            place: input.sources.place(TEMPLATES_DIR),
            source,
        })
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

/// What a provenance class means, for the legend.
fn class_meaning(class: ProvenanceClass) -> &'static str {
    match class {
        ProvenanceClass::Exact => "exact: recomputed from the inputs the paper prints",
        ProvenanceClass::Derived => {
            "derived: follows from the paper's other printed numbers (a check of the paper against itself)"
        }
        ProvenanceClass::Simulated => {
            "simulated: needs data the paper does not publish; shown on a seeded stand-in, never matched against the print"
        }
        ProvenanceClass::RealData => "real data: rebuilt from real ratings or your collection",
    }
}

fn paper_view(
    input: &PageInput<'_>,
    paper: &crate::manifest::Paper,
    findings: Vec<FindingView>,
    findings_of: &FindingsOf,
) -> PaperView {
    let ledger = input.ledger;
    let published = input
        .published
        .iter()
        .find(|f| f.paper.to_string() == paper.id);
    let summary = summary::review_summary(ledger, input.manifest, input.results, &paper.id);
    let summary = SummaryView {
        rows: summary
            .rows
            .into_iter()
            .map(|r| SummaryRow {
                artefact: r.artefact,
                rests_on: r.rests_on,
                recomputed: r.recomputed,
                findings: r
                    .findings
                    .iter()
                    .filter_map(|n| findings.get(n - 1))
                    .map(|f| (f.number, f.anchor.clone()))
                    .collect(),
                stand_in_claims: r.stand_in_claims,
                built_in: r.built_in,
            })
            .collect(),
        stand_in_claims: summary.stand_in_claims,
        built_in: summary.built_in,
        transcription_notes: summary.transcription_notes,
    };
    let artefacts: Vec<&Artefact> = super::paper_artefacts(input.manifest, &paper.id);
    let of_paper: Vec<&Entry> = ledger
        .entries
        .iter()
        .filter(|e| e.paper == paper.id)
        .collect();
    let artefact_views = artefacts
        .iter()
        .map(|a| artefact_view(input, a, published, &of_paper, findings_of))
        .collect();
    let running: Vec<&Entry> = of_paper
        .iter()
        .copied()
        .filter(|e| !artefacts.iter().any(|a| a.id.as_str() == e.table))
        .collect();
    PaperView {
        id: paper.id.clone(),
        anchor: format!("paper-{}", artefact_anchor(&paper.id)),
        title: paper.title.clone(),
        venue: paper.venue.clone(),
        published: paper.published.is_some(),
        summary,
        findings,
        artefacts: artefact_views,
        running: entries::lists(&running),
        running_details: running
            .iter()
            .map(|e| DetailView::of(e, findings_of))
            .collect(),
    }
}

fn artefact_view(
    input: &PageInput<'_>,
    artefact: &Artefact,
    published: Option<&PublishedFile>,
    of_paper: &[&Entry],
    findings_of: &FindingsOf,
) -> ArtefactView {
    let id = artefact.id.as_str();
    let entries: Vec<&Entry> = of_paper.iter().copied().filter(|e| e.table == id).collect();
    let by_cell: BTreeMap<&str, &Entry> = entries.iter().map(|e| (e.cell.as_str(), *e)).collect();
    let cells: Vec<_> = published
        .into_iter()
        .flat_map(PublishedFile::cells)
        .filter(|c| c.table == id)
        .collect();
    let (panels, placed) = tables::printed_panels(artefact, &cells, &by_cell);
    let placed_names: Vec<String> = placed.iter().map(cell_name).collect();
    let listed: Vec<&Entry> = entries
        .iter()
        .copied()
        .filter(|e| !placed_names.contains(&e.cell))
        .collect();
    let result = input.results.get(id);
    let stand_in_kind = result.and_then(|t| artefact.experiment.stand_in(t.real_data));
    let stand_in = stand_in_kind.map(|s| s.note().to_string());
    let figure = result
        .filter(|_| artefact.outputs.contains(&OutputFormat::Svg))
        .and_then(|t| crate::render::figure::svg(artefact, t).ok())
        .map(|svg| FigureView {
            data_uri: format!("data:image/svg+xml;base64,{}", text::base64(svg.as_bytes())),
            alt: match &stand_in {
                Some(note) => format!("{} — {note}", artefact.caption.text()),
                None => artefact.caption.text().to_string(),
            },
        });
    let rebuilt = match result {
        Some(table) if panels.is_empty() => tables::rebuilt_panels(artefact, table),
        _ => Vec::new(),
    };
    let rebuilt_heading = match stand_in_kind {
        Some(StandIn::Whole) => "Rebuilt on the stand-in",
        Some(StandIn::Part) => "Rebuilt, partly on the stand-in",
        None if result.is_some_and(|t| t.real_data) => "Computed from real data",
        None if figure.is_some() || !rebuilt.is_empty() => "Rebuilt",
        None => "How it was rebuilt",
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
        notes: result.map(|t| t.notes.clone()).unwrap_or_default(),
        panels,
        rebuilt,
        figure,
        lists: entries::lists(&listed),
        details: entries
            .iter()
            .map(|e| DetailView::of(e, findings_of))
            .collect(),
    }
}
