//! `evia-repro tau`: the rank correlations between two score tables (the same runs scored twice,
//! e.g. under two judges' qrels, or on two topic sets): Kendall's tau-b with its 95% interval,
//! tau_AP, tau_AP_b, top-k tau, rank-biased overlap and Spearman's rho, per measure the two tables
//! share ([`crate::judges::ranking`] computes, this file prints).

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Context as _;
use clap::{Args, ValueEnum};
use serde::Serialize;

use super::Outcome;
use crate::io::score_table::{ScoreTable, read_score_table};
use crate::judges::ranking::{RankingAgreement, RankingOptions, Tau, Value, ranking_agreement};
use crate::render::escape::escape_terminal;
use evia_engine::ranking::rbo::DEFAULT_PERSISTENCE;

/// Output format of `evia-repro tau`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Aligned lines for reading.
    Text,
    /// One JSON document.
    Json,
}

/// Rank correlations between two score tables.
#[derive(Debug, Clone, Args)]
pub(crate) struct TauArgs {
    /// The reference scores: `run score` lines, a `run<TAB>M1<TAB>M2…` table, or a
    /// `topic<TAB>run1…` matrix (its run means are compared).
    #[arg(value_name = "REFERENCE")]
    pub(crate) reference: PathBuf,
    /// The compared scores, in any of the same layouts.
    #[arg(value_name = "COMPARED")]
    pub(crate) compared: PathBuf,
    /// Compare only these measures (columns), comma-separated (default: every measure both tables
    /// have; a single-score table's measure matches any).
    #[arg(long, value_name = "M,...", value_delimiter = ',')]
    pub(crate) measure: Vec<String>,
    /// k of top-k tau: Kendall's tau-b among the reference's k best runs (and those tied with the
    /// k-th); at least 3.
    #[arg(long, value_name = "K", default_value_t = 10)]
    pub(crate) top_k: usize,
    /// Persistence p of rank-biased overlap (RBO_ext), 0 < p < 1.
    #[arg(long, value_name = "P", default_value_t = DEFAULT_PERSISTENCE)]
    pub(crate) rbo_p: f64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub(crate) format: Format,
}

/// One measure's comparison.
#[derive(Debug, Clone, Serialize)]
struct MeasureRow {
    measure: String,
    #[serde(flatten)]
    agreement: RankingAgreement,
}

/// The JSON document.
#[derive(Debug, Clone, Serialize)]
struct Report {
    reference: String,
    compared: String,
    top_k: usize,
    rbo_p: f64,
    runs: usize,
    only_reference: Vec<String>,
    only_compared: Vec<String>,
    measures: Vec<MeasureRow>,
}

/// The measures to compare: (name, reference column, compared column).
fn measure_pairs(
    args: &TauArgs,
    reference: &ScoreTable,
    compared: &ScoreTable,
) -> anyhow::Result<Vec<(String, usize, usize)>> {
    let single = |t: &ScoreTable| t.measures.len() == 1;
    let find = |t: &ScoreTable, name: &str| -> Option<usize> {
        t.measures
            .iter()
            .position(|m| m == name)
            .or_else(|| single(t).then_some(0))
    };
    let names: Vec<String> = if !args.measure.is_empty() {
        args.measure.clone()
    } else if single(reference) && single(compared) {
        vec![reference.measures[0].clone()]
    } else {
        let base = if single(reference) {
            compared
        } else {
            reference
        };
        base.measures
            .iter()
            .filter(|m| find(reference, m).is_some() && find(compared, m).is_some())
            .cloned()
            .collect()
    };
    if names.is_empty() {
        anyhow::bail!(
            "the two tables share no measure ({} has {}; {} has {})",
            args.reference.display(),
            reference.measures.join(", "),
            args.compared.display(),
            compared.measures.join(", ")
        );
    }
    names
        .into_iter()
        .map(|name| {
            let r = find(reference, &name)
                .with_context(|| format!("{} has no measure `{name}`", args.reference.display()))?;
            let c = find(compared, &name)
                .with_context(|| format!("{} has no measure `{name}`", args.compared.display()))?;
            Ok((name, r, c))
        })
        .collect()
}

