//! The command-line edge: argument parsing (clap), error reporting (anyhow) and exit codes.
//!
//! Exit codes: 0 success; 1 `check` found a mismatching `exact` cell (or `--strict` failed);
//! 2 bad input or usage (the message names the file, line and what was expected).

use std::ffi::OsString;
use std::process::ExitCode;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

pub(crate) mod agree;
mod build_dir;
pub(crate) mod calibrate_b_runs;
mod check;
mod eval;
mod eval_args;
mod eval_blocks;
mod eval_conventions;
mod eval_diversity;
mod eval_output;
mod eval_parity;
mod eval_runs;
mod eval_select;
mod hsd;
mod judges;
mod label_input;
mod list;
mod progress;
pub(crate) mod qrels;
mod reproduce;
mod rounding;
mod show;
mod stdout;
mod study;
mod tau;

/// Rebuild every table and figure of two EVIA 2017 papers by Tetsuya Sakai, and check each
/// published number: recomputed where the paper prints its inputs, checked for consistency with the
/// paper's other numbers where it does not, compared through the paper's claims on a stand-in where
/// the data are not public.
///
/// Paper A: "Unanimity-Aware Gain for Highly Subjective Assessments".
/// Paper B: "The Effect of Inter-Assessor Disagreement on IR System Evaluation: A Case Study with
/// Lancers and Students".
#[derive(Debug, Parser)]
#[command(
    name = "evia-repro",
    version,
    about,
    long_about,
    after_help = "Getting started, from the repository root (or with --root DIR):\n  evia-repro list        what is built and what is pending\n  evia-repro reproduce   rebuild everything into build/\n  evia-repro show B.T1   one table in the terminal\n  evia-repro check       published vs rebuilt, cell by cell\n\nExit codes: 0 success; 1 check found a mismatching exact cell; 2 bad input or usage (the message names the file and line)."
)]
pub(crate) struct Cli {
    /// Project root holding paper/, data/ and templates/, for reproduce, check, list and show
    /// (default: the current directory). The other commands read no project files.
    #[arg(long, value_name = "DIR")]
    pub(crate) root: Option<PathBuf>,

    #[command(subcommand)]
    pub(crate) command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Rebuild tables and figures from the shipped data into the output directory.
    ///
    /// Runs the experiment of every built artefact of paper/manifest.yaml (or only those named by
    /// --only) and writes Markdown, LaTeX and JSON renderings under `DIR/<paper>/`. Pending artefacts are
    /// listed by `evia-repro list`.
    Reproduce(reproduce::ReproduceArgs),
    /// List every table and figure of both papers with its experiment and status.
    List(ListArgs),
    /// Rebuild one table and print it in the terminal.
    Show(show::ShowArgs),
    /// Print the ledger: every printed number and claim of the papers, in the account's words.
    ///
    /// Every number printed in the papers' tables is listed with its provenance class (exact, derived,
    /// simulated, real-data), its printed and recomputed value and its words (printed input,
    /// reproduced, consistent, inconsistent, stand-in only, …; docs/vocabulary.md); then the
    /// paper's claims, the claims re-tested on the stand-in and those kept apart.
    /// Exits with code 1 if an `exact` cell differs.
    Check(check::CheckArgs),
    /// Randomised and classical Tukey HSD over every pair of runs of a topic-by-run score matrix.
    Hsd(hsd::HsdArgs),
    /// Evaluate a run with NTCIREVAL-compatible measures (nev, tsv or json output).
    ///
    /// `--help` ends with the conventions next to trec_eval's and NTCIREVAL's.
    #[command(after_long_help = eval_conventions::help_text())]
    Eval(eval_args::EvalArgs),
    /// Inter-assessor agreement of a label file: pairwise kappas with 95% CIs, per-topic kappas,
    /// the high/low-agreement topic split, Fleiss' kappa and Krippendorff's alpha.
    ///
    /// Linear weighted kappa uses the weights 1 − |i − j|/(k − 1) over the declared scale (--scale):
    /// its k labels, i and j their positions on it, as paper B's Table 1. R's irr::kappa2(…,
    /// "equal") puts them over the observed categories instead (the labels the pair used, k their
    /// number, i and j their ranks among them): --weights-over observed gives that. The two differ
    /// only when a label inside the scale is used by neither assessor of the pair (irr's anxiety
    /// data, raters 2 and 3: 0.126 declared, 0.146 observed). Unweighted and binary kappa do not
    /// depend on it.
    Agree(agree::AgreeArgs),
    /// Consolidated qrels from per-assessor labels (sum, mean, min, max, majority, unanimity-aware
    /// gain), as NTCIR levels or direct gains that `eval` reads.
    Qrels(qrels::QrelsArgs),
    /// Paper B's disagreement study of your own labels and runs: agreement, level counts, tau with
    /// CIs between qrels versions, SSO and discriminative power (randomised Tukey HSD), high/low
    /// agreement topic sets and mean-score figures, as tables, figures and a Markdown/LaTeX report.
    Study(study::StudyArgs),
    /// Rank correlations between two score tables (the same runs scored twice): Kendall's tau-b
    /// with its 95% CI, tau_AP, tau_AP_b, top-k tau, rank-biased overlap and Spearman's rho.
    ///
    /// Each table is `run score` lines, a `run<TAB>M1<TAB>M2…` table or a `topic<TAB>run1…` matrix
    /// (its run means are compared, so the two tables may cover different topic sets). Scores
    /// within a relative 1e-9 of each other are ties.
    Tau(tau::TauArgs),
    /// Judge the judges: label, ranking and significance agreement of relevance judges.
    ///
    /// Each judge is a qrels file (--qrels NAME=FILE, repeated); the runs (--runs DIR or --run
    /// FILE) are evaluated under each as `eval` does. Against the reference judge (--reference,
    /// default the first): Cohen's kappa and Krippendorff's alpha on the shared documents, the rank
    /// correlations of the run means per measure, the run pairs a randomised Tukey HSD separates
    /// under both, the high/low-agreement topic split and judged@k. The headline comes first
    /// (docs/judges.md).
    Judges(judges::JudgesArgs),
}

