//! The account's items as the reviewer's page shows them: a focusable item (a printed cell of a
//! table, or a claim, setting or statement in a list) with its mark, and the detail that `check
//! --detail` prints for each entry. Every word and value comes from the account ([`Item`]: its
//! term, its words, its findings); nothing is decided here.

use serde::Serialize;
use strum::IntoEnumIterator;

use super::text::entry_anchor;
use crate::account::{Item, Section, Term};
use crate::ledger::{EntryKind, Holding};
use crate::report::summary::finding_anchor;
use crate::report::{Format, Mark, class_letter};

/// A finding an item belongs to or rests on, for its detail's link.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct FindingLink {
    pub(crate) anchor: String,
    /// Its number in the paper's findings (the same in every view).
    pub(crate) number: usize,
}

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
        }
    }
}

/// What the page shows for one item when it is selected (and, printed, under its table).
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
    /// The stand-in's value, with the mark of what builds it in.
    pub(crate) stand_in: Option<String>,
    /// The term's id (`reproduced`), for the style.
    pub(crate) term: Term,
    /// The verdict in the vocabulary's words.
    pub(crate) words: String,
    pub(crate) mark: &'static str,
    /// The arithmetic in words (`check --detail`).
    pub(crate) detail: String,
    pub(crate) findings: Vec<FindingLink>,
    pub(crate) holding: Option<RateBar>,
    /// A claim re-tested across the plausible knob space, in the account's words.
    pub(crate) across: Option<String>,
    /// What builds the entry into the stand-in, in words, when something does.
    pub(crate) built_in: Option<String>,
    /// Each proxy of a claim measured on real data, with its verdict.
    pub(crate) proxies: Vec<String>,
}

impl DetailView {
    pub(crate) fn of(item: &Item) -> DetailView {
        let e = &item.entry;
        DetailView {
            anchor: entry_anchor(&e.table, &e.cell),
            label: label(item),
            class: e.class.to_string(),
            class_letter: class_letter(e.class),
            kind: kind_words(e.kind).to_string(),
            printed: e.printed.clone(),
            rebuilt: e.rebuilt.clone(),
            stand_in: item.stand_in_value(),
            term: item.term,
            words: item.words.clone(),
            mark: Mark(item.term).symbol(Format::Markdown),
            detail: e.detail.clone(),
            findings: finding_links(item),
            holding: e.holding.as_ref().map(RateBar::of),
            across: item.across.clone(),
            built_in: e
                .built_in
                .as_ref()
                .map(|b| format!("{} by {}: {}", b.kind.words(), b.knobs_in_file(), b.why)),
            proxies: item.proxy_words(),
        }
    }
}

/// The links to the findings an item names.
fn finding_links(item: &Item) -> Vec<FindingLink> {
    item.findings
        .iter()
        .map(|&n| FindingLink {
            anchor: finding_anchor(&item.entry.paper, n),
            number: n,
        })
        .collect()
}

/// An item's words: a claim's or statement's, or a printed cell's place, else its id.
pub(crate) fn label(item: &Item) -> String {
    item.entry
        .label
        .clone()
        .unwrap_or_else(|| item.entry.cell.clone())
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

/// One focusable item: a printed cell (one or more items of the account, the parts of one printed
/// number) or one item of a list. It is counted once in the page's filters: by the section, term
/// and class of its most serious part.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ItemView {
    /// The first part's anchor (the item's id); the other parts' anchors sit inside the item.
    pub(crate) anchor: String,
    pub(crate) other_anchors: Vec<String>,
    /// Every part's anchor, space-separated (the item's `data-entries`).
    pub(crate) entries: String,
    /// What the item shows: the printed number, or the item's words in a list.
    pub(crate) text: String,
    pub(crate) bold: bool,
    /// The most serious term of its parts, its section and its class.
    pub(crate) term: Term,
    pub(crate) section: Section,
    pub(crate) class: String,
    pub(crate) mark: &'static str,
    /// The classes' letters (`E`, `DS`).
    pub(crate) letters: String,
    /// The parts' words, for the search and the item's accessible name.
    pub(crate) labels: String,
    /// The verdict in the vocabulary's words (shown in a list; the accessible name in a table).
    pub(crate) words: String,
    /// The holding rate of a claim re-tested over replicates.
    pub(crate) holding: Option<RateBar>,
}

impl ItemView {
    /// The item of `parts` (at least one) showing `text`.
    pub(crate) fn of(parts: &[&Item], text: String, bold: bool) -> Option<ItemView> {
        let worst = parts.iter().copied().max_by_key(|i| i.term.severity())?;
        let anchors: Vec<String> = parts
            .iter()
            .map(|i| entry_anchor(&i.entry.table, &i.entry.cell))
            .collect();
        let mut letters: Vec<&str> = parts.iter().map(|i| class_letter(i.entry.class)).collect();
        letters.sort_unstable();
        letters.dedup();
        Some(ItemView {
            anchor: anchors[0].clone(),
            other_anchors: anchors[1..].to_vec(),
            entries: anchors.join(" "),
            text,
            bold,
            term: worst.term,
            section: worst.section(),
            class: worst.entry.class.to_string(),
            mark: Mark(worst.term).symbol(Format::Markdown),
            letters: letters.concat(),
            labels: parts
                .iter()
                .map(|i| label(i))
                .collect::<Vec<_>>()
                .join("; "),
            words: worst.words.clone(),
            holding: worst.entry.holding.as_ref().map(RateBar::of),
        })
    }
}

/// Items listed rather than placed in a table, under the account's section headings, which never
/// mix.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct EntryList {
    pub(crate) heading: &'static str,
    pub(crate) items: Vec<ItemView>,
}

/// `items` as lists, one per section that has any, in the sections' order.
pub(crate) fn lists(items: &[&Item]) -> Vec<EntryList> {
    Section::iter()
        .filter_map(|section| {
            let views: Vec<ItemView> = items
                .iter()
                .filter(|i| i.section() == section)
                .filter_map(|i| ItemView::of(&[i], label(i), false))
                .collect();
            (!views.is_empty()).then_some(EntryList {
                heading: section.heading(),
                items: views,
            })
        })
        .collect()
}

/// One item in the page's embedded JSON: the item exactly as `check --format json` writes it
/// (the entry's fields, its term, words and findings), with its anchor and the words the page shows.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct EntryData<'a> {
    pub(crate) anchor: String,
    pub(crate) item: &'a Item,
    pub(crate) label: String,
    pub(crate) stand_in_shown: Option<String>,
    pub(crate) holding_words: Option<String>,
    /// The anchors of the findings the item names.
    pub(crate) findings: Vec<String>,
}

impl<'a> EntryData<'a> {
    pub(crate) fn of(item: &'a Item) -> EntryData<'a> {
        EntryData {
            anchor: entry_anchor(&item.entry.table, &item.entry.cell),
            label: label(item),
            stand_in_shown: item.stand_in_value(),
            holding_words: item.entry.holding.as_ref().map(Holding::words),
            findings: finding_links(item).into_iter().map(|f| f.anchor).collect(),
            item,
        }
    }
}
