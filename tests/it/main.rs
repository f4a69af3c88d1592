//! The integration tests: one binary (one link) with a module per area, driving the library and
//! the `evia-repro` binary.
#![allow(clippy::unwrap_used)] // test helpers; clippy.toml only covers #[test] fns

mod agree_cli;
mod agreement_golden;
mod calibration;
mod check_state;
mod claims_ledger;
mod closed_pipe;
mod common;
mod consistency_fixture;
mod eval_cli;
mod eval_conventions;
mod eval_diversity_cli;
mod eval_diversity_golden;
mod eval_diversity_survey;
mod eval_gap_ec_cli;
mod eval_gap_ec_golden;
mod eval_ntcireval_golden;
mod eval_parity_cli;
mod eval_vectors;
mod fuzz;
mod hsd_bounds;
mod hsd_cli;
mod hsd_engine;
mod hsd_ptukey;
mod hsd_ranking;
mod lancers_eval;
mod layers;
mod manifest_errors;
mod output_dir;
mod published_coverage;
mod published_loader;
mod qrels_cli;
mod reproduce;
mod robustness;
mod self_contained;
mod standin_bounds;
mod stc;
mod study_cli;
mod study_collection;
mod table_variant;
mod terminal_width;
mod text_settings;
mod unanimity_real;
mod usage_errors;
mod www_standin;
