//! The reviewer's summary that opens each report, the index and the reviewer's page, worded from the
//! paper's account ([`crate::account::PaperAccount`]): a line of scope (what is reproduced, what only
//! checked for consistency, what rests on a stand-in), the claims that need a reviewer's attention,
//! then one row per artefact with its counts in the vocabulary's words and its findings as links.
//! Nothing here counts: every number and word comes from the account.

use serde::Serialize;

use super::Format;
use crate::account::{Account, PaperAccount, Section, Term};

/// The summary escaped for a report format, as the templates read it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct SummaryText {
    /// What is reproduced, what only checked for consistency, what rests on a stand-in: one line.
    pub(crate) scope: String,
    /// The claims that need a reviewer's attention, named, with their verdict words.
    pub(crate) attention: Vec<String>,
    pub(crate) rows: Vec<RowText>,
    /// The findings' headlines, in their order (finding `n` is the `n`-th), with their anchors.
    pub(crate) findings: Vec<FindingText>,
    /// The paper's claims re-tested on the stand-in, by their rate words, or `—`.
    pub(crate) stand_in_claims: String,
    /// The printed numbers compared cell by cell with the stand-in (not claims), or empty.
    pub(crate) per_cell: String,
    /// What the stand-in was built to produce, or `—`.
    pub(crate) built_in: String,
    pub(crate) transcription_notes: usize,
}

/// One row of the summary.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RowText {
    /// The artefact's id, empty for the running text.
    pub(crate) id: String,
    pub(crate) artefact: String,
    pub(crate) rests_on: String,
    pub(crate) numbers: String,
    /// The row's findings as links to them (`finding 1, finding 3`), or `—`.
    pub(crate) findings: String,
    /// The row's findings as (number, anchor), for a view that links them itself.
    pub(crate) finding_anchors: Vec<(usize, String)>,
    pub(crate) claims: String,
    pub(crate) built_in: String,
}

/// A finding's headline and its anchor.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct FindingText {
    pub(crate) number: usize,
    pub(crate) anchor: String,
    pub(crate) headline: String,
}

/// The anchor of finding `number` of `paper` (`finding-a-1`), the same in every view: a valid HTML
/// id and LaTeX label (letters, digits and `-` only).
pub(crate) fn finding_anchor(paper: &str, number: usize) -> String {
    let paper: String = paper
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect();
    format!("finding-{paper}-{number}")
}

/// A link to finding `number` of `paper` in `format`, prefixed by `target` (the report's path from
/// the index; empty within the report).
pub(crate) fn finding_link(paper: &str, number: usize, target: &str, format: Format) -> String {
    let anchor = finding_anchor(paper, number);
    match format {
        Format::Markdown => format!("[finding {number}]({target}#{anchor})"),
        Format::Latex => format!("finding~\\ref{{{anchor}}}"),
    }
}

/// The scope of a paper in one line, from its account: `Of the paper's 346 printed numbers, 62 are
/// reproduced from its printed inputs, 236 only checked for consistency with its other numbers, and
/// 48 rest on data that is not public (stand-in only); 35 printed inputs are echoed, not counted.`
pub(crate) fn scope(paper: &PaperAccount) -> String {
    let t = &paper.tally;
    let n = |term: Term| t.count(term);
    let mut parts = vec![format!(
        "{} are reproduced from its printed inputs{}",
        n(Term::Reproduced) + n(Term::Differs),
        match n(Term::Differs) {
            0 => String::new(),
            d => format!(" ({d} of them differ)"),
        }
    )];
    parts.push(format!(
        "{} are only checked for consistency with its other numbers ({} consistent, {} inconsistent)",
        n(Term::Consistent) + n(Term::Inconsistent),
        n(Term::Consistent),
        n(Term::Inconsistent)
    ));
    parts.push(match n(Term::StandInOnly) {
        0 => format!("none is {}", Term::StandInOnly.word()),
        k => format!(
            "{k} rest on data that is not public ({})",
            Term::StandInOnly.word()
        ),
    });
    if n(Term::NotChecked) > 0 {
        parts.push(format!(
            "{} are not checked in this run",
            n(Term::NotChecked)
        ));
    }
    let (last, rest) = parts
        .split_last()
        .map_or((String::new(), &[][..]), |(l, r)| (l.clone(), r));
    let mut line = format!(
        "Of the paper's {} printed numbers, {}, and {last}",
        t.numbers(),
        rest.join(", ")
    );
    if n(Term::PrintedInput) > 0 {
        line.push_str(&format!(
            "; {} printed inputs are echoed, not counted",
            n(Term::PrintedInput)
        ));
    }
    line.push('.');
    line
}

