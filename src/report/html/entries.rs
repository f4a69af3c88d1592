//! Ledger entries as the reviewer's page shows them: a focusable item (a printed cell of a table, or
//! a claim, setting or statement in a list) with its mark, and the detail that `check --detail`
//! prints for each entry. Every word and value comes from the ledger entry or the reports' own
//! words ([`Mark`], [`Entry::verdict_words`]); nothing is decided here.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::text::entry_anchor;
use crate::ledger::{Entry, EntryKind, Holding};
use crate::model::BuiltInKind;
use crate::render::ledger::Section;
use crate::report::mark::CALIBRATED;
use crate::report::{Format, Mark, class_letter};

/// A finding an entry belongs to, for its detail's link.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct FindingLink {
    pub(crate) anchor: String,
    /// Its number in the paper's ranked findings (the summary's numbering).
    pub(crate) number: usize,
    pub(crate) headline: String,
}

/// The findings by entry anchor.
pub(crate) type FindingsOf = BTreeMap<String, FindingLink>;

/// A holding rate with its Wilson interval as a bar: the rate and the interval's limits as
/// percentages of the bar's width (one decimal, for the drawing only).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RateBar {
    pub(crate) rate: String,
    pub(crate) lo: String,
    pub(crate) hi: String,
    /// The interval's width, for the SVG rectangle.
    pub(crate) width: String,
    /// `0.87 [0.82, 0.91], usually (174 of 200 replicates of B.R1)`.
    pub(crate) words: String,
    pub(crate) word: &'static str,
}

impl RateBar {
    fn of(h: &Holding) -> RateBar {
        let pct = |x: f64| format!("{:.1}", (x * 100.0).clamp(0.0, 100.0));
        RateBar {
            rate: pct(h.rate),
            lo: pct(h.lo),
            hi: pct(h.hi),
            width: format!("{:.1}", ((h.hi - h.lo) * 100.0).clamp(0.0, 100.0)),
            words: h.words(),
            word: h.word.words(),
        }
    }
}

/// What the page shows for one entry when its item is selected (and, printed, under its table).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct DetailView {
    pub(crate) anchor: String,
    pub(crate) label: String,
    /// `exact`, `derived`, `simulated`, `real-data`.
    pub(crate) class: String,
    pub(crate) class_letter: &'static str,
    pub(crate) kind: String,
    pub(crate) printed: String,
    /// The value recomputed from the paper's inputs or numbers (or real data).
    pub(crate) rebuilt: Option<String>,
    /// The stand-in's value, with the calibration dagger where a knob was calibrated to it.
    pub(crate) stand_in: Option<String>,
    pub(crate) verdict: String,
    pub(crate) verdict_words: &'static str,
    pub(crate) mark: &'static str,
    /// The arithmetic in words (`check --detail`).
    pub(crate) detail: String,
    pub(crate) finding: Option<FindingLink>,
    pub(crate) holding: Option<RateBar>,
    /// What builds the entry into the stand-in, in words, when something does.
    pub(crate) built_in: Option<String>,
}

impl DetailView {
    pub(crate) fn of(e: &Entry, findings: &FindingsOf) -> DetailView {
        let anchor = entry_anchor(&e.table, &e.cell);
        DetailView {
            finding: findings.get(&anchor).cloned(),
            anchor,
            label: label(e),
            class: e.class.to_string(),
            class_letter: class_letter(e.class),
            kind: kind_words(e.kind).to_string(),
            printed: e.printed.clone(),
            rebuilt: e.rebuilt.clone(),
            stand_in: stand_in_shown(e),
            verdict: e.verdict.to_string(),
            verdict_words: e.verdict_words(),
            mark: Mark::of(e).symbol(Format::Markdown),
            detail: e.detail.clone(),
            holding: e.holding.as_ref().map(RateBar::of),
            built_in: e
                .built_in
                .as_ref()
                .map(|b| format!("{} by {}: {}", b.kind.words(), b.knobs_in_file(), b.why)),
        }
    }
}

/// An entry's words: a claim's or statement's, or a printed cell's place, else its id.
pub(crate) fn label(e: &Entry) -> String {
    e.label.clone().unwrap_or_else(|| e.cell.clone())
}

/// The stand-in's value as the ledger's views show it: with the calibration dagger when a knob was
/// calibrated to the printed number.
pub(crate) fn stand_in_shown(e: &Entry) -> Option<String> {
    e.stand_in.as_ref().map(|v| {
        if e.is_calibrated() {
            format!("{v}{}", CALIBRATED.0)
        } else {
            v.clone()
        }
    })
}

fn kind_words(kind: EntryKind) -> &'static str {
    match kind {
        EntryKind::Cell => "printed number in a table",
        EntryKind::Text => "number of the running text",
        EntryKind::Setting => "setting the text states",
        EntryKind::Statement => "statement of the text",
        EntryKind::Claim => "claim",
    }
}

