//! The reviewer's summary that opens each report, the index and the reviewer's page: one row per
//! artefact (the running text of a paper is one more row) with what it rests on, how many printed
//! numbers were recomputed and matched, the findings about the paper by cause, the claims re-tested on
//! the stand-in by the word of their holding rate, and what the stand-in was built to produce, apart.
//! Counts are of causes and claims, not of cells. Every count comes from the ledger; the templates word
//! them and type no number. [`review_summary`] gives the words as plain text (the page escapes them
//! itself); [`ReviewSummary::in_format`] escapes them for a Markdown or LaTeX report.

use std::collections::BTreeMap;

use serde::Serialize;

use super::Format;
use crate::ledger::{
    Basis, Entry, EntryKind, Finding, Ledger, Verdict, artefact_words, findings, ranked,
};
use crate::manifest::DataSource;
use crate::manifest::{Artefact, Manifest};
use crate::model::StandIn;
use crate::model::rate_word::RATE_WORDS;
use crate::results::ResultTable;

/// The summary of a paper, in plain words.
#[derive(Debug, Clone)]
pub(crate) struct ReviewSummary {
    /// One row per artefact of the paper, then one for its running text.
    pub(crate) rows: Vec<ArtefactRow>,
    /// The findings, ranked by weight; a row's `findings` are their numbers (1-based).
    pub(crate) findings: Vec<Finding>,
    /// The paper's claims re-tested on the stand-in, by the word of their holding rate (built-in
    /// ones not counted), in words: `2 nearly always, 10 usually, 1 rarely`, or `—`.
    pub(crate) stand_in_claims: String,
    /// The claims and printed numbers the stand-in was built to produce, in words, or `—`.
    pub(crate) built_in: String,
    /// How many rows' printed labels the paper's extractions read differently.
    pub(crate) transcription_notes: usize,
}

/// One artefact in the summary, in plain words.
#[derive(Debug, Clone)]
pub(crate) struct ArtefactRow {
    /// `Table 2 (A.T2)`, `the running text`.
    pub(crate) artefact: String,
    /// What its numbers rest on: `exact`, `exact + fitted stand-in`, `stand-in`, `real data`.
    pub(crate) rests_on: String,
    /// Printed numbers recomputed from the paper's inputs: `70 of 70 match`, or `—`.
    pub(crate) recomputed: String,
    /// The numbers (1-based ranks) of the findings about the paper among its numbers.
    pub(crate) findings: Vec<usize>,
    /// Its claims re-tested on the stand-in by rate word (`2 usually, 1 rarely`), or on a single
    /// draw when no robustness study re-tested them (`single draw: 1 holds, 2 fail`), or `—`.
    pub(crate) stand_in_claims: String,
    /// What the stand-in was built to produce among its numbers and claims (`7 fitted numbers`).
    pub(crate) built_in: String,
}

/// The summary escaped for a report format, as the templates read it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SummaryText {
    rows: Vec<ArtefactRowText>,
    /// The findings' headlines, ranked, in the format (a LaTeX spelling where the finding has one).
    findings: Vec<String>,
    stand_in_claims: String,
    built_in: String,
    transcription_notes: usize,
}

/// One row of [`SummaryText`]; `findings` reads `1, 3` or `—`.
#[derive(Debug, Clone, Serialize)]
struct ArtefactRowText {
    artefact: String,
    rests_on: String,
    recomputed: String,
    findings: String,
    stand_in_claims: String,
    built_in: String,
}

