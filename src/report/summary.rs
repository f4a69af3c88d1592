//! The reviewer's summary that opens each report: what was reproduced exactly, what could only be
//! checked for consistency, what rests on a stand-in, and the findings about the paper ranked by
//! weight ([`crate::ledger::ranked`]), each in one or two sentences. Every count comes from the
//! ledger; the templates word them and type no number.

use serde::Serialize;

use super::{Format, Mark};
use crate::ledger::{Entry, Ledger, artefact_words, findings, ranked};
use crate::model::ProvenanceClass;

/// What the summary is rendered from.
#[derive(Debug, Clone, Serialize)]
pub struct ReviewSummary {
    pub exact: ClassSummary,
    pub derived: ClassSummary,
    pub simulated: ClassSummary,
    pub real_data: ClassSummary,
    /// The findings' headlines, ranked by weight, escaped for the format.
    pub findings: Vec<String>,
}

/// The entries of one provenance class: how many, in which tables, and how many got each mark
/// (only marks that occur, in the legend's order).
#[derive(Debug, Clone, Serialize)]
pub struct ClassSummary {
    pub total: usize,
    pub tables: String,
    pub marks: Vec<MarkCount>,
}

/// How many entries got one mark, and the mark's word (`match`, `fitted to the print`, ...).
#[derive(Debug, Clone, Serialize)]
pub struct MarkCount {
    pub n: usize,
    pub word: &'static str,
}

/// The summary of `paper`'s entries in `ledger`.
pub fn review_summary(ledger: &Ledger, paper: &str, format: Format) -> ReviewSummary {
    let of_class = |class: ProvenanceClass| {
        let entries: Vec<&Entry> = ledger
            .entries
            .iter()
            .filter(|e| e.paper == paper && e.class == class)
            .collect();
        class_summary(&entries, format)
    };
    ReviewSummary {
        exact: of_class(ProvenanceClass::Exact),
        derived: of_class(ProvenanceClass::Derived),
        simulated: of_class(ProvenanceClass::Simulated),
        real_data: of_class(ProvenanceClass::RealData),
        findings: ranked(findings(ledger, paper))
            .iter()
            .map(|f| match (format, &f.headline_latex) {
                (Format::Latex, Some(latex)) => latex.clone(),
                _ => format.escape(&f.headline),
            })
            .collect(),
    }
}

fn class_summary(entries: &[&Entry], format: Format) -> ClassSummary {
    let mut tables: Vec<String> = Vec::new();
    for e in entries {
        let words = artefact_words(&e.table);
        if !tables.contains(&words) {
            tables.push(words);
        }
    }
    let marks = Mark::ALL
        .iter()
        .map(|m| MarkCount {
            n: entries.iter().filter(|e| Mark::of(e) == *m).count(),
            word: m.word(),
        })
        .filter(|c| c.n > 0)
        .collect();
    ClassSummary {
        total: entries.len(),
        tables: format.escape(&tables.join(", ")),
        marks,
    }
}
