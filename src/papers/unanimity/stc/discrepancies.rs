//! Table 3 of paper A: the team-best run pairs whose randomised Tukey HSD significance differs
//! between RawG and UG, with the tests run once per (condition, measure) on any free thread.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::setup::{ConditionScores, Setup};
use super::{condition_row_prefix, means};
use crate::manifest::Artefact;
use crate::model::StreamScope;
use crate::papers::unanimity::params::StcSignificanceParams;
use crate::papers::unanimity::stc_measure::StcMeasure;
use crate::papers::{Context, ExperimentError};
use crate::parallel::try_map_in_turn;
use crate::results::{ResultTable, VALUE};
use evia_engine::measures::{Label, LevelGains, TopicIdeal};
use evia_engine::significance::randomised_hsd::{HsdResult, randomised_hsd_shared};
use evia_engine::significance::{ScoreMatrix, run_pairs};

/// One discrepancy of Table 3.
#[derive(Debug, Clone, Copy)]
struct PairOutcome {
    p: f64,
    p_se: f64,
    abs_d: f64,
    es_hsd: Option<f64>,
}

/// Table 3 of paper A: among the best run of each team (by mean nG@1 under the official per-level
/// gains of the manifest's `gains`, L1 = 1 and L2 = 3), every pair is tested by the randomised Tukey
/// HSD (tests/fixtures/statistics.md §3, B = `trials`) under RawG and under UG; the pairs significant at `alpha` under
/// one and not under the other are the table's rows (panel = measure, grouped by Dmax and N like the
/// paper), with p-value, |d| and ES_HSD = |d|/sqrt(V_E) (tests/fixtures/statistics.md §4) for both gains, the p-values'
/// Monte Carlo standard errors sqrt(p(1 − p)/B), and `near_alpha`, how many of the row's two p-values lie
/// within two standard errors of alpha. P-values below alpha are bold, as in the paper.
///
/// Both gains of one (condition, measure) use the same stream (`seed`, artefact id,
/// `dmax=D/n=N/<measure>`): common random numbers, so that identical score matrices (UG = RawG when
/// every D_i = Dmax, as happens for large N) give identical p-values and a discrepancy reflects the
/// gains, not Monte Carlo noise.
pub(crate) fn significance_discrepancies(
    artefact: &Artefact,
    params: &StcSignificanceParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    let setup = Setup::new(artefact, params.inputs(), context)?;
    let (trials, alpha) = (u64::from(params.trials), params.alpha);
    let official = &params.gains;
    let best = team_best_runs(&setup, artefact, official)?;
    if best.len() < 2 {
        return Err(ExperimentError::invalid(
            artefact,
            format!("{} team(s); pairs need at least 2", best.len()),
        ));
    }
    let pairs = run_pairs(best.len());
    let name = |i: usize| setup.collection.runs[best[i].0].name.as_str();

    let (scores, tests) = discrepancy_tests(&setup, artefact, context, &best, trials)?;
    let mut table = ResultTable::new(&artefact.id);
    table.real_data = setup.real_data();
    let empty_topics: usize = scores.iter().map(|s| s.without_relevant).sum();
    // `tests` holds one [RawG, UG] pair per (condition, measure), condition-major; the manifest
    // check keeps `measures` non-empty (`parameter_rules::non_empty`).
    let per_condition = tests.chunks_exact(setup.measures.len());
    for (&(dmax, n), condition_tests) in setup.conditions.iter().zip(per_condition) {
        for (measure, [raw_test, ug_test]) in setup.measures.iter().zip(condition_tests) {
            let panel = measure.panel();
            for (k, &(a, b)) in pairs.iter().enumerate() {
                let outcome = |r: &HsdResult| PairOutcome {
                    p: r.pairs[k].p,
                    p_se: r.pairs[k].p_se,
                    abs_d: r.pairs[k].diff.abs(),
                    es_hsd: r.pairs[k].effect_size,
                };
                let (o_raw, o_ug) = (outcome(raw_test), outcome(ug_test));
                if (o_raw.p < alpha) == (o_ug.p < alpha) {
                    continue;
                }
                let pair = format!("{} vs. {}", name(a), name(b));
                let row = format!("{}{pair}", condition_row_prefix(dmax, n));
                table.add_row(panel, &row, &format!("Dmax = {dmax}, N = {n}: {pair}"));
                set_discrepancy(&mut table, (panel, &row), [o_raw, o_ug], alpha);
            }
        }
    }

    discrepancy_notes(&mut table, &setup, params, &best, pairs.len());
    if empty_topics > 0 {
        table.note(format!(
            "{empty_topics} (condition, topic) pair(s) had no item with a positive gain; every run scores 0 there."
        ));
    }
    Ok(table)
}

