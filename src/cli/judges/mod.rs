//! `evia-repro judges`: a meta-evaluation of relevance judges (human, crowd or LLM) against a
//! reference judge — label agreement, ranking agreement and significance agreement per measure,
//! the topic split, coverage — with the headline first (docs/judges.md). This module parses the
//! arguments and prints; `crate::judges::analysis` computes.

mod evaluate;
mod figures;
mod headline;
mod out;
mod render;
mod tables;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use anyhow::{Context as _, bail};
use clap::{Args, ValueEnum};

use super::Outcome;
use super::hsd::DEFAULT_SEED;
use super::label_input::LabelInput;
use crate::io::output_place::refuse_overlap;
use crate::io::qrels::{QrelsFormat, parse_gain_file, parse_level_qrels};
use crate::io::read_text;
use crate::io::run_dir::{RunNaming, run_files};
use crate::judges::analysis::{JudgesInput, JudgesOptions, analyse};
use crate::judges::judge_labels::JudgeLabels;
use crate::judges::label_agreement::LabelOptions;
use crate::judges::ranking::RankingOptions;
use crate::judges::significance::SignificanceOptions;
use crate::judges::subsets::SplitRule;
use evaluate::{JudgeFile, JudgeKind, RunInput, evaluate_all};
use evia_engine::agreement::StandardError;
use evia_engine::measures::Relevance;
use evia_engine::ranking::rbo::DEFAULT_PERSISTENCE;
use render::{TextFormat, render};

/// Output format of `evia-repro judges`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Aligned columns for reading.
    Text,
    /// Markdown.
    Md,
    /// LaTeX tables (booktabs, graphicx).
    Tex,
    /// One JSON document (the contract of docs/judges.md).
    Json,
}

/// The judges analysis.
#[derive(Debug, Clone, Args)]
pub(crate) struct JudgesArgs {
    /// A judge as NAME=FILE: its qrels (TREC or NTCIR format with levels, or a direct-gain file
    /// `topic doc gain` with real-valued gains as `eval --gain-file` reads; gzip allowed); repeat
    /// for each judge (at least two).
    #[arg(
        long = "qrels",
        value_name = "NAME=FILE",
        required_unless_present = "labels",
        conflicts_with = "labels"
    )]
    pub(crate) qrels: Vec<String>,
    /// Per-assessor labels as `agree` reads them, each assessor a judge (in place of --qrels).
    #[command(flatten)]
    pub(crate) labels: Option<LabelInput>,
    /// A directory of run files (TREC format, gzip allowed), each run named by its file name
    /// without `.gz`.
    #[arg(long, value_name = "DIR", conflicts_with = "run")]
    pub(crate) runs: Option<PathBuf>,
    /// A run file (TREC format, gzip allowed), named by its file name; repeat for each run.
    #[arg(long = "run", value_name = "FILE")]
    pub(crate) run: Vec<PathBuf>,
    /// The reference judge (default: the first --qrels).
    #[arg(long, value_name = "NAME")]
    pub(crate) reference: Option<String>,
    /// Measures, comma-separated, as `eval --measures` names them.
    #[arg(
        long,
        value_name = "M,...",
        value_delimiter = ',',
        default_value = "nDCG@10,AP,P@10"
    )]
    pub(crate) measures: Vec<String>,
    /// Binary kappa counts a document relevant from this label up.
    #[arg(long, value_name = "L", default_value_t = 1)]
    pub(crate) relevant_from: i64,
    /// Runs to leave out of every ranking and test, comma-separated (e.g. a judge's own family).
    #[arg(long, value_name = "RUN,...", value_delimiter = ',')]
    pub(crate) exclude_runs: Vec<String>,
    /// The high/low-agreement topic split: `paper-b` (every pair's per-topic kappa significantly
    /// positive), `median`, or `kappa:T` (every pair's per-topic kappa at least T).
    #[arg(long, value_name = "RULE", default_value = "paper-b")]
    pub(crate) split: String,
    /// Randomised Tukey HSD trials B per test.
    #[arg(long, value_name = "B", default_value_t = 5000,
          value_parser = clap::value_parser!(u64).range(1..=u64::from(super::MAX_TRIALS)))]
    pub(crate) trials: u64,
    /// Seed of the random streams (same seed, same output).
    #[arg(long, value_name = "S", default_value_t = DEFAULT_SEED)]
    pub(crate) seed: u64,
    /// Significance level of the HSD.
    #[arg(long, value_name = "A", default_value_t = 0.05)]
    pub(crate) alpha: f64,
    /// k of top-k tau (at least 3).
    #[arg(long, value_name = "K", default_value_t = 10)]
    pub(crate) top_k: usize,
    /// Persistence p of rank-biased overlap, 0 < p < 1.
    #[arg(long, value_name = "P", default_value_t = DEFAULT_PERSISTENCE)]
    pub(crate) rbo_p: f64,
    /// k of judged@k (coverage).
    #[arg(long, value_name = "K", default_value_t = 10)]
    pub(crate) judged_at: usize,
    /// Worker threads of the HSD (default: all cores). The output does not depend on it.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=i64::from(super::MAX_THREADS)))]
    pub(crate) threads: Option<u16>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub(crate) format: Format,
    /// Also write the report (report.md, report.tex), judges.json and the figures (figures/*.svg)
    /// into DIR: a new or empty directory, or an earlier `judges` output.
    #[arg(long, value_name = "DIR")]
    pub(crate) out: Option<PathBuf>,
}

