//! Many runs evaluated on one set of judgements: each run file read, parsed and evaluated topic by
//! topic with [`evaluate_run`], so a run scores exactly as `eval` scores it alone. Run names are
//! unique (two files giving one name are refused, naming both); the runs come back in the order
//! given. Nothing here prints: the caller reports the topics each run has that are not judged.

use std::path::{Path, PathBuf};

use crate::evaluate::{ListRules, TopicError, TopicEvaluation, evaluate_run};
use crate::io::qrels::TopicSet;
use crate::io::run::{RunFormat, RunOrder, parse_run};
use crate::io::run_dir::RunFile;
use crate::io::{SourceError, read_text, shown};
use evia_engine::measures::Evaluator;

/// One run's evaluation.
#[derive(Debug)]
pub struct RunEvaluation {
    /// The run's name (unique among the runs).
    pub name: String,
    /// Its file.
    pub path: PathBuf,
    /// One evaluation per evaluable topic of the judgements, in their (sorted) order.
    pub topics: Vec<TopicEvaluation>,
    /// Topics of the run that are not in the judgements (skipped, as trec_eval skips them).
    pub unjudged_topics: Vec<String>,
    /// Evaluable topics the run has no line for (evaluated as empty lists: zeros).
    pub missing_topics: Vec<String>,
}

/// Why the runs could not be evaluated.
#[derive(Debug, thiserror::Error)]
pub enum RunsError {
    #[error(transparent)]
    Source(#[from] SourceError),
    #[error("run {}", shown(run))]
    Topic {
        run: String,
        #[source]
        source: TopicError,
    },
    #[error(
        "{} and {} both give the run name `{}`; run names must be unique (rename one)",
        first.display(), second.display(), shown(name)
    )]
    SameName {
        name: String,
        first: PathBuf,
        second: PathBuf,
    },
}

/// The run name of a run file given alone: its file name without a final `.gz`, as in a runs
/// directory read with `RunNaming::WithoutGz`.
pub fn run_name_of(path: &Path) -> String {
    let file = path.file_name().map_or_else(
        || path.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    );
    file.strip_suffix(".gz").map(str::to_string).unwrap_or(file)
}

/// Every run of `runs` evaluated on `topics` with the rules `rules` (its `run` path is replaced by
/// each run's), in the order given. A topic that cannot be evaluated (a duplicate document, say) is
/// an error naming the run and the topic.
pub fn evaluate_runs(
    runs: &[RunFile],
    rules: &ListRules,
    format: RunFormat,
    order: RunOrder,
    evaluators: [&Evaluator; 2],
    topics: &TopicSet,
) -> Result<Vec<RunEvaluation>, RunsError> {
    for (i, a) in runs.iter().enumerate() {
        if let Some(b) = runs[..i].iter().find(|b| b.name == a.name) {
            return Err(RunsError::SameName {
                name: a.name.clone(),
                first: b.path.clone(),
                second: a.path.clone(),
            });
        }
    }
    let mut out = Vec::with_capacity(runs.len());
    for file in runs {
        let text = read_text(&file.path)?;
        let run = parse_run(&file.path, &text, format, order)?;
        let rules = ListRules {
            run: file.path.clone(),
            ..rules.clone()
        };
        let mut evaluated = Vec::with_capacity(topics.topics.len());
        for outcome in evaluate_run(&rules, evaluators, topics, &run) {
            evaluated.push(outcome.map_err(|source| RunsError::Topic {
                run: file.name.clone(),
                source,
            })?);
        }
        let unjudged_topics = run
            .iter()
            .map(|t| t.topic)
            .filter(|t| !topics.topics.contains_key(*t) && !topics.without_relevant.contains(*t))
            .map(str::to_string)
            .collect();
        let missing_topics = topics
            .topics
            .keys()
            .filter(|t| run.binary_search_by(|r| r.topic.cmp(t.as_str())).is_err())
            .cloned()
            .collect();
        out.push(RunEvaluation {
            name: file.name.clone(),
            path: file.path.clone(),
            topics: evaluated,
            unjudged_topics,
            missing_topics,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn a_run_is_named_after_its_file_without_gz() {
        assert_eq!(run_name_of(Path::new("/x/input.runA.gz")), "input.runA");
        assert_eq!(run_name_of(Path::new("runB")), "runB");
    }
}
