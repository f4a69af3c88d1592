//! The plain-reader baseline of `evia-repro eval --gains 1:2:3 --cutoffs 10`: the qrels
//! (`topic doc Lx`) and the TREC run (`topic Q0 doc rank score tag`) read line by line with
//! `BufRead::read_line` and `split_ascii_whitespace`, every run line kept, each topic's list ranked
//! as trec_eval ranks it (score descending, ties by document id descending) and evaluated by the
//! same engine (`evia_engine::measures::Evaluator`), one `topic<TAB>measure<TAB>value` line per
//! value (every line `eval` computes). It checks what a plain reader checks (field counts, numbers,
//! levels) and stops at the first error; it is a yardstick for `eval`'s readers, not a tool.
//!
//! Usage: `evia-repro-bench-readers QRELS RUN`

use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::ExitCode;

use evia_engine::measures::lines::each_line;
use evia_engine::measures::{
    Evaluation, Evaluator, Label, LevelGains, LevelJudgementsBuilder, MeasureError, Params,
    TopicJudgements,
};

/// Each line of `path`, with its 1-based number, to `f`; the first error stops the reading.
fn each_text_line(
    path: &str,
    mut f: impl FnMut(usize, &str) -> Result<(), String>,
) -> Result<(), String> {
    let file = File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let mut line = String::new();
    let mut number = 0;
    loop {
        line.clear();
        let n = reader
            .read_line(&mut line)
            .map_err(|e| format!("{path}: {e}"))?;
        if n == 0 {
            return Ok(());
        }
        number += 1;
        f(number, &line).map_err(|e| format!("{path}:{number}: {e}"))?;
    }
}

/// The qrels: per topic, its judgements under gains 1:2:3.
fn read_qrels(path: &str) -> Result<BTreeMap<String, TopicJudgements>, String> {
    let mut builders: BTreeMap<String, LevelJudgementsBuilder> = BTreeMap::new();
    each_text_line(path, |_, line| {
        let mut fields = line.split_ascii_whitespace();
        let (Some(topic), Some(doc), Some(level), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err("expected `topic doc Lx`".to_string());
        };
        let level: u32 = level
            .strip_prefix('L')
            .and_then(|l| l.parse().ok())
            .ok_or_else(|| format!("bad level {level}"))?;
        if !builders.contains_key(topic) {
            builders.insert(
                topic.to_string(),
                LevelJudgementsBuilder::with_capacity(0, 0, 3),
            );
        }
        let builder = builders.get_mut(topic).expect("inserted above");
        builder.insert(doc, level).map_err(|e| e.to_string())
    })?;
    let gains = LevelGains::new(&[1.0, 2.0, 3.0]).map_err(|e| e.to_string())?;
    builders
        .into_iter()
        .map(|(topic, b)| Ok((topic, b.finish(&gains).map_err(|e| e.to_string())?)))
        .collect()
}

/// The run: per topic, its (document, score) pairs in file order.
fn read_run(path: &str) -> Result<HashMap<String, Vec<(String, f64)>>, String> {
    let mut lists: HashMap<String, Vec<(String, f64)>> = HashMap::new();
    each_text_line(path, |_, line| {
        let fields: Vec<&str> = line.split_ascii_whitespace().collect();
        let [topic, _, doc, _, score, _] = fields[..] else {
            return Err("expected `topic Q0 doc rank score tag`".to_string());
        };
        let score: f64 = score.parse().map_err(|_| format!("bad score {score}"))?;
        match lists.get_mut(topic) {
            Some(list) => list.push((doc.to_string(), score)),
            None => {
                lists.insert(topic.to_string(), vec![(doc.to_string(), score)]);
            }
        }
        Ok(())
    })?;
    Ok(lists)
}

fn run(qrels: &str, run: &str) -> Result<(), String> {
    let judged = read_qrels(qrels)?;
    let mut lists = read_run(run)?;
    let params = Params {
        cutoffs: vec![10],
        ..Params::default()
    };
    let evaluator = Evaluator::new(params).map_err(|e| e.to_string())?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut labels: Vec<Label> = Vec::new();
    let mut ev = Evaluation::default();
    let mut write_error = None;
    for (topic, judgements) in &judged {
        let mut list = lists.remove(topic).unwrap_or_default();
        list.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| b.0.cmp(&a.0)));
        judgements.label_into(list.iter().map(|(d, _)| d.as_str()), false, None, &mut labels);
        match evaluator.evaluate_into(judgements.ideal(), &labels, &mut ev) {
            Ok(()) | Err(MeasureError::BprefWithoutNonrelevant) => {}
            Err(e) => return Err(format!("topic {topic}: {e}")),
        }
        each_line(&ev, true, |name, value, _| {
            if write_error.is_none()
                && let Err(e) = writeln!(out, "{topic}\t{name}\t{value}")
            {
                write_error = Some(e);
            }
        });
    }
    if let Some(e) = write_error {
        return Err(e.to_string());
    }
    out.flush().map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let [_, qrels, run_file] = &args[..] else {
        eprintln!("usage: evia-repro-bench-readers QRELS RUN");
        return ExitCode::from(2);
    };
    match run(qrels, run_file) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
