//! The mark printed beside each number of a printed table: one symbol per verdict, and a symbol of
//! its own for a stand-in number fitted to the print (which agrees by construction and must never
//! look like an exact match). The reports' legends are generated from [`Mark::ALL`], so a symbol and
//! its meaning cannot drift apart.

use serde::Serialize;

use super::Format;
use crate::ledger::{Entry, Verdict};

/// What a cell's mark says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    Verdict(Verdict),
    /// A stand-in number fitted to the printed one: it `holds` by construction, reproduces nothing.
    Fitted,
}

/// One line of a legend: a symbol and what it means.
#[derive(Debug, Clone, Serialize)]
pub struct LegendItem {
    pub symbol: &'static str,
    pub meaning: &'static str,
}

impl Mark {
    /// Every mark, in the legend's order.
    pub const ALL: [Mark; 8] = [
        Mark::Verdict(Verdict::Match),
        Mark::Verdict(Verdict::Mismatch),
        Mark::Verdict(Verdict::Consistent),
        Mark::Verdict(Verdict::Inconsistent),
        Mark::Verdict(Verdict::Holds),
        Mark::Verdict(Verdict::Fails),
        Mark::Verdict(Verdict::Pending),
        Mark::Fitted,
    ];

    /// The mark of one entry.
    pub fn of(entry: &Entry) -> Mark {
        if entry.fitted && entry.verdict == Verdict::Holds {
            Mark::Fitted
        } else {
            Mark::Verdict(entry.verdict)
        }
    }

    /// The symbol in `format`.
    pub fn symbol(self, format: Format) -> &'static str {
        let markdown = format == Format::Markdown;
        match self {
            Mark::Verdict(Verdict::Match) if markdown => "✓",
            Mark::Verdict(Verdict::Match) => "\\checkmark",
            Mark::Verdict(Verdict::Mismatch) if markdown => "✗",
            Mark::Verdict(Verdict::Mismatch) => "$\\times$",
            Mark::Verdict(Verdict::Consistent) if markdown => "≈",
            Mark::Verdict(Verdict::Consistent) => "$\\approx$",
            Mark::Verdict(Verdict::Inconsistent) if markdown => "≠",
            Mark::Verdict(Verdict::Inconsistent) => "$\\neq$",
            Mark::Verdict(Verdict::Holds) if markdown => "⊕",
            Mark::Verdict(Verdict::Holds) => "$\\oplus$",
            Mark::Verdict(Verdict::Fails) if markdown => "⊖",
            Mark::Verdict(Verdict::Fails) => "$\\ominus$",
            Mark::Verdict(Verdict::Pending) if markdown => "…",
            Mark::Verdict(Verdict::Pending) => "$\\cdots$",
            Mark::Fitted if markdown => "≡",
            Mark::Fitted => "$\\equiv$",
        }
    }

    /// What the mark means, for the legend.
    pub fn meaning(self) -> &'static str {
        match self {
            Mark::Verdict(Verdict::Match) => "match (recomputed, equal at the printed precision)",
            Mark::Verdict(Verdict::Mismatch) => "mismatch",
            Mark::Verdict(Verdict::Consistent) => "consistent with the paper's other numbers",
            Mark::Verdict(Verdict::Inconsistent) => "inconsistent with the paper's other numbers",
            Mark::Verdict(Verdict::Holds) => "the claim holds",
            Mark::Verdict(Verdict::Fails) => "the claim fails",
            Mark::Verdict(Verdict::Pending) => "pending (not checked)",
            Mark::Fitted => "fitted to the print by construction (a stand-in; reproduces nothing)",
        }
    }

    /// The mark in a word or two, for counts (`3 match`, `2 fitted to the print`).
    pub fn word(self) -> &'static str {
        match self {
            Mark::Verdict(Verdict::Match) => "match",
            Mark::Verdict(Verdict::Mismatch) => "mismatch",
            Mark::Verdict(Verdict::Consistent) => "consistent",
            // In the summary's stand-in line a bare "inconsistent" read as "the stand-in disagrees";
            // these are the paper's own numbers disagreeing (issue 14, item 5).
            Mark::Verdict(Verdict::Inconsistent) => {
                "inconsistent with other printed numbers (findings about the paper)"
            }
            Mark::Verdict(Verdict::Holds) => "hold",
            Mark::Verdict(Verdict::Fails) => "fail",
            Mark::Verdict(Verdict::Pending) => "pending",
            Mark::Fitted => "fitted to the print by construction",
        }
    }

    /// How serious the mark is when several parts of one printed cell are combined into one.
    pub fn severity(self) -> u8 {
        match self {
            Mark::Verdict(Verdict::Mismatch) => 7,
            Mark::Verdict(Verdict::Inconsistent) => 6,
            Mark::Verdict(Verdict::Fails) => 5,
            Mark::Verdict(Verdict::Pending) => 4,
            Mark::Verdict(Verdict::Consistent) => 3,
            Mark::Fitted => 2,
            Mark::Verdict(Verdict::Holds) => 1,
            Mark::Verdict(Verdict::Match) => 0,
        }
    }

    /// The legend in `format`: every mark with its meaning.
    pub fn legend(format: Format) -> Vec<LegendItem> {
        Mark::items(&Mark::ALL, format)
    }

    /// The marks a claim can carry (holds, fails, pending): the legend of a report without
    /// published values, where no printed number is compared.
    pub fn claim_legend(format: Format) -> Vec<LegendItem> {
        let claims = [Verdict::Holds, Verdict::Fails, Verdict::Pending].map(Mark::Verdict);
        Mark::items(&claims, format)
    }

    fn items(marks: &[Mark], format: Format) -> Vec<LegendItem> {
        marks
            .iter()
            .map(|m| LegendItem {
                symbol: m.symbol(format),
                meaning: m.meaning(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_has_its_own_symbol_and_fitted_is_not_a_match() {
        for format in [Format::Markdown, Format::Latex] {
            let symbols: Vec<&str> = Mark::ALL.iter().map(|m| m.symbol(format)).collect();
            let mut unique = symbols.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), symbols.len(), "{symbols:?}");
            assert_ne!(
                Mark::Fitted.symbol(format),
                Mark::Verdict(Verdict::Match).symbol(format)
            );
        }
    }
}
