//! `eval` reading the run topic by topic: each block of consecutive lines of one topic is ranked
//! and evaluated as soon as it has been read (`io::run_groups`), so no entry is kept per run
//! line, and the file is read in two parts on two threads (split where the topic changes).
//!
//! This is only a faster way to the same result: a run whose topics are not each listed in one
//! block is left to the whole-file parser (`None`, see [`evaluate_by_block`]), and parse errors,
//! evaluation errors and warnings are the same as on that path (the same line parser, ranking and
//! per-topic evaluation; outcomes are returned per judged topic, in their order, and the caller
//! reports the first error in that order, after any parse error).

use super::eval::{EvalArgs, Evaluated, Scratch, TopicOutcome, evaluate_topic, run_reading};
use crate::io::SourceError;
use crate::io::qrels::TopicSet;
use crate::io::run::resolve_format;
use crate::io::run_groups::{Block, Reading, for_each_block, is_grouped, split_at_topic_change};
use crate::io::strip_bom;
use evia_engine::measures::Evaluator;

/// A block read, with its outcome when its topic is judged (`None`: not in the judgements).
type BlockOutcome<'r> = (Block<'r>, Option<TopicOutcome>);

/// Evaluates the run `text` block by block. `Ok(None)` when some topic's lines are not all in one
/// block (the caller then parses the whole file); a malformed line is the error `parse_run` gives.
pub(super) fn evaluate_by_block<'r>(
    args: &EvalArgs,
    evaluators: [&Evaluator; 2],
    topics: &TopicSet,
    text: &'r str,
) -> anyhow::Result<Option<Evaluated<'r>>> {
    let text = strip_bom(text);
    let (format, order) = run_reading(args);
    let reading = Reading {
        path: &args.run,
        format: resolve_format(&args.run, text, format)?,
        order,
    };
    let (first, second) = split_at_topic_change(text);
    let read = |part: &'r str, first_line: usize| -> Result<Vec<BlockOutcome<'r>>, SourceError> {
        let mut scratch = Scratch::default();
        let mut docs = Vec::new();
        let mut blocks = Vec::new();
        for_each_block(reading, part, first_line, &mut docs, |block, docs| {
            let outcome = topics.topics.get(block.topic).map(|judgements| {
                evaluate_topic(
                    args,
                    evaluators,
                    block.topic,
                    judgements,
                    docs,
                    &mut scratch,
                )
            });
            blocks.push((block, outcome));
        })?;
        Ok(blocks)
    };
    let (earlier, later) = std::thread::scope(|scope| {
        let later = scope.spawn(|| read(second, 1 + newlines(first)));
        let earlier = read(first, 1);
        match later.join() {
            Ok(later) => (earlier, later),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    });
    let mut blocks = earlier?;
    blocks.extend(later?);
    let just_blocks: Vec<Block<'r>> = blocks.iter().map(|b| b.0).collect();
    if !is_grouped(&just_blocks) {
        return Ok(None);
    }
    Ok(Some(by_judged_topic(args, evaluators, topics, blocks)))
}

/// The number of line feeds in `text`.
fn newlines(text: &str) -> usize {
    text.bytes().filter(|&b| b == b'\n').count()
}

/// The outcomes in the order of the judged topics (a judged topic without a block in the run is
/// evaluated as an empty list), and the run's topics with their first lines, sorted by topic.
fn by_judged_topic<'r>(
    args: &EvalArgs,
    evaluators: [&Evaluator; 2],
    topics: &TopicSet,
    mut blocks: Vec<BlockOutcome<'r>>,
) -> Evaluated<'r> {
    blocks.sort_unstable_by(|a, b| a.0.topic.cmp(b.0.topic));
    let mut scratch = Scratch::default();
    let outcomes = topics
        .topics
        .iter()
        .map(|(topic, judgements)| {
            match blocks.binary_search_by(|b| b.0.topic.cmp(topic.as_str())) {
                Ok(k) => blocks[k].1.take(),
                Err(_) => None,
            }
            .unwrap_or_else(|| {
                evaluate_topic(args, evaluators, topic, judgements, &[], &mut scratch)
            })
        })
        .collect();
    let run_topics = blocks
        .iter()
        .map(|(block, _)| (block.topic, block.first_line))
        .collect();
    Evaluated {
        run_topics,
        outcomes,
    }
}
