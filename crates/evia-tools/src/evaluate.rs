//! One topic of a run evaluated: its ranked list checked for duplicates, labelled (unjudged
//! documents dropped under the condensed-list rule, NTCIREVAL `label -j`), truncated and evaluated
//! with the semantics of NTCIREVAL 20200527 `compute` (`evia_engine::measures`). `eval` and
//! `judges` both evaluate through [`evaluate_topic`] (a parsed run: [`evaluate_run`]), so a run
//! scores the same under either.

use std::path::PathBuf;

use crate::io::duplicates::DuplicateFinder;
use crate::io::qrels::TopicSet;
use crate::io::run::RunTopic;
use crate::io::run_doc::RunDoc;
use crate::io::shown;
use crate::parallel::map_in_halves;
use evia_engine::measures::lines::each_line;
use evia_engine::measures::{
    Evaluation, Evaluator, Label, MeasureError, TopicJudgements, doc_hash,
};

/// How a topic's ranked list is prepared before it is evaluated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListRules {
    /// The run file, named in errors.
    pub run: PathBuf,
    /// Count a document retrieved twice at each of its ranks (NTCIREVAL does) instead of refusing
    /// the run.
    pub allow_duplicates: bool,
    /// Drop unjudged documents before evaluating (condensed lists, Sakai 2007).
    pub condensed: bool,
    /// Keep this many documents (counted after condensing).
    pub truncate: Option<usize>,
    /// Keep this many ranks of the list before labelling (counted before condensing).
    pub rank_limit: usize,
}

impl ListRules {
    /// The rules of a plain evaluation: duplicates refused, every judged and unjudged document kept.
    pub fn plain(run: impl Into<PathBuf>) -> Self {
        ListRules {
            run: run.into(),
            allow_duplicates: false,
            condensed: false,
            truncate: None,
            rank_limit: usize::MAX,
        }
    }
}

/// Buffers one thread reuses from topic to topic.
#[derive(Debug, Default)]
pub struct Scratch {
    labels: Vec<Label>,
    duplicates: DuplicateFinder,
    /// [`doc_hash`] of each document of the list, for the duplicate check and labelling alike.
    hashes: Vec<u64>,
}

/// One evaluated topic.
#[derive(Debug)]
pub struct TopicEvaluation {
    pub ev: Evaluation,
    /// It has no judged nonrelevant document, so its bpref/rpref lines are left out.
    pub without_bpref: bool,
    /// Some value is undefined (NaN: 0/0).
    pub undefined: bool,
}

/// Why a topic could not be evaluated.
#[derive(Debug, thiserror::Error)]
pub enum TopicError {
    #[error(
        "{}:{again}: document {} is retrieved again for topic {} (first on line {first}); use --allow-duplicates to count it at each rank as NTCIREVAL does",
        run.display(), shown(doc), shown(topic)
    )]
    Duplicate {
        run: PathBuf,
        first: usize,
        again: usize,
        doc: String,
        topic: String,
    },
    #[error("topic {}", shown(topic))]
    Measure {
        topic: String,
        #[source]
        source: MeasureError,
    },
    #[error(
        "topic {}: {measure} is {value}: the measure's sums overflowed the floating-point range",
        shown(topic)
    )]
    Overflow {
        topic: String,
        measure: String,
        value: f64,
    },
}

/// One evaluated topic, or why it could not be.
pub type TopicOutcome = Result<TopicEvaluation, TopicError>;

/// One topic: its ranked list `docs` (empty if the run does not have the topic), checked for
/// duplicates, labelled, truncated and evaluated (`evaluators`: with and without bpref/rpref; the
/// second is used for a topic without any judged nonrelevant document, where bpref divides by 0).
pub fn evaluate_topic(
    rules: &ListRules,
    evaluators: [&Evaluator; 2],
    topic: &str,
    judgements: &TopicJudgements,
    docs: &[RunDoc<'_>],
    scratch: &mut Scratch,
) -> TopicOutcome {
    scratch.hashes.clear();
    scratch.hashes.extend(docs.iter().map(|d| doc_hash(d.doc)));
    if !rules.allow_duplicates
        && let Some((first, again, doc)) = scratch
            .duplicates
            .first_repeat_hashed(docs, &scratch.hashes)
    {
        return Err(TopicError::Duplicate {
            run: rules.run.clone(),
            first,
            again,
            doc: doc.to_string(),
            topic: topic.to_string(),
        });
    }
    judgements.label_hashed_into(
        docs.iter()
            .zip(&scratch.hashes)
            .take(rules.rank_limit)
            .map(|(d, &h)| (d.doc, h)),
        rules.condensed,
        rules.truncate,
        &mut scratch.labels,
    );
    let mut ev = Evaluation::default();
    let mut without_bpref = false;
    match evaluators[0].evaluate_into(judgements.ideal(), &scratch.labels, &mut ev) {
        Err(MeasureError::BprefWithoutNonrelevant) => {
            without_bpref = true;
            evaluators[1].evaluate_into(judgements.ideal(), &scratch.labels, &mut ev)
        }
        other => other,
    }
    .map_err(|source| TopicError::Measure {
        topic: topic.to_string(),
        source,
    })?;
    // NaN is 0/0, a value undefined for the topic (the caller reports it); an infinite value
    // would be an overflow, which bounds on β and the gains rule out.
    let mut undefined = false;
    let mut infinite = None;
    each_line(&ev, true, |name, value, _| {
        undefined |= value.is_nan();
        if infinite.is_none() && value.is_infinite() {
            infinite = Some((name.to_string(), value));
        }
    });
    if let Some((measure, value)) = infinite {
        return Err(TopicError::Overflow {
            topic: topic.to_string(),
            measure,
            value,
        });
    }
    Ok(TopicEvaluation {
        ev,
        without_bpref,
        undefined,
    })
}

/// Every topic of `topics` evaluated on the parsed run `run` (sorted by topic, as
/// `io::run::parse_run` gives it), in two halves on two threads, each with its own [`Scratch`]. A
/// judged topic the run does not contain is evaluated as an empty list (all zeros, as NTCIREVAL
/// does for an empty res file). The outcomes come back in the order of `topics`, the same whatever
/// the thread count.
pub fn evaluate_run(
    rules: &ListRules,
    evaluators: [&Evaluator; 2],
    topics: &TopicSet,
    run: &[RunTopic<'_>],
) -> Vec<TopicOutcome> {
    let all: Vec<(&String, &TopicJudgements)> = topics.topics.iter().collect();
    map_in_halves(&all, |&(topic, judgements), scratch: &mut Scratch| {
        let docs = run
            .binary_search_by(|t| t.topic.cmp(topic))
            .map_or(&[][..], |k| run[k].docs.as_slice());
        evaluate_topic(rules, evaluators, topic, judgements, docs, scratch)
    })
}
