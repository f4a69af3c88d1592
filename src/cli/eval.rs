//! `evia-repro eval`: NTCIREVAL-compatible evaluation of a run against qrels.
//!
//! Per topic, the run is ranked (TREC: score descending, ties by document id descending, as
//! trec_eval; `--file-order` or NTCIR res form: file order), checked for duplicate documents,
//! labelled (unjudged documents dropped with `--condensed`, NTCIREVAL `label -j`), truncated to
//! `--truncate N` documents, and evaluated with the semantics of NTCIREVAL 20200527 `compute`
//! (`gcompute` with `--gain-file`). See `evia_engine::measures` and tests/fixtures/measures.md.
//!
//! Topics: every topic of the qrels is evaluated, in sorted order; a topic the run does not
//! contain is evaluated as an empty list (all zeros, as NTCIREVAL does for an empty res file).
//! Topics of the qrels without any relevant document are skipped with one warning (NTCIREVAL prints
//! nothing for them). A topic that the run contains but the qrels do not is skipped with one warning
//! on standard error, as trec_eval and NTCIREVAL do (`--strict`: an error naming the run line).
//! With `--condensed`, a topic without any judged nonrelevant document has no bpref/rpref values
//! (they divide by N = 0): only those lines are skipped for it (left out of `nev`, `NA` in `tsv`,
//! absent in `json`), with one warning, and their means average over the topics that have them.
//! No topic stops an evaluation: a measure that divides 0 by 0 for a topic (its normaliser is 0,
//! as when every relevant document has gain 0 under `--gains`) is undefined for it, printed as
//! NTCIREVAL prints it (`-nan` in `nev`), `NA` in `tsv`, absent in `json`, left out of its mean,
//! and named in one warning with the topics and the cause ([`undefined_warnings`]).
//!
//! TSV and JSON print each value rounded to 15 significant digits, shortest form (`0.05`, not the
//! float noise `0.050000000000000044`): every digit printed is meaningful. The measure parameters
//! are bounded (β at most `MAX_BETA`, gains at most `MAX_GAIN`) so that no sum can overflow; an
//! infinite value would still be an error naming the topic and the measure, never printed.
//!
//! To reproduce NTCIREVAL's `TRECsplitruns` + `NTCIR-eval` pipeline on a TREC run exactly, rank in
//! file order and keep 1,000 documents per topic: `--file-order --truncate 1000 --allow-duplicates`
//! (with `--condensed`, truncation then counts judged documents; see `evia_engine::measures`).
//! Without `--gains`, levels get linear gains 1:2:…:H, H being the highest level in the qrels
//! (NTCIREVAL requires `-g`; gmax = the last gain, for every topic).
//!
//! Reading: a run whose topics are grouped is read and evaluated topic by topic as it streams
//! through the input limit, plain or gzip ([`evaluate_by_block`]); so are qrels whose gains are
//! valid ([`read_level_topics`]). A run whose topics are not grouped (a topic met twice apart),
//! and qrels that reader gives up on, are read whole: the ranked lists and judgements borrow their
//! ids from the text, which is kept, bounded by the input limit and held once (gzip decompressed
//! straight into it, `crate::io::input::read_input`).

use std::io::Write;

use anyhow::{Context, anyhow, bail};

use super::Outcome;
use super::eval_args::{EvalArgs, OutputFormat, QrelsSyntax, parse_list, run_reading};
use super::eval_blocks::{Evaluated, evaluate_by_block};
use super::eval_output::{JsonNotes, name_list, write_json, write_nev, write_tsv};
use crate::evaluate::evaluate_run;
use crate::io::qrels::{MAX_GAIN, QrelsFormat, TopicSet, parse_gain_file};
use crate::io::qrels_blocks::read_level_topics;
use crate::io::qrels_halves::{
    judgements_in_parts, parse_level_qrels_from_halves, parse_level_qrels_in_halves,
};
use crate::io::run::parse_run;
use crate::io::text_halves::read_text_in_halves;
use crate::io::{read_text, shown};
use evia_engine::measures::lines::{each_line, line_keys};
use evia_engine::measures::{
    Evaluation, Evaluator, LevelGains, MeasureError, Params, TopicJudgements,
};

