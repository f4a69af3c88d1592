//! `evia-repro reproduce`.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::Args;

use crate::cli::Outcome;
use crate::io::output::OutputDir;
use crate::manifest::Manifest;
use crate::reproduce::{Options, manifest_path, reproduce};

#[derive(Debug, Args)]
pub struct ReproduceArgs {
    /// Output directory; every generated file goes inside it.
    #[arg(long, value_name = "DIR", default_value = "build")]
    pub out: PathBuf,
    /// Rebuild only these artefacts (comma-separated ids such as A.T1,B.T2).
    #[arg(long, value_name = "ID,...", value_delimiter = ',')]
    pub only: Vec<String>,
    /// Global seed for every experiment's random streams (default: the manifest's).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Run the selected experiments on a real collection in DIR instead of the stand-ins (see the
    /// README for the layout each paper expects); numbers are then of class `real-data`.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Worker threads for the randomised tests (default: all cores); results never depend on it.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
}

pub fn run(root: &Path, args: ReproduceArgs) -> anyhow::Result<Outcome> {
    let manifest = load_manifest(root)?;
    let options = Options {
        root: root.to_path_buf(),
        seed: args.seed.unwrap_or(manifest.seed),
        only: args.only,
        data_dir: args.data,
        threads: args
            .threads
            .unwrap_or_else(crate::experiments::default_threads)
            .max(1),
    };
    let out = OutputDir::new(if args.out.is_absolute() {
        args.out.clone()
    } else {
        root.join(&args.out)
    });
    let written = reproduce(&manifest, &options, &out).context("reproduce failed")?;
    for w in &written {
        if let Some(reason) = &w.skipped {
            println!("{:<10} skipped: {reason}", w.artefact);
        }
        for file in &w.files {
            println!("{:<10} {}", w.artefact, file.display());
        }
    }
    println!(
        "rebuilt {} artefact(s) into {} (seed {})",
        written
            .iter()
            .filter(|w| !w.artefact.ends_with("tables") && w.skipped.is_none())
            .count(),
        out.root().display(),
        options.seed
    );
    Ok(Outcome::Success)
}

/// Loads and validates `paper/manifest.yaml` under `root`.
pub fn load_manifest(root: &Path) -> anyhow::Result<Manifest> {
    let path = manifest_path(root);
    if !path.exists() {
        anyhow::bail!(
            "{} not found; run evia-repro from the project root or pass --root DIR",
            path.display()
        );
    }
    Ok(Manifest::load(&path)?)
}
