//! Paper B, §4: system rankings and significance tests under different qrels versions (Tables 3–5,
//! Figure 1) and different topic sets (Tables 6–8, Figure 2).
//!
//! Every experiment here works on a [`Collection`]: the labelled topics (the seeded stand-in, or a
//! user's real labels with `--data`), the runs (stand-in runs from `data/lancers/www-runs.yaml`, or the
//! real runs in `DIR/runs/`), and the high/low-agreement split. It evaluates the runs once per
//! condition (a qrels version, or a qrels version on a topic subset) and measure, giving a
//! topic-by-run [`ScoreMatrix`] each, and derives its table from those matrices:
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

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

use crate::manifest::Artefact;
use crate::manifest::params::StandinSizes;
use crate::model::StreamScope;
use crate::papers::lancers::definitions::{evaluation_defs, qrels_version_defs};
use crate::papers::lancers::params::{
    Conditions, EvalInputs, KappaSe, QrelsEvalParams, QrelsOverlapParams, Significance,
    TopicsetEvalParams, TopicsetOverlapParams,
};
use crate::papers::lancers::standin::runs::{Run, RunParams};
use crate::papers::lancers::standin::scores::{
    Measure, QrelsVersion, score_matrices, topic_subset,
};
use crate::papers::lancers::standin::{AssessorSet, LabelledTopic};
use crate::papers::shared::{FileKey, Shared};
use crate::papers::{Context, ExperimentError};
use crate::published::printed_style::group_thousands;
use crate::results::{ResultTable, VALUE};
use evia_engine::ranking::kendall_tau;
use evia_engine::significance::ScoreMatrix;
use evia_engine::significance::overlap::{discriminative_power, overlap_of_p_values};
use evia_engine::significance::randomised_hsd::randomised_hsd;

/// The column (of each panel of a means figure) that holds a run's x position: its rank by mean
/// under the first condition (`render::figure_means` places the run there).
pub use crate::results::X_POSITION;

mod claims;

/// The stream (artefact part) of every randomised Tukey HSD of paper B.
pub const HSD_STREAM: StreamScope<'static> = StreamScope::Shared("lancers.hsd");

/// The labelled topics, the runs over them, and the high-agreement split.
#[derive(Debug, Clone)]
pub struct Collection {
    /// Who labelled the topics, in the order of every judgement's labels.
    pub assessors: AssessorSet,
    pub topics: Vec<LabelledTopic>,
    pub runs: Vec<Run>,
    /// `high_agreement[t]`: topic t's per-topic kappa is significantly positive for every pair of
    /// assessors.
    pub high_agreement: Vec<bool>,
    /// Whether the topics and runs are a user's real collection.
    pub real_data: bool,
    /// Where the collection came from, for the table notes.
    pub source: String,
}

pub use crate::papers::lancers::definitions::EvaluationFile;
pub use crate::papers::lancers::params::{TopicSetDef, TopicSubset};

/// One compared condition: a qrels version on a topic subset.
#[derive(Debug, Clone)]
struct Condition {
    /// The row/column id in the tables (`all3`, `all3-high27`).
    id: String,
    qrels: QrelsVersion,
    subset: TopicSubset,
}

/// Everything an experiment needs: the collection, the measures, the conditions and their score
/// matrices (`matrices[c][k]` for condition c and measure k), computed once.
struct Evaluated {
    collection: Arc<Collection>,
    measures: Vec<Measure>,
    conditions: Vec<Condition>,
    matrices: Vec<Vec<ScoreMatrix>>,
    notes: Vec<String>,
}

fn load_qrels_versions(
    artefact: &Artefact,
    inputs: &EvalInputs<'_>,
    context: &Context,
    assessors: &AssessorSet,
) -> Result<BTreeMap<String, QrelsVersion>, ExperimentError> {
    let (versions, source) = qrels_version_defs(context, inputs.qrels_versions)?;
    versions
        .iter()
        .map(|v| {
            QrelsVersion::new(&v.id, &v.assessors, assessors)
                .map(|q| (v.id.clone(), q))
                .map_err(|e| ExperimentError::invalid(artefact, format!("{source}: {e}")))
        })
        .collect()
}

