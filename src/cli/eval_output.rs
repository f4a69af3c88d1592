//! `eval`'s output: NTCIREVAL's `compute` lines prefixed by the topic (`nev`), or a table per
//! topic with the means (`tsv`, `json`).
//!
//! A value that is NaN is undefined for its topic (0/0: a normaliser of 0, see
//! `super::eval::undefined_warnings`): `nev` prints it as NTCIREVAL 20200527 built for x86-64 with
//! glibc prints 0/0 (`-nan`), `tsv` prints `NA`, `json` leaves it out; a mean averages over the
//! topics that have the value. Topic ids are printed with their control and invisible characters
//! as code points (`nev`, `tsv`; JSON escapes them itself), so an id cannot be a terminal control
//! sequence. bpref/rpref lines a topic does not have (no judged nonrelevant
//! document) are absent in `nev` and `json`, `NA` in `tsv`, with the same means.

use std::io::Write;

use super::rounding::{push_without_noise, without_noise};
use crate::io::qrels::TopicSet;
use crate::io::shown;
use crate::parallel::map_in_halves;
use crate::render::escape::escape_terminal;
use evia_engine::measures::lines::{LineName, each_line, lines, nev_header, nev_line};
use evia_engine::measures::{Evaluation, Params};

/// Names listed in a warning: at most this many, then "and N more".
const NAMES_SHOWN: usize = 5;

/// `names` as a short list for a warning: the first [`NAMES_SHOWN`], then how many more.
pub(crate) fn name_list<'a>(names: impl ExactSizeIterator<Item = &'a str>) -> String {
    let total = names.len();
    let mut shown: Vec<String> = names.take(NAMES_SHOWN).map(shown).collect();
    if total > NAMES_SHOWN {
        shown.push(format!("and {} more", total - NAMES_SHOWN));
    }
    shown.join(", ")
}

/// Per-topic values, one per output column (`None`: the measure is undefined for the topic).
pub(super) type Row = Vec<Option<f64>>;

