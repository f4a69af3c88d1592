//! evia-repro: rebuilds every table and figure of two EVIA 2017 papers by Tetsuya Sakai,
//! "Unanimity-Aware Gain for Highly Subjective Assessments" (paper A) and "The Effect of
//! Inter-Assessor Disagreement on IR System Evaluation: A Case Study with Lancers and Students"
//! (paper B), and checks every published number against a recomputation.
//!
//! Layers, bottom up (a module imports only its own layer or lower ones; `tests/it/layers.rs` checks
//! it, and the README's "Layout" section says where a newcomer adds a measure, a table variant, a
//! consistency check or a paper):
//!
//! 1. the engine crate `evia_engine` (pure: gains, agreement, measures, ranking, significance, rng) and
//!    the vocabulary [`model`] (ids, cell keys, provenance classes; it imports nothing of the crate);
//! 2. [`collection`]: the collections' domain types, shared by stand-ins and real-data readers;
//! 3. [`io`] (readers and atomic writers) and [`sim`] (seeded stand-in collections);
//! 4. the project as data: [`manifest`], [`published`], [`results`], [`provenance`], and
//!    [`sources`] (the project's own files: on disk or built into the program);
//! 5. [`papers`]: the experiments, a module per paper ([`papers::unanimity`], [`papers::lancers`]), one
//!    function per [`model::ExperimentId`] and one registry ([`papers::run`]); beside it [`assessors`],
//!    the same methods on anyone's multi-assessor labels (`agree`, `qrels`);
//! 6. the ledger ([`ledger`], [`consistency`]) and the renderers ([`render`]);
//! 7. [`robustness`]: every simulated claim over independent stand-in replicates (holding rates,
//!    replicate bands of the printed numbers);
//! 8. [`report`]: the literate reports;
//! 9. [`pipeline`]: selection, rebuild, build state and stamps, for `reproduce` and `check`;
//! 10. [`cli`]: the command-line edge (clap + anyhow).

pub mod assessors;
pub mod cli;
pub mod consistency;
pub mod io;
pub mod ledger;
pub mod manifest;
pub mod model;
pub mod papers;
pub mod parallel;
pub mod pipeline;
pub mod provenance;
pub mod published;
pub mod render;
pub mod report;
pub mod results;
pub mod robustness;
pub mod sources;
