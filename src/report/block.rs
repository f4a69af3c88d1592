//! An artefact's block in a report: its status, rebuilt table or figure, the numbers as printed with
//! their marks, and the account of what was not reproduced and why, grouped by check.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::ledger::{Basis, Entry, EntryKind, Ledger, Verdict, cell_name, is_finding};
use crate::manifest::{Artefact, Kind, OutputFormat, Status};
use crate::published::PublishedFile;
use crate::render::grid::{self, Grid};
use crate::results::ResultTable;

use super::entry_words::{EntryView, entry_view, spaced};
use super::functions::RepeatedNotes;
use super::{
    ArtefactStatus, Format, Mark, ReportInput, claim_grids, mark, paper_artefacts, printed,
};

#[derive(Debug, Clone, Serialize)]
pub(super) struct FindingView {
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
    pub(super) fn new(f: &crate::ledger::Finding, format: Format) -> Self {
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
    /// Whether the rebuilt table has the printed numbers (recomputed, or fitted to the print): it
    /// is shown once, as printed with its marks, under [`BlockContext::shown_once`].
    pub(super) rebuilt_is_printed: bool,
    /// The heading's words when the table is shown once: what its numbers are (recomputed from the
    /// paper's inputs; fitted to the print by the stand-in), never "reproduced" for a fitted one.
    pub(super) shown_once: String,
    /// The one-line legends of the marks of stand-in numbers in this block (fitted ≡, calibrated
    /// †), escaped, when its printed table has any.
    pub(super) mark_legends: Vec<String>,
    pub(super) printed: Option<Grid>,
    /// Printed numbers of the artefact that its layout does not place (listed instead).
    pub(super) unplaced: Vec<EntryView>,
    pub(super) figure_svg: Option<String>,
    pub(super) figure_pdf: Option<String>,
    /// The figure's panels two to a row, when it stacks several ([`crate::render::figure::bands`]):
    /// LaTeX cuts them out of the figure's PDF and sets them side by side, rows that can flow across
    /// pages, instead of one tall narrow picture beside an empty half line.
    pub(super) figure_rows: Vec<Vec<FigureCut>>,
    /// The stand-in note ([`StandIn::note`]) when the rebuilt artefact rests on a stand-in.
    pub(super) stand_in: Option<String>,
    pub(super) notes: Vec<String>,
    /// The block's notes that an earlier block of the report printed already, counted by the block
    /// that printed them first (empty until the block is placed, [`without_repeated_notes`]).
    pub(super) repeated_notes: Vec<RepeatedNotes>,
    /// What the checks of the paper's numbers found, in a sentence (escaped); empty when the paper
    /// prints no number for the artefact.
    pub(super) check: String,
    /// Pending printed numbers grouped by reason: `(count, reason)`.
    pub(super) not_reproduced: Vec<(usize, String)>,
    pub(super) mismatches: Vec<EntryView>,
    /// The findings about the paper among the artefact's entries, one per root cause.
    pub(super) findings: Vec<FindingView>,
    /// Statements of the paper checked on its own printed numbers (or claims on its printed inputs).
    pub(super) paper_claims: Vec<EntryView>,
    /// The claims re-tested on the stand-in that stand alone (`claim_grids` folds the grouped ones);
    /// none a knob builds in.
    pub(super) stand_in_claims: Vec<EntryView>,
    /// The claims a stand-in knob was set to produce: listed apart, never evidence.
    pub(super) built_in_claims: Vec<EntryView>,
    /// The claims re-tested on real data.
    pub(super) real_data_claims: Vec<EntryView>,
    /// The transcription notes of the artefact's printed rows (escaped).
    pub(super) transcription: Vec<NoteView>,
    /// The grouped claims (A.T3's discrepancy counts), one Dmax × N grid per measure.
    pub(super) claim_grids: Vec<claim_grids::ClaimGridView>,
    /// When a grid cell's claim holds, in words.
    pub(super) claim_grid_rule: String,
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
pub(super) fn check_sentence(entries: &[&Entry], kind: Kind) -> String {
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
pub(super) fn block_findings(entries: &[&Entry], paper: &str, format: Format) -> Vec<FindingView> {
    let ledger = Ledger {
        entries: entries.iter().map(|e| (*e).clone()).collect(),
        notes: Vec::new(),
    };
    crate::ledger::findings(&ledger, paper)
        .iter()
        .map(|f| FindingView::new(f, format))
        .collect()
}