pub(super) fn write_nev(
    out: &mut impl Write,
    results: &[(&str, Evaluation)],
    only: Option<&[LineName]>,
) -> anyhow::Result<()> {
    let only: Option<Vec<String>> = only.map(|o| o.iter().map(ToString::to_string).collect());
    // NTCIREVAL prints 4 decimals: no noise to remove; bpref lines a topic lacks are absent, and
    // an undefined value (NaN) is printed as C prints 0/0 on x86-64 with glibc, `-nan`.
    // Each topic's text is formatted on one of two threads, then written in topic order.
    let texts = map_in_halves(results, |(topic, ev), _: &mut ()| {
        let topic = &escape_terminal(topic);
        let mut text = nev_header(topic, ev);
        for l in lines(ev, false) {
            if only.as_ref().is_some_and(|o| !o.contains(&l.name)) {
                continue;
            }
            let value = if l.value.is_nan() { -f64::NAN } else { l.value };
            text.push_str(&nev_line(topic, &l.name, value));
            text.push('\n');
        }
        text
    });
    for text in texts {
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// `ev`'s values in the order of `keys` (the output's columns), as evaluated (not rounded); a
/// column `ev` has no line for, or whose value is undefined (NaN), is `None`. The keys are
/// usually the lines in order (each found after the previous one); a selection (`--measures`)
/// may name them in any order, and one line twice.
pub(super) fn row(keys: &[LineName], ev: &Evaluation) -> Row {
    let mut lines: Vec<(LineName, f64)> = Vec::with_capacity(keys.len());
    each_line(ev, true, |name, value, _| lines.push((name, value)));
    let mut at = 0;
    keys.iter()
        .map(|key| {
            let found = lines[at..]
                .iter()
                .position(|(n, _)| n == key)
                .map(|i| at + i)
                .or_else(|| lines[..at].iter().position(|(n, _)| n == key));
            found.and_then(|i| {
                at = i + 1;
                Some(lines[i].1).filter(|v| !v.is_nan())
            })
        })
        .collect()
}

/// The mean of each column over the topics that have a value for it (`None` if none has).
pub(super) fn means(rows: &[Row], columns: usize) -> Row {
    (0..columns)
        .map(|c| {
            let (sum, n) = rows
                .iter()
                .filter_map(|r| r[c])
                .fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
            (n > 0).then(|| without_noise(sum / n as f64))
        })
        .collect()
}

/// Appends a TSV cell to `line`: the value rounded to 15 significant digits, in Rust's shortest
/// form ([`push_without_noise`]), or `NA` when the measure is undefined; returns the rounded value.
fn push_cell(line: &mut String, v: Option<f64>) -> Option<f64> {
    match v {
        Some(v) => Some(push_without_noise(line, v)),
        None => {
            line.push_str("NA");
            None
        }
    }
}

pub(super) fn write_tsv(
    out: &mut impl Write,
    names: &[String],
    keys: &[LineName],
    results: &[(&str, Evaluation)],
) -> anyhow::Result<()> {
    writeln!(
        out,
        "topic\tsyslen\tjrel\tjnonrel\tr1\trp\t{}",
        names.join("\t")
    )?;
    // Each topic's row and line are made on one of two threads, then written in topic order.
    let made = map_in_halves(results, |(topic, ev), _: &mut ()| {
        let mut values = row(keys, ev);
        let mut line = format!(
            "{}\t{}\t{}\t{}\t{}\t{}",
            escape_terminal(topic),
            ev.syslen,
            ev.jrel,
            ev.jnonrel,
            ev.r1,
            ev.rp
        );
        for v in &mut values {
            line.push('\t');
            *v = push_cell(&mut line, *v);
        }
        line.push('\n');
        (values, line)
    });
    let mut rows: Vec<Row> = Vec::with_capacity(made.len());
    for (values, line) in made {
        out.write_all(line.as_bytes())?;
        rows.push(values);
    }
    if !results.is_empty() {
        let mut line = String::from("mean\t\t\t\t\t");
        // The means are rounded already: rounding again leaves them as they are.
        for m in means(&rows, keys.len()) {
            line.push('\t');
            push_cell(&mut line, m);
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// What the JSON output lists besides the values: the topics skipped or missing some values.
pub(super) struct JsonNotes<'a> {
    pub(crate) topics: &'a TopicSet,
    pub(crate) without_nonrelevant: &'a [&'a str],
    /// Topics with an undefined value (the key `topics_with_undefined_values` is written only
    /// when there is one).
    pub(crate) undefined: &'a [&'a str],
}

pub(super) fn write_json(
    out: &mut impl Write,
    params: &Params,
    names: &[String],
    keys: &[LineName],
    results: &[(&str, Evaluation)],
    notes: &JsonNotes<'_>,
) -> anyhow::Result<()> {
    use serde_json::{Map, Value, json};
    let rows: Vec<Row> = map_in_halves(results, |(_, ev), _: &mut ()| {
        row(keys, ev)
            .into_iter()
            .map(|v| v.map(without_noise))
            .collect()
    });
    let present = |values: &Row| -> Map<String, Value> {
        names
            .iter()
            .zip(values)
            .filter_map(|(name, v)| v.map(|v| (name.clone(), json!(v))))
            .collect()
    };
    let per_topic: Vec<Value> = results
        .iter()
        .zip(&rows)
        .map(|((topic, ev), values)| {
            json!({
                "topic": topic,
                "syslen": ev.syslen, "jrel": ev.jrel, "jnonrel": ev.jnonrel,
                "r1": ev.r1, "rp": ev.rp,
                "values": present(values),
            })
        })
        .collect();
    let mean = if results.is_empty() {
        Map::new()
    } else {
        present(&means(&rows, names.len()))
    };
    let mut doc = json!({
        "params": {
            "cutoffs": params.cutoffs, "beta": params.beta, "logb": params.logb,
            "rbp": params.rbp, "gamma": params.gamma, "rbup": params.rbup,
            "condensed": params.bpref,
        },
        "measures": names,
        "topics": per_topic,
        "mean": mean,
        "skipped_topics_without_relevant": notes.topics.without_relevant,
        "topics_without_judged_nonrelevant": notes.without_nonrelevant,
    });
    if !notes.undefined.is_empty() {
        doc["topics_with_undefined_values"] = json!(notes.undefined);
    }
    crate::render::escape::write_json_pretty(&mut *out, &doc)?;
    writeln!(out)?;
    Ok(())
}