impl ReviewSummary {
    /// The summary with every word escaped for `format`.
    pub(crate) fn in_format(&self, format: Format) -> SummaryText {
        SummaryText {
            rows: self
                .rows
                .iter()
                .map(|r| ArtefactRowText {
                    artefact: format.escape(&r.artefact),
                    rests_on: format.escape(&r.rests_on),
                    recomputed: r.recomputed.clone(),
                    findings: or_none(
                        &r.findings
                            .iter()
                            .map(usize::to_string)
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
                    stand_in_claims: format.escape(&r.stand_in_claims),
                    built_in: format.escape(&r.built_in),
                })
                .collect(),
            findings: self
                .findings
                .iter()
                .map(|f| match (format, &f.headline_latex) {
                    (Format::Latex, Some(latex)) => latex.clone(),
                    _ => format.escape(&f.headline),
                })
                .collect(),
            stand_in_claims: format.escape(&self.stand_in_claims),
            built_in: format.escape(&self.built_in),
            transcription_notes: self.transcription_notes,
        }
    }
}

/// The summary of `paper`'s entries in `ledger`, with the artefacts of `manifest` and their
/// `results` (a table built on a user's real data rests on that).
pub(crate) fn review_summary(
    ledger: &Ledger,
    manifest: &Manifest,
    results: &BTreeMap<String, ResultTable>,
    paper: &str,
) -> ReviewSummary {
    let ranked = ranked(findings(ledger, paper));
    let mut rows: Vec<ArtefactRow> = manifest
        .artefacts
        .iter()
        .filter(|a| a.paper == paper)
        .map(|a| {
            let entries: Vec<&Entry> = ledger
                .entries
                .iter()
                .filter(|e| e.paper == paper && artefact_of(e) == a.id.as_str())
                .collect();
            let rests_on = rests_on(a, results.get(a.id.as_str()), &entries);
            let words = artefact_words(&a.id);
            let name = if words == a.id.as_str() {
                words
            } else {
                format!("{words} ({})", a.id)
            };
            row(name, rests_on, &entries, &ranked, |t| t == a.id.as_str())
        })
        .collect();
    let ids: Vec<&str> = manifest
        .artefacts
        .iter()
        .filter(|a| a.paper == paper)
        .map(|a| a.id.as_str())
        .collect();
    let text: Vec<&Entry> = ledger
        .entries
        .iter()
        .filter(|e| e.paper == paper && !ids.contains(&artefact_of(e)))
        .collect();
    if !text.is_empty() {
        rows.push(row(
            "the running text".to_string(),
            "the paper's text".to_string(),
            &text,
            &ranked,
            |t| !ids.contains(&t),
        ));
    }
    let all: Vec<&Entry> = ledger.entries.iter().filter(|e| e.paper == paper).collect();
    ReviewSummary {
        rows,
        findings: ranked,
        stand_in_claims: or_none(&on_stand_in(&all)),
        built_in: or_none(&built_in(&all)),
        transcription_notes: ledger.notes.iter().filter(|n| n.paper == paper).count(),
    }
}

fn row(
    artefact: String,
    rests_on: String,
    entries: &[&Entry],
    ranked: &[Finding],
    in_row: impl Fn(&str) -> bool,
) -> ArtefactRow {
    let exact: Vec<&&Entry> = entries
        .iter()
        .filter(|e| {
            matches!(e.kind, EntryKind::Cell | EntryKind::Text)
                && matches!(e.verdict, Verdict::Match | Verdict::Mismatch)
        })
        .collect();
    let matched = exact.iter().filter(|e| e.verdict == Verdict::Match).count();
    let numbers: Vec<usize> = ranked
        .iter()
        .enumerate()
        .filter(|(_, f)| f.tables.iter().any(|t| in_row(t)))
        .map(|(i, _)| i + 1)
        .collect();
    ArtefactRow {
        artefact,
        rests_on,
        recomputed: if exact.is_empty() {
            "—".to_string()
        } else {
            format!("{matched} of {} match", exact.len())
        },
        findings: numbers,
        stand_in_claims: or_none(&stand_in_claims(entries)),
        built_in: or_none(&built_in(entries)),
    }
}

/// The artefact an entry belongs to: a claim's is the artefact that checks it (its id's first two
/// parts, `A.X1` of `A.X1.more_unanimous_than_uniform`, whatever section of the paper makes it);
/// any other entry's is its table.
fn artefact_of(e: &Entry) -> &str {
    if e.kind == EntryKind::Claim
        && let Some(end) = e.cell.match_indices('.').nth(1).map(|(i, _)| i)
    {
        return &e.cell[..end];
    }
    &e.table
}

/// `text`, or an em dash when it is empty.
fn or_none(text: &str) -> String {
    if text.is_empty() {
        "—".to_string()
    } else {
        text.to_string()
    }
}

/// What an artefact's numbers rest on, in a few words.
fn rests_on(artefact: &Artefact, result: Option<&ResultTable>, entries: &[&Entry]) -> String {
    let real_data = result.is_some_and(|t| t.real_data);
    let fitted = entries.iter().any(|e| e.verdict == Verdict::Fitted);
    if artefact.experiment.kind().data == DataSource::ShippedRealData {
        return "real data (shipped ratings)".to_string();
    }
    match artefact.experiment.stand_in(real_data) {
        _ if real_data => "real data (your collection)".to_string(),
        Some(StandIn::Whole) if artefact.experiment.is_robustness_study() => {
            "stand-in, independent redraws".to_string()
        }
        Some(StandIn::Whole) => "stand-in".to_string(),
        Some(StandIn::Part) if fitted => "exact + fitted stand-in".to_string(),
        Some(StandIn::Part) => "exact + stand-in".to_string(),
        None => "exact".to_string(),
    }
}

/// The claims of `entries` re-tested on the stand-in and not built into it: by rate word when a
/// robustness study re-tested them, else by their single-draw verdict; then those re-tested on real
/// data.
fn stand_in_claims(entries: &[&Entry]) -> String {
    let mut parts = vec![on_stand_in(entries)];
    let real: Vec<&&Entry> = entries
        .iter()
        .filter(|e| e.basis == Basis::RealData && e.kind == EntryKind::Claim)
        .collect();
    if !real.is_empty() {
        let holds = real.iter().filter(|e| e.verdict == Verdict::Holds).count();
        parts.push(format!(
            "on real data: {holds} of {} {}",
            real.len(),
            if holds == 1 { "holds" } else { "hold" }
        ));
    }
    parts.retain(|p| !p.is_empty());
    parts.join("; ")
}

/// [`stand_in_claims`] on the stand-in alone.
fn on_stand_in(entries: &[&Entry]) -> String {
    let claims: Vec<&&Entry> = entries
        .iter()
        .filter(|e| {
            e.basis == Basis::StandIn && e.kind == EntryKind::Claim && !e.is_built_in_claim()
        })
        .collect();
    let mut parts = by_rate_word(&claims);
    let single: Vec<&&&Entry> = claims.iter().filter(|e| e.holding.is_none()).collect();
    if !single.is_empty() {
        let holds = single
            .iter()
            .filter(|e| e.verdict == Verdict::Holds)
            .count();
        let fails = single.len() - holds;
        parts.push(format!(
            "single draw only: {holds} {}, {fails} {}",
            if holds == 1 { "holds" } else { "hold" },
            if fails == 1 { "fails" } else { "fail" }
        ));
    }
    parts.join(", ")
}

/// What the stand-in was built to produce among `entries`: claims designed in (with their rate
/// words), numbers fitted and numbers calibrated to the print.
fn built_in(entries: &[&Entry]) -> String {
    let claims: Vec<&&Entry> = entries.iter().filter(|e| e.is_built_in_claim()).collect();
    let fitted = entries
        .iter()
        .filter(|e| e.verdict == Verdict::Fitted)
        .count();
    let calibrated = entries.iter().filter(|e| e.is_calibrated()).count();
    let mut parts = Vec::new();
    if !claims.is_empty() {
        let mut words = by_rate_word(&claims);
        let single = claims.iter().filter(|e| e.holding.is_none()).count();
        if single > 0 {
            words.push(format!("{single} on the shipped draw only"));
        }
        parts.push(format!(
            "{} {} ({})",
            claims.len(),
            if claims.len() == 1 { "claim" } else { "claims" },
            words.join(", ")
        ));
    }
    if fitted > 0 {
        parts.push(format!(
            "{fitted} fitted {}",
            if fitted == 1 { "number" } else { "numbers" }
        ));
    }
    if calibrated > 0 {
        parts.push(format!(
            "{calibrated} calibrated {}",
            if calibrated == 1 { "number" } else { "numbers" }
        ));
    }
    parts.join(", ")
}

/// How many of `claims` carry each rate word, in the words' order: `2 nearly always, 1 rarely`
/// (claims without a holding rate are not counted).
fn by_rate_word(claims: &[&&Entry]) -> Vec<String> {
    RATE_WORDS
        .iter()
        .filter_map(|w| {
            let n = claims
                .iter()
                .filter(|e| e.holding.as_ref().is_some_and(|h| h.word == *w))
                .count();
            (n > 0).then(|| format!("{n} {}", w.words()))
        })
        .collect()
}