/// The measures of `inputs` (their names and cutoffs were checked when the manifest loaded).
fn measures(artefact: &Artefact, inputs: &EvalInputs<'_>) -> Result<Vec<Measure>, ExperimentError> {
    inputs
        .measures
        .iter()
        .map(|n| Measure::parse(n).map_err(|e| ExperimentError::invalid(artefact, e.to_string())))
        .collect()
}

/// The conditions of a qrels experiment: the `qrels` versions on all topics.
fn qrels_conditions(
    artefact: &Artefact,
    versions: &BTreeMap<String, QrelsVersion>,
    ids: &[String],
) -> Result<Vec<Condition>, ExperimentError> {
    ids.iter()
        .map(|id| {
            let qrels = versions.get(id).cloned().ok_or_else(|| {
                ExperimentError::invalid(artefact, format!("qrels `{id}` is not defined"))
            })?;
            Ok(Condition {
                id: id.clone(),
                qrels,
                subset: TopicSubset::All,
            })
        })
        .collect()
}

/// The conditions of a topic-set experiment: the `topic_sets`, defined in the evaluation file.
fn topicset_conditions(
    artefact: &Artefact,
    versions: &BTreeMap<String, QrelsVersion>,
    ids: &[String],
    topic_sets: &[TopicSetDef],
) -> Result<Vec<Condition>, ExperimentError> {
    ids.iter()
        .map(|id| {
            let def = topic_sets.iter().find(|d| &d.id == id).ok_or_else(|| {
                ExperimentError::invalid(artefact, format!("topic set `{id}` is not defined"))
            })?;
            let qrels = versions.get(&def.qrels).cloned().ok_or_else(|| {
                ExperimentError::invalid(
                    artefact,
                    format!("topic set `{id}`: qrels `{}` is not defined", def.qrels),
                )
            })?;
            Ok(Condition {
                id: id.clone(),
                qrels,
                subset: def.topics,
            })
        })
        .collect()
}

/// What paper B's stand-in collection is made of: the seed, the kappa interval's standard error
/// (the high-agreement split and the runs' topic reliabilities) and the three files it is generated
/// from (the confusion matrices, the stand-in's knobs, the evaluation file with the runs' knobs).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CollectionKey {
    seed: u64,
    kappa_se: KappaSe,
    data: FileKey,
    standin: FileKey,
    evaluation: FileKey,
}

impl CollectionKey {
    /// The key of the stand-in `inputs` of `artefact` names, or `None` when the collection is not the
    /// stand-in (a user's collection, `--data`) or an input file cannot be read (the collection is
    /// then built without the cache, which reports the error).
    fn of(artefact: &Artefact, inputs: &EvalInputs<'_>, context: &Context) -> Option<Self> {
        if inputs.labels.collection.is_some() || context.data_dir.is_some() {
            return None;
        }
        let file = |relative: &str| FileKey::read(&context.data_path(relative));
        Some(CollectionKey {
            seed: context.seed_for(artefact),
            kappa_se: inputs.kappa_se,
            data: file(inputs.labels.data?)?,
            standin: file(inputs.labels.standin?)?,
            evaluation: file(inputs.evaluation.file()?)?,
        })
    }
}

/// The collection an experiment runs on: the stand-in (built once per [`CollectionKey`], see
/// [`crate::papers::shared`], and checked against the sizes `artefact`'s manifest entry states), or
/// the real one under `--data`.
pub fn collection(
    artefact: &Artefact,
    inputs: &EvalInputs<'_>,
    context: &Context,
    standin_runs: Option<&RunParams>,
) -> Result<Arc<Collection>, ExperimentError> {
    let build = || build_collection(artefact, inputs, context, standin_runs);
    let collection = match CollectionKey::of(artefact, inputs, context) {
        Some(key) => context.shared.lancers_collections.get_or_try(key, build)?,
        None => Arc::new(build()?),
    };
    let standin = inputs.labels.collection.is_none() && context.data_dir.is_none();
    if let Some(params) = standin_runs.filter(|_| standin) {
        check_standin_sizes(
            artefact,
            inputs.sizes,
            [
                collection.topics.len(),
                collection.runs.len(),
                params.teams.len(),
                params.depth,
            ],
        )?;
    }
    Ok(collection)
}

