//! What a stand-in's knobs build in: the claims a knob was set to make come out, and the printed
//! numbers a knob was fitted or calibrated to. A stand-in built to produce something cannot be
//! evidence for it, so every knob file declares these under `builds_in:`, and the ledger, the
//! summaries and the robustness studies list them apart, never as support.

use serde::{Deserialize, Serialize};

/// How a knob builds a claim or a printed number into the stand-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum BuiltInKind {
    /// Every draw meets the printed number (within the fit's tolerance): agreement by construction.
    Fitted,
    /// The knobs were tuned toward the printed number (until the shipped draw, or the mean over
    /// independent draws, came near it: [`Tuned`]): the stand-in's values near it are not
    /// evidence, and need not equal it.
    Calibrated,
    /// The knob was set so that the stand-in behaves as the claim says.
    Designed,
}

impl BuiltInKind {
    /// The kind in words (`fitted to the print`).
    pub(crate) fn words(self) -> &'static str {
        match self {
            BuiltInKind::Fitted => "fitted to the print",
            BuiltInKind::Calibrated => "calibrated to the print",
            BuiltInKind::Designed => "designed in",
        }
    }
}

/// What a calibration tuned toward the printed numbers: the one draw the project ships, or the mean
/// over independent redraws (a `calibrated` declaration says which, `tuned:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Tuned {
    ShippedDraw,
    MeanOverRedraws,
}

impl Tuned {
    /// `the shipped draw`, `the mean over redraws`.
    pub(crate) fn words(self) -> &'static str {
        match self {
            Tuned::ShippedDraw => "the shipped draw",
            Tuned::MeanOverRedraws => "the mean over redraws",
        }
    }
}

/// One `builds_in:` entry of a knob file, as written there.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BuiltInDecl {
    /// The knobs, as key paths of the file (`runs.assessor_weights`, `labels.all3_levels`).
    pub(crate) knobs: Vec<String>,
    pub(crate) kind: BuiltInKind,
    /// What a calibration tuned: required with `kind: calibrated`, refused with any other kind.
    #[serde(default)]
    pub(crate) tuned: Option<Tuned>,
    /// The claims the knobs make come out, by claim id (`B.T5.student_least_discriminative`).
    #[serde(default)]
    pub(crate) claims: Vec<String>,
    /// The printed numbers the knobs were fitted or calibrated to, by cell key
    /// (`B.T5/main/all3/nDCG@10/count`) or, for a number of the running text, by its text claim id
    /// (`B.text.high_agreement_topics`).
    #[serde(default)]
    pub(crate) cells: Vec<String>,
    /// What was set to what, and why, in one or two sentences.
    pub(crate) why: String,
}

/// A declaration as an entry of the ledger carries it: where it is declared and what it says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct BuiltInRef {
    /// The knob file, relative to the project root.
    pub(crate) file: String,
    /// The line of the declaration in the file.
    pub(crate) line: usize,
    pub(crate) knobs: Vec<String>,
    pub(crate) kind: BuiltInKind,
    /// What a calibration tuned (`Some` exactly when `kind` is calibrated).
    pub(crate) tuned: Option<Tuned>,
    pub(crate) why: String,
}

impl BuiltInRef {
    /// `runs.assessor_weights in data/lancers/www-runs.yaml`.
    pub(crate) fn knobs_in_file(&self) -> String {
        format!("{} in {}", self.knobs.join(", "), self.file)
    }
}
