//! The integration tests: one binary (one link) with a module per area, driving the `evia-repro`
//! binary (`common::TestCommand`) and reading what it writes. The paper artefacts are built once
//! per test binary and shared ([`built`]). Tests of internals the binary cannot show are unit tests
//! inside the crate.
#![allow(clippy::unwrap_used)] // test helpers; clippy.toml only covers #[test] fns

mod account_audit;
mod agree_cli;
mod agree_many;
mod agree_two;
mod agreement_golden;
mod anywhere;
mod available;
mod built;
mod check_state;
mod claims_ledger;
mod closed_pipe;
mod common;
mod docs_paths;
mod eval_cli;
mod eval_conventions;
mod eval_diversity_cli;
mod eval_diversity_golden;
mod eval_diversity_survey;
mod eval_gap_ec_cli;
mod eval_gap_ec_golden;
mod eval_ntcireval_golden;
mod eval_parity_cli;
mod eval_runs;
mod eval_trec_eval;
mod eval_vectors;
mod eval_vectors_edges;
mod figure_conversion;
mod fixture_paper;
mod hostile_names;
mod hsd_bounds;
mod hsd_cli;
mod hsd_engine;
mod hsd_ptukey;
mod hsd_ranking;
mod inputs_misread;
mod knob_space;
mod lancers_eval;
mod layers;
mod manifest_errors;
mod many_assessors_latex;
mod output_dir;
mod project_manifest;
mod qrels_cli;
mod rank_ties;
mod ranking_golden;
mod real_crowd_data;
mod real_files;
mod reproduce;
mod reproduce_incremental;
mod reviewer_page;
mod self_contained;
mod standin_bounds;
mod stc;
mod study_cli;
mod study_degenerate;
mod table_variant;
mod terminal_width;
mod third_paper_views;
mod unanimity_real;
mod usage_errors;
mod user_files;
