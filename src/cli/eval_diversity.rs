//! `evia-repro eval --intents FILE --qrels FILE --run FILE`: diversity evaluation (I-rec, D-, D♯-,
//! DIN-measures, P+Q, α-nDCG, ERR-IA; `evia_engine::diversity`).
//!
//! `--qrels` is then an intentwise qrels file (`topic intent doc Lx`) and `--intents` an intent file
//! (`topic intent probability [inf|nav]`). Every topic of the intent file is evaluated, in sorted
//! order; a topic the run lacks is evaluated as an empty list; topics without any relevant
//! document are skipped with a warning. The run is ranked as for adhoc `eval` (score, or file
//! order with `--file-order`), duplicates are an error unless `--allow-duplicates`, and
//! `--truncate N` keeps the top N documents. Unjudged documents are nonrelevant (`--condensed` is
//! not supported here).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use anyhow::{Context, anyhow, bail};

use super::Outcome;
use super::eval_args::{EvalArgs, OutputFormat, parse_list, run_reading};
use crate::io::intent_qrels::{
    DiversityTopicSet, IntentJudged, diversity_topics, parse_intent_qrels,
};
use crate::io::intents::{TopicIntents, parse_intents};
use crate::io::read_text;
use crate::io::run::{find_duplicate, parse_run};
use crate::parallel::map_in_halves;
use crate::render::escape::escape_terminal;
use evia_engine::diversity::lines::lines;
use evia_engine::diversity::{
    DiversityError, DiversityEvaluation, DiversityEvaluator, DiversityParams, DiversityTopic,
};
use evia_engine::measures::lines::{nev_header, nev_line};
use evia_engine::measures::{LevelGains, MeasureError};

pub(crate) fn run(args: &EvalArgs, intents_path: &Path) -> anyhow::Result<Outcome> {
    if args.condensed {
        bail!(
            "--condensed is not supported with --intents (unjudged documents count as nonrelevant)"
        );
    }
    let Some(qrels_path) = &args.qrels else {
        bail!("--intents needs --qrels with intentwise judgements (`topic intent doc Lx`)");
    };
    let cutoffs = parse_list::<usize>(&args.cutoffs, ',', "--cutoffs")?;
    let params = DiversityParams {
        measures: args.measure_params(cutoffs, false),
        sharp_gamma: args.diversity.sharp_gamma,
        alpha: args.diversity.alpha,
    };
    let evaluator = DiversityEvaluator::new(params).map_err(|e| match e {
        DiversityError::Measure(MeasureError::BadParam { param, reason }) => {
            anyhow!("--{param}: {reason}")
        }
        other => anyhow!(other).context("bad diversity parameters (--sharp-gamma, --alpha)"),
    })?;

    // The three inputs are read first; the run is parsed on a second thread while the intent file
    // and the intentwise qrels are parsed and indexed on this one. Errors are reported in the same
    // order as a sequential reading would (intent file, qrels, run).
    let intents_text = read_text(intents_path)?;
    let qrels_text = read_text(qrels_path)?;
    let run_text = read_text(&args.run)?;
    let (run_format, order) = run_reading(args);
    let (judged, run) = std::thread::scope(|scope| {
        let run = scope.spawn(|| parse_run(&args.run, &run_text, run_format, order));
        let judged = judged_topics(args, intents_path, &intents_text, qrels_path, &qrels_text);
        let run = match run.join() {
            Ok(run) => run,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        (judged, run)
    });
    let JudgedTopics {
        intents,
        qrels,
        topics,
    } = judged?;
    let run = run?;
    for t in &run {
        if !intents.contains_key(t.topic) {
            let line = t.docs.iter().map(|d| d.line).min().unwrap_or(0);
            bail!(
                "{}:{line}: topic {} is not in the intent file, so it cannot be evaluated",
                args.run.display(),
                t.topic
            );
        }
    }
    for t in &topics.without_relevant {
        crate::cli::stdout::note(&format!(
            "warning: topic {} has no relevant document for any intent; it is skipped",
            escape_terminal(t)
        ));
    }

    let truncate = args
        .truncate
        .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX));
    let rank_limit = args.parity.rank_limit().min(truncate);
    let evaluate = |topic: &str, judgements| -> anyhow::Result<DiversityEvaluation> {
        let docs = run
            .binary_search_by(|t| t.topic.cmp(topic))
            .map_or(&[][..], |k| run[k].docs.as_slice());
        if !args.allow_duplicates
            && let Some((first, again, doc)) = find_duplicate(docs)
        {
            bail!(
                "{}:{again}: document {doc} is retrieved again for topic {topic} (first on line {first}); \
                     use --allow-duplicates to count it at each rank as NTCIREVAL does",
                args.run.display()
            );
        }
        let ranked: Vec<&str> = docs.iter().take(rank_limit).map(|d| d.doc).collect();
        evaluator
            .evaluate(judgements, &ranked)
            .with_context(|| format!("topic {topic}"))
    };
    // Topics are evaluated independently, in two halves on two threads; the results (and the first
    // error, in topic order) are the same as one thread's.
    let all: Vec<(&String, &DiversityTopic)> = topics.topics.iter().collect();
    let evaluated: Vec<anyhow::Result<DiversityEvaluation>> =
        map_in_halves(&all, |&(topic, judgements), _: &mut ()| {
            evaluate(topic, judgements)
        });
    let mut results: Vec<(&str, DiversityEvaluation)> = Vec::with_capacity(all.len());
    for ((topic, _), ev) in all.iter().zip(evaluated) {
        results.push((topic.as_str(), ev?));
    }
    if let Some(warning) = undefined_warning(args.format, &results) {
        crate::cli::stdout::note(&warning.to_string());
    }

    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    match args.format {
        OutputFormat::Nev => write_nev(&mut out, &results)?,
        OutputFormat::Tsv => write_tsv(&mut out, &results)?,
        OutputFormat::Json => write_json(&mut out, &evaluator, &results, &topics.without_relevant)?,
    }
    out.flush().context("writing the output")?;
    // As in adhoc `eval`: the process ends right after this command, so the judgement maps, the
    // ranked lists and the input texts are not returned to the allocator one string at a time.
    std::mem::forget(results);
    std::mem::forget(run);
    std::mem::forget(run_text);
    std::mem::forget(topics);
    std::mem::forget(qrels);
    std::mem::forget(qrels_text);
    Ok(Outcome::Success)
}

