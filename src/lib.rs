//! evia-repro: rebuilds every table and figure of two EVIA 2017 papers by Tetsuya Sakai,
//! "Unanimity-Aware Gain for Highly Subjective Assessments" (paper A) and "The Effect of
//! Inter-Assessor Disagreement on IR System Evaluation: A Case Study with Lancers and Students"
//! (paper B), checks every published number (recomputed from printed inputs where the paper prints them, checked
//! for consistency with its other numbers where it does not, or compared through its claims on a
//! stand-in where the data are not public), and offers the same machinery
//! for anyone's multi-assessor data.
//!
//! Layers, bottom up (a module imports only its own layer or lower ones; `tests/it/layers.rs` checks
//! it; ARCHITECTURE.md is the map):
//!
//! 1. [`parallel`] (threads, results in input order) and the vocabulary [`model`] (ids, cell keys,
//!    provenance classes, stream scopes); beside them the pure engine crate `evia_engine`;
//! 2. [`io`]: readers (errors name file, line and column) and atomic writers, and [`evaluate`]:
//!    one topic of a run evaluated;
//! 3. the project as data: [`manifest`] (read against the papers' catalog of experiment kinds),
//!    [`published`], [`results`], [`provenance`], [`sources`];
//! 4. [`papers`]: a folder per paper holding everything it needs, and the registry; beside it
//!    [`assessors`], the agreement and consolidation methods on anyone's labels;
//! 5. the ledger ([`ledger`], [`consistency`]) and the renderers ([`render`]);
//! 6. [`robustness`]: every stand-in claim over independent stand-in replicates;
//! 7. [`account`]: the one account of the evidence every view renders (terms, findings, counts);
//! 8. [`report`]: the views: literate reports, index, ledger, page, `check`'s text;
//! 9. [`pipeline`]: selection, rebuild, build state and stamps, for `reproduce` and `check`;
//!
//! 10. [`cli`]: the command-line edge (clap's parser + anyhow); lower layers' option enums derive
//!     `clap::ValueEnum` where they are defined, so each value's name is spelled once.
//!
//! [`parallel`], [`io`], [`evaluate`], [`assessors`] and [`judges`] are the user tools' library,
//! the crate `evia_tools` (`crates/evia-tools/`), re-exported here under their own names.

//! # API
//!
//! Everything is `pub(crate)` but three functions, each the entry of a program or a test outside the
//! crate:
//!
//! - [`main_with_args`]: the command line of the `evia-repro` binary (`src/main.rs` passes it the
//!   process's arguments). Every command and option is reached through it, and the integration tests
//!   (`tests/it/`) drive the binary it builds.
//! - [`calibrate_b_runs`]: the calibration of paper B's stand-in run knobs
//!   (`bench/calibration/calibrate_b_runs.rs`, an example so that the tests build it): a command
//!   line of its own, outside the product's commands.
//! - [`write_paper_b_standin`]: paper B's stand-in written out as a user's collection (labels and
//!   runs) with its qrels versions as `study`'s `--version` arguments, for the integration test
//!   that runs `study` on it and compares every cell with `reproduce`'s (`tests/it/study_cli.rs`).
//!
//! Tests of internals the binary cannot show are unit tests inside the crate (`#[cfg(test)]`
//! modules beside the code, and `src/pipeline/tests/` for those that run the papers' experiments,
//! the ledger or the pipeline on the project's files).

// Nothing is `pub` unless it is one of the API's items (above); the lint names any other item (a
// field's `pub` inside a `pub(crate)` type it does not name: fields are `pub(crate)` by convention).
#![warn(unreachable_pub)]
// The docs are built with `--document-private-items` (.ci/run): an application's map links its
// internal items, which that build documents.
#![allow(rustdoc::private_intra_doc_links)]

pub(crate) mod account;
// The user tools' library: readers, one topic's evaluation, agreement, judges, threads.
pub(crate) use evia_tools::{assessors, evaluate, evaluate_runs, io, judges, parallel};
pub(crate) mod cli;
pub(crate) mod consistency;
pub(crate) mod ledger;
pub(crate) mod manifest;
pub(crate) mod model;
pub(crate) mod papers;
pub(crate) mod pipeline;
pub(crate) mod provenance;
pub(crate) mod published;
pub(crate) mod render;
pub(crate) mod report;
pub(crate) mod results;
pub(crate) mod robustness;
pub(crate) mod sources;

pub use cli::calibrate_b_runs::calibrate_b_runs;
pub use cli::main_with_args;
pub use papers::lancers::standin_files::write_paper_b_standin;
