//! `evia-repro show ID`.

use std::path::Path;

use clap::Args;

use crate::cli::Outcome;
use crate::cli::reproduce::load_manifest;
use crate::manifest::Kind;
use crate::manifest::params::{MAX_DESIGN_POINTS, MAX_REPLICATES, MIN_DESIGN_POINTS};
use crate::papers::Context;
use crate::pipeline::reproduce::{rebuild, select};
use crate::render::grid::{Target, layout};
use crate::render::series::series_grid;
use crate::render::terminal::render_grid;

#[derive(Debug, Args)]
pub(crate) struct ShowArgs {
    #[command(flatten)]
    pub(crate) root: crate::cli::RootArg,
    /// The artefact to rebuild and print, e.g. B.T1.
    pub(crate) id: String,
    /// Global seed (default: the manifest's).
    #[arg(long, value_name = "N")]
    pub(crate) seed: Option<u64>,
    /// Replicates R of a robustness study (A.R1, B.R1), in place of the manifest's.
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_REPLICATES)))]
    pub(crate) replicates: Option<u32>,
    /// Design points N of a knob-space study (A.M1, B.M1), in place of the manifest's.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(i64::from(MIN_DESIGN_POINTS)..=i64::from(MAX_DESIGN_POINTS)))]
    pub(crate) design_points: Option<u32>,
}

pub(crate) fn run(root: &Path, args: ShowArgs) -> anyhow::Result<Outcome> {
    let mut manifest = load_manifest(root)?;
    if let Some(replicates) = args.replicates {
        manifest = manifest.with_replicates(replicates);
    }
    if let Some(points) = args.design_points {
        manifest = manifest.with_design_points(points);
    }
    let selected = select(&manifest, std::slice::from_ref(&args.id))?;
    let context = Context::new(root, args.seed.unwrap_or(manifest.seed));
    let results = rebuild(&manifest, &selected, &context)?;
    for artefact in selected {
        let table = &results[artefact.id.as_str()];
        // A figure prints its series as a table (one row per plotted point).
        let series = (artefact.kind == Kind::Figure)
            .then(|| series_grid(artefact, table))
            .flatten();
        let grid = match series {
            Some(grid) => grid,
            None => layout(artefact, table, Target::Terminal)?,
        };
        crate::cli::stdout::print(&format!(
            "{}class: {}; experiment: {}\n",
            render_grid(&grid),
            artefact.experiment.data_class(table.real_data),
            artefact.experiment
        ))?;
    }
    Ok(Outcome::Success)
}