/// Table 3's condition scores (in condition order) and randomised tests: the RawG and UG results of
/// each (condition, measure), condition-major (`c * measures + m`).
type DiscrepancyTests = (Vec<Arc<ConditionScores>>, Vec<[HsdResult; 2]>);

/// Table 3's condition scores and randomised tests ([`DiscrepancyTests`]), each condition and then
/// each (condition, measure) a unit that any of `context.threads` threads takes ([`try_map_in_turn`]): the
/// threads stay busy until the last test, and the results do not depend on the thread count (each
/// test has its own stream). A unit's test runs on its own thread only, RawG and UG sharing its
/// stream; when the two score matrices are equal (every D_i = Dmax), the test runs once for both,
/// its result being exactly that of each matrix tested alone ([`randomised_hsd_shared`]).
fn discrepancy_tests(
    setup: &Setup,
    artefact: &Artefact,
    context: &Context,
    best: &[(usize, f64)],
    trials: u64,
) -> Result<DiscrepancyTests, ExperimentError> {
    let threads = context.threads.max(1);
    let scores = try_map_in_turn(setup.conditions.len(), threads, |c| {
        setup.condition_scores(artefact, context, setup.conditions[c])
    })?;
    let measures = setup.measures.len();
    let tests = try_map_in_turn(scores.len() * measures, threads, |u| {
        let (c, m) = (u / measures, u % measures);
        let (dmax, n) = setup.conditions[c];
        let unit = format!("dmax={dmax}/n={n}/{}", setup.measures[m].panel());
        let scope = StreamScope::Artefact(&artefact.id);
        let spec = scope.spec(setup.seed, &unit);
        let matrix = |columns: &[Vec<f64>]| -> Result<ScoreMatrix, ExperimentError> {
            let selected: Vec<&[f64]> = best.iter().map(|&(j, _)| columns[j].as_slice()).collect();
            ScoreMatrix::from_columns(&selected)
                .map_err(|e| ExperimentError::invalid(artefact, format!("score matrix: {e}")))
        };
        let (raw, ug) = (matrix(&scores[c].raw[m])?, matrix(&scores[c].ug[m])?);
        let matrices: &[&ScoreMatrix] = if raw == ug { &[&raw] } else { &[&raw, &ug] };
        let mut tested = randomised_hsd_shared(matrices, trials, spec, 1, None)
            .map_err(|e| ExperimentError::invalid(artefact, e.to_string()))?
            .into_iter();
        let raw_result = tested.next();
        let ug_result = tested.next().or_else(|| raw_result.clone());
        match (raw_result, ug_result) {
            (Some(raw), Some(ug)) => Ok([raw, ug]),
            _ => Err(ExperimentError::invalid(
                artefact,
                "the test returned no result",
            )),
        }
    })?;
    Ok((scores, tests))
}

/// The cells of one discrepancy row (`panel`, `row`): p, its Monte Carlo SE, |d| and ES_HSD under
/// RawG and UG (p bold when significant at `alpha`), and how many of the two p-values lie within two
/// SEs of `alpha`.
fn set_discrepancy(
    table: &mut ResultTable,
    (panel, row): (&str, &str),
    [raw, ug]: [PairOutcome; 2],
    alpha: f64,
) {
    let mut near = 0;
    for (column, o) in [("rawg", raw), ("ug", ug)] {
        table.set(panel, row, column, "p", o.p);
        table.set(panel, row, column, "p_se", o.p_se);
        table.set(panel, row, column, "abs_d", o.abs_d);
        if let Some(es) = o.es_hsd {
            table.set(panel, row, column, "es_hsd", es);
        }
        // Bold is the test's decision, p < α on the unrounded p; a p just below α (0.0496) is
        // printed with the digits that show it below (`.0496`), never as a bold `.050`: printing
        // it without bold would hide the decision the row is listed for.
        if o.p < alpha {
            table.mark_bold_below(panel, row, column, "p", alpha);
        }
        if (o.p - alpha).abs() <= 2.0 * o.p_se {
            near += 1;
        }
    }
    table.set(panel, row, "near_alpha", VALUE, f64::from(near));
}

