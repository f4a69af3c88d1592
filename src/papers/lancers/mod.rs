//! Paper B, "The Effect of Inter-Assessor Disagreement on IR System Evaluation: A Case Study with
//! Lancers and Students" (Sakai, EVIA 2017): its experiments.
//!
//! - [`labels`]: Tables 1 and 2, from the printed confusion matrices and the (stand-in) per-assessor
//!   labels: kappa with intervals, raw agreement, relevance-level counts per qrels version.
//! - [`eval`]: Tables 3–8 and Figures 1–2, evaluating the (stand-in) runs under every qrels version
//!   and topic subset: Kendall's tau with intervals, randomised Tukey HSD and SSO, mean scores.
//! - [`study`]: the manifest of `evia-repro study`, these ten artefacts on a user's collection.

pub mod definitions;
pub mod eval;
pub mod labels;
pub mod study;
pub mod user_collection;
