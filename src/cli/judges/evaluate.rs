//! The evaluation behind `judges`: each run under each judge's qrels, topic by topic, through
//! `eval`'s own path (`eval`'s qrels reading, [`super::super::eval::load_topics`], and the tools
//! crate's one-topic evaluation, [`crate::evaluate::evaluate_topic`], with `eval`'s defaults), so
//! that every per-topic value equals what `evia-repro eval --qrels FILE --run RUN` prints.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, anyhow};
use clap::Parser;

use super::super::eval::{load_topics, new_evaluator};
use super::super::eval_args::{EvalArgs, parse_list, run_reading};
use super::super::eval_output::name_list;
use super::super::eval_select::{columns, resolve, with_cutoffs};
use crate::evaluate::{Scratch, evaluate_topic};
use crate::io::qrels::{GainQrels, Judged, TopicSet};
use crate::io::read_text;
use crate::io::run::parse_run;
use crate::judges::coverage::RunRanking;
use crate::judges::judge_labels::JudgeLabels;
use crate::judges::run_scores::{JudgeScores, MeasureScores};
use crate::parallel::map_in_halves;
use evia_engine::measures::lines::{LineName, each_line, line_keys};
use evia_engine::measures::{Evaluator, Params};

/// `eval`'s arguments, parsed as `eval` parses them.
#[derive(Debug, Parser)]
struct EvalOnly {
    #[command(flatten)]
    eval: EvalArgs,
}

/// `eval`'s arguments for `judge`'s file, `run` and `measures`, every other option at its default
/// (a label file's judge is given as a gain file: the arguments only set the run reading and the
/// measures, its topics are built from the labels).
fn eval_args(judge: &JudgeFile, run: &Path, measures: &[String]) -> anyhow::Result<EvalArgs> {
    let flag = match judge.kind {
        JudgeKind::Levels => "--qrels",
        JudgeKind::Gains | JudgeKind::Labels => "--gain-file",
    };
    let mut argv: Vec<std::ffi::OsString> = vec!["eval".into(), flag.into()];
    argv.push(judge.path.as_os_str().into());
    argv.push("--run".into());
    argv.push(run.into());
    argv.push("--measures".into());
    argv.push(measures.join(",").into());
    Ok(EvalOnly::try_parse_from(argv)
        .map_err(|e| anyhow!("{}", e.render()))?
        .eval)
}

/// What a judge's file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum JudgeKind {
    /// Qrels with relevance levels (TREC or NTCIR), evaluated as `eval --qrels`.
    Levels,
    /// A direct-gain file (`topic doc gain`, real values), evaluated as `eval --gain-file`.
    Gains,
    /// One assessor of a label file: its labels are the gains (a label L is gain L, as `study`
    /// evaluates paper B's assessors).
    Labels,
}

/// One judge: a name, its file and what the file holds.
#[derive(Debug, Clone)]
pub(crate) struct JudgeFile {
    pub(crate) name: String,
    pub(crate) path: PathBuf,
    pub(crate) kind: JudgeKind,
}

/// One run: a name and a file.
#[derive(Debug, Clone)]
pub(crate) struct RunInput {
    pub(crate) name: String,
    pub(crate) path: PathBuf,
}

/// Every run evaluated under every judge: the score matrices per measure and the runs' rankings
/// (both empty without runs).
#[derive(Default)]
pub(crate) struct Evaluations {
    pub(crate) measures: Vec<MeasureScores>,
    pub(crate) rankings: Vec<RunRanking>,
}

/// The topics of a label file's judge: each label its document's gain (labels are at least 0:
/// the caller checks the scale).
fn label_topics(judge: &JudgeFile, labels: &JudgeLabels) -> anyhow::Result<TopicSet> {
    let q = GainQrels {
        topics: labels
            .topics
            .iter()
            .map(|(topic, docs)| {
                let judged = docs
                    .iter()
                    .map(|(doc, &value)| Judged {
                        doc: doc.as_str(),
                        value,
                        line: 0,
                    })
                    .collect();
                (topic.as_str(), judged)
            })
            .collect(),
    };
    Ok(q.judgements(&judge.path)?)
}