/// Builds the collection of [`collection`] (its sizes unchecked).
fn build_collection(
    artefact: &Artefact,
    inputs: &EvalInputs<'_>,
    context: &Context,
    standin_runs: Option<&RunParams>,
) -> Result<Collection, ExperimentError> {
    let se = inputs.kappa_se.standard_error();
    let (labelled, real_data) =
        crate::papers::lancers::labels::topics(context, artefact, inputs.labels)?;
    let (assessors, topics) = (labelled.assessors, labelled.topics);
    let agreement_err = |e: evia_engine::agreement::AgreementError| {
        ExperimentError::invalid(artefact, e.to_string())
    };
    let high_agreement =
        crate::papers::lancers::standin::high_agreement_split(&topics, &assessors, se)
            .map_err(agreement_err)?;
    let (runs, source) = match (inputs.labels.collection, &context.data_dir) {
        (Some(user), _) => {
            let runs = crate::papers::lancers::user_collection::read_collection_runs(
                context, user, &topics,
            )?;
            let source = format!(
                "Collection from {} (labels) and {} (runs): {} topics, {} runs, assessors {}.",
                user.labels,
                user.runs,
                topics.len(),
                runs.len(),
                assessors.names().join(", ")
            );
            (runs, source)
        }
        (None, Some(dir)) => {
            let runs = crate::papers::lancers::collection_files::read_runs(
                &dir.join(crate::papers::lancers::collection_files::RUNS_DIR),
                &topics,
            )?;
            let source = format!(
                "Real collection from {} (labels.tsv and runs/): {} topics, {} runs.",
                dir.display(),
                topics.len(),
                runs.len()
            );
            (runs, source)
        }
        (None, None) => {
            let params = standin_runs.ok_or_else(|| {
                ExperimentError::invalid(
                    artefact,
                    "the stand-in runs need an evaluation file; listed topic sets need `collection:`",
                )
            })?;
            let reliability = topics
                .iter()
                .map(|t| {
                    crate::papers::lancers::standin::topic_agreement(t, &assessors, se)
                        .map(|k| k.iter().map(|k| k.kappa).sum::<f64>() / k.len() as f64)
                        .map_err(agreement_err)
                })
                .collect::<Result<Vec<f64>, _>>()?;
            let runs = crate::papers::lancers::standin::runs::standin_runs(
                &topics,
                &reliability,
                params,
                context.seed_for(artefact),
            )
            .map_err(|e| ExperimentError::invalid(artefact, e.to_string()))?;
            let source = format!(
                "Stand-in collection (class simulated, not the NTCIR-13 WWW data): {} topics, {} pooled documents, {} runs of {} teams with placeholder names, each pooled to depth {} (data/lancers/www-runs.yaml).",
                topics.len(),
                group_thousands(
                    &topics
                        .iter()
                        .map(|t| t.docs.len())
                        .sum::<usize>()
                        .to_string()
                ),
                runs.len(),
                params.teams.len(),
                params.depth
            );
            (runs, source)
        }
    };
    Ok(Collection {
        assessors,
        topics,
        runs,
        high_agreement,
        real_data,
        source,
    })
}

/// Checks the stand-in's (topics, runs, teams, pool depth) against the sizes the manifest states.
fn check_standin_sizes(
    artefact: &Artefact,
    stated: StandinSizes,
    [topics, runs, teams, depth]: [usize; 4],
) -> Result<(), ExperimentError> {
    for (name, expected, got) in [
        ("topics", stated.topics, topics),
        ("runs", stated.runs, runs),
        ("teams", stated.teams, teams),
        ("pool_depth", stated.pool_depth, depth),
    ] {
        if let Some(expected) = expected.filter(|&e| e as usize != got) {
            return Err(ExperimentError::invalid(
                artefact,
                format!("the manifest says {name}: {expected}, but the stand-in has {got}"),
            ));
        }
    }
    Ok(())
}

