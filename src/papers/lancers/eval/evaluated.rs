//! An experiment's conditions (qrels versions, or qrels versions on topic subsets) and the
//! topic-by-run score matrices of the collection under each of them and each measure, computed once
//! and shared by the cells of its table.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Arc;

use super::collection::{Collection, collection};
use crate::manifest::Artefact;
use crate::papers::lancers::definitions::{evaluation_defs, qrels_version_defs};
use crate::papers::lancers::params::{Conditions, EvalInputs, TopicSetDef, TopicSubset};
use crate::papers::lancers::standin::AssessorSet;
use crate::papers::lancers::standin::scores::{
    Measure, QrelsVersion, score_matrices, topic_subset,
};
use crate::papers::{Context, ExperimentError};
use crate::results::ResultTable;
use evia_engine::significance::ScoreMatrix;

/// One compared condition: a qrels version on a topic subset.
#[derive(Debug, Clone)]
pub(super) struct Condition {
    /// The row/column id in the tables (`all3`, `all3-high27`).
    pub(super) id: String,
    pub(super) qrels: QrelsVersion,
    pub(super) subset: TopicSubset,
}

/// Everything an experiment needs: the collection, the measures, the conditions and their score
/// matrices (`matrices[c][k]` for condition c and measure k), computed once.
pub(super) struct Evaluated {
    pub(super) collection: Arc<Collection>,
    pub(super) measures: Vec<Measure>,
    pub(super) conditions: Vec<Condition>,
    pub(super) matrices: Vec<Vec<ScoreMatrix>>,
    pub(super) notes: Vec<String>,
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
            .agreement
            .iter()
            .map(|&a| subset.keeps(a))
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
pub(super) fn evaluated(
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
    pub(super) fn table(&self, artefact: &Artefact) -> ResultTable {
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
                .map(Measure::noted_name)
                .collect::<Vec<_>>()
                .join(", ")
        ));
        for note in &self.notes {
            table.note(note.clone());
        }
        table
    }
}
