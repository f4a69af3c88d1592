//! `evia-repro study`: paper B's disagreement study on a user's collection. The label file and run
//! directory become an in-memory manifest ([`crate::papers::lancers::study::study_manifest`]) that
//! the papers' pipeline ([`crate::pipeline::reproduce`]) runs with the same experiments, templates
//! and renderers, into `--out/study/` (tables, figures, `report.md`, `report.tex`). It runs from any
//! directory: paper B's entries, the templates and the literate sources are built into the program
//! ([`crate::sources::BUILT_IN`]). The output is all or nothing: everything is written into a hidden
//! staging directory of `--out` and moved into place at the end. Always a full rebuild: the run
//! directory is read whole, not part of any cache key. `--out` must be new, empty or an earlier
//! study's output ([`owned`]), and apart from the label file and the run directory.

mod owned;

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::Args;

use super::Outcome;
use super::label_input::LabelInput;
use crate::io::output::OutputDir;
use crate::manifest::Manifest;
use crate::papers::Context;
use crate::papers::lancers::params::LabelReading;
use crate::papers::lancers::study::StudyCollection as UserCollection;
use crate::papers::lancers::study::{STUDY_SLUG, StudyRequest, study_manifest};
use crate::papers::lancers::user_collection::missing_topic_warnings;
use crate::pipeline::reproduce::{Options, Summary, reproduce};
use crate::sources::{MANIFEST, MANIFEST_TEXT, Sources};

/// Paper B's analysis of your own multi-assessor labels and runs.
#[derive(Debug, Args)]
pub(crate) struct StudyArgs {
    #[command(flatten)]
    pub(crate) input: LabelInput,
    /// Directory of TREC run files (`topic Q0 doc rank score run`), one file per run.
    #[arg(long, value_name = "DIR")]
    pub(crate) runs: PathBuf,
    /// Measures, comma-separated NTCIREVAL names such as MSnDCG@10,Q@10,nERR@10 (default: paper
    /// B's).
    #[arg(long, value_name = "M,...", value_delimiter = ',')]
    pub(crate) measures: Option<Vec<String>>,
    /// A qrels version summing these assessors' labels, NAME=a,b,c; repeat for more (default: each
    /// assessor alone, all of them, each leave-one-out set).
    #[arg(long = "version", value_name = "NAME=A,B,...")]
    pub(crate) versions: Vec<String>,
    /// Randomised Tukey HSD trials B, 1 to 1,000,000 (default: paper B's).
    #[arg(long, value_name = "B", value_parser = clap::value_parser!(u32).range(1..=i64::from(super::MAX_TRIALS)))]
    pub(crate) trials: Option<u32>,
    /// Seed of the randomised tests (default: the project manifest's).
    #[arg(long, value_name = "N")]
    pub(crate) seed: Option<u64>,
    /// Worker threads (default: all cores; 1 to 1024); results never depend on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=i64::from(super::MAX_THREADS)))]
    pub(crate) threads: Option<u16>,
    /// Output directory, relative to the current directory: the study goes into DIR/study/, with
    /// index.md, index.html, ledger.md and account.json beside it. DIR must be new, empty or an
    /// earlier study's output, and apart from --labels and --runs.
    #[arg(long, value_name = "DIR", default_value = "build-study")]
    pub(crate) out: PathBuf,
}

/// Runs `evia-repro study`. It reads nothing of a checkout: paper B's manifest entries, the
/// templates and the literate sources are the ones built into the program.
pub(crate) fn run(args: StudyArgs) -> anyhow::Result<Outcome> {
    check_out(&args)?;
    let paper_b = built_in_manifest()?;
    let collection = UserCollection {
        labels: absolute(&args.input.labels)?,
        layout: args.input.layout,
        scale: args.input.scale,
        runs: absolute(&args.runs)?,
        reading: LabelReading {
            header: args.input.header,
            columns: args.input.columns.as_ref().map(ToString::to_string),
            duplicates: args.input.duplicates,
        },
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
    // Every path the study reads is absolute, so the context's root is only a formality.
    let here = Path::new(".");
    let mut context = Context::new(here, args.seed.unwrap_or(paper_b.seed));
    if let Some(threads) = args.threads {
        context.threads = usize::from(threads);
    }
    super::stdout::note(&format!(
        "reading {}",
        crate::render::escape::escape_terminal(&request.collection.labels)
    ));
    let study = study_manifest(&context, &paper_b, &request).context("study failed")?;
    for warning in missing_topic_warnings(&context, &request.collection)? {
        crate::cli::stdout::note(&warning.to_string());
    }
    let mut options = Options::new(here, study.seed);
    options.sources = Sources::BuiltIn;
    options.commit = crate::provenance::commit_from_env()
        .unwrap_or_else(|| crate::provenance::UNKNOWN_COMMIT.to_string());
    options.force = true;
    options.threads = context.threads;
    options.progress = super::progress::on_stderr();
    let out = OutputDir::new(&args.out);
    let existed = out.root().exists();
    let written = write_atomically(&study, &options, &out);
    if written.is_err() && !existed {
        // Only an empty directory goes: the one this run created, with nothing of it left inside.
        let _ = std::fs::remove_dir(out.root());
    }
    let (summary, notices) = written?;
    super::reproduce::print_account(&summary, &out, &options)?;
    for notice in notices {
        super::stdout::note(&format!("warning: {notice}"));
    }
    Ok(Outcome::Success)
}

/// Refuses an output directory that overlaps an input or holds anything but an earlier study's
/// output, before anything is read.
fn check_out(args: &StudyArgs) -> anyhow::Result<()> {
    let inputs = [
        ("--labels", args.input.labels.as_path()),
        ("--runs", args.runs.as_path()),
    ];
    crate::io::output_place::refuse_overlap("--out", &args.out, &inputs)?;
    owned::check_ours(&args.out)?;
    Ok(())
}

/// Runs the study's pipeline into a staged tree of `out` and moves it into place when every file is
/// written: a failure leaves none of the study's files behind and the previous output in place.
/// Returns the run's account and the notices of the commit (a previous output it could not
/// remove).
fn write_atomically(
    study: &Manifest,
    options: &Options,
    out: &OutputDir,
) -> anyhow::Result<(Summary, Vec<String>)> {
    let _lock = out.lock()?;
    // Again under the lock: another run may have written meanwhile.
    owned::check_ours(out.root())?;
    let staged = out.stage_tree(STUDY_SLUG)?;
    let mut summary = reproduce(study, options, staged.out()).context("study failed")?;
    for done in summary.artefacts.iter_mut().chain(&mut summary.documents) {
        for file in &mut done.files {
            *file = staged.final_path(file);
        }
    }
    let notices = staged.commit()?;
    Ok((summary, notices))
}

/// Paper B's manifest as built into the program: the study's defaults (measures, trials, seed,
/// layouts, cell formats) come from its entries.
fn built_in_manifest() -> anyhow::Result<Manifest> {
    let name = Sources::BuiltIn.place(MANIFEST);
    Ok(crate::papers::parse_manifest(
        Path::new(&name),
        MANIFEST_TEXT,
    )?)
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
