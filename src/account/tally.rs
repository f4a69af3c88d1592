//! Counts of items by term, and the words every view prints them with: the summary rows, the scope
//! line and the section counts all come from here, so no two views count differently.

use std::collections::BTreeMap;

use serde::Serialize;

use super::item::Item;
use super::term::{Section, Term};
use crate::model::{RateWord, counted};

/// How many items have each term, and the rate words of those re-tested over replicates.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub(crate) struct Tally {
    pub(crate) terms: BTreeMap<Term, usize>,
    /// Items re-tested over a robustness study's replicates, by section and rate words.
    #[serde(skip)]
    pub(crate) rates: BTreeMap<(Section, RateWord), usize>,
    /// Items with no holding rate, by term.
    #[serde(skip)]
    pub(crate) unrated: BTreeMap<Term, usize>,
    /// Stand-in values fitted to a printed number (every draw meets it).
    pub(crate) fitted: usize,
    /// Stand-in values a knob was calibrated toward.
    pub(crate) calibrated: usize,
}

/// The order the words list the numbers' terms in.
const NUMBER_TERMS: [Term; 6] = [
    Term::Reproduced,
    Term::Differs,
    Term::Consistent,
    Term::Inconsistent,
    Term::StandInOnly,
    Term::NotChecked,
];

/// The order the words list the paper's claims and settings in.
const PAPER_CLAIM_TERMS: [Term; 3] = [Term::BorneOut, Term::Contradicted, Term::CannotBeJudged];

