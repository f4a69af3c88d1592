//! NTCIREVAL-compatible ranked-retrieval measures (T. Sakai's `ntcir_eval`, version 20200527).
//!
//! Semantics, formulas and test vectors: `tests/fixtures/measures.md` (section numbers below refer to
//! it); measure definitions: Sakai's NTCIR graded-relevance survey, §2 (Q-measure Eq. 1–3, P+
//! Eq. 4). Implemented: RR, O-measure, P-measure, P+, AP, AP@l, Q-measure, Q@l (blended ratio with
//! β), nDCG@l (original Järvelin–Kekäläinen, log base b), MSnDCG@l, nG@1, Prec@l, Hit@l, ERR,
//! ERR@l, nERR@l, RBP, RBP@l, nRBP@l, NCUrb,{P,BR,IE}(@l), EBR(@l), nEBR@l, iRBU(@l), niRBU@l,
//! nCG@l (an extension: NTCIREVAL does not print it), GAP and GAP@l (`-gap`) and the bpref/rpref
//! family for condensed lists.
//!
//! NTCIREVAL semantics kept here (§4–§7):
//! * relevance is by level (`I(r) = 1` iff level ≥ 1; direct-gain mode: gain > 0), while the AP, Q,
//!   P+, NCU and bpref sums skip ranks whose gain is 0 (§4.4);
//! * the ideal list holds the R relevant documents by decreasing level (or gain); ideal
//!   cumulative arrays are saturated beyond R, system arrays beyond L;
//! * the ERR stop probability is `g/(gmax+1)`, with gmax the gain of the highest *declared*
//!   level (per-level mode) or the topic's largest gain (direct-gain mode);
//! * AP@l, Q@l divide by `min(l, R)`; Prec@l divides by l;
//! * rp is the first rank of the highest level present *in the run*;
//! * a measure whose normaliser is 0 (every relevant document has gain 0, or `rbup = 0` for
//!   niRBU@l) is 0/0, NaN, which C prints as `-nan`; nG@1 too, whatever is at rank 1.
//!
//! trec_eval's readings, where the input is TREC's: a qrels relevance below 0 is
//! [`Relevance::Unjudged`] (in the pool, but unjudged), and [`RbpScale::Topic`] divides RBP's
//! gains by the topic's largest judged gain, as trec_eval 10.0 does.
//!
//! # Deviations from NTCIREVAL 20200527 (deliberate, each documented where it happens)
//!
//! * Duplicate documents in a run: an error naming both lines by default (NTCIREVAL counts them
//!   again at each rank; `eval --allow-duplicates` does the same). A document judged twice for a
//!   topic is always an error (C uses the first line for labels but counts both).
//! * Direct-gain ideal list: sorted by decreasing gain (C `gcompute` takes the ideal file's order
//!   as is, §2.4); gains keep full precision (C `glabel` rounds the labelled gains to 4 decimals).
//! * Truncation counts output documents, after condensing ("top N judged documents", as
//!   pyNTCIREVAL); C `label -j -truncate N` counts original ranks (§6, §9.4).
//! * Cutoff 0 is rejected (C prints `-nan`); more than 9 cutoffs are allowed (C refuses them);
//!   `eval --cutoffs 2.7` is rejected (C truncates it to 2).
//! * Input lines are split on runs of whitespace (C `label` takes the whole res line as the
//!   document id); a last line without a newline is accepted (C: "Line too long").
//! * Negative and non-finite gains are rejected (C accepts negative `-g` values); relevance labels
//!   must be exactly `L<digits>` (C `atol` also accepts `L` and `L3x`).
//! * A topic with R = 0 cannot be evaluated ([`MeasureError::NoRelevant`]; C prints nothing);
//!   `eval` skips it with a warning.
//! * Not implemented: NCUgu (printed by the 141207 version only). GAP (`-gap`, [`Params::gap`])
//!   and equivalence classes (`-ec`, [`TopicJudgements::from_classes`]) follow the C source; the
//!   one deviation is that any class number ≥ 1 is accepted (C: 1 … 1023).
//! * EBR, iRBU, NCUrb,IE and their cutoff forms, RBP@l and nRBP@l are computed from the formulas
//!   of §4.3 and §5.13. No published reference vector covers them, but the differential tests
//!   against the NTCIREVAL 20200527 C program compare every line it prints, these included, at 4
//!   decimals: `compute` on 200 random topics (tests `eval_gap_ec_golden`, real-valued gains) and
//!   `gcompute` on 240 random global-gain topics (`eval_diversity_golden`).
//!
//! Two gain modes: per-level gains ([`LevelGains`], NTCIREVAL `compute -g`, real values allowed)
//! and direct per-item gains ([`TopicJudgements::from_direct_gains`], NTCIREVAL
//! `glabel`/`gcompute`, as used for the unanimity-aware gains of paper A).
//!
//! # In-memory API
//!
//! Build the judgements of a topic once ([`TopicJudgements`], or just a [`TopicIdeal`] if the
//! caller already knows each ranked item's [`Label`]), build an [`Evaluator`] once per parameter
//! set, then evaluate as many ranked lists as needed. [`Evaluator::evaluate_into`] reuses its
//! output and allocates nothing once warmed up.
//!
//! ```
//! use evia_engine::measures::{Evaluator, Label, LevelGains, Params, TopicIdeal, TopicJudgements};
//!
//! // Per-level gains 1:2:3 (L1..L3), as `ntcir_eval compute -g 1:2:3 -cutoffs 10`.
//! let gains = LevelGains::new(&[1.0, 2.0, 3.0])?;
//! let topic = TopicJudgements::from_levels(
//!     [("d1", 3), ("d2", 1), ("d3", 0), ("d4", 2)],
//!     &gains,
//! )?;
//! let ev = Evaluator::new(Params { cutoffs: vec![10], ..Params::default() })?;
//!
//! let mut labels = Vec::new();
//! topic.label_into(["d2", "x9", "d1"], false, None, &mut labels); // "x9" is unjudged
//! let e = ev.evaluate(topic.ideal(), &labels)?;
//! assert_eq!((e.r1, e.rp), (1, 3));
//! assert_eq!(e.rr, 1.0);
//! // Q@10 = (BR(1) + BR(3)) / min(10, R) with BR(r) = (C(r) + cg(r)) / (r + cg*(r)).
//! let q10 = ((1.0 + 1.0) / (1.0 + 3.0) + (2.0 + 4.0) / (3.0 + 6.0)) / 3.0;
//! assert!((e.at[0].q - q10).abs() < 1e-15);
//!
//! // Direct gains (paper A's unanimity-aware gains), labels looked up by the caller:
//! let ideal = TopicIdeal::from_direct_gains(&[2.5, 0.0, 1.25, 0.5])?;
//! let run = [Label::direct(1.25), Label::NONRELEVANT, Label::direct(2.5)];
//! let e = ev.evaluate(&ideal, &run)?;
//! assert_eq!(e.ng1, 1.25 / 2.5); // nG@1
//! # Ok::<(), evia_engine::measures::MeasureError>(())
//! ```