/// Evaluates `collection` under every condition with every measure: the score matrices are computed
/// once per qrels version and cut down to each condition's topics.
fn evaluate(
    artefact: &Artefact,
    collection: Arc<Collection>,
    conditions: Vec<Condition>,
    measures: Vec<Measure>,
) -> Result<Evaluated, ExperimentError> {
    let invalid = |e: String| ExperimentError::invalid(artefact, e);
    let mut by_version: BTreeMap<String, Vec<ScoreMatrix>> = BTreeMap::new();
    let mut notes = Vec::new();
    for condition in &conditions {
        if by_version.contains_key(&condition.qrels.id) {
            continue;
        }
        let scores = score_matrices(
            &collection.topics,
            &collection.runs,
            &condition.qrels,
            &measures,
        )
        .map_err(|e| invalid(e.to_string()))?;
        if !scores.no_relevant.is_empty() {
            notes.push(format!(
                "Qrels {}: no relevant document for topic(s) {}; every run scores 0 there.",
                condition.qrels.id,
                scores.no_relevant.join(", ")
            ));
        }
        by_version.insert(condition.qrels.id.clone(), scores.matrices);
    }
    let keep_for = |subset: TopicSubset| -> Vec<bool> {
        collection
            .high_agreement
            .iter()
            .map(|&h| subset.keeps(h))
            .collect()
    };
    let mut matrices = Vec::with_capacity(conditions.len());
    for condition in &conditions {
        let full = &by_version[&condition.qrels.id];
        let cut = match condition.subset {
            TopicSubset::All => full.clone(),
            subset => {
                let keep = keep_for(subset);
                full.iter()
                    .map(|m| topic_subset(m, &keep))
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| {
                        invalid(format!(
                            "topic set `{}` ({} topics): {e}",
                            condition.id,
                            keep.iter().filter(|&&k| k).count()
                        ))
                    })?
            }
        };
        matrices.push(cut);
    }
    Ok(Evaluated {
        collection,
        measures,
        conditions,
        matrices,
        notes,
    })
}

/// Loads the collection and evaluates it under the experiment's conditions (qrels versions or topic
/// sets).
fn evaluated(
    artefact: &Artefact,
    inputs: &EvalInputs<'_>,
    context: &Context,
) -> Result<Evaluated, ExperimentError> {
    let (topic_sets, standin_runs) = evaluation_defs(context, inputs.evaluation)?;
    let measures = measures(artefact, inputs)?;
    let collection = collection(artefact, inputs, context, standin_runs.as_ref())?;
    let versions = load_qrels_versions(artefact, inputs, context, &collection.assessors)?;
    let conditions = match inputs.conditions {
        Conditions::Qrels(ids) => qrels_conditions(artefact, &versions, ids)?,
        Conditions::TopicSets(ids) => topicset_conditions(artefact, &versions, ids, &topic_sets)?,
    };
    evaluate(artefact, collection, conditions, measures)
}

impl Evaluated {
    /// A result table with the collection's provenance and the condition sizes in its notes.
    fn table(&self, artefact: &Artefact) -> ResultTable {
        let mut table = ResultTable::new(&artefact.id);
        table.real_data = self.collection.real_data;
        table.note(self.collection.source.clone());
        let mut sizes = String::new();
        for (c, condition) in self.conditions.iter().enumerate() {
            let topics = self.matrices[c].first().map_or(0, ScoreMatrix::topics);
            let _ = write!(
                sizes,
                "{}{} = {} on {} topics",
                if c == 0 { "" } else { "; " },
                condition.id,
                condition.qrels.id,
                topics
            );
        }
        table.note(format!(
            "Conditions: {sizes}. Measures {} with linear gains (gain of Lx = x).",
            self.measures
                .iter()
                .map(Measure::name)
                .collect::<Vec<_>>()
                .join(", ")
        ));
        for note in &self.notes {
            table.note(note.clone());
        }
        table
    }

