//! One line of the ledger and the ledger itself.

use serde::Serialize;

use super::{Basis, Verdict};
use crate::consistency::Hint;
use crate::consistency::repair::Repair;
use crate::model::{BuiltInKind, BuiltInRef, CellKey, ClaimGroup, ProvenanceClass, RateWord};
use crate::published::cell_label::CellWords;

/// What a ledger entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum EntryKind {
    /// A number printed in a table.
    Cell,
    /// A number of the running text.
    Text,
    /// A setting the text states (runs, topics, trials, …), beside the value the build uses.
    Setting,
    /// A statement of the text checked on the paper's own printed numbers.
    Statement,
    /// A claim of the paper checked on rebuilt results (the stand-in's, real data or printed inputs).
    Claim,
}

/// One line of the ledger.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Entry {
    /// `A` or `B`.
    pub(crate) paper: String,
    /// Table id (`A.T1`) or text section (`A.text`).
    pub(crate) table: String,
    /// The cell within the table: `panel/row/column/part`, or the text claim id.
    pub(crate) cell: String,
    pub(crate) kind: EntryKind,
    /// Whether the printed number is one of the rebuild's inputs, echoed back (A.T1's ratings):
    /// shown, never counted as reproduced or as a match.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) input: bool,
    pub(crate) printed: String,
    pub(crate) class: ProvenanceClass,
    /// What the verdict is about: the paper's printed numbers, or a claim re-tested on the stand-in
    /// or on real data.
    pub(crate) basis: Basis,
    /// The value recomputed from the paper's printed inputs or numbers (or rebuilt from real data),
    /// at the printed precision, when there is one. A stand-in's value is never here.
    pub(crate) rebuilt: Option<String>,
    /// The stand-in's value of the printed number (at the printed precision), or what a claim
    /// re-tested on the stand-in found there: how the stand-in behaves, never a reproduction.
    pub(crate) stand_in: Option<String>,
    pub(crate) verdict: Verdict,
    /// The arithmetic or the reason behind the verdict, in one line.
    pub(crate) detail: String,
    /// The knob declaration that builds this claim or number into the stand-in, when one does: it
    /// is then listed apart and never counted as support.
    pub(crate) built_in: Option<BuiltInRef>,
    /// How often a claim re-tested on the stand-in held over a robustness study's replicates.
    pub(crate) holding: Option<Holding>,
    /// Its class across the plausible knob space, when a knob-space study re-tested it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) across: Option<super::Across>,
    /// A claim measured through proxies of the quantity the paper names, each proxy's verdict.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) proxies: Vec<crate::results::ProxyCheck>,
    /// An observation about the paper's own data that a stand-in cannot re-test: shown, never
    /// counted as a claim.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub(crate) observation: bool,
    /// Why a claim does not apply to the data at hand, when it does not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) not_applicable: Option<String>,
    /// What an `inconsistent` or failing entry points to, when its checks know (not serialised: the
    /// ledger's JSON keeps its fields; the findings word it).
    #[serde(skip)]
    pub(crate) hint: Option<Hint>,
    /// The single change that repairs the failed checks of the entry, when one does (a typesetting
    /// slip; the findings show one finding per repair, with every cell it breaks).
    #[serde(skip)]
    pub(crate) repair: Option<Repair>,
    /// The arithmetic of the failed checks, in prose, one item per check (the findings' evidence).
    #[serde(skip)]
    pub(crate) evidence: Vec<String>,
    /// The table cell a number of the running text repeats, when it repeats one: the two are one
    /// printed number, counted in one finding.
    #[serde(skip)]
    pub(crate) repeats: Option<CellKey>,
    /// The printed numbers a statement of the paper reads: when a finding rejects one of them, the
    /// statement cannot be judged on them.
    #[serde(skip)]
    pub(crate) rests_on: Vec<CellKey>,
    /// How the statement's verdict stands under every reading of the inconsistent numbers it
    /// reads, as the consistency checks found it (`None` when it reads none).
    #[serde(skip)]
    pub(crate) readings: Option<crate::consistency::readings::Readings>,
    /// What the ledger made of that (rule 4): judged under every reading, or why it cannot be.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) on_rejected: Option<super::rests_on::OnRejected>,
    /// What the entry is about in words, beside its id `cell`: a claim's or statement's words (which
    /// may also open `detail`), or a printed cell's place generated by [`crate::published::cell_label::cell_label()`]
    /// (`Table 2, nG@1, Dmax = 4, N = 5: 95%CI upper limit`).
    #[serde(skip)]
    pub(crate) label: Option<String>,
    /// A printed cell's place part by part, so that a finding lists many cells with what they share
    /// said once (`None` for claims, statements and settings: their `label` says it).
    #[serde(skip)]
    pub(crate) words: Option<CellWords>,
    /// A grouped claim's cell in its family's grid ([`crate::results::ClaimCheck::group`]): the
    /// reports fold the family into one Dmax × N grid per measure; the ledger keeps every entry.
    #[serde(skip)]
    pub(crate) group: Option<ClaimGroup>,
}

