//! Reader for topic-by-run score matrices in TSV (the input of `evia-repro hsd`).
//!
//! Format: tab-separated UTF-8 text. The first line is a header: a label for the topic column
//! (any text, may be empty) followed by one unique, non-empty name per run. Every following line is
//! one topic: its id (non-empty, unique) followed by one score per run, in header order. Scores are
//! decimal numbers (as Rust's `f64` parser accepts them, surrounding spaces allowed) and must be
//! finite. Lines may end in `\r\n`; the final line may or may not end with a newline. Blank lines,
//! ragged rows, non-numeric cells, NaN or infinite scores, fewer than 2 runs and fewer than 2 topics
//! are errors that name the file, the line, the column and the run. A leading UTF-8 byte-order mark
//! is ignored. Run names and topic ids pass the one id check ([`super::ids`]).
//!
//! Bounds: at most [`MAX_RUNS`] runs (the HSD compares every pair: 2,000 runs are two million pairs);
//! the magnitude of a score is at most [`MAX_SCORE`], so that no sum of squares over the matrix can
//! overflow. Duplicate names are found with a hash set (linear in the file).
//!
//! ```text
//! topic<TAB>runA<TAB>runB<TAB>runC
//! 001<TAB>0.70<TAB>0.50<TAB>0.00
//! 002<TAB>0.30<TAB>0.10<TAB>0.00
//! ```

use std::collections::HashSet;
use std::path::Path;

use super::input::MAX_INPUT;
use super::lines::{LineSource, Lines, TextLines};
use super::{Position, SourceError, shown};
use evia_engine::significance::ScoreMatrix;

/// A score matrix with its topic ids and run names, as read from a file.
#[derive(Debug, Clone, PartialEq)]
pub struct RunMatrix {
    /// Topic ids, one per row, in file order.
    pub topic_ids: Vec<String>,
    /// Run names, one per column, in header order.
    pub run_names: Vec<String>,
    /// The scores (topics × runs).
    pub scores: ScoreMatrix,
}

/// The most runs a matrix may have (the randomised HSD keeps one counter per run pair).
pub const MAX_RUNS: usize = 2000;

/// The largest magnitude of a score (squares and sums over 10^200 cells stay finite).
pub const MAX_SCORE: f64 = 1e50;

/// Reads and checks the TSV matrix at `path`, a line at a time ([`Lines`]).
pub fn read_matrix(path: &Path) -> Result<RunMatrix, SourceError> {
    let mut lines = Lines::open(path, MAX_INPUT)?;
    let header = lines.next_line()?.map(|(_, h)| h.to_string());
    matrix_from_lines(path, header.as_deref(), &mut lines)
}

/// 1-based character column at which field `index` of `fields` starts on its line.
fn column_of(fields: &[&str], index: usize) -> usize {
    1 + fields[..index]
        .iter()
        .map(|f| f.chars().count() + 1)
        .sum::<usize>()
}

/// Parses the TSV matrix `text`; `path` is used in error messages only.
pub fn parse_matrix(path: &Path, text: &str) -> Result<RunMatrix, SourceError> {
    let mut lines = TextLines::new(text);
    let header = lines.next_line()?.map(|(_, h)| h.to_string());
    matrix_from_lines(path, header.as_deref(), &mut lines)
}

