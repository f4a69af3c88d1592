//! Paper A's experiments on the STC collection (§4–§5): Table 2 (Kendall's tau between the run rankings
//! by RawG and by UG) and Table 3 (team-best run pairs whose significance differs between RawG and UG).
//!
//! Both run on the seeded STC stand-in ([`crate::papers::unanimity::standin`], class `simulated`) or, with
//! `reproduce --data DIR`, on a user's real NTCIR-12 STC Chinese qrels and runs ([`crate::io::stc`],
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

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::io::read_yaml;
use crate::manifest::Artefact;
use crate::model::StreamScope;
use crate::papers::shared::FileKey;
use crate::papers::unanimity::params::{StcInputs, StcParams, StcSignificanceParams};
use crate::papers::unanimity::standin::{
    ConditionGains, Retrieved, StandinParams, StcCollection, generate, simulate_gains,
};
use crate::papers::unanimity::stc_files::read_stc_collection;
use crate::papers::unanimity::stc_measure::StcMeasure;
use crate::papers::{Context, ExperimentError, display_relative};
use crate::parallel::try_map_in_turn;
use crate::results::{ResultTable, VALUE};
use evia_engine::gain::GainSetting;
use evia_engine::measures::{
    Evaluation, Evaluator, Label, LevelGains, MeasureError, Params, TopicIdeal,
};
use evia_engine::ranking::kendall_tau;
use evia_engine::significance::randomised_hsd::{HsdResult, randomised_hsd_shared};
use evia_engine::significance::{ScoreMatrix, run_pairs};

/// The stream namespace shared by both tables, so that they see the same collection and ratings.
pub const STREAM: StreamScope<'static> = StreamScope::Shared("paper-A-stc");

/// The value of `measure` in an evaluation (whose cutoffs include `l` for `nERR@l`).
fn measure_value(measure: StcMeasure, e: &Evaluation) -> f64 {
    match measure {
        StcMeasure::NG1 => e.ng1,
        StcMeasure::PPlus => e.p_plus,
        StcMeasure::NErr(l) => e.at_cutoff(l).map_or(0.0, |a| a.nerr),
    }
}

/// Score columns `[measure][run][topic]`.
type Columns = Vec<Vec<Vec<f64>>>;

/// Scores of every run on every topic, per measure, and how many topics had no positive gain.
#[derive(Debug)]
struct Scores {
    columns: Columns,
    /// Topics without any item of positive gain: every run scores 0 there.
    without_relevant: usize,
}

/// Where the collection came from.
#[derive(Debug)]
enum Source {
    Standin {
        knobs: String,
    },
    Real {
        dir: String,
        missing: usize,
        unjudged: usize,
    },
}

/// Everything both tables share: the collection, the conditions and the measures.
#[derive(Debug)]
struct Setup {
    collection: Arc<StcCollection>,
    /// The stand-in's key in [`crate::papers::shared`] (`None` for a real collection: its scores
    /// are not shared).
    key: Option<StandinKey>,
    source: Source,
    /// (Dmax, N), Dmax outer, N inner.
    conditions: Vec<(u32, u32)>,
    p: f64,
    measures: Vec<StcMeasure>,
    depth: usize,
    evaluator: Evaluator,
    seed: u64,
}

/// An evaluator computing `measures`: `nERR` at each measure's own cutoff, else at the evaluation
/// depth.
fn evaluator_for(
    artefact: &Artefact,
    measures: &[StcMeasure],
    depth: usize,
) -> Result<Evaluator, ExperimentError> {
    let mut cutoffs: Vec<usize> = measures
        .iter()
        .filter_map(|m| match m {
            StcMeasure::NErr(l) => Some(*l),
            _ => None,
        })
        .collect();
    cutoffs.sort_unstable();
    cutoffs.dedup();
    if cutoffs.is_empty() {
        cutoffs.push(depth);
    }
    let evaluator = Evaluator::new(Params {
        cutoffs,
        ..Params::default()
    })
    .map_err(|e| ExperimentError::invalid(artefact, e.to_string()))?;
    Ok(evaluator)
}

/// What paper A's STC stand-in is made of: the seed and its knob file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StandinKey {
    seed: u64,
    standin: FileKey,
}

