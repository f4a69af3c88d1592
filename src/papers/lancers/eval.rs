//! Paper B, §4: system rankings and significance tests under different qrels versions (Tables 3–5,
//! Figure 1) and different topic sets (Tables 6–8, Figure 2).
//!
//! Every experiment here works on a [`Collection`](collection::Collection): the labelled topics (the seeded stand-in, or a
//! user's real labels with `--data`), the runs (stand-in runs from `data/lancers/www-runs.yaml`, or the
//! real runs in `DIR/runs/`), and the high/low-agreement split. It evaluates the runs once per
//! condition (a qrels version, or a qrels version on a topic subset) and measure, giving a
//! topic-by-run [`evia_engine::significance::ScoreMatrix`] each, and derives its table from those matrices:
//!
//! - Kendall's tau-b between the run means of two conditions with the Hollander–Wolfe–Chicken 95% CI
//!   (`evia_engine::ranking`, tests/fixtures/statistics.md §2);
//! - the randomised Tukey HSD with `trials` trials (paper B §4.1.2: "B = 10, 000 trials"), p < `alpha`
//!   significant (tests/fixtures/statistics.md §3), one seeded stream per (qrels version, topic subset, measure),
//!   named `lancers.hsd` / `<qrels>/<subset>/<measure>`, so every table that tests the same
//!   condition (Table 5's all3 and Table 8's all3 (50 topics)) sees the same p-values;
//! - discriminative power (significant pairs) and Statistical Significance Overlap a/b/c with
//!   SSO = b / (a + b + c) (tests/fixtures/statistics.md §4; a = significant only under the row condition, c = only
//!   under the column condition).
//!
//! Experiments that share a manifest `experiment` (B.T4 and B.T5, B.T7 and B.T8) compute the same
//! numbers; each artefact keeps the cells of the panels its layout shows and checks the claims tied to
//! them.

use crate::manifest::Artefact;
use crate::papers::lancers::params::{
    EvalInputs, QrelsEvalParams, QrelsOverlapParams, Significance, TauInterval, TopicsetEvalParams,
    TopicsetOverlapParams,
};
use crate::papers::{Context, ExperimentError};
use crate::results::{ResultTable, VALUE};
use evia_engine::ranking::{TauError, kendall_tau};

/// The column (of each panel of a means figure) that holds a run's x position: its rank by mean
/// under the first condition (`render::figure_means` places the run there).
pub(crate) use crate::results::X_POSITION;

mod claims;
mod collection;
mod evaluated;
mod significance;

pub(crate) use collection::collection;
use evaluated::{Evaluated, evaluated};
#[cfg(test)]
pub(crate) use significance::HSD_STREAM;
use significance::significance_cells;

pub(crate) use crate::papers::lancers::params::TopicSubset;

impl Evaluated {
    /// Kendall's tau with its 95% CI between the run means of every pair of conditions, per measure:
    /// cells `<measure>/<row condition>/<column condition>/{tau, ci_lo, ci_hi}`, the interval as
    /// paper B computes it or clipped to [−1, 1] (`interval`).
    fn tau_cells(
        &self,
        artefact: &Artefact,
        interval: TauInterval,
        table: &mut ResultTable,
    ) -> Result<(), ExperimentError> {
        for (k, measure) in self.measures.iter().enumerate() {
            let panel = measure.printed_name();
            let means: Vec<Vec<f64>> = self
                .matrices
                .iter()
                .map(|m| m[k].run_means_compensated())
                .collect();
            for (i, a) in self.conditions.iter().enumerate() {
                for (j, b) in self.conditions.iter().enumerate().skip(i + 1) {
                    let tau = kendall_tau(&means[i], &means[j]).map_err(|e| {
                        let reason = format!("{panel}, {} vs {}: {e}", a.id, b.id);
                        match e {
                            // Tied runs are a property of the data, not a fault.
                            TauError::AllTied => ExperimentError::Undefined {
                                artefact: artefact.id.to_string(),
                                reason,
                            },
                            _ => ExperimentError::invalid(artefact, reason),
                        }
                    })?;
                    table.set(&panel, &a.id, &b.id, "tau", tau.tau);
                    let (lo, hi) = match interval {
                        TauInterval::Paper => (tau.ci_low, tau.ci_high),
                        TauInterval::Clipped => tau.clipped_interval(),
                    };
                    table.set(&panel, &a.id, &b.id, "ci_lo", lo);
                    table.set(&panel, &a.id, &b.id, "ci_hi", hi);
                }
            }
        }
        table.note(match interval {
            TauInterval::Paper => "Kendall's tau-b between run means with the Hollander–Wolfe–Chicken 95% CI, τ ± 1.959964·σ (the 0.975 normal quantile), not clipped (tests/fixtures/statistics.md §2).",
            TauInterval::Clipped => "Kendall's tau-b between run means with the Hollander–Wolfe–Chicken 95% CI, τ ± 1.959964·σ (the 0.975 normal quantile) clipped to [−1, 1], the range tau can take (tests/fixtures/statistics.md §2).",
        });
        Ok(())
    }
}

/// Keeps only the cells of the panels `artefact`'s layout shows (an experiment shared by two tables
/// computes both tables' numbers).
fn keep_layout_panels(artefact: &Artefact, table: &mut ResultTable) {
    if let Some(layout) = &artefact.layout {
        let shown: Vec<&str> = layout.panels.iter().map(|p| p.id.as_str()).collect();
        table.cells.retain(|k, _| shown.contains(&k.panel.as_str()));
    }
}

/// Whether `artefact`'s layout shows panel `id`.
fn shows(artefact: &Artefact, id: &str) -> bool {
    artefact
        .layout
        .as_ref()
        .is_some_and(|l| l.panels.iter().any(|p| p.id == id))
}

