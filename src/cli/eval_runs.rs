//! `eval` over many runs (`--run` repeated, or `--runs DIR`): one run-by-measure table of means,
//! or with `--matrix MEASURE` the topic-by-run matrix `hsd --matrix` reads. The runs are evaluated
//! by `evaluate_runs::evaluate_runs` (each exactly as `eval` evaluates it alone); this module only
//! prints.
//!
//! Formats: `nev` (the default) prints an aligned text table with 4 decimals, as NTCIREVAL prints
//! values; `tsv` and `json` print each mean rounded to 15 significant digits. A mean averages over
//! the topics where the measure is defined (as the single-run `mean` row does). The matrix holds
//! every evaluable topic of the judgements, in sorted order, one column per run, values rounded to
//! 15 significant digits; a value undefined for a topic (0/0, or bpref without a judged
//! nonrelevant document) is an error, since `hsd` needs a score in every cell.

use std::io::Write;

use anyhow::{Context, bail};
use serde_json::{Map, Value, json};

use super::eval_args::{EvalArgs, OutputFormat, run_reading};
use super::eval_output::{means, name_list, row};
use super::rounding::push_without_noise;
use crate::evaluate_runs::{RunEvaluation, evaluate_runs, run_name_of};
use crate::io::qrels::TopicSet;
use crate::io::run_dir::{RunFile, RunNaming, run_files};
use crate::render::escape::escape_terminal;
use evia_engine::measures::Evaluator;
use evia_engine::measures::lines::LineName;

/// The runs given: the files of `--runs DIR`, or each `--run` named after its file.
fn inputs(args: &EvalArgs) -> anyhow::Result<Vec<RunFile>> {
    if let Some(dir) = &args.runs_dir {
        let files = run_files(dir, RunNaming::WithoutGz, "one run per file")?;
        if files.is_empty() {
            bail!("{}: the runs directory holds no run file", dir.display());
        }
        return Ok(files);
    }
    Ok(args
        .run_files
        .iter()
        .map(|path| RunFile {
            name: run_name_of(path),
            path: path.clone(),
        })
        .collect())
}

