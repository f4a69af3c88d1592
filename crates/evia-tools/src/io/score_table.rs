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
//! Scores must be finite numbers; run names unique and non-empty. Errors name file, line and column.
//! At most [`MAX_RUNS`] runs.

use std::collections::HashSet;
use std::path::Path;

use super::matrix::parse_matrix;
use super::{Position, SourceError, read_text, shown, strip_bom};

/// The most runs a score table may hold (rank correlations compare every pair).
pub const MAX_RUNS: usize = 100_000;

/// A table of scores: `scores[r][m]` is run `runs[r]`'s score under measure `measures[m]`.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreTable {
    pub measures: Vec<String>,
    pub runs: Vec<String>,
    pub scores: Vec<Vec<f64>>,
    /// Topics the means were taken over (topic-by-run layout), else `None`.
    pub topics: Option<usize>,
}

/// Reads the score table at `path`.
pub fn read_score_table(path: &Path) -> Result<ScoreTable, SourceError> {
    let text = read_text(path)?;
    parse_score_table(path, &text)
}

/// Parses a score table; `path` is used in error messages only.
pub fn parse_score_table(path: &Path, text: &str) -> Result<ScoreTable, SourceError> {
    let text = strip_bom(text);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .peekable();
    let Some(&(first_no, first)) = lines.peek() else {
        return Err(SourceError::whole_file(
            path,
            "no scores; expected `run score` lines, a `run<TAB>measure…` table or a `topic<TAB>run…` matrix",
        ));
    };
    let head = first.split_ascii_whitespace().next().unwrap_or("");
    if head == "topic" {
        if first_no != 1 {
            return Err(SourceError::at_line(
                path,
                first_no,
                "a topic-by-run matrix starts with its header on line 1 (no comments or blank lines)",
            ));
        }
        let matrix = parse_matrix(path, text)?;
        let means = matrix.scores.run_means_compensated();
        return Ok(ScoreTable {
            measures: vec!["mean".to_string()],
            runs: matrix.run_names,
            scores: means.into_iter().map(|m| vec![m]).collect(),
            topics: Some(matrix.topic_ids.len()),
        });
    }
    let measures: Vec<String> = if head == "run" {
        let (_, header) = lines.next().unwrap_or((first_no, first));
        let names: Vec<String> = header
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
    let mut runs = Vec::new();
    let mut scores = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    for (no, line) in lines {
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
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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