fn split_rule(text: &str) -> anyhow::Result<SplitRule> {
    match text {
        "paper-b" => Ok(SplitRule::PaperB),
        "median" => Ok(SplitRule::Median),
        _ => match text.strip_prefix("kappa:").map(str::parse::<f64>) {
            Some(Ok(threshold)) if (-1.0..=1.0).contains(&threshold) => {
                Ok(SplitRule::KappaAtLeast { threshold })
            }
            _ => {
                bail!("--split: `{text}` is not a rule: paper-b, median or kappa:T with -1 ≤ T ≤ 1")
            }
        },
    }
}

fn judge_files(specs: &[String]) -> anyhow::Result<Vec<JudgeFile>> {
    let mut out: Vec<JudgeFile> = Vec::with_capacity(specs.len());
    for spec in specs {
        let Some((name, path)) = spec
            .split_once('=')
            .filter(|(n, p)| !n.is_empty() && !p.is_empty())
        else {
            bail!("--qrels: `{spec}` is not NAME=FILE");
        };
        if out.iter().any(|j| j.name == name) {
            bail!("--qrels: two judges are named `{name}`");
        }
        out.push(JudgeFile {
            name: name.to_string(),
            path: PathBuf::from(path),
            kind: JudgeKind::Levels,
        });
    }
    if out.len() < 2 {
        bail!(
            "--qrels: a judges analysis needs at least two judges, got {}",
            out.len()
        );
    }
    Ok(out)
}

/// A judge's labels as its file gives them: qrels with levels (a TREC level below 0, listed but
/// unjudged, is not a label), or else a direct-gain file (`topic doc gain`, real values), whose
/// kind is then recorded in `judge`. A file that is neither gets the level reader's error, with the
/// gain reader's.
fn judge_labels(judge: &mut JudgeFile) -> anyhow::Result<JudgeLabels> {
    let text = read_text(&judge.path)?;
    let mut topics: BTreeMap<String, BTreeMap<String, f64>> = BTreeMap::new();
    match parse_level_qrels(&judge.path, &text, QrelsFormat::Auto) {
        Ok(q) => {
            for (topic, judged) in &q.topics {
                let docs = topics.entry((*topic).to_string()).or_default();
                for j in judged {
                    if let Relevance::Level(level) = j.value {
                        docs.insert(j.doc.to_string(), f64::from(level));
                    }
                }
            }
        }
        Err(levels) => {
            let q = parse_gain_file(&judge.path, &text).map_err(|gains| {
                anyhow::anyhow!(
                    "judge {}: {levels}; read as a direct-gain file `topic doc gain`: {gains}",
                    judge.name
                )
            })?;
            judge.kind = JudgeKind::Gains;
            for (topic, judged) in &q.topics {
                let docs = topics.entry((*topic).to_string()).or_default();
                for j in judged {
                    docs.insert(j.doc.to_string(), j.value);
                }
            }
        }
    }
    Ok(JudgeLabels {
        name: judge.name.clone(),
        topics,
    })
}

/// Every assessor of a label file as a judge, each label its value on the file's scale.
fn label_file_judges(input: &LabelInput) -> anyhow::Result<(Vec<JudgeFile>, Vec<JudgeLabels>)> {
    let read = input.read()?;
    if read.assessors.len() < 2 {
        bail!(
            "--labels: {} names {} assessor(s); a judges analysis needs at least two",
            input.labels.display(),
            read.assessors.len()
        );
    }
    let mut labels: Vec<JudgeLabels> = read
        .assessors
        .iter()
        .map(|name| JudgeLabels {
            name: name.clone(),
            topics: BTreeMap::new(),
        })
        .collect();
    for item in &read.items {
        for &(assessor, level) in &item.labels {
            let value = f64::from(read.scale.label(usize::from(level)));
            labels[assessor]
                .topics
                .entry(item.topic.clone())
                .or_default()
                .insert(item.doc.clone(), value);
        }
    }
    let files = read
        .assessors
        .iter()
        .map(|name| JudgeFile {
            name: name.clone(),
            path: input.labels.clone(),
            kind: JudgeKind::Labels,
        })
        .collect();
    Ok((files, labels))
}

fn run_inputs(args: &JudgesArgs) -> anyhow::Result<Vec<RunInput>> {
    if let Some(dir) = &args.runs {
        return Ok(
            run_files(dir, RunNaming::WithoutGz, "one TREC run per file")?
                .into_iter()
                .map(|f| RunInput {
                    name: f.name,
                    path: f.path,
                })
                .collect(),
        );
    }
    let mut out: Vec<RunInput> = Vec::with_capacity(args.run.len());
    for path in &args.run {
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            bail!(
                "--run: {} has no UTF-8 file name to name the run",
                path.display()
            );
        };
        let name = name.strip_suffix(".gz").unwrap_or(name).to_string();
        if out.iter().any(|r| r.name == name) {
            bail!("--run: two files give the run name `{name}`");
        }
        out.push(RunInput {
            name,
            path: path.clone(),
        });
    }
    Ok(out)
}

