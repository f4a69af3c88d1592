//! `evia-repro hsd`: randomised and classical Tukey HSD on a topic-by-run score matrix.
//!
//! Prints every run pair with its mean difference, randomised p-value (with its Monte Carlo standard
//! error), classical Tukey HSD p-value, effect size ES_HSD and whether it is significant
//! (randomised p < alpha), per tests/fixtures/statistics.md §3–§5. The output depends only on the matrix,
//! B, the seed and alpha — never on the thread count. The text table is laid out here rather than
//! by comfy-table, which pads a column of empty cells and counts display width, not characters, so
//! its output differs (bench/README.md, "Hand-written or a crate"). Run names and the matrix's path
//! are printed with their control and invisible characters as code points (text and TSV; JSON
//! escapes them itself), so a name cannot be a terminal control sequence.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::Context;
use clap::{Args, ValueEnum};

use super::Outcome;
use crate::io::matrix::{RunMatrix, read_matrix};
use crate::model::StreamScope;
use crate::render::escape::escape_terminal;
use evia_engine::significance::randomised_hsd::{HsdResult, randomised_hsd};
use evia_tools::hsd::{HsdOptions, HsdReport, report};

// The seed used when `--seed` is not given, and the unit of the command's random stream (scope
// [`StreamScope::HsdCommand`]).
pub(crate) use evia_tools::hsd::DEFAULT_SEED;
use evia_tools::hsd::STREAM_UNIT;
/// Above this many permuted cells (B × topics × runs), a progress bar is drawn when standard error
/// is a terminal.
const PROGRESS_MIN_CELLS: u64 = 50_000_000;

/// Output format of `evia-repro hsd`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Aligned columns for reading.
    Text,
    /// Tab-separated values with a header line.
    Tsv,
    /// One JSON document.
    Json,
}

/// Randomised Tukey HSD (and the classical Tukey HSD) over every pair of runs of a score matrix.
#[derive(Debug, Clone, Args)]
pub(crate) struct HsdArgs {
    /// TSV matrix: a header `topic<TAB>run1<TAB>run2...`, then one row per topic (topic id, then one
    /// score per run).
    #[arg(long, value_name = "FILE")]
    pub(crate) matrix: PathBuf,
    /// Number of randomisation trials B, 1 to 1,000,000 (the papers use 5000 and 10000).
    #[arg(long, value_name = "B", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(1..=u64::from(super::MAX_TRIALS)))]
    pub(crate) trials: u64,
    /// Global seed of the random stream (same seed, same output).
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED)]
    pub(crate) seed: u64,
    /// Significance level: a pair is significant when its randomised p < alpha.
    #[arg(long, value_name = "A", default_value_t = 0.05)]
    pub(crate) alpha: f64,
    /// Worker threads (default: all cores; 1 to 1024). The output does not depend on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=i64::from(super::MAX_THREADS)))]
    pub(crate) threads: Option<u16>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub(crate) format: Format,
}

