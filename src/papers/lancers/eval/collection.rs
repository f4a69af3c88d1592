//! The collection every experiment of paper B's §4 works on: the labelled topics, the runs over them
//! and the high-agreement split, built once per [`CollectionKey`] for the stand-in, or read from a
//! user's real collection.

use std::sync::Arc;

use crate::manifest::Artefact;
use crate::manifest::params::StandinSizes;
use crate::papers::lancers::params::{EvalInputs, KappaSe};
use crate::papers::lancers::standin::runs::{Run, RunParams};
use crate::papers::lancers::standin::{AssessorSet, LabelledTopic, TopicAgreement};
use crate::papers::shared::FileKey;
use crate::papers::{Context, ExperimentError};
use crate::published::printed_style::group_thousands;

/// The labelled topics, the runs over them, and the high-agreement split.
#[derive(Debug, Clone)]
pub(crate) struct Collection {
    /// Who labelled the topics, in the order of every judgement's labels.
    pub(crate) assessors: AssessorSet,
    pub(crate) topics: Vec<LabelledTopic>,
    pub(crate) runs: Vec<Run>,
    /// `agreement[t]`: where topic t falls in the high/low-agreement split.
    pub(crate) agreement: Vec<TopicAgreement>,
    /// Whether the topics and runs are a user's real collection.
    pub(crate) real_data: bool,
    /// Where the collection came from, for the table notes.
    pub(crate) source: String,
}

/// What paper B's stand-in collection is made of: the seed, the kappa interval's standard error
/// (the high-agreement split and the runs' topic reliabilities) and the three files it is generated
/// from (the confusion matrices, the stand-in's knobs, the evaluation file with the runs' knobs).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct CollectionKey {
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
        let file = |relative: &str| context.input_key(relative);
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
pub(crate) fn collection(
    artefact: &Artefact,
    inputs: &EvalInputs<'_>,
    context: &Context,
    standin_runs: Option<&RunParams>,
) -> Result<Arc<Collection>, ExperimentError> {
    let build = || build_collection(artefact, inputs, context, standin_runs);
    let collection = match CollectionKey::of(artefact, inputs, context) {
        Some(key) => context
            .shared
            .memo::<CollectionKey, Collection>()
            .get_or_try(key, build)?,
        None => Arc::new(build()?),
    };
    let standin = inputs.labels.collection.is_none() && context.data_dir.is_none();
    if let Some(params) = standin_runs.filter(|_| standin) {
        check_standin_sizes(
            artefact,
            inputs.sizes,
            inputs.pool_depth,
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
    let agreement = crate::papers::lancers::standin::high_agreement_split(&topics, &assessors, se)
        .map_err(|e| ExperimentError::invalid(artefact, e.to_string()))?;
    let (runs, source) = match (inputs.labels.collection, &context.data_dir) {
        (Some(user), _) => {
            let runs = crate::papers::lancers::user_collection::read_collection_runs(
                context, user, &topics,
            )?;
            let source = format!(
                "Collection from {} (labels) and {} (runs; full paths in the provenance stamp): {} topics, {} runs, assessors {}.",
                crate::papers::lancers::user_collection::shown_name(&user.labels),
                crate::papers::lancers::user_collection::shown_name(&user.runs),
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
        agreement,
        real_data,
        source,
    })
}

/// Checks the stand-in's (topics, runs, teams, pool depth) against the sizes the manifest states.
fn check_standin_sizes(
    artefact: &Artefact,
    stated: StandinSizes,
    pool_depth: Option<u32>,
    [topics, runs, teams, depth]: [usize; 4],
) -> Result<(), ExperimentError> {
    for (name, expected, got) in [
        ("topics", stated.topics, topics),
        ("runs", stated.runs, runs),
        ("teams", stated.teams, teams),
        ("pool_depth", pool_depth, depth),
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
