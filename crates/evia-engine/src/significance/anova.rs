//! Two-way ANOVA without replication (topic × run) and the effect size ES_HSD
//! (tests/fixtures/statistics.md §4; Sakai, "Laboratory Experiments in Information Retrieval", 2018, ch. 4).

use super::ScoreMatrix;

/// The sums of squares of a two-way ANOVA without replication on an n × m topic-by-run matrix.
///
/// ```text
/// SS_T   = Σ_ij (x_ij − x̄..)²                        df = nm − 1
/// SS_top = m Σ_i (x̄_i. − x̄..)²                       df = n − 1
/// SS_run = n Σ_j (x̄_.j − x̄..)²                       df = m − 1
/// SS_E   = Σ_ij (x_ij − x̄_i. − x̄_.j + x̄..)²          df = (n − 1)(m − 1)
/// V_E    = SS_E / ((n − 1)(m − 1))
/// ```
/// SS_E is summed directly from the residuals (not as SS_T − SS_top − SS_run) to avoid cancellation.
///
/// A residual that is zero up to rounding is zero: each residual `x_ij − x̄_i. − x̄_.j + x̄..` is
/// computed from means of up to `n`, `m` and `nm` values, so its rounding error is at most about
/// `τ = (n + m + 4) ε s`, with `ε` the machine epsilon and `s = max |x_ij|`. When
/// `SS_E ≤ nm τ²` (every residual could be rounding alone, as when one run is another plus a
/// constant that is not exact in binary, `0.3 + 0.5`), SS_E and V_E are 0 and ES_HSD is undefined,
/// as for the same structure in exactly representable values.
#[derive(Debug, Clone, PartialEq)]
pub struct Anova {
    pub topics: usize,
    pub runs: usize,
    pub grand_mean: f64,
    pub ss_total: f64,
    pub ss_topic: f64,
    pub ss_run: f64,
    pub ss_residual: f64,
    /// Residual degrees of freedom (n − 1)(m − 1).
    pub df_residual: usize,
    /// Residual mean square V_E = SS_E / ((n − 1)(m − 1)).
    pub v_e: f64,
}

impl Anova {
    /// Residual degrees of freedom as used by the classical Tukey HSD (tests/fixtures/statistics.md §5).
    pub fn df(&self) -> f64 {
        self.df_residual as f64
    }

    /// ES_HSD = |d| / sqrt(V_E) for a difference `d` of run means (tests/fixtures/statistics.md §4); `None` when
    /// V_E = 0 (all residuals zero: the effect size is undefined).
    pub fn effect_size(&self, d: f64) -> Option<f64> {
        (self.v_e > 0.0).then(|| d.abs() / self.v_e.sqrt())
    }

    /// The studentized statistic |d| / sqrt(V_E / n) of the classical Tukey HSD (tests/fixtures/statistics.md §5);
    /// `None` when V_E = 0.
    pub fn studentized(&self, d: f64) -> Option<f64> {
        (self.v_e > 0.0).then(|| d.abs() / (self.v_e / self.topics as f64).sqrt())
    }
}

/// Runs the two-way ANOVA without replication on `x` (topics are the blocks, runs the treatment).
pub fn two_way_anova(x: &ScoreMatrix) -> Anova {
    let (n, m) = (x.topics(), x.runs());
    let run_means = x.run_means();
    let topic_means: Vec<f64> = (0..n)
        .map(|i| x.row(i).iter().sum::<f64>() / m as f64)
        .collect();
    let grand_mean = x.values().iter().sum::<f64>() / (n * m) as f64;

    let mut ss_total = 0.0;
    let mut ss_residual = 0.0;
    for (i, &topic_mean) in topic_means.iter().enumerate() {
        for (j, &run_mean) in run_means.iter().enumerate() {
            let v = x.get(i, j);
            ss_total += (v - grand_mean).powi(2);
            ss_residual += (v - topic_mean - run_mean + grand_mean).powi(2);
        }
    }
    let ss_topic = m as f64
        * topic_means
            .iter()
            .map(|t| (t - grand_mean).powi(2))
            .sum::<f64>();
    let ss_run = n as f64
        * run_means
            .iter()
            .map(|r| (r - grand_mean).powi(2))
            .sum::<f64>();
    let scale = x.values().iter().fold(0.0f64, |s, v| s.max(v.abs()));
    let rounding = (n + m + 4) as f64 * f64::EPSILON * scale;
    if ss_residual <= (n * m) as f64 * rounding * rounding {
        ss_residual = 0.0;
    }
    let df_residual = (n - 1) * (m - 1);
    Anova {
        topics: n,
        runs: m,
        grand_mean,
        ss_total,
        ss_topic,
        ss_run,
        ss_residual,
        df_residual,
        v_e: ss_residual / df_residual as f64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn columns(c: &[&[f64]]) -> ScoreMatrix {
        ScoreMatrix::from_columns(c).expect("equal columns")
    }

    /// One run is the other plus a constant: every residual is zero, whether the constant is exact
    /// in binary (0.25) or not (0.5 added to 0.3 and 0.1): V_E = 0 and ES_HSD undefined, not a
    /// rounding residual of about 1e-32 read as an effect size of 1e15.
    #[test]
    fn a_residual_that_is_zero_up_to_rounding_is_zero() {
        let r1 = [0.5, 0.3, 0.1];
        let inexact: Vec<f64> = r1.iter().map(|v| v + 0.5).collect();
        let exact: Vec<f64> = r1.iter().map(|v| v + 0.25).collect();
        for r2 in [inexact, exact] {
            let a = two_way_anova(&columns(&[&r1, &r2]));
            assert_eq!(a.ss_residual, 0.0, "{a:?}");
            assert_eq!(a.v_e, 0.0);
            assert_eq!(a.effect_size(0.5), None);
            assert_eq!(a.studentized(0.5), None);
        }
        // A small residual that is not rounding stays.
        let a = two_way_anova(&columns(&[&[0.5, 0.3, 0.1], &[1.0, 0.8, 0.600_001]]));
        assert!(a.v_e > 0.0, "{a:?}");
        assert!(a.effect_size(0.5).is_some());
    }
}