impl Tally {
    /// The tally of `items`.
    pub(crate) fn of<'a>(items: impl IntoIterator<Item = &'a Item>) -> Tally {
        let mut tally = Tally::default();
        for item in items {
            tally.add(item);
        }
        tally
    }

    fn add(&mut self, item: &Item) {
        *self.terms.entry(item.term).or_default() += 1;
        match item.rate {
            Some(rate) => *self.rates.entry((item.section(), rate)).or_default() += 1,
            None => *self.unrated.entry(item.term).or_default() += 1,
        }
        if item.entry.stand_in.is_some() && item.section() == Section::Numbers {
            if item.entry.is_fitted() {
                self.fitted += 1;
            } else if item.entry.is_calibrated() {
                self.calibrated += 1;
            }
        }
    }

    /// How many items have `term`.
    pub(crate) fn count(&self, term: Term) -> usize {
        self.terms.get(&term).copied().unwrap_or(0)
    }

    /// How many items are in `section`.
    pub(crate) fn in_section(&self, section: Section) -> usize {
        self.terms
            .iter()
            .filter(|(t, _)| t.section() == section)
            .map(|(_, n)| n)
            .sum()
    }

    /// The printed numbers counted (inputs are shown, never counted).
    pub(crate) fn numbers(&self) -> usize {
        self.in_section(Section::Numbers) - self.count(Term::PrintedInput)
    }

    /// `n word` for each term of `terms` with items, in that order.
    fn words_of(&self, terms: &[Term]) -> Vec<String> {
        terms
            .iter()
            .filter_map(|&t| {
                let n = self.count(t);
                (n > 0).then(|| t.counted(n))
            })
            .collect()
    }

    /// The rate words of `section`'s items re-tested over replicates: `2 nearly always, 1 usually
    /// to nearly always`.
    fn rate_words(&self, section: Section) -> Vec<String> {
        self.rates
            .iter()
            .filter(|((s, _), _)| *s == section)
            .map(|((_, rate), n)| format!("{n} {}", rate.words()))
            .collect()
    }

    /// A section's items in words, as its heading counts them: the rate words of those re-tested
    /// over replicates, then the terms of the rest, in the vocabulary's order (`17 nearly always,
    /// 2 held on the one stand-in draw`; `180 reproduced, 35 printed input`).
    pub(crate) fn section_words(&self, section: Section) -> String {
        let mut words = self.rate_words(section);
        words.extend(
            self.unrated
                .iter()
                .filter(|(t, _)| t.section() == section)
                .map(|(t, &n)| t.counted(n)),
        );
        words.join(", ")
    }

    /// The printed numbers in words: `35 reproduced; 35 printed inputs echoed`, `129 consistent,
    /// 6 inconsistent, 10 stand-in only`, or `—`.
    pub(crate) fn numbers_words(&self) -> String {
        let mut parts = vec![self.words_of(&NUMBER_TERMS).join(", ")];
        let inputs = self.count(Term::PrintedInput);
        if inputs > 0 {
            parts.push(format!(
                "{} echoed",
                counted(inputs, "printed input", "printed inputs")
            ));
        }
        or_none(parts)
    }

    /// The printed numbers in words ([`Tally::numbers_words`]), then the settings the text states
    /// when there are any (`9 reproduced, 3 consistent; settings: 16 setting used`): a summary's row
    /// of the running text counts what its section of the report counts.
    pub(crate) fn numbers_and_settings_words(&self) -> String {
        let numbers = self.numbers_words();
        let settings = self.section_words(Section::Settings);
        match (numbers.as_str(), settings.is_empty()) {
            (_, true) => numbers,
            ("—", false) => format!("settings: {settings}"),
            (_, false) => format!("{numbers}; settings: {settings}"),
        }
    }

    /// The claims in words, each kind apart: the paper's own (`2 borne out`), on the stand-in (`on
    /// the stand-in: 2 nearly always`), on real data (`on real data: 2 hold, 1 mixed`), and those
    /// that do not apply; or `—`.
    pub(crate) fn claims_words(&self) -> String {
        let mut parts = vec![
            self.words_of(&PAPER_CLAIM_TERMS).join(", "),
            self.stand_in_words(),
        ];
        let real = self.words_of(&[
            Term::HoldsOnRealData,
            Term::FailsOnRealData,
            Term::HoldsOnProxy,
            Term::FailsOnProxy,
            Term::Mixed,
        ]);
        if !real.is_empty() {
            parts.push(real.join(", "));
        }
        parts.push(self.words_of(&[Term::NotApplicable]).join(""));
        or_none(parts)
    }

    /// The claims re-tested on the stand-in in words: `on the stand-in: 2 nearly always, 1 held
    /// on the one stand-in draw`, or empty.
    pub(crate) fn stand_in_words(&self) -> String {
        let words = self.section_words(Section::StandInClaims);
        if words.is_empty() {
            String::new()
        } else {
            format!("on the stand-in: {words}")
        }
    }

    /// The printed numbers compared cell by cell with the stand-in, in words: `45 compared on the
    /// stand-in (17 nearly always, …)`, or empty.
    pub(crate) fn per_cell_words(&self) -> String {
        let n = self.count(Term::ComparedOnStandIn);
        if n == 0 {
            return String::new();
        }
        let rates = self.rate_words(Section::StandInChecks);
        if rates.is_empty() {
            Term::ComparedOnStandIn.counted(n)
        } else {
            format!(
                "{} ({})",
                Term::ComparedOnStandIn.counted(n),
                rates.join(", ")
            )
        }
    }

    /// What the stand-in was built to produce, in words: `1 claim (holds rarely), 9 calibrated
    /// values, 12 fitted values`, or `—`.
    pub(crate) fn built_in_words(&self) -> String {
        let mut parts = Vec::new();
        let claims = self.count(Term::BuiltIn);
        if claims > 0 {
            let rates = self.rate_words(Section::BuiltIn);
            parts.push(if rates.is_empty() {
                counted(claims, "claim", "claims")
            } else {
                format!(
                    "{} (holds {})",
                    counted(claims, "claim", "claims"),
                    rates.join(", ")
                )
            });
        }
        if self.fitted > 0 {
            parts.push(counted(self.fitted, "fitted value", "fitted values"));
        }
        if self.calibrated > 0 {
            parts.push(counted(
                self.calibrated,
                "calibrated value",
                "calibrated values",
            ));
        }
        or_none(vec![parts.join(", ")])
    }
}

/// The non-empty parts joined by `; `, or an em dash when none is left.
fn or_none(parts: Vec<String>) -> String {
    let parts: Vec<String> = parts.into_iter().filter(|p| !p.is_empty()).collect();
    if parts.is_empty() {
        "—".to_string()
    } else {
        parts.join("; ")
    }
}
