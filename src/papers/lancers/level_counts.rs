//! Table 2 of paper B: the number of documents at each relevance level in each qrels version.

use std::collections::BTreeMap;

use crate::io::confusion::AssessorPair;
use crate::manifest::Artefact;
use crate::papers::lancers::labels::{
    assessor_margins, load_pairs, real_labels_file, standin_input, topics,
};
use crate::papers::lancers::params::{LevelCountsParams, QrelsVersionDef};
use crate::papers::lancers::standin::LabelledCollection;
use crate::papers::{Context, ExperimentError, display_relative};
use crate::results::{ResultTable, VALUE};

/// Table 2 of paper B, the rows implied by the pairwise matrices. A qrels version sums its assessors'
/// labels (the `qrels_versions` file): a single assessor's level counts are a matrix margin (which
/// must agree across the matrices sharing the assessor), and two assessors' are the anti-diagonal sums of
/// their matrix. Three assessors (all3) need the joint label table, which the paper does not print: such
/// rows sum the labels of [`topics`] (the stand-in, whose joint table is fitted to the printed all3 row,
/// or real labels). With real labels (a user's collection or `reproduce --data`) every row sums
/// them and none comes from the printed matrices. Parameters: [`LevelCountsParams`] (`qrels`: the
/// rows, in order).
pub(crate) fn level_counts(
    artefact: &Artefact,
    params: &LevelCountsParams,
    context: &Context,
) -> Result<ResultTable, ExperimentError> {
    let real_labels = real_labels_file(context, params.labels()).is_some();
    let (pairs, path) = if real_labels {
        // Real labels: every row sums them, none comes from the printed matrices.
        (Vec::new(), std::path::PathBuf::new())
    } else {
        load_pairs(artefact, params.labels(), context)?
    };
    let margins = assessor_margins(artefact, &pairs, &path, context)?;
    let (versions, versions_source) =
        super::definitions::qrels_version_defs(context, &params.qrels_versions)?;
    let wanted = &params.qrels;
    let mut table = ResultTable::new(&artefact.id);
    let mut from_labels: Vec<&str> = Vec::new();
    let mut labelled: Option<LabelledCollection> = None;
    for qrels in wanted {
        let version = find_version(&versions, qrels, artefact, &versions_source)?;
        let counts = match matrix_level_counts(&version.assessors, &margins, &pairs) {
            Some(counts) => counts,
            None => {
                // Three assessors need the joint labels: the topics' summed labels.
                if labelled.is_none() {
                    let (topics, real) = topics(context, artefact, params.labels())?;
                    table.real_data = real;
                    labelled = Some(topics);
                }
                from_labels.push(qrels.as_str());
                match &labelled {
                    Some(collection) => {
                        summed_label_counts(artefact, collection, &version.assessors)?
                    }
                    None => Vec::new(),
                }
            }
        };
        let fitted = from_labels.last() == Some(&qrels.as_str()) && !table.real_data;
        for (level, &count) in counts.iter().enumerate() {
            table.set("main", qrels, &format!("L{level}"), VALUE, count as f64);
            if fitted {
                // The stand-in's joint table is fitted to these level counts exactly.
                table.fitted_to_print("main", qrels, &format!("L{level}"), VALUE, 0.0);
            }
        }
        table.set(
            "main",
            qrels,
            "total",
            VALUE,
            counts.iter().sum::<u64>() as f64,
        );
    }
    if !real_labels {
        table.note(format!(
            "Single-assessor rows are margins of the matrices in {}; a two-assessor row sums the pair's labels.",
            display_relative(context, &path)
        ));
    }
    if !from_labels.is_empty() {
        let source = if table.real_data {
            "the real per-assessor labels".to_string()
        } else {
            format!(
                "the seeded stand-in collection, whose joint label table is fitted to the all3 level counts of {} (so these levels match by construction)",
                standin_input(artefact, "standin", params.labels().standin)?
            )
        };
        table.note(format!(
            "Rows {} sum {} assessors' labels per document: from {source}.",
            from_labels.join(", "),
            if real_labels { "their" } else { "three" }
        ));
    }
    Ok(table)
}

/// The qrels version `id` of `versions` (read from `path`).
fn find_version<'v>(
    versions: &'v [QrelsVersionDef],
    id: &str,
    artefact: &Artefact,
    source: &str,
) -> Result<&'v QrelsVersionDef, ExperimentError> {
    versions.iter().find(|v| v.id == id).ok_or_else(|| {
        ExperimentError::invalid(artefact, format!("qrels `{id}` is not defined in {source}"))
    })
}

/// The level counts of a qrels version that the printed matrices determine: one assessor's are a
/// matrix margin, two assessors' the anti-diagonal sums of their matrix; `None` for more assessors
/// (they need the joint labels).
fn matrix_level_counts(
    assessors: &[String],
    margins: &BTreeMap<String, Vec<u64>>,
    pairs: &[AssessorPair],
) -> Option<Vec<u64>> {
    match assessors {
        [one] => margins.get(one).cloned(),
        [a, b] => pairs
            .iter()
            .find(|p| (&p.first, &p.second) == (a, b) || (&p.first, &p.second) == (b, a))
            .map(|p| p.matrix.summed_level_counts()),
        _ => None,
    }
}

/// Counts of documents per summed label of `assessors` (names of the collection's assessors) over
/// all topics: index x counts the documents whose labels sum to x (L0 … L(k·max)).
fn summed_label_counts(
    artefact: &Artefact,
    collection: &LabelledCollection,
    assessors: &[String],
) -> Result<Vec<u64>, ExperimentError> {
    let known = &collection.assessors;
    let indices = assessors
        .iter()
        .map(|name| {
            known.index_of(name).ok_or_else(|| {
                ExperimentError::invalid(
                    artefact,
                    format!("assessor `{name}` is not one of {:?}", known.names()),
                )
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let max = known.max_label();
    let mut levels = vec![0u64; indices.len() * usize::from(max) + 1];
    for topic in &collection.topics {
        for doc in &topic.docs {
            let mut level = 0;
            for &i in &indices {
                match doc.labels.get(i) {
                    Some(&l) if l <= max => level += usize::from(l),
                    other => {
                        return Err(ExperimentError::invalid(
                            artefact,
                            format!(
                                "topic {} document {} has label {other:?} for assessor `{}`; labels are 0 to {max}",
                                topic.id,
                                doc.doc,
                                known.names()[i]
                            ),
                        ));
                    }
                }
            }
            levels[level] += 1;
        }
    }
    Ok(levels)
}
