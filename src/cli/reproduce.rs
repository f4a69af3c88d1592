//! `evia-repro reproduce`.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::Args;

use crate::cli::Outcome;
use crate::io::output::OutputDir;
use crate::manifest::Manifest;
use crate::manifest::params::{MAX_DESIGN_POINTS, MAX_REPLICATES, MIN_DESIGN_POINTS};
use crate::pipeline::done::Action;
use crate::pipeline::reproduce::{Options, Summary, manifest_path, reproduce};
use crate::render::escape::escape_terminal;

#[derive(Debug, Args)]
pub(crate) struct ReproduceArgs {
    #[command(flatten)]
    pub(crate) root: crate::cli::RootArg,
    /// Output directory, relative to the current directory; every generated file goes inside it.
    /// Two runs cannot write into one directory at once (a lock file, `.evia-repro.lock`).
    #[arg(long, value_name = "DIR", default_value = "build")]
    pub(crate) out: PathBuf,
    /// Rebuild only these artefacts (comma-separated ids such as A.T1,B.T2).
    #[arg(long, value_name = "ID,...", value_delimiter = ',')]
    pub(crate) only: Vec<String>,
    /// Global seed for every experiment's random streams (default: the manifest's).
    #[arg(long, value_name = "N")]
    pub(crate) seed: Option<u64>,
    /// Run the selected experiments on a real collection in DIR instead of the stand-ins (the layout
    /// each paper expects is in docs/stand-ins.md); numbers are then of class `real-data`.
    #[arg(long, value_name = "DIR")]
    pub(crate) data: Option<PathBuf>,
    /// Worker threads for the randomised tests (default: all cores; 1 to 1024); results never
    /// depend on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=i64::from(super::MAX_THREADS)))]
    pub(crate) threads: Option<u16>,
    /// Rebuild and rewrite everything, even artefacts and reports whose inputs are unchanged.
    #[arg(long)]
    pub(crate) force: bool,
    /// Replicates R of the robustness studies (A.R1, B.R1), in place of the manifest's
    /// `replicates:`; changing it rebuilds only the studies (and the reports that quote them).
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_REPLICATES)))]
    pub(crate) replicates: Option<u32>,
    /// Design points N of the knob-space studies (A.M1, B.M1), in place of the manifest's
    /// `design_points:` (8 to 10,000); changing it rebuilds only those studies (and the reports
    /// that quote them).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(i64::from(MIN_DESIGN_POINTS)..=i64::from(MAX_DESIGN_POINTS)))]
    pub(crate) design_points: Option<u32>,
}

pub(crate) fn run(root: &Path, args: ReproduceArgs) -> anyhow::Result<Outcome> {
    let mut manifest = load_manifest(root)?;
    refuse_overlap(root, &args)?;
    if let Some(replicates) = args.replicates {
        manifest = manifest.with_replicates(replicates);
    }
    if let Some(points) = args.design_points {
        manifest = manifest.with_design_points(points);
    }
    let mut options = Options::new(root, args.seed.unwrap_or(manifest.seed));
    options.only = args.only;
    options.data_dir = args.data;
    options.force = args.force;
    options.progress = super::progress::on_stderr();
    if let Some(threads) = args.threads {
        options.threads = usize::from(threads);
    }
    let out = OutputDir::new(args.out.clone());
    let _lock = out.lock()?;
    let papers: Vec<&str> = manifest.papers.iter().map(|p| p.slug.as_str()).collect();
    super::build_dir::check_build_dir(&args.out, &papers)?;
    let summary = reproduce(&manifest, &options, &out).context("reproduce failed")?;
    if let Some(dir) = &options.data_dir {
        let paper_b_runs = options
            .only
            .iter()
            .filter_map(|id| manifest.artefact(id))
            .any(|a| crate::papers::lancers::reads_runs(a.experiment));
        if paper_b_runs {
            for warning in
                crate::papers::lancers::user_collection::data_dir_missing_topic_warnings(dir)?
            {
                crate::cli::stdout::note(&warning.to_string());
            }
        }
    }
    print_account(&summary, &out, &options)?;
    Ok(Outcome::Success)
}

/// Refuses an output directory equal to, inside or containing what the run reads: the collection
/// of `--data`, and the project's `paper/`, `data/` and `templates/` (so `--out .` in the project
/// is refused).
fn refuse_overlap(root: &Path, args: &ReproduceArgs) -> anyhow::Result<()> {
    let project = ["paper", "data", "templates"].map(|dir| root.join(dir));
    let mut inputs: Vec<(&'static str, &Path)> = project
        .iter()
        .filter(|dir| dir.exists())
        .map(|dir| ("the project's", dir.as_path()))
        .collect();
    if let Some(data) = &args.data {
        inputs.push(("--data", data.as_path()));
    }
    crate::io::output_place::refuse_overlap("--out", &args.out, &inputs)?;
    Ok(())
}

/// Prints a run's account on standard output: one line per artefact and document, the files
/// written, notices (on standard error) and the summary line. Shared with `study`.
pub(crate) fn print_account(
    summary: &Summary,
    out: &OutputDir,
    options: &Options,
) -> anyhow::Result<()> {
    use std::fmt::Write as _;
    let mut text = String::new();
    for done in summary.artefacts.iter().chain(&summary.documents) {
        let what = match &done.action {
            Action::Rebuilt => "rebuilt".to_string(),
            Action::Rerendered => {
                "re-rendered (templates changed; results from the build state)".to_string()
            }
            Action::UpToDate => "up to date (inputs unchanged)".to_string(),
            Action::Pending(reason) => format!("pending: {reason}"),
            Action::Skipped(reason) => format!("skipped: {reason}"),
            Action::NotSelected => "not selected (--only)".to_string(),
        };
        let _ = writeln!(
            text,
            "{:<10} {}",
            escape_terminal(&done.name),
            escape_terminal(&what)
        );
        for file in &done.files {
            let file = escape_terminal(&file.display().to_string());
            let _ = writeln!(text, "{:<10}   wrote {file}", "");
        }
    }
    for notice in &summary.notices {
        super::stdout::note(&format!("note: {}", escape_terminal(notice)));
    }
    let _ = writeln!(
        text,
        "{} rebuilt, {} re-rendered, {} up to date, {} pending, {} skipped; {} file(s) written into {} (seed {}, commit {})",
        summary.count(|a| *a == Action::Rebuilt),
        summary.count(|a| *a == Action::Rerendered),
        summary.count(|a| *a == Action::UpToDate),
        summary.count(|a| matches!(a, Action::Pending(_))),
        summary.count(|a| matches!(a, Action::Skipped(_))),
        summary.written().len(),
        escape_terminal(&out.root().display().to_string()),
        options.seed,
        escape_terminal(&options.commit),
    );
    super::stdout::print(&text)
}

/// Loads and validates `paper/manifest.yaml` under `root`.
pub(crate) fn load_manifest(root: &Path) -> anyhow::Result<Manifest> {
    let path = manifest_path(root);
    if !path.exists() {
        anyhow::bail!(
            "{} not found; run evia-repro from the project root or pass --root DIR",
            path.display()
        );
    }
    Ok(crate::papers::load_manifest(&path)?)
}