/// One focusable item: a printed cell (one or more ledger entries, the parts of one printed number)
/// or one entry of a list.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ItemView {
    /// The first entry's anchor (the item's id); the other entries' anchors sit inside the item.
    pub(crate) anchor: String,
    pub(crate) other_anchors: Vec<String>,
    /// Every entry's anchor, space-separated (the item's `data-entries`).
    pub(crate) entries: String,
    /// What the item shows: the printed number, or the entry's words in a list.
    pub(crate) text: String,
    pub(crate) bold: bool,
    /// The most serious verdict of its entries (the reports' rule, [`Mark::severity`]).
    pub(crate) verdict: String,
    pub(crate) mark: &'static str,
    /// The classes' letters (`E`, `DS`).
    pub(crate) letters: String,
    /// The classes and verdicts of its entries, space-separated, for the filters.
    pub(crate) classes: String,
    pub(crate) verdicts: String,
    /// The entries' words, for the search and the item's accessible name.
    pub(crate) labels: String,
    /// Short words on the item saying what rests on the stand-in (`fitted`, `on the stand-in` for
    /// a verdict about the stand-in, `stand-in value` for a check of the paper whose number the
    /// stand-in also shows, `calibrated †`, `designed in`): never colour alone.
    pub(crate) tags: Vec<&'static str>,
    /// The verdict in words for the accessible name.
    pub(crate) verdict_words: &'static str,
    /// The holding rate of a claim re-tested over replicates.
    pub(crate) holding: Option<RateBar>,
}

impl ItemView {
    /// The item of `entries` (at least one) showing `text`.
    pub(crate) fn of(entries: &[&Entry], text: String, bold: bool) -> Option<ItemView> {
        let worst = entries
            .iter()
            .copied()
            .max_by_key(|e| Mark::of(e).severity())?;
        let anchors: Vec<String> = entries
            .iter()
            .map(|e| entry_anchor(&e.table, &e.cell))
            .collect();
        let letters: BTreeSet<&str> = entries.iter().map(|e| class_letter(e.class)).collect();
        let classes: BTreeSet<String> = entries.iter().map(|e| e.class.to_string()).collect();
        let verdicts: BTreeSet<String> = entries.iter().map(|e| e.verdict.to_string()).collect();
        let mut tags = Vec::new();
        if entries.iter().any(|e| e.is_fitted()) {
            tags.push("fitted");
        } else if entries
            .iter()
            .any(|e| e.basis == crate::ledger::Basis::StandIn)
        {
            tags.push("on the stand-in");
        } else if entries.iter().any(|e| e.stand_in.is_some()) {
            tags.push("stand-in value");
        }
        if entries.iter().any(|e| e.is_calibrated()) {
            tags.push("calibrated †");
        }
        if entries.iter().any(|e| {
            e.built_in
                .as_ref()
                .is_some_and(|b| b.kind == BuiltInKind::Designed)
        }) {
            tags.push("designed in");
        }
        Some(ItemView {
            anchor: anchors[0].clone(),
            other_anchors: anchors[1..].to_vec(),
            entries: anchors.join(" "),
            text,
            bold,
            verdict: worst.verdict.to_string(),
            mark: Mark::of(worst).symbol(Format::Markdown),
            letters: letters.into_iter().collect(),
            classes: classes.into_iter().collect::<Vec<_>>().join(" "),
            verdicts: verdicts.into_iter().collect::<Vec<_>>().join(" "),
            labels: entries
                .iter()
                .map(|e| label(e))
                .collect::<Vec<_>>()
                .join("; "),
            tags,
            verdict_words: worst.verdict_words(),
            holding: worst.holding.as_ref().map(RateBar::of),
        })
    }
}

/// Entries listed rather than placed in a table, under the ledger's section headings (checks of the
/// paper, claims re-tested on the stand-in, built into the stand-in, real data), which never mix.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct EntryList {
    pub(crate) heading: &'static str,
    pub(crate) items: Vec<ItemView>,
}

/// `entries` as lists, one per ledger section that has any, in the ledger's section order.
pub(crate) fn lists(entries: &[&Entry]) -> Vec<EntryList> {
    crate::render::ledger::SECTIONS
        .iter()
        .filter_map(|&section| {
            let items: Vec<ItemView> = entries
                .iter()
                .filter(|e| Section::of(e) == section)
                .filter_map(|e| ItemView::of(&[e], label(e), false))
                .collect();
            (!items.is_empty()).then_some(EntryList {
                heading: section.heading(),
                items,
            })
        })
        .collect()
}

/// One entry in the page's embedded JSON: the entry exactly as `check --format json` writes it,
/// with its anchor and the words the page shows for it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct EntryData<'a> {
    pub(crate) anchor: String,
    pub(crate) entry: &'a Entry,
    pub(crate) label: String,
    pub(crate) verdict_words: &'static str,
    pub(crate) stand_in_shown: Option<String>,
    pub(crate) holding_words: Option<String>,
    pub(crate) finding: Option<String>,
}

impl<'a> EntryData<'a> {
    pub(crate) fn of(e: &'a Entry, findings: &FindingsOf) -> EntryData<'a> {
        let anchor = entry_anchor(&e.table, &e.cell);
        EntryData {
            finding: findings.get(&anchor).map(|f| f.anchor.clone()),
            anchor,
            entry: e,
            label: label(e),
            verdict_words: e.verdict_words(),
            stand_in_shown: stand_in_shown(e),
            holding_words: e.holding.as_ref().map(Holding::words),
        }
    }
}
