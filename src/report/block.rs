//! An artefact's block in a report: its status, rebuilt table or figure, the numbers as printed with
//! their marks, and the account of what was not reproduced and why, grouped by check.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::account::{Item, Section, Tally, Term};
use crate::ledger::cell_name;
use crate::manifest::{Artefact, Kind, OutputFormat, Status};
use crate::published::PublishedFile;
use crate::render::grid::{self, Grid};
use crate::results::ResultTable;

use super::entry_words::{EntryView, entry_view};
use super::summary::finding_link;
use super::{ArtefactStatus, Format, Mark, ReportInput, claim_grids, paper_artefacts, printed};

#[derive(Debug, Clone, Serialize)]
pub(super) struct FindingView {
    /// The finding's number in its paper (the same in every view) and its anchor.
    pub(super) number: usize,
    pub(super) anchor: String,
    /// A link to the finding in the report's section on findings.
    pub(super) link: String,
    pub(super) place: String,
    /// The affected cells in words (empty when the place and text say it).
    pub(super) cells: String,
    /// The affected cells under their groups, for a small table when there are several groups.
    pub(super) affected: Vec<AffectedView>,
    /// Numbers of the running text that repeat an affected cell (the same printed numbers).
    pub(super) also_in_text: Vec<String>,
    pub(super) printed: String,
    pub(super) text: String,
    /// The one-sentence headline (LaTeX with its math where it has one): an artefact's block shows
    /// it and points to the report's "Findings" section, which gives the evidence once.
    pub(super) headline: String,
}

