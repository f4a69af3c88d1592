//! Significance testing over a topic-by-run score matrix (tests/fixtures/statistics.md §3–§5).
//!
//! - [`ScoreMatrix`]: n topics × m runs, every run scored on the same topics.
//! - [`anova`]: the two-way ANOVA without replication (topic × run) and its residual variance V_E.
//! - [`randomised_hsd`]: the randomised Tukey HSD test (Carterette 2012; Sakai's Discpower), seeded
//!   and split into blocks so that any thread count gives the same p-values, and the exact paired
//!   randomisation test it reduces to for two runs.
//! - [`ptukey`]: the studentized range distribution and the classical Tukey HSD p-value.
//! - [`normal_cdf_table`]: the tabulated normal distribution function its quadrature uses.
//! - `range_table`: the range distribution interpolated on Chebyshev panels for its outer integral.
//! - [`overlap`]: discriminative power and Statistical Significance Overlap (SSO).

pub mod anova;
mod block_slots;
mod gauss_legendre;
mod normal;
pub mod normal_cdf_table;
pub mod overlap;
pub mod ptukey;
pub mod randomised_hsd;
mod range_cdf;
mod range_table;
mod trials;

/// Why a score matrix cannot be built.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MatrixError {
    #[error("a score matrix needs at least 2 topics, got {0}")]
    TooFewTopics(usize),
    #[error("a score matrix needs at least 2 runs, got {0}")]
    TooFewRuns(usize),
    #[error("{topics} topics × {runs} runs need {expected} values, got {got}")]
    WrongLength {
        topics: usize,
        runs: usize,
        expected: usize,
        got: usize,
    },
    #[error(
        "score of topic {topic} (0-based) for run {run} (0-based) is {value}, not a finite number"
    )]
    NotFinite {
        topic: usize,
        run: usize,
        value: f64,
    },
}

/// A topic-by-run matrix of scores: `topics` rows, `runs` columns, stored row-major.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreMatrix {
    topics: usize,
    runs: usize,
    values: Vec<f64>,
}

impl ScoreMatrix {
    /// Builds the matrix from row-major `values` (`values[i * runs + j]` is topic i, run j).
    /// Needs at least 2 topics and 2 runs, and finite scores.
    pub fn new(topics: usize, runs: usize, values: Vec<f64>) -> Result<Self, MatrixError> {
        if topics < 2 {
            return Err(MatrixError::TooFewTopics(topics));
        }
        if runs < 2 {
            return Err(MatrixError::TooFewRuns(runs));
        }
        let expected = topics * runs;
        if values.len() != expected {
            return Err(MatrixError::WrongLength {
                topics,
                runs,
                expected,
                got: values.len(),
            });
        }
        if let Some(k) = values.iter().position(|v| !v.is_finite()) {
            return Err(MatrixError::NotFinite {
                topic: k / runs,
                run: k % runs,
                value: values[k],
            });
        }
        Ok(ScoreMatrix {
            topics,
            runs,
            values,
        })
    }

    /// Builds the matrix from one row per topic (all rows must have the same length).
    pub fn from_rows<R: AsRef<[f64]>>(rows: &[R]) -> Result<Self, MatrixError> {
        let runs = rows.first().map_or(0, |r| r.as_ref().len());
        let mut values = Vec::with_capacity(rows.len() * runs);
        for row in rows {
            values.extend_from_slice(row.as_ref());
        }
        Self::new(rows.len(), runs, values)
    }

    /// Builds the matrix from one column per run (all columns must have the same length).
    pub fn from_columns<C: AsRef<[f64]>>(columns: &[C]) -> Result<Self, MatrixError> {
        let topics = columns.first().map_or(0, |c| c.as_ref().len());
        let runs = columns.len();
        if let Some(c) = columns.iter().find(|c| c.as_ref().len() != topics) {
            return Err(MatrixError::WrongLength {
                topics,
                runs,
                expected: topics * runs,
                got: topics * (runs - 1) + c.as_ref().len(),
            });
        }
        let mut values = Vec::with_capacity(topics * runs);
        for i in 0..topics {
            values.extend(columns.iter().map(|c| c.as_ref()[i]));
        }
        Self::new(topics, runs, values)
    }

