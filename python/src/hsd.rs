//! `evia.hsd`: the randomised and classical Tukey HSD of `evia-repro hsd`, computed by
//! `evia_tools::hsd::hsd` over a score matrix read by evia-tools' matrix reader, and returned as
//! the JSON document `hsd --format json` prints.

use std::fmt::Write as _;
use std::path::Path;

use evia_tools::hsd::{HsdOptions, hsd};
use evia_tools::io::matrix::{parse_matrix, read_matrix};

/// The name a matrix given as values has in messages and in the report's `matrix` field.
pub const VALUES_SOURCE: &str = "<DataFrame>";
/// The most randomisation trials, as `evia-repro hsd --trials` allows.
pub const MAX_TRIALS: u64 = 1_000_000;

/// Where the matrix comes from: a TSV file, or topic ids, run names and one row of scores per
/// topic.
#[derive(Debug)]
pub enum Source<'a> {
    File(&'a Path),
    Values {
        topics: &'a [String],
        runs: &'a [String],
        rows: &'a [Vec<f64>],
    },
}

/// The values as the matrix file's text (header `topic<TAB>run…`, then a topic a line, each
/// score in the shortest text that reads back to the same double), so that the reader checks
/// them as it checks a file: its line N + 1 is row N counted from 1.
fn values_text(topics: &[String], runs: &[String], rows: &[Vec<f64>]) -> Result<String, String> {
    if topics.len() != rows.len() {
        return Err(format!(
            "{} topic ids for {} rows of scores",
            topics.len(),
            rows.len()
        ));
    }
    let tab = |what: &str, id: &str| {
        if id.contains(['\t', '\n', '\r']) {
            Err(format!("the {what} {id:?} contains a tab or a line break"))
        } else {
            Ok(())
        }
    };
    let mut text = String::from("topic");
    for run in runs {
        tab("run name", run)?;
        let _ = write!(text, "\t{run}");
    }
    text.push('\n');
    for (topic, row) in topics.iter().zip(rows) {
        tab("topic id", topic)?;
        text.push_str(topic);
        for v in row {
            let _ = write!(text, "\t{v}");
        }
        text.push('\n');
    }
    Ok(text)
}

/// The report of `evia-repro hsd` on the matrix, as the JSON text of `hsd --format json`.
pub fn hsd_json(
    source: &Source<'_>,
    trials: u64,
    seed: u64,
    alpha: f64,
    threads: usize,
) -> Result<String, String> {
    if !(1..=MAX_TRIALS).contains(&trials) {
        return Err(format!(
            "trials must be from 1 to {MAX_TRIALS}, got {trials}"
        ));
    }
    if !(alpha > 0.0 && alpha < 1.0) {
        return Err(format!(
            "alpha must be between 0 and 1 (exclusive), got {alpha}"
        ));
    }
    if threads == 0 {
        return Err("threads must be at least 1".to_string());
    }
    let (matrix, name) = match source {
        Source::File(path) => (
            read_matrix(path).map_err(|e| e.to_string())?,
            path.display().to_string(),
        ),
        Source::Values { topics, runs, rows } => {
            let text = values_text(topics, runs, rows)?;
            (
                parse_matrix(Path::new(VALUES_SOURCE), &text).map_err(|e| e.to_string())?,
                VALUES_SOURCE.to_string(),
            )
        }
    };
    let options = HsdOptions {
        trials,
        seed,
        alpha,
        threads,
    };
    let report =
        hsd(&matrix, &name, options, None).map_err(|e| match std::error::Error::source(&e) {
            Some(cause) => format!("{e}: {cause}"),
            None => e.to_string(),
        })?;
    serde_json::to_string(&report).map_err(|e| e.to_string())
}