impl FindingView {
    /// Finding `number` of `paper`.
    pub(super) fn new(
        paper: &str,
        number: usize,
        f: &crate::ledger::Finding,
        format: Format,
    ) -> Self {
        FindingView {
            number,
            anchor: super::summary::finding_anchor(paper, number),
            link: finding_link(paper, number, "", format),
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
pub(super) struct AffectedView {
    pub(super) group: String,
    pub(super) items: String,
}

/// What an artefact block template receives.
#[derive(Debug, Clone, Serialize)]
pub(super) struct BlockContext {
    pub(super) id: String,
    pub(super) kind: &'static str,
    pub(super) caption: String,
    pub(super) experiment: String,
    /// `built`, `pending`, `skipped` or `not rebuilt`.
    pub(super) status: &'static str,
    pub(super) reason: String,
    /// The rebuilt table, unless it equals the printed one ([`BlockContext::rebuilt_is_printed`]).
    pub(super) rebuilt: Option<Grid>,
    /// Whether the rebuilt table has the printed numbers (recomputed or echoed): it is shown once,
    /// as printed with its marks, under [`BlockContext::shown_once`].
    pub(super) rebuilt_is_printed: bool,
    /// The heading's words when the table is shown once: what its numbers are (inputs echoed,
    /// numbers reproduced from them).
    pub(super) shown_once: String,
    pub(super) printed: Option<Grid>,
    /// Printed numbers of the artefact that its layout does not place (listed instead).
    pub(super) unplaced: Vec<EntryView>,
    pub(super) figure_svg: Option<String>,
    pub(super) figure_pdf: Option<String>,
    /// The figure's panels two to a row, when it stacks several ([`crate::render::figure::bands`]):
    /// LaTeX cuts them out of the figure's PDF and sets them side by side, rows that can flow across
    /// pages, instead of one tall narrow picture beside an empty half line.
    pub(super) figure_rows: Vec<Vec<FigureCut>>,
    /// The stand-in note ([`crate::model::StandIn::note`]) when the rebuilt artefact rests on a stand-in.
    pub(super) stand_in: Option<String>,
    pub(super) notes: Vec<String>,
    /// The block's notes that an earlier block of the report printed already, counted by the block
    /// that printed them first (empty until the block is placed, [`BlockContext::without_repeated_notes`]).
    pub(super) repeated_notes: Vec<RepeatedNotes>,
    /// What the checks of the paper's numbers found, in a sentence (escaped).
    pub(super) check: String,
    /// Pending printed numbers grouped by reason: `(count, reason)`.
    pub(super) not_reproduced: Vec<(usize, String)>,
    pub(super) mismatches: Vec<EntryView>,
    /// The findings about the paper among the artefact's numbers, one per root cause, numbered as
    /// in every view.
    pub(super) findings: Vec<FindingView>,
    /// Statements of the paper checked on its own printed numbers (or claims on its printed inputs).
    pub(super) paper_claims: Vec<EntryView>,
    /// The claims re-tested on the stand-in (none a knob builds in).
    pub(super) stand_in_claims: Vec<EntryView>,
    /// Observations of the paper's own data that a stand-in cannot re-test: shown, not scored.
    pub(super) observations: Vec<EntryView>,
    /// The claims a stand-in knob was set to produce: listed apart, never evidence.
    pub(super) built_in_claims: Vec<EntryView>,
    /// How many of the artefact's printed numbers the stand-in was fitted or calibrated to, in a
    /// sentence (its values there are the stand-in's: a fitted one meets the print, a calibrated
    /// one need not), or empty.
    pub(super) built_in_values: String,
    /// Where the rebuilt table is shown instead of the report (a robustness study's long table is
    /// in `tables.tex` and on the reviewer's page), or empty.
    pub(super) elsewhere: String,
    /// The claims re-tested on real data.
    pub(super) real_data_claims: Vec<EntryView>,
    /// The claims whose premise does not hold for the data at hand.
    pub(super) not_applicable: Vec<EntryView>,
    /// The transcription notes of the artefact's printed rows (escaped).
    pub(super) transcription: Vec<NoteView>,
    /// The printed numbers compared cell by cell with the stand-in (A.T3's discrepancy counts), one
    /// Dmax × N grid per measure.
    pub(super) claim_grids: Vec<claim_grids::ClaimGridView>,
    /// When a grid cell's comparison holds, in words.
    pub(super) claim_grid_rule: String,
    /// The marks of the claims and checks the block lists, for its legend.
    pub(super) claim_marks: Vec<super::LegendItem>,
}

impl BlockContext {
    /// The block as placed after the blocks `earlier` (ids, in report order): a note an earlier block
    /// already printed word for word (paper B's stand-in collection, conditions and test, said under
    /// every table built on them) is left out and counted under the first block that printed it
    /// ([`BlockContext::repeated_notes`]), so the report says each note once. The artefact's own files
    /// keep all their notes.
    pub(super) fn without_repeated_notes(
        &self,
        earlier: &[String],
        blocks: &BTreeMap<String, BlockContext>,
    ) -> BlockContext {
        let mut block = self.clone();
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
}

/// How many of a block's notes were printed first under an earlier block, and which.
#[derive(Debug, Clone, Serialize)]
pub(super) struct RepeatedNotes {
    /// The earlier block's artefact id, escaped.
    pub(super) artefact: String,
    pub(super) count: usize,
}

/// A transcription note as a report shows it, escaped for its format.
#[derive(Debug, Clone, Serialize)]
pub(super) struct NoteView {
    pub(super) row: String,
    pub(super) readings: Vec<String>,
    pub(super) adopted: String,
    pub(super) depends: Vec<String>,
}

/// One panel of a figure as the shares of the figure's height to cut away above and below it (4
/// decimals: a thousandth of a page-high figure is a fraction of a point).
#[derive(Debug, Clone, Serialize)]
pub(super) struct FigureCut {
    pub(super) trim_top: String,
    pub(super) trim_bottom: String,
}

/// The panels of `artefact`'s figure two to a row, when it stacks at least two; none otherwise.
pub(super) fn figure_rows(artefact: &Artefact, table: &ResultTable) -> Vec<Vec<FigureCut>> {
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

/// The block context of every artefact of the paper.
pub(super) fn blocks(input: &ReportInput<'_>, format: Format) -> BTreeMap<String, BlockContext> {
    paper_artefacts(input.manifest, &input.paper.id)
        .into_iter()
        .map(|a| (a.id.to_string(), block(input, a, format)))
        .collect()
}

pub(super) fn block(input: &ReportInput<'_>, artefact: &Artefact, format: Format) -> BlockContext {
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

    // The artefact's items: its printed numbers (by table) and the claims it checks.
    let items: Vec<&Item> = input
        .account
        .items_of(&input.paper.id)
        .filter(|i| i.entry.table == id.as_str() || i.artefact.as_deref() == Some(id.as_str()))
        .collect();
    let by_cell: BTreeMap<&str, &Item> = items
        .iter()
        .filter(|i| i.entry.table == id.as_str())
        .map(|i| (i.entry.cell.as_str(), *i))
        .collect();

    // A replicates study's table is long: the report shows its figure and points to the table. A
    // knob-space study's claims are shown; its figure stands for the panels it draws.
    let robustness = artefact.experiment.is_study();
    let knob_space = artefact.experiment.is_knob_space_study();
    let rebuilt = match (artefact.kind, result) {
        (Kind::Table, Some(table)) if !robustness => grid::layout(artefact, table, target).ok(),
        (Kind::Table, Some(table)) if knob_space => {
            grid::layout(&without_drawn_panels(artefact), table, target).ok()
        }
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
    // A rebuilt table equal to the print is shown once: as printed, with its marks. Only a table
    // recomputed from printed inputs can be: a stand-in's values are never shown as the paper's.
    let recomputed_only = by_cell
        .values()
        .filter(|i| i.section() == Section::Numbers)
        .all(|i| matches!(i.term, Term::PrintedInput | Term::Reproduced));
    let rebuilt_is_printed = printed.is_some()
        && recomputed_only
        && rebuilt
            .as_ref()
            .is_some_and(|r| printed::rebuilt_is_printed(artefact, &published_cells, r, format));
    let rebuilt = rebuilt.filter(|_| !rebuilt_is_printed);
    let unplaced: Vec<EntryView> = published_cells
        .iter()
        .filter(|c| !placed_keys.contains(&c.key()))
        .filter_map(|c| by_cell.get(cell_name(&c.key()).as_str()))
        .map(|i| entry_view(i, format))
        .collect();

    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for i in items.iter().filter(|i| i.term == Term::NotChecked) {
        *reasons.entry(i.entry.detail.clone()).or_insert(0) += 1;
    }
    let views = |keep: &dyn Fn(&Item) -> bool| -> Vec<EntryView> {
        items
            .iter()
            .filter(|i| keep(i))
            .map(|i| entry_view(i, format))
            .collect()
    };
    let in_section = |section: Section| move |i: &Item| i.section() == section;
    let per_cell: Vec<&Item> = items
        .iter()
        .copied()
        .filter(|i| i.term == Term::ComparedOnStandIn)
        .collect();
    let mut claim_marks: Vec<Mark> = Vec::new();
    for i in items.iter().filter(|i| i.section() != Section::Numbers) {
        if !claim_marks.contains(&Mark(i.term)) {
            claim_marks.push(Mark(i.term));
        }
    }
    claim_marks.sort_by_key(|m| m.0);
    // A figure, or a table that also draws one (A.X1), embeds its SVG (and the PDF made from it).
    let has_svg = result.is_some() && artefact.outputs.contains(&OutputFormat::Svg);
    let numbers = Tally::of(
        items
            .iter()
            .copied()
            .filter(|i| i.section() == Section::Numbers && i.entry.table == id.as_str()),
    );
    BlockContext {
        id: format.escape(id),
        kind: if artefact.kind == Kind::Figure {
            "figure"
        } else {
            "table"
        },
        caption: format.label(&artefact.caption),
        experiment: format.escape(artefact.experiment.as_str()),
        status,
        reason: format.escape(&reason),
        rebuilt,
        rebuilt_is_printed,
        shown_once: format.escape(&shown_once(&numbers)),
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
        // A knob-space study's note (the design, the index, the classes and their tests) stays with
        // its table in tables.tex and on the page; the report's section says the method in brief.
        // Then, from the account, a claim whose verdict on the draw shown is one its redraws
        // rarely give: the table shown is a rare draw.
        notes: result
            .filter(|_| !artefact.experiment.is_knob_space_study())
            .map(|t| {
                t.notes
                    .iter()
                    .cloned()
                    .chain(input.account.artefact_notes(&input.paper.id, id.as_str()))
                    .map(|n| format.escape(&n))
                    .collect()
            })
            .unwrap_or_default(),
        repeated_notes: Vec::new(),
        // A robustness study is beyond the paper: nothing printed to check.
        check: if robustness {
            String::new()
        } else {
            format.escape(&check_sentence(&numbers, artefact.kind))
        },
        not_reproduced: reasons
            .into_iter()
            .map(|(r, n)| (n, format.escape(&r)))
            .collect(),
        mismatches: views(&|i| i.term == Term::Differs),
        findings: block_findings(input, id.as_str(), format),
        paper_claims: views(&in_section(Section::PaperClaims)),
        stand_in_claims: views(&in_section(Section::StandInClaims)),
        observations: views(&in_section(Section::Observations)),
        built_in_claims: views(&in_section(Section::BuiltIn)),
        built_in_values: format.escape(&built_in_values(&numbers, &items)),
        elsewhere: if knob_space {
            format.escape(&format!(
                "The figure below the table stands for {id}'s panel of indices: it shades every knob's first-order index for every claim and prints it in the cell. That panel as numbers and the study's note (the design, the index, the classes and their tests) are in tables.tex (tables.pdf) and on the reviewer's page (index.html)."
            ))
        } else if robustness {
            format.escape(&format!(
                "{id}'s table (every claim under the range of its rate, with its rate and Wilson interval, and the headline numbers beside their replicate bands) and its note (the redraws, the intervals and the trials) are in tables.tex (tables.pdf) and on the reviewer's page (index.html); the figure below draws every claim's rate and interval."
            ))
        } else {
            String::new()
        },
        real_data_claims: views(&in_section(Section::RealData)),
        not_applicable: views(&in_section(Section::NotApplicable)),
        transcription: input
            .account
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
        claim_grids: claim_grids::item_grids(&per_cell, format),
        claim_grid_rule: claim_grids::rule(format),
        claim_marks: Mark::legend(&claim_marks, format),
    }
}

/// `artefact` without the panels its figure draws ([`crate::manifest::Panel`]'s `drawn_by_figure`).
fn without_drawn_panels(artefact: &Artefact) -> Artefact {
    let mut shown = artefact.clone();
    if let Some(layout) = shown.layout.as_mut() {
        layout.panels.retain(|p| !p.drawn_by_figure);
    }
    shown
}

/// The stand-in values fitted or calibrated to the artefact's printed numbers, in a sentence: a
/// fitted value meets the print on every draw; a calibrated one was tuned toward it (on the shipped
/// draw or on the mean over redraws, as its declaration says) and need not meet it.
fn built_in_values(numbers: &Tally, items: &[&Item]) -> String {
    let mut parts = Vec::new();
    if numbers.fitted > 0 {
        parts.push(format!(
            "fitted to {} of these printed numbers (≡: every draw meets them, so they agree by construction)",
            numbers.fitted
        ));
    }
    if numbers.calibrated > 0 {
        let mut tuned: Vec<&str> = items
            .iter()
            .filter(|i| i.entry.is_calibrated())
            .filter_map(|i| i.entry.built_in.as_ref()?.tuned)
            .map(crate::model::Tuned::words)
            .collect();
        tuned.sort_unstable();
        tuned.dedup();
        parts.push(format!(
            "calibrated toward {} of them (†: {} was tuned toward them; the values need not equal them)",
            numbers.calibrated,
            tuned.join(" and ")
        ));
    }
    if parts.is_empty() {
        return String::new();
    }
    format!(
        "The stand-in was {}: its values there are in the rebuilt table, marked so, and are not evidence (listed under \"What the stand-in was built to produce\").",
        parts.join(", and ")
    )
}

/// The heading of a table shown once: its printed inputs echoed and its numbers reproduced.
fn shown_once(numbers: &Tally) -> String {
    if numbers.count(Term::PrintedInput) > 0 {
        "As printed in the paper, and as rebuilt: the printed inputs are echoed back (↦) and every other number is reproduced from them (✓), so the table is shown once".to_string()
    } else {
        "As printed in the paper, and as recomputed: every number of the rebuilt table is reproduced at the printed precision, so it is shown once".to_string()
    }
}

/// What the checks of the paper's printed numbers of one artefact found, in a sentence, in the
/// vocabulary's words.
pub(super) fn check_sentence(numbers: &Tally, kind: Kind) -> String {
    let noun = match kind {
        Kind::Table => "table",
        Kind::Figure => "figure",
    };
    let counted = numbers.numbers();
    if counted == 0 && numbers.count(Term::PrintedInput) == 0 {
        return format!("The paper prints no number for this {noun} that the ledger can compare.");
    }
    format!(
        "Of the {} printed {} of this {noun}: {}.",
        counted,
        if counted == 1 { "number" } else { "numbers" },
        numbers.numbers_words()
    )
}

/// The findings about the paper whose numbers are printed in `artefact`, numbered as in the paper's
/// account.
pub(super) fn block_findings(
    input: &ReportInput<'_>,
    artefact: &str,
    format: Format,
) -> Vec<FindingView> {
    let Some(paper) = input.account.paper(&input.paper.id) else {
        return Vec::new();
    };
    paper
        .findings
        .iter()
        .enumerate()
        .filter(|(_, f)| f.tables.iter().any(|t| t == artefact))
        .map(|(i, f)| FindingView::new(&paper.id, i + 1, f, format))
        .collect()
}
