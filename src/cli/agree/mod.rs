//! `evia-repro agree`: inter-assessor agreement of any label file — paper B's Table 1 statistics for
//! every pair of assessors (and unweighted kappa), per-topic kappas, the high/low-agreement topic
//! split, and Fleiss' kappa and Krippendorff's alpha for more than two assessors.

mod render;

use std::io::Write as _;

use anyhow::Context;
use clap::Args;

use super::Outcome;
use super::label_input::LabelInput;
pub use crate::assessors::agreement::{KappaOutcome, WeightsOver, analyse};
use crate::assessors::kappa_se::KappaSe;
pub(crate) use render::Format;

/// Agreement between the assessors of a label file.
#[derive(Debug, Clone, Args)]
pub(crate) struct AgreeArgs {
    #[command(flatten)]
    pub(crate) input: LabelInput,
    /// Standard error of the kappa intervals: cohen (Cohen's simple SE, as paper B's Table 1) or
    /// fce (Fleiss–Cohen–Everitt).
    #[arg(long, value_enum, default_value_t = KappaSe::Cohen)]
    pub(crate) kappa_se: KappaSe,
    /// The categories the linear weights run over: declared (every label of --scale, paper B's
    /// Table 1) or observed (the labels the pair used, as R's irr::kappa2).
    #[arg(long, value_enum, default_value_t = WeightsOver::Declared)]
    pub(crate) weights_over: WeightsOver,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub(crate) format: Format,
}

/// Runs `evia-repro agree`.
pub(crate) fn run(args: AgreeArgs) -> anyhow::Result<Outcome> {
    let labels = args.input.read()?;
    let se = args.kappa_se.standard_error();
    let analysis = analyse(
        &labels,
        &args.input.labels.display().to_string(),
        se,
        args.weights_over,
    );
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
