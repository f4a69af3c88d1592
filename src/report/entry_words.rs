//! One item of the account as a report shows it: its class letter and mark (the per-cell marker of
//! the printed grids) and the words of its verdict, all taken from the account.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::account::Item;
use crate::model::ProvenanceClass;

use super::{Format, Mark};

/// One item as shown in a report.
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
    /// What the stand-in shows for the number or claim (`—` when it shows nothing), with the mark
    /// of what builds it in (`†` calibrated, `≡` fitted).
    pub(super) stand_in: String,
    /// The verdict in the vocabulary's words (`inconsistent (finding 2)`, `usually`).
    pub(super) verdict: String,
    /// The holding rate over a robustness study's replicates, with its interval and words, or `—`.
    pub(super) rate: String,
    /// A claim's class across the plausible knob space (`across plausible data, robust`), or empty.
    pub(super) across: String,
    /// What builds the claim or number into the stand-in (`designed in by runs.assessor_weights in
    /// data/lancers/www-runs.yaml`), empty when nothing does.
    pub(super) built_in: String,
    pub(super) marker: String,
    pub(super) detail: String,
    /// A claim's or statement's words, else the cell name.
    pub(super) label: String,
    /// The arithmetic behind the verdict, without the label that opens a claim's detail.
    pub(super) why: String,
    /// The mark of the term alone (no class letter).
    pub(super) mark: &'static str,
    /// The class letter and the mark, spelled in a line (`E ✓`), for the running-text table.
    pub(super) class_mark: String,
    /// In the running-text tables: the label without the words its table's title says.
    pub(super) item: String,
    /// Proxies of a claim measured on real data, each with its verdict (`flipped item pairs: holds`).
    pub(super) proxies: Vec<String>,
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

/// The mark of one printed cell: its classes' letters and the most serious term of its parts.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CellMark {
    pub(super) letters: String,
    pub(super) mark: Mark,
}

/// The marker of the items of one printed cell: their classes' letters and their most serious
/// mark, as a superscript; empty for no item.
pub(super) fn marker(items: &[&Item], format: Format) -> String {
    mark_of(items).map_or_else(String::new, |m| marker_text(&m, format))
}

/// A cell's marker: the class letters and the mark, as a superscript after the number.
pub(super) fn marker_text(m: &CellMark, format: Format) -> String {
    match format {
        Format::Markdown => format!("<sup>{}</sup>", mark_words(m, format)),
        Format::Latex => format!("\\textsuperscript{{{}}}", mark_words(m, format)),
    }
}

/// The mark of `items` (one printed cell), `None` for none.
pub(super) fn mark_of(items: &[&Item]) -> Option<CellMark> {
    let classes: BTreeSet<&str> = items.iter().map(|i| class_letter(i.entry.class)).collect();
    let worst = items.iter().map(|i| i.term).max_by_key(|t| t.severity())?;
    Some(CellMark {
        letters: classes.into_iter().collect(),
        mark: Mark(worst),
    })
}

/// The mark spelled in running text (a panel's label), not as a superscript.
pub(super) fn mark_words(m: &CellMark, format: Format) -> String {
    match format {
        Format::Markdown => format!("{}{}", m.letters, m.mark.symbol(format)),
        Format::Latex => format!("{}\\,{}", m.letters, m.mark.symbol(format)),
    }
}

/// The view of `item` in `format`.
pub(super) fn entry_view(item: &Item, format: Format) -> EntryView {
    let entry = &item.entry;
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
        stand_in: item
            .stand_in_value()
            .map_or_else(|| "—".to_string(), |v| format.escape(&v)),
        verdict: format.escape(&item.words),
        rate: entry.holding.as_ref().map_or_else(
            || "—".to_string(),
            |h| format.escape(&crate::model::rate_word::interval_words(h.rate, h.lo, h.hi)),
        ),
        across: entry
            .across
            .as_ref()
            .map_or_else(String::new, |a| format.escape(&a.words())),
        built_in: entry.built_in.as_ref().map_or_else(String::new, |b| {
            format.escape(&format!("{} by {}", b.kind.words(), b.knobs_in_file()))
        }),
        marker: marker(&[item], format),
        detail: format.escape(&entry.detail),
        label: format.escape(entry.label.as_deref().unwrap_or(&entry.cell)),
        why: format.escape(&why(item)),
        mark: Mark(item.term).symbol(format),
        class_mark: mark_of(&[item])
            .map(|m| mark_words(&m, format))
            .unwrap_or_default(),
        item: format.escape(entry.label.as_deref().unwrap_or(&entry.cell)),
        proxies: item
            .proxy_words()
            .iter()
            .map(|w| format.escape(w))
            .collect(),
    }
}

/// The arithmetic behind a verdict, without the label that opens a claim's detail, without the
/// holding rate (it has a column of its own) and without its closing full stop (the templates end
/// the sentence).
pub(super) fn why(item: &Item) -> String {
    let entry = &item.entry;
    let detail = entry
        .label
        .as_deref()
        .and_then(|l| entry.detail.strip_prefix(l))
        .and_then(|rest| rest.strip_prefix(": "))
        .unwrap_or(&entry.detail);
    let detail = match &entry.across {
        Some(a) => detail
            .strip_suffix(&format!("; {}.", a.detail()))
            .map_or_else(
                || detail.to_string(),
                |d| {
                    if d.ends_with('.') {
                        d.to_string()
                    } else {
                        format!("{d}.")
                    }
                },
            ),
        None => detail.to_string(),
    };
    let detail = detail.as_str();
    let detail = match &entry.holding {
        Some(h) => detail
            .strip_suffix(&format!("; over replicates: {}.", h.words()))
            .unwrap_or(detail),
        None => detail,
    };
    detail.strip_suffix('.').unwrap_or(detail).to_string()
}