/// Parses a TSV matrix whose first line is `header` (`None`: the file is empty) and whose rows
/// `lines` gives; `path` is used in error messages only.
pub(crate) fn matrix_from_lines(
    path: &Path,
    header: Option<&str>,
    lines: &mut dyn LineSource,
) -> Result<RunMatrix, SourceError> {
    let empty = || {
        SourceError::whole_file(
            path,
            "empty file; expected a header line `topic<TAB>run1<TAB>run2...` and one row per topic",
        )
    };
    let header = header.ok_or_else(empty)?;
    if header.trim().is_empty() && lines.next_kept(&|l| !l.trim().is_empty())?.is_none() {
        return Err(empty());
    }
    let header_fields: Vec<&str> = header.split('\t').collect();
    let run_names: Vec<String> = header_fields[1..]
        .iter()
        .map(|s| s.trim().to_string())
        .collect();
    if run_names.len() < 2 {
        return Err(SourceError::at_line(
            path,
            1,
            format!(
                "header names {} run(s); expected a topic-column label and at least 2 tab-separated run names",
                run_names.len()
            ),
        ));
    }
    if run_names.len() > MAX_RUNS {
        return Err(SourceError::at_line(
            path,
            1,
            format!(
                "header names {} runs; at most {MAX_RUNS} are supported (every pair is compared)",
                run_names.len()
            ),
        ));
    }
    let mut seen_runs: HashSet<&str> = HashSet::with_capacity(run_names.len());
    for (k, name) in run_names.iter().enumerate() {
        let column = column_of(&header_fields, k + 1);
        if name.is_empty() {
            return Err(SourceError::new(
                path,
                Some(Position::at(1, column)),
                format!("run name {} (field {}) is empty", k + 1, k + 2),
            ));
        }
        if let Some(problem) = super::ids::id_problem(name) {
            return Err(SourceError::new(
                path,
                Some(Position::at(1, column)),
                problem.describe("run name", name),
            ));
        }
        if !seen_runs.insert(name) {
            return Err(SourceError::new(
                path,
                Some(Position::at(1, column)),
                format!("run name `{}` appears twice in the header", shown(name)),
            ));
        }
    }

    let runs = run_names.len();
    let mut topic_ids: Vec<String> = Vec::new();
    let mut seen_topics: HashSet<String> = HashSet::new();
    let mut values: Vec<f64> = Vec::new();
    while let Some((line_no, line)) = lines.next_line()? {
        if line.trim().is_empty() {
            return Err(SourceError::at_line(
                path,
                line_no,
                "blank line; expected a topic row (topic id then one score per run)",
            ));
        }
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != runs + 1 {
            return Err(SourceError::at_line(
                path,
                line_no,
                format!(
                    "row has {} tab-separated fields; expected {} (topic id and one score for each of the {} runs in the header)",
                    fields.len(),
                    runs + 1,
                    runs
                ),
            ));
        }
        let topic = fields[0].trim();
        if topic.is_empty() {
            return Err(SourceError::new(
                path,
                Some(Position::at(line_no, 1)),
                "empty topic id; expected the topic id in the first field",
            ));
        }
        if let Some(problem) = super::ids::id_problem(topic) {
            return Err(SourceError::new(
                path,
                Some(Position::at(line_no, 1)),
                problem.describe("topic", topic),
            ));
        }
        if !seen_topics.insert(topic.to_string()) {
            return Err(SourceError::new(
                path,
                Some(Position::at(line_no, 1)),
                format!("topic `{}` appears twice", shown(topic)),
            ));
        }
        for (k, cell) in fields[1..].iter().enumerate() {
            let at = Some(Position::at(line_no, column_of(&fields, k + 1)));
            let run = &run_names[k];
            let value: f64 = cell.trim().parse().map_err(|_| {
                SourceError::new(
                    path,
                    at,
                    format!(
                        "score of topic `{}` for run `{}` is `{}`; expected a number",
                        shown(topic),
                        shown(run),
                        shown(cell)
                    ),
                )
            })?;
            if !value.is_finite() || value.abs() > MAX_SCORE {
                return Err(SourceError::new(
                    path,
                    at,
                    format!(
                        "score of topic `{}` for run `{}` is `{}`; expected a finite number between -{MAX_SCORE:e} and {MAX_SCORE:e}",
                        shown(topic),
                        shown(run),
                        shown(cell)
                    ),
                ));
            }
            values.push(value);
        }
        topic_ids.push(topic.to_string());
    }
    if topic_ids.len() < 2 {
        return Err(SourceError::whole_file(
            path,
            format!(
                "{} topic row(s); expected at least 2 topics (one row each after the header)",
                topic_ids.len()
            ),
        ));
    }
    let scores = ScoreMatrix::new(topic_ids.len(), runs, values)
        .map_err(|e| SourceError::whole_file(path, e.to_string()))?;
    Ok(RunMatrix {
        topic_ids,
        run_names,
        scores,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CRLF line endings, no final newline, and the positions of the errors (a blank line, a run
    /// name or topic given twice, an infinite score).
    /// Run names and topic ids pass the one id check ([`super::super::ids`]).
    #[test]
    fn look_alike_ids_are_refused() {
        let path = Path::new("m.tsv");
        let err =
            parse_matrix(path, "topic\tA\tB\u{200b}\n1\t0.1\t0.2\n2\t0.3\t0.4\n").unwrap_err();
        assert_eq!(err.position, Some(Position::at(1, 9)), "{err}");
        assert!(err.message.contains("invisible character U+200B"), "{err}");
        let err =
            parse_matrix(path, "topic\tA\tB\n1\t0.1\t0.2\nT\u{202e}2\t0.3\t0.4\n").unwrap_err();
        assert_eq!(err.position, Some(Position::at(3, 1)), "{err}");
        assert!(err.message.contains("the topic `TU+202E2`"), "{err}");
    }

    #[test]
    fn reader_positions_and_edge_cases() {
        let p = Path::new("m.tsv");
        // CRLF line endings and no final newline are accepted.
        let m = parse_matrix(p, "t\ta\tb\r\n1\t1\t2\r\n2\t3\t4").unwrap();
        assert_eq!(m.run_names, ["a", "b"]);
        assert_eq!(m.topic_ids, ["1", "2"]);
        assert_eq!(m.scores.row(1), [3.0, 4.0]);

        let e = parse_matrix(p, "t\ta\tb\n1\t1\t2\n\n2\t3\t4\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "m.tsv:3: blank line; expected a topic row (topic id then one score per run)"
        );

        let e = parse_matrix(p, "t\ta\ta\n1\t1\t2\n2\t3\t4\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("m.tsv:1:5: run name `a` appears twice"),
            "{e}"
        );

        let e = parse_matrix(p, "t\ta\tb\n1\t1\t2\n1\t3\t4\n").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("m.tsv:3:1: topic `1` appears twice"),
            "{e}"
        );

        let e = parse_matrix(p, "t\ta\tb\n1\t1\tinf\n2\t3\t4\n").unwrap_err();
        assert!(e.to_string().starts_with("m.tsv:2:5:"), "{e}");
    }
}
