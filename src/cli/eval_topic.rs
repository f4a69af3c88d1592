//! One topic of `eval`: its ranked list checked for duplicates, labelled, truncated and evaluated,
//! the same whichever path read the run ([`super::eval`] parsed whole, [`super::eval_blocks`] block
//! by block).

use anyhow::{Context, bail};

use super::eval_args::EvalArgs;
use crate::io::duplicates::DuplicateFinder;
use crate::io::run_doc::RunDoc;
use crate::io::shown;
use evia_engine::measures::lines::each_line;
use evia_engine::measures::{
    Evaluation, Evaluator, Label, MeasureError, TopicJudgements, doc_hash,
};

/// What evaluating the run gave: the run's topics with the first line of each (sorted by topic),
/// and one outcome per topic of the judgements (in their order).
pub(crate) struct Evaluated {
    pub(crate) run_topics: Vec<(String, usize)>,
    pub(crate) outcomes: Vec<TopicOutcome>,
}

/// Buffers one thread reuses from topic to topic.
#[derive(Default)]
pub(crate) struct Scratch {
    labels: Vec<Label>,
    duplicates: DuplicateFinder,
    /// [`doc_hash`] of each document of the list, for the duplicate check and labelling alike.
    hashes: Vec<u64>,
}

/// One evaluated topic.
pub(crate) struct TopicEvaluation {
    pub(crate) ev: Evaluation,
    /// It has no judged nonrelevant document, so its bpref/rpref lines are left out.
    pub(crate) without_bpref: bool,
    /// Some value is undefined (NaN: 0/0).
    pub(crate) undefined: bool,
}

/// One evaluated topic, or why it could not be.
pub(crate) type TopicOutcome = anyhow::Result<TopicEvaluation>;

/// One topic: its ranked list `docs` (empty if the run does not have the topic), checked for
/// duplicates, labelled, truncated and evaluated (`evaluators`: with and without bpref/rpref).
pub(crate) fn evaluate_topic<'r>(
    args: &EvalArgs,
    evaluators: [&Evaluator; 2],
    topic: &str,
    judgements: &TopicJudgements,
    docs: &[RunDoc<'r>],
    scratch: &mut Scratch,
) -> TopicOutcome {
    scratch.hashes.clear();
    scratch.hashes.extend(docs.iter().map(|d| doc_hash(d.doc)));
    if !args.allow_duplicates
        && let Some((first, again, doc)) = scratch
            .duplicates
            .first_repeat_hashed(docs, &scratch.hashes)
    {
        bail!(
            "{}:{again}: document {} is retrieved again for topic {} (first on line {first}); \
                 use --allow-duplicates to count it at each rank as NTCIREVAL does",
            args.run.display(),
            shown(doc),
            shown(topic)
        );
    }
    let truncate = args
        .truncate
        .map(|n| usize::try_from(n).unwrap_or(usize::MAX));
    judgements.label_hashed_into(
        docs.iter()
            .zip(&scratch.hashes)
            .take(args.parity.rank_limit())
            .map(|(d, &h)| (d.doc, h)),
        args.condensed,
        truncate,
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
    .with_context(|| format!("topic {}", shown(topic)))?;
    // NaN is 0/0, a value undefined for the topic (reported, see the module); an infinite value
    // would be an overflow, which the bounds on β and the gains rule out.
    let mut undefined = false;
    let mut infinite = None;
    each_line(&ev, true, |name, value, _| {
        undefined |= value.is_nan();
        if infinite.is_none() && value.is_infinite() {
            infinite = Some((name, value));
        }
    });
    if let Some((name, value)) = infinite {
        bail!(
            "topic {}: {name} is {value}: the measure's sums overflowed the floating-point range",
            shown(topic)
        );
    }
    Ok(TopicEvaluation {
        ev,
        without_bpref,
        undefined,
    })
}
