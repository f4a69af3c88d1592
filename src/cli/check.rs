//! `evia-repro check`.

use std::path::Path;

use anyhow::Context as _;
use clap::{Args, ValueEnum};

use crate::claims::Ledger;
use crate::cli::Outcome;
use crate::cli::reproduce::load_manifest;
use crate::render::ledger;

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum LedgerFormat {
    Text,
    Md,
    Json,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Output format of the ledger.
    #[arg(long, value_enum, default_value = "text")]
    pub format: LedgerFormat,
    /// Global seed (default: the manifest's).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

pub fn run(root: &Path, args: CheckArgs) -> anyhow::Result<Outcome> {
    let manifest = load_manifest(root)?;
    let seed = args.seed.unwrap_or(manifest.seed);
    let ledger: Ledger =
        crate::claims::check_project(&manifest, &crate::experiments::Context::new(root, seed))
            .context("check failed")?;
    match args.format {
        LedgerFormat::Text => print!("{}", ledger::text(&ledger)),
        LedgerFormat::Md => print!("{}", ledger::markdown(&ledger)),
        LedgerFormat::Json => print!("{}", ledger::json(&ledger)?),
    }
    if ledger.has_exact_mismatch() {
        eprintln!("check: at least one `exact` cell does not match its published value");
        return Ok(Outcome::Failed);
    }
    Ok(Outcome::Success)
}
