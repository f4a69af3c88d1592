//! Reader of score tables: one score per run, or one per run and measure, as `evia-repro tau`
//! compares them.
//!
//! Three layouts, told apart by the first line that is not blank or a `#` comment:
//!
//! - **run and score** (no header): `run<WS>score` lines (whitespace-separated); the measure is
//!   called `score`;
//! - **run by measure**: a header `run<TAB>M1<TAB>M2…` (the first field is literally `run`), then
//!   `run<TAB>score1<TAB>score2…` lines;
//! - **topic by run** (the matrix `hsd` reads, [`super::matrix`]): a header `topic<TAB>run1<TAB>run2…`;
//!   each run's score is its mean over the file's topics, summed with compensation
//!   (`evia_engine::ranking::ties`), under the measure `mean`. Two such tables may cover different
//!   topic sets.
//!
//! Scores must be finite numbers; run names unique, non-empty and through the one id check
//! ([`super::ids`]). Errors name file, line and column.
//! At most [`MAX_RUNS`] runs.

use std::collections::HashSet;
use std::path::Path;

use super::input::MAX_INPUT;
use super::lines::{LineSource, Lines, TextLines};
use super::matrix::matrix_from_lines;
use super::{Position, SourceError, shown};

/// The most runs a score table may hold: the rank correlations compare every pair of runs
/// (Kendall's tau, tau_AP and top-k tau take time quadratic in the runs), so 10,000 runs are about
/// 10^8 comparisons, a few seconds.
pub const MAX_RUNS: usize = 10_000;

/// A table of scores: `scores[r][m]` is run `runs[r]`'s score under measure `measures[m]`.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreTable {
    pub measures: Vec<String>,
    pub runs: Vec<String>,
    pub scores: Vec<Vec<f64>>,
    /// Topics the means were taken over (topic-by-run layout), else `None`.
    pub topics: Option<usize>,
}

/// Reads the score table at `path`, a line at a time ([`Lines`]).
pub fn read_score_table(path: &Path) -> Result<ScoreTable, SourceError> {
    score_table_from_lines(path, &mut Lines::open(path, MAX_INPUT)?)
}

/// Parses a score table; `path` is used in error messages only.
pub fn parse_score_table(path: &Path, text: &str) -> Result<ScoreTable, SourceError> {
    score_table_from_lines(path, &mut TextLines::new(text))
}

/// Whether a line of a score table holds scores (not blank, not a `#` comment).
fn kept(line: &str) -> bool {
    !line.trim().is_empty() && !line.trim_start().starts_with('#')
}

/// Parses the score table `lines` gives; `path` is used in error messages only.
fn score_table_from_lines(
    path: &Path,
    lines: &mut dyn LineSource,
) -> Result<ScoreTable, SourceError> {
    let Some((first_no, first)) = lines.next_kept(&kept)? else {
        return Err(SourceError::whole_file(
            path,
            "no scores; expected `run score` lines, a `run<TAB>measure…` table or a `topic<TAB>run…` matrix",
        ));
    };
    let first = first.to_string();
    let head = first.split_ascii_whitespace().next().unwrap_or("");
    if head == "topic" {
        if first_no != 1 {
            return Err(SourceError::at_line(
                path,
                first_no,
                "a topic-by-run matrix starts with its header on line 1 (no comments or blank lines)",
            ));
        }
        let matrix = matrix_from_lines(path, Some(&first), lines)?;
        let means = matrix.scores.run_means_compensated();
        return Ok(ScoreTable {
            measures: vec!["mean".to_string()],
            runs: matrix.run_names,
            scores: means.into_iter().map(|m| vec![m]).collect(),
            topics: Some(matrix.topic_ids.len()),
        });
    }
    let measures: Vec<String> = if head == "run" {
        let names: Vec<String> = first
            .split('\t')
            .skip(1)
            .map(|s| s.trim().to_string())
            .collect();
        if names.is_empty() || names.iter().any(String::is_empty) {
            return Err(SourceError::at_line(
                path,
                first_no,
                "the header `run<TAB>M1<TAB>M2…` needs at least one non-empty, tab-separated measure name",
            ));
        }
        let mut seen = HashSet::new();
        if let Some(dup) = names.iter().find(|n| !seen.insert(n.as_str())) {
            return Err(SourceError::at_line(
                path,
                first_no,
                format!("measure `{}` appears twice in the header", shown(dup)),
            ));
        }
        names
    } else {
        vec!["score".to_string()]
    };
    let tabbed = head == "run";
    let mut table = Table::default();
    if head != "run" {
        table_line(path, first_no, &first, tabbed, &measures, &mut table)?;
    }
    while let Some((no, line)) = lines.next_kept(&kept)? {
        table_line(path, no, line, tabbed, &measures, &mut table)?;
    }
    let Table { runs, scores, .. } = table;
    if runs.is_empty() {
        return Err(SourceError::whole_file(
            path,
            "no run lines after the header",
        ));
    }
    Ok(ScoreTable {
        measures,
        runs,
        scores,
        topics: None,
    })
}

