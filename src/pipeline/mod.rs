//! The pipeline layer: selection of artefacts, rebuild, build state, fingerprints and stamps, and the
//! two commands built on them, [`reproduce`] (write every output) and [`check`] (the claims ledger).
//! It sits above the experiments, the ledger, the renderers and the report, and below the CLI.

mod ahead;
pub mod build_state;
pub mod check;
mod conversions;
pub mod ledger;
pub mod progress;
pub mod published_layout;
pub mod reproduce;
pub mod timings;

pub use check::{CheckError, CheckSources, check_project, check_with_state};