/// The summary of `paper` in `account`, escaped for `format`; findings link within the report
/// (`target` empty) or to it (`target` the report's path from the index).
pub(crate) fn summary_text(
    account: &Account,
    paper: &PaperAccount,
    format: Format,
    target: &str,
) -> SummaryText {
    let links = |numbers: &[usize]| -> String {
        if numbers.is_empty() {
            "—".to_string()
        } else {
            numbers
                .iter()
                .map(|&n| finding_link(&paper.id, n, target, format))
                .collect::<Vec<_>>()
                .join(", ")
        }
    };
    let attention = paper
        .attention
        .iter()
        .map(|&i| {
            let item = &account.items[i];
            let label = item.entry.label.as_deref().unwrap_or(&item.entry.cell);
            let rate = item
                .entry
                .holding
                .as_ref()
                .map(|h| {
                    format!(
                        ", {}",
                        crate::model::rate_word::interval_words(h.rate, h.lo, h.hi)
                    )
                })
                .unwrap_or_default();
            format.escape(&format!(
                "{} ({}): {}{rate}",
                label, item.entry.table, item.words
            ))
        })
        .collect();
    SummaryText {
        scope: format.escape(&scope(paper)),
        attention,
        rows: paper
            .rows
            .iter()
            .map(|r| RowText {
                id: r.artefact.clone().unwrap_or_default(),
                artefact: format.escape(&r.name),
                rests_on: format.escape(&r.rests_on),
                numbers: format.escape(&r.tally.numbers_and_settings_words()),
                findings: links(&r.findings),
                finding_anchors: r
                    .findings
                    .iter()
                    .map(|&n| (n, finding_anchor(&paper.id, n)))
                    .collect(),
                claims: format.escape(&r.tally.claims_words()),
                built_in: format.escape(&r.tally.built_in_words()),
            })
            .collect(),
        findings: paper
            .findings
            .iter()
            .enumerate()
            .map(|(i, f)| FindingText {
                number: i + 1,
                anchor: finding_anchor(&paper.id, i + 1),
                headline: match (format, &f.headline_latex) {
                    (Format::Latex, Some(latex)) => latex.clone(),
                    _ => format.escape(&f.headline),
                },
            })
            .collect(),
        stand_in_claims: format.escape(&non_empty(
            paper.tally.section_words(Section::StandInClaims),
        )),
        per_cell: format.escape(&paper.tally.per_cell_words()),
        built_in: format.escape(&paper.tally.built_in_words()),
        transcription_notes: paper.transcription_notes,
    }
}

impl SummaryText {
    /// Every word passed through `f` (the page takes the Markdown words back to plain text and
    /// escapes them for HTML itself).
    pub(crate) fn unescape(&mut self, f: fn(&str) -> String) {
        self.scope = f(&self.scope);
        self.attention = self.attention.iter().map(|a| f(a)).collect();
        for r in &mut self.rows {
            for text in [
                &mut r.artefact,
                &mut r.rests_on,
                &mut r.numbers,
                &mut r.claims,
                &mut r.built_in,
            ] {
                *text = f(text);
            }
        }
        for finding in &mut self.findings {
            finding.headline = f(&finding.headline);
        }
        for text in [
            &mut self.stand_in_claims,
            &mut self.per_cell,
            &mut self.built_in,
        ] {
            *text = f(text);
        }
    }
}

/// `text`, or an em dash when it is empty.
fn non_empty(text: String) -> String {
    if text.is_empty() {
        "—".to_string()
    } else {
        text
    }
}