/// Runs `evia-repro tau`.
pub(crate) fn run(args: TauArgs) -> anyhow::Result<Outcome> {
    if args.top_k < 3 {
        anyhow::bail!("--top-k must be at least 3, got {}", args.top_k);
    }
    if !(args.rbo_p > 0.0 && args.rbo_p < 1.0) {
        anyhow::bail!(
            "--rbo-p must be between 0 and 1 (exclusive), got {}",
            args.rbo_p
        );
    }
    let reference = read_score_table(&args.reference)?;
    let compared = read_score_table(&args.compared)?;
    let pairs = measure_pairs(&args, &reference, &compared)?;
    let compared_at: HashMap<&str, usize> = compared
        .runs
        .iter()
        .enumerate()
        .map(|(j, run)| (run.as_str(), j))
        .collect();
    let shared: Vec<(usize, usize)> = reference
        .runs
        .iter()
        .enumerate()
        .filter_map(|(i, run)| compared_at.get(run.as_str()).map(|&j| (i, j)))
        .collect();
    if shared.len() < 3 {
        anyhow::bail!(
            "{} and {} share {} run(s); rank correlations need at least 3",
            args.reference.display(),
            args.compared.display(),
            shared.len()
        );
    }
    let runs: Vec<String> = shared
        .iter()
        .map(|&(i, _)| reference.runs[i].clone())
        .collect();
    let absent = |t: &ScoreTable, other: &ScoreTable| -> Vec<String> {
        let present: HashSet<&str> = other.runs.iter().map(String::as_str).collect();
        t.runs
            .iter()
            .filter(|r| !present.contains(r.as_str()))
            .cloned()
            .collect()
    };
    let options = RankingOptions {
        top_k: args.top_k,
        rbo_p: args.rbo_p,
    };
    let measures = pairs
        .into_iter()
        .map(|(measure, r, c)| {
            let x: Vec<f64> = shared
                .iter()
                .map(|&(i, _)| reference.scores[i][r])
                .collect();
            let y: Vec<f64> = shared.iter().map(|&(_, j)| compared.scores[j][c]).collect();
            MeasureRow {
                measure,
                agreement: ranking_agreement(&runs, &x, &y, options),
            }
        })
        .collect();
    let report = Report {
        reference: args.reference.display().to_string(),
        compared: args.compared.display().to_string(),
        top_k: args.top_k,
        rbo_p: args.rbo_p,
        runs: runs.len(),
        only_reference: absent(&reference, &compared),
        only_compared: absent(&compared, &reference),
        measures,
    };
    let text = match args.format {
        Format::Text => render_text(&report),
        Format::Json => {
            crate::render::escape::json_pretty(&report).context("serialising the report")?
        }
    };
    crate::cli::stdout::print(&text)?;
    Ok(Outcome::Success)
}

fn value(v: &Value) -> String {
    match (v.value, &v.undefined) {
        (Some(x), _) => format!("{x:.4}"),
        (None, Some(why)) => format!("undefined ({why})"),
        (None, None) => "undefined".to_string(),
    }
}

fn tau(t: &Tau) -> String {
    match (t.value, t.ci, &t.undefined) {
        (Some(v), Some([lo, hi]), _) => format!("{v:.4} [{lo:.4}, {hi:.4}]"),
        (_, _, Some(why)) => format!("undefined ({why})"),
        _ => "undefined".to_string(),
    }
}

/// The report as text for the terminal: every path and name escaped ([`escape_terminal`]).
fn render_text(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} runs in both tables (reference {}, compared {})",
        report.runs,
        escape_terminal(&report.reference),
        escape_terminal(&report.compared)
    );
    for (what, list) in [
        ("only in the reference", &report.only_reference),
        ("only in the compared table", &report.only_compared),
    ] {
        if !list.is_empty() {
            let _ = writeln!(
                out,
                "{} run(s) {what}, left out: {}",
                list.len(),
                list.iter()
                    .map(|r| escape_terminal(r))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
    }
    for m in &report.measures {
        let a = &m.agreement;
        let _ = writeln!(out, "\n{}", escape_terminal(&m.measure));
        let top_k = format!("top-{} tau ({} runs)", report.top_k, a.top_k_tau.runs);
        let rbo = format!("RBO_ext (p = {})", report.rbo_p);
        let rows = [
            ("Kendall's tau-b [95% CI]", tau(&a.kendall_tau_b)),
            ("tau_AP", value(&a.tau_ap)),
            ("tau_AP_b", value(&a.tau_ap_b)),
            (top_k.as_str(), tau(&a.top_k_tau)),
            (rbo.as_str(), value(&a.rbo)),
            ("Spearman's rho", value(&a.spearman)),
            (
                "same top run",
                if a.same_top_run { "yes" } else { "no" }.to_string(),
            ),
        ];
        for (label, v) in rows {
            let _ = writeln!(out, "  {label:<28} {v}");
        }
        if let Some(c) = &a.largest_rank_change {
            let _ = writeln!(
                out,
                "  {:<28} {} (rank {} → {})",
                "largest rank change",
                escape_terminal(&c.run),
                c.reference_rank,
                c.compared_rank
            );
        }
    }
    out
}
