//! The integration tests: one binary (one link) with a module per area, driving the library and
//! the `evia-repro` binary.
#![allow(clippy::unwrap_used)] // test helpers; clippy.toml only covers #[test] fns

mod claims_ledger;
mod common;
mod eval_cli;
mod eval_diversity_cli;
mod eval_diversity_golden;
mod eval_ntcireval_golden;
mod eval_parity_cli;
mod eval_vectors;
mod hsd_cli;
mod hsd_engine;
mod hsd_ptukey;
mod hsd_ranking;
mod lancers_eval;
mod manifest_errors;
mod published_coverage;
mod published_loader;
mod reproduce;
mod stc;
mod unanimity_real;
mod www_standin;