/// Runs `evia-repro judges`.
pub(crate) fn run(args: JudgesArgs) -> anyhow::Result<Outcome> {
    if !(args.alpha > 0.0 && args.alpha < 1.0) {
        bail!(
            "--alpha must be between 0 and 1 (exclusive), got {}",
            args.alpha
        );
    }
    if !(args.rbo_p > 0.0 && args.rbo_p < 1.0) {
        bail!(
            "--rbo-p must be between 0 and 1 (exclusive), got {}",
            args.rbo_p
        );
    }
    if args.top_k < 3 {
        bail!("--top-k must be at least 3, got {}", args.top_k);
    }
    if args.judged_at == 0 {
        bail!("--judged-at must be at least 1");
    }
    let split = split_rule(&args.split)?;
    let (mut judges, from_labels) = match &args.labels {
        Some(input) => {
            let (files, labels) = label_file_judges(input)?;
            (files, Some(labels))
        }
        None => (judge_files(&args.qrels)?, None),
    };
    let reference = match &args.reference {
        None => 0,
        Some(name) => judges
            .iter()
            .position(|j| &j.name == name)
            .with_context(|| {
                if args.labels.is_some() {
                    format!("--reference: no assessor of --labels is named `{name}`")
                } else {
                    format!(
                        "--reference: no judge is named `{name}` (give it with --qrels {name}=FILE)"
                    )
                }
            })?,
    };
    let runs = run_inputs(&args)?;
    let names: BTreeSet<&str> = runs.iter().map(|r| r.name.as_str()).collect();
    if let Some(unknown) = args
        .exclude_runs
        .iter()
        .find(|r| !names.contains(r.as_str()))
    {
        bail!("--exclude-runs: no run is named `{unknown}`");
    }
    if let Some(dir) = &args.out {
        let mut inputs: Vec<(&'static str, &std::path::Path)> = judges
            .iter()
            .map(|j| match j.kind {
                JudgeKind::Labels => ("--labels", j.path.as_path()),
                JudgeKind::Levels | JudgeKind::Gains => ("--qrels", j.path.as_path()),
            })
            .collect();
        inputs.extend(runs.iter().map(|r| ("--run", r.path.as_path())));
        if let Some(d) = &args.runs {
            inputs.push(("--runs", d.as_path()));
        }
        refuse_overlap("--out", dir, &inputs)?;
    }
    let labels: Vec<JudgeLabels> = match from_labels {
        Some(labels) => labels,
        None => judges
            .iter_mut()
            .map(judge_labels)
            .collect::<anyhow::Result<_>>()?,
    };
    if let Some(input) = &args.labels
        && !runs.is_empty()
        && input.scale.min() < 0
    {
        bail!(
            "--labels: runs are evaluated with each label as its gain, and the scale {}..{} has negative labels: give runs only with a scale from 0 (--scale 0..MAX)",
            input.scale.min(),
            input.scale.max()
        );
    }
    // Without runs there is nothing to rank: the analysis is the label agreement alone.
    let evaluations = if runs.is_empty() {
        evaluate::Evaluations::default()
    } else {
        evaluate_all(&judges, &labels, &runs, &args.measures)?
    };
    let run_names: Vec<String> = runs.iter().map(|r| r.name.clone()).collect();
    let threads = match args.threads {
        Some(n) => usize::from(n),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let options = JudgesOptions {
        labels: LabelOptions {
            se: StandardError::CohenSimple,
            relevant_from: args.relevant_from as f64,
            min_topic_documents: 2,
        },
        ranking: RankingOptions {
            top_k: args.top_k,
            rbo_p: args.rbo_p,
        },
        significance: SignificanceOptions {
            trials: args.trials,
            seed: args.seed,
            alpha: args.alpha,
            threads,
        },
        split,
        judged_at: args.judged_at,
        exclude_runs: args.exclude_runs.iter().cloned().collect(),
    };
    let input = JudgesInput {
        judges: &labels,
        reference,
        runs: &run_names,
        measures: &evaluations.measures,
        rankings: &evaluations.rankings,
    };
    let analysis = analyse(&input, &options)?;
    let mut json = serde_json::to_string_pretty(&analysis).context("serialising the analysis")?;
    json.push('\n');
    if let Some(dir) = &args.out {
        out::write_report(dir, &analysis, &json)?;
    }
    let text = match args.format {
        Format::Text => render(&analysis, TextFormat::Text),
        Format::Md => render(&analysis, TextFormat::Markdown),
        Format::Tex => render(&analysis, TextFormat::Latex),
        Format::Json => json,
    };
    super::stdout::print(&text)?;
    Ok(Outcome::Success)
}
