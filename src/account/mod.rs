//! The account of the evidence: every printed number, setting, claim and finding of a run, with its
//! term in the one vocabulary ([`term`], docs/vocabulary.md), its finding numbers, and the counts
//! and words of every summary. It is built once per run from the ledger ([`account`]); the terminal,
//! Markdown, LaTeX, HTML and JSON views only render it, so they cannot disagree on a verdict, a
//! count, a finding's number or a word.
//!
//! What the account decides, and nothing else does:
//! - each entry's [`Term`] ([`item::term_of`]): an input echoed is a printed input, never a match;
//!   a claim a knob builds in is built in; a per-cell comparison with the stand-in is a check, not
//!   a claim; an observation of the paper's own data is shown, not scored;
//! - the findings of each paper, ranked once and numbered from 1 ([`ranked`]); an item names the
//!   finding it belongs to, and a claim that cannot be judged names those rejecting a number it reads;
//! - per artefact and per paper, the counts by term ([`Tally`]) and their words;
//! - per paper, the scope line (what is reproduced, what only checked for consistency, what rests
//!   on a stand-in) and the claims that need a reviewer's attention (re-tested on the stand-in with
//!   a rate that may lie below 0.75, or failing or mixed on real data, or built into the stand-in
//!   yet rarely coming out).

use std::collections::{BTreeMap, BTreeSet};

mod item;
pub(crate) mod knob_space;
pub(crate) mod robustness;
mod tally;
pub(crate) mod term;

pub(crate) use item::Item;
pub(crate) use knob_space::KnobSpaceSection;
pub(crate) use robustness::RobustnessSection;
pub(crate) use tally::Tally;
pub(crate) use term::{Section, Term};

use crate::ledger::{Entry, EntryKind, Finding, Ledger, TranscriptionNote, cell_name};
use crate::ledger::{artefact_words, findings, ranked};
use crate::manifest::{Artefact, DataSource, Manifest};
use crate::model::StandIn;
use crate::model::rate_word::RateBand;
use crate::results::ResultTable;

/// The account of one run (module documentation).
#[derive(Debug, Clone)]
pub(crate) struct Account {
    /// Every ledger entry, in ledger order, with what the account says of it.
    pub(crate) items: Vec<Item>,
    /// Per paper of the manifest, in its order.
    pub(crate) papers: Vec<PaperAccount>,
    /// Rows whose printed labels the paper's extractions read differently (not items: doubts about
    /// the transcription).
    pub(crate) notes: Vec<TranscriptionNote>,
}

/// The account of one paper.
#[derive(Debug, Clone)]
pub(crate) struct PaperAccount {
    pub(crate) id: String,
    /// The findings about the paper, ranked by weight: finding `n` is `findings[n - 1]`.
    pub(crate) findings: Vec<Finding>,
    /// One row per artefact of the paper, in manifest order, then one for its running text when it
    /// has entries.
    pub(crate) rows: Vec<ArtefactRow>,
    /// The counts of every item of the paper.
    pub(crate) tally: Tally,
    /// The claims a reviewer should look at first, as indices into [`Account::items`]: re-tested on
    /// the stand-in with an interval reaching below 0.75 (or failing on its one draw), or failing
    /// or mixed on real data, or built into the stand-in and still rarely coming out.
    pub(crate) attention: Vec<usize>,
    /// How many of its rows the paper's extractions read differently.
    pub(crate) transcription_notes: usize,
    /// The paper's robustness study, when it was built.
    pub(crate) robustness: Option<RobustnessSection>,
    /// The paper's knob-space study, when it was built.
    pub(crate) knob_space: Option<KnobSpaceSection>,
}

/// One artefact (or the running text) in a paper's summary.
#[derive(Debug, Clone)]
pub(crate) struct ArtefactRow {
    /// The artefact's id; `None` for the running text.
    pub(crate) artefact: Option<String>,
    /// `Table 2 (A.T2)`, `A.X1`, `the running text`.
    pub(crate) name: String,
    /// What its numbers rest on: `exact`, `exact + fitted stand-in`, `stand-in`, `real data`.
    pub(crate) rests_on: String,
    pub(crate) tally: Tally,
    /// The numbers of the findings among its printed numbers.
    pub(crate) findings: Vec<usize>,
}

impl Account {
    /// The account of `paper`, if the manifest has it.
    pub(crate) fn paper(&self, paper: &str) -> Option<&PaperAccount> {
        self.papers.iter().find(|p| p.id == paper)
    }

