//! Diversified-search measures: I-rec, D-measures, D♯-measures, DIN-measures, P+Q, α-nDCG and
//! intent-aware ERR (Sakai's survey of NTCIR graded-relevance measures, §2.2, Eqs. 6–9).
//!
//! A topic has a set of intents `i`, each with a probability `Pr(i|q)` (summing to 1) and a kind
//! (informational or navigational), and intentwise graded judgements `topic intent doc Lx`. The
//! intentwise gain of a document is the gain of its level (one [`LevelGains`] for every intent, as
//! NTCIR's diversity tasks used). From these:
//!
//! * the **global gain** `GG(d) = Σ_i Pr(i|q)·g_i(d)` (survey Eq. 7) and the **global ideal list**,
//!   all judged documents sorted by decreasing global gain ([`DiversityTopic`]);
//! * **D-measures**: every NTCIREVAL `gcompute` measure computed on global gains against the global
//!   ideal list (`D-nDCG@l`, `D-Q@l`, `D-nERR@l`, …), exactly as NTCIREVAL's `glabel` + `gcompute`;
//! * **DIN-measures**: the same, with the system list's gains from Eq. 8 (a navigational intent's
//!   gain counts only at its first relevant document; the ideal list is unchanged), as NTCIREVAL's
//!   `dinlabel` + `gcompute`;
//! * **I-rec@l** ([`irec`]), NTCIREVAL's `irec`; **D♯-measures** (Eq. 6) `γ·I-rec@l + (1−γ)·D@l`;
//! * **P+Q@l** (Eq. 9, [`pplusq`]); **α-nDCG@l** ([`alpha_ndcg`]) and **ERR-IA@l** ([`err_ia`]) for
//!   TREC-diversity users.
//!
//! [`LevelGains`]: crate::measures::LevelGains

pub mod alpha_ndcg;
pub mod err_ia;
mod evaluate;
mod intents;
pub mod irec;
pub mod lines;
pub mod pplusq;
mod topic;

pub use evaluate::{DiversityEvaluation, DiversityEvaluator, DiversityParams, SharpAtCutoff};
pub use intents::{Intent, IntentKind, IntentSet, MAX_INTENTS};
pub use topic::{DiversityTopic, IntentJudgement};

use crate::measures::MeasureError;

/// Why a diversity topic could not be built or evaluated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DiversityError {
    /// A topic without any intent.
    #[error("the topic has no intent")]
    NoIntent,
    /// More intents than [`MAX_INTENTS`].
    #[error("the topic has {0} intents; at most {MAX_INTENTS} are supported")]
    TooManyIntents(usize),
    /// The same intent declared twice for a topic.
    #[error("intent {0} is declared more than once")]
    DuplicateIntent(u32),
    /// A probability that is not a finite number in [0, 1].
    #[error("intent {intent}: probability {probability} is not a finite number in [0, 1]")]
    BadProbability { intent: u32, probability: f64 },
    /// Probabilities whose sum is not 1 within 1e-6.
    #[error("the intent probabilities sum to {0}, not 1 (within 1e-6)")]
    ProbabilitiesDoNotSumToOne(f64),
    /// A judgement for an intent the topic does not declare.
    #[error("intent {0} is not declared for the topic")]
    UnknownIntent(u32),
    /// The same document judged twice for one intent.
    #[error("document {doc} is judged more than once for intent {intent}")]
    DuplicateJudgement { intent: u32, doc: String },
    /// A parameter outside its domain (γ, α).
    #[error("bad parameter: {0}")]
    BadParam(String),
    /// An error of the underlying measures (bad levels, R = 0 for the global ideal list, ...).
    #[error(transparent)]
    Measure(#[from] MeasureError),
}