/// The runs and scores read so far.
#[derive(Default)]
struct Table {
    runs: Vec<String>,
    scores: Vec<Vec<f64>>,
    seen: HashSet<String>,
}

/// Reads the run line `line` (number `no`) into `table`: a run name and one score per measure,
/// separated by tabs (`tabbed`) or white space.
fn table_line(
    path: &Path,
    no: usize,
    line: &str,
    tabbed: bool,
    measures: &[String],
    table: &mut Table,
) -> Result<(), SourceError> {
    let Table { runs, scores, seen } = table;
    let fields: Vec<&str> = if tabbed {
        line.split('\t').map(str::trim).collect()
    } else {
        line.split_ascii_whitespace().collect()
    };
    if fields.len() != measures.len() + 1 {
        return Err(SourceError::at_line(
            path,
            no,
            format!(
                "{} field(s); expected {} (a run name and {} score(s))",
                fields.len(),
                measures.len() + 1,
                measures.len()
            ),
        ));
    }
    let run = fields[0];
    if run.is_empty() {
        return Err(SourceError::new(
            path,
            Some(Position::at(no, 1)),
            "empty run name",
        ));
    }
    if let Some(problem) = super::ids::id_problem(run) {
        return Err(SourceError::new(
            path,
            Some(Position::at(no, 1)),
            problem.describe("run", run),
        ));
    }
    if !seen.insert(run.to_string()) {
        return Err(SourceError::new(
            path,
            Some(Position::at(no, 1)),
            format!("run `{}` appears twice", shown(run)),
        ));
    }
    if runs.len() == MAX_RUNS {
        return Err(SourceError::at_line(
            path,
            no,
            format!("more than {MAX_RUNS} runs"),
        ));
    }
    let mut row = Vec::with_capacity(measures.len());
    for (k, cell) in fields[1..].iter().enumerate() {
        let value = cell
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| {
                SourceError::at_line(
                    path,
                    no,
                    format!(
                        "score of run `{}` for `{}` is `{}`; expected a finite number",
                        shown(run),
                        shown(&measures[k]),
                        shown(cell)
                    ),
                )
            })?;
        row.push(value);
    }
    runs.push(run.to_string());
    scores.push(row);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Run names pass the one id check ([`super::super::ids`]).
    #[test]
    fn look_alike_run_names_are_refused() {
        let err =
            parse_score_table(Path::new("s"), "r1 0.5\nr1\u{200b} 0.6\nr3 0.7\n").unwrap_err();
        assert_eq!(err.position, Some(Position::at(2, 1)), "{err}");
        assert!(err.message.contains("invisible character U+200B"), "{err}");
    }

    #[test]
    fn reads_the_three_layouts_and_names_bad_lines() {
        let p = Path::new("t.tsv");
        let t = parse_score_table(p, "# c\nr1 0.5\nr2\t0.25\n").unwrap();
        assert_eq!((t.measures.len(), t.runs.len()), (1, 2));
        assert_eq!(t.scores, vec![vec![0.5], vec![0.25]]);
        let t = parse_score_table(p, "run\tAP\tP@10\nr1\t0.1\t0.2\nr2\t0.3\t0.4\n").unwrap();
        assert_eq!(t.measures, vec!["AP", "P@10"]);
        assert_eq!(t.scores[1], vec![0.3, 0.4]);
        let t = parse_score_table(p, "topic\ta\tb\n1\t0.1\t0.3\n2\t0.2\t0.0\n").unwrap();
        assert_eq!(t.topics, Some(2));
        assert_eq!(t.runs, vec!["a", "b"]);
        let e = parse_score_table(p, "r1 0.5\nr1 0.4\n").unwrap_err();
        assert_eq!(e.to_string(), "t.tsv:2:1: run `r1` appears twice");
        let e = parse_score_table(p, "r1 x\n").unwrap_err();
        assert!(
            e.to_string().starts_with("t.tsv:1: score of run `r1`"),
            "{e}"
        );
        assert!(parse_score_table(p, "r1 NaN\n").is_err());
        assert!(parse_score_table(p, "# only\n").is_err());
    }
}