/// A claim an experiment checks on its evaluated conditions, writing its outcome into the table.
type Claim = fn(&Evaluated, &mut ResultTable);

/// Table 3 of paper B: Kendall's tau with 95% CIs between every pair of qrels versions.
pub(crate) fn qrels_rank_correlation(
    artefact: &Artefact,
    params: &QrelsEvalParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    rank_correlation(
        artefact,
        &params.inputs(),
        params.tau_interval,
        context,
        claims::all_rankings_equivalent,
    )
}

/// Tables 4 and 5 of paper B: significance overlap between qrels versions, and the discriminative
/// power of each.
pub(crate) fn qrels_overlap(
    artefact: &Artefact,
    params: &QrelsOverlapParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    let claims = OverlapClaims {
        main: claims::combined_qrels_discriminative,
        other: claims::student_disagrees_most,
    };
    overlap(
        artefact,
        &params.inputs(),
        params.significance(),
        context,
        claims,
    )
}

/// Table 6 of paper B: Kendall's tau with 95% CIs between every pair of topic sets.
pub(crate) fn topicset_rank_correlation(
    artefact: &Artefact,
    params: &TopicsetEvalParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    rank_correlation(
        artefact,
        &params.inputs(),
        params.tau_interval,
        context,
        claims::topicset_equivalence,
    )
}

/// Tables 7 and 8 of paper B: significance overlap between topic sets, and the discriminative power
/// of each.
pub(crate) fn topicset_overlap(
    artefact: &Artefact,
    params: &TopicsetOverlapParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    let claims = OverlapClaims {
        main: claims::high_agreement_more_discriminative,
        other: claims::subsets_of_full_set,
    };
    overlap(
        artefact,
        &params.inputs(),
        params.significance(),
        context,
        claims,
    )
}

/// Kendall's tau with 95% CIs between every pair of the conditions of `inputs`, and the claim the
/// table checks about them.
fn rank_correlation(
    artefact: &Artefact,
    inputs: &EvalInputs<'_>,
    interval: TauInterval,
    context: &Context,
    claim: fn(&Evaluated, &Artefact, &mut ResultTable),
) -> Result<ResultTable, ExperimentError> {
    let evaluated = evaluated(artefact, inputs, context)?;
    let mut table = evaluated.table(artefact);
    evaluated.tau_cells(artefact, interval, &mut table)?;
    claim(&evaluated, artefact, &mut table);
    Ok(table)
}

/// The claims an overlap table checks: those of its `main` panel when its layout shows it, else
/// those of the other panels (two tables share one overlap experiment).
#[derive(Clone, Copy)]
struct OverlapClaims {
    main: Claim,
    other: Claim,
}

/// Significance overlap and discriminative power between the conditions of `inputs`, the cells of
/// the panels `artefact`'s layout shows, and the claims about them.
fn overlap(
    artefact: &Artefact,
    inputs: &EvalInputs<'_>,
    significance: Significance,
    context: &Context,
    claims: OverlapClaims,
) -> Result<ResultTable, ExperimentError> {
    let evaluated = evaluated(artefact, inputs, context)?;
    let mut table = evaluated.table(artefact);
    significance_cells(artefact, significance, context, &evaluated, &mut table)?;
    let claim = match shows(artefact, "main") {
        true => claims.main,
        false => claims.other,
    };
    claim(&evaluated, &mut table);
    keep_layout_panels(artefact, &mut table);
    Ok(table)
}

/// Figure 1 of paper B: the mean score of every run under each qrels version.
pub(crate) fn qrels_means_figure(
    artefact: &Artefact,
    params: &QrelsEvalParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    let evaluated = evaluated(artefact, &params.inputs(), context)?;
    let mut table = evaluated.table(artefact);
    means_cells(&evaluated, &mut table);
    claims::rankings_differ(&evaluated, &mut table);
    Ok(table)
}

/// Figure 2 of paper B: the mean score of every run under each topic set.
pub(crate) fn topicset_means_figure(
    artefact: &Artefact,
    params: &TopicsetEvalParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    let evaluated = evaluated(artefact, &params.inputs(), context)?;
    let mut table = evaluated.table(artefact);
    means_cells(&evaluated, &mut table);
    Ok(table)
}

/// The figures' cells: `<measure>/<run>/<condition>/value` = the run's mean, and
/// `<measure>/<run>/x/value` = the run's position on the x axis, its rank by the first condition's
/// mean (1 = best; ties by run order), as the paper sorts the runs by all3.
fn means_cells(evaluated: &Evaluated, table: &mut ResultTable) {
    for (k, measure) in evaluated.measures.iter().enumerate() {
        let panel = measure.printed_name();
        let means: Vec<Vec<f64>> = evaluated
            .matrices
            .iter()
            .map(|m| m[k].run_means())
            .collect();
        let mut order: Vec<usize> = (0..evaluated.collection.runs.len()).collect();
        order.sort_by(|&a, &b| means[0][b].total_cmp(&means[0][a]).then(a.cmp(&b)));
        for (position, &r) in order.iter().enumerate() {
            let run = &evaluated.collection.runs[r].name;
            table.set(&panel, run, X_POSITION, VALUE, (position + 1) as f64);
            for (c, condition) in evaluated.conditions.iter().enumerate() {
                table.set(&panel, run, &condition.id, VALUE, means[c][r]);
            }
        }
    }
    table.note(format!(
        "Runs on the x axis in decreasing order of their mean under {} (the table's x column gives each run's position).",
        evaluated.conditions.first().map_or("", |c| c.id.as_str())
    ));
}