/// Evaluates every run and prints the table of means (`columns`: the output's names and lines)
/// or, with `matrix` (its name as given and its line), the topic-by-run matrix.
pub(super) fn run(
    args: &EvalArgs,
    evaluators: [&Evaluator; 2],
    topics: &TopicSet,
    columns: (&[String], &[LineName]),
    matrix: Option<(&str, LineName)>,
) -> anyhow::Result<()> {
    let files = inputs(args)?;
    let (format, order) = run_reading(args);
    let runs = evaluate_runs(
        &files,
        &args.list_rules(),
        format,
        order,
        evaluators,
        topics,
    )?;
    warn(&runs, topics);
    let mut text = String::new();
    match matrix {
        Some((name, line)) => write_matrix(&mut text, &runs, topics, name, line)?,
        None => {
            let (names, keys) = columns;
            let table: Vec<Vec<Option<f64>>> = runs
                .iter()
                .map(|r| {
                    let rows: Vec<_> = r.topics.iter().map(|t| row(keys, &t.ev)).collect();
                    means(&rows, keys.len())
                })
                .collect();
            match args.format {
                OutputFormat::Nev => write_text(&mut text, &runs, names, &table),
                OutputFormat::Tsv => write_tsv(&mut text, &runs, names, &table),
                OutputFormat::Json => write_json(&mut text, &runs, names, &table, topics)?,
            }
        }
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .context("writing the output")?;
    Ok(())
}

/// One warning per run with topics that are not judged or judged topics it has no line for, and
/// one for judged topics without a relevant document.
fn warn(runs: &[RunEvaluation], topics: &TopicSet) {
    for r in runs {
        if !r.unjudged_topics.is_empty() {
            crate::cli::stdout::note(&format!(
                "warning: run {}: {} run topic(s) are not in the relevance judgements and are skipped: {}",
                escape_terminal(&r.name),
                r.unjudged_topics.len(),
                name_list(r.unjudged_topics.iter().map(String::as_str))
            ));
        }
        if !r.missing_topics.is_empty() {
            crate::cli::stdout::note(&format!(
                "warning: run {}: {} judged topic(s) have no line in {}, so they score 0 and count in the means: {}",
                escape_terminal(&r.name),
                r.missing_topics.len(),
                r.path.display(),
                name_list(r.missing_topics.iter().map(String::as_str))
            ));
        }
    }
    if !topics.without_relevant.is_empty() {
        crate::cli::stdout::note(&format!(
            "warning: {} topic(s) have no relevant document in the judgements and are skipped: {}",
            topics.without_relevant.len(),
            name_list(topics.without_relevant.iter().map(String::as_str))
        ));
    }
}

/// An aligned text table, one row per run, means with 4 decimals (`NA`: undefined everywhere).
fn write_text(
    out: &mut String,
    runs: &[RunEvaluation],
    names: &[String],
    table: &[Vec<Option<f64>>],
) {
    let run_names: Vec<String> = runs.iter().map(|r| escape_terminal(&r.name)).collect();
    let first = run_names
        .iter()
        .map(|n| n.chars().count())
        .chain([3])
        .max()
        .unwrap_or(3);
    let widths: Vec<usize> = names.iter().map(|n| n.chars().count().max(6)).collect();
    out.push_str(&format!("{:<first$}", "run"));
    for (n, w) in names.iter().zip(&widths) {
        out.push_str(&format!("  {n:>w$}"));
    }
    out.push('\n');
    for (name, values) in run_names.iter().zip(table) {
        out.push_str(&format!("{name:<first$}"));
        for (v, w) in values.iter().zip(&widths) {
            let cell = v.map_or_else(|| "NA".to_string(), |v| format!("{v:.4}"));
            out.push_str(&format!("  {cell:>w$}"));
        }
        out.push('\n');
    }
}

fn write_tsv(
    out: &mut String,
    runs: &[RunEvaluation],
    names: &[String],
    table: &[Vec<Option<f64>>],
) {
    out.push_str("run");
    for n in names {
        out.push('\t');
        out.push_str(n);
    }
    out.push('\n');
    for (r, values) in runs.iter().zip(table) {
        out.push_str(&escape_terminal(&r.name));
        for v in values {
            out.push('\t');
            match v {
                Some(v) => {
                    push_without_noise(out, *v);
                }
                None => out.push_str("NA"),
            }
        }
        out.push('\n');
    }
}

fn write_json(
    out: &mut String,
    runs: &[RunEvaluation],
    names: &[String],
    table: &[Vec<Option<f64>>],
    topics: &TopicSet,
) -> anyhow::Result<()> {
    let rows: Vec<Value> = runs
        .iter()
        .zip(table)
        .map(|(r, values)| {
            let mean: Map<String, Value> = names
                .iter()
                .zip(values)
                .filter_map(|(n, v)| v.map(|v| (n.clone(), json!(v))))
                .collect();
            json!({
                "run": r.name,
                "file": r.path.display().to_string(),
                "mean": mean,
                "unjudged_topics": r.unjudged_topics,
                "missing_topics": r.missing_topics,
            })
        })
        .collect();
    let doc = json!({
        "measures": names,
        "topics": topics.topics.keys().collect::<Vec<_>>(),
        "runs": rows,
        "skipped_topics_without_relevant": topics.without_relevant,
    });
    out.push_str(&serde_json::to_string_pretty(&doc)?);
    out.push('\n');
    Ok(())
}

/// The topic-by-run matrix of one measure (`name` as given), as `hsd --matrix` reads it.
fn write_matrix(
    out: &mut String,
    runs: &[RunEvaluation],
    topics: &TopicSet,
    name: &str,
    line: LineName,
) -> anyhow::Result<()> {
    out.push_str("topic");
    for r in runs {
        out.push('\t');
        out.push_str(&escape_terminal(&r.name));
    }
    out.push('\n');
    let keys = [line];
    for (i, topic) in topics.topics.keys().enumerate() {
        out.push_str(&escape_terminal(topic));
        for r in runs {
            let Some(v) = row(&keys, &r.topics[i].ev)[0] else {
                bail!(
                    "--matrix {name}: the measure is undefined for topic {} of run {} (0/0, or bpref without a judged nonrelevant document), and hsd needs a score in every cell",
                    escape_terminal(topic),
                    escape_terminal(&r.name)
                );
            };
            out.push('\t');
            push_without_noise(out, v);
        }
        out.push('\n');
    }
    Ok(())
}
