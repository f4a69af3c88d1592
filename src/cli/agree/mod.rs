//! `evia-repro agree`: inter-assessor agreement of any label file — the headline first (counts,
//! Fleiss' kappa, Krippendorff's alpha, the mean pairwise kappas), then paper B's Table 1
//! statistics for every pair of assessors (unweighted, linear and quadratic kappa) or, with many
//! assessors, their distribution over the pairs; per-topic kappas, the high/low-agreement topic
//! split and the confusion matrices with `--detail` or in a file (`--detail-out`).

mod distribution;
mod render;
mod table;

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use super::Outcome;
use super::label_input::LabelInput;
pub(crate) use crate::assessors::agreement::{Analysis, WeightsOver, analyse_relevant_from};
pub(crate) use crate::assessors::agreement_summary::default_min_topic_items;
use crate::assessors::agreement_values::PairAgreement;
use crate::assessors::kappa_se::KappaSe;
use distribution::PairDistribution;
pub(crate) use render::{Format, Pairs, View};

/// Agreement between the assessors of a label file.
#[derive(Debug, Clone, Args)]
pub(crate) struct AgreeArgs {
    #[command(flatten)]
    pub(crate) input: LabelInput,
    /// Standard error of the kappa intervals: cohen (Cohen's simple SE, as paper B's Table 1) or
    /// fce (Fleiss–Cohen–Everitt). A zero SE gives Wilson's score interval instead.
    #[arg(long, value_enum, default_value_t = KappaSe::Cohen)]
    pub(crate) kappa_se: KappaSe,
    /// The categories the linear and quadratic weights run over: declared (every label of
    /// --scale, paper B's Table 1) or observed (the labels the pair used, as R's irr::kappa2).
    #[arg(long, value_enum, default_value_t = WeightsOver::Declared)]
    pub(crate) weights_over: WeightsOver,
    /// The fewest documents a topic must have, and a pair must share on it, for its per-topic
    /// kappa to be tested (default 2k² for k labels, Cicchetti and Fleiss 1977: 8 binary, 18 on
    /// 0..2).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) min_topic_items: Option<u32>,
    /// The binary kappa counts a document as relevant from this label up (default: the scale's
    /// second label, 1 on a scale from 0: the lowest label against the rest).
    #[arg(long, value_name = "L", allow_negative_numbers = true)]
    pub(crate) relevant_from: Option<i32>,
    /// Add the per-topic kappas, the topic lists, the many-rater table and the confusion
    /// matrices.
    #[arg(long)]
    pub(crate) detail: bool,
    /// Pairwise tables and JSON: one row per pair up to 20 assessors and a distribution over the
    /// pairs beyond (auto), always one row per pair (full), or always the distribution (summary).
    #[arg(long, value_enum, default_value_t = Pairs::Auto)]
    pub(crate) pairs: Pairs,
    /// Also write everything (--detail, every pair) in --format to FILE: a regular file is
    /// replaced atomically (keeping its mode), a device, FIFO or pipe (/dev/stdout, >(…)) written
    /// through; an input file is refused.
    #[arg(long, value_name = "FILE")]
    pub(crate) detail_out: Option<PathBuf>,
    /// Output format (json: the whole analysis; its pairs listed or summarised as --pairs says).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub(crate) format: Format,
}

/// The JSON document: the analysis with every pair, or, where `--pairs` summarises them (beyond
/// [`render::FULL_UP_TO`] assessors by default), their distribution in place of the list (a
/// thousand assessors make half a million pairs, about 700 MB of JSON).
#[derive(Serialize)]
struct JsonDocument<'a> {
    #[serde(flatten)]
    analysis: &'a Analysis,
    #[serde(skip_serializing_if = "Option::is_none")]
    pairs: Option<&'a [PairAgreement]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pair_distribution: Option<PairDistribution>,
}

/// `analysis` in `format` as `view` says.
fn rendered(analysis: &Analysis, view: &View) -> anyhow::Result<String> {
    Ok(match view.format {
        Format::Json => {
            let full = view.full_pairs(analysis);
            let document = JsonDocument {
                analysis,
                pairs: full.then_some(analysis.pairs.as_slice()),
                pair_distribution: (!full).then(|| PairDistribution::of(analysis)),
            };
            crate::render::escape::json_pretty(&document).context("serialising the analysis")?
        }
        _ => render::render(analysis, view),
    })
}

/// Runs `evia-repro agree`.
pub(crate) fn run(args: AgreeArgs) -> anyhow::Result<Outcome> {
    let labels = args.input.read()?;
    let se = args.kappa_se.standard_error();
    let min_topic_items = args.min_topic_items.map_or_else(
        || default_min_topic_items(args.input.scale.levels()),
        |n| n as usize,
    );
    let scale = labels.scale;
    let relevant_from = match args.relevant_from {
        None => 1,
        Some(l) if l > scale.min() && l <= scale.max() => (l - scale.min()) as usize,
        Some(l) => anyhow::bail!(
            "--relevant-from {l}: the binary kappa needs labels on both sides, so L must be from {} to {} on the scale {scale}",
            scale.min() + 1,
            scale.max()
        ),
    };
    // Every pair's per-topic kappas are listed where an output shows every pair with its detail
    // (and the JSON, which holds the whole analysis): kept only then, and bounded.
    let full = match args.pairs {
        Pairs::Full => true,
        Pairs::Summary => false,
        Pairs::Auto => labels.assessors.len() <= render::FULL_UP_TO,
    };
    let listed =
        args.detail_out.is_some() || (full && (args.detail || matches!(args.format, Format::Json)));
    let analysis = analyse_relevant_from(
        &labels,
        &args.input.labels.display().to_string(),
        se,
        args.weights_over,
        min_topic_items,
        relevant_from,
        listed.then_some(crate::assessors::agreement::MAX_TOPIC_VALUES),
    )?;
    if analysis.pairs.is_empty() {
        crate::cli::stdout::note(&format!("warning: {}", render::NO_SHARED_DOCUMENT));
    }
    if let Some(path) = &args.detail_out {
        let everything = View {
            format: args.format,
            detail: true,
            pairs: Pairs::Full,
        };
        let text = rendered(&analysis, &everything)?;
        let inputs = [("--labels", args.input.labels.as_path())];
        crate::io::output_file::write_file("--detail-out", path, text.as_bytes(), &inputs)?;
    }
    let view = View {
        format: args.format,
        detail: args.detail,
        pairs: args.pairs,
    };
    let text = rendered(&analysis, &view)?;
    crate::cli::stdout::print(&text)?;
    Ok(Outcome::Success)
}