    /// The items of `paper`, in ledger order.
    pub(crate) fn items_of<'a>(&'a self, paper: &'a str) -> impl Iterator<Item = &'a Item> + 'a {
        self.items.iter().filter(move |i| i.entry.paper == paper)
    }

    /// What the account adds to the notes under artefact `artefact` of `paper`, in every view: a
    /// claim whose verdict on the draw shown is one its redraws rarely give ([`Item::rare_draw_words`]).
    pub(crate) fn artefact_notes(&self, paper: &str, artefact: &str) -> Vec<String> {
        self.items_of(paper)
            .filter(|i| i.entry.table == artefact || i.artefact.as_deref() == Some(artefact))
            .filter_map(Item::rare_draw_words)
            .collect()
    }

    /// The item of the ledger entry `(table, cell)`.
    pub(crate) fn item(&self, table: &str, cell: &str) -> Option<&Item> {
        self.items
            .iter()
            .find(|i| i.entry.table == table && i.entry.cell == cell)
    }
}

/// The account of `ledger`, the ledger of the artefacts of `manifest` rebuilt into `results`.
pub(crate) fn account(
    ledger: &Ledger,
    manifest: &Manifest,
    results: &BTreeMap<String, ResultTable>,
) -> Account {
    let mut items = Vec::with_capacity(ledger.entries.len());
    let mut papers = Vec::new();
    for paper in &manifest.papers {
        let ranked = ranked(findings(ledger, &paper.id));
        let mut number_of: BTreeMap<(&str, &str), usize> = BTreeMap::new();
        for (i, f) in ranked.iter().enumerate() {
            for (table, cell) in &f.entries {
                number_of.entry((table, cell)).or_insert(i + 1);
            }
        }
        let artefacts: Vec<&Artefact> = manifest
            .artefacts
            .iter()
            .filter(|a| a.paper == paper.id)
            .collect();
        let first = items.len();
        for e in ledger.entries.iter().filter(|e| e.paper == paper.id) {
            items.push(item(e, &number_of, &artefacts));
        }
        let of_paper = &items[first..];
        let rows = rows(&artefacts, of_paper, &ranked, results);
        let attention = of_paper
            .iter()
            .enumerate()
            .filter(|(_, i)| needs_attention(i))
            .map(|(k, _)| first + k)
            .collect();
        papers.push(PaperAccount {
            id: paper.id.clone(),
            tally: Tally::of(of_paper),
            rows,
            attention,
            transcription_notes: ledger.notes.iter().filter(|n| n.paper == paper.id).count(),
            robustness: robustness::section(&artefacts, of_paper, results),
            knob_space: knob_space::section(&artefacts, of_paper, results),
            findings: ranked,
        });
    }
    // Entries of a paper the manifest does not list (none in a consistent run) keep their terms.
    let listed: BTreeSet<&str> = manifest.papers.iter().map(|p| p.id.as_str()).collect();
    for e in ledger
        .entries
        .iter()
        .filter(|e| !listed.contains(e.paper.as_str()))
    {
        items.push(item(e, &BTreeMap::new(), &[]));
    }
    Account {
        items,
        papers,
        notes: ledger.notes.clone(),
    }
}

/// The item of one entry, with its finding numbers from `number_of`.
fn item(e: &Entry, number_of: &BTreeMap<(&str, &str), usize>, artefacts: &[&Artefact]) -> Item {
    let term = item::term_of(e);
    let mut numbers: Vec<usize> = if term.is_finding() {
        number_of
            .get(&(e.table.as_str(), e.cell.as_str()))
            .into_iter()
            .copied()
            .collect()
    } else if term == Term::CannotBeJudged
        || e.on_rejected == Some(crate::ledger::OnRejected::EveryReading)
    {
        e.rests_on
            .iter()
            .filter_map(|k| {
                let cell = cell_name(k);
                number_of.get(&(k.table.as_str(), cell.as_str())).copied()
            })
            .collect()
    } else {
        Vec::new()
    };
    numbers.sort_unstable();
    numbers.dedup();
    let rate = e.holding.as_ref().map(|h| h.word);
    Item {
        across: e.across.as_ref().map(|a| item::across_words(e, a)),
        words: item::verdict_words(term, &numbers, rate, e),
        term,
        findings: numbers,
        rests_on: e
            .rests_on
            .iter()
            .map(|k| format!("{}/{}", k.table, cell_name(k)))
            .collect(),
        artefact: artefact_of(e, artefacts),
        rate,
        entry: e.clone(),
    }
}

