//! evia-engine: the pure computational core of evia-repro — gains, NTCIREVAL-compatible measures,
//! inter-assessor agreement, ranking correlation, significance tests and seeded random streams.
//!
//! The crate does no I/O and depends on nothing of the application: every function takes plain data
//! (slices, maps, numbers) and returns plain data or a `thiserror` error, so another project can use it
//! with `cargo add evia-engine` (or a path dependency).
//!
//! Modules:
//! - [`gain`]: raw, weighted and unanimity-aware gains (Sakai, EVIA 2017, "Unanimity-Aware Gain for
//!   Highly Subjective Assessments", Eqs. 1–2).
//! - [`measures`]: NTCIREVAL-compatible ranked-retrieval measures (RR, O, P, P+, AP, Q, nDCG, MSnDCG,
//!   ERR, nERR, …) as defined in Sakai's survey of NTCIR graded-relevance measures.
//! - [`diversity`]: diversified-search measures (I-rec, D-, D♯-, DIN-measures, P+Q, α-nDCG, ERR-IA)
//!   of the survey's §2.2.
//! - [`agreement`]: Cohen's kappa (linear-weighted and binary) with standard errors and intervals,
//!   Fleiss' kappa and Krippendorff's alpha for more than two assessors.
//! - [`ranking`]: Kendall's tau-b with the Hollander–Wolfe–Chicken interval.
//! - [`significance`]: randomised and classical Tukey HSD, ANOVA residual variance, ES_HSD, the exact
//!   paired randomisation test, discriminative power and statistical significance overlap.
//! - [`rng`]: ChaCha8 streams derived from (seed, artefact, unit) and the project's own Fisher–Yates.
//! - [`unanimity_stats`]: statistics of unanimity under the rating simulation of paper A.
//!
//! Every measure and statistic documents its formula and the source it follows (paper, equation, or
//! the reference it reproduces).

pub mod agreement;
pub mod diversity;
pub mod gain;
pub mod measures;
pub mod ranking;
pub mod rng;
pub mod significance;
pub mod unanimity_stats;

// The README's example is compiled and run as a doc test.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