    /// Kendall's tau with its 95% CI between the run means of every pair of conditions, per measure:
    /// cells `<measure>/<row condition>/<column condition>/{tau, ci_lo, ci_hi}`.
    fn tau_cells(
        &self,
        artefact: &Artefact,
        table: &mut ResultTable,
    ) -> Result<(), ExperimentError> {
        for (k, measure) in self.measures.iter().enumerate() {
            let panel = measure.printed_name();
            let means: Vec<Vec<f64>> = self.matrices.iter().map(|m| m[k].run_means()).collect();
            for (i, a) in self.conditions.iter().enumerate() {
                for (j, b) in self.conditions.iter().enumerate().skip(i + 1) {
                    let tau = kendall_tau(&means[i], &means[j]).map_err(|e| {
                        ExperimentError::invalid(
                            artefact,
                            format!("{panel}, {} vs {}: {e}", a.id, b.id),
                        )
                    })?;
                    table.set(&panel, &a.id, &b.id, "tau", tau.tau);
                    table.set(&panel, &a.id, &b.id, "ci_lo", tau.ci_low);
                    table.set(&panel, &a.id, &b.id, "ci_hi", tau.ci_high);
                }
            }
        }
        table.note(
            "Kendall's tau-b between run means with the Hollander–Wolfe–Chicken 95% CI, τ ± 1.96σ, not clipped (tests/fixtures/statistics.md §2).",
        );
        Ok(())
    }

    /// The randomised Tukey HSD p-values of every condition and measure (`p[c][k]`, pairs in
    /// `run_pairs` order).
    fn p_values(
        &self,
        artefact: &Artefact,
        trials: u32,
        context: &Context,
    ) -> Result<Vec<Vec<Vec<f64>>>, ExperimentError> {
        let seed = context.seed_for(artefact);
        let mut p = Vec::with_capacity(self.conditions.len());
        for (c, condition) in self.conditions.iter().enumerate() {
            let mut per_measure = Vec::with_capacity(self.measures.len());
            for (k, measure) in self.measures.iter().enumerate() {
                let unit = format!(
                    "{}/{}/{}",
                    condition.qrels.id,
                    condition.subset.id(),
                    measure.name()
                );
                let p = hsd_p_values(
                    &context.shared,
                    &self.matrices[c][k],
                    (u64::from(trials), seed, &unit),
                    context.threads.max(1),
                )
                .map_err(|e| ExperimentError::invalid(artefact, e.to_string()))?;
                per_measure.push(p);
            }
            p.push(per_measure);
        }
        Ok(p)
    }
}

/// What a randomised Tukey HSD's p-values depend on, in full: the stream (seed and unit; the
/// artefact part is always [`HSD_STREAM`]), the number of trials, the worker threads (kept in the key
/// so that a thread-count comparison in one process still runs both computations) and the score
/// matrix itself, as the bits of its values (exact: no hash, so no collision).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HsdKey {
    seed: u64,
    unit: String,
    trials: u64,
    threads: usize,
    topics: usize,
    runs: usize,
    values: Vec<u64>,
}

/// The randomised Tukey HSD p-values of every run pair of `matrix` (in `run_pairs` order), with the
/// stream `lancers.hsd` / `unit` of `seed` (tests/fixtures/statistics.md §3), computed once per
/// [`HsdKey`] in `shared` ([`crate::papers::shared`]). Tables 4 and 5 (and 7 and 8) share an
/// experiment, and Table 8's all3 (50 topics) is Table 5's all3: without it one `reproduce` would run
/// the same tests twice or three times. The randomised Tukey HSD is a pure function of its
/// [`HsdKey`], so a remembered result is the result.
fn hsd_p_values(
    shared: &Shared,
    matrix: &ScoreMatrix,
    (trials, seed, unit): (u64, u64, &str),
    threads: usize,
) -> Result<Vec<f64>, evia_engine::significance::randomised_hsd::HsdError> {
    let key = HsdKey {
        seed,
        unit: unit.to_string(),
        trials,
        threads,
        topics: matrix.topics(),
        runs: matrix.runs(),
        values: matrix.values().iter().map(|v| v.to_bits()).collect(),
    };
    let p = shared.lancers_hsd.get_or_try(key, || {
        let stream = HSD_STREAM.spec(seed, unit);
        let result = randomised_hsd(matrix, trials, stream, threads, None)?;
        Ok(result.pairs.iter().map(|r| r.p).collect())
    })?;
    Ok(p.to_vec())
}