/// The artefact whose summary row counts an entry: a claim's is the artefact that checks it (its
/// id's first two parts, `A.X1` of `A.X1.more_unanimous_than_uniform`, whatever section of the
/// paper makes it); any other entry's is its table, when that is an artefact.
fn artefact_of(e: &Entry, artefacts: &[&Artefact]) -> Option<String> {
    let id = if e.kind == EntryKind::Claim
        && let Some(end) = e.cell.match_indices('.').nth(1).map(|(i, _)| i)
    {
        &e.cell[..end]
    } else {
        e.table.as_str()
    };
    artefacts
        .iter()
        .any(|a| a.id.as_str() == id)
        .then(|| id.to_string())
}

/// A claim a reviewer should look at first (see [`PaperAccount::attention`]).
fn needs_attention(item: &Item) -> bool {
    match item.term {
        Term::OnStandIn => item.rate.is_some_and(|r| r.lower > RateBand::Usually),
        // A claim a knob was set to produce that still rarely comes out: the stand-in misses what it
        // was built for, which a reviewer should see (as built in, never as evidence).
        Term::BuiltIn => item.rate.is_some_and(|r| r.upper >= RateBand::Rarely),
        Term::FailedOnOneDraw | Term::FailsOnRealData | Term::FailsOnProxy | Term::Mixed => true,
        _ => false,
    }
}

/// The summary rows of a paper's artefacts and running text.
fn rows(
    artefacts: &[&Artefact],
    items: &[Item],
    ranked: &[Finding],
    results: &BTreeMap<String, ResultTable>,
) -> Vec<ArtefactRow> {
    let finding_numbers = |in_row: &dyn Fn(&str) -> bool| -> Vec<usize> {
        ranked
            .iter()
            .enumerate()
            .filter(|(_, f)| f.tables.iter().any(|t| in_row(t)))
            .map(|(i, _)| i + 1)
            .collect()
    };
    let mut rows: Vec<ArtefactRow> = artefacts
        .iter()
        .map(|a| {
            let of_artefact: Vec<&Item> = items
                .iter()
                .filter(|i| i.artefact.as_deref() == Some(a.id.as_str()))
                .collect();
            let words = artefact_words(&a.id);
            ArtefactRow {
                artefact: Some(a.id.to_string()),
                name: if words == a.id.as_str() {
                    words
                } else {
                    format!("{words} ({})", a.id)
                },
                rests_on: rests_on(a, results.get(a.id.as_str()), &of_artefact),
                tally: Tally::of(of_artefact.iter().copied()),
                findings: finding_numbers(&|t| t == a.id.as_str()),
            }
        })
        .collect();
    let text: Vec<&Item> = items.iter().filter(|i| i.artefact.is_none()).collect();
    if !text.is_empty() {
        let ids: Vec<&str> = artefacts.iter().map(|a| a.id.as_str()).collect();
        rows.push(ArtefactRow {
            artefact: None,
            name: "the running text".to_string(),
            rests_on: "the paper's text".to_string(),
            tally: Tally::of(text.iter().copied()),
            findings: finding_numbers(&|t| !ids.contains(&t)),
        });
    }
    rows
}

/// What an artefact's numbers rest on, in a few words.
fn rests_on(artefact: &Artefact, result: Option<&ResultTable>, items: &[&Item]) -> String {
    let Some(result) = result else {
        // Not rebuilt in this run (pending, with its reason in the reports).
        return "not built (pending)".to_string();
    };
    let real_data = result.real_data;
    let fitted = items.iter().any(|i| i.entry.is_fitted());
    if artefact.experiment.kind().data == DataSource::ShippedRealData {
        return "real data (shipped ratings)".to_string();
    }
    match artefact.experiment.stand_in(real_data) {
        _ if real_data => "real data (your collection)".to_string(),
        Some(StandIn::Whole) => artefact
            .experiment
            .study()
            .map_or("stand-in", |study| study.rests_on())
            .to_string(),
        Some(StandIn::Part) if fitted => "exact + fitted stand-in".to_string(),
        Some(StandIn::Part) => "exact + stand-in".to_string(),
        None => "exact".to_string(),
    }
}
