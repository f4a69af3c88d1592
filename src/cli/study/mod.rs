//! `evia-repro study`: paper B's disagreement study on a user's collection (issue 15 item 4). The
//! label file and run directory become an in-memory manifest
//! ([`crate::papers::lancers::study::study_manifest`]) that the papers' pipeline
//! ([`crate::pipeline::reproduce`]) runs with the same experiments, templates and renderers, into
//! `--out/study/` (tables, figures, `report.md`, `report.tex`), atomically. Always a full rebuild:
//! the run directory is read whole, not part of any cache key.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::Args;

use super::Outcome;
use super::label_input::LabelInput;
use crate::io::output::OutputDir;
use crate::manifest::params::UserCollection;
use crate::papers::Context;
use crate::papers::lancers::study::{StudyRequest, study_manifest};
use crate::pipeline::reproduce::{Options, reproduce};

/// Paper B's analysis of your own multi-assessor labels and runs.
#[derive(Debug, Args)]
pub struct StudyArgs {
    #[command(flatten)]
    pub input: LabelInput,
    /// Directory of TREC run files (`topic Q0 doc rank score run`), one file per run.
    #[arg(long, value_name = "DIR")]
    pub runs: PathBuf,
    /// Measures, comma-separated NTCIREVAL names such as MSnDCG@10,Q@10,nERR@10 (default: paper
    /// B's).
    #[arg(long, value_name = "M,...", value_delimiter = ',')]
    pub measures: Option<Vec<String>>,
    /// A qrels version summing these assessors' labels, NAME=a,b,c; repeat for more (default: each
    /// assessor alone, all of them, each leave-one-out set).
    #[arg(long = "version", value_name = "NAME=A,B,...")]
    pub versions: Vec<String>,
    /// Randomised Tukey HSD trials B (default: paper B's).
    #[arg(long, value_name = "B")]
    pub trials: Option<u32>,
    /// Seed of the randomised tests (default: the project manifest's).
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Worker threads (default: all cores; 1 to 1024); results never depend on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Output directory, relative to the current directory; the study goes into DIR/study/.
    #[arg(long, value_name = "DIR", default_value = "build-study")]
    pub out: PathBuf,
}

/// Runs `evia-repro study`.
pub fn run(root: &Path, args: StudyArgs) -> anyhow::Result<Outcome> {
    let paper_b = super::reproduce::load_manifest(root)?;
    let collection = UserCollection {
        labels: absolute(&args.input.labels)?,
        layout: args.input.layout,
        scale: args.input.scale,
        runs: absolute(&args.runs)?,
    };
    let request = StudyRequest {
        collection,
        versions: args.versions,
        measures: args.measures,
        trials: args.trials,
        seed: args.seed,
        shown_as: (
            args.input.labels.display().to_string(),
            args.runs.display().to_string(),
        ),
    };
    let mut context = Context::new(root, args.seed.unwrap_or(paper_b.seed));
    if let Some(threads) = args.threads {
        context.threads = usize::from(threads);
    }
    eprintln!("reading {}", request.collection.labels);
    let study = study_manifest(&context, &paper_b, &request).context("study failed")?;
    let mut options = Options::new(root, study.seed);
    options.force = true;
    options.threads = context.threads;
    options.progress = super::progress::on_stderr();
    let out = OutputDir::new(args.out);
    let _lock = out.lock()?;
    let summary = reproduce(&study, &options, &out).context("study failed")?;
    super::reproduce::print_account(&summary, &out, &options);
    Ok(Outcome::Success)
}

/// `path` made absolute against the current directory (the manifest's paths are relative to the
/// project root otherwise), as text.
fn absolute(path: &Path) -> anyhow::Result<String> {
    let absolute = std::path::absolute(path)
        .with_context(|| format!("cannot resolve the path {}", path.display()))?;
    absolute
        .to_str()
        .map(str::to_string)
        .with_context(|| format!("{}: the path is not valid UTF-8", path.display()))
}
