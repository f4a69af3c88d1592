//! A claim re-tested on the stand-in, across the whole space of plausible knob values: its class in
//! a knob-space study (A.M1, B.M1), with the knobs the class names and whether its `builds_in`
//! declaration is confirmed.

use serde::Serialize;

use crate::model::{Declaration, RateWord, SpaceClass, UNDECLARED_WORDS};

/// A claim's class across the plausible knob space.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Across {
    /// The knob-space study's artefact id (`B.M1`).
    pub(crate) study: String,
    pub(crate) class: SpaceClass,
    /// The knobs the class names, most influential first.
    pub(crate) knobs: Vec<String>,
    /// Its rate over the space's design points, with the Wilson 95% interval.
    pub(crate) held: u32,
    pub(crate) checked: u32,
    pub(crate) lo: f64,
    pub(crate) hi: f64,
    pub(crate) declaration: Declaration,
    /// Knobs that decide the claim though no `builds_in` declaration of it names them: a finding
    /// about the stand-in.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) undeclared: Vec<String>,
}

impl Across {
    /// `across plausible data, decided by runs.assessor_weights[2]`, with the words of a decision
    /// no declaration names.
    pub(crate) fn words(&self) -> String {
        let mut words = format!("across plausible data, {}", self.class_words());
        if !self.undeclared.is_empty() {
            words.push_str(&format!(
                " ({}: {UNDECLARED_WORDS})",
                self.undeclared.join(", ")
            ));
        }
        words
    }

    /// Its class with the knobs it names: `decided by runs.assessor_weights[2]`; `robust` with how
    /// often the claim holds across the space (`robust (rarely wherever the knobs are)`), since
    /// "robust" says that no knob moves the rate, not that the claim holds: a claim can fail across
    /// the whole space.
    pub(crate) fn class_words(&self) -> String {
        let words = self.class.words(&self.knobs);
        match self.class {
            SpaceClass::Robust => format!(
                "{words} ({} wherever the knobs are)",
                RateWord::of(self.lo, self.hi).words()
            ),
            _ => words,
        }
    }

    /// The words with the study and its rate over the space, for an entry's detail: `across
    /// plausible data (B.M1, 256 design points: 0.62 [0.56, 0.68]), decided by …`.
    pub(crate) fn detail(&self) -> String {
        let rate = f64::from(self.held) / f64::from(self.checked.max(1));
        let words = self.words();
        let rest = words
            .strip_prefix("across plausible data")
            .unwrap_or(&words);
        format!(
            "across plausible data ({}, {} design points: {rate:.2} [{:.2}, {:.2}]){rest}",
            self.study, self.checked, self.lo, self.hi
        )
    }

    /// Whether it is a finding about the stand-in: decided by a knob no declaration names.
    pub(crate) fn is_finding(&self) -> bool {
        !self.undeclared.is_empty()
    }
}