/// Paper A's generated STC stand-in collection, as [`crate::papers::shared`] keeps it.
pub type StcStandin = StcCollection;

/// What one condition's scores ([`Setup::condition_scores`]) are made of: the stand-in, the
/// condition (Dmax, N), UG's p (as its bits), the measures and the evaluation depth.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ScoresKey {
    standin: StandinKey,
    dmax: u32,
    n: u32,
    p: u64,
    measures: Vec<StcMeasure>,
    depth: usize,
}

/// One condition's RawG and UG score columns `[measure][run][topic]`, and the number of topics
/// without any positive gain.
#[derive(Debug)]
pub struct ConditionScores {
    raw: Columns,
    ug: Columns,
    without_relevant: usize,
}

/// The seeded STC stand-in of the knob file `params.standin`, from the stream (`seed`, [`STREAM`],
/// `collection`), generated once per [`StandinKey`] ([`crate::papers::shared`]) and checked against
/// the sizes the manifest states; and its key (`None` when the knob file cannot be read).
fn standin_collection(
    artefact: &Artefact,
    params: &StcInputs<'_>,
    context: &Context,
    seed: u64,
) -> Result<(Arc<StcCollection>, Option<StandinKey>, Source), ExperimentError> {
    let path = context.data_path(params.standin);
    let generate_standin = || -> Result<StcCollection, ExperimentError> {
        let knobs: StandinParams = read_yaml(&path)?;
        knobs
            .validate()
            .map_err(|e| ExperimentError::Source(crate::io::SourceError::whole_file(&path, e.0)))?;
        Ok(generate(&knobs, &mut STREAM.stream(seed, "collection")))
    };
    let key = FileKey::read(&path).map(|standin| StandinKey { seed, standin });
    let collection = match &key {
        Some(key) => context
            .shared
            .stc_standins
            .get_or_try(key.clone(), generate_standin)?,
        None => Arc::new(generate_standin()?),
    };
    let sizes = params.sizes;
    for (name, expected, got) in [
        ("topics", sizes.topics, collection.topics.len()),
        ("runs", sizes.runs, collection.runs.len()),
        ("teams", sizes.teams, collection.teams().len()),
    ] {
        if let Some(expected) = expected.filter(|&e| e as usize != got) {
            return Err(ExperimentError::invalid(
                artefact,
                format!(
                    "the manifest says {name}: {expected}, but the stand-in of {} has {got}",
                    display_relative(context, &path)
                ),
            ));
        }
    }
    let source = Source::Standin {
        knobs: display_relative(context, &path),
    };
    Ok((collection, key, source))
}

impl Setup {
    /// The collection, conditions and measures of `params` (validated when the manifest loaded: N,
    /// Dmax and the depth are at least 1, p lies in [0, 1]).
    fn new(
        artefact: &Artefact,
        params: StcInputs<'_>,
        context: &Context,
    ) -> Result<Self, ExperimentError> {
        let seed = context.seed_for(artefact);
        let depth = params.depth as usize;
        let measures = params.measures.to_vec();
        let evaluator = evaluator_for(artefact, &measures, depth)?;
        let (collection, key, source) = match &context.data_dir {
            Some(dir) => {
                let data = read_stc_collection(dir, depth)?;
                let source = Source::Real {
                    dir: dir.display().to_string(),
                    missing: data.missing_lists,
                    unjudged: data.unjudged_topics,
                };
                (Arc::new(data.collection), None, source)
            }
            None => standin_collection(artefact, &params, context, seed)?,
        };
        if collection.runs.len() < 3 {
            return Err(ExperimentError::invalid(
                artefact,
                format!(
                    "{} run(s); Kendall's tau and the HSD test need at least 3",
                    collection.runs.len()
                ),
            ));
        }
        if collection.topics.len() < 2 {
            return Err(ExperimentError::invalid(
                artefact,
                format!(
                    "{} topic(s); at least 2 are needed",
                    collection.topics.len()
                ),
            ));
        }
        let conditions = params
            .dmax
            .iter()
            .flat_map(|&d| params.n.iter().map(move |&n| (d, n)))
            .collect();
        Ok(Setup {
            collection,
            key,
            source,
            conditions,
            p: params.p,
            measures,
            depth,
            evaluator,
            seed,
        })
    }