/// Loads the judgements (per-level or direct gains).
pub(super) fn load_topics(args: &EvalArgs) -> anyhow::Result<TopicSet> {
    if let Some(path) = &args.gain_file {
        let text = read_text(path)?;
        let q = parse_gain_file(path, &text)?;
        return Ok(q.judgements(path)?);
    }
    if args.parity.ec {
        return super::eval_parity::load_class_topics(args);
    }
    let Some(path) = &args.qrels else {
        bail!("one of --qrels or --gain-file is required");
    };
    let format = match args.qrels_format {
        QrelsSyntax::Auto => QrelsFormat::Auto,
        QrelsSyntax::Ntcir => QrelsFormat::Ntcir,
        QrelsSyntax::Trec => QrelsFormat::Trec,
    };
    // The judgements are built as the file is read (`qrels_blocks`) when the gains given are
    // valid; otherwise, or when that reader gives up, the file is read as before, which reports
    // every error in order.
    let given = given_gains(args);
    if let Ok(given) = &given
        && let Some(set) = read_level_topics(path, format, given.as_ref())
    {
        return Ok(set);
    }
    // A large file is read, checked and parsed in two halves on two threads; on anything unusual
    // it is read and parsed again as before, which reports the first error in file order.
    let halves = read_text_in_halves(path);
    let text: String;
    let q = match halves
        .as_ref()
        .and_then(|h| parse_level_qrels_from_halves(path, &h.first, &h.second, format))
    {
        Some(q) => q,
        None => {
            text = read_text(path)?;
            parse_level_qrels_in_halves(path, &text, format)?
        }
    };
    let gains = match given? {
        Some(gains) => gains,
        None => {
            let h = q.max_level();
            if h == 0 {
                bail!(
                    "{}: no relevance level above L0, so there is nothing to evaluate",
                    path.display()
                );
            }
            LevelGains::linear(h).context("default linear gains")?
        }
    };
    Ok(judgements_in_parts(&q, path, &gains)?)
}

/// The gains of `--gains`, checked (`None`: not given, so linear up to the highest level).
fn given_gains(args: &EvalArgs) -> anyhow::Result<Option<LevelGains>> {
    let Some(g) = &args.gains else {
        return Ok(None);
    };
    let values = parse_list::<f64>(g, ':', "--gains")?;
    if let Some(v) = values.iter().find(|v| v.abs() > MAX_GAIN) {
        bail!("--gains: {v} is above the largest gain, {MAX_GAIN:e}");
    }
    Ok(Some(LevelGains::new(&values).context("--gains")?))
}

/// The warning `--logb 0` prints: NTCIREVAL's natural-log discount divides rank 2's gain by
/// ln 2 < 1, so a ranking that is not ideal can score above its ideal (docs/eval.md, "--logb").
const LOGB_ZERO_WARNING: &str = "warning: --logb 0 is NTCIREVAL's natural log: rank 2's gain is divided by ln 2 = 0.69 < 1, so nDCG@l can exceed 1 for a ranking that is not ideal (use a base > 1, e.g. the default 2, for a normalised nDCG)";

/// An evaluator for `params`; a parameter out of its domain is an error naming its flag.
pub(super) fn new_evaluator(params: Params) -> anyhow::Result<Evaluator> {
    Evaluator::new(params).map_err(|e| match e {
        MeasureError::BadParam { param, reason } => anyhow!("--{param}: {reason}"),
        other => anyhow!(other).context("bad measure parameters"),
    })
}