/// A claim's holding rate over the replicates of a robustness study.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Holding {
    /// The study's artefact id (`B.R1`).
    pub(crate) study: String,
    pub(crate) held: u32,
    pub(crate) checked: u32,
    pub(crate) rate: f64,
    /// The rate's Wilson 95% interval.
    pub(crate) lo: f64,
    pub(crate) hi: f64,
    /// The rate in words, from its interval.
    pub(crate) word: RateWord,
}

impl Holding {
    /// `0.87 [0.82, 0.91], usually (174 of 200 replicates of B.R1)`.
    pub(crate) fn words(&self) -> String {
        format!(
            "{}, {} ({} of {} replicates of {})",
            crate::model::rate_word::interval_words(self.rate, self.lo, self.hi),
            self.word.words(),
            self.held,
            self.checked,
            self.study
        )
    }
}

impl Entry {
    /// Whether a stand-in knob was fitted to this printed number (each draw meets it).
    pub(crate) fn is_fitted(&self) -> bool {
        self.verdict == Verdict::Fitted
            || self
                .built_in
                .as_ref()
                .is_some_and(|b| b.kind == BuiltInKind::Fitted)
    }

    /// Whether a stand-in knob was calibrated to this printed number (the replicates' mean meets it).
    pub(crate) fn is_calibrated(&self) -> bool {
        matches!(self.kind, EntryKind::Cell | EntryKind::Text)
            && self
                .built_in
                .as_ref()
                .is_some_and(|b| b.kind == BuiltInKind::Calibrated)
    }

    /// Whether the entry is a claim built into the stand-in (listed apart, never support).
    pub(crate) fn is_built_in_claim(&self) -> bool {
        self.basis == Basis::StandIn
            && self.built_in.is_some()
            && matches!(self.verdict, Verdict::Holds | Verdict::Fails)
    }

    /// A new entry with the given identity and nothing checked yet.
    pub(crate) fn pending(
        kind: EntryKind,
        paper: &str,
        table: &str,
        cell: String,
        printed: &str,
        class: ProvenanceClass,
        basis: Basis,
    ) -> Entry {
        Entry {
            paper: paper.to_string(),
            table: table.to_string(),
            cell,
            kind,
            input: false,
            printed: printed.to_string(),
            class,
            basis,
            rebuilt: None,
            stand_in: None,
            verdict: Verdict::Pending,
            detail: String::new(),
            built_in: None,
            holding: None,
            across: None,
            proxies: Vec::new(),
            observation: false,
            not_applicable: None,
            hint: None,
            repair: None,
            evidence: Vec::new(),
            repeats: None,
            rests_on: Vec::new(),
            readings: None,
            on_rejected: None,
            label: None,
            words: None,
            group: None,
        }
    }
}

/// The full ledger, in the order of the published files.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct Ledger {
    pub(crate) entries: Vec<Entry>,
    /// Rows whose printed labels the paper's extractions read differently (not entries: doubts
    /// about the transcription, shown in a box of their own).
    pub(crate) notes: Vec<super::TranscriptionNote>,
}

impl Ledger {
    /// Whether any `exact` cell mismatches (one of the failures `check` reports by its exit code).
    #[cfg(test)]
    pub(crate) fn has_exact_mismatch(&self) -> bool {
        self.entries
            .iter()
            .any(|e| e.class == ProvenanceClass::Exact && e.verdict == Verdict::Mismatch)
    }
}