/// The parsed intent file and intentwise qrels, and the topics built from them.
struct JudgedTopics<'a> {
    intents: BTreeMap<String, TopicIntents>,
    qrels: BTreeMap<&'a str, Vec<IntentJudged<'a>>>,
    topics: DiversityTopicSet,
}

/// The intent file, the intentwise qrels and the topics built from them with their gains (`--gains`,
/// or linear gains up to the highest level in the qrels).
fn judged_topics<'a>(
    args: &EvalArgs,
    intents_path: &Path,
    intents_text: &'a str,
    qrels_path: &Path,
    qrels_text: &'a str,
) -> anyhow::Result<JudgedTopics<'a>> {
    let intents = parse_intents(intents_path, intents_text)?;
    let qrels = parse_intent_qrels(qrels_path, qrels_text)?;
    let gains = match &args.gains {
        Some(g) => LevelGains::new(&parse_list::<f64>(g, ':', "--gains")?).context("--gains")?,
        None => {
            let h = qrels.values().flatten().map(|j| j.level).max().unwrap_or(0);
            if h == 0 {
                bail!(
                    "{}: no relevance level above L0, so there is nothing to evaluate",
                    qrels_path.display()
                );
            }
            LevelGains::linear(h).context("default linear gains")?
        }
    };
    let topics = diversity_topics(intents_path, &intents, qrels_path, &qrels, &gains)?;
    Ok(JudgedTopics {
        intents,
        qrels,
        topics,
    })
}

/// The warning about topics with undefined values (NaN: 0/0, a measure whose ideal value is 0, as
/// niRBU@l's with `--rbup 0`; a topic whose relevant documents all have gain 0 has no relevant
/// document here and is skipped): the measures, the topics and what the outputs and the means do
/// with them, as adhoc `eval` reports them.
fn undefined_warning(
    format: OutputFormat,
    results: &[(&str, DiversityEvaluation)],
) -> Option<String> {
    let mut topics: Vec<&str> = Vec::new();
    let mut measures: Vec<String> = Vec::new();
    for (topic, ev) in results {
        let mut any = false;
        for l in lines(ev, true).into_iter().filter(|l| l.value.is_nan()) {
            any = true;
            let measure = match l.name.split_once('@') {
                Some((base, _)) => format!("{base}@l"),
                None => l.name,
            };
            if !measures.contains(&measure) {
                measures.push(measure);
            }
        }
        if any {
            topics.push(topic);
        }
    }
    let first: Vec<&str> = topics.iter().take(5).copied().collect();
    let more = match topics.len() {
        0 => return None,
        n if n > 5 => format!(", and {} more", n - 5),
        _ => String::new(),
    };
    let shown_as = match format {
        OutputFormat::Nev => "printed as NTCIREVAL prints them, -nan",
        OutputFormat::Tsv => "printed as NA",
        OutputFormat::Json => "left out of the topic's values",
    };
    Some(format!(
        "warning: {} topic(s) have undefined values (0/0: the measure's ideal value is 0 with the parameters given; --rbup 0 makes iRBU's 0) of {}; they are {shown_as}, and each mean averages over the other topics: {}{more}",
        topics.len(),
        measures.join(", "),
        first.join(", ")
    ))
}