    /// Number of topics n (rows).
    pub fn topics(&self) -> usize {
        self.topics
    }

    /// Number of runs m (columns).
    pub fn runs(&self) -> usize {
        self.runs
    }

    /// The score of topic `i` for run `j`.
    pub fn get(&self, i: usize, j: usize) -> f64 {
        self.values[i * self.runs + j]
    }

    /// Topic `i`'s scores for every run.
    pub fn row(&self, i: usize) -> &[f64] {
        &self.values[i * self.runs..(i + 1) * self.runs]
    }

    /// All scores, row-major.
    pub fn values(&self) -> &[f64] {
        &self.values
    }

    /// Column sums `Σ_i x_ij`, accumulated topic by topic in row order. The randomised HSD sums its
    /// permuted columns in the same order, so an identity permutation reproduces these bit for bit.
    pub fn run_sums(&self) -> Vec<f64> {
        let mut sums = vec![0.0; self.runs];
        for row in self.values.chunks_exact(self.runs) {
            for (s, &x) in sums.iter_mut().zip(row) {
                *s += x;
            }
        }
        sums
    }

    /// Run means `x̄_.j = (Σ_i x_ij) / n` (sums as in [`ScoreMatrix::run_sums`]).
    pub fn run_means(&self) -> Vec<f64> {
        let n = self.topics as f64;
        self.run_sums().into_iter().map(|s| s / n).collect()
    }

    /// Run means with compensated column sums (`ranking::ties::neumaier_sum`, in row order), for
    /// ranking runs: means equal in exact arithmetic come out equal or within the tie tolerance of
    /// `crate::ranking::ties`, whatever the order of the topics' values. (The significance tests
    /// keep [`ScoreMatrix::run_means`], which their permuted sums reproduce bit for bit.)
    pub fn run_means_compensated(&self) -> Vec<f64> {
        let n = self.topics as f64;
        (0..self.runs)
            .map(|j| {
                crate::ranking::ties::neumaier_sum((0..self.topics).map(|i| self.get(i, j))) / n
            })
            .collect()
    }
}

/// The unordered run pairs (j, k), j < k, in the order every pair-wise result of this module uses:
/// (0,1), (0,2), …, (0,m−1), (1,2), …, (m−2,m−1).
pub fn run_pairs(runs: usize) -> Vec<(usize, usize)> {
    let mut pairs = Vec::with_capacity(runs * runs.saturating_sub(1) / 2);
    for j in 0..runs {
        for k in j + 1..runs {
            pairs.push((j, k));
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_degenerate_and_non_finite_matrices() {
        assert_eq!(
            ScoreMatrix::new(1, 3, vec![0.0; 3]),
            Err(MatrixError::TooFewTopics(1))
        );
        assert_eq!(
            ScoreMatrix::new(3, 1, vec![0.0; 3]),
            Err(MatrixError::TooFewRuns(1))
        );
        assert!(matches!(
            ScoreMatrix::new(2, 2, vec![0.0; 3]),
            Err(MatrixError::WrongLength { .. })
        ));
        assert!(matches!(
            ScoreMatrix::new(2, 2, vec![0.0, 1.0, f64::NAN, 0.0]),
            Err(MatrixError::NotFinite {
                topic: 1,
                run: 0,
                ..
            })
        ));
    }

    #[test]
    fn rows_and_columns_agree() {
        let by_rows = ScoreMatrix::from_rows(&[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]).unwrap();
        let by_cols = ScoreMatrix::from_columns(&[[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]).unwrap();
        assert_eq!(by_rows, by_cols);
        assert_eq!(by_rows.run_means(), vec![2.5, 3.5, 4.5]);
        assert_eq!(run_pairs(3), vec![(0, 1), (0, 2), (1, 2)]);
    }
}