    fn real_data(&self) -> bool {
        matches!(self.source, Source::Real { .. })
    }

    /// The paper's rating simulation for one condition.
    fn gains(&self, dmax: u32, n: u32) -> ConditionGains {
        let unit = format!("ratings/dmax={dmax}/n={n}");
        simulate_gains(
            &self.collection,
            GainSetting { dmax, p: self.p },
            n as usize,
            &mut STREAM.stream(self.seed, &unit),
        )
    }

    /// One condition's RawG and UG score columns `[measure][run][topic]` (Tables 2 and 3 compare the
    /// two), and the number of topics without any positive gain: UG_i = 0 exactly when RawG_i = 0
    /// (paper A, Eq. 2), so both gains leave the same topics empty. On the stand-in, computed once
    /// per [`ScoresKey`] ([`crate::papers::shared`]): both tables see the same ratings.
    fn condition_scores(
        &self,
        artefact: &Artefact,
        context: &Context,
        (dmax, n): (u32, u32),
    ) -> Result<Arc<ConditionScores>, ExperimentError> {
        let compute = || {
            let gains = self.gains(dmax, n);
            let raw = self.direct_scores(artefact, &gains.raw)?;
            let ug = self.direct_scores(artefact, &gains.unanimity_aware)?;
            Ok(ConditionScores {
                raw: raw.columns,
                ug: ug.columns,
                without_relevant: raw.without_relevant,
            })
        };
        let Some(standin) = &self.key else {
            return compute().map(Arc::new);
        };
        let key = ScoresKey {
            standin: standin.clone(),
            dmax,
            n,
            p: self.p.to_bits(),
            measures: self.measures.clone(),
            depth: self.depth,
        };
        context.shared.stc_scores.get_or_try(key, compute)
    }

    /// Per-measure score columns `[measure][run][topic]` with direct gains, and the number of topics
    /// without any positive gain (every run scores 0 there).
    fn direct_scores(
        &self,
        artefact: &Artefact,
        gains: &[Vec<f64>],
    ) -> Result<Scores, ExperimentError> {
        self.scores(
            artefact,
            &self.measures,
            |t| TopicIdeal::from_direct_gains(&gains[t]),
            |t, i| Label::direct(gains[t][i]),
        )
    }

    /// Scores of every run on every topic for `measures`, from a topic's ideal and the label of its
    /// judged item `i`.
    fn scores(
        &self,
        artefact: &Artefact,
        measures: &[StcMeasure],
        ideal_of: impl Fn(usize) -> Result<TopicIdeal, MeasureError>,
        label_of: impl Fn(usize, usize) -> Label,
    ) -> Result<Scores, ExperimentError> {
        let c = &self.collection;
        let mut scores = vec![vec![vec![0.0; c.topics.len()]; c.runs.len()]; measures.len()];
        let mut without_relevant = 0;
        let mut labels = Vec::with_capacity(self.depth);
        let mut e = Evaluation::default();
        for (t, topic) in c.topics.iter().enumerate() {
            let ideal = match ideal_of(t) {
                Ok(ideal) => ideal,
                Err(MeasureError::NoRelevant) => {
                    without_relevant += 1;
                    continue;
                }
                Err(err) => {
                    return Err(ExperimentError::invalid(
                        artefact,
                        format!("topic {}: {err}", topic.id),
                    ));
                }
            };
            for (j, run) in c.runs.iter().enumerate() {
                labels.clear();
                labels.extend(run.lists[t].iter().take(self.depth).map(|r| match *r {
                    Retrieved::Judged(i) => label_of(t, i),
                    Retrieved::Unjudged => Label::NONRELEVANT,
                }));
                self.evaluator
                    .evaluate_into(&ideal, &labels, &mut e)
                    .map_err(|err| {
                        ExperimentError::invalid(
                            artefact,
                            format!("run {} on topic {}: {err}", run.name, topic.id),
                        )
                    })?;
                for (m, measure) in measures.iter().enumerate() {
                    scores[m][j][t] = measure_value(*measure, &e);
                }
            }
        }
        Ok(Scores {
            columns: scores,
            without_relevant,
        })
    }

