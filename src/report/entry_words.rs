//! One ledger entry as a report shows it: its class letter and verdict mark (the per-cell marker of
//! the printed grids) and the words of its check.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::ledger::Entry;
use crate::model::ProvenanceClass;

use super::{Format, Mark, mark};

/// One ledger entry as shown in a report.
#[derive(Debug, Clone, Default, Serialize)]
pub(super) struct EntryView {
    pub(super) table: String,
    pub(super) cell: String,
    pub(super) printed: String,
    pub(super) class: String,
    /// The value recomputed from the paper's inputs or numbers, `—` when there is none.
    pub(super) rebuilt: String,
    /// Whether the ledger has a recomputed value (a statement checked on the paper's own table has
    /// none).
    pub(super) rebuilt_known: bool,
    /// What the stand-in shows for the number or claim (`—` when it shows nothing), with the
    /// calibration dagger where a knob was calibrated to the number.
    pub(super) stand_in: String,
    /// The verdict in words that say whether it is about the paper or the stand-in.
    pub(super) verdict: String,
    /// The holding rate over a robustness study's replicates, with its interval and word, or `—`.
    pub(super) rate: String,
    /// What builds the claim or number into the stand-in (`designed in by runs.assessor_weights in
    /// data/lancers/www-runs.yaml`), empty when nothing does.
    pub(super) built_in: String,
    pub(super) marker: String,
    pub(super) detail: String,
    /// A claim's or statement's words, else the cell name.
    pub(super) label: String,
    /// The arithmetic behind the verdict, without the label that opens a claim's detail.
    pub(super) why: String,
    /// The mark of the verdict alone (no class letter).
    pub(super) mark: &'static str,
    /// The class letter and the mark, spelled in a line (`E ✓`), for the running-text table.
    pub(super) class_mark: String,
    /// In the running-text tables: the label without the words its table's title says.
    pub(super) item: String,
}

/// The short marker of a class (`E`, `D`, `S`, `R`).
pub(crate) fn class_letter(class: ProvenanceClass) -> &'static str {
    match class {
        ProvenanceClass::Exact => "E",
        ProvenanceClass::Derived => "D",
        ProvenanceClass::Simulated => "S",
        ProvenanceClass::RealData => "R",
    }
}

/// A mark's symbol followed by running text: in LaTeX a control word (`\\checkmark`) would swallow
/// the space after it.
pub(super) fn spaced(symbol: &str, format: Format) -> String {
    match format {
        Format::Latex if symbol.starts_with('\\') => format!("{symbol}{{}}"),
        _ => symbol.to_string(),
    }
}

/// The mark of one printed cell: its classes' letters, the most serious verdict of its parts, and
/// whether a stand-in knob was calibrated to it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CellMark {
    pub(super) letters: String,
    pub(super) mark: Mark,
    pub(super) calibrated: bool,
}

/// The marker of a set of ledger entries (the parts of one printed cell): their classes' letters and
/// their most serious mark ([`Mark`]), as a superscript; empty for no entry.
pub(super) fn marker(entries: &[&Entry], format: Format) -> String {
    mark_of(entries).map_or_else(String::new, |m| marker_text(&m, format))
}

/// A cell's marker: the class letters and the mark (and the calibration dagger when a stand-in knob
/// was calibrated to the number), as a superscript after the number.
pub(super) fn marker_text(m: &CellMark, format: Format) -> String {
    match format {
        Format::Markdown => format!("<sup>{}</sup>", mark_words(m, format)),
        Format::Latex => format!("\\textsuperscript{{{}}}", mark_words(m, format)),
    }
}

/// The mark of `entries` (one printed cell), `None` for none.
pub(super) fn mark_of(entries: &[&Entry]) -> Option<CellMark> {
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
pub(super) fn mark_words(m: &CellMark, format: Format) -> String {
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

pub(super) fn entry_view(entry: &Entry, format: Format) -> EntryView {
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
pub(super) fn why(entry: &Entry) -> String {
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
