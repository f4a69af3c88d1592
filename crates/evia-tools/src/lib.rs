//! evia-tools: evia-repro's user tools as a library, with typed inputs and results and no printing.
//! The `evia-repro` command line (and any other front end) parses arguments, calls these functions
//! and prints what they return.
//!
//! Layers, bottom up (a module imports only its own layer or lower ones):
//!
//! 1. [`parallel`] (independent work on threads, results in input order) and [`invisible`] (how a
//!    character that prints as nothing is shown instead); beside them the pure engine crate
//!    `evia_engine`;
//! 2. [`io`]: readers of qrels, runs, per-assessor labels, score tables and the project's YAML
//!    (every error names file, line and cause; sizes bounded before allocation) and atomic writers;
//! 3. [`evaluate`]: one topic of a run labelled, truncated and evaluated with NTCIREVAL's semantics,
//!    the one evaluation `eval` and `judges` share;
//! 4. [`assessors`]: inter-assessor agreement and label consolidation (`agree`, `qrels`);
//!    beside it [`hsd`]: the randomised and classical Tukey HSD of a score matrix (`hsd`);
//! 5. [`judges`]: the meta-evaluation of relevance judges (`tau`, `judges`).
//!
//! Every error is a `thiserror` type whose message names the file, the line and the cause; nothing
//! here panics on input.

// The docs are built with `--document-private-items` (.ci/run): module docs link the private
// helpers that explain how a reader works.
#![allow(rustdoc::private_intra_doc_links)]

pub mod assessors;
pub mod evaluate;
pub mod evaluate_runs;
pub mod hsd;
pub mod invisible;
pub mod io;
pub mod judges;
pub mod parallel;