    /// The note saying where the collection came from.
    fn source_note(&self) -> String {
        let c = &self.collection;
        let shape = format!(
            "{} topics, {} judged items, {} runs of {} teams",
            c.topics.len(),
            c.topics.iter().map(|t| t.docs.len()).sum::<usize>(),
            c.runs.len(),
            c.teams().len()
        );
        match &self.source {
            Source::Standin { knobs } => format!(
                "STAND-IN collection (class simulated, not the NTCIR-12 STC data): {shape}, generated from {knobs} with seed {}.",
                self.seed
            ),
            Source::Real {
                dir,
                missing,
                unjudged,
            } => format!(
                "Real collection from {dir} (class real-data): {shape}; {missing} (run, topic) list(s) missing (scored 0), {unjudged} run list(s) for topics without judgements ignored."
            ),
        }
    }

    fn method_note(&self) -> String {
        format!(
            "Ratings simulated as in paper A §4 (L0: N zeros; L1, L2: N ratings uniform on 0..Dmax); RawG = sum, UG by Eq. 2 with p = {}; measures on the top {} with direct gains.",
            self.p, self.depth
        )
    }
}

/// Table 2 of paper A: Kendall's tau (tau-b, Hollander–Wolfe–Chicken 95% CI, tests/fixtures/statistics.md §2) between
/// the rankings of all runs by mean RawG-based and mean UG-based score, for each measure and condition.
/// Cells: panel = measure, row `dmax=D`, column `n=N`, parts `tau`, `ci_lo`, `ci_hi`.
pub fn rank_correlation(
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
            let raw_means = means(artefact, &raw[m])?;
            let ug_means = means(artefact, &ug[m])?;
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

/// The start of the id of every Table 3 row of condition (Dmax, N): `dmax=D/n=N/`, followed by the
/// run pair. The ledger's claims about Table 3 count a condition's rows by it.
pub fn condition_row_prefix(dmax: u32, n: u32) -> String {
    format!("dmax={dmax}/n={n}/")
}

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
pub fn significance_discrepancies(
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
        if o.p < alpha {
            table.mark_bold(panel, row, column, "p");
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
        "Randomised Tukey HSD over the {} team-best runs ({} pairs), B = {}, α = {}; RawG and UG of one (Dmax, N, measure) share their random stream. ES_HSD = |d|/√V_E, V_E the residual mean square of the topic-by-run two-way ANOVA of those runs. Bold: p < α. The p-value SE columns give each p-value's Monte Carlo standard error √(p(1 − p)/B); the column “p-values within 2 SE of α” counts the row's p-values within two such errors of α, where the discrepancy is within Monte Carlo error.",
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_read_the_direct_gain_evaluation() {
        // Direct gains 4, 0, 2 (tests/fixtures/measures.md §7); the run lists the gain-2 item first.
        let ideal =
            TopicIdeal::from_direct_gains(&[4.0, 0.0, 2.0]).unwrap_or_else(|e| panic!("{e}"));
        let ev = Evaluator::new(Params {
            cutoffs: vec![10],
            ..Params::default()
        })
        .unwrap_or_else(|e| panic!("{e}"));
        let e = ev
            .evaluate(&ideal, &[Label::direct(2.0), Label::direct(4.0)])
            .unwrap_or_else(|e| panic!("{e}"));
        // nG@1 = g(1)/g*(1) = 2/4.
        assert_eq!(measure_value(StcMeasure::NG1, &e), 0.5);
        // nERR@10 with stop probabilities g/(gmax + 1), gmax = 4:
        // ERR = 2/5 + (1 − 2/5)·(1/2)·(4/5); ideal ERR = 4/5 + (1 − 4/5)·(1/2)·(2/5).
        let err = 0.4 + 0.6 * 0.5 * 0.8;
        let ideal_err = 0.8 + 0.2 * 0.5 * 0.4;
        assert!((measure_value(StcMeasure::NErr(10), &e) - err / ideal_err).abs() < 1e-12);
        // P+: rp = 2 (the highest gain in the list); BR(1) = (1 + 2)/(1 + 4), BR(2) = (2 + 6)/(2 + 6).
        let p_plus = (3.0 / 5.0 + 1.0) / 2.0;
        assert!((measure_value(StcMeasure::PPlus, &e) - p_plus).abs() < 1e-12);
    }
}