/// Table 3's notes: the collection, the method, the team-best runs (by index into the collection's
/// runs, with their mean nG@1) and the test over their `pairs` pairs.
fn discrepancy_notes(
    table: &mut ResultTable,
    setup: &Setup,
    params: &StcSignificanceParams,
    best: &[(usize, f64)],
    pairs: usize,
) {
    table.note(setup.source_note());
    table.note(setup.method_note());
    table.note(format!(
        "Team-best runs by mean nG@1 under the per-level gains {} (L1, L2, …), in descending order of that mean (a pair X vs. Y has X first): {}.",
        params.gains
            .iter()
            .map(f64::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        best.iter()
            .map(|&(j, mean)| format!("{} ({mean:.4})", setup.collection.runs[j].name))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    table.note(format!(
        "Randomised Tukey HSD over the {} team-best runs ({} pairs), B = {}, α = {}; RawG and UG of one (Dmax, N, measure) share their random stream. ES_HSD = |d|/√V_E, V_E the residual mean square of the topic-by-run two-way ANOVA of those runs. Bold: p < α (on the unrounded p; one that would round to α is printed with more digits). The p-value SE columns give each p-value's Monte Carlo standard error √(p(1 − p)/B); the column “p-values within 2 SE of α” counts the row's p-values within two such errors of α, where the discrepancy is within Monte Carlo error.",
        best.len(),
        pairs,
        params.trials,
        params.alpha
    ));
    for measure in &setup.measures {
        if table.rows_of(measure.panel()).is_empty() {
            table.note(format!(
                "{}: no discrepancy under any condition.",
                measure.panel()
            ));
        }
    }
}

/// The best run of each team by mean nG@1 under the per-level gains `official` (ties: the earlier
/// run), as (run index, mean), sorted by mean descending (ties by run name).
fn team_best_runs(
    setup: &Setup,
    artefact: &Artefact,
    official: &[f64],
) -> Result<Vec<(usize, f64)>, ExperimentError> {
    let gains = LevelGains::new(official)
        .map_err(|e| ExperimentError::invalid(artefact, format!("parameter `gains`: {e}")))?;
    let c = &setup.collection;
    let mut labels: Vec<Vec<Label>> = Vec::with_capacity(c.topics.len());
    for topic in &c.topics {
        labels.push(
            topic
                .levels
                .iter()
                .map(|&l| gains.label(u32::from(l)))
                .collect::<Result<_, _>>()
                .map_err(|e| {
                    ExperimentError::invalid(
                        artefact,
                        format!("topic {}: {e} (parameter `gains`)", topic.id),
                    )
                })?,
        );
    }
    let scores = setup.scores(
        artefact,
        &[StcMeasure::NG1],
        |t| {
            let levels = &c.topics[t].levels;
            let top = levels.iter().copied().max().unwrap_or(0);
            let mut counts = vec![0usize; usize::from(top) + 1];
            for &l in levels {
                counts[usize::from(l)] += 1;
            }
            TopicIdeal::from_level_counts(&counts, &gains)
        },
        |t, i| labels[t][i],
    )?;
    let means = means(artefact, &scores.columns[0])?;
    let mut best: BTreeMap<&str, (usize, f64)> = BTreeMap::new();
    for (j, run) in c.runs.iter().enumerate() {
        let slot = best.entry(&run.team).or_insert((j, means[j]));
        if means[j] > slot.1 {
            *slot = (j, means[j]);
        }
    }
    let mut best: Vec<(usize, f64)> = best.into_values().collect();
    best.sort_by(|a, b| {
        b.1.total_cmp(&a.1)
            .then_with(|| c.runs[a.0].name.cmp(&c.runs[b.0].name))
    });
    Ok(best)
}
