//! `evia-repro agree`: inter-assessor agreement of any label file (issue 15 item 2) — paper B's
//! Table 1 statistics for every pair of assessors, per-topic kappas, the high/low-agreement topic
//! split, and Fleiss' kappa and Krippendorff's alpha for more than two assessors.

mod analysis;
mod render;

use std::io::Write as _;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

use super::Outcome;
use crate::io::labels::{LabelLayout, Scale, read_labels};
use crate::manifest::params::KappaSe;
pub use analysis::{Analysis, KappaOutcome, analyse};
pub use render::Format;

/// Agreement between the assessors of a label file.
#[derive(Debug, Clone, Args)]
pub struct AgreeArgs {
    /// Per-assessor labels (`.gz` is decompressed); layout chosen by --layout.
    #[arg(long, value_name = "FILE")]
    pub labels: PathBuf,
    /// long: `topic doc assessor label` lines; wide: a header `topic doc A1 A2 …` then
    /// `topic doc label1 label2 …` (NA = missing); wide-unnamed: the same without a header.
    #[arg(long, value_enum, default_value_t = LabelLayout::Long)]
    pub layout: LabelLayout,
    /// The label scale, both ends included (every label must lie on it).
    #[arg(
        long,
        value_name = "MIN..MAX",
        default_value = "0..2",
        allow_hyphen_values = true
    )]
    pub scale: Scale,
    /// Standard error of the kappa intervals: cohen (Cohen's simple SE, as paper B's Table 1) or
    /// fce (Fleiss–Cohen–Everitt).
    #[arg(long, value_enum, default_value_t = KappaSeArg::Cohen)]
    pub kappa_se: KappaSeArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// `--kappa-se`, as the manifest names the standard errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum KappaSeArg {
    Cohen,
    Fce,
}

impl KappaSeArg {
    fn manifest_name(self) -> KappaSe {
        match self {
            KappaSeArg::Cohen => KappaSe::Cohen,
            KappaSeArg::Fce => KappaSe::Fce,
        }
    }
}

/// Runs `evia-repro agree`.
pub fn run(args: AgreeArgs) -> anyhow::Result<Outcome> {
    let labels = read_labels(&args.labels, args.layout, args.scale)?;
    let se = args.kappa_se.manifest_name().standard_error();
    let analysis = analyse(&labels, &args.labels.display().to_string(), se);
    let text = match args.format {
        Format::Json => {
            let mut s =
                serde_json::to_string_pretty(&analysis).context("serialising the analysis")?;
            s.push('\n');
            s
        }
        other => render::render(&analysis, other),
    };
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(Outcome::Success),
        other => {
            other.context("writing to standard output")?;
            Ok(Outcome::Success)
        }
    }
}