pub(crate) fn run(mut args: EvalArgs) -> anyhow::Result<Outcome> {
    if args.logb == 0.0 {
        crate::cli::stdout::note(LOGB_ZERO_WARNING);
    }
    // One run evaluated per topic, or many runs into one table (or matrix) of means.
    let many = args.runs_dir.is_some() || args.run_files.len() > 1 || args.matrix.is_some();
    if let Some(first) = args.run_files.first() {
        args.run = first.clone();
    }
    if let Some(intents) = &args.diversity.intents {
        if many {
            bail!("--intents evaluates one run at a time: give one --run");
        }
        return super::eval_diversity::run(&args, intents);
    }
    let selected = super::eval_select::resolve(args.measures.as_deref())?;
    let matrix = super::eval_select::resolve(args.matrix.as_ref().map(std::slice::from_ref))?
        .and_then(|m| m.into_iter().next());
    let mut cutoffs = parse_list::<usize>(&args.cutoffs, ',', "--cutoffs")?;
    if let Some(selected) = &selected {
        cutoffs = super::eval_select::with_cutoffs(cutoffs, selected);
    }
    if let Some(m) = &matrix {
        cutoffs = super::eval_select::with_cutoffs(cutoffs, std::slice::from_ref(m));
    }
    let params = args.measure_params(cutoffs, args.condensed);
    let evaluator = new_evaluator(params.clone())?;
    // For topics without a judged nonrelevant document: every measure but bpref/rpref.
    let without_bpref = new_evaluator(Params {
        bpref: false,
        ..params
    })?;
    let topics = load_topics(&args)?;
    let evaluators = [&evaluator, &without_bpref];
    if many {
        let mut keys = line_keys(evaluator.params(), true);
        let mut names: Vec<String> = keys.iter().map(ToString::to_string).collect();
        if let Some(selected) = &selected {
            (names, keys) = super::eval_select::columns(selected, &keys)?;
        }
        let matrix = match &matrix {
            Some(m) => {
                let every = line_keys(evaluator.params(), true);
                let (_, line) = super::eval_select::columns(std::slice::from_ref(m), &every)
                    .map_err(|e| anyhow!("--matrix: {e}"))?;
                Some((m.written(), line[0]))
            }
            None => None,
        };
        super::eval_runs::run(
            &args,
            evaluators,
            &topics,
            (&names, &keys),
            matrix.as_ref().map(|(n, l)| (n.as_str(), *l)),
        )?;
        return Ok(Outcome::Success);
    }
    let evaluated = match evaluate_by_block(&args, evaluators, &topics) {
        Some(evaluated) => evaluated,
        None => evaluate_parsed(&args, evaluators, &topics)?,
    };
    warn_about_topics(&args, &topics, &evaluated.run_topics)?;

    let mut results: Vec<(&str, Evaluation)> = Vec::with_capacity(topics.topics.len());
    let mut without_nonrelevant: Vec<&str> = Vec::new();
    let mut undefined: Vec<(&str, &TopicJudgements)> = Vec::new();
    for ((topic, judgements), outcome) in topics.topics.iter().zip(evaluated.outcomes) {
        let done = outcome?;
        if done.without_bpref {
            without_nonrelevant.push(topic.as_str());
        }
        if done.undefined {
            undefined.push((topic.as_str(), judgements));
        }
        results.push((topic.as_str(), done.ev));
    }
    if !without_nonrelevant.is_empty() {
        crate::cli::stdout::note(&format!(
            "warning: {} topic(s) have no judged nonrelevant document, so their bpref and rpref values are undefined and skipped (the other measures are evaluated): {}",
            without_nonrelevant.len(),
            name_list(without_nonrelevant.iter().copied())
        ));
    }
    let undefined_topics: Vec<&str> = undefined.iter().map(|u| u.0).collect();
    for warning in undefined_warnings(&args, &undefined, &results) {
        crate::cli::stdout::note(&warning.to_string());
    }

    let mut keys = line_keys(evaluator.params(), true);
    let mut names: Vec<String> = keys.iter().map(ToString::to_string).collect();
    if let Some(selected) = &selected {
        (names, keys) = super::eval_select::columns(selected, &keys)?;
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    match args.format {
        OutputFormat::Nev => {
            write_nev(&mut out, &results, selected.is_some().then_some(&keys[..]))?
        }
        OutputFormat::Tsv => write_tsv(&mut out, &names, &keys, &results)?,
        OutputFormat::Json => write_json(
            &mut out,
            evaluator.params(),
            &names,
            &keys,
            &results,
            &JsonNotes {
                topics: &topics,
                without_nonrelevant: &without_nonrelevant,
                undefined: &undefined_topics,
            },
        )?,
    }
    out.flush().context("writing the output")?;
    // The process ends right after this command: returning the judgement maps and the ranked
    // lists to the allocator one string at a time would only cost time (about 10% of a large
    // evaluation), so they are deliberately not dropped (the run text is leaked, see
    // `load_inputs`).
    std::mem::forget(results);
    std::mem::forget(topics);
    Ok(Outcome::Success)
}

/// The run read and parsed whole ([`parse_run`], which groups the lines of each topic wherever
/// they are), then every judged topic evaluated, in two halves on two threads.
///
/// The run text is leaked: the ranked lists borrow their ids from it, and `eval` is the last
/// thing the process does (freeing it would only cost time).
fn evaluate_parsed(
    args: &EvalArgs,
    evaluators: [&Evaluator; 2],
    topics: &TopicSet,
) -> anyhow::Result<Evaluated> {
    let text: &'static str = read_text(&args.run)?.leak();
    let (run_format, order) = run_reading(args);
    let run = parse_run(&args.run, text, run_format, order)?;
    let outcomes = evaluate_run(&args.list_rules(), evaluators, topics, &run);
    let run_topics = run
        .iter()
        .map(|t| {
            let first = t.docs.iter().map(|d| d.line).min().unwrap_or(0);
            (t.topic.to_string(), first)
        })
        .collect();
    // The ranked lists are not freed one by one (see `run`).
    std::mem::forget(run);
    Ok(Evaluated {
        run_topics,
        outcomes,
    })
}

/// Warns about (or, with `--strict`, rejects) run topics that are not judged, and warns about
/// judged topics without any relevant document.
fn warn_about_topics(
    args: &EvalArgs,
    topics: &TopicSet,
    run_topics: &[(String, usize)],
) -> anyhow::Result<()> {
    // Run topics that are not judged at all (neither evaluable nor without relevant documents).
    let unjudged: Vec<&(String, usize)> = run_topics
        .iter()
        .filter(|(t, _)| !topics.topics.contains_key(t) && !topics.without_relevant.contains(t))
        .collect();
    if let Some(&&(ref first, line)) = unjudged.first() {
        if args.strict {
            bail!(
                "{}:{line}: topic {} is not in the relevance judgements, so it cannot be evaluated (--strict)",
                args.run.display(),
                shown(first)
            );
        }
        crate::cli::stdout::note(&format!(
            "warning: {} run topic(s) are not in the relevance judgements and are skipped (trec_eval and NTCIREVAL skip them too; --strict makes this an error): {} (first on {}:{line})",
            unjudged.len(),
            name_list(unjudged.iter().map(|t| t.0.as_str())),
            args.run.display()
        ));
    }
    if run_topics.is_empty() {
        crate::cli::stdout::note(&format!(
            "warning: {} holds no ranked document, so every topic scores 0",
            args.run.display()
        ));
    } else {
        // Judged topics the run has no line for: evaluated as empty lists (zeros), in the means.
        let missing: Vec<&str> = topics
            .topics
            .keys()
            .map(String::as_str)
            .filter(|t| {
                run_topics
                    .binary_search_by(|(r, _)| r.as_str().cmp(t))
                    .is_err()
            })
            .collect();
        if !missing.is_empty() {
            crate::cli::stdout::note(&format!(
                "warning: {} judged topic(s) have no line in {}, so they score 0 in every measure and count in the means (as trec_eval -c does): {}",
                missing.len(),
                args.run.display(),
                name_list(missing.iter().copied())
            ));
        }
    }
    if !topics.without_relevant.is_empty() {
        crate::cli::stdout::note(&format!(
            "warning: {} topic(s) have no relevant document in the judgements and are skipped (NTCIREVAL prints nothing for them): {}",
            topics.without_relevant.len(),
            name_list(topics.without_relevant.iter().map(String::as_str))
        ));
    }
    Ok(())
}

/// The warnings about topics with undefined values (0/0), one per cause: every relevant
/// document of the topic has gain 0 under the gains given (the ideal gain is 0), or a parameter
/// makes a measure's ideal value 0 (`--rbup 0` for niRBU@l). Each names the measures, the topics
/// and what the outputs and the means do with them.
fn undefined_warnings(
    args: &EvalArgs,
    undefined: &[(&str, &TopicJudgements)],
    results: &[(&str, Evaluation)],
) -> Vec<String> {
    let zero_gain = |j: &TopicJudgements| j.ideal().ideal_cg(j.ideal().jrel()) == 0.0;
    let causes = [
        (
            true,
            "every relevant document has gain 0 under the gains given (--gains), so the ideal gain is 0",
        ),
        (
            false,
            "the measure's ideal value is 0 with the parameters given (--rbup 0 makes iRBU's 0)",
        ),
    ];
    let mut warnings = Vec::new();
    for (zero, cause) in causes {
        let topics: Vec<&str> = undefined
            .iter()
            .filter(|(_, j)| zero_gain(j) == zero)
            .map(|u| u.0)
            .collect();
        if topics.is_empty() {
            continue;
        }
        // Each measure once, `@l` for every cutoff.
        let mut measures: Vec<String> = Vec::new();
        for (_, ev) in results.iter().filter(|r| topics.contains(&r.0)) {
            each_line(ev, true, |name, value, _| {
                let measure = match name.cutoff {
                    Some(_) => format!("{}@l", name.base),
                    None => name.base.to_string(),
                };
                if value.is_nan() && !measures.contains(&measure) {
                    measures.push(measure);
                }
            });
        }
        let shown_as = match args.format {
            OutputFormat::Nev => "printed as NTCIREVAL prints them, -nan",
            OutputFormat::Tsv => "printed as NA",
            OutputFormat::Json => "left out of the topic's values",
        };
        warnings.push(format!(
            "warning: {} topic(s) have undefined values (0/0: {cause}) of {}; they are {shown_as}, and each mean averages over the other topics: {}",
            topics.len(),
            measures.join(", "),
            name_list(topics.iter().copied())
        ));
    }
    warnings
}
