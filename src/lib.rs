//! evia-repro: rebuilds every table and figure of two EVIA 2017 papers by Tetsuya Sakai,
//! "Unanimity-Aware Gain for Highly Subjective Assessments" (paper A) and "The Effect of
//! Inter-Assessor Disagreement on IR System Evaluation: A Case Study with Lancers and Students"
//! (paper B), and checks every published number against a recomputation.
//!
//! Layout:
//! - [`engine`]: pure functions with no I/O (gains, agreement, measures, ranking, significance, rng).
//! - [`io`]: readers for the project's input files and atomic writers for its outputs.
//! - [`cli`]: the command-line edge (clap + anyhow).
//! - [`sim`]: seeded stand-in collections for the data that is not public.
//! - [`consistency`]: paper-internal consistency checks of the printed numbers (reviewer mode).
//! - [`published`]: the papers' published numbers (`paper/published/*.yaml`), the check's ground truth.

pub mod build_state;
pub mod claims;
pub mod cli;
pub mod collection;
pub mod consistency;
pub mod experiments;
pub mod io;
pub mod manifest;
pub mod model;
pub mod provenance;
pub mod published;
pub mod render;
pub mod report;
pub mod reproduce;
pub mod results;
pub mod sim;