/// Runs `evia-repro hsd`.
pub(crate) fn run(args: HsdArgs) -> anyhow::Result<Outcome> {
    if !(args.alpha > 0.0 && args.alpha < 1.0) {
        anyhow::bail!(
            "--alpha must be between 0 and 1 (exclusive), got {}",
            args.alpha
        );
    }
    let threads = match args.threads {
        Some(n) => usize::from(n),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let matrix = read_matrix(&args.matrix)?;
    let result = run_with_progress(&matrix, &args, threads)?;
    let options = HsdOptions {
        trials: args.trials,
        seed: args.seed,
        alpha: args.alpha,
        threads,
    };
    let report = report(
        &matrix,
        &args.matrix.display().to_string(),
        options,
        &result,
    )?;
    let text = match args.format {
        Format::Text => render_text(&report),
        Format::Tsv => render_tsv(&report),
        Format::Json => {
            crate::render::escape::json_pretty(&report).context("serialising the report")?
        }
    };
    crate::cli::stdout::print(&text)?;
    Ok(Outcome::Success)
}

/// Runs the randomised HSD, drawing a progress bar on standard error when the work is long and
/// standard error is a terminal.
fn run_with_progress(
    matrix: &RunMatrix,
    args: &HsdArgs,
    threads: usize,
) -> anyhow::Result<HsdResult> {
    let spec = StreamScope::HsdCommand.spec(args.seed, STREAM_UNIT);
    let cells = args
        .trials
        .saturating_mul(matrix.scores.values().len() as u64);
    let show = cells >= PROGRESS_MIN_CELLS && std::io::stderr().is_terminal();
    let progress = AtomicU64::new(0);
    let result = std::thread::scope(|scope| {
        let worker = scope
            .spawn(|| randomised_hsd(&matrix.scores, args.trials, spec, threads, Some(&progress)));
        if show {
            let mut stderr = std::io::stderr();
            while !worker.is_finished() {
                let done = progress.load(Ordering::Relaxed);
                let filled = (40 * done / args.trials) as usize;
                let _ = write!(
                    stderr,
                    "\rrandomised HSD [{}{}] {done}/{} trials",
                    "#".repeat(filled),
                    " ".repeat(40 - filled),
                    args.trials
                );
                let _ = stderr.flush();
                std::thread::sleep(Duration::from_millis(100));
            }
            let _ = write!(stderr, "\r{}\r", " ".repeat(80));
            let _ = stderr.flush();
        }
        match worker.join() {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    });
    Ok(result?)
}

fn opt(v: Option<f64>, decimals: usize) -> String {
    v.map_or_else(|| "NA".to_string(), |v| format!("{v:.decimals$}"))
}

fn render_tsv(r: &HsdReport) -> String {
    let mut out = String::from(
        "run_a\trun_b\tmean_a\tmean_b\tdiff\tabs_diff\tp_randomised\tp_randomised_se\tp_classical\tes_hsd\tsignificant\n",
    );
    for p in &r.pairs {
        let _ = writeln!(
            out,
            "{}\t{}\t{:.6}\t{:.6}\t{:.6}\t{:.6}\t{:.6}\t{:.6}\t{}\t{}\t{}",
            escape_terminal(&p.run_a),
            escape_terminal(&p.run_b),
            p.mean_a,
            p.mean_b,
            p.diff,
            p.abs_diff,
            p.p_randomised,
            p.p_randomised_se,
            opt(p.p_classical, 6),
            opt(p.es_hsd, 6),
            p.significant
        );
    }
    out
}

fn render_text(r: &HsdReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Randomised Tukey HSD on {} ({} topics × {} runs): B = {} trials, seed {}, alpha {}",
        escape_terminal(&r.matrix),
        r.topics,
        r.runs.len(),
        r.trials,
        r.seed,
        r.alpha
    );
    let _ = writeln!(
        out,
        "Two-way ANOVA without replication: SS_E = {:.6}, df = {}, V_E = {:.6}; classical p from the studentized range with m = {}, df = {}",
        r.ss_residual,
        r.df_residual,
        r.v_e,
        r.runs.len(),
        r.df_residual
    );
    let _ = writeln!(
        out,
        "Significant (randomised p < {}): {} of {} pairs\n",
        r.alpha,
        r.significant_pairs,
        r.pairs.len()
    );
    let headers = [
        "run A",
        "run B",
        "mean A",
        "mean B",
        "|d|",
        "p rand",
        "± se",
        "p classic",
        "ES_HSD",
        "sig",
    ];
    let rows: Vec<[String; 10]> = r
        .pairs
        .iter()
        .map(|p| {
            [
                escape_terminal(&p.run_a),
                escape_terminal(&p.run_b),
                format!("{:.4}", p.mean_a),
                format!("{:.4}", p.mean_b),
                format!("{:.4}", p.abs_diff),
                format!("{:.4}", p.p_randomised),
                format!("{:.4}", p.p_randomised_se),
                opt(p.p_classical, 4),
                opt(p.es_hsd, 4),
                if p.significant { "*" } else { "" }.to_string(),
            ]
        })
        .collect();
    let mut widths: Vec<usize> = headers.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let mut s = String::new();
        for (k, (cell, &w)) in cells.iter().zip(&widths).enumerate() {
            let pad = w - cell.chars().count();
            if k < 2 {
                // Run names left-aligned, numbers right-aligned.
                s.push_str(cell);
                s.push_str(&" ".repeat(pad));
            } else {
                s.push_str(&" ".repeat(pad));
                s.push_str(cell);
            }
            if k + 1 < cells.len() {
                s.push_str("  ");
            }
        }
        s.trim_end().to_string()
    };
    let header: Vec<String> = headers.iter().map(|h| h.to_string()).collect();
    let _ = writeln!(out, "{}", line(&header));
    for row in &rows {
        let _ = writeln!(out, "{}", line(row));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_draws_from_the_stream_the_library_names() {
        let spec = StreamScope::HsdCommand.spec(7, STREAM_UNIT);
        assert_eq!(spec, evia_tools::hsd::stream(7));
    }
}
