//! The runs' per-topic scores under each judge for one measure (the input of the ranking,
//! significance and subset analyses), the runs left out, and the run means every rank correlation
//! compares.

use std::collections::{BTreeMap, BTreeSet};

use evia_engine::ranking::ties::neumaier_sum;
use evia_engine::significance::{MatrixError, ScoreMatrix};

/// One judge's per-topic scores of every run for one measure: `values[i * runs + j]` is topic
/// `topics[i]`, run `j` of the analysis's run list.
#[derive(Debug, Clone, PartialEq)]
pub struct JudgeScores {
    pub judge: String,
    /// The topics the judge labelled, each a row.
    pub topics: Vec<String>,
    pub values: Vec<f64>,
}

/// One measure's scores under every judge, in judge order.
#[derive(Debug, Clone, PartialEq)]
pub struct MeasureScores {
    /// The measure as the user spelled it.
    pub measure: String,
    pub judges: Vec<JudgeScores>,
}

/// The runs an analysis compares: every run of the input but those left out.
#[derive(Debug, Clone, PartialEq)]
pub struct RunSelection {
    /// The names of the runs kept, in input order.
    pub names: Vec<String>,
    /// Their columns in the input.
    columns: Vec<usize>,
    /// The runs of the input that were left out, in input order.
    pub excluded: Vec<String>,
}

impl RunSelection {
    /// Keeps every run of `runs` that `exclude` does not name.
    pub fn new(runs: &[String], exclude: &BTreeSet<String>) -> Self {
        let (mut names, mut columns, mut excluded) = (Vec::new(), Vec::new(), Vec::new());
        for (j, run) in runs.iter().enumerate() {
            if exclude.contains(run) {
                excluded.push(run.clone());
            } else {
                names.push(run.clone());
                columns.push(j);
            }
        }
        RunSelection {
            names,
            columns,
            excluded,
        }
    }
}

impl JudgeScores {
    /// The number of runs in a row.
    fn width(&self) -> usize {
        self.values
            .len()
            .checked_div(self.topics.len())
            .unwrap_or(0)
    }

    /// The rows of the topics `keep` accepts, with the selected runs' columns only.
    pub fn rows(&self, runs: &RunSelection, keep: impl Fn(&str) -> bool) -> Vec<Vec<f64>> {
        let width = self.width();
        self.topics
            .iter()
            .enumerate()
            .filter(|(_, t)| keep(t))
            .map(|(i, _)| {
                runs.columns
                    .iter()
                    .map(|&j| self.values[i * width + j])
                    .collect()
            })
            .collect()
    }

    /// The run means (compensated sums, as every rank correlation of the engine expects) over the
    /// topics `keep` accepts; `None` with no such topic.
    pub fn means(&self, runs: &RunSelection, keep: impl Fn(&str) -> bool) -> Option<Vec<f64>> {
        let rows = self.rows(runs, keep);
        if rows.is_empty() {
            return None;
        }
        let n = rows.len() as f64;
        Some(
            (0..runs.names.len())
                .map(|j| neumaier_sum(rows.iter().map(|r| r[j])) / n)
                .collect(),
        )
    }

    /// The score matrix of the topics `keep` accepts (the significance tests need 2 topics and 2
    /// runs at least).
    pub fn matrix(
        &self,
        runs: &RunSelection,
        keep: impl Fn(&str) -> bool,
    ) -> Result<ScoreMatrix, MatrixError> {
        ScoreMatrix::from_rows(&self.rows(runs, keep))
    }
}

/// `{run: mean}` of `runs` and `means`.
pub fn by_run(runs: &RunSelection, means: &[f64]) -> BTreeMap<String, f64> {
    runs.names
        .iter()
        .cloned()
        .zip(means.iter().copied())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn left_out_runs_leave_every_view() {
        let runs: Vec<String> = ["a", "b", "c"].map(String::from).to_vec();
        let selection = RunSelection::new(&runs, &BTreeSet::from(["b".to_string()]));
        assert_eq!(selection.names, ["a", "c"]);
        assert_eq!(selection.excluded, ["b"]);
        let scores = JudgeScores {
            judge: "j".into(),
            topics: vec!["1".into(), "2".into()],
            values: vec![0.1, 0.9, 0.3, 0.5, 0.2, 0.7],
        };
        assert_eq!(scores.rows(&selection, |_| true), [[0.1, 0.3], [0.5, 0.7]]);
        // (0.1 + 0.5) / 2 and (0.3 + 0.7) / 2, by hand.
        assert_eq!(scores.means(&selection, |_| true), Some(vec![0.3, 0.5]));
        assert_eq!(scores.means(&selection, |t| t == "2"), Some(vec![0.5, 0.7]));
        assert_eq!(scores.means(&selection, |_| false), None);
        assert!(scores.matrix(&selection, |t| t == "1").is_err());
    }
}