mod classes;
mod doc_table;
mod evaluate;
mod gap;
mod ideal;
mod judgements;
mod level_builder;
pub mod lines;
pub mod names;

pub use doc_table::doc_hash;
pub use evaluate::{AtCutoff, Bpref, Evaluation, Evaluator, MAX_BETA, Params, RbpScale};
pub use ideal::{Label, LevelGains, Relevance, TopicIdeal};
pub use judgements::TopicJudgements;
pub use level_builder::LevelJudgementsBuilder;
/// The hasher of the engine's id lookups (FxHash, `rustc-hash`): lookups only, never iterated in an
/// order that reaches an output.
pub use rustc_hash::{FxBuildHasher, FxHasher};

/// Why a measure could not be computed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MeasureError {
    /// Bad per-level gains (C: "Bad gain/stop values").
    #[error("bad gain values: {0}")]
    BadGains(String),
    /// A judged level above the highest declared level H (C: "max rel level mismatch").
    #[error("relevance level L{level} is above the highest level with a gain (L{max})")]
    LevelAboveMax { level: u32, max: u32 },
    /// A direct gain that is negative or not finite (C `glabel`: gain < 0 is an error).
    #[error("gain {0} is not a finite number >= 0")]
    BadDirectGain(f64),
    /// The same document judged twice for a topic.
    #[error("document {0} is judged more than once")]
    DuplicateJudgement(String),
    /// A topic's judged document ids take more than 4 GiB, or there are 2^32 of them (the bound of
    /// a topic's id table).
    #[error("the topic's judged document ids exceed 4 GiB or 2^32 documents")]
    TooManyJudgedIds,
    /// R = 0: every measure's normaliser is 0 (C: "no rel doc", no output).
    #[error("the topic has no relevant document (R = 0), so the measures are undefined")]
    NoRelevant,
    /// bpref needs judged nonrelevant documents (C `compute -j`: fatal error when N = 0).
    #[error("the topic has no judged nonrelevant document (N = 0), so bpref is undefined")]
    BprefWithoutNonrelevant,
    /// A parameter outside its domain.
    #[error("{param}: {reason}")]
    BadParam { param: MeasureParam, reason: String },
}

/// A measure parameter of [`Params`], named (displayed) as the `compute` option (and `eval` flag)
/// that sets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::Display)]
#[strum(serialize_all = "lowercase")]
pub enum MeasureParam {
    Cutoffs,
    Beta,
    Logb,
    Rbp,
    Gamma,
    Rbup,
}
