//! `eval` reading the run topic by topic (`io::run_groups`): each block of consecutive lines of
//! one topic is ranked and evaluated as soon as it has been read, in byte ranges of the file that
//! two threads take in turn (`parallel::map_in_turn`), so that neither the run's text nor an entry per
//! run line is kept.
//!
//! This is only a faster way to the same result: when the reader gives up (a malformed line, bytes
//! that are not UTF-8, ...), a topic's evaluation fails (a duplicate document, an overflow), or
//! some topic's lines are not all in one block (found as soon as a part meets a topic twice), it
//! returns `None` and the caller evaluates the run parsed whole, which reports every error with its
//! file and line. The per-topic evaluation is the
//! caller's ([`evaluate_topic`]) and blocks are ranked as `parse_run` ranks topics, so the
//! outcomes are the same on both paths.

use std::collections::HashSet;
use std::ops::{ControlFlow, Range};

use super::eval_args::{EvalArgs, run_reading};
use crate::evaluate::{ListRules, Scratch, TopicOutcome, evaluate_topic};
use crate::io::READ_THREADS;
use crate::io::qrels::TopicSet;
use crate::io::run_groups::{is_grouped, plan_parts, read_blocks};
use crate::parallel::map_in_turn;
use evia_engine::measures::Evaluator;

/// What evaluating the run gave: the run's topics with the first line of each (sorted by topic),
/// and one outcome per topic of the judgements (in their order).
pub(crate) struct Evaluated {
    pub(crate) run_topics: Vec<(String, usize)>,
    pub(crate) outcomes: Vec<TopicOutcome>,
}

/// A block read: its topic, its first line in the file and its outcome when its topic is judged.
type BlockOutcome = (String, usize, Option<TopicOutcome>);

/// Evaluates the run block by block, or `None` (see the module).
pub(super) fn evaluate_by_block(
    args: &EvalArgs,
    evaluators: [&Evaluator; 2],
    topics: &TopicSet,
) -> Option<Evaluated> {
    let (format, order) = run_reading(args);
    let parts = plan_parts(&args.run, format, order)?;
    let rules = args.list_rules();
    let read = |range: &Range<u64>, (scratch, buffer): &mut (Scratch, Vec<u8>)| {
        let mut blocks = Vec::new();
        let mut seen = HashSet::new();
        let lines = read_blocks(&parts, range.clone(), buffer, |block, docs| {
            // A topic met again in the same part: the run is not grouped, and the caller parses
            // it whole; giving up now spares evaluating every block of a shuffled run first.
            if !seen.insert(block.topic.to_string()) {
                return ControlFlow::Break(());
            }
            let outcome = match topics.topics.get(block.topic) {
                Some(judgements) => {
                    let outcome =
                        evaluate_topic(&rules, evaluators, block.topic, judgements, docs, scratch);
                    if outcome.is_err() {
                        return ControlFlow::Break(());
                    }
                    Some(outcome)
                }
                None => None,
            };
            blocks.push((block.topic.to_string(), block.first_line, outcome));
            ControlFlow::Continue(())
        })?;
        Some((blocks, lines))
    };
    // Two threads take the parts in turn; the parts come back in file order.
    let read_parts = map_in_turn(&parts.ranges, READ_THREADS, read);
    let mut blocks: Vec<BlockOutcome> = Vec::new();
    let mut lines_before = 0;
    for part in read_parts {
        let (part, lines) = part?;
        blocks.extend(
            part.into_iter()
                .map(|(t, first, o)| (t, lines_before + first, o)),
        );
        lines_before += lines;
    }
    let run_topics: Vec<&str> = blocks.iter().map(|b| b.0.as_str()).collect();
    if !is_grouped(&run_topics) {
        return None;
    }
    Some(by_judged_topic(&rules, evaluators, topics, blocks))
}

/// The outcomes in the order of the judged topics (a judged topic without a block in the run is
/// evaluated as an empty list), and the run's topics with their first lines, sorted by topic.
fn by_judged_topic(
    rules: &ListRules,
    evaluators: [&Evaluator; 2],
    topics: &TopicSet,
    mut blocks: Vec<BlockOutcome>,
) -> Evaluated {
    blocks.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    let mut scratch = Scratch::default();
    let outcomes = topics
        .topics
        .iter()
        .map(|(topic, judgements)| {
            match blocks.binary_search_by(|b| b.0.as_str().cmp(topic)) {
                Ok(k) => blocks[k].2.take(),
                Err(_) => None,
            }
            .unwrap_or_else(|| {
                evaluate_topic(rules, evaluators, topic, judgements, &[], &mut scratch)
            })
        })
        .collect();
    let run_topics = blocks
        .into_iter()
        .map(|(topic, first_line, _)| (topic, first_line))
        .collect();
    Evaluated {
        run_topics,
        outcomes,
    }
}