/// Evaluates every run of `runs` under every judge of `judges` (whose labels are `labels`) with
/// the measures `measures` (as `eval --measures` names them).
pub(crate) fn evaluate_all(
    judges: &[JudgeFile],
    labels: &[JudgeLabels],
    runs: &[RunInput],
    measures: &[String],
) -> anyhow::Result<Evaluations> {
    let selected = resolve(Some(measures))?.unwrap_or_default();
    let Some(first_run) = runs.first() else {
        anyhow::bail!("no run to evaluate");
    };
    let first = eval_args(&judges[0], &first_run.path, measures)?;
    let cutoffs = with_cutoffs(
        parse_list::<usize>(&first.cutoffs, ',', "--cutoffs")?,
        &selected,
    );
    let params = first.measure_params(cutoffs, first.condensed);
    let evaluator = new_evaluator(params.clone())?;
    let without_bpref = new_evaluator(Params {
        bpref: false,
        ..params
    })?;
    let (names, lines) = columns(&selected, &line_keys(evaluator.params(), true))?;
    let topic_sets: Vec<TopicSet> = judges
        .iter()
        .zip(labels)
        .map(|(j, l)| {
            if j.kind == JudgeKind::Labels {
                return label_topics(j, l).with_context(|| format!("judge {}", j.name));
            }
            let args = eval_args(j, &first_run.path, measures)?;
            load_topics(&args).with_context(|| format!("judge {}", j.name))
        })
        .collect::<anyhow::Result<_>>()?;
    // One run per item, in two halves on two threads (`eval`'s own split of its topics):
    // per_run[run][judge][measure][topic].
    let per_run = map_in_halves(runs, |run: &RunInput, scratch: &mut Scratch| {
        evaluate_run(
            run,
            judges,
            &topic_sets,
            measures,
            [&evaluator, &without_bpref],
            &lines,
            scratch,
        )
    });
    // values[judge][measure][topic * runs + run]
    let mut values: Vec<Vec<Vec<f64>>> = topic_sets
        .iter()
        .map(|t| vec![vec![0.0; t.topics.len() * runs.len()]; lines.len()])
        .collect();
    let mut rankings = Vec::with_capacity(runs.len());
    for (r, done) in per_run.into_iter().enumerate() {
        let (run_values, ranking) = done?;
        for (j, per_measure) in run_values.into_iter().enumerate() {
            for (m, per_topic) in per_measure.into_iter().enumerate() {
                for (t, v) in per_topic.into_iter().enumerate() {
                    values[j][m][t * runs.len() + r] = v;
                }
            }
        }
        rankings.push(ranking);
    }
    for warning in topic_warnings(judges, &topic_sets, &rankings) {
        super::super::stdout::note(&warning);
    }
    let measures = names
        .iter()
        .enumerate()
        .map(|(m, name)| MeasureScores {
            measure: name.clone(),
            judges: judges
                .iter()
                .zip(&topic_sets)
                .enumerate()
                .map(|(j, (judge, set))| JudgeScores {
                    judge: judge.name.clone(),
                    topics: set.topics.keys().cloned().collect(),
                    values: std::mem::take(&mut values[j][m]),
                })
                .collect(),
        })
        .collect();
    Ok(Evaluations { measures, rankings })
}

