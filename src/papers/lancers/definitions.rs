//! The qrels versions and topic sets an artefact of paper B compares, wherever its parameters put
//! them: in files under `data/` (paper B's manifest) or listed in the manifest entry itself (the
//! manifest `evia-repro study` generates for a user's assessors).

use serde::Deserialize;

use crate::io::read_yaml;
use crate::papers::lancers::params::{Evaluation, QrelsVersionDef, QrelsVersions, TopicSetDef};
use crate::papers::lancers::standin::runs::RunParams;
use crate::papers::{Context, ExperimentError, display_relative};

/// The qrels versions of `source`, and where they were defined (for messages).
pub(crate) fn qrels_version_defs(
    context: &Context,
    source: &QrelsVersions,
) -> Result<(Vec<QrelsVersionDef>, String), ExperimentError> {
    match source {
        QrelsVersions::File(file) => {
            let path = context.data_path(file);
            let parsed: crate::papers::lancers::params::QrelsVersionsFile = read_yaml(&path)?;
            Ok((parsed.versions, display_relative(context, &path)))
        }
        QrelsVersions::Listed(versions) => Ok((versions.clone(), "the manifest entry".to_string())),
    }
}

/// The evaluation file (the `evaluation` parameter, `data/lancers/www-runs.yaml`): the stand-in runs'
/// knobs and the definitions of the topic sets.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct EvaluationFile {
    pub(crate) runs: RunParams,
    pub(crate) topic_sets: Vec<TopicSetDef>,
    /// What the run knobs build in: accepted here (the file denies unknown keys) and read by
    /// [`crate::manifest::built_in`].
    #[serde(default)]
    #[allow(dead_code)]
    pub(crate) builds_in: Vec<crate::model::BuiltInDecl>,
    /// The knobs' plausible ranges: accepted here and read by [`crate::manifest::plausible`].
    #[serde(default)]
    #[allow(dead_code)]
    pub(crate) plausible: Option<serde::de::IgnoredAny>,
}

/// The topic sets of `evaluation` and the stand-in runs' knobs, which only an evaluation file has.
pub(crate) fn evaluation_defs(
    context: &Context,
    evaluation: &Evaluation,
) -> Result<(Vec<TopicSetDef>, Option<RunParams>), ExperimentError> {
    match evaluation {
        Evaluation::File(file) => {
            let parsed: EvaluationFile = context.read_yaml_input(file)?;
            Ok((parsed.topic_sets, Some(parsed.runs)))
        }
        Evaluation::Listed(listed) => Ok((listed.topic_sets.clone(), None)),
    }
}
