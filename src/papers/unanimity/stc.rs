//! Paper A's experiments on the STC collection (§4–§5): Table 2 (Kendall's tau between the run rankings
//! by RawG and by UG) and Table 3 (team-best run pairs whose significance differs between RawG and UG).
//!
//! Both run on the seeded STC stand-in ([`crate::papers::unanimity::standin`], class `simulated`) or, with
//! `reproduce --data DIR`, on a user's real NTCIR-12 STC Chinese qrels and runs ([`crate::papers::unanimity::stc_files`],
//! class `real-data`); the ratings are simulated in both cases, as in the paper.
//!
//! For each condition (Dmax, N) of the manifest, the ratings come from the stream
//! (`seed`, `paper-A-stc`, `ratings/dmax=D/n=N`), so both tables see the same ratings; the stand-in
//! collection comes from (`seed`, `paper-A-stc`, `collection`). Runs are evaluated on their top `depth`
//! documents (the manifest's single `cutoffs` value, 10) with direct gains (NTCIREVAL's
//! `glabel`/`gcompute` path, tests/fixtures/measures.md §7): nG@1 = g(1)/g*(1), P+ over the top-10 list and
//! nERR@10 with the stop probability g/(gmax + 1), gmax the topic's largest gain. A topic whose judged
//! items all get gain 0 under a condition has no ideal list (R = 0, NTCIREVAL prints nothing): every run
//! scores 0 on it, and the table's notes count such topics.
//!
//! Paper A §5's qualitative claims about both tables compare the rebuilt numbers with the printed
//! ones, so they run in the ledger stage (the ledger's `experiment_claims`): this module never reads
//! `paper/published`.

use crate::manifest::Artefact;
use crate::model::StreamScope;
use crate::papers::unanimity::params::StcParams;
use crate::papers::{Context, ExperimentError};
use crate::results::ResultTable;
use evia_engine::ranking::kendall_tau;
use evia_engine::significance::ScoreMatrix;

mod discrepancies;
mod setup;

pub(crate) use discrepancies::significance_discrepancies;
use setup::Setup;

/// The stream namespace shared by both tables, so that they see the same collection and ratings.
pub(crate) const STREAM: StreamScope<'static> = StreamScope::Shared("paper-A-stc");

/// Table 2 of paper A: Kendall's tau (tau-b, Hollander–Wolfe–Chicken 95% CI, tests/fixtures/statistics.md §2) between
/// the rankings of all runs by mean RawG-based and mean UG-based score, for each measure and condition.
/// Cells: panel = measure, row `dmax=D`, column `n=N`, parts `tau`, `ci_lo`, `ci_hi`.
pub(crate) fn rank_correlation(
    artefact: &Artefact,
    params: &StcParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    let setup = Setup::new(artefact, params.inputs(), context)?;
    let mut table = ResultTable::new(&artefact.id);
    table.real_data = setup.real_data();
    let mut empty_topics = 0;
    for &(dmax, n) in &setup.conditions {
        let scores = setup.condition_scores(artefact, context, (dmax, n))?;
        let (raw, ug) = (&scores.raw, &scores.ug);
        empty_topics += scores.without_relevant;
        for (m, measure) in setup.measures.iter().enumerate() {
            let raw_means = ranking_means(artefact, &raw[m])?;
            let ug_means = ranking_means(artefact, &ug[m])?;
            let tau = kendall_tau(&raw_means, &ug_means)
                .map_err(|e| ExperimentError::invalid(artefact, format!("Kendall's tau: {e}")))?;
            let (row, column) = (format!("dmax={dmax}"), format!("n={n}"));
            table.set(measure.panel(), &row, &column, "tau", tau.tau);
            table.set(measure.panel(), &row, &column, "ci_lo", tau.ci_low);
            table.set(measure.panel(), &row, &column, "ci_hi", tau.ci_high);
        }
    }
    table.note(setup.source_note());
    table.note(setup.method_note());
    table.note(format!(
        "Kendall's tau-b between the {} runs' mean scores under RawG and under UG, with the Hollander–Wolfe–Chicken 95% interval (not clipped at 1).",
        setup.collection.runs.len()
    ));
    if empty_topics > 0 {
        table.note(format!(
            "{empty_topics} (condition, topic) pair(s) had no item with a positive gain; every run scores 0 there."
        ));
    }
    Ok(table)
}

/// Mean of each run's column.
fn means(artefact: &Artefact, columns: &[Vec<f64>]) -> Result<Vec<f64>, ExperimentError> {
    ScoreMatrix::from_columns(columns)
        .map(|m| m.run_means())
        .map_err(|e| ExperimentError::invalid(artefact, format!("score matrix: {e}")))
}

/// Mean of each run's column with compensated sums, for ranking the runs (the tie handling of
/// `evia_engine::ranking::ties`).
fn ranking_means(artefact: &Artefact, columns: &[Vec<f64>]) -> Result<Vec<f64>, ExperimentError> {
    ScoreMatrix::from_columns(columns)
        .map(|m| m.run_means_compensated())
        .map_err(|e| ExperimentError::invalid(artefact, format!("score matrix: {e}")))
}

/// The start of the id of every Table 3 row of condition (Dmax, N): `dmax=D/n=N/`, followed by the
/// run pair. The ledger's claims about Table 3 count a condition's rows by it.
pub(crate) fn condition_row_prefix(dmax: u32, n: u32) -> String {
    format!("dmax={dmax}/n={n}/")
}
