//! The command-line edge: argument parsing (clap), error reporting (anyhow) and exit codes.
//!
//! Exit codes: 0 success; 1 `check` found a mismatching `exact` cell (or `--strict` failed);
//! 2 bad input or usage (the message names the file, line and what was expected).

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub mod eval;

/// Rebuild every table and figure of two EVIA 2017 papers by Tetsuya Sakai, and check each
/// published number against a recomputation.
///
/// Paper A: "Unanimity-Aware Gain for Highly Subjective Assessments".
/// Paper B: "The Effect of Inter-Assessor Disagreement on IR System Evaluation: A Case Study with
/// Lancers and Students".
#[derive(Debug, Parser)]
#[command(name = "evia-repro", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Evaluate a run with NTCIREVAL-compatible measures (nev, tsv or json output).
    Eval(eval::EvalArgs),
}

/// Outcome of a command that completed: success, or a finding that should fail the process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
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
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Dispatches a parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<Outcome> {
    match cli.command {
        Command::Eval(args) => eval::run(args),
    }
}