/// Significance cells: discriminative power `main/<condition>/<measure>/count` and the overlap of
/// every pair of conditions `<measure>/<row>/<column>/{a, b, c, sso_pct}`.
fn significance_cells(
    artefact: &Artefact,
    significance: Significance,
    context: &Context,
    evaluated: &Evaluated,
    table: &mut ResultTable,
) -> Result<(), ExperimentError> {
    let Significance { trials, alpha } = significance;
    let p = evaluated.p_values(artefact, trials, context)?;
    for (k, measure) in evaluated.measures.iter().enumerate() {
        let panel = measure.printed_name();
        for (i, a) in evaluated.conditions.iter().enumerate() {
            let power = discriminative_power(&p[i][k], alpha);
            table.set("main", &a.id, &panel, "count", power as f64);
            for (j, b) in evaluated.conditions.iter().enumerate().skip(i + 1) {
                let o = overlap_of_p_values(&p[i][k], &p[j][k], alpha)
                    .map_err(|e| ExperimentError::invalid(artefact, e.to_string()))?;
                table.set(&panel, &a.id, &b.id, "a", o.only_a as f64);
                table.set(&panel, &a.id, &b.id, "b", o.both as f64);
                table.set(&panel, &a.id, &b.id, "c", o.only_b as f64);
                if let Some(pct) = o.sso_percent() {
                    table.set(&panel, &a.id, &b.id, "sso_pct", pct);
                }
            }
        }
    }
    let pairs = evaluated.collection.runs.len() * (evaluated.collection.runs.len() - 1) / 2;
    table.note(format!(
        "Randomised Tukey HSD, B = {trials} trials, significant when p < {alpha}, over the {pairs} run pairs; one seeded stream per qrels version, topic subset and measure ({}/<qrels>/<subset>/<measure>). a/b/c = significant only with the row condition / with both / only with the column condition; SSO = b/(a+b+c) (tests/fixtures/statistics.md §3–§4). An SSO with no significant pair under either condition is left empty.",
        HSD_STREAM.name()
    ));
    Ok(())
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

/// Table 3 of paper B: Kendall's tau with 95% CIs between every pair of qrels versions.
pub fn qrels_rank_correlation(
    artefact: &Artefact,
    params: &QrelsEvalParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    let evaluated = evaluated(artefact, &params.inputs(), context)?;
    let mut table = evaluated.table(artefact);
    evaluated.tau_cells(artefact, &mut table)?;
    claims::all_rankings_equivalent(&evaluated, &mut table);
    Ok(table)
}

/// Tables 4 and 5 of paper B: significance overlap between qrels versions, and the discriminative
/// power of each.
pub fn qrels_overlap(
    artefact: &Artefact,
    params: &QrelsOverlapParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    let evaluated = evaluated(artefact, &params.inputs(), context)?;
    let mut table = evaluated.table(artefact);
    significance_cells(
        artefact,
        params.significance(),
        context,
        &evaluated,
        &mut table,
    )?;
    if shows(artefact, "main") {
        claims::combined_qrels_discriminative(&evaluated, &mut table);
    } else {
        claims::student_disagrees_most(&evaluated, &mut table);
    }
    keep_layout_panels(artefact, &mut table);
    Ok(table)
}

/// Table 6 of paper B: Kendall's tau with 95% CIs between every pair of topic sets.
pub fn topicset_rank_correlation(
    artefact: &Artefact,
    params: &TopicsetEvalParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    let evaluated = evaluated(artefact, &params.inputs(), context)?;
    let mut table = evaluated.table(artefact);
    evaluated.tau_cells(artefact, &mut table)?;
    claims::topicset_equivalence(&evaluated, &mut table);
    Ok(table)
}

/// Tables 7 and 8 of paper B: significance overlap between topic sets, and the discriminative power
/// of each.
pub fn topicset_overlap(
    artefact: &Artefact,
    params: &TopicsetOverlapParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    let evaluated = evaluated(artefact, &params.inputs(), context)?;
    let mut table = evaluated.table(artefact);
    significance_cells(
        artefact,
        params.significance(),
        context,
        &evaluated,
        &mut table,
    )?;
    if shows(artefact, "main") {
        claims::high_agreement_more_discriminative(&evaluated, &mut table);
    } else {
        claims::subsets_of_full_set(&evaluated, &mut table);
    }
    keep_layout_panels(artefact, &mut table);
    Ok(table)
}

/// Figure 1 of paper B: the mean score of every run under each qrels version.
pub fn qrels_means_figure(
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
pub fn topicset_means_figure(
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
