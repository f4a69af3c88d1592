//! A user's collection for paper B's analysis (the `collection:` parameter, [`UserCollection`]):
//! per-assessor labels of any set of assessors and a directory of runs, in place of the seeded
//! stand-in. `evia-repro study` writes it into the manifest entries it generates.

use std::collections::BTreeMap;
use std::path::Path;

use crate::io::SourceError;
use crate::io::labels::{AssessorLabels, read_labels_with};
use crate::papers::Context;
use crate::papers::lancers::collection::{
    AssessorSet, Judgement, LabelledCollection, LabelledTopic, Run,
};
use crate::papers::lancers::params::UserCollection;

/// The labelled topics of `collection`'s label file, in topic-id order (documents in file order),
/// with the file's assessors. Every assessor must label every judged document, and the scale must
/// start at 0 (qrels versions sum labels into levels L0, L1, …); otherwise an error naming the file
/// and the document.
pub(crate) fn read_collection_labels(
    context: &Context,
    collection: &UserCollection,
) -> Result<LabelledCollection, SourceError> {
    let path = context.data_path(&collection.labels);
    let options = collection
        .reading
        .options()
        .map_err(|e| SourceError::whole_file(&path, e))?;
    let labels = read_labels_with(&path, collection.layout, collection.scale, &options)?;
    to_collection(&path, labels)
}

/// The runs of `collection`'s run directory, aligned with `topics` (as `reproduce --data` reads
/// `runs/`: TREC run files, ranked by score descending, ties by document id descending).
pub(crate) fn read_collection_runs(
    context: &Context,
    collection: &UserCollection,
    topics: &[LabelledTopic],
) -> Result<Vec<Run>, SourceError> {
    crate::papers::lancers::collection_files::read_runs(
        &context.data_path(&collection.runs),
        topics,
    )
}

/// The most runs a warning about missing topics names one by one.
const RUNS_NAMED: usize = 5;

/// The most topics a warning names for one run.
const TOPICS_NAMED: usize = 5;

/// Warnings for the runs of `collection` that list no document for some labelled topics: those
/// topics are empty ranked lists for the run and score 0 in every measure, so its means fall. One
/// line per such run (the first [`RUNS_NAMED`], then how many more), each naming its topics.
pub(crate) fn missing_topic_warnings(
    context: &Context,
    collection: &UserCollection,
) -> Result<Vec<String>, SourceError> {
    let labelled = read_collection_labels(context, collection)?;
    let runs = read_collection_runs(context, collection, &labelled.topics)?;
    Ok(runs_missing_topics(&labelled.topics, &runs))
}

/// [`missing_topic_warnings`] for `reproduce --data DIR`: the labels of `DIR/labels.tsv` and the
/// runs of `DIR/runs/`.
pub(crate) fn data_dir_missing_topic_warnings(dir: &Path) -> Result<Vec<String>, SourceError> {
    use crate::papers::lancers::collection_files::{LABELS_FILE, RUNS_DIR, read_labels, read_runs};
    let topics = read_labels(&dir.join(LABELS_FILE))?;
    let runs = read_runs(&dir.join(RUNS_DIR), &topics)?;
    Ok(runs_missing_topics(&topics, &runs))
}

/// See [`missing_topic_warnings`].
fn runs_missing_topics(topics: &[LabelledTopic], runs: &[Run]) -> Vec<String> {
    let short = |items: Vec<&str>, most: usize| {
        let total = items.len();
        let mut shown: Vec<String> = items
            .into_iter()
            .take(most)
            .map(|t| format!("`{}`", crate::io::shown(t)))
            .collect();
        if total > most {
            shown.push(format!("and {} more", total - most));
        }
        shown.join(", ")
    };
    let missing: Vec<(&str, Vec<&str>)> = runs
        .iter()
        .filter_map(|run| {
            let topics: Vec<&str> = topics
                .iter()
                .zip(&run.lists)
                .filter(|(_, list)| list.is_empty())
                .map(|(t, _)| t.id.as_str())
                .collect();
            (!topics.is_empty()).then_some((run.name.as_str(), topics))
        })
        .collect();
    let mut warnings: Vec<String> = missing
        .iter()
        .take(RUNS_NAMED)
        .map(|(run, t)| {
            format!(
                "warning: run `{}` lists no document for {} of the {} labelled topics, which score 0 in every measure: {}",
                crate::io::shown(run),
                t.len(),
                topics.len(),
                short(t.clone(), TOPICS_NAMED)
            )
        })
        .collect();
    if missing.len() > RUNS_NAMED {
        warnings.push(format!(
            "warning: and {} more run(s) miss labelled topics: {}",
            missing.len() - RUNS_NAMED,
            short(
                missing[RUNS_NAMED..].iter().map(|m| m.0).collect(),
                RUNS_NAMED
            )
        ));
    }
    warnings
}

/// Groups `labels`' items by topic and checks that every document carries every assessor's label.
fn to_collection(path: &Path, labels: AssessorLabels) -> Result<LabelledCollection, SourceError> {
    let scale = labels.scale;
    let max_label = u8::try_from(scale.max())
        .ok()
        .filter(|_| scale.min() == 0)
        .ok_or_else(|| {
            SourceError::whole_file(
                path,
                format!(
                    "scale {scale}: paper B's analysis sums labels into qrels levels, so the scale must be 0..MAX with MAX at most {}",
                    crate::papers::lancers::collection::MAX_LABEL
                ),
            )
        })?;
    let assessors = AssessorSet::new(labels.assessors.clone(), max_label)
        .map_err(|e| SourceError::whole_file(path, format!("assessors: {e}")))?;
    let mut topics: BTreeMap<String, Vec<Judgement>> = BTreeMap::new();
    for item in labels.items {
        let mut row = Vec::with_capacity(assessors.len());
        for (k, name) in assessors.names().iter().enumerate() {
            let level = item
                .labels
                .iter()
                .find(|(a, _)| *a == k)
                .and_then(|&(_, level)| u8::try_from(level).ok())
                .ok_or_else(|| {
                    SourceError::whole_file(
                        path,
                        format!(
                            "document `{}` of topic `{}` has no label from assessor `{name}`; paper B's analysis needs every assessor's label on every judged document",
                            item.doc, item.topic
                        ),
                    )
                })?;
            row.push(level);
        }
        topics.entry(item.topic).or_default().push(Judgement {
            doc: item.doc,
            labels: row,
        });
    }
    Ok(LabelledCollection {
        assessors,
        topics: topics
            .into_iter()
            .map(|(id, docs)| LabelledTopic { id, docs })
            .collect(),
    })
}

/// A user's path as the study's running text shows it: its last component (`labels.tsv`, `runs`).
/// The full path, which may be long or hold a temporary directory's random name, is in the
/// provenance stamp of every output, beside its hash; in running text it would only push lines into
/// the margin, differently for every name.
pub(crate) fn shown_name(path: &str) -> String {
    Path::new(path)
        .file_name()
        .map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned())
}
