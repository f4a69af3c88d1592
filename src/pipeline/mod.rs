//! The pipeline layer: selection of artefacts, rebuild, build state, fingerprints and stamps, and the
//! two commands built on them, [`reproduce`] (write every output) and [`check`] (the claims ledger).
//! It sits above the experiments, the ledger, the renderers and the report, and below the CLI.

mod ahead;
pub(crate) mod build_state;
pub(crate) mod check;
pub(crate) mod conversions;
pub(crate) mod done;
pub(crate) mod ledger;
pub(crate) mod progress;
pub(crate) mod published_layout;
pub(crate) mod reproduce;
pub(crate) mod timings;

#[cfg(test)]
mod tests;

pub(crate) use check::check_with_state;
