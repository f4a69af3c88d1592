//! The mark printed beside each number of a printed table: one symbol per term of the vocabulary
//! ([`Term`]), so that a cell's mark and the words of every view say the same thing. Legends are
//! generated from [`Mark::ALL`] and the terms' meanings, so a symbol and its meaning cannot drift
//! apart.

use serde::Serialize;

use super::Format;
use crate::account::Term;
use crate::render::marks::{DING_BALLOT_X, WASY_LEFT_HALF, WASY_RIGHT_HALF};

/// What a cell's mark says: its term.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Mark(pub(crate) Term);

/// One line of a legend: a symbol, the term's word and what it means.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct LegendItem {
    pub(crate) symbol: &'static str,
    pub(crate) word: &'static str,
    pub(crate) meaning: &'static str,
}

impl Mark {
    /// Every mark a printed number can carry, in the legend's order.
    pub(crate) const ALL: [Mark; 8] = [
        Mark(Term::PrintedInput),
        Mark(Term::Reproduced),
        Mark(Term::Differs),
        Mark(Term::Consistent),
        Mark(Term::Inconsistent),
        Mark(Term::CannotBeJudged),
        Mark(Term::StandInOnly),
        Mark(Term::NotChecked),
    ];

    /// The marks of claims, for the lists and grids of claims.
    pub(crate) const CLAIMS: [Mark; 12] = [
        Mark(Term::BorneOut),
        Mark(Term::Contradicted),
        Mark(Term::OnStandIn),
        Mark(Term::HeldOnOneDraw),
        Mark(Term::FailedOnOneDraw),
        Mark(Term::ComparedOnStandIn),
        Mark(Term::BuiltIn),
        Mark(Term::HoldsOnRealData),
        Mark(Term::FailsOnRealData),
        Mark(Term::HoldsOnProxy),
        Mark(Term::FailsOnProxy),
        Mark(Term::Mixed),
    ];

    /// The symbol in `format`: one per term, and no symbol for two terms but the settings' (a
    /// setting used or not is a match or a difference, like a recomputed number).
    pub(crate) fn symbol(self, format: Format) -> &'static str {
        let md = format == Format::Markdown;
        match self.0 {
            Term::PrintedInput if md => "↦",
            Term::PrintedInput => "$\\mapsto$",
            Term::Reproduced | Term::SettingUsed if md => "✓",
            Term::Reproduced | Term::SettingUsed => "$\\checkmark$",
            Term::Differs | Term::SettingDiffers if md => "✗",
            Term::Differs | Term::SettingDiffers => DING_BALLOT_X,
            Term::Consistent if md => "≈",
            Term::Consistent => "$\\approx$",
            Term::Inconsistent if md => "≠",
            Term::Inconsistent => "$\\neq$",
            Term::CannotBeJudged => "?",
            Term::StandInOnly if md => "◦",
            Term::StandInOnly => "$\\circ$",
            Term::Observation if md => "◊",
            Term::Observation => "$\\lozenge$",
            Term::NotChecked if md => "…",
            Term::NotChecked => "$\\cdots$",
            Term::BorneOut if md => "⊕",
            Term::BorneOut => "$\\oplus$",
            Term::Contradicted if md => "⊖",
            Term::Contradicted => "$\\ominus$",
            Term::HeldOnOneDraw if md => "⊞",
            Term::HeldOnOneDraw => "$\\boxplus$",
            Term::FailedOnOneDraw if md => "⊟",
            Term::FailedOnOneDraw => "$\\boxminus$",
            Term::HoldsOnRealData if md => "▲",
            Term::HoldsOnRealData => "$\\blacktriangle$",
            Term::FailsOnRealData if md => "▼",
            Term::FailsOnRealData => "$\\blacktriangledown$",
            Term::HoldsOnProxy if md => "(▲)",
            Term::HoldsOnProxy => "($\\blacktriangle$)",
            Term::FailsOnProxy if md => "(▼)",
            Term::FailsOnProxy => "($\\blacktriangledown$)",
            Term::Mixed if md => "±",
            Term::Mixed => "$\\pm$",
            Term::OnStandIn if md => "◐",
            Term::OnStandIn => WASY_LEFT_HALF,
            Term::ComparedOnStandIn if md => "◑",
            Term::ComparedOnStandIn => WASY_RIGHT_HALF,
            Term::BuiltIn if md => "⊙",
            Term::BuiltIn => "$\\odot$",
            Term::NotApplicable if md => "–",
            Term::NotApplicable => "--",
        }
    }

    /// The legend of `marks` in `format`.
    pub(crate) fn legend(marks: &[Mark], format: Format) -> Vec<LegendItem> {
        marks
            .iter()
            .map(|m| LegendItem {
                symbol: m.symbol(format),
                word: m.0.word(),
                meaning: m.0.meaning(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No two marks of printed numbers share a symbol, in either format: a reader can tell every
    /// term of a printed cell by its mark alone.
    #[test]
    fn every_mark_of_a_printed_number_has_its_own_symbol() {
        for format in [Format::Markdown, Format::Latex] {
            let mut symbols: Vec<&str> = Mark::ALL.iter().map(|m| m.symbol(format)).collect();
            symbols.sort_unstable();
            let n = symbols.len();
            symbols.dedup();
            assert_eq!(symbols.len(), n, "{format:?}");
        }
    }

    /// No symbol stands for two terms, in either format, but a setting's (used: ✓, differs: ✗).
    #[test]
    fn no_mark_has_two_meanings() {
        use strum::IntoEnumIterator;
        for format in [Format::Markdown, Format::Latex] {
            let mut seen: Vec<(&str, Term)> = Vec::new();
            for term in
                Term::iter().filter(|t| !matches!(t, Term::SettingUsed | Term::SettingDiffers))
            {
                let symbol = Mark(term).symbol(format);
                assert!(
                    seen.iter().all(|(s, _)| *s != symbol),
                    "{format:?}: {symbol} for {term:?} and {:?}",
                    seen.iter().find(|(s, _)| *s == symbol)
                );
                seen.push((symbol, term));
            }
        }
    }

    /// Every term's Markdown symbol, and the dagger of calibrated values, set in running LaTeX
    /// text comes out as a LaTeX symbol, never as a literal code point (`U+21A6`).
    #[test]
    fn every_symbol_has_a_latex_form() {
        use strum::IntoEnumIterator;
        for term in Term::iter() {
            let md = Mark(term).symbol(Format::Markdown);
            let tex = crate::render::escape::escape_latex(&format!("echoed back ({md}) †"));
            assert!(!tex.contains("U+"), "{term:?}: {tex}");
        }
    }
}