/// The most worker threads a command's `--threads` accepts (`reproduce`, `study`, `hsd`).
pub(crate) const MAX_THREADS: u16 = 1024;

pub(crate) use crate::manifest::parameter_rules::MAX_TRIALS;

/// `--root DIR` of the commands that work on a checkout (`reproduce`, `check`, `list`, `show`).
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct RootArg {
    /// Project root holding paper/, data/ and templates/ (default: the current directory).
    #[arg(long = "root", value_name = "DIR")]
    pub(crate) root: Option<PathBuf>,
}

/// The arguments of `list`.
#[derive(Debug, Clone, Args)]
pub(crate) struct ListArgs {
    #[command(flatten)]
    pub(crate) root: RootArg,
}

/// Outcome of a command that completed: success, or a finding that should fail the process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    Success,
    /// `check` found a mismatch in an `exact` cell (exit code 1).
    Failed,
}

/// Runs the command line `args` (the first item is the program name) and returns the exit code.
pub fn main_with_args<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli) {
        Ok(Outcome::Success) => ExitCode::SUCCESS,
        Ok(Outcome::Failed) => ExitCode::from(1),
        Err(e) => {
            stdout::note(&format!("error: {}", error_text(&e)));
            ExitCode::from(2)
        }
    }
}

/// An error and its causes joined by `: `, leaving out a cause whose text the message already holds
/// (an error that shows its cause in its own message, as most of the library's do); every line
/// escaped for the terminal ([`crate::render::escape::escape_terminal`]), so a path or name quoted
/// in it cannot be a control sequence.
pub(crate) fn error_text(e: &anyhow::Error) -> String {
    let text = error_chain(e);
    text.split('\n')
        .map(crate::render::escape::escape_terminal)
        .collect::<Vec<_>>()
        .join("\n")
}

fn error_chain(e: &anyhow::Error) -> String {
    let mut text = e.to_string();
    for cause in e.chain().skip(1) {
        let cause = cause.to_string();
        if !text.contains(&cause) {
            text.push_str(": ");
            text.push_str(&cause);
        }
    }
    text
}

/// Dispatches a parsed command line.
pub(crate) fn run(cli: Cli) -> anyhow::Result<Outcome> {
    let given = cli.root;
    // A command's own `--root` wins over one given before the command name.
    let root = |own: &RootArg| {
        own.root
            .clone()
            .or_else(|| given.clone())
            .unwrap_or_else(|| PathBuf::from("."))
    };
    let without_root = |command: &str| match &given {
        Some(dir) => Err(anyhow::anyhow!(
            "--root {} given, but `{command}` reads no project files (only reproduce, check, list and show take --root); leave --root out",
            dir.display()
        )),
        None => Ok(()),
    };
    match cli.command {
        Command::Reproduce(args) => reproduce::run(&root(&args.root), args),
        Command::List(args) => list::run(&root(&args.root)),
        Command::Show(args) => show::run(&root(&args.root), args),
        Command::Check(args) => check::run(&root(&args.root), args),
        Command::Hsd(args) => without_root("hsd").and_then(|()| hsd::run(args)),
        Command::Eval(args) => without_root("eval").and_then(|()| eval::run(args)),
        Command::Agree(args) => without_root("agree").and_then(|()| agree::run(args)),
        Command::Qrels(args) => without_root("qrels").and_then(|()| qrels::run(args)),
        Command::Study(args) => without_root("study").and_then(|()| study::run(args)),
        Command::Tau(args) => without_root("tau").and_then(|()| tau::run(args)),
        Command::Judges(args) => without_root("judges").and_then(|()| judges::run(args)),
    }
}