fn write_nev(out: &mut impl Write, results: &[(&str, DiversityEvaluation)]) -> anyhow::Result<()> {
    for (topic, ev) in results {
        let topic = &escape_terminal(topic);
        out.write_all(nev_header(topic, &ev.d).as_bytes())?;
        for l in lines(ev, false) {
            // An undefined value (0/0) as C prints it on x86-64 with glibc.
            let value = if l.value.is_nan() { -f64::NAN } else { l.value };
            writeln!(out, "{}", nev_line(topic, &l.name, value))?;
        }
    }
    Ok(())
}

/// The line names (every topic has the same lines) and each topic's values, in line order.
fn table(results: &[(&str, DiversityEvaluation)]) -> (Vec<String>, Vec<Vec<f64>>) {
    let Some((_, first)) = results.first() else {
        return (Vec::new(), Vec::new());
    };
    let names: Vec<String> = lines(first, true).into_iter().map(|l| l.name).collect();
    let rows = results
        .iter()
        .map(|(_, ev)| lines(ev, true).into_iter().map(|l| l.value).collect())
        .collect();
    (names, rows)
}

/// The mean of each column of `rows` (summed in topic order) over the topics where it is defined
/// (not NaN); NaN when it is defined for none.
fn means(rows: &[Vec<f64>], columns: usize) -> Vec<f64> {
    let mut sums = vec![(0.0, 0usize); columns];
    for row in rows {
        for (s, &v) in sums.iter_mut().zip(row).filter(|(_, v)| !v.is_nan()) {
            *s = (s.0 + v, s.1 + 1);
        }
    }
    sums.into_iter().map(|(s, n)| s / n as f64).collect()
}

/// A TSV cell: the value, or `NA` when it is undefined.
fn cell(v: f64) -> String {
    if v.is_nan() {
        "NA".to_string()
    } else {
        v.to_string()
    }
}

fn write_tsv(out: &mut impl Write, results: &[(&str, DiversityEvaluation)]) -> anyhow::Result<()> {
    let (names, rows) = table(results);
    writeln!(out, "topic\t{}", names.join("\t"))?;
    for ((topic, _), row) in results.iter().zip(&rows) {
        write!(out, "{}", escape_terminal(topic))?;
        for &v in row {
            write!(out, "\t{}", cell(v))?;
        }
        writeln!(out)?;
    }
    if !results.is_empty() {
        write!(out, "mean")?;
        for m in means(&rows, names.len()) {
            write!(out, "\t{}", cell(m))?;
        }
        writeln!(out)?;
    }
    Ok(())
}

fn write_json(
    out: &mut impl Write,
    evaluator: &DiversityEvaluator,
    results: &[(&str, DiversityEvaluation)],
    skipped: &[String],
) -> anyhow::Result<()> {
    use serde_json::{Map, Value, json};
    let (names, rows) = table(results);
    let per_topic: Vec<Value> = results
        .iter()
        .zip(&rows)
        .map(|((topic, ev), row)| {
            // Undefined values (NaN) are left out.
            let values: Map<String, Value> = names
                .iter()
                .zip(row)
                .filter(|(_, v)| !v.is_nan())
                .map(|(name, v)| (name.clone(), json!(v)))
                .collect();
            json!({ "topic": topic, "syslen": ev.d.syslen, "values": values })
        })
        .collect();
    let mean: Map<String, Value> = if results.is_empty() {
        Map::new()
    } else {
        names
            .iter()
            .cloned()
            .zip(means(&rows, names.len()))
            .filter(|(_, m)| !m.is_nan())
            .map(|(name, m)| (name, json!(m)))
            .collect()
    };
    let p = evaluator.params();
    let doc = json!({
        "params": {
            "cutoffs": p.cutoffs, "beta": p.beta, "logb": p.logb, "rbp": p.rbp,
            "gamma": p.gamma, "rbup": p.rbup,
            "sharp_gamma": evaluator.sharp_gamma(), "alpha": evaluator.alpha(),
        },
        "measures": names,
        "topics": per_topic,
        "mean": mean,
        "skipped_topics_without_relevant": skipped,
    });
    crate::render::escape::write_json_pretty(&mut *out, &doc)?;
    writeln!(out)?;
    Ok(())
}