/// One run's values under every judge (`[judge][measure][topic]`, topics in the judge's order)
/// and its ranking.
fn evaluate_run(
    run: &RunInput,
    judges: &[JudgeFile],
    topic_sets: &[TopicSet],
    measures: &[String],
    evaluators: [&Evaluator; 2],
    lines: &[LineName],
    scratch: &mut Scratch,
) -> anyhow::Result<(Vec<Vec<Vec<f64>>>, RunRanking)> {
    let args = eval_args(&judges[0], &run.path, measures)?;
    let text = read_text(&run.path)?;
    let (format, order) = run_reading(&args);
    let parsed = parse_run(&run.path, &text, format, order)?;
    let rules = args.list_rules();
    let mut values = Vec::with_capacity(topic_sets.len());
    for (j, set) in topic_sets.iter().enumerate() {
        let mut per_measure = vec![Vec::with_capacity(set.topics.len()); lines.len()];
        for (topic, judgements) in &set.topics {
            let docs = parsed
                .binary_search_by(|x| x.topic.cmp(topic.as_str()))
                .map_or(&[][..], |k| parsed[k].docs.as_slice());
            let done = evaluate_topic(&rules, evaluators, topic, judgements, docs, scratch)
                .with_context(|| format!("run {}, judge {}", run.name, judges[j].name))?;
            for (m, v) in line_values(&done.ev, lines).into_iter().enumerate() {
                per_measure[m].push(v);
            }
        }
        values.push(per_measure);
    }
    let ranking = RunRanking {
        run: run.name.clone(),
        topics: parsed
            .iter()
            .map(|t| {
                (
                    t.topic.to_string(),
                    t.docs.iter().map(|d| d.doc.to_string()).collect(),
                )
            })
            .collect::<BTreeMap<_, _>>(),
    };
    Ok((values, ranking))
}

/// The values of `lines` in `ev` (NaN where the topic has no such line: bpref without a judged
/// nonrelevant document).
fn line_values(ev: &evia_engine::measures::Evaluation, lines: &[LineName]) -> Vec<f64> {
    let mut out = vec![f64::NAN; lines.len()];
    each_line(ev, true, |name, value, _| {
        if let Some(i) = lines.iter().position(|l| *l == name) {
            out[i] = value;
        }
    });
    out
}

/// The warnings about runs and labelled topics that do not meet: per judge, the runs without a
/// ranked list for some of its labelled topics (each such topic scores 0 in every measure and
/// counts in the means, as `eval` and `trec_eval -c` do), and the run topics no judge labelled
/// (left out, as `eval` leaves them out). Names are shown as the terminal shows them.
fn topic_warnings(
    judges: &[JudgeFile],
    topic_sets: &[TopicSet],
    rankings: &[RunRanking],
) -> Vec<String> {
    let mut warnings = Vec::new();
    for (judge, set) in judges.iter().zip(topic_sets) {
        let short: Vec<String> = rankings
            .iter()
            .filter_map(|r| {
                let missing = set
                    .topics
                    .keys()
                    .filter(|t| !r.topics.contains_key(*t))
                    .count();
                (missing > 0).then(|| {
                    format!(
                        "{} ({missing} of {})",
                        crate::io::shown(&r.run),
                        set.topics.len()
                    )
                })
            })
            .collect();
        if !short.is_empty() {
            warnings.push(format!(
                "warning: {} run(s) have no ranked list for some of judge {}'s labelled topics, which score 0 in every measure and count in the means (as eval and trec_eval -c do): {}",
                short.len(),
                crate::io::shown(&judge.name),
                name_list(short.iter().map(String::as_str))
            ));
        }
    }
    let mut unjudged: Vec<&str> = rankings
        .iter()
        .flat_map(|r| r.topics.keys())
        .filter(|t| topic_sets.iter().all(|set| !set.topics.contains_key(*t)))
        .map(String::as_str)
        .collect();
    unjudged.sort_unstable();
    unjudged.dedup();
    if !unjudged.is_empty() {
        let shown: Vec<String> = unjudged.iter().map(|t| crate::io::shown(t)).collect();
        warnings.push(format!(
            "warning: {} run topic(s) are labelled by no judge and are left out (as eval leaves them out): {}",
            unjudged.len(),
            name_list(shown.iter().map(String::as_str))
        ));
    }
    warnings
}
