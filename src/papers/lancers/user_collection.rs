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
