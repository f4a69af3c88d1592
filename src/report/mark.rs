//! The mark printed beside each number of a printed table: one symbol per verdict, with a symbol of
//! its own for a stand-in number fitted to the print (it agrees by construction and must never look
//! like an exact match), and a dagger beside a printed number a stand-in knob was calibrated to. The
//! reports' legends are generated from [`Mark::ALL`] and [`CALIBRATED`], so a symbol and its meaning
//! cannot drift apart.

use serde::Serialize;

use super::Format;
use crate::ledger::{Entry, Verdict};

/// What a cell's mark says: its verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Mark(pub Verdict);

/// One line of a legend: a symbol and what it means.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct LegendItem {
    pub(crate) symbol: &'static str,
    pub(crate) meaning: &'static str,
}

/// The mark added beside a printed number that a stand-in knob was calibrated to, and its meaning.
pub(crate) const CALIBRATED: (&str, &str, &str) = (
    "†",
    "\\dag",
    "calibrated: a stand-in knob was tuned toward this printed number, so the stand-in's values near it are not evidence",
);

impl Mark {
    /// Every mark, in the legend's order.
    pub(crate) const ALL: [Mark; 8] = [
        Mark(Verdict::Match),
        Mark(Verdict::Mismatch),
        Mark(Verdict::Consistent),
        Mark(Verdict::Inconsistent),
        Mark(Verdict::Holds),
        Mark(Verdict::Fails),
        Mark(Verdict::Pending),
        Mark(Verdict::Fitted),
    ];

    /// The mark of one entry.
    pub(crate) fn of(entry: &Entry) -> Mark {
        Mark(entry.verdict)
    }

    /// The symbol in `format`.
    pub(crate) fn symbol(self, format: Format) -> &'static str {
        let markdown = format == Format::Markdown;
        match self.0 {
            Verdict::Match if markdown => "✓",
            Verdict::Match => "\\checkmark",
            Verdict::Mismatch if markdown => "✗",
            Verdict::Mismatch => "$\\times$",
            Verdict::Consistent if markdown => "≈",
            Verdict::Consistent => "$\\approx$",
            Verdict::Inconsistent if markdown => "≠",
            Verdict::Inconsistent => "$\\neq$",
            Verdict::Holds if markdown => "⊕",
            Verdict::Holds => "$\\oplus$",
            Verdict::Fails if markdown => "⊖",
            Verdict::Fails => "$\\ominus$",
            Verdict::Pending if markdown => "…",
            Verdict::Pending => "$\\cdots$",
            Verdict::Fitted if markdown => "≡",
            Verdict::Fitted => "$\\equiv$",
        }
    }

    /// What the mark means, for the legend.
    pub(crate) fn meaning(self) -> &'static str {
        match self.0 {
            Verdict::Match => {
                "match: recomputed from the paper's inputs, equal at the printed precision"
            }
            Verdict::Mismatch => "mismatch",
            Verdict::Consistent => "paper self-consistent: agrees with the paper's other numbers",
            Verdict::Inconsistent => "paper inconsistent: contradicts the paper's other numbers",
            Verdict::Holds => "the claim holds",
            Verdict::Fails => "the claim fails",
            Verdict::Pending => "not checked",
            Verdict::Fitted => {
                "fitted: a stand-in fitted to this printed number, agreement by construction (reproduces nothing)"
            }
        }
    }

    /// The mark in a word or two, for counts (`3 match`, `2 fitted to the print`).
    pub(crate) fn word(self) -> &'static str {
        match self.0 {
            Verdict::Match => "match",
            Verdict::Mismatch => "mismatch",
            Verdict::Consistent => "paper self-consistent",
            Verdict::Inconsistent => "paper inconsistent (findings about the paper)",
            Verdict::Holds => "hold",
            Verdict::Fails => "fail",
            Verdict::Pending => "not checked",
            Verdict::Fitted => "fitted to the print by construction",
        }
    }

    /// How serious the mark is when several parts of one printed cell are combined into one.
    pub(crate) fn severity(self) -> u8 {
        match self.0 {
            Verdict::Mismatch => 7,
            Verdict::Inconsistent => 6,
            Verdict::Fails => 5,
            Verdict::Pending => 4,
            Verdict::Consistent => 3,
            Verdict::Fitted => 2,
            Verdict::Holds => 1,
            Verdict::Match => 0,
        }
    }

    /// The legend in `format`: every mark with its meaning, then the calibration dagger.
    pub(crate) fn legend(format: Format) -> Vec<LegendItem> {
        let mut items = Mark::items(&Mark::ALL, format);
        items.push(LegendItem {
            symbol: calibrated_symbol(format),
            meaning: CALIBRATED.2,
        });
        items
    }

    /// The marks a claim can carry (holds, fails, pending): the legend of a report without
    /// published values, where no printed number is compared.
    pub(crate) fn claim_legend(format: Format) -> Vec<LegendItem> {
        let claims = [Verdict::Holds, Verdict::Fails, Verdict::Pending].map(Mark);
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

/// The calibration dagger in `format`.
pub(crate) fn calibrated_symbol(format: Format) -> &'static str {
    match format {
        Format::Markdown => CALIBRATED.0,
        Format::Latex => CALIBRATED.1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_has_its_own_symbol_and_fitted_is_not_a_match() {
        for format in [Format::Markdown, Format::Latex] {
            let mut symbols: Vec<&str> = Mark::ALL.iter().map(|m| m.symbol(format)).collect();
            symbols.push(calibrated_symbol(format));
            let mut unique = symbols.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), symbols.len(), "{symbols:?}");
            assert_ne!(
                Mark(Verdict::Fitted).symbol(format),
                Mark(Verdict::Match).symbol(format)
            );
        }
    }
}
